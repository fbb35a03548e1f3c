"""The face's cheaper forms give what the plain OpenCV and numpy forms give (vision.centre's
16-bit components and of_labels, vision.colour's median, white balance and colour reading):
a faster read that changed a card's answer would be a regression hidden behind a benchmark."""

import cv2
import numpy as np
import pytest

from vision.centre import components, of_labels
from vision.colour import (DEFAULT_HUES, ColourParams, classify_colour, hsv_float, median,
                           unclipped_balance, white_balance)


def blobs(seed: int, shape=(174, 112)) -> np.ndarray:
    """A card-sized mask of irregular blobs, from smoothed noise."""
    noise = np.random.default_rng(seed).random(shape).astype(np.float32)
    return cv2.GaussianBlur(noise, (0, 0), 2.0 + seed % 3) > 0.5


@pytest.mark.parametrize("seed", range(6))
def test_components_are_opencvs_32_bit_ones(seed):
    mask = blobs(seed)
    n, labels, stats, centroids = components(mask)
    n32, labels32, stats32, centroids32 = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                                           connectivity=8)
    assert n == n32 > 3
    assert np.array_equal(labels, labels32)
    assert np.array_equal(stats, stats32)
    assert np.array_equal(centroids, centroids32)


@pytest.mark.parametrize("seed", range(4))
def test_of_labels_is_fancy_indexing(seed):
    mask = blobs(seed)
    n, labels, _, _ = components(mask)
    rng = np.random.default_rng(seed)
    for table in (rng.random(n) < 0.4, (rng.random(n) < 0.4).astype(np.uint8),
                  np.eye(n, dtype=np.uint8)[n // 2], np.eye(n, dtype=bool)[1], np.zeros(n, bool)):
        got = of_labels(table, labels)
        assert got.dtype == table.dtype
        assert np.array_equal(got, table[labels])


def test_median_is_numpys():
    rng = np.random.default_rng(5)
    for n in (1, 2, 3, 10, 863, 864):
        for values in (rng.random(n).astype(np.float32), rng.random(n),
                       rng.integers(0, 256, n).astype(np.uint8)):
            assert median(values) == float(np.median(values))


def test_unclipped_balance_caps_only_clipped_pixels():
    rng = np.random.default_rng(2)
    card = rng.integers(100, 240, (40, 30, 3)).astype(np.uint8)
    white = np.array([180.0, 190.0, 170.0])
    assert np.array_equal(unclipped_balance(card, white), white_balance(card, white))  # none clipped
    card[5:9, 4:12] = (255, 252, 251)
    card[20, 3] = (120, 250, 140)
    wb = unclipped_balance(card, white)
    plain = white_balance(card, white)
    clipped = (card >= 250).any(axis=2)
    assert np.array_equal(wb[clipped], np.minimum(plain[clipped], 1.0))
    assert np.array_equal(wb[~clipped], plain[~clipped])
    assert plain[clipped].max() > 1.0


def _reference_colour(samples: np.ndarray, params: ColourParams):
    """The colour reading's hue, agreement and confidence as numpy's mean, delete and clip
    compute them (what classify_colour computed before it summed over counts)."""
    coloured = samples[samples[:, 1] >= params.min_saturation * 0.8, 0]
    rad = np.deg2rad(coloured.astype(np.float64))
    names = list(DEFAULT_HUES)
    inks = np.array([DEFAULT_HUES[n] % 360.0 for n in names], np.float32)
    dist = np.abs(coloured.astype(np.float32)[None, :] - inks[:, None])
    nearest = np.argmin(np.minimum(dist, 360.0 - dist), axis=0)
    best = int(np.argmax(np.bincount(nearest, minlength=len(names))))
    mine = nearest == best
    hue = float(np.rad2deg(np.arctan2(np.sin(rad)[mine].mean(), np.cos(rad)[mine].mean())) % 360.0)
    d_all = np.abs(np.float32(hue) - inks)
    d_all = np.minimum(d_all, 360.0 - d_all)
    d_best, d_other = float(d_all[best]), float(np.delete(d_all, best).min())
    agreement = float(np.count_nonzero(mine)) / len(samples)
    separation = d_other / max(d_best + d_other, 1e-6)
    return names[best], hue, float(agreement * np.clip((separation - 0.5) / 0.25, 0.0, 1.0))


@pytest.mark.parametrize("seed", range(8))
def test_colour_reading_is_numpys(seed):
    rng = np.random.default_rng(seed)
    ink = np.array([[40, 40, 220], [30, 200, 230], [60, 170, 40], [200, 120, 20]][seed % 4], float)
    pixels = np.clip(ink + rng.normal(0, 12 + 4 * seed, (700, 3)), 0, 255).astype(np.uint8)
    samples = hsv_float(white_balance(pixels.reshape(-1, 1, 3), (246, 246, 246))).reshape(-1, 3)
    reading = classify_colour(samples, DEFAULT_HUES, ColourParams())
    name, hue, confidence = _reference_colour(samples, ColourParams())
    assert reading.name == name
    assert reading.hue == hue
    assert reading.confidence == confidence
