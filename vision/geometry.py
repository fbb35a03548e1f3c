"""Geometry of a card in the image: quadrilaterals, their corner order, the card's outline from
its field's, and flattening a card to a fixed size. Fitting a quad to an outline, and asking how
well an outline follows one, is in :mod:`vision.quad_fit`.

Corners are (4, 2) float32 arrays, clockwise as seen on screen (image y grows downwards).
A card's corners start at its own top-left; :func:`portrait_order` starts at the top-left
the card would have if it lay upright, and :func:`rotate_half_turn` turns that round.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

#: A card of UNO Dare! is 56 mm x 87 mm: width over height.
CARD_ASPECT = 56.0 / 87.0


@dataclass(frozen=True)
class CardGeometry:
    """Where the coloured field sits on a card: the white border's width as a fraction of the
    card's width (the same millimetres on all four sides).

    A deck profile carries its own; the default fits printed decks.
    """

    border: float = 0.047

    @property
    def border_y(self) -> float:
        """The border as a fraction of the card's height."""
        return self.border * CARD_ASPECT

    @functools.cached_property
    def field_aspect(self) -> float:
        """Field width / field height on the flat card (the search asks for it per quad)."""
        return CARD_ASPECT * (1 - 2 * self.border) / (1 - 2 * self.border_y)

    def field_rect(self, width: int, height: int) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the field in a card flattened to width x height pixels."""
        bx, by = self.border * width, self.border_y * height
        return bx, by, width - bx, height - by


def corner_windows(width: int, height: int, geometry: CardGeometry) -> tuple[tuple[slice, slice], tuple[slice, slice]]:
    """The field's top-left and bottom-right windows (rows, columns) of a card flattened
    to ``width`` x ``height``, where a card prints its index again."""
    fx0, fy0, fx1, fy1 = geometry.field_rect(width, height)
    x0, y0 = int(np.ceil(fx0)) + 1, int(np.ceil(fy0)) + 1
    x1, y1 = int(fx0 + 0.42 * (fx1 - fx0)), int(fy0 + 0.26 * (fy1 - fy0))
    return ((slice(y0, y1), slice(x0, x1)), (slice(height - y1, height - y0), slice(width - x1, width - x0)))


#: A quad's corners in turn: the next, the previous, the opposite one. Taken with
#: ``quad.take(_NEXT, axis=0)``: the same rows as ``quad[_NEXT]``, for a third of its cost
#: (numpy's fancy indexing sets up an iterator that four rows do not pay back).
_NEXT = np.array([1, 2, 3, 0])
_PREVIOUS = np.array([3, 0, 1, 2])
_OPPOSITE = np.array([2, 3, 0, 1])


def order_clockwise(points: np.ndarray) -> np.ndarray:
    """Four points sorted clockwise as seen on screen (image y grows downwards)."""
    pts = np.asarray(points, dtype=np.float32).reshape(4, 2)
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = pts.tolist()
    cx, cy = (x0 + x1 + x2 + x3) / 4, (y0 + y1 + y2 + y3) / 4
    angle = (math.atan2(y0 - cy, x0 - cx), math.atan2(y1 - cy, x1 - cx),
             math.atan2(y2 - cy, x2 - cx), math.atan2(y3 - cy, x3 - cx))
    # take() rather than pts[order]: the same rows, but numpy's fancy indexing costs
    # ~3x as much on four rows, and every search's blob and pair comes through here.
    return pts.take(sorted(range(4), key=angle.__getitem__), axis=0)


def portrait_order(quad: np.ndarray) -> np.ndarray:
    """Start the clockwise quad so that its first side is a short side, the upper one if
    the card is seen roughly upright."""
    q = order_clockwise(quad)
    d = q - q.take(_NEXT, axis=0)
    sides = np.sqrt((d * d).sum(axis=1))
    if sides[0] + sides[2] > sides[1] + sides[3]:
        q = q.take(_NEXT, axis=0)
    # Of the two short sides, start on the one nearer the top of the image.
    if (q[0, 1] + q[1, 1]) > (q[2, 1] + q[3, 1]):
        q = q.take(_OPPOSITE, axis=0)
    return q


def rotate_half_turn(quad: np.ndarray) -> np.ndarray:
    """The same quad seen from the card's other end (the card read upside down)."""
    return np.asarray(quad).take(_OPPOSITE, axis=0)  # np.roll(quad, -2, axis=0), ~7x dearer


class FlatView(NamedTuple):
    """What a quad says about the rectangle it shows, for a known camera (see :func:`flat_view`)."""

    #: Short/long side ratio of the rectangle lying flat.
    aspect: float
    #: Angle (degrees) between the rectangle's plane and the image plane: the camera's tilt
    #: over the table, the same for every card lying on it.
    tilt: float
    #: |cos| of the angle between the rectangle's two sides in space: 0 for a true
    #: rectangle; a quad that is no rectangle's view (a card's field cut by another card's
    #: slanting edge) has no right angle at any tilt.
    skew: float


def flat_view(quad: np.ndarray, focal: float, centre: tuple[float, float]) -> FlatView | None:
    """How the rectangle seen as the clockwise ``quad`` lies, for a pinhole camera of focal
    length ``focal`` (px) whose axis meets the image at ``centre``; None when the quad is
    degenerate.

    A camera tilted over the table foreshortens the sides running away from it, more
    towards the frame's edge: a card there can look nearly square. Its sides then
    converge, and with the focal length that tells how the card lies (Zhang and He,
    "Whiteboard scanning and image enhancement", 2007). A wrong focal length errs little:
    a tenth of the focal length changes a strongly tilted card's ratio by about 3%.
    """
    (x1, y1), (x2, y2), (x4, y4), (x3, y3) = (
        (x - centre[0], y - centre[1]) for x, y in np.asarray(quad, np.float64).reshape(4, 2).tolist())

    def triple(ax, ay, bx, by, cx, cy):  # (a x b) . c for homogeneous points (x, y, 1)
        return (ay - by) * cx + (bx - ax) * cy + (ax * by - ay * bx)

    den2, den3 = triple(x2, y2, x4, y4, x3, y3), triple(x3, y3, x4, y4, x2, y2)
    if abs(den2) < 1e-9 or abs(den3) < 1e-9:
        return None
    k2, k3 = triple(x1, y1, x4, y4, x3, y3) / den2, triple(x1, y1, x4, y4, x2, y2) / den3
    # The two sides' directions in camera space (up to scale): K^-1 (k m - m1).
    r1 = ((k2 * x2 - x1) / focal, (k2 * y2 - y1) / focal, k2 - 1.0)
    r2 = ((k3 * x3 - x1) / focal, (k3 * y3 - y1) / focal, k3 - 1.0)
    l1, l2 = math.hypot(*r1), math.hypot(*r2)
    if not (l1 > 1e-12 and l2 > 1e-12 and math.isfinite(l1) and math.isfinite(l2)):
        return None
    normal = (r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2],
              r1[0] * r2[1] - r1[1] * r2[0])
    size = math.hypot(*normal)
    if size < 1e-12 * l1 * l2:
        return None
    tilt = math.degrees(math.acos(min(1.0, abs(normal[2]) / size)))
    skew = abs(r1[0] * r2[0] + r1[1] * r2[1] + r1[2] * r2[2]) / (l1 * l2)
    return FlatView(min(l1 / l2, l2 / l1), tilt, skew)


def card_from_field(field_quad: np.ndarray, geometry: CardGeometry) -> np.ndarray:
    """The card's outline from its field's quad (both ordered as :func:`portrait_order`)."""
    m = cv2.getPerspectiveTransform(_field_unit(geometry.border, geometry.border_y),
                                    field_quad.astype(np.float32))
    return cv2.perspectiveTransform(_CARD_UNIT, m).reshape(4, 2)


_CARD_UNIT = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32).reshape(-1, 1, 2)
_CARD_UNIT.flags.writeable = False


@functools.lru_cache(maxsize=8)
def _field_unit(bx: float, by: float) -> np.ndarray:
    """The field's corners on a unit card with borders ``bx``, ``by`` (read-only)."""
    unit = np.array([[bx, by], [1 - bx, by], [1 - bx, 1 - by], [bx, 1 - by]], np.float32)
    unit.flags.writeable = False
    return unit


def warp_card(frame_bgr: np.ndarray, card_quad: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The card flattened to ``size`` = (width, height) pixels, top-left first."""
    w, h = size
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(card_quad.astype(np.float32), dst)
    return cv2.warpPerspective(frame_bgr, m, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
