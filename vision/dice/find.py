"""Finding die tops: small, near-square fields of one die colour (or black) in the frame.

A die's top face, seen from 30-50 cm, is a coloured (red, yellow, green, blue) or black
field 25-45 px wide with a white mark in it; beside it, foreshortened and darker, are one or
two side faces. The search runs on a half-size frame: each pixel gets a field class from
its hue (saturated pixels) or its darkness (black), each class's regions are outlined, and
those the size and shape of a die's face become candidates. A face whose neighbour shares
its colour class merges with it; the crease between them is darker than either face (a
rounded edge turns away from the light), so regions that fail the shape test are cut along
their dark creases and eroded apart and tried again. Which candidate of a die is the top is
decided later, by reading them (``vision.dice.recognizer``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .outline import OutlineParams, refine_outline

#: Field classes in the order of the class image's values 1..5.
FIELD_CLASSES: tuple[str, ...] = ("red", "yellow", "green", "blue", "black")


@dataclass(frozen=True)
class FindParams:
    """Tuning of the search; sizes are shares of the frame's width so any frame size works."""

    #: The search runs on the frame scaled by this.
    work_scale: float = 0.5
    #: A field's side, as seen, is between these shares of the frame's width.
    min_side: float = 0.022
    max_side: float = 0.12
    #: A coloured field pixel: saturation and value (0-255) at least these.
    min_saturation: int = 60
    min_value: int = 40
    #: Hue ranges (OpenCV units, 0-180) of the four colours: red wraps around 0.
    red_hues: tuple[int, int] = (165, 12)
    yellow_hues: tuple[int, int] = (12, 40)
    green_hues: tuple[int, int] = (40, 88)
    blue_hues: tuple[int, int] = (88, 135)
    #: A coloured field pixel's darkest channel is below this share of the local bright
    #: level (white plastic tinted by a neighbouring field is not field).
    max_whiteness: float = 0.55
    #: A black field pixel: value below this share of the local bright level.
    black_value: float = 0.3
    #: "Local" is a square this share of the frame's width.
    local_size: float = 0.06
    #: Longest over shortest side of the field's rotated box (a top seen at 45 degrees
    #: is 1.41; a side face is usually longer).
    max_aspect: float = 1.55
    #: The field's convex hull fills at least this share of its rotated box.
    min_fill: float = 0.72
    #: The field's own area over its hull's (the mark may cut into it).
    min_solidity: float = 0.45
    #: Creases: pixels darker than this share of the local brightest are cut away.
    crease_ratio: float = 0.8
    #: A face-shaped region with more than this share of creased pixels is split too.
    crease_share: float = 0.12
    #: Open each class's mask (3x3) first: one-pixel bridges through a tinted white margin
    #: do not join a field to the table.
    open_masks: bool = False
    #: Cut the classes along brightness edges of at least this (Sobel units) on the
    #: slightly blurred value image, so a face and a same-coloured neighbour come apart.
    edge_cut: float = 0.0
    #: A refined outline's corners are within about 40 degrees of square (cosine).
    max_corner_cos: float = 0.65
    #: Refine each candidate's outline at full resolution (``outline``).
    refine: bool = True
    outline: OutlineParams = field(default_factory=OutlineParams)
    #: Two candidates whose centres are closer than this share of their size are one.
    same_distance: float = 0.35


@dataclass(frozen=True, eq=False)
class TopCandidate:
    """A near-square field: its four corners in frame px (clockwise), its class, its size
    (mean side, px) and how it was found (``"plain"``, ``"crease"`` or ``"eroded"``, and
    ``"+"`` when its outline was refined at full resolution)."""

    quad: np.ndarray
    field: str
    side: float
    how: str
    mid: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def of(cls, quad: np.ndarray, field: str, how: str) -> "TopCandidate":
        q = np.asarray(quad, np.float32)
        side = float(np.sqrt(max(cv2.contourArea(q), 1.0)))
        m = q.mean(axis=0)
        return cls(q, field, side, how, (float(m[0]), float(m[1])))

    def centre(self) -> np.ndarray:
        return np.array(self.mid)


def class_image(hsv: np.ndarray, whiteness: np.ndarray, params: FindParams) -> np.ndarray:
    """uint8 image of field classes: 1..4 the colours (FIELD_CLASSES order), 5 black, 0 none.

    "Bright" is local: the brightest value within about a die's width (its white mark or
    plastic), so a dim corner of the frame keeps its dice and a tinted white is not a field.
    """
    lut = np.zeros(256, np.uint8)
    for value, (lo, hi) in enumerate((params.red_hues, params.yellow_hues, params.green_hues,
                                      params.blue_hues), start=1):
        if lo <= hi:
            lut[lo:hi] = value
        else:
            lut[lo:180] = value
            lut[0:hi] = value
    h, s, v = cv2.split(hsv)
    classes = cv2.LUT(h, lut)
    k = max(3, int(round(params.local_size * hsv.shape[1])) | 1)
    bright = cv2.dilate(v, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    chroma = cv2.min(cv2.compare(s, params.min_saturation, cv2.CMP_GE),
                     cv2.compare(v, params.min_value, cv2.CMP_GE))
    # White plastic tinted by its field (JPEG's chroma blur) is bright in all three channels.
    pale = cv2.compare(whiteness, cv2.convertScaleAbs(bright, alpha=params.max_whiteness), cv2.CMP_LE)
    classes = cv2.bitwise_and(classes, cv2.min(chroma, pale))
    black = cv2.compare(v, cv2.convertScaleAbs(bright, alpha=params.black_value), cv2.CMP_LT)
    classes[black > 0] = 5
    return classes


def edge_mask(value: np.ndarray, params: FindParams) -> np.ndarray:
    """255 where the brightness changes steeply: the outlines between faces and the table."""
    return cv2.Canny(value, params.edge_cut / 2, params.edge_cut, L2gradient=True)


def _order_clockwise(quad: np.ndarray) -> np.ndarray:
    """Four points clockwise (image y down) starting from the one nearest the top-left."""
    c = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    q = quad[np.argsort(ang)]
    start = int(np.argmin(q[:, 0] + q[:, 1]))
    return np.roll(q, -start, axis=0).astype(np.float32)


def _quad_of(contour: np.ndarray) -> np.ndarray:
    """Four corners for a field's outline: a line fitted to each side (the points between
    the rounded corners), adjacent lines intersected; the rotated box when that fails."""
    pts = cv2.convexHull(contour.reshape(-1, 1, 2)).reshape(-1, 2).astype(np.float32)
    box = cv2.minAreaRect(pts)
    fallback = _order_clockwise(cv2.boxPoints(box))
    (cx, cy), (w, h), angle = box
    if min(w, h) < 4:
        return fallback
    pts = _dense(pts)
    a = np.deg2rad(angle)
    ux, uy = np.cos(a), np.sin(a)
    rel = pts - (cx, cy)
    u = (rel[:, 0] * ux + rel[:, 1] * uy) / (w / 2)
    v = (-rel[:, 0] * uy + rel[:, 1] * ux) / (h / 2)
    lines = []
    for side in ((u > 0) & (np.abs(v) < 0.7), (v > 0) & (np.abs(u) < 0.7),
                 (u < 0) & (np.abs(v) < 0.7), (v < 0) & (np.abs(u) < 0.7)):
        if int(side.sum()) < 3:
            return fallback
        vx, vy, x0, y0 = cv2.fitLine(pts[side], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((float(vx), float(vy), float(x0), float(y0)))
    corners = []
    for i in range(4):
        p = _intersect(lines[i], lines[(i + 1) % 4])
        if p is None:
            return fallback
        corners.append(p)
    quad = np.array(corners, np.float32)
    if np.max(np.abs(quad - quad.mean(axis=0))) > 1.5 * max(w, h):
        return fallback
    return _order_clockwise(quad)


def _dense(pts: np.ndarray) -> np.ndarray:
    """The outline's points with the straight runs CHAIN_APPROX_SIMPLE dropped put back
    (one point per pixel), so a fitted line weighs each side by its length."""
    nxt = np.roll(pts, -1, axis=0)
    steps = np.maximum(np.abs(nxt - pts).max(axis=1), 1).astype(int)
    if steps.max() <= 1:
        return pts
    idx = np.repeat(np.arange(len(pts)), steps)
    start = np.repeat(np.cumsum(steps) - steps, steps)
    frac = (np.arange(int(steps.sum())) - start) / np.repeat(steps, steps)
    return (pts[idx] + (nxt - pts)[idx] * frac[:, None].astype(np.float32)).astype(np.float32)


def _intersect(l1: tuple[float, float, float, float], l2: tuple[float, float, float, float]
               ) -> tuple[float, float] | None:
    vx1, vy1, x1, y1 = l1
    vx2, vy2, x2, y2 = l2
    det = vx1 * (-vy2) - vy1 * (-vx2)
    if abs(det) < 1e-3:
        return None
    t = ((x2 - x1) * (-vy2) - (y2 - y1) * (-vx2)) / det
    return x1 + t * vx1, y1 + t * vy1


def _shape_ok(contour: np.ndarray, min_side: float, max_side: float,
              params: FindParams) -> bool:
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    if min(w, h) < min_side or max(w, h) > max_side:
        return False
    if max(w, h) > params.max_aspect * max(min(w, h), 1e-6):
        return False
    hull = cv2.convexHull(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area < params.min_fill * w * h:
        return False
    return cv2.contourArea(contour) >= params.min_solidity * hull_area


def _contours(mask: np.ndarray) -> list[np.ndarray]:
    """Outer boundaries of every connected region, also those inside another region's hole
    (a red die's field inside the white ring of its plastic, on a red cloth)."""
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)[-2:]
    if hierarchy is None:
        return []
    return [c for c, h in zip(contours, hierarchy[0]) if h[3] < 0]


def find_tops(frame_bgr: np.ndarray, params: FindParams | None = None) -> list[TopCandidate]:
    """Every near-square die-face field in the frame (tops and the squarest side faces)."""
    params = params or FindParams()
    s = params.work_scale
    small = cv2.resize(frame_bgr, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s != 1 else frame_bgr
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    b, g, r = cv2.split(small)
    classes = class_image(hsv, cv2.min(cv2.min(b, g), r), params)
    value = hsv[..., 2]
    if params.edge_cut:
        classes[edge_mask(value, params) > 0] = 0
    width = small.shape[1]
    min_side, max_side = params.min_side * width, params.max_side * width
    min_area = 0.5 * min_side * min_side
    out: list[TopCandidate] = []
    kernel = np.ones((3, 3), np.uint8)
    for index, name in enumerate(FIELD_CLASSES, start=1):
        mask = cv2.compare(classes, index, cv2.CMP_EQ)
        if params.open_masks:
            mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        for contour in _contours(mask):
            area = cv2.contourArea(contour)
            if area < min_area:
                continue
            plain = _shape_ok(contour, min_side, max_side, params)
            if plain:
                out.append(TopCandidate.of(_quad_of(contour) / s, name, "plain"))
                if not _creased(value, contour, params):
                    continue
            out += [TopCandidate.of(q / s, name, how)
                    for q, _, how in _split(mask, value, contour, min_side, max_side, params)]
    out = _dedupe(out, params)
    if params.refine:
        out = _dedupe([_refined(frame_bgr, c, params) for c in out], params)
    return out


def _refined(frame_bgr: np.ndarray, cand: TopCandidate, params: FindParams) -> TopCandidate:
    """The candidate with its outline refined at full resolution, when that succeeds and
    still looks like a face."""
    quad = refine_outline(frame_bgr, cand.quad, params.outline, _quad_of)
    if quad is None:
        return cand
    width = frame_bgr.shape[1]
    if not _quad_shape_ok(quad, params.min_side * width, params.max_side * width, params):
        return cand
    return TopCandidate.of(quad, cand.field, cand.how + "+")


def _quad_shape_ok(quad: np.ndarray, min_side: float, max_side: float, params: FindParams) -> bool:
    q = np.asarray(quad, np.float64)
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    if min(a, b) < min_side or max(a, b) > max_side or max(a, b) > params.max_aspect * min(a, b):
        return False
    if sides.min() < 0.6 * sides.mean():
        return False
    edges = np.roll(q, -1, axis=0) - q
    cosines = [abs(float(np.dot(edges[i], edges[i - 1]))) / max(sides[i] * sides[i - 1], 1e-9)
               for i in range(4)]
    if max(cosines) > params.max_corner_cos:
        return False
    return cv2.isContourConvex(np.round(q * 4).astype(np.int32))


def _mean_side(contour: np.ndarray) -> float:
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    return float(w + h) / 2


def _creased(value: np.ndarray, contour: np.ndarray, params: FindParams) -> bool:
    """True when a region that passed as one face has a darker part (a side face of the
    same colour joined to the top, seen as one near-square)."""
    x, y, w, h = cv2.boundingRect(contour)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [contour - [x, y]], -1, 255, -1)
    v = value[y:y + h, x:x + w][region > 0]
    if v.size < 8:
        return False
    top = float(np.percentile(v, 90))
    return float(np.mean(v < params.crease_ratio * top)) > params.crease_share


def _split(mask: np.ndarray, value: np.ndarray, contour: np.ndarray, min_side: float,
           max_side: float, params: FindParams) -> list[tuple[np.ndarray, float, str]]:
    """Try to cut a region that is not one face into faces: along its dark creases, then by
    eroding thin joins apart. Returns (quad, side, how) in work-image px."""
    x, y, w, h = cv2.boundingRect(contour)
    if w > 6 * max_side or h > 6 * max_side:
        return []
    pad = 2
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, mask.shape[1]), min(y + h + pad, mask.shape[0])
    region = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(region, [contour - [x0, y0]], -1, 255, -1, offset=(0, 0))
    region = cv2.bitwise_and(region, mask[y0:y1, x0:x1])
    v = value[y0:y1, x0:x1]
    k = max(3, int(round(min_side * 0.8)) | 1)
    local_max = cv2.dilate(cv2.bitwise_and(v, region), cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    bright = cv2.compare(v.astype(np.float32), local_max.astype(np.float32) * params.crease_ratio,
                         cv2.CMP_GE)
    found = []
    for how, piece_mask in (("crease", cv2.bitwise_and(region, bright)),
                            ("eroded", cv2.erode(region, np.ones((3, 3), np.uint8)))):
        grow = 1.0 if how == "eroded" else 0.0
        for piece in _contours(piece_mask):
            if cv2.contourArea(piece) < 0.4 * min_side * min_side:
                continue
            if _shape_ok(piece, min_side - 2 * grow, max_side, params):
                q = _quad_of(piece)
                if grow:
                    c = q.mean(axis=0)
                    d = q - c
                    q = c + d * (1 + 2 * grow / max(_mean_side(piece), 1.0))
                found.append((q + [x0, y0], _mean_side(piece) + 2 * grow, how))
        if found:
            break
    return found


def _dedupe(cands: list[TopCandidate], params: FindParams) -> list[TopCandidate]:
    """One candidate per place and class: the plain finding beats a split one."""
    rank = {"plain": 0, "crease": 1, "eroded": 2}
    kept: list[TopCandidate] = []
    for c in sorted(cands, key=lambda c: rank[c.how.rstrip("+")]):
        if all(k.field != c.field or max(c.side, k.side) > 1.25 * min(c.side, k.side)
               or np.linalg.norm(c.centre() - k.centre()) > params.same_distance * min(c.side, k.side)
               for k in kept):
            kept.append(c)
    return kept
