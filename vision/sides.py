"""The search for a field whose white border is broken: by its straight sides.

The other searches take a field as one dark blob enclosed by the border's paper. A thumb
across the border of a card held up to a camera (or a finger on the pile's top card)
joins the field to the hand and whatever of the room is dark: the blob has no card's
shape any more. Yet most of the field's sides are still there, as straight stretches of
the mask's outline with the field dark on one side and the border's paper on the other.
Here those stretches are found (:func:`side_lines`), merged into lines (a thumb's gap
leaves two pieces of one side), and grouped into a field's quad: two facing sides and a
third across them, the fourth from a fourth line or, where the thumb hides it, from the
deck's aspect. Each quad must be a card's shape, lie wholly in the frame (a side along the
frame's edge is the frame's, not the card's), have straight stretches along three of its
sides for most of their length and none running through its inside (a card lying across
a lower one), be no dark halo round a white sheet, and overlap no candidate the other
searches found (lines of neighbouring cards can line up into a quad across them). The
recogniser then judges whether it is a card at all. It runs last, on frames nothing else
answered: ~3 ms a frame there.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import cv2
import numpy as np

from .fields import Candidate, quad_shape_ok
from .geometry import CardGeometry, card_from_field, order_clockwise, portrait_order
from .side_lines import Side, SideParams, side_lines

if TYPE_CHECKING:  # pragma: no cover
    from .quads import QuadParams

__all__ = ["Side", "SideParams", "side_fields", "side_lines"]


def _meet(p1, u1, p2, u2) -> tuple[float, float] | None:
    """Where two lines (point, direction) cross, or None when they are nearly parallel."""
    det = u1[1] * u2[0] - u1[0] * u2[1]
    if abs(det) < 1e-3:
        return None
    dx, dy = p2[0] - p1[0], p2[1] - p1[1]
    t = (dy * u2[0] - dx * u2[1]) / det
    return p1[0] + t * u1[0], p1[1] + t * u1[1]


def side_fields(mask: np.ndarray, scale: float, geometry: CardGeometry, params: QuadParams,
                others: list[Candidate] = (), contours: tuple | None = None) -> list[Candidate]:
    """Fields found by their straight sides in ``mask`` (work px -> frame px by ``scale``),
    one per place (the best-followed quad). ``others``: the candidates other searches
    found in this frame: a quad overlapping one of them is none (lines of that card and
    its neighbours lined up; a field found whole needs no other quad). ``contours``: the
    mask's outlines when the caller has them (see :func:`side_lines`)."""
    sp = params.sides
    height, width = mask.shape
    size = (width, height)
    sides = side_lines(mask, sp, contours)
    if len(sides) < 3:
        return []
    want = min(geometry.field_aspect, 1 / geometry.field_aspect)
    cos_conv = math.cos(math.radians(sp.max_converge))
    cos_slant = math.cos(math.radians(90.0 - sp.max_slant))
    frame_area = float(width * height)
    shortest = math.sqrt(params.min_area * frame_area * want)
    longest = math.sqrt(params.max_area * frame_area / want)
    along = np.array([s.along for s in sides])
    normal = np.array([s.normal for s in sides])
    mid = np.array([(s.point[0] + s.along[0] * (s.lo + s.hi) / 2,
                     s.point[1] + s.along[1] * (s.lo + s.hi) / 2) for s in sides])
    # Facing pairs: nearly parallel, dark sides towards each other, a field's width apart.
    cos_uu = along @ along.T
    gap = ((mid[None, :, :] - mid[:, None, :]) * normal[:, :, None].transpose(0, 2, 1)).sum(axis=2)
    facing = (cos_uu ** 2 >= cos_conv ** 2) & (normal @ normal.T <= -cos_conv)
    pairs = facing & (gap >= 0.8 * shortest) & (gap <= longest) & (gap.T >= 0)
    across = np.abs(cos_uu) <= cos_slant
    found: list[tuple[float, np.ndarray]] = []
    seen: set[bytes] = set()
    closing = [[sides[m] for m in np.flatnonzero(row).tolist()] for row in facing]
    stretches = _stretch_table(sides)
    for i, j in zip(*np.nonzero(np.triu(pairs, 1))):
        # The side across lies between the two, and they on its dark side.
        between = across[i] & across[j] & (gap[i] >= 0) & (gap[j] >= 0) & (gap[:, i] > 0) & (gap[:, j] > 0)
        for k in np.flatnonzero(between).tolist():
            for quad in _quads_from(sides[i], sides[j], sides[k], closing[k], sp, want):
                # The same quad comes from each of its sides taken as the one across.
                key = np.round(quad / 2).astype(np.int16).tobytes()
                if key in seen or not _whole_in_frame(quad, size, sp.edge_margin):
                    continue
                seen.add(key)
                area = cv2.contourArea(quad)
                if not params.min_area * frame_area <= area <= params.max_area * frame_area:
                    continue
                if not quad_shape_ok(quad, geometry, params, size):
                    continue
                supports = sorted(_followed(quad, stretches, sp.follow_angle, sp.follow_offset,
                                            sp.merge_offset))
                if supports[2] < sp.two_sides or supports[1] < sp.third_side:
                    continue
                # Of the quads of one place, the one whose sides the stretches follow closest.
                found.append((sum(_followed(quad, stretches, sp.merge_angle, sp.rank_offset,
                                            sp.merge_offset)), quad))
    found.sort(key=lambda f: -f[0])
    known = [c.field / scale for c in others]
    kept: list[tuple[float, np.ndarray]] = []
    for score, quad in found:
        if any(_overlap(quad, q) > sp.max_overlap for q in known):
            continue
        # A lesser quad of the same place (another side taken for the one across).
        if any(_overlap(quad, q) > 0.5 for _, q in kept):
            continue
        # The costlier tests last, on the best quad of each place only: a quad they refuse
        # leaves its place to the next best, as if it had never been found.
        if _round_white_card(mask, quad, sp) or _crossed(quad, sides, sp, mask):
            continue
        kept.append((score, quad))
    out = []
    for score, quad in kept:
        field_quad = portrait_order(quad * scale)
        out.append(Candidate(field_quad, card_from_field(field_quad, geometry), 1.0,
                             {"support": score / 4.0, "sides": True}))
    return out


def _quads_from(a: Side, b: Side, c: Side, closing: list[Side], sp: SideParams,
                want: float) -> list[np.ndarray]:
    """The quads with facing sides ``a`` and ``b`` and ``c`` across them: closed by a line
    of ``closing`` (those facing ``c``) beyond the ends of ``a``'s and ``b``'s stretches,
    else by the deck's aspect (both ways: ``c`` a short side or a long one)."""
    ca, cb = _meet(c.point, c.along, a.point, a.along), _meet(c.point, c.along, b.point, b.along)
    if ca is None or cb is None:
        return []
    across = math.hypot(cb[0] - ca[0], cb[1] - ca[1])
    if across < 4:
        return []
    (px, py), (nx, ny) = c.point, c.normal
    # c's stretch must lie between a and b, and cover enough of the way across.
    if not _spans(c, ca, cb, 0.15, sp.min_across):
        return []
    # c faces into the quad: a's and b's stretches lie on c's dark side.
    reach = 0.0
    for s in (a, b):
        depth = [(s.point[0] + s.along[0] * t - px) * nx + (s.point[1] + s.along[1] * t - py) * ny
                 for t in (s.lo, s.hi)]
        if max(depth) <= 0 or min(depth) < -0.15 * across:
            return []
        reach = max(reach, max(depth))
    quads = []
    for e in closing:
        if (e.point[0] - px) * nx + (e.point[1] - py) * ny < reach - 0.1 * across:
            continue
        ea, eb = _meet(e.point, e.along, a.point, a.along), _meet(e.point, e.along, b.point, b.along)
        if ea is None or eb is None or not _spans(e, ea, eb, 0.15):
            continue
        quads.append(order_clockwise(np.array([ca, cb, eb, ea], np.float32)))
    if quads:
        return quads
    # No fourth line: the hidden side lies where the deck's aspect puts it.
    ia, ib = _inward(a.along, c.normal), _inward(b.along, c.normal)
    for length in (across / want, across * want):
        if length < reach - 0.05 * across:
            continue
        quads.append(order_clockwise(np.array(
            [ca, cb, (cb[0] + ib[0] * length, cb[1] + ib[1] * length),
             (ca[0] + ia[0] * length, ca[1] + ia[1] * length)], np.float32)))
    return quads


class _Stretches(NamedTuple):
    """Every stretch of the sides: its line's direction (n, 2) and its two ends (n, 2, 2),
    frame-free arrays for :func:`_followed` (a quad is judged against all of them)."""

    along: np.ndarray
    ends: np.ndarray


def _stretch_table(sides: list[Side]) -> _Stretches:
    along, ends = [], []
    for s in sides:
        for t0, t1 in s.stretches:
            along.append(s.along)
            ends.append([(s.point[0] + s.along[0] * t, s.point[1] + s.along[1] * t) for t in (t0, t1)])
    return _Stretches(np.array(along, np.float64).reshape(-1, 2),
                      np.array(ends, np.float64).reshape(-1, 2, 2))


def _followed(quad: np.ndarray, stretches: _Stretches, angle: float, offset: float,
              least_offset: float) -> list[float]:
    """How much of each of the quad's sides the straight stretches lying on it cover (0..1):
    those within ``angle`` degrees of it with both ends within ``offset`` of its length
    (at least ``least_offset`` px) of it. The outline of a symbol or a neighbour merely
    crossing a side does not count."""
    cos_merge = math.cos(math.radians(angle))
    corners = quad.tolist()
    a = np.array(corners, np.float64)
    length, unit = [], []
    for i in range(4):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
        side = math.hypot(bx - ax, by - ay)
        length.append(side)
        unit.append(((bx - ax) / side, (by - ay) / side))
    u = np.array(unit, np.float64)
    tolerance = np.maximum(least_offset, offset * np.array(length))
    along, ends = stretches
    # (stretch, end, side): where each stretch's ends lie from each side's first corner.
    x, y = ends[:, :, 0, None] - a[:, 0], ends[:, :, 1, None] - a[:, 1]
    on = ((np.abs(along[:, 0, None] * u[:, 0] + along[:, 1, None] * u[:, 1]) >= cos_merge)
          & (np.abs(x * u[:, 1] - y * u[:, 0]) <= tolerance).all(axis=1))
    t = x * u[:, 0] + y * u[:, 1]
    t0, t1 = t.min(axis=1), t.max(axis=1)
    on &= (t1 > 0) & (t0 < np.array(length))
    out = []
    for i in range(4):
        lo, hi = np.maximum(t0[on[:, i], i], 0.0), np.minimum(t1[on[:, i], i], length[i])
        total, reach = 0.0, 0.0
        for k in np.lexsort((hi, lo)).tolist():
            if hi[k] > reach:
                total += float(hi[k]) - max(float(lo[k]), reach)
                reach = float(hi[k])
        out.append(total / length[i])
    return out


def _spans(side: Side, p: tuple[float, float], q: tuple[float, float], past: float,
           cover: float = 0.0) -> bool:
    """Does the side's stretch lie between the corners ``p`` and ``q`` on its line (past
    them by at most ``past`` of their distance: a stretch running on is another card's
    or the frame's) and cover at least ``cover`` of the way?"""
    (px, py), (ux, uy) = side.point, side.along
    t0, t1 = (p[0] - px) * ux + (p[1] - py) * uy, (q[0] - px) * ux + (q[1] - py) * uy
    lo, hi = min(t0, t1), max(t0, t1)
    span = hi - lo
    return (side.lo >= lo - past * span and side.hi <= hi + past * span
            and min(hi, side.hi) - max(lo, side.lo) >= cover * span)


def _inward(along: tuple[float, float], normal: tuple[float, float]) -> tuple[float, float]:
    """``along`` or its opposite, whichever points the way ``normal`` does."""
    if along[0] * normal[0] + along[1] * normal[1] >= 0:
        return along
    return -along[0], -along[1]


def _whole_in_frame(quad: np.ndarray, size: tuple[int, int], margin: float) -> bool:
    return bool((quad.min(axis=0) >= margin).all()
                and (quad.max(axis=0) <= np.array(size, np.float32) - 1 - margin).all())


def _crossed(quad: np.ndarray, sides: list[Side], sp: SideParams, mask: np.ndarray) -> bool:
    """Does a long straight stretch lie wholly inside the quad (both its ends well
    within)? A field's inside holds its centre's curves and the symbol's strokes; the edge
    of a card lying on (or within) the quad runs straight through it, with that card's
    border on its light side and a field (its own, or the lower card's) a few border widths
    on. A stretch with paper as far on (``inner_paper_probe``) is the flank of the field's
    own centre, or a bold stroke on it. ``mask``: the dark mask the sides were found in."""
    if sp.max_inner_run <= 0:
        return False
    q = quad.astype(np.float64)
    centre = q.mean(axis=0)
    inner = (centre + (q - centre) * sp.inner_shrink).astype(np.float32).reshape(-1, 1, 2)
    short = float(min(np.linalg.norm(q[1] - q[0]), np.linalg.norm(q[2] - q[1])))
    for s in sides:
        for t0, t1 in s.stretches:
            if t1 - t0 < sp.max_inner_run * short:
                continue
            ends = [(s.point[0] + s.along[0] * t, s.point[1] + s.along[1] * t) for t in (t0, t1)]
            if not all(cv2.pointPolygonTest(inner, (float(x), float(y)), False) > 0 for x, y in ends):
                continue
            if sp.inner_paper_probe <= 0 or not _paper_beyond(s, t0, t1, sp.inner_paper_probe * short, mask):
                return True
    return False


def _paper_beyond(side: Side, t0: float, t1: float, depth: float, mask: np.ndarray) -> bool:
    """Is the mask light (paper) ``depth`` px beyond the stretch t0..t1 on its light side,
    along most of it (five of seven points)?"""
    height, width = mask.shape
    t = np.linspace(t0 + 0.2 * (t1 - t0), t1 - 0.2 * (t1 - t0), 7)
    xs = np.round(side.point[0] + side.along[0] * t - side.normal[0] * depth).astype(np.int64)
    ys = np.round(side.point[1] + side.along[1] * t - side.normal[1] * depth).astype(np.int64)
    inside = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    light = inside & (mask[np.clip(ys, 0, height - 1), np.clip(xs, 0, width - 1)] == 0)
    return int(np.count_nonzero(light)) >= 5


def _round_white_card(mask: np.ndarray, quad: np.ndarray, sp: SideParams) -> bool:
    """Is the quad the dark halo round a white card or sheet (the local mask darkens a
    plain table near something bright)? Its paper is then one rectangle filling most of
    it, where a field's centre is an oval or a disc (and its corner marks are small)."""
    height, width = mask.shape
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + 1, (width, height))
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(inside, [np.round(quad - (x0, y0)).astype(np.int32)], 255)
    paper = cv2.bitwise_and(inside, cv2.bitwise_not(mask[y0:y1, x0:x1]))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=8)
    if count < 2:
        return False
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    area = float(stats[biggest, cv2.CC_STAT_AREA])
    if area < sp.max_white_share * cv2.countNonZero(inside):
        return False
    outline, _ = cv2.findContours((labels == biggest).astype(np.uint8), cv2.RETR_EXTERNAL,
                                  cv2.CHAIN_APPROX_SIMPLE)
    (_, _), (w, h), _ = cv2.minAreaRect(np.vstack(outline))
    return area > sp.white_card_fill * w * h


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """The area two convex quads share, as a share of the smaller one's."""
    shared, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(shared) / max(1.0, min(cv2.contourArea(a), cv2.contourArea(b)))
