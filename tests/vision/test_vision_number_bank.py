"""The cheaper forms of the reading's helpers give exactly what the plain ones give: a bank's
best score per label, a score's ramp to a confidence, a mark's feature vector."""

import cv2
import numpy as np

from vision.marks import TemplateBank, feature, ramp
from vision.profile import default_profile


def test_scores_by_label_is_each_labels_best_template():
    rng = np.random.default_rng(3)
    labels = tuple(rng.choice(list("0123456789#"), 60))
    vectors = rng.normal(size=(60, 16)).astype(np.float32)
    bank = TemplateBank(labels, vectors)
    for _ in range(20):
        f = rng.normal(size=16).astype(np.float32)
        got = bank.scores_by_label(f)
        scores = vectors @ f  # the bank's own product
        want = {lab: max(-1.0, float(max(s for l2, s in zip(labels, scores) if l2 == lab)))
                for lab in dict.fromkeys(labels)}
        assert got == want
        assert list(got) == list(dict.fromkeys(labels))  # first seen first, as ties break
    digit = default_profile().banks.digit
    f = feature(cv2.putText(np.zeros((40, 30), np.uint8), "5", (2, 34), cv2.FONT_HERSHEY_DUPLEX, 1.2, 255, 3),
                (20, 28), 0.7)
    by_label = digit.scores_by_label(f)
    label, score, _ = digit.best(f)
    assert by_label[label] == score and max(by_label, key=by_label.get) == label == "5"


def test_ramp_is_the_clipped_line_in_the_scores_own_precision():
    rng = np.random.default_rng(4)
    for _ in range(2000):
        x, lo = rng.uniform(-1, 2), rng.uniform(0, 1)
        hi = lo + rng.uniform(-0.1, 0.5)
        for value in (x, np.float32(x), np.float64(x)):
            assert ramp(value, lo, hi) == float(np.clip((value - lo) / max(hi - lo, 1e-6), 0.0, 1.0))
    assert ramp(0.9, 0.55, 0.75) == 1.0 and ramp(0.5, 0.55, 0.75) == 0.0


def test_feature_of_an_empty_mask_is_none_and_of_ink_is_unit_and_zero_mean():
    assert feature(np.zeros((12, 9), np.uint8), (20, 28)) is None
    mask = np.zeros((30, 40), np.uint8)
    mask[5:25, 12:20] = 255
    f = feature(mask, (20, 28), 0.7)
    assert abs(float(np.linalg.norm(f)) - 1.0) < 1e-5 and abs(float(f.mean())) < 1e-6
    shifted = np.zeros((50, 60), np.uint8)
    shifted[20:40, 30:38] = 255  # the same mark elsewhere: the same feature
    assert np.array_equal(feature(shifted, (20, 28), 0.7), f)
