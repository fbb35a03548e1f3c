"""How two overlapping cards lie, as far as the pixels where they overlap tell: whose white
border runs on whole inside the other's outline, and whose own outline shows there as an
edge (the top card's; the lower card's runs hidden under the top card's paper). ``pile``
puts these together into the pile's order.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from .fields import Candidate
from .masks import whiteness

__all__ = ["ACROSS", "EDGE", "OWN", "PAINT", "SKIN", "border_crossed", "chroma_vectors", "hue_apart", "outline_edge",
           "percentile_u8", "ring_lines", "sharper_outline", "whole_within"]


def percentile_u8(values: np.ndarray, q: float) -> float:
    """``np.percentile(values, q)`` (linear) of a non-empty uint8 array, the same value
    counted from its histogram (a sort of a whole mask's pixels costs a millisecond)."""
    n = values.size
    at = (n - 1) * (q / 100.0)
    lo = int(math.floor(at))
    hi = min(lo + 1, n - 1)
    gamma = at - lo
    cumulative = np.cumsum(np.bincount(values.ravel(), minlength=256))
    a, b = (float(v) for v in np.searchsorted(cumulative, (lo, hi), side="right"))
    diff = b - a
    return b - diff * (1 - gamma) if gamma >= 0.5 else a + diff * gamma


def whole_within(frame_bgr: np.ndarray, card: Candidate, region: np.ndarray) -> float | None:
    """How whole ``card`` looks inside the polygon ``region`` (another card's outline): the
    share of its border ring there that is still white, less the share of its field's rim
    there that has turned white (another card's border lying across it). None when the
    two hardly meet."""
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.floor(np.maximum(card.card.min(axis=0), 0)).astype(int)
    x1, y1 = np.ceil(np.minimum(card.card.max(axis=0) + 1, (w, h))).astype(int)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    offset = np.array([x0, y0], np.float32)
    shape = (y1 - y0, x1 - x0)
    outer, inner, core, within = (np.zeros(shape, np.uint8) for _ in range(4))
    centre = card.field.mean(axis=0)
    cv2.fillConvexPoly(outer, np.round(card.card - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(inner, np.round(card.field - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(core, np.round(centre + 0.75 * (card.field - centre) - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(within, np.round(region - offset).astype(np.int32), 1)
    kernel = np.ones((3, 3), np.uint8)
    ring = (cv2.erode(outer, kernel) > 0) & (cv2.dilate(inner, kernel) == 0)
    rim = (cv2.erode(inner, kernel) > 0) & (core == 0)
    if not ring.any():
        return None
    # min(B, G, R) by OpenCV and the percentile from a histogram: numpy's reduction over
    # a strided channel axis and its sort cost a millisecond on a card's box.
    paper = whiteness(np.ascontiguousarray(frame_bgr[y0:y1, x0:x1]))
    white = paper >= 0.7 * percentile_u8(paper[ring], 90)
    ring_part, rim_part = ring & (within > 0), rim & (within > 0)
    if ring_part.sum() < 6:
        return None
    score = float(np.mean(white[ring_part]))
    if rim_part.sum() >= 6:
        score -= float(np.mean(white[rim_part]))
    return score


def outline_edge(frame_bgr: np.ndarray, card: Candidate, region: np.ndarray,
                 reach: float = 1.5, margin: float = 2.0) -> float | None:
    """How dark a line ``card``'s own outline draws where it runs inside the polygon
    ``region`` (another card's outline, ``margin`` px in): the median, over points 1.5 px
    apart along it, of the whiteness (min of B, G, R) 2.5-3 px either side less the darkest
    within ``reach`` px of it. Where one card lies on another, the outline one sees is the
    top card's (its cut edge, the thin shadow it casts); the lower card's runs hidden under
    the top card's paper. None when fewer than 8 points run there."""
    quad = card.card.astype(np.float32)
    sides, side_normals = [], []
    for k in range(4):
        a, b = quad[k], quad[(k + 1) % 4]
        length = float(np.hypot(*(b - a)))
        if length < 4:
            continue
        t = np.arange(0.75 / length, 1.0, 1.5 / length)
        sides.append(a[None, :] + t[:, None] * (b - a)[None, :])
        side_normals.append(np.repeat([[b[1] - a[1], a[0] - b[0]]], len(t), axis=0) / length)
    if not sides:
        return None
    points, normals = np.concatenate(sides), np.concatenate(side_normals).astype(np.float32)
    # How deep inside the region (a card's outline: convex) each point lies: its least
    # distance to the lines of the region's sides.
    corners = region.astype(np.float64).reshape(-1, 2)
    along = np.roll(corners, -1, axis=0) - corners
    inward = np.stack([-along[:, 1], along[:, 0]], axis=1) / np.hypot(along[:, 0], along[:, 1])[:, None]
    inward *= np.where(((corners.mean(axis=0) - corners) * inward).sum(axis=1) < 0, -1.0, 1.0)[:, None]
    depth = ((points[:, None, :] - corners[None]) * inward[None]).sum(axis=2).min(axis=1)
    keep = depth >= margin
    if np.count_nonzero(keep) < 8:
        return None
    points, normals = points[keep].astype(np.float32), normals[keep]
    offsets = np.arange(-reach - 1.5, reach + 1.51, 0.5, dtype=np.float32)
    grid = points[:, None, :] + offsets[None, :, None] * normals[:, None, :]
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.clip(np.floor(grid.reshape(-1, 2).min(axis=0)).astype(int) - 1, 0, (w - 1, h - 1))
    x1, y1 = np.clip(np.ceil(grid.reshape(-1, 2).max(axis=0)).astype(int) + 2, 1, (w, h))
    paper = whiteness(np.ascontiguousarray(frame_bgr[y0:y1, x0:x1])).astype(np.float32)
    grid -= np.array([x0, y0], np.float32)
    profile = cv2.remap(paper, np.ascontiguousarray(grid[..., 0]), np.ascontiguousarray(grid[..., 1]),
                        cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    near = np.abs(offsets) <= reach
    beside = np.abs(offsets) >= reach + 1.0
    # A dark line along the outline (the top card's edge and its shadow): the paper beside
    # it less the darkest right at it.
    dip = np.median(profile[:, beside], axis=1) - profile[:, near].min(axis=1)
    return float(np.median(dip))


def sharper_outline(frame_bgr: np.ndarray, a: Candidate, b: Candidate, contrast: float,
                    leaning: tuple[int, float] | None = None) -> int | None:
    """0 when ``a``'s outline inside ``b`` shows a line darker than ``b``'s inside ``a`` by
    ``contrast`` grey levels or more (:func:`outline_edge`), 1 for the other way round,
    else None (0 or less: never). ``leaning``: (which way another cue leans, a weaker
    contrast that counts when the outlines lean the same way and the sharper one dips
    below the paper by that contrast itself: a line, not only a brighter neighbour)."""
    if contrast <= 0:
        return None
    edges = outline_edge(frame_bgr, a, b.card), outline_edge(frame_bgr, b, a.card)
    if edges[0] is None or edges[1] is None:
        return None
    sharper = 0 if edges[0] > edges[1] else 1
    if abs(edges[0] - edges[1]) >= contrast:
        return sharper
    if (leaning is not None and sharper == leaning[0] and edges[sharper] >= leaning[1]
            and abs(edges[0] - edges[1]) >= leaning[1]):
        return sharper
    return None





@lru_cache(maxsize=8)
def _ring_index(h: int, w: int, rows: tuple[int, ...], skip: int, radius: float | None) -> np.ndarray:
    """Flat pixel indices of :func:`ring_lines`' lines in an h x w image; with a corner
    ``radius`` (px), joined round the corners by arcs."""
    # The same number of points on every line's corner arcs (the outline's radius less the
    # line's depth, in pixel centres; none past it), so the lines stay aligned point by point.
    count = 0 if radius is None else max(2, int(round(math.pi / 4 * radius)))
    angle = (np.arange(count) + 0.5) * (0.5 * math.pi / max(count, 1))
    sin, cos = np.sin(angle), np.cos(angle)
    lines = []
    for k in rows:
        across, down = np.arange(skip, w - skip), np.arange(skip, h - skip)
        parts = [(np.full_like(across, k), across), None,
                 (down, np.full_like(down, w - 1 - k)), None,
                 (np.full_like(across, h - 1 - k), across[::-1]), None,
                 (down[::-1], np.full_like(down, k)), None]
        if radius is not None:
            r = max(radius - k - 0.5, 0.0)
            near, far_x, far_y = radius - 0.5, w - radius - 0.5, h - radius - 0.5
            parts[1::2] = [(near - r * cos, far_x + r * sin), (far_y + r * sin, far_x + r * cos),
                           (far_y + r * cos, near - r * sin), (near - r * sin, near - r * cos)]
        parts = [p for p in parts if p is not None]
        y = np.clip(np.round(np.concatenate([p[0] for p in parts])).astype(np.int64), 0, h - 1)
        x = np.clip(np.round(np.concatenate([p[1] for p in parts])).astype(np.int64), 0, w - 1)
        lines.append(y * w + x)
    return np.stack(lines)


def ring_lines(card_bgr: np.ndarray, border_px: float, depths: tuple[float, ...],
               corner_skip: float, arcs: bool = False) -> np.ndarray:
    """A flattened card's pixels along lines running round its white border ring, one line
    per depth (a share of the border's width in from the card's outline; the nearest row
    or column), each side's ends ``corner_skip`` border widths short of its corners (a
    card's corners are round); with ``arcs``, joined round each corner by a quarter circle
    of radius ``corner_skip`` border widths less the line's depth (a card's rounded
    outline, the line's depth in from it). Shape (len(depths), points, channels),
    clockwise from the top side."""
    h, w = card_bgr.shape[:2]
    rows = tuple(min(int(round(d * border_px)), min(h, w) // 2 - 1) for d in depths)
    radius = round(corner_skip * border_px, 2) if arcs else None
    index = _ring_index(h, w, rows, int(round(corner_skip * border_px)), radius)
    return card_bgr.reshape(h * w, -1)[index]


def chroma_vectors(pixels_bgr: np.ndarray) -> np.ndarray:
    """Each pixel's colour as an opponent-colour vector (red against green and blue, green
    against blue), float32, shape (..., 2): its angle is the hue, its length the chroma,
    and a mean of such vectors is a mean hue that wraps round red as it should."""
    p = pixels_bgr.astype(np.float32)
    b, g, r = p[..., 0], p[..., 1], p[..., 2]
    return np.stack((r - 0.5 * (g + b), 0.866 * (g - b)), axis=-1)


def hue_apart(u: np.ndarray, v: np.ndarray) -> float:
    """The angle in degrees between two chroma vectors (:func:`chroma_vectors`)."""
    a = math.degrees(math.atan2(float(u[1]), float(u[0])) - math.atan2(float(v[1]), float(v[0])))
    return abs((a + 180.0) % 360.0 - 180.0)


#: :func:`border_crossed`'s answers (a str, empty when nothing lies across): another card's
#: paint (a saturated run across the ring of another hue than the card's field, as
#: white-balanced against the ring's own paper), a card's edge (thin dark lines: its cut
#: edge and the shadow it casts), or something else across (a paler run: a finger; a run
#: of the field's own hue).
PAINT = "paint"
EDGE = "edge"
ACROSS = "across"
#: ... or, told only when asked (``tell_skin``), a finger: every run across is dull (well
#: short of a card's paint) and of skin's warm hue.
SKIN = "skin"
#: ... or, told only when asked (``tell_own``), runs of the card's own field's hue alone:
#: its own field where a blurred border or a quad a pixel too wide puts it in the ring, or
#: a lower card of its colour seen past its outline, as often as a card of its colour lying
#: across it.
OWN = "own"


def border_crossed(card_bgr: np.ndarray, border_px: float,
                   dip: float = 0.12, noise: float = 5.0, reach: int = 3, slant: int = 2,
                   min_lines: int = 2, chroma: float = 30.0, min_run: float = 1.0,
                   corner_skip: float = 1.5, own_hue: float = 30.0, field_depth: float = 3.0,
                   field_chroma: float = 20.0, paint_saturation: float = 0.6,
                   paint_chroma: float = 0.55, paint_depth: float = 1.5,
                   tell_paint: bool = True, corner_arcs: bool = False,
                   tell_skin: bool = False, skin_hues: tuple[float, float] = (-25.0, 55.0),
                   skin_saturation: float = 0.53, skin_chroma: float = 0.45,
                   tell_own: bool = False) -> str:
    """Does something lie across the card's white border ring, and what: :data:`PAINT`,
    :data:`EDGE`, :data:`ACROSS` or "" (nothing). Another card's field or a finger: a run
    of colour across the ring ``min_run`` border widths long, its chroma (max - min
    channel) ``chroma`` above the ring's and twice it; :data:`PAINT` when such a run is at
    least ``paint_saturation`` saturated against the ring's paper and of ``paint_chroma``
    (its max - min channel as a share of the paper's: a card's ink is vivid, a thumb's skin
    is not, pale or dark), of a hue ``own_hue`` degrees or more off the card's own field's
    (its mean along a line ``field_depth`` border widths in, when that is ``field_chroma``
    saturated at least: a black field has no hue), and runs on in that hue along a line
    ``paint_depth`` border widths in (paint lying on the card covers its field there too;
    a neighbour or the table seen in a ring a little too wide stops at the card's outline;
    looked for only with ``tell_paint``),
    else :data:`ACROSS` (a finger is duller; a run of the field's own hue may be a card of
    the same colour lying across it, or the card's own field where a blurred border or a
    quad a little short puts it in the ring). The edge of another card (:data:`EDGE`): a
    thin dark line crossing the ring, ``min_lines`` times or more (a card's edge and the
    thin shadow it casts), each dipping ``dip`` below the paper within ``reach`` px on
    either side of it and ``noise`` times the ring's own pixel noise, at every depth within
    ``slant`` px. With ``corner_arcs`` the lines run on round the corners' arcs: a card
    lying on another by a corner may cross its ring there only. A card another lies on
    only by its border (a sliver) or a corner shows none of that card's field inside its
    own outline: this says it may not be the pile's top card even so. With ``tell_skin``,
    :data:`SKIN` when every run across is dull, well short of paint by one measure at
    least (saturated ``skin_saturation`` at most: skin measured 0.26-0.53 on held-up
    cards; or of ``skin_chroma`` at most: a dark thumb is saturated, not vivid; a card's
    paint in dim light falls a little short of paint by both), and its hue (degrees,
    :func:`chroma_vectors`' angle) lies within ``skin_hues``: a finger or a thumb on the
    card, which says nothing of what lies under it. With ``tell_own``, :data:`OWN` when
    every run across is of the card's own field's hue (see :data:`OWN`)."""
    seen = ring_lines(card_bgr, border_px, (0.25, 0.5, 0.75), corner_skip, corner_arcs)
    n = seen.shape[1]
    if n < 2 * reach + 3:
        return ""
    b, g, r = seen[..., 0], seen[..., 1], seen[..., 2]
    low, high = cv2.min(cv2.min(b, g), r), cv2.max(cv2.max(b, g), r)
    # Colour across the inner two lines (the outer one may fall on the table).
    tint = cv2.subtract(high[1:], low[1:])
    typical = percentile_u8(tint, 50)
    coloured = (tint > typical + chroma) & (tint > 2 * typical)
    coloured = (coloured[0] & coloured[1]).view(np.int8).ravel()
    if coloured.any():
        steps = np.diff(coloured, prepend=0, append=0)
        starts, ends = np.flatnonzero(steps == 1), np.flatnonzero(steps == -1)
        long = [(a, e) for a, e in zip(starts, ends) if e - a >= min_run * border_px]
        if long and not tell_paint:
            return ACROSS
        if long:
            field = None  # the field's hue, when it has one
            if own_hue > 0:
                inside = chroma_vectors(ring_lines(card_bgr, border_px, (field_depth,), corner_skip, corner_arcs)[0])
                field = inside.mean(axis=0)
                if float(np.hypot(*field)) < field_chroma:
                    field = None
            across = chroma_vectors(seen[1:])
            # The ring's paper: the brightest of its middle line, channel by channel.
            white = np.maximum(np.percentile(seen[1], 90, axis=0), 1.0)
            inner = None
            skin = tell_skin
            foreign = False  # a run of another hue than the field's
            for a, e in long:
                hue = across[:, a:e].reshape(-1, 2).mean(axis=0)
                if field is not None and hue_apart(hue, field) < own_hue:
                    skin = False
                    continue  # the card's own hue: a card of its colour, or its own field
                foreign = True
                colour = seen[1:, a:e].reshape(-1, 3).mean(axis=0) / white
                saturation = 1.0 - colour.min() / colour.max() if colour.max() > 0 else 0.0
                if saturation < paint_saturation or colour.max() - colour.min() < paint_chroma:
                    angle = math.degrees(math.atan2(float(hue[1]), float(hue[0])))
                    skin = (skin and skin_hues[0] <= angle <= skin_hues[1]
                            and (saturation <= skin_saturation
                                 or colour.max() - colour.min() <= skin_chroma))
                    continue
                skin = False
                # Paint lying on the card runs on past its border into its field; a
                # neighbour or the table seen in a ring a little too wide stops there.
                if inner is None:
                    inner = chroma_vectors(ring_lines(card_bgr, border_px, (paint_depth,), corner_skip, corner_arcs)[0])
                beyond = inner[a:e].mean(axis=0)
                if float(np.hypot(*beyond)) >= field_chroma and hue_apart(beyond, hue) < own_hue:
                    return PAINT
            return SKIN if skin else (OWN if tell_own and not foreign else ACROSS)
    # Thin dark lines: each point against the brightest within reach on either side.
    paper = low.astype(np.float32)
    kernel = np.ones((1, reach), np.uint8)
    before = cv2.dilate(paper, kernel, anchor=(reach - 1, 0), borderType=cv2.BORDER_REPLICATE)
    after = cv2.dilate(paper, kernel, anchor=(0, 0), borderType=cv2.BORDER_REPLICATE)
    beside = np.minimum(before[:, :-2], after[:, 2:])
    middle = paper[:, 1:-1]
    # The ring's noise: the spread of its second differences, from their mean size (a
    # Gaussian's sigma times sqrt(2 / pi)).
    sigma = float(cv2.mean(cv2.absdiff(middle, 0.5 * (paper[:, :-2] + paper[:, 2:])))[0]) / 0.798 + 1e-3
    dark = ((middle < (1 - dip) * beside) & (beside - middle > noise * sigma)).astype(np.uint8)
    near = cv2.dilate(dark, np.ones((1, 2 * slant + 1), np.uint8))
    line = (dark[1] & near[0] & near[2]).view(np.int8)
    if int(np.count_nonzero(np.diff(line, prepend=0) == 1)) >= min_lines:
        return EDGE
    return ""
