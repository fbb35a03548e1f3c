"""A dare read without its number is read again from its frame with the camera shake its
field edges measure undone (vision.deblur): the edge widths of an OpenCV-drawn field
smeared by a known line, the kernels they give, the Wiener filter, and development scenes
where the second reading decides (each checked with it off)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.deblur import DeblurParams, deblurred, line_kernel, shake_kernels, side_widths
from vision.recognizer import Recognizer
from vision.recognizer_params import RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


def _field(kernel: np.ndarray | None = None, sigma: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """A red field on a white card on grey, smeared by ``kernel`` or blurred by ``sigma``;
    and the field's quad, clockwise from its top-left."""
    img = np.full((240, 240, 3), 90, np.uint8)
    cv2.rectangle(img, (50, 30), (190, 210), (255, 255, 255), -1)
    cv2.rectangle(img, (60, 40), (180, 200), (30, 30, 200), -1)
    cv2.putText(img, "12", (95, 135), cv2.FONT_HERSHEY_DUPLEX, 1.0, (255, 255, 255), 2)
    if kernel is not None:
        img = cv2.filter2D(img, -1, kernel)
    if sigma:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    quad = np.float32([[60, 40], [180, 40], [180, 200], [60, 200]])
    return img, quad


def test_line_kernel_sums_to_one_and_lies_along_its_angle():
    k = line_kernel(7.0, 0.0)
    assert k.sum() == pytest.approx(1.0, abs=1e-5)
    rows, cols = np.nonzero(k > 0.01)
    assert cols.max() - cols.min() >= 6 and rows.max() - rows.min() <= 1
    upright = line_kernel(7.0, np.pi / 2)
    rows, cols = np.nonzero(upright > 0.01)
    assert rows.max() - rows.min() >= 6 and cols.max() - cols.min() <= 1


def test_a_sideways_smear_widens_only_the_upright_sides():
    img, quad = _field(line_kernel(7.0, 0.0))
    widths = [w for _, w, _ in side_widths(img.astype(np.float32), quad)]
    # Sides: top, right, bottom, left.
    assert widths[1] > 5.0 and widths[3] > 5.0
    assert widths[0] < 2.0 and widths[2] < 2.0


def test_a_smear_gives_one_kernel_along_it_and_a_sharp_card_none():
    img, quad = _field(line_kernel(7.0, 0.0))
    kernels, need = shake_kernels(img.astype(np.float32), quad, DeblurParams())
    assert need == 1 and len(kernels) >= 1
    rows, cols = np.nonzero(kernels[0] > 0.01)
    assert cols.max() - cols.min() >= 4 and rows.max() - rows.min() <= 2
    sharp, quad = _field()
    assert shake_kernels(sharp.astype(np.float32), quad, DeblurParams()) == ([], 0)


def test_a_blur_alike_all_round_needs_both_mirror_kernels():
    img, quad = _field(sigma=2.0)
    kernels, need = shake_kernels(img.astype(np.float32), quad, DeblurParams())
    assert len(kernels) == 2 and need == 2


def test_the_wiener_filter_undoes_most_of_a_known_smear():
    sharp, quad = _field()
    kernel = line_kernel(7.0, 0.0)
    smeared = cv2.filter2D(sharp, -1, kernel)
    undone = deblurred(smeared, quad, kernel, DeblurParams())
    # The field's left edge and the printed number, where the smear lies.
    for part in ((slice(60, 180), slice(52, 70)), (slice(100, 140), slice(90, 160))):
        before = np.abs(smeared[part].astype(float) - sharp[part]).mean()
        after = np.abs(undone[part].astype(float) - sharp[part]).mean()
        assert after < 0.6 * before
    # A flat area passes unchanged (the paper's white is what the face measures by).
    flat = (slice(60, 90), slice(140, 170))
    assert np.abs(undone[flat].astype(float) - sharp[flat]).mean() < 2.0


@pytest.mark.parametrize("seed, index, label", [
    (1, 684, "green-dare-15"),   # shaken along the card's long side: one kernel
    (12, 561, "red-dare-2"),
])
def test_a_shaken_dare_is_numbered_from_its_deblurred_frame(seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label and scene.conditions["blur"] == "motion"
    assert Recognizer().top_card(scene.image).label == label
    off = replace(RecognizerParams(), deblur=DeblurParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label == label.rsplit("-", 1)[0]
