"""Finding die tops: small, near-square fields of one die colour (or black) with a mark in them.

A die's top face, seen from 30-50 cm, is a coloured (red, yellow, green, blue) or black
field 25-45 px wide with a white mark (or, on a wild, the four-colour emblem) in its middle;
beside it, foreshortened and darker, are one or two side faces. The search runs on a
half-size frame (``fields``): each class's regions are outlined, and those the size and
shape of a face with a mark inside become candidates. A face whose neighbour shares its
class merges with it: a region a little too big is cut along its dark creases (the rounded
edge between a top and a side turns from the light) or eroded apart, and a white mark that
no candidate holds (a die on a cloth of its own colour) seeds one. Every candidate's outline
is then refined at full resolution from its own field colour (``outline``); one whose field
runs on past a face's reach is dropped. Which candidate of a die is its top is decided by
reading them (``recognizer``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .fields import BLACK_CLASS, FIELD_CLASSES, FieldImages, FieldParams, field_images
from .geometry import box_quad, face_like, order_clockwise, quantile
from .outline import OutlineParams, refine_outline


@dataclass(frozen=True)
class FindParams:
    """Tuning of the search; sizes are shares of the frame's width so any frame size works."""

    #: The search runs on the frame scaled by this.
    work_scale: float = 0.5
    fields: FieldParams = field(default_factory=FieldParams)
    #: A field's side, as seen, is between these shares of the frame's width.
    min_side: float = 0.022
    max_side: float = 0.12
    #: A region worth outlining fills this share of its upright bounding box (a square
    #: turned 45 degrees fills half; its mark and rounded corners take some) and is at
    #: most this elongated.
    min_box_fill: float = 0.25
    max_box_aspect: float = 3.0
    #: Longest over shortest side of the field's rotated box (a top seen at 45 degrees
    #: is 1.41; a side face is usually longer).
    max_aspect: float = 1.55
    #: The field's convex hull fills at least this share of its rotated box.
    min_fill: float = 0.72
    #: The field's own area over its hull's: a mark that reaches the edge (a skip's ring, a
    #: wild's emblem) leaves a broken ring of field.
    min_solidity: float = 0.1
    #: Creases: pixels darker than this share of the region's bright level are cut away
    #: when more than ``crease_share`` of a face-shaped region is that dark.
    crease_ratio: float = 0.8
    crease_share: float = 0.12
    #: Regions up to this many largest faces wide, and this many largest faces' area, are
    #: split; bigger ones are searched for marks.
    split_reach: float = 2.2
    split_area: float = 2.0
    #: A mark is a pixel this much whiter (darkest channel, 0-255) than the middle of its
    #: field, when not white outright.
    mark_contrast: float = 50.0
    #: A mark's longer side over its face's side: the range searched, and the guess a seed's
    #: size is taken from (the outline's refinement finds the real one).
    mark_size: tuple[float, float] = (0.3, 0.8)
    mark_share: float = 0.6
    #: Most seeds taken from marks per frame (nearest the frame's centre first).
    max_seeds: int = 12
    #: A refined outline's corners are within about 50 degrees of square (cosine).
    max_corner_cos: float = 0.65
    outline: OutlineParams = field(default_factory=OutlineParams)
    #: Two candidates of a class whose centres are closer than this share of their size,
    #: and whose sizes differ by less than a quarter, are one.
    same_distance: float = 0.35


@dataclass(frozen=True, eq=False)
class TopCandidate:
    """A face-like field: four corners in frame px (clockwise), its class, its size (px)
    and how it was found: ``"plain"``, ``"crease"``, ``"eroded"`` or ``"mark"`` (a seed),
    with ``"+"`` when its outline was refined at full resolution."""

    quad: np.ndarray
    field: str
    side: float
    how: str
    mid: tuple[float, float]

    @classmethod
    def of(cls, quad: np.ndarray, field_class: str, how: str) -> "TopCandidate":
        q = np.asarray(quad, np.float32)
        side = float(np.sqrt(max(cv2.contourArea(q), 1.0)))
        m = q.mean(axis=0)
        return cls(q, field_class, side, how, (float(m[0]), float(m[1])))

    def centre(self) -> np.ndarray:
        return np.array(self.mid)


def _shape_ok(contour: np.ndarray, min_side: float, max_side: float, params: FindParams) -> bool:
    """A face's size and near-square shape."""
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    if min(w, h) < min_side or max(w, h) > max_side or max(w, h) > params.max_aspect * min(w, h):
        return False
    hull_area = cv2.contourArea(cv2.convexHull(contour))
    if hull_area < params.min_fill * w * h:
        return False
    return cv2.contourArea(contour) >= params.min_solidity * hull_area


def _marked(img: FieldImages, contour: np.ndarray, index: int, contrast: float) -> bool:
    """Whether the middle of a face-shaped region holds a mark: a pixel too white to be any
    field or clearly whiter than the region's own field (a small mark blurred into it), or
    (on black) two or more of the four colours."""
    (cx, cy), (w, h), _ = cv2.minAreaRect(contour)
    r = max(1, int(0.3 * min(w, h)))
    x, y = int(round(cx)), int(round(cy))
    sl = (slice(max(y - r, 0), y + r + 1), slice(max(x - r, 0), x + r + 1))
    if img.pale[sl].any():
        return True
    white = img.whiteness[sl]
    if white.size and float(white.max()) - float(white.mean()) >= contrast:
        return True
    if index != BLACK_CLASS:
        return False
    colours = np.unique(img.classes[sl])
    return int(np.sum((colours >= 1) & (colours <= 4))) >= 2


def _creased(value: np.ndarray, contour: np.ndarray, params: FindParams) -> bool:
    """True when a region that passed as one face has a darker part (a side face of the
    same colour joined to the top, seen together as one near-square)."""
    x, y, w, h = cv2.boundingRect(contour)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [contour - [x, y]], -1, 255, -1)
    v = value[y:y + h, x:x + w][region > 0]
    if v.size < 8:
        return False
    top = quantile(v, 0.9)
    return float(np.mean(v < params.crease_ratio * top)) > params.crease_share


def _split(labels: np.ndarray, label: int, img: FieldImages, contour: np.ndarray, index: int,
           min_side: float, max_side: float, params: FindParams) -> list[tuple[np.ndarray, str]]:
    """Faces cut out of a region that is more than one face: along its dark creases, else by
    eroding thin joins apart. Returns (quad, how) in search px."""
    x, y, w, h = cv2.boundingRect(contour)
    x0, y0 = max(x - 2, 0), max(y - 2, 0)
    x1, y1 = min(x + w + 2, labels.shape[1]), min(y + h + 2, labels.shape[0])
    region = cv2.compare(labels[y0:y1, x0:x1], label, cv2.CMP_EQ)
    v = img.value[y0:y1, x0:x1]
    k = max(3, int(round(min_side * 0.8)) | 1)
    local = cv2.dilate(cv2.bitwise_and(v, region), cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    lit = cv2.compare(v, cv2.convertScaleAbs(local, alpha=params.crease_ratio), cv2.CMP_GE)
    found: list[tuple[np.ndarray, str]] = []
    for how, pieces in (("crease", cv2.bitwise_and(region, lit)),
                        ("eroded", cv2.erode(region, np.ones((3, 3), np.uint8)))):
        grow = 1.0 if how == "eroded" else 0.0
        for piece in cv2.findContours(pieces, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[-2]:
            piece = piece + [x0, y0]
            if cv2.contourArea(piece) < 0.4 * min_side * min_side:
                continue
            if _shape_ok(piece, min_side - 2 * grow, max_side, params) and \
                    _marked(img, piece, index, params.mark_contrast):
                q = box_quad(piece)
                if grow:
                    c = q.mean(axis=0)
                    q = c + (q - c) * (1 + 2 * grow / max(float(np.sqrt(cv2.contourArea(q))), 1.0))
                found.append((q, how))
        if found:
            break
    return found


def _seeds(img: FieldImages, taken: list[TopCandidate], scale: float, min_side: float,
           max_side: float, params: FindParams, box: tuple[int, int, int, int] | None = None
           ) -> list[TopCandidate]:
    """Marks no candidate holds (a die on a cloth of its own colour, joined to it): white
    blobs of a mark's size ringed by one field colour, within ``box`` (x0, y0, x1, y1 in
    search px) when given. Returns rough squares (frame px) about the face each mark would
    sit in, nearest the frame's centre first."""
    lo, hi = params.mark_size
    bx0, by0, bx1, by1 = box or (0, 0, img.pale.shape[1], img.pale.shape[0])
    n, _, stats, centres = cv2.connectedComponentsWithStats(img.pale[by0:by1, bx0:bx1], connectivity=8)
    if n <= 1:
        return []
    centres = centres + (bx0, by0)
    length = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    ok = (length >= lo * min_side) & (length <= hi * max_side) & (stats[:, cv2.CC_STAT_AREA] >= 4)
    ok[0] = False
    hh, ww = img.classes.shape
    mid = np.array([ww / 2, hh / 2])
    ids = sorted(np.flatnonzero(ok), key=lambda i: float(np.hypot(*(centres[i] - mid))))
    held = np.array([c.mid for c in taken], np.float64).reshape(-1, 2) * scale
    sides = np.array([c.side for c in taken], np.float64) * scale
    angles = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    ring = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    out: list[TopCandidate] = []
    for i in ids:
        c = centres[i]
        if len(held) and np.any(np.hypot(*(held - c).T) < 0.5 * sides):
            continue
        r = 0.5 * length[i] * 1.3 + 1
        pts = np.round(c + ring * r).astype(int)
        inside = (pts[:, 0] >= 0) & (pts[:, 0] < ww) & (pts[:, 1] >= 0) & (pts[:, 1] < hh)
        if inside.sum() < 10:
            continue
        around = img.classes[pts[inside, 1], pts[inside, 0]]
        votes = np.bincount(around, minlength=6)
        cls = int(np.argmax(votes[1:5])) + 1
        if votes[cls] < 0.75 * len(around):
            continue
        side = length[i] / params.mark_share
        quad = order_clockwise(cv2.boxPoints(((float(c[0]), float(c[1])), (side, side), 0.0)))
        out.append(TopCandidate.of(quad / scale, FIELD_CLASSES[cls - 1], "mark"))
        if len(out) >= params.max_seeds:
            break
    return out


def _layers(classes: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, bool]]:
    """Connected regions of one class each: the four colours labelled together
    (4-connected, with a one-pixel cut where a colour meets another), black on its own, so
    specks of black in a dim field are holes, not cuts. Returns (labels, stats, is_black)
    per labelling."""
    colour = cv2.bitwise_and(classes, cv2.compare(classes, BLACK_CLASS, cv2.CMP_LT))
    mask = cv2.compare(colour, 0, cv2.CMP_GT)
    for a, b, target in ((colour[:, :-1], colour[:, 1:], mask[:, 1:]),
                         (colour[:-1, :], colour[1:, :], mask[1:, :])):
        cut = cv2.bitwise_and(cv2.compare(a, b, cv2.CMP_NE), cv2.compare(cv2.min(a, b), 0, cv2.CMP_GT))
        target[cut > 0] = 0
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    _, black, bstats, _ = cv2.connectedComponentsWithStats(
        cv2.compare(classes, BLACK_CLASS, cv2.CMP_EQ), connectivity=8)
    return [(labels, stats, False), (black, bstats, True)]


def _class_of(classes: np.ndarray, labels: np.ndarray, stats: np.ndarray, i: int) -> int:
    """The class of region ``i``: that of its first pixel on its bounding box's top row."""
    x, y, w = stats[i, 0], stats[i, 1], stats[i, 2]
    row = labels[y, x:x + w]
    return int(classes[y, x + int(np.argmax(row == i))])


def coarse_tops(frame_bgr: np.ndarray, params: FindParams | None = None,
                within: float | None = None) -> list[TopCandidate]:
    """Face-like fields from the half-size search (outlines not yet refined); only those
    within ``within`` frame px of the frame's centre, when given (the centre die's search
    need not outline the players' dice at the edges)."""
    params = params or FindParams()
    s = params.work_scale
    small = cv2.resize(frame_bgr, None, fx=s, fy=s, interpolation=cv2.INTER_AREA) if s != 1 else frame_bgr
    img = field_images(small, params.fields)
    width = small.shape[1]
    min_side, max_side = params.min_side * width, params.max_side * width
    min_area = 0.5 * min_side * min_side
    found: list[TopCandidate] = []
    for labels, stats, is_black in _layers(img.classes):
        width_, height_ = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
        length = np.maximum(width_, height_)
        area = stats[:, cv2.CC_STAT_AREA]
        ok = ((area >= min_area) & (length >= min_side) & (length <= params.split_reach * max_side)
              & (area >= params.min_box_fill * width_ * height_)
              & (length <= params.max_box_aspect * np.minimum(width_, height_)))
        ok[0] = False
        if within is not None:
            cx = stats[:, cv2.CC_STAT_LEFT] + width_ / 2 - small.shape[1] / 2
            cy = stats[:, cv2.CC_STAT_TOP] + height_ / 2 - small.shape[0] / 2
            ok &= np.hypot(cx, cy) <= within * s
        for i in np.flatnonzero(ok):
            index = BLACK_CLASS if is_black else _class_of(img.classes, labels, stats, int(i))
            found += _faces_in(img, labels, stats, int(i), index, s, min_side, max_side, params)
    found = _dedupe(found, params)
    box = None
    if within is not None:
        hh, ww = img.pale.shape
        r = within * s
        box = (max(int(ww / 2 - r), 0), max(int(hh / 2 - r), 0), min(int(ww / 2 + r) + 1, ww),
               min(int(hh / 2 + r) + 1, hh))
    return found + _seeds(img, found, s, min_side, max_side, params, box)


def _faces_in(img: FieldImages, labels: np.ndarray, stats: np.ndarray, i: int, index: int,
              scale: float, min_side: float, max_side: float, params: FindParams) -> list[TopCandidate]:
    """The face-like fields region ``i`` (of class ``index``) is or holds."""
    name = FIELD_CLASSES[index - 1]
    x, y, w, h = stats[i, :4]
    region = cv2.compare(labels[y:y + h, x:x + w], i, cv2.CMP_EQ)
    contour = max(cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[-2],
                  key=cv2.contourArea) + np.int32([x, y])
    marked = _marked(img, contour, index, params.mark_contrast)
    out = []
    if marked and _shape_ok(contour, min_side, max_side, params):
        out.append(TopCandidate.of(box_quad(contour) / scale, name, "plain"))
        if not _creased(img.value, contour, params):
            return out
    elif stats[i, cv2.CC_STAT_AREA] > params.split_area * max_side * max_side or not (
            marked or index == BLACK_CLASS):
        return out
    return out + [TopCandidate.of(q / scale, name, how)
                  for q, how in _split(labels, i, img, contour, index, min_side, max_side, params)]


def refine(frame_bgr: np.ndarray, cand: TopCandidate, params: FindParams) -> TopCandidate | None:
    """The candidate with its outline refined at full resolution; a plain candidate whose
    refinement fails stays as it was, a mark's seed is dropped, and so is any candidate
    whose field runs on past a face's reach."""
    seed = cand.how == "mark"
    quad, unbounded = refine_outline(frame_bgr, cand.quad, params.outline, seed)
    if unbounded:
        return None
    width = frame_bgr.shape[1]
    if quad is not None and face_like(quad, params.min_side * width, params.max_side * width,
                                      params.max_aspect, params.max_corner_cos):
        return TopCandidate.of(quad, cand.field, cand.how + "+")
    return None if seed else cand


def find_tops(frame_bgr: np.ndarray, params: FindParams | None = None) -> list[TopCandidate]:
    """Every face-like field in the frame (tops and the squarest side faces), refined."""
    params = params or FindParams()
    refined = [refine(frame_bgr, c, params) for c in coarse_tops(frame_bgr, params)]
    return _dedupe([c for c in refined if c is not None], params)


def _dedupe(cands: list[TopCandidate], params: FindParams) -> list[TopCandidate]:
    """One candidate per place, class and size: a plain finding beats a split one, and a
    split one a seed."""
    rank = {"plain": 0, "crease": 1, "eroded": 2, "mark": 3}
    kept: list[TopCandidate] = []
    for c in sorted(cands, key=lambda c: rank[c.how.rstrip("+")]):
        if all(k.field != c.field or max(c.side, k.side) > 1.25 * min(c.side, k.side)
               or np.hypot(c.mid[0] - k.mid[0], c.mid[1] - k.mid[1])
               > params.same_distance * min(c.side, k.side) for k in kept):
            kept.append(c)
    return kept
