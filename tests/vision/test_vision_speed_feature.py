"""vision.marks.feature takes its mean with cv2.mean, not cv2.meanStdDev (whose squares' sum
it never read): the feature must be the former one to the last bit, as every symbol, word,
number and corner index is scored from it; a faster mean that moved a score by an ulp could
flip a reading that sits on a threshold, behind a benchmark."""

import cv2
import numpy as np
import pytest

from vision.marks import feature


def feature_with_meanstddev(mask, box, blur=1.0):
    """feature as it was (cv2.meanStdDev's mean), kept as the reference."""
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0:
        return None
    bw, bh = box
    s = min(bw / w, bh / h)
    nw, nh = max(1, min(bw, int(round(w * s)))), max(1, min(bh, int(round(h * s))))
    piece = cv2.resize(mask[y:y + h, x:x + w], (nw, nh), interpolation=cv2.INTER_AREA)
    canvas = np.zeros((bh, bw), np.float32)
    ox, oy = (bw - nw) // 2, (bh - nh) // 2
    canvas[oy:oy + nh, ox:ox + nw] = piece
    canvas = cv2.GaussianBlur(canvas, (0, 0), blur).ravel() if blur > 0 else canvas.ravel()
    canvas -= np.float32(cv2.meanStdDev(canvas)[0][0, 0])
    norm = float(np.sqrt(np.einsum("i,i->", canvas, canvas)))
    return canvas / norm if norm > 1e-6 else None


def marks(seed: int):
    """Glyph-like masks of many sizes: smoothed noise cut, a drawn digit, a thin bar."""
    rng = np.random.default_rng(seed)
    for size in ((9, 7), (23, 17), (40, 112), (61, 48)):
        noise = cv2.GaussianBlur(rng.random(size).astype(np.float32), (0, 0), 1.5)
        yield ((noise > 0.5) * 255).astype(np.uint8)
    digit = np.zeros((40, 30), np.uint8)
    cv2.putText(digit, str(seed % 10), (3, 34), cv2.FONT_HERSHEY_SIMPLEX, 1.2, 255, 3)
    yield digit
    bar = np.zeros((12, 40), np.uint8)
    bar[5:7, 3:37] = 255
    yield bar


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("box, blur", [((32, 32), 1.0), ((20, 28), 0.7), ((48, 16), 1.0), ((32, 32), 0.0)])
def test_feature_is_the_former_one_to_the_last_bit(seed, box, blur):
    for mask in marks(seed):
        got, want = feature(mask, box, blur), feature_with_meanstddev(mask, box, blur)
        assert (got is None) == (want is None)
        if want is not None:
            assert got.dtype == want.dtype and np.array_equal(got, want)


def test_feature_of_an_empty_mask_is_none():
    assert feature(np.zeros((10, 10), np.uint8), (32, 32)) is None
