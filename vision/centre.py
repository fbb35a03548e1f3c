"""The white centre of a flattened card (the oval or the disc) and a wild card's four-colour
centre, found so that a highlight does not move them.

A glare patch is bright and colourless like the centre's paper: where it joins the field to
the centre the field beside it turns as white as the paper, and on a wild card's black field
it is as white as the marks. Both card designs print the centre as an ellipse, and a highlight
is a broad soft patch where a mark is drawn in strokes: these say what is centre and what is
light.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from .colour import ColourReading, hue_distance
from .cvlabels import label_type

_CROSS = cv2.getStructuringElement(cv2.MORPH_CROSS, (5, 5))


@dataclass(frozen=True)
class CentreParams:
    """How the centre is told from a highlight."""

    #: The centre is the ellipse through its outline where it borders the field when at
    #: least this share of the outline does, and the ellipse keeps this share of the hull.
    oval_min_support: float = 0.4
    oval_min_share: float = 0.6
    #: ... or at least this share when those points lie all round the centre (no gap
    #: between two of them wider than ``oval_max_gap`` degrees round the ellipse's centre):
    #: a thumb over the centre's rim hides part of the outline, not where the rest lies.
    oval_hidden_support: float = 0.15
    oval_max_gap: float = 150.0
    #: ... and the hull itself is the centre when this share of its outline borders the field.
    oval_whole: float = 0.85
    #: ... and it may be up to this many times the hull's area when at most this share of
    #: what it adds is of the field's hue and this saturated (the symbol's ink may reach
    #: there; a centre tinted the field's colour would all turn to ink).
    oval_max_growth: float = 2.2
    oval_added_field: float = 0.35
    oval_added_saturation: float = 0.18
    #: ... leaving out the outline's straight runs this long (share of the card's width):
    #: the hull's chords across the field a highlight paled, not the printed curve.
    oval_chord: float = 0.12
    #: ... a point of the outline lies on the ellipse when within this share of its radius.
    oval_tolerance: float = 0.06
    #: ... and it borders the field when the field lies this many pixels outside it.
    oval_probe: float = 3.0
    #: The field at full strength: within this hue distance (degrees) of the field's hue.
    field_hue_tolerance: float = 32.0
    #: ... and at most this many times as bright as the field's strips read (1.25 before).
    field_max_light: float = 1.6
    #: A wild card's paint: this saturated, or at least this chroma (white-balanced
    #: max - min channel: a highlight pales the paint but keeps its chroma), and this bright.
    paint_min_saturation: float = 0.35
    paint_min_chroma: float = 0.25
    paint_min_value: float = 0.3
    #: The paint alone makes the centre when its hull covers this share of the field (less:
    #: a dim light took the colour out of some of it, the white strokes join in).
    min_paint_share: float = 0.25
    #: A wild card's white marks are strokes narrower than this (pixels on the flattened
    #: card): anything broader is a highlight ...
    max_stroke: int = 15
    #: ... when this share of its broad part lies outside the centre; its soft rim, this
    #: many pixels wide, goes with it.
    glare_outside: float = 0.5
    glare_rim: int = 7


def components(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """``cv2.connectedComponentsWithStats`` of ``mask`` (8-connected): on a flattened card's
    mask the labels fit 16 bits, which OpenCV labels and measures about twice as fast (the
    same labels, stats and centroids)."""
    return cv2.connectedComponentsWithStats(mask.view(np.uint8) if mask.dtype == bool else mask,
                                            connectivity=8, ltype=label_type(mask))


def of_labels(table: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """``table[labels]`` (a value per component, e.g. which to keep, laid over the card): one
    component picked out compared for, more taken (either far cheaper than fancy indexing)."""
    picked = np.flatnonzero(table)
    if len(picked) == 1 and table.dtype in (np.bool_, np.uint8) and table[picked[0]] == 1:
        return (labels == picked[0]).view(table.dtype)
    return np.take(table, labels)


def central_hull(mask: np.ndarray, w: int, h: int, inside: np.ndarray,
                 field_area: float | None = None) -> np.ndarray | None:
    """The filled convex hull of the big blobs of ``mask`` around the card's centre
    (``field_area``: ``inside``'s area, when known). A blob is measured by its outline: the
    area and the centre of what it encloses, holes and all (the centre's paper round a big
    symbol is as big and as central as the oval it is printed on, wherever the symbol's ink
    lies), which OpenCV's outlines give without labelling every pixel."""
    if field_area is None:
        field_area = float(inside.sum())
    outlines, _ = cv2.findContours(mask.view(np.uint8) if mask.dtype == bool else mask.astype(np.uint8),
                                   cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    big = _big_outlines(outlines, 0.02 * field_area)
    near = [b for b in big if abs(b[2] - w / 2) < 0.22 * w and abs(b[3] - h / 2) < 0.22 * h]
    keep = [b[0] for b in near]
    if not keep or not _central(near, w, h):
        # None kept, or only pieces lying to one side of the middle: the centre cut into
        # pieces by a big symbol, which lie round the middle together.
        keep = _pieces_round_the_middle(big, w, h) or keep
    if not keep:
        return None
    hull = cv2.convexHull(keep[0] if len(keep) == 1 else np.vstack(keep))
    out = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(out, hull, 1)
    return out.view(bool) & inside


def _big_outlines(outlines, least: float) -> list[tuple[np.ndarray, float, float, float]]:
    """(outline, area, centre x, centre y) of the outlines enclosing at least ``least``."""
    big = []
    for outline in outlines:
        _, _, bw, bh = cv2.boundingRect(outline)
        if bw * bh < least:
            continue  # it encloses less than its box: a speck (most outlines are)
        m = cv2.moments(outline)
        # The pixels it encloses: the polygon through their centres and half a pixel all round.
        area = m["m00"] + 0.5 * cv2.arcLength(outline, True) + 1.0
        if area >= least and m["m00"] > 0:
            big.append((outline, area, m["m10"] / m["m00"], m["m01"] / m["m00"]))
    return big


def _central(blobs: list[tuple[np.ndarray, float, float, float]], w: int, h: int) -> bool:
    """Is the joint centre (by area) of these (outline, area, x, y) within 0.15 of the card's
    size of its middle?"""
    area = sum(a for _, a, _, _ in blobs)
    cx = sum(a * x for _, a, x, _ in blobs) / area
    cy = sum(a * y for _, a, _, y in blobs) / area
    return abs(cx - w / 2) < 0.15 * w and abs(cy - h / 2) < 0.15 * h


def _pieces_round_the_middle(big: list[tuple[np.ndarray, float, float, float]], w: int,
                             h: int) -> list[np.ndarray]:
    """The outlines to keep when no big blob is around the card's middle, or those that are
    lie to one side of it: a big symbol (a skip's ring, a reverse's arrows, a dare's word and
    number) under blur or glare can cut the centre's paper into pieces, each off the middle
    (or one a hair within its bounds), that lie round it together (two or more big blobs
    whose joint centre is the card's). None (an empty list) when there are no such pieces."""
    near = [(o, a, cx, cy) for o, a, cx, cy in big if abs(cx - w / 2) < 0.36 * w and abs(cy - h / 2) < 0.3 * h]
    if len(near) < 2 or not _central(near, w, h):
        return []
    return [o for o, _, _, _ in near]


def printed_oval(hull: np.ndarray, hsv: np.ndarray, colour: ColourReading, inside: np.ndarray,
                 params: CentreParams) -> np.ndarray:
    """The white centre as the ellipse through the points of ``hull``'s outline (the hull of
    the centre's paper) that border the field's own colour. A glare patch that joins the
    field to the centre whitens the field beside it, so the hull grows into the field there;
    the outline where paper meets the coloured field still says where the centre ends. The
    hull itself when (nearly) all of its outline borders the field, or too little, or no
    ellipse fits most of those points. ``hsv``: the white-balanced card."""
    hull8 = hull.view(np.uint8) if hull.dtype in (np.bool_, np.uint8) else hull.astype(np.uint8)
    outlines, _ = cv2.findContours(hull8, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not outlines:
        return hull
    outline = max(outlines, key=len)
    points = outline.reshape(-1, 2)[::2]  # every other pixel of the outline
    # A point borders the field when the field lies just outside it and not just inside (a
    # hull's chord across a big symbol's ink has the ink, of the field's colour, both sides).
    h, w = hull.shape
    n = len(points)
    out_dir = points - points.sum(axis=0) / n  # the mean (an integer sum: exact)
    out_dir *= params.oval_probe / np.maximum(np.hypot(out_dir[:, 0], out_dir[:, 1]), 1e-6)[:, None]
    # Rows 0..n-1 probe outside the outline, n..2n-1 inside it.
    probes = np.concatenate([points + out_dir, points - out_dir]).round().astype(np.int32)
    np.maximum(probes, 0, out=probes)
    np.minimum(probes, _corner(w, h), out=probes)
    field = _strong_field(np.take(hsv.reshape(-1, 3), probes[:, 1] * w + probes[:, 0], axis=0), colour, params)
    borders = field[:n] & ~field[n:]
    bordering = np.count_nonzero(borders)
    if bordering >= params.oval_whole * n:
        return hull
    fewest = params.oval_hidden_support or params.oval_min_support
    if bordering < max(12, min(fewest, params.oval_min_support) * n):
        return hull  # too few even before the chords are left out
    if params.oval_chord:
        borders[borders] = ~_on_chords(points.compress(borders, axis=0), outline, params.oval_chord * w)
    # compress(): the rows points[borders] picks, at a fraction of a boolean index's cost.
    support = points.compress(borders, axis=0).astype(np.float32)
    least = max(12, params.oval_min_support * n)
    if len(support) < least and params.oval_hidden_support:
        least = max(12, params.oval_hidden_support * n)
        if len(support) < least or _widest_gap(support) > params.oval_max_gap:
            return hull
    if len(support) < least:
        return hull
    ellipse = cv2.fitEllipse(support)
    for _ in range(2):
        # Points off the ellipse (the outline of a glare patch that still borders some of
        # the field's colour) are dropped and the ellipse fitted again.
        close = np.abs(ellipse_radius(support, ellipse) - 1.0) <= params.oval_tolerance
        if close.sum() < least:
            return hull
        if close.all():
            break
        support = support.compress(close, axis=0)
        ellipse = cv2.fitEllipse(support)
    out = np.zeros(hull.shape, np.uint8)
    cv2.ellipse(out, ellipse, 1, -1)
    cv2.bitwise_and(out, inside.view(np.uint8), dst=out)
    area_h, area_o = cv2.countNonZero(hull.view(np.uint8)), cv2.countNonZero(out)
    if area_o < params.oval_min_share * area_h or area_o > params.oval_max_growth * area_h:
        return hull
    oval = out.view(bool)
    if area_o > 1.1 * area_h:
        # The ellipse reaches past the paper found (a tinted highlight or shadow on part of
        # the centre): only when what it adds is mostly not of the field's colour.
        added = hsv[oval & ~hull]
        tinted = ((hue_distance(added[:, 0], colour.hue) <= params.field_hue_tolerance)
                  & (added[:, 1] >= params.oval_added_saturation))
        if np.count_nonzero(tinted) > params.oval_added_field * len(added):
            return hull
    return oval


@lru_cache(maxsize=4)
def _corner(w: int, h: int) -> np.ndarray:
    """The last pixel's (x, y) on a card this size (probes are kept within it)."""
    return np.array([w - 1, h - 1], np.int32)


def _on_chords(points: np.ndarray, outline: np.ndarray, length: float) -> np.ndarray:
    """Which of ``points`` lie on an edge of ``outline``'s convex hull at least ``length``
    long: a chord the hull drew across what is not the centre's paper."""
    corners = cv2.convexHull(outline).reshape(-1, 2).astype(np.float32)
    edges = np.concatenate((corners[1:], corners[:1])) - corners  # to the next corner (np.roll is slow)
    spans = np.hypot(edges[:, 0], edges[:, 1])
    long = spans >= length
    if not long.any():
        return np.zeros(len(points), bool)
    a, d, span = corners.compress(long, axis=0), edges.compress(long, axis=0), spans[long]
    rel = points.astype(np.float32)[:, None, :] - a[None, :, :]
    along = (rel[..., 0] * d[:, 0] + rel[..., 1] * d[:, 1]) / (span * span)
    off = np.abs(rel[..., 0] * d[:, 1] - rel[..., 1] * d[:, 0]) / span
    return ((along >= 0) & (along <= 1) & (off <= 1.5)).any(axis=1)


def _widest_gap(points: np.ndarray) -> float:
    """The widest angle (degrees) between two neighbouring points seen from their mean."""
    d = points - points.mean(axis=0)
    angles = np.sort(np.degrees(np.arctan2(d[:, 1], d[:, 0])))
    return float(np.diff(np.append(angles, angles[0] + 360.0)).max())


def _strong_field(hsv: np.ndarray, colour: ColourReading, params: CentreParams) -> np.ndarray:
    """Which of these pixels (HSV rows) are the field's colour at its full strength: neither
    whitened by a highlight (paler and brighter) nor a pale ink."""
    return ((hue_distance(hsv[:, 0], colour.hue) <= params.field_hue_tolerance)
            & (hsv[:, 1] >= 0.75 * colour.saturation)
            & (hsv[:, 2] >= 0.5 * colour.value) & (hsv[:, 2] <= params.field_max_light * colour.value))


def ellipse_radius(points: np.ndarray, ellipse) -> np.ndarray:
    """Each point's distance from the centre of ``ellipse`` (as cv2.fitEllipse gives it) in
    units of the ellipse's radius in its direction (1 on the ellipse)."""
    (cx, cy), (a, b), angle = ellipse
    t = np.deg2rad(angle)
    dx, dy = points[:, 0] - cx, points[:, 1] - cy
    u = dx * np.cos(t) + dy * np.sin(t)
    v = -dx * np.sin(t) + dy * np.cos(t)
    return np.sqrt((u / max(a / 2, 1e-3)) ** 2 + (v / max(b / 2, 1e-3)) ** 2)


def wild_centre(hsv: np.ndarray, white: np.ndarray, inside: np.ndarray, inside_area: float,
                min_share: float, params: CentreParams) -> tuple[np.ndarray | None, np.ndarray]:
    """A wild card's four-colour centre and its white marks (``white``: the card's white
    paper). The centre is the hull of the paint, or of the paint and the white strokes when
    the paint alone covers less than ``min_share`` (or ``params.min_paint_share``) of the
    field; a broad white patch lying mostly outside it is a highlight on the black field, no
    mark."""
    h, w = white.shape
    sat, val = hsv[..., 1], hsv[..., 2]
    paint = (((sat >= params.paint_min_saturation) | (sat * val >= params.paint_min_chroma))
             & (val >= params.paint_min_value) & inside)
    broad = cv2.morphologyEx(white.astype(np.uint8), cv2.MORPH_OPEN, _disc(params.max_stroke))
    centre = central_hull(paint, w, h, inside, inside_area)
    if centre is None or centre.sum() < max(min_share, params.min_paint_share) * inside_area:
        centre = central_hull(paint | (white & (broad == 0)), w, h, inside, inside_area)
    if centre is None:
        return None, white
    return centre, white & ~glare_patches(white, broad, centre, params)


def glare_patches(white: np.ndarray, broad: np.ndarray, centre: np.ndarray,
                  params: CentreParams) -> np.ndarray:
    """The parts of ``white`` that are a highlight rather than a mark: the part broader than a
    stroke (``broad``, uint8) of the blobs whose broad part lies mostly outside ``centre``
    (a mark is printed on the centre, a highlight falls anywhere; a thick, blurred digit is
    broad too, so a broad part inside the centre stays), grown by its soft rim."""
    if not broad.any():
        return np.zeros(centre.shape, bool)
    n, labels = cv2.connectedComponents(white.astype(np.uint8), connectivity=8, ltype=label_type(white))
    if n <= 1:
        return np.zeros(centre.shape, bool)
    fat = broad > 0
    wide = np.bincount(labels[fat], minlength=n)
    wide_in = np.bincount(labels[fat & centre], minlength=n)
    glare = (wide > 0) & (wide_in < (1.0 - params.glare_outside) * wide)
    glare[0] = False
    if not glare.any():
        return np.zeros(centre.shape, bool)
    # The broad part alone (and its soft rim): a mark the highlight runs into keeps its strokes.
    return cv2.dilate((of_labels(glare, labels) & fat).astype(np.uint8), _disc(params.glare_rim)) > 0


@lru_cache(maxsize=4)
def _disc(diameter: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (diameter, diameter))
