"""vision.ink's symbol cut and vision.centre's printed oval work on boxes round what they
measure and stop early where the answer is already settled: they must give, pixel for pixel,
what the plain whole-card forms (kept here as references) give - a faster cut that changed a
card's ink would change answers behind a benchmark."""

import cv2
import numpy as np
import pytest

from vision.centre import CentreParams, _on_chords, _strong_field, _widest_gap, components, \
    ellipse_radius, of_labels, printed_oval
from vision.colour import ColourReading, hue_distance
from vision.face import FaceParams
from vision.ink import edge_band, off_rim, symbol_ink


def blobs(seed: int, shape=(174, 112), sigma: float = 2.0, level: float = 0.5) -> np.ndarray:
    """A card-sized mask of irregular blobs, from smoothed noise."""
    noise = np.random.default_rng(seed).random(shape).astype(np.float32)
    return cv2.GaussianBlur(noise, (0, 0), sigma) > level


def oval(shape=(174, 112), centre=(56, 87), axes=(38, 60), angle=0.0) -> np.ndarray:
    out = np.zeros(shape, np.uint8)
    cv2.ellipse(out, (centre, axes, angle), 1, -1)
    return out > 0


def off_rim_whole_card(ink, centre, params):
    """off_rim as it was, on the whole card."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    if n <= 2:
        return ink
    depth = cv2.distanceTransform(centre.astype(np.uint8), cv2.DIST_L2, 3)
    rim = depth < params.rim_depth * float(depth.max())
    total = stats[:, cv2.CC_STAT_AREA]
    on_rim = np.bincount(labels[rim & ink], minlength=n)
    drop = on_rim >= params.rim_share * np.maximum(total, 1)
    drop[0] = False
    drop[np.argmax(np.where(np.arange(n) > 0, total, -1))] = False
    for i in np.flatnonzero(drop):
        x, y, bw, bh = stats[i, :4]
        points = cv2.findNonZero((labels[y:y + bh, x:x + bw] == i).astype(np.uint8))
        (_, _), (a, b), _ = cv2.minAreaRect(points)
        long, short = max(a, b, 1.0), max(min(a, b), 1.0)
        drop[i] = long >= params.rim_arc_length * short or total[i] < 0.45 * long * short
    if not drop.any():
        return ink
    return ink & ~drop[labels]


def symbol_ink_whole_card(mark, centre, inside, params):
    """symbol_ink as it was, on the whole card."""
    k = 2 * params.centre_erode + 1
    core = cv2.erode(centre.astype(np.uint8), np.ones((k, k), np.uint8)) > 0
    mark8 = cv2.erode(mark.astype(np.uint8), np.ones((3, 3), np.uint8))
    n, labels, stats, centroids = components(mark8)
    h, w = mark.shape
    edge_at = np.flatnonzero(edge_band(inside).ravel())
    area = stats[:, cv2.CC_STAT_AREA]
    chosen = ((np.abs(centroids[:, 0] - w / 2) < 0.36 * w) & (np.abs(centroids[:, 1] - h / 2) < 0.24 * h)
              & (area >= 2) & (area < 0.25 * w * h)).astype(np.uint8)
    chosen[0] = 0
    chosen[labels.ravel()[edge_at]] = 0
    ink = mark & core
    if chosen.any():
        grown = cv2.dilate(of_labels(chosen, labels), np.ones((5, 5), np.uint8))
        ink |= mark & (grown > 0)
    return off_rim_whole_card(ink, centre, params).astype(np.uint8) * 255


def rim_cases():
    """(ink, centre) pairs: arcs along an oval's rim and blobs inside, the oval at odd and
    even offsets, touching the card's edges, and empty or one-blob inks."""
    shape = (174, 112)
    for seed in range(8):
        rng = np.random.default_rng(seed)
        cx, cy = 40 + int(rng.integers(0, 33)), 60 + int(rng.integers(0, 55))
        ax, ay = 30 + int(rng.integers(0, 50)), 50 + int(rng.integers(0, 70))
        centre = oval(shape, (cx, cy), (ax, ay), float(rng.uniform(0, 40)))
        ring = centre & ~(cv2.erode(centre.astype(np.uint8), np.ones((9, 9), np.uint8)) > 0)
        ink = (blobs(seed, shape, 1.5, 0.62) & ring) | (blobs(seed + 50, shape, 2.5, 0.6) & centre)
        yield ink, centre
    centre = oval(shape, (56, 87), (38, 60))
    yield np.zeros(shape, bool), centre
    one = np.zeros(shape, bool)
    one[80:95, 50:60] = True
    yield one, centre
    for x, y in ((41, 57), (44, 60)):  # an arc on the rim and a symbol, boxes at odd and even corners
        centre = oval(shape, (x + 15, y + 30), (50, 80))
        rim = centre & ~(cv2.erode(centre.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0)
        rim[y + 20:, :] = False
        ink = rim.copy()
        ink[y + 15:y + 45, x + 5:x + 25] = True
        ink[y + 50, x + 2:x + 28:3] = True  # dots: blobs of their own
        yield ink, centre
    yield blobs(3, shape, 1.5, 0.6), np.ones(shape, bool)  # ink and centre up to the edges
    yield blobs(4, shape, 1.5, 0.6), np.zeros(shape, bool)  # no centre at all


@pytest.mark.parametrize("case", range(14))
def test_off_rim_is_the_whole_card_form(case):
    ink, centre = list(rim_cases())[case]
    params = FaceParams()
    got = off_rim(ink.copy(), centre, params)
    want = off_rim_whole_card(ink.copy(), centre, params)
    assert got.shape == want.shape and got.dtype == bool
    assert np.array_equal(got, want)


def test_off_rim_drops_an_arc_on_the_rim_and_keeps_the_symbol():
    centre = oval()
    ink = np.zeros(centre.shape, bool)
    ink[70:105, 45:68] = True  # the symbol
    rim = centre & ~(cv2.erode(centre.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0)
    arc = rim.copy()
    arc[80:, :] = False  # the top of the rim only: a long thin arc
    ink |= arc
    got = off_rim(ink, centre, FaceParams())
    assert got[70:105, 45:68].all()
    assert not (got & arc).any()
    assert np.array_equal(got, off_rim_whole_card(ink, centre, FaceParams()))


@pytest.mark.parametrize("seed", range(8))
def test_symbol_ink_is_the_whole_card_form(seed):
    shape = (174, 112)
    inside = np.zeros(shape, bool)
    inside[8:-8, 8:-8] = True
    rng = np.random.default_rng(seed)
    centre = oval(shape, (56 + int(rng.integers(-5, 6)), 87 + int(rng.integers(-5, 6))),
                  (60 + int(rng.integers(0, 20)), 100 + int(rng.integers(0, 30))), float(rng.uniform(0, 30)))
    # The field (all round, joined to the edge) and marks in and beyond the centre.
    mark = (inside & ~centre) | (blobs(seed, shape, 1.8, 0.58) & inside)
    params = FaceParams()
    got = symbol_ink(mark, centre, inside, params)
    want = symbol_ink_whole_card(mark, centre, inside, params)
    assert np.array_equal(got, want)
    assert np.count_nonzero(got) > 0


def printed_oval_whole(hull, hsv, colour, inside, params):
    """printed_oval as it was: the chords found for every point, no early stop."""
    outlines, _ = cv2.findContours(hull.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not outlines:
        return hull
    points = max(outlines, key=len).reshape(-1, 2)[::2]
    h, w = hull.shape
    n = len(points)
    out_dir = points - points.mean(axis=0)
    out_dir *= params.oval_probe / np.maximum(np.hypot(out_dir[:, 0], out_dir[:, 1]), 1e-6)[:, None]
    probes = np.concatenate([points + out_dir, points - out_dir]).round().astype(np.int32)
    np.clip(probes, 0, (w - 1, h - 1), out=probes)
    field = _strong_field(hsv[probes[:, 1], probes[:, 0]], colour, params)
    borders = field[:n] & ~field[n:]
    if np.count_nonzero(borders) >= params.oval_whole * n:
        return hull
    if params.oval_chord:
        borders &= ~_on_chords(points, max(outlines, key=len), params.oval_chord * w)
    support = points[borders].astype(np.float32)
    least = max(12, params.oval_min_support * n)
    if len(support) < least and params.oval_hidden_support:
        least = max(12, params.oval_hidden_support * n)
        if len(support) < least or _widest_gap(support) > params.oval_max_gap:
            return hull
    if len(support) < least:
        return hull
    ellipse = cv2.fitEllipse(support)
    for _ in range(2):
        close = np.abs(ellipse_radius(support, ellipse) - 1.0) <= params.oval_tolerance
        if close.sum() < least:
            return hull
        if close.all():
            break
        support = support[close]
        ellipse = cv2.fitEllipse(support)
    out = np.zeros(hull.shape, np.uint8)
    cv2.ellipse(out, ellipse, 1, -1)
    cv2.bitwise_and(out, inside.view(np.uint8), dst=out)
    area_h, area_o = cv2.countNonZero(hull.view(np.uint8)), cv2.countNonZero(out)
    if area_o < params.oval_min_share * area_h or area_o > params.oval_max_growth * area_h:
        return hull
    result = out.view(bool)
    if area_o > 1.1 * area_h:
        added = hsv[result & ~hull]
        tinted = ((hue_distance(added[:, 0], colour.hue) <= params.field_hue_tolerance)
                  & (added[:, 1] >= params.oval_added_saturation))
        if np.count_nonzero(tinted) > params.oval_added_field * len(added):
            return hull
    return result


@pytest.mark.parametrize("seed", range(10))
def test_printed_oval_is_the_whole_form(seed):
    """A red field with a white oval, a patch of glare of a random size (none to most of the
    rim) joined to it and the field paled round it: the hull of the paper, or the ellipse."""
    shape = (174, 112)
    rng = np.random.default_rng(seed)
    inside = np.zeros(shape, bool)
    inside[8:-8, 8:-8] = True
    centre = oval(shape, (56, 87), (64, 110), float(rng.uniform(0, 30)))
    hsv = np.zeros(shape + (3,), np.float32)
    hsv[...] = (0.0, 0.9, 0.8)  # the field
    hsv[centre] = (0.0, 0.05, 1.0)  # the paper
    glare = oval(shape, (int(rng.integers(20, 92)), int(rng.integers(30, 144))),
                 (int(rng.integers(0, 90)), int(rng.integers(0, 90))))
    halo = cv2.dilate(glare.astype(np.uint8), np.ones((9, 9), np.uint8)) > 0
    hsv[halo & ~centre] = (0.0, 0.45, 0.95)  # the field paled round the glare: no strong field
    hsv[glare & inside] = (0.0, 0.1, 1.0)
    paper = (hsv[..., 1] <= 0.2) & inside
    hull = np.zeros(shape, np.uint8)
    outline = cv2.findContours(paper.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
    cv2.fillConvexPoly(hull, cv2.convexHull(np.vstack(outline)), 1)
    hull = (hull > 0) & inside
    colour = ColourReading("red", 1.0, 0.9, 0.8, 0.0)
    params = CentreParams()
    got = printed_oval(hull, hsv, colour, inside, params)
    want = printed_oval_whole(hull, hsv, colour, inside, params)
    assert np.array_equal(got, want)
