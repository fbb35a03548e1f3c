"""How far a blob reaches into a card: the test, before a card answers, of whether a field
the search found run together with others may be a card lying on this one.

A lower card's field stops at the border of the card on it; a blob that reaches into a
card's inside is a card lying on it run together with a neighbour (or a finger), unless it
is a piece of the card's own field. Each polygon is drawn in an image of its own box (see
:func:`_drawn`), so the shares are the same wherever the card lies in the frame.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .pile_params import PileParams
from .quads import Candidate


def intrusion(outline: np.ndarray, card: Candidate, params: PileParams = PileParams()) -> float:
    """The share of ``card``'s inside (its card quad shrunk by ``intrusion_depth``) that
    the blob ``outline`` (frame px, any shape) covers. Lower cards' fields stop at a
    card's border; a blob that reaches into the card is a card lying on it run together
    with a neighbour (or a finger). A blob round the card's centre is the card's own
    field run together with another, and one lying within the card's field (``own_share``
    of it, the field grown by ``own_margin``) is a piece of that field (a tilted oval or
    a large disc cuts a field in two): both 0."""
    share = reach_into(outline, card, params)
    return 0.0 if share <= 0 or own_piece(outline, card, params) else share


def reach_into(outline: np.ndarray, card: Candidate, params: PileParams = PileParams()) -> float:
    """The share of ``card``'s inside that the blob ``outline`` covers, a piece of the
    card's own field or not (see :func:`intrusion`); 0 for a blob round the card's centre
    or lying apart."""
    points = outline.reshape(-1, 2)
    centre = card.card.sum(axis=0) / 4  # the mean of the four corners, as numpy's mean
    inner = centre + (1 - params.intrusion_depth) * (card.card - centre)
    xs, ys = inner.T.tolist()
    if not all(map(math.isfinite, xs + ys)):
        return 0.0
    x0, y0 = math.floor(min(xs)), math.floor(min(ys))
    x1, y1 = math.ceil(max(xs)) + 1, math.ceil(max(ys)) + 1
    if x1 - x0 < 2 or y1 - y0 < 2:
        return 0.0
    # The blob lies apart when its least x is past x1 + 1 or its greatest short of x0 - 1
    # (and so for y): told by the floors of both, but for a least coordinate whose floor is
    # x1 + 1 itself.
    low_x, low_y, high_x, high_y = _floor_box(points)
    if low_x > x1 + 1 or low_y > y1 + 1 or high_x < x0 - 1 or high_y < y0 - 1:
        return 0.0
    if low_x == x1 + 1 or low_y == y1 + 1:
        low = points.min(axis=0)
        if low[0] > x1 + 1 or low[1] > y1 + 1:
            return 0.0
    if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), (float(centre[0]), float(centre[1])), False) >= 0:
        return 0.0  # the card's own field, run together with a neighbour's
    offset = np.array([min(low_x, x0) - 1, min(low_y, y0) - 1], np.float32)
    inside = _drawn(np.round(inner - offset).astype(np.int32), convex=True)
    blob = _drawn(np.round(points - offset).astype(np.int32))
    return float(_common(blob, inside)) / max(1, cv2.countNonZero(inside[0]))


def own_piece(outline: np.ndarray, card: Candidate, params: PileParams = PileParams()) -> bool:
    """Does ``own_share`` of the blob ``outline`` lie within ``card``'s field grown by
    ``own_margin`` (a piece of that field: see :func:`intrusion`)?"""
    points = outline.reshape(-1, 2)
    field_centre = card.field.sum(axis=0) / 4
    field = field_centre + (1 + params.own_margin) * (card.field - field_centre)
    low_x, low_y, _, _ = _floor_box(points)
    xs, ys = field.T.tolist()
    offset = np.array([min(low_x, math.floor(min(xs))) - 1, min(low_y, math.floor(min(ys))) - 1],
                      np.float32)
    blob = _drawn(np.round(points - offset).astype(np.int32))
    within = _drawn(np.round(field - offset).astype(np.int32), convex=True)
    return _common(blob, within) >= params.own_share * max(1, cv2.countNonZero(blob[0]))


def _floor_box(points: np.ndarray) -> tuple[int, int, int, int]:
    """The floors of the least and the greatest x and y of ``points`` (N x 2, float32 or
    int32: as cv2.pointPolygonTest takes them)."""
    x, y, w, h = cv2.boundingRect(points)  # floors both ends (tested)
    return x, y, x + w - 1, y + h - 1


def _drawn(points: np.ndarray, convex: bool = False) -> tuple[np.ndarray, int, int]:
    """The polygon ``points`` (int px) filled in an image of its own box, and that box's
    origin. Drawn whole, as OpenCV draws an edge the image's border cuts a little
    differently: every pixel is where a larger image would have it."""
    x0, y0, w, h = cv2.boundingRect(points)
    image = np.zeros((h, w), np.uint8)
    if convex:
        cv2.fillConvexPoly(image, points - np.array([x0, y0], np.int32), 1)
    else:
        cv2.fillPoly(image, [points], 1, offset=(-x0, -y0))
    return image, x0, y0


def _common(a: tuple[np.ndarray, int, int], b: tuple[np.ndarray, int, int]) -> int:
    """How many pixels two of :func:`_drawn`'s images both fill."""
    (a, ax, ay), (b, bx, by) = a, b
    x0, y0 = max(ax, bx), max(ay, by)
    x1, y1 = min(ax + a.shape[1], bx + b.shape[1]), min(ay + a.shape[0], by + b.shape[0])
    if x1 <= x0 or y1 <= y0:
        return 0
    return cv2.countNonZero(cv2.bitwise_and(a[y0 - ay:y1 - ay, x0 - ax:x1 - ax],
                                            b[y0 - by:y1 - by, x0 - bx:x1 - bx]))


def nearness(points: np.ndarray, card: np.ndarray, reach: float) -> tuple[float, float]:
    """How near the polygon ``points`` (N x 2, float32) comes to the convex quad ``card``
    (4 x 2, float32): the distance between them (px, 0 when they overlap), and the length
    of its outline within ``reach`` px of the card's outline."""
    quad = card.astype(np.float64)
    pts = points.astype(np.float64)
    run = np.roll(quad, -1, axis=0) - quad  # its 4 sides
    rel = pts[:, None, :] - quad[None, :, :]  # N x 4 x 2
    along = np.clip((rel * run).sum(axis=2) / np.maximum((run * run).sum(axis=1), 1e-9), 0, 1)
    dist = np.sqrt(((rel - along[..., None] * run) ** 2).sum(axis=2)).min(axis=1)
    close = dist <= reach
    steps = np.sqrt(((np.roll(pts, -1, axis=0) - pts) ** 2).sum(axis=1))
    touch = float(steps[close & np.roll(close, -1)].sum())
    turn = run[:, 0] * rel[..., 1] - run[:, 1] * rel[..., 0]  # N x 4: which side of each
    if ((turn >= 0).all(axis=1) | (turn <= 0).all(axis=1)).any():
        return 0.0, touch  # a point of the blob lies inside the card
    # The card's corners may poke into the blob between its points.
    outline = points.reshape(-1, 1, 2)
    corner = max(cv2.pointPolygonTest(outline, (float(x), float(y)), True) for x, y in card.tolist())
    return max(0.0, min(float(dist.min()), -corner)), touch
