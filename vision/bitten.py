"""Fields a search finds by a blob's outline after something took part of it away or joined
something to it: a glare spot's bite out of a field (``bitten``), and the test every such
field must pass, that it lies in its card's white border (:func:`framed_by_paper`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from .fields import Candidate, in_frame, piece_groups, quad_shape_ok, thinned
from .geometry import CardGeometry, card_from_field, order_clockwise, portrait_order
from .quad_fit import refine_quad, side_supports

if TYPE_CHECKING:  # pragma: no cover
    from .quads import QuadParams


def bitten_fields(pieces: list[tuple], mask: np.ndarray, scale: float, geometry: CardGeometry,
                  params: QuadParams, whole: set[int] = frozenset()) -> list[Candidate]:
    """Fields a glare spot took a bite out of: glare on a glossy card washes a patch of its
    field (and the border beside it) as white as paper, so the blob left is no rounded
    rectangle. Its outline still follows the rest of the field's sides: the rotated box
    round the blob (or a pair of blobs, cut by the centre oval) is the field when the
    outline runs along two of its sides nearly all the way (``bite_sides``) and along a
    third for at least half (``bite_third``), and the blob fills at least ``bite_fill``.
    ``whole``: the pieces found to be fields whole already (not looked at again).
    A card lying on it takes a bite as well, with its own field reaching in from outside:
    a box another piece both reaches into (``bite_foreign`` of the box) and lies partly
    outside of is no bitten field (it is a lower card's, and not whole in view)."""
    size = (mask.shape[1], mask.shape[0])
    frame_area = float(size[0] * size[1])
    want = min(geometry.field_aspect, 1 / geometry.field_aspect)
    found = []
    for group in piece_groups(pieces, params, params.bite_min_area / params.min_area * frame_area):
        if whole.intersection(group):
            continue
        hull = pieces[group[0]][3] if len(group) == 1 else cv2.convexHull(
            np.vstack([pieces[i][3] for i in group]))
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(hull)
        if min(rw, rh) < 8 or not params.min_area * frame_area <= rw * rh <= params.max_area * frame_area:
            continue
        if abs(min(rw, rh) / max(rw, rh) / want - 1) > params.aspect_tolerance:
            continue
        area = sum(pieces[i][1] for i in group)
        if area < params.bite_fill * rw * rh:
            continue
        box = order_clockwise(cv2.boxPoints(((cx, cy), (rw, rh), angle)))
        points = np.vstack([thinned(pieces[i][0]) for i in group])
        rough = sorted(side_supports(points[::2], box))  # a cheap look first, as fields_among
        if rough[2] < params.bite_sides - 0.35 or rough[1] < params.bite_third - 0.35:
            continue
        quad = refine_quad(points, box)
        if not quad_shape_ok(quad, geometry, params, size) or not in_frame(quad, size, 0.0):
            continue
        sides = sorted(side_supports(points, quad))
        if sides[2] < params.bite_sides or sides[1] < params.bite_third:
            continue
        if _reached_into(quad, mask, pieces, group, params.bite_foreign):
            continue
        field_quad = portrait_order(quad * scale)
        found.append(Candidate(field_quad, card_from_field(field_quad, geometry),
                               float(area / max(1.0, cv2.contourArea(quad))),
                               {"support": float(sides[0]), "bitten": True}))
    return found


def framed_by_paper(field_quad: np.ndarray, white: np.ndarray, geometry: CardGeometry,
                    contrast: float) -> bool:
    """Does the field ``field_quad`` (in ``white``'s pixels, ordered as :func:`portrait_order`)
    lie in its card's white border: the ring between field and card outline at least
    ``contrast`` times as white (median) as the field's strip just inside it, half a border
    wide? True when the ring is too thin to judge."""
    field_quad = field_quad.astype(np.float32)
    card = card_from_field(field_quad, geometry)
    x0, y0 = np.maximum(np.floor(card.min(axis=0)).astype(int) - 1, 0)
    x1, y1 = np.minimum(np.ceil(card.max(axis=0)).astype(int) + 2, (white.shape[1], white.shape[0]))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return True
    in_card = np.zeros((y1 - y0, x1 - x0), np.uint8)
    in_field = np.zeros_like(in_card)
    cv2.fillPoly(in_card, [np.round(card - (x0, y0)).astype(np.int32)], 1)
    cv2.fillPoly(in_field, [np.round(field_quad - (x0, y0)).astype(np.int32)], 1)
    width = max(1, int(round(0.5 * float(np.linalg.norm(card[0] - field_quad[0])))))
    core = cv2.erode(in_field, _SQUARE3, iterations=width)
    roi = white[y0:y1, x0:x1]
    ring = roi[(in_card > 0) & (in_field == 0)]
    strip = roi[(in_field > 0) & (core == 0)]
    if len(ring) < 8 or len(strip) < 8:
        return True
    return float(np.median(ring)) >= contrast * float(np.median(strip))


_SQUARE3 = np.ones((3, 3), np.uint8)


def _reached_into(quad: np.ndarray, mask: np.ndarray, pieces: list[tuple], group: tuple[int, ...],
                  share: float) -> bool:
    """Does a dark blob of ``mask`` other than the ``group``'s pieces cover more than
    ``share`` of the quad while it also lies outside (another card's field across this
    one's; the centre's symbol lies inside)? Each other piece is judged whole; the rest of
    the mask near the quad, by its blobs there."""
    height, width = mask.shape
    reach = max(4, int(0.15 * float(np.linalg.norm(quad[1] - quad[0]))))
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - reach, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + reach + 1, (width, height))
    box = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(box, [np.round(quad - (x0, y0)).astype(np.int32)], 255)
    area = cv2.countNonZero(box)
    own = np.zeros_like(box)
    cv2.drawContours(own, [pieces[k][0] for k in group], -1, 255, -1, offset=(-int(x0), -int(y0)))
    for k, (contour, piece_area, (x, y, w, h), _, _) in enumerate(pieces):
        if k in group or x >= x1 or y >= y1 or x + w <= x0 or y + h <= y0:
            continue
        other = np.zeros_like(box)
        cv2.drawContours(other, [contour], -1, 255, -1, offset=(-int(x0), -int(y0)))
        inside = cv2.countNonZero(cv2.bitwise_and(other, box))
        if inside > share * area and inside < 0.9 * piece_area:
            return True
    # A blob too large to be a piece (a field run into the table) reaches in as well.
    foreign = cv2.bitwise_and(mask[y0:y1, x0:x1], cv2.bitwise_not(own))
    count, labels = cv2.connectedComponents(foreign, connectivity=8)
    if count < 2:
        return False
    inside = np.bincount(labels[box > 0], minlength=count)[1:]
    total = np.bincount(labels.ravel(), minlength=count)[1:]
    return bool(np.any((inside > share * area) & (total - inside > 0.1 * inside)))
