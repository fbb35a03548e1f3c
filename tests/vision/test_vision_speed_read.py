"""vision.colour's and vision.centre's cheaper forms (the nearest ink by one comparison a row,
the deck's inks worked out once, the hull's chords to the next corner without np.roll) give
what the plain numpy forms (kept here as references) give: a faster read that changed a
card's colour or centre would change answers behind a benchmark."""

import math

import cv2
import numpy as np
import pytest

from companion.engine.cards import COLORS
from vision.centre import _on_chords
from vision.colour import (BLACK, DEFAULT_HUES, ColourParams, ColourReading, _first_least, _inks,
                           classify_colour, median, percentile_rows)


def classify_colour_plain(field_hsv, hues, params):
    """classify_colour as it was: the nearest ink by argmin down a 4 x N array, the deck's
    inks built on every call."""
    samples = field_hsv.reshape(-1, 3)
    if len(samples) == 0:
        return ColourReading(None, 0.0)
    value = median(samples[:, 2])
    sat = median(samples[:, 1])
    if value < params.black_value or (value < params.grey_black_value and sat < params.grey_black_saturation):
        if sat < 0.55 or value < 0.22:
            dark = max(params.black_value, value if value >= params.black_value else 0.0)
            glare = ((samples[:, 2] >= min(params.highlight_value, dark * 1.2))
                     & (samples[:, 1] < params.min_saturation))
            rest = samples[~glare] if np.count_nonzero(glare) <= params.max_glare_share * len(samples) else samples
            dark_share = np.count_nonzero(rest[:, 2] < dark * 1.2) / len(rest)
            return ColourReading(BLACK, dark_share, sat, value)
    coloured_hues = samples[samples[:, 1] >= params.min_saturation * 0.8, 0]
    rad = np.deg2rad(coloured_hues.astype(np.float64))
    sin, cos = np.sin(rad), np.cos(rad)
    n_hues = len(coloured_hues)
    measured = (float(np.rad2deg(np.arctan2(sin.sum() / n_hues, cos.sum() / n_hues)) % 360.0)
                if len(coloured_hues) else 0.0)
    if sat < params.min_saturation or len(coloured_hues) < 0.5 * len(samples):
        return ColourReading(None, 0.0, sat, value, measured)
    names = [n for n in COLORS if n in hues]
    inks = np.array([hues[n] % 360.0 for n in names], np.float32)
    dist = np.abs(coloured_hues.astype(np.float32)[None, :] - inks[:, None])
    nearest = np.argmin(np.minimum(dist, 360.0 - dist), axis=0)
    votes = np.bincount(nearest, minlength=len(names))
    best = int(np.argmax(votes))
    agreement = float(votes[best]) / len(samples)
    mine = nearest == best
    n_mine = int(np.count_nonzero(mine))
    hue = float(np.rad2deg(np.arctan2(sin[mine].sum() / n_mine, cos[mine].sum() / n_mine)) % 360.0)
    d_all = np.abs(np.float32(hue) - inks)
    d_all = np.minimum(d_all, 360.0 - d_all)
    d_best = float(d_all[best])
    d_other = float(min(d for k, d in enumerate(d_all) if k != best)) if len(names) > 1 else 180.0
    if agreement < params.min_agreement or d_best > params.max_hue_distance:
        return ColourReading(None, 0.0, sat, value, measured)
    separation = d_other / max(d_best + d_other, 1e-6)
    confidence = agreement * min(max((separation - 0.5) / 0.25, 0.0), 1.0)
    return ColourReading(names[best], confidence, sat, value, hue)


def field_samples(rng, n):
    """HSV rows of a field: one ink's hues spread round it (or hues between two inks, hues
    exactly halfway, a dark or a pale field), float32 as OpenCV gives them."""
    kind = int(rng.integers(0, 5))
    centre = float(rng.choice([356.0, 48.0, 128.0, 204.0, 2.0, 88.0, 166.0, 280.0]))
    hue = (centre + rng.normal(0.0, [4.0, 15.0, 30.0, 0.0, 60.0][kind], n)) % 360.0
    if kind == 3:
        hue[::2] = 88.0  # exactly halfway between yellow and green: a tie
    sat = rng.uniform(0.1, 0.9, n) if kind != 4 else rng.uniform(0.0, 0.3, n)
    val = rng.uniform(0.2, 1.1, n) if kind != 2 else rng.uniform(0.1, 0.45, n)
    return np.stack([hue, sat, val], axis=1).astype(np.float32)


@pytest.mark.parametrize("seed", range(4))
def test_classify_colour_is_the_plain_form(seed):
    rng = np.random.default_rng(seed)
    decks = (DEFAULT_HUES, {"red": 350.0, "yellow": 52.0, "green": 120.0, "blue": 210.0},
             {"red": 0.0, "green": 120.0, "blue": 240.0})  # a deck without one ink
    params = ColourParams()
    named = 0
    for _ in range(150):
        samples = field_samples(rng, int(rng.integers(1, 900)))
        for hues in decks:
            got = classify_colour(samples, hues, params)
            want = classify_colour_plain(samples, hues, params)
            assert got.name == want.name
            for a, b in ((got.confidence, want.confidence), (got.saturation, want.saturation),
                         (got.value, want.value), (got.hue, want.hue)):
                assert a == b or math.isclose(a, b, rel_tol=0.0, abs_tol=1e-12)
            named += got.name not in (None, BLACK)
    assert named > 100  # most fields read an ink: the comparison reached the nearest ink


def test_first_least_is_argmin_down_the_columns_ties_to_the_first():
    rng = np.random.default_rng(7)
    for rows in (1, 2, 4, 5):
        values = rng.integers(0, 4, (rows, 300)).astype(np.float32)  # many ties
        assert np.array_equal(_first_least(values), np.argmin(values, axis=0))
        values = rng.random((rows, 50)).astype(np.float32)
        assert np.array_equal(_first_least(values), np.argmin(values, axis=0))


def test_the_decks_inks_in_colour_order_and_kept_read_only():
    deck = {"blue": 560.0, "red": 356.0}
    names, inks = _inks(tuple(deck.get(n) for n in COLORS))
    assert names == [n for n in COLORS if n in deck] and len(names) == 2
    assert inks.dtype == np.float32 and list(inks) == [deck[n] % 360.0 for n in names]
    with pytest.raises(ValueError):
        inks[0] = 1.0


def test_the_hulls_chords_are_found_as_with_np_roll():
    outline = np.array([[10, 10], [60, 10], [70, 40], [40, 80], [12, 60]], np.int32).reshape(-1, 1, 2)
    rng = np.random.default_rng(3)
    points = np.concatenate([rng.integers(5, 80, (200, 2)),
                             np.array([[35, 10], [65, 25], [11, 35], [26, 70]])]).astype(np.int32)
    got = _on_chords(points, outline, 20.0)
    # The plain form: each corner's edge to the next by np.roll.
    corners = cv2.convexHull(outline).reshape(-1, 2).astype(np.float32)
    edges = np.roll(corners, -1, axis=0) - corners
    spans = np.hypot(edges[:, 0], edges[:, 1])
    long = spans >= 20.0
    rel = points.astype(np.float32)[:, None, :] - corners[long][None, :, :]
    d, span = edges[long], spans[long]
    along = (rel[..., 0] * d[:, 0] + rel[..., 1] * d[:, 1]) / (span * span)
    off = np.abs(rel[..., 0] * d[:, 1] - rel[..., 1] * d[:, 0]) / span
    want = ((along >= 0) & (along <= 1) & (off <= 1.5)).any(axis=1)
    assert np.array_equal(got, want)
    assert got[-4:].all() and not got.all()  # the points on the edges are on chords, not all points


@pytest.mark.parametrize("seed", [0, 1])
def test_percentile_rows_of_bytes_is_numpys(seed):
    """Bytes (a card's border ring, its middle) partially sorted: numpy's linear
    percentile, per channel, exactly."""
    rng = np.random.default_rng(seed)
    for _ in range(300):
        n = int(rng.integers(1, 4000))
        lo, hi = sorted(int(v) for v in rng.integers(0, 256, 2))
        values = rng.integers(lo, hi + 1, (n, int(rng.integers(1, 4)))).astype(np.uint8)
        if rng.random() < 0.2:
            values[:] = values[0]  # one colour all round: every rank the same value
        for q in (75, 90, 50, 0, 100, 12.5):
            got = percentile_rows(values, q)
            assert got.dtype == np.float64
            assert np.array_equal(got, np.percentile(values, q, axis=0))


def test_corner_marks_judged_in_their_windows_are_the_whole_cards():
    """vision.face's corner indices: the paper off the centre judged in the two corner
    windows alone is what judging the whole card and cutting the windows gives."""
    from vision.face import FaceParams, _corner_marks
    from vision.geometry import CardGeometry

    rng = np.random.default_rng(4)
    params, geometry = FaceParams(), CardGeometry()
    w, h = 112, 174
    for _ in range(50):
        darkest = rng.random((h, w)).astype(np.float32)
        sat = (rng.random((h, w)) * 0.5).astype(np.float32)
        inside = np.zeros((h, w), bool)
        inside[5:-5, 5:-5] = True
        centre = np.zeros((h, w), np.uint8)
        cv2.ellipse(centre, (w // 2, h // 2), (30, 60), float(rng.uniform(0, 180)), 0, 360, 1, -1)
        centre = centre.view(bool)
        white = (darkest >= params.white_min) & (sat <= params.white_max_saturation) & inside & ~centre
        fx0, fy0, fx1, fy1 = geometry.field_rect(w, h)
        x0, y0 = int(np.ceil(fx0)) + 1, int(np.ceil(fy0)) + 1
        x1, y1 = int(fx0 + 0.42 * (fx1 - fx0)), int(fy0 + 0.26 * (fy1 - fy0))
        marks = white.astype(np.uint8) * 255
        top_left, bottom_right = _corner_marks(darkest, sat, inside, centre, w, h, geometry, params)
        assert top_left.dtype == np.uint8 and top_left.flags.c_contiguous and bottom_right.flags.c_contiguous
        assert np.array_equal(top_left, marks[y0:y1, x0:x1])
        assert np.array_equal(bottom_right, marks[h - y1:h - y0, w - x1:w - x0][::-1, ::-1])
        assert top_left.any() and bottom_right.any()
