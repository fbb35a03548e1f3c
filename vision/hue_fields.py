"""The ``hue`` search: card fields found by their own vivid colour, not by their darkness.

A card held up to a webcam has a thumb lying over its border: in the whiteness image the
thumb is as dark as the field, so the field's blob runs into the hand (and the hand into
the room), and no blob search of the dark mask finds a field's shape. Skin of any tone is
a dull orange (a dark tone is dark, a pale one pale): a card's print is far more vivid.
Here each of the deck's field colours gets a mask of its own (the pixels within
``hue_reach`` of its hue, saturated and lit enough), whose blobs are a field with a bite
where the thumb lies over it. The blob's hull bridges that bite, so its rough quad is the
field's; the quad's sides need follow the outline over less than the dark search asks
(the bite takes a side's stretch, a corner index another). A black Wild Dare's field has
no hue: this search does not find it.

What it finds is read like every candidate (white ring, centre, corners, symbol); it runs
in the last stage only, when nothing else answered.
"""

from __future__ import annotations

import cv2
import numpy as np

from .fields import Candidate, dark_pieces, in_frame, piece_groups, quad_shape_ok, thinned
from .geometry import CardGeometry, card_from_field, portrait_order
from .masks import white_balanced
from .quad_fit import rough_quad, side_supports
from .quad_params import QuadParams

__all__ = ["bite_of_cards", "hue_fields", "hue_masks"]


def hue_masks(small_bgr: np.ndarray, hues: tuple[float, ...], params: QuadParams) -> list[np.ndarray]:
    """One mask (255 = that colour) per field hue in ``hues`` (degrees): the pixels whose
    hue lies within ``hue_reach`` degrees of it, saturated by ``hue_saturation`` and lit by
    ``hue_value`` (of 255) at least."""
    return _hue_masks(cv2.cvtColor(small_bgr, cv2.COLOR_BGR2HSV), hues, params)[1]


def _hue_masks(hsv: np.ndarray, hues: tuple[float, ...],
               params: QuadParams) -> tuple[np.ndarray, list[np.ndarray]]:
    """The vivid mask (any hue) and :func:`hue_masks`' masks, of an HSV image."""
    vivid = cv2.inRange(hsv, (0, params.hue_saturation, params.hue_value), (180, 255, 255))
    # Each band is a table of the 256 hue values (a look-up is cheaper than a range
    # test); a pixel that is not vivid gets hue 255, in no band (OpenCV's hues end at 179).
    hue = cv2.max(cv2.extractChannel(hsv, 0), cv2.bitwise_not(vivid))
    every = np.arange(256, dtype=np.uint8).reshape(1, -1)
    out = []
    reach = params.hue_reach / 2.0  # OpenCV's hue is degrees / 2
    for degrees in hues:
        centre = (degrees / 2.0) % 180.0
        lo, hi = centre - reach, centre + reach
        if lo < 0 or hi >= 180:  # round the circle at 180
            table = cv2.bitwise_or(cv2.inRange(every, 0, hi % 180), cv2.inRange(every, lo % 180, 179))
        else:
            table = cv2.inRange(every, int(np.ceil(lo)), int(hi))
        out.append(cv2.LUT(hue, table))
    return vivid, out


def hue_fields(small_bgr: np.ndarray, scale: float, geometry: CardGeometry, params: QuadParams,
               hues: tuple[float, ...], balanced: np.ndarray | None | bool = False) -> list[Candidate]:
    """The fields among the blobs of each hue's mask (see the module's doc). ``balanced``:
    the image with the light's colour taken out (``white_balanced``'s answer, None too),
    when the caller has it already."""
    size = (small_bgr.shape[1], small_bgr.shape[0])
    frame_area = float(size[0] * size[1])
    found = []
    # A warm lamp turns a green field towards yellow and a yellow one towards red: the
    # hues are judged with the light's colour taken out (when it has one).
    if balanced is False:
        balanced = white_balanced(small_bgr, params.balance_top, params.balance_least_gain,
                                  params.balance_most_gain)
    hsv = cv2.cvtColor(small_bgr if balanced is None else balanced, cv2.COLOR_BGR2HSV)
    vivid, masks = _hue_masks(hsv, hues, params)
    for k, mask in enumerate(masks):
        if cv2.countNonZero(mask) < params.hue_least_pixels * params.min_area * frame_area:
            continue  # too little of this colour for a field (a cheap count before tracing)
        pieces = dark_pieces(mask, params, frame_area)
        for group in piece_groups(pieces, params, frame_area):
            chosen = [pieces[k] for k in group]
            quad, support = _field_quad(chosen, geometry, params, size)
            if quad is not None and bite_of_cards(quad, chosen, masks[:k] + masks[k + 1:]) > params.hue_bite_cards:
                # Another card's print bites the field: a pile's lower card, bitten by the
                # card lying on it, not a held card bitten by a thumb.
                quad = None
            if quad is not None:
                field_quad = portrait_order(quad * scale)
                found.append(Candidate(field_quad, card_from_field(field_quad, geometry), 1.0,
                                       {"support": support, "hue": True}))
    return found


def _field_quad(pieces: list[tuple], geometry: CardGeometry, params: QuadParams,
                size: tuple[int, int]) -> tuple[np.ndarray | None, float]:
    """The blob's field quad (work px) and its side support, or (None, 0) when it is no
    field with a bite."""
    none = None, 0.0
    hull = pieces[0][3] if len(pieces) == 1 else cv2.convexHull(np.concatenate([p[3] for p in pieces]))
    hull_area = cv2.contourArea(hull)
    if hull_area < params.min_area * size[0] * size[1]:
        return none
    quad = rough_quad(hull, is_hull=True)
    if quad is None or not quad_shape_ok(quad, geometry, params, size) or not in_frame(quad, size, 0.0):
        return none
    # The blobs' hull fills its quad (the hull bridges the bite, the centre, a corner
    # index's notch; its rounded corners reach past the quad's): a blob that is no
    # rectangle leaves much of its quad empty.
    fill = hull_area / max(1.0, cv2.contourArea(quad))
    if not params.hue_min_fill <= fill <= params.hue_max_fill:
        return none
    points = np.concatenate([thinned(p[0]) for p in pieces]).reshape(-1, 2).astype(np.float32)
    # A thumb bites one side (over a corner, the end of one): the other three follow
    # the outline nearly all along, the bitten one at least in part.
    supports = sorted(side_supports(points, quad))
    if supports[0] < params.hue_side_support or supports[1] < params.hue_other_sides:
        return none
    return quad.astype(np.float32), supports[0]


def bite_of_cards(quad: np.ndarray, pieces: list[tuple], others: list[np.ndarray]) -> float:
    """The share of the field's quad (work px) that lies outside its blobs' outlines (its
    bite) and in ``others``, the masks of the other field hues: the card lying over a
    pile's lower card shows its print there, a thumb over a held card's border is skin
    (in no field hue's mask), and a card's own white print is in none either."""
    quad_mask = np.zeros(others[0].shape, np.uint8)
    cv2.fillConvexPoly(quad_mask, np.round(quad).astype(np.int32), 255)
    blobs = np.zeros_like(quad_mask)
    cv2.drawContours(blobs, [p[0] for p in pieces], -1, 255, cv2.FILLED)
    # The blobs' own rim (a pixel or two of blurred print) is no bite.
    bite = cv2.bitwise_and(quad_mask, cv2.bitwise_not(cv2.dilate(blobs, np.ones((5, 5), np.uint8))))
    printed = others[0]
    for mask in others[1:]:
        printed = cv2.bitwise_or(printed, mask)
    return (cv2.countNonZero(cv2.bitwise_and(bite, printed))
            / max(1.0, float(cv2.countNonZero(quad_mask))))
