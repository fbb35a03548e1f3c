"""The search's working images (vision.masks)."""

import numpy as np

from vision.masks import whiteness


def test_whiteness_is_the_darkest_channel_less_a_share_of_the_chroma():
    rng = np.random.default_rng(5)
    image = rng.integers(0, 256, (37, 53, 3), np.uint8)
    low, high = image.min(axis=2).astype(float), image.max(axis=2).astype(float)
    assert np.array_equal(whiteness(image), image.min(axis=2))
    want = np.clip(np.round(1.5 * low - 0.5 * high), 0, 255)
    assert np.abs(whiteness(image, 0.5).astype(float) - want).max() <= 1


def test_the_local_mask_keeps_a_pixel_below_its_share_of_the_local_white():
    import cv2

    from vision.masks import dark_mask
    from vision.quads import QuadParams
    params = QuadParams(ridge_contrast=0)
    rng = np.random.default_rng(11)
    white = np.tile(np.linspace(90, 230, 80), (60, 1))
    for _ in range(12):
        x, y = rng.integers(0, 70), rng.integers(0, 50)
        white[y:y + 10, x:x + 10] *= rng.uniform(0.3, 1.0)
    white = white.astype(np.uint8)
    tiny = cv2.resize(white, (10, 7), interpolation=cv2.INTER_AREA)
    tiny = cv2.blur(cv2.dilate(tiny, np.ones((5, 5), np.uint8)), (3, 3))
    local = np.maximum(cv2.resize(tiny, (80, 60), interpolation=cv2.INTER_LINEAR), 48.0)
    want = white.astype(float) < np.round(params.dark_ratio * local)
    got = dark_mask(cv2.merge([white] * 3), "local", params, white) > 0
    assert 0.05 < want.mean() < 0.95
    assert (got == want).mean() > 0.99


def test_side_support_is_the_share_of_the_weakest_side_the_outline_follows():
    from vision.quad_fit import side_support
    quad = np.array([[10, 10], [70, 10], [70, 110], [10, 110]], np.float32)
    top = [(x, 10) for x in range(10, 70)]
    right = [(70, y) for y in range(10, 110)]
    bottom = [(x, 110) for x in range(70, 10, -1)]
    left = [(10, y) for y in range(110, 10, -1)]
    whole = np.array(top + right + bottom + left, np.float32)
    assert side_support(whole, quad) == 1.0
    half = np.array(top + right + bottom + left[: len(left) // 2], np.float32)
    assert 0.4 <= side_support(half, quad) <= 0.6
    assert side_support(np.array(top + right + bottom, np.float32), quad) <= 0.125


def test_whiteness_from_the_channel_extremes_is_the_same():
    from vision.masks import channel_extremes
    image = np.random.default_rng(8).integers(0, 256, (24, 31, 3), np.uint8)
    low, high = channel_extremes(image)
    assert np.array_equal(low, image.min(axis=2)) and np.array_equal(high, image.max(axis=2))
    for weight in (0.0, 0.5, 1.0):
        assert np.array_equal(whiteness(image, weight, (low, high)), whiteness(image, weight))
