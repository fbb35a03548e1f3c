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
