"""Which dark blobs of a search's mask are card fields: the blobs and their pairs (a tilted
oval can cut a field in two), the quad fitted to each and the tests it must pass (see
``quads`` for the searches that make the masks, ``geometry`` for the shapes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import cv2
import numpy as np

from .geometry import CardGeometry, card_from_field, flat_view, portrait_order
from .quad_fit import refine_quad, rough_quad, side_support

if TYPE_CHECKING:  # pragma: no cover
    from .quads import QuadParams


@dataclass(frozen=True)
class Candidate:
    """A card-shaped region: its field quad and its card quad, in frame pixels.

    Both are (4, 2) float32, clockwise, starting at the corner that makes the first side a
    short side: the card's top-left if it lies upright, its bottom-right if upside down
    (the symbol classifier decides which, see :func:`rotate_half_turn`).
    """

    field: np.ndarray
    card: np.ndarray
    contour_fill: float = 1.0
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def area(self) -> float:
        return float(cv2.contourArea(self.card.astype(np.float32)))


def quad_shape_ok(quad: np.ndarray, geometry: CardGeometry, params: QuadParams,
                  size: tuple[int, int] | None = None) -> bool:
    """Is this quad a plausible view of a card's field (aspect, perspective, convexity)?
    ``size`` is the (width, height) of the image the quad lies in: with it a quad whose
    seen side ratio is off may still be a card lying flat under a tilted camera (which
    makes a card look squarer near the frame's edge; see ``QuadParams.focal``)."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = np.asarray(quad, np.float64).reshape(4, 2).tolist()
    # Each side's run and rise, then the turn at each corner (side i into side i + 1).
    ux, uy, vx, vy, wx, wy, zx, zy = bx - ax, by - ay, cx - bx, cy - by, dx - cx, dy - cy, ax - dx, ay - dy
    turns = (ux * vy - uy * vx, vx * wy - vy * wx, wx * zy - wy * zx, zx * uy - zy * ux)
    if not (all(t > 0 for t in turns) or all(t < 0 for t in turns)):
        return False
    sides = (math.hypot(ux, uy), math.hypot(vx, vy), math.hypot(wx, wy), math.hypot(zx, zy))
    if min(sides) < 4:
        return False
    for a, b in ((sides[0], sides[2]), (sides[1], sides[3])):
        if max(a, b) / min(a, b) > params.max_side_ratio:
            return False
    pair1, pair2 = sides[0] + sides[2], sides[1] + sides[3]
    aspect = min(pair1, pair2) / max(pair1, pair2)
    want = min(geometry.field_aspect, 1 / geometry.field_aspect)
    if abs(aspect / want - 1) <= params.aspect_tolerance:
        return True
    if size is None:
        return False
    flat = flat_view(quad, params.focal * size[0], (size[0] / 2, size[1] / 2))
    return (flat is not None and abs(flat.aspect / want - 1) <= params.aspect_tolerance
            and flat.tilt <= params.max_tilt and flat.skew <= params.max_skew)


def lies_flat(quad: np.ndarray, params: QuadParams, size: tuple[int, int]) -> bool:
    """Is the quad a rectangle lying as a card lies, seen by the camera (``focal``): square
    corners in space (``max_skew``) and tilted at most ``max_tilt``? A blob that took in a
    strip of a neighbour's field (or of the table) through a gap in the border can keep a
    card's side ratio while its corners are no rectangle's: its card outline would cut
    across the neighbour."""
    flat = flat_view(quad, params.focal * size[0], (size[0] / 2, size[1] / 2))
    return flat is not None and flat.skew <= params.max_skew and flat.tilt <= params.max_tilt


def in_frame(quad: np.ndarray, size: tuple[int, int], grow: float, edge: float = 3.0) -> bool:
    """Does the field lie in the frame? A blob cut by the frame's edge takes the edge for
    its side: that card is not whole in view. So is one with a side lying along the
    frame's edge (two corners within ``edge`` px of it, ``grow`` more for an eroded
    mask): its border is out of view."""
    margin = 1.0 + grow
    near = edge + grow  # an eroded blob stops short of the edge by what it lost
    for at, end in zip(zip(*quad.tolist()), size):
        if not all(-margin <= a <= end - 1 + margin for a in at):
            return False
        if sum(a <= near for a in at) >= 2 or sum(a >= end - 1 - near for a in at) >= 2:
            return False
    return True


_FOUR_NEIGHBOURS = np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], np.uint8)
_EIGHT_NEIGHBOURS = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], np.uint8)


def without_specks(mask: np.ndarray) -> np.ndarray:
    """The mask without its one-pixel specks: a paper pixel whose four neighbours are all
    dark (a hole of one pixel) turns dark, a dark pixel with no dark neighbour turns paper.

    A textured table's mask at full width can hold some 20,000 such specks, and tracing
    each one as an outline (cv2.findContours) costs far more than the search itself. Every
    other outline stays exactly as it was: a one-pixel hole is no background an outline's
    trace passes through (that background is connected to where the trace starts), and a
    lone dark pixel touches no other blob. The outlines of the specks are far shorter
    than any piece's (see :func:`dark_pieces`)."""
    holes = cv2.erode(mask, _FOUR_NEIGHBOURS, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    joined = cv2.dilate(mask, _EIGHT_NEIGHBOURS, borderType=cv2.BORDER_CONSTANT, borderValue=0)
    return cv2.min(cv2.max(mask, holes), joined)


def dark_pieces(mask: np.ndarray, params: QuadParams, frame_area: float,
            offset: tuple[int, int] = (0, 0), specks: bool = True,
            outlines: list | None = None) -> list[tuple]:
    """The dark blobs that may be (part of) a field: (outline, area, box, hull, hull area).
    ``specks``: the mask may hold many one-pixel specks (not so an eroded one), which
    :func:`without_specks` takes out first (the same pieces, found cheaper).
    ``outlines``, when given, gets every outline traced (the sides search reuses them)."""
    # CCOMP's top level holds the outer boundary of every dark blob, however nested
    # (a field sits in the hole of its white ring, which sits in the dark table).
    traced = without_specks(mask) if specks else mask
    contours, hierarchy = cv2.findContours(traced, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE,
                                           offset=offset)
    if outlines is not None:
        outlines.extend(contours)
    if hierarchy is None:
        return []
    pieces = []
    # A blob of at least min_piece of the frame has at least this many outline pixels.
    shortest = 3.5 * math.sqrt(params.min_piece * frame_area)
    parents = hierarchy[0][:, 3].tolist()
    # Most outlines are specks: only the long ones are looked at.
    long = [k for k, contour in enumerate(contours) if len(contour) >= shortest]
    # The largest hole of each blob worth a look: a dark halo round a white card (a plain
    # table darker than the card beside it) is a ring whose hole is nearly all of it, or
    # a wider ring whose hole is the card, a rounded rectangle (a field's own centre, a
    # disc or an oval, fills far less of its rotated box).
    hole: dict[int, tuple[float, int]] = {}
    for k in long:
        parent = parents[k]
        if parent != -1:
            area = cv2.contourArea(contours[k])
            if area > hole.get(parent, (0.0, -1))[0]:
                hole[parent] = (area, k)
    for k in long:
        if parents[k] != -1:
            continue
        contour = contours[k]
        area = cv2.contourArea(contour)
        if not params.min_piece * frame_area <= area <= params.max_area * frame_area:
            continue
        hole_area, inner = hole.get(k, (0.0, -1))
        if hole_area > params.max_hole * area:
            continue
        if hole_area > params.max_card_hole * area:
            (_, _), (hw, hh), _ = cv2.minAreaRect(contours[inner])
            if hole_area > params.card_hole_fill * hw * hh:
                continue
        hull = cv2.convexHull(contour)
        pieces.append((contour, area, cv2.boundingRect(contour), hull, cv2.contourArea(hull)))
    return pieces


def fields_among(pieces: list[tuple], scale: float, geometry: CardGeometry, params: QuadParams,
            size: tuple[int, int], grow: float = 0.0,
            whole: set[int] | None = None) -> tuple[list[Candidate], list[int]]:
    """The candidates among ``pieces`` and their pairs, and the single pieces of a field's
    size that are none. ``grow`` (work px) puts back what an erosion took off the blob.
    ``size`` is the mask's (width, height). ``whole``, when given, gets the pieces that
    are a field alone."""
    frame_area = float(size[0] * size[1])
    want = min(geometry.field_aspect, 1 / geometry.field_aspect)
    found: list[Candidate] = []
    rejected: list[int] = []
    whole = set() if whole is None else whole  # a field alone is half of no other field
    for group in piece_groups(pieces, params, frame_area):
        if len(group) > 1 and whole.intersection(group):
            continue
        quad, fill, support = _field_quad(pieces, group, geometry, params, size, want)
        if quad is not None and not in_frame(quad, size, grow):
            quad = None
        if quad is None:
            if len(group) == 1 and support > 0 and pieces[group[0]][4] >= params.min_area * frame_area:
                rejected.append(group[0])
            continue
        if len(group) == 1:
            whole.add(group[0])
        if grow > 0:
            centre = quad.mean(axis=0)
            short = float(np.linalg.norm(quad[1] - quad[0]))
            quad = centre + (quad - centre) * (1 + 2 * grow / max(short, 1.0))
        field_quad = portrait_order(quad * scale)
        found.append(Candidate(field_quad, card_from_field(field_quad, geometry),
                               float(fill), {"support": support}))
    return found, rejected


def _field_quad(pieces: list[tuple], group: tuple[int, ...], geometry: CardGeometry,
                params: QuadParams, size: tuple[int, int], want: float):
    """(quad, fill, support) when the group of pieces is a card's field, else (None, 0, 0)
    or, when the blob's outline is off (a field joined to a neighbour is too long, or has a
    side it does not follow), (None, 0, 1)."""
    none, joined = (None, 0.0, 0.0), (None, 0.0, 1.0)
    frame_area = float(size[0] * size[1])
    if len(group) == 1:
        hull = pieces[group[0]][3]
    else:
        hull = cv2.convexHull(np.concatenate([pieces[i][3] for i in group]))
    area = sum(pieces[i][1] for i in group)
    low = params.min_fill if len(group) == 1 else params.min_pair_fill
    # Cheap tests first: the rotated bounding box's aspect and how full it is.
    (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
    if min(rw, rh) < 4 or area / (rw * rh) < low * 0.9 or rw * rh < params.min_area * frame_area:
        return none
    ratio = min(rw, rh) / max(rw, rh)
    if ratio < want * (1 - 1.5 * params.aspect_tolerance):
        return joined
    # Squarer than a card: two fields run together, or one seen by a tilted camera near
    # the frame's edge (quad_shape_ok takes the tilt out).
    squarish = ratio > want * (1 + 1.5 * params.aspect_tolerance)
    quad = rough_quad(hull, is_hull=True)
    if quad is None:
        return joined
    fill = area / max(1.0, cv2.contourArea(quad))
    if not low <= fill <= params.max_fill * 1.1:
        return joined if squarish else none
    if not quad_shape_ok(quad, geometry, params, size):
        return joined
    points = (thinned(pieces[group[0]][0]) if len(group) == 1
              else np.concatenate([thinned(pieces[i][0]) for i in group]))
    points = points.reshape(-1, 2).astype(np.float32)  # once, for the checks and the fit
    if side_support(points[::2], quad) < params.min_side_support - 0.2:
        return joined
    quad = refine_quad(points, quad)
    if not quad_shape_ok(quad, geometry, params, size) or not lies_flat(quad, params, size):
        return joined
    support = side_support(points, quad)
    if support < params.min_side_support:
        return joined
    return quad, fill, support


def thinned(contour: np.ndarray, most: int = 240) -> np.ndarray:
    """At most about ``most`` points of an outline, evenly spaced: enough to fit and check
    four sides, and cheap for big blobs."""
    return contour if len(contour) <= most else contour[:: len(contour) // most + 1]


def piece_groups(pieces: list, params: QuadParams, frame_area: float) -> list[tuple[int, ...]]:
    """Each piece big enough to be a field alone, then each pair of pieces whose boxes
    (nearly) touch and together span a field's size. A field's size is its extent, not its
    dark area: a small card's oval can take more than half of its field."""
    lo, hi = params.min_area * frame_area, params.max_area * frame_area
    groups: list[tuple[int, ...]] = [(i,) for i, p in enumerate(pieces) if lo <= p[4] <= hi]
    if len(pieces) < 2:
        return groups
    if len(pieces) <= _FEW_PIECES:
        return groups + _pairs_one_by_one(pieces, params, lo, hi)
    # Every pair at once (i < j, in order): the areas, the span of both boxes, the gap.
    area = np.array([p[1] for p in pieces], np.float64)
    x, y, w, h = np.array([p[2] for p in pieces], np.int64).T
    big = np.maximum(w, h)
    ai, aj = area[:, None], area[None, :]
    span_w = np.maximum((x + w)[:, None], (x + w)[None, :]) - np.minimum(x[:, None], x[None, :])
    span_h = np.maximum((y + h)[:, None], (y + h)[None, :]) - np.minimum(y[:, None], y[None, :])
    span = span_w * span_h
    # The gap may be a share of either piece, or of the field both span: a small card's
    # oval can part its two pieces by more than a tenth of either.
    reach = np.maximum(params.pair_gap * np.maximum(big[:, None], big[None, :]),
                       params.pair_span_gap * np.maximum(span_w, span_h))
    gap_x = np.maximum(x[:, None], x[None, :]) - np.minimum((x + w)[:, None], (x + w)[None, :])
    gap_y = np.maximum(y[:, None], y[None, :]) - np.minimum((y + h)[:, None], (y + h)[None, :])
    ok = ((ai + aj <= hi) & (np.minimum(ai, aj) >= 0.2 * np.maximum(ai, aj)) & (span >= lo)
          & (gap_x <= reach) & (gap_y <= reach))
    ok = np.triu(ok, 1)
    groups += [(int(i), int(j)) for i, j in zip(*np.nonzero(ok))]
    return groups


#: Up to this many pieces their pairs are judged one by one (most fail their first test);
#: more are judged all at once as arrays (the same tests, the same float64 arithmetic).
_FEW_PIECES = 12


def _pairs_one_by_one(pieces: list, params: QuadParams, lo: float, hi: float) -> list[tuple[int, int]]:
    """The pairs of :func:`piece_groups`, for a few pieces."""
    boxes = [(p[1], x, y, x + w, y + h, max(w, h)) for p in pieces for x, y, w, h in (p[2],)]
    pairs = []
    for i, (ai, xi, yi, ri, bi, si) in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            aj, xj, yj, rj, bj, sj = boxes[j]
            if ai + aj > hi or min(ai, aj) < 0.2 * max(ai, aj):
                continue
            span_w, span_h = max(ri, rj) - min(xi, xj), max(bi, bj) - min(yi, yj)
            if span_w * span_h < lo:
                continue
            # The gap may be a share of either piece, or of the field both span.
            reach = max(params.pair_gap * max(si, sj), params.pair_span_gap * max(span_w, span_h))
            if max(xi, xj) - min(ri, rj) <= reach and max(yi, yj) - min(bi, bj) <= reach:
                pairs.append((i, j))
    return pairs
