"""A finger on a card beside the card read: skin just outside its outline, on another card.

A finger or a hand over the pile's top card hides that card from the search (its border and
field joined to the hand), and the card read first may then be a lower card or one lying
beside the pile. A finger lies on the card it touches, so skin lying just outside the
card read (not on it) over another card's paper and paint says the pile's top card may be
the one under that finger.

Skin is told against the card's own white border (the light's colour, as the face's
white balance takes it): an orange hue, duller than a card's paint and brighter than its
shadows. A wooden table or an orange cloth can look so too; this only asks the search to
look further before the card answers (and what answered then answers unless a card is
found touching it), so a table taken for skin costs time, not answers. Most frames end at
the first counts (skin's colour, opened, touching paint): the test runs on nearly every
frame, so what it costs there is what counts.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass

import cv2
import numpy as np

from .border import region_indices

__all__ = ["SkinParams", "card_white", "paper_mask", "skin_beside", "skin_mask", "table_colour"]


@dataclass(frozen=True)
class SkinParams:
    """What counts as skin beside a card, and how much of it is a finger."""

    #: Hue (degrees, OpenCV's HSV of the frame balanced on the card's paper) of skin:
    #: orange, light to dark skin alike (10-35 degrees measured on the synthetic hands
    #: under coloured lamps once balanced, a shadowed side lower). Not a card's crimson red
    #: (355-360: -25 took a dull or blurred red card's field for skin) nor its yellow
    #: (50-60: a yellow card or a note under a blue lamp).
    hues: tuple[float, float] = (2.0, 45.0)
    #: Saturation against the paper: skin measured 0.26-0.53 on held-up cards (a card's
    #: paint is more than 0.6); paper and grey shadows are under ``min_saturation``.
    min_saturation: float = 0.15
    max_saturation: float = 0.6
    #: The brightest channel against the paper's: a finger in the shade of the hand is
    #: dimmer than the paper, but not black (a black card's field, a dark gap).
    min_value: float = 0.2
    #: ... nor brighter than the paper (skin reflects less light than paper; brighter is a
    #: highlight on the table or the lamp's reflection).
    max_value: float = 1.0
    #: Looked for in a band this wide (a share of the card's short side) round its outline,
    #: leaving out a margin this wide just outside it (its own edge, its shadow, a quad's
    #: error) ...
    reach: float = 1.0
    margin: float = 0.04
    #: ... at this share of the frame's size (a finger is a third of a card wide, a dozen
    #: pixels at least at a quarter of the frame).
    scale: float = 0.125
    #: A finger there: a piece of skin of this many squared finger widths at least (a
    #: finger is about 0.3 of a card's width: a 16-20 mm finger on a 56 mm card).
    finger_width: float = 0.3
    min_fingers: float = 0.5
    #: Skin must be unlike the table's colour (:func:`table_colour`) by one of these: hue
    #: (degrees), saturation, or brightness (log ratio). 0 hue: no table test.
    #: A piece of skin counts only where it touches paper (``paper_value`` bright at least,
    #: ``paper_chroma`` colourless at most, against the card's) outside the card read,
    #: ``min_paper`` squared finger widths of it within a quarter finger's width.
    paper_value: float = 0.8
    paper_chroma: float = 0.15
    min_paper: float = 0.1
    min_paper_piece: float = 0.5
    table_hue: float = 12.0
    #: ... and where it touches a card's paint (saturated past ``paint_saturation``
    #: against the paper: the fingertip lies on a card's field, past its border),
    #: ``min_paint`` squared finger widths of it (0: not asked). A hand beside the pile, a
    #: coin or a pale table touches paper only; a vivid cloth counts as paint.
    min_paint: float = 0.1
    paint_saturation: float = 0.6
    table_saturation: float = 0.12
    table_value: float = 0.25


def _balanced_hsv(pixels_bgr: np.ndarray, white_bgr: np.ndarray) -> np.ndarray:
    """``pixels_bgr`` white-balanced on ``white_bgr`` (the card's paper at 255), as
    OpenCV's 8-bit HSV (hue in half degrees)."""
    b, g, r = (255.0 / max(float(c), 1.0) for c in np.asarray(white_bgr).tolist())
    return cv2.cvtColor(cv2.multiply(pixels_bgr, (b, g, r, 0.0)), cv2.COLOR_BGR2HSV)


_hsv = _balanced_hsv


def _hue_band(hsv: np.ndarray, hues: tuple[float, float], s: tuple[int, int], v: tuple[int, int]) -> np.ndarray:
    """``inRange`` over a hue range in degrees that may wrap round red (0)."""
    lo, hi = int(round(hues[0] / 2)), int(round(hues[1] / 2))
    if lo >= 0:
        return cv2.inRange(hsv, (lo, s[0], v[0]), (hi, s[1], v[1]))
    return cv2.bitwise_or(cv2.inRange(hsv, (0, s[0], v[0]), (hi, s[1], v[1])),
                          cv2.inRange(hsv, (180 + lo, s[0], v[0]), (180, s[1], v[1])))


def skin_mask(hsv: np.ndarray, params: SkinParams, table_hsv: np.ndarray | None = None) -> np.ndarray:
    """Pixels of skin's colour (uint8 255) in ``hsv`` (balanced on the card's paper): a
    warm hue, duller than paint, brighter than a shadow, not brighter than the paper; and
    unlike ``table_hsv`` (the table's colour: a wooden table can have skin's hue, but a
    hand one sees on it is another colour or brightness, or it would not be seen)."""
    sat = (int(round(255 * params.min_saturation)), int(round(255 * params.max_saturation)))
    val = (int(round(255 * params.min_value)), int(round(255 * min(params.max_value, 1.0))))
    skin = _hue_band(hsv, params.hues, sat, val)
    if table_hsv is not None:
        h, sa, va = (float(c) for c in table_hsv)
        ds = 255 * params.table_saturation
        v_lo, v_hi = va * np.exp(-params.table_value), va * np.exp(params.table_value)
        like = _hue_band(hsv, (2 * h - params.table_hue, 2 * h + params.table_hue),
                         (max(0, int(np.ceil(sa - ds))), min(255, int(sa + ds))),
                         (max(0, int(np.ceil(v_lo))), min(255, int(v_hi))))
        cv2.bitwise_and(skin, cv2.bitwise_not(like), skin)
    return skin


def paper_mask(hsv: np.ndarray, params: SkinParams) -> np.ndarray:
    """Pixels of a card's paper (uint8 255) in ``hsv`` balanced on the paper: bright
    (``paper_value``) and colourless (``paper_chroma`` saturated at most)."""
    return cv2.inRange(hsv, (0, 0, int(round(255 * params.paper_value))),
                       (180, int(round(255 * params.paper_chroma)), 255))


def table_colour(small_bgr: np.ndarray) -> np.ndarray:
    """The table's colour: the median of the frame's outermost pixels (the camera is aimed
    at the pile, so its edges see the table, a hand or an arm entering at one place)."""
    edge = np.concatenate([small_bgr[0, ::4], small_bgr[-1, ::4], small_bgr[::4, 0], small_bgr[::4, -1]])
    half = len(edge) // 2  # the upper median, channel by channel (a partition: cheap)
    return np.partition(edge, half, axis=0)[half].astype(np.float64)


def card_white(card_bgr: np.ndarray, border: float) -> np.ndarray:
    """The paper's colour of a flattened card (B, G, R): the 75th percentile of its border
    ring, channel by channel (as the face's white balance takes it)."""
    h, w = card_bgr.shape[:2]
    ring = card_bgr.reshape(-1, 3)[region_indices(w, h, round(border, 4))[0]]
    k = (3 * len(ring)) // 4
    return np.partition(ring, k, axis=0)[k].astype(np.float32)


def _table_hsv(table_bgr: np.ndarray, white_bgr: np.ndarray, params: SkinParams = SkinParams()):
    """The table's colour as OpenCV's 8-bit HSV, balanced on ``white_bgr``, or None for a
    pale table (paper tells no card from it)."""
    tb, tg, tr = (min(float(c) / max(float(wc), 1.0), 1.0) for c, wc in zip(table_bgr, white_bgr))
    t_hue, t_sat, t_val = colorsys.rgb_to_hsv(tr, tg, tb)
    if t_val >= params.paper_value and t_sat <= params.paper_chroma:
        return None
    return (t_hue * 180.0, t_sat * 255.0, t_val * 255.0)


def skin_beside(small_bgr: np.ndarray, scale: float, quad: np.ndarray, white_bgr: np.ndarray,
                params: SkinParams = SkinParams(), enough: float = 0.0) -> float:
    """The largest piece of skin lying in a band round ``quad`` (a card's four corners,
    frame px) off the card itself and touching a card's paper beside it, in squared finger
    widths (a finger a third of the card's short side). ``small_bgr``: the frame
    downscaled, ``scale`` frame px per its px (the search's working image)."""
    quad = np.asarray(quad, np.float32) / scale
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = quad.tolist()
    sides = [math.hypot(ax - dx, ay - dy), math.hypot(bx - ax, by - ay),
             math.hypot(cx - bx, cy - by), math.hypot(dx - cx, dy - cy)]
    short = min(sides[0] + sides[2], sides[1] + sides[3]) / 2
    h, w = small_bgr.shape[:2]
    pad = params.reach * short
    x0 = max(int(math.floor(min(ax, bx, cx, dx) - pad)), 0)
    y0 = max(int(math.floor(min(ay, by, cy, dy) - pad)), 0)
    x1 = min(int(math.ceil(max(ax, bx, cx, dx) + pad)), w)
    y1 = min(int(math.ceil(max(ay, by, cy, dy) + pad)), h)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return 0.0
    s = params.scale * scale  # work px per px of small_bgr
    white = np.asarray(white_bgr, np.float32)
    # Every step-th pixel of the working image (already an area average of the frame;
    # a nearest-neighbour resize takes them without numpy's slow strided copy).
    step = max(1, int(round(1.0 / s)))
    s = 1.0 / step
    roi = small_bgr[y0:y1, x0:x1]
    if step > 1:
        roi = cv2.resize(roi, (-(-(x1 - x0) // step), -(-(y1 - y0) // step)),
                         interpolation=cv2.INTER_NEAREST)
    hsv = _balanced_hsv(roi, white)
    finger = params.finger_width * short * s
    # Below ``enough`` (squared finger widths) the answer may be 0 (the caller asks no more).
    least = max(params.min_fingers, enough) * finger * finger
    # Most frames end at one of these early counts, each asking less than the test below
    # (the opening is monotone: skin unlike the table, opened, lies in the skin opened).
    skin = skin_mask(hsv, params)
    if cv2.countNonZero(skin) < least:
        return 0.0
    # A finger is thick: an opening of a quarter finger's width leaves out a wooden table's
    # grain and the thin rims of a card's edge and shadow.
    r = max(1, int(round(finger / 4)))
    kernel = np.ones((2 * r + 1, 2 * r + 1), np.uint8)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    opened = cv2.morphologyEx(skin, cv2.MORPH_OPEN, disc)
    if cv2.countNonZero(opened) < least:
        return 0.0
    paint = None
    if params.min_paint > 0:
        paint = cv2.dilate(cv2.inRange(hsv, (0, int(round(255 * params.paint_saturation)),
                                             int(round(255 * params.min_value))), (180, 255, 255)), kernel)
        if cv2.countNonZero(cv2.bitwise_and(opened, paint)) < params.min_paint * finger * finger:
            return 0.0
    card = np.full(skin.shape, 255, np.uint8)
    cv2.fillConvexPoly(card, np.int32(np.round((quad - (x0, y0)) * s)), 0)
    # Cheaply first: enough skin near paper off the card at all (what the pieces below
    # are weighed on is less: opened skin, paper off the card's margin in large pieces).
    paper = paper_mask(hsv, params)
    near = cv2.bitwise_and(opened, cv2.dilate(cv2.bitwise_and(paper, card), kernel))
    if cv2.countNonZero(near) < params.min_paper * finger * finger:
        return 0.0
    table = _table_hsv(table_colour(small_bgr), white, params)
    if table is None:
        return 0.0  # a pale table: paper tells no card from it
    if params.table_hue > 0:
        skin = cv2.morphologyEx(skin_mask(hsv, params, table), cv2.MORPH_OPEN, disc)
        if cv2.countNonZero(skin) < least:
            return 0.0
    else:
        skin = opened
    # The card and the band round it, from the distance to the card (px of the work image).
    apart = cv2.distanceTransform(card, cv2.DIST_L2, 3)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(skin, connectivity=8)
    if n <= 1:
        return 0.0
    # A finger lying on a card touches its paper (the white border it crosses); one lying
    # on the table does not. The card read's own paper (its border, within ``margin``
    # of its outline) says nothing: a finger on it lies on the pile's top card. A card's
    # paper is a piece as large as a card's border beside a finger at least (a nail's or a
    # knuckle's highlight is small).
    paper[apart <= params.margin * short * s] = 0
    k, paper_labels, paper_stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=8)
    small = paper_stats[:, cv2.CC_STAT_AREA] < params.min_paper_piece * finger * finger
    small[0] = True
    paper[small[paper_labels]] = 0
    touch = cv2.dilate(paper, kernel)
    on_paper = np.bincount(labels[(touch > 0) & (labels > 0)], minlength=n)[1:]
    # Only the skin lying beside the card (in the band, off the card itself) is weighed.
    band = (apart > 0) & (apart <= params.reach * short * s)
    areas = np.bincount(labels[band & (labels > 0)], minlength=n)[1:].astype(float)
    areas[on_paper < params.min_paper * finger * finger] = 0.0
    if paint is not None and areas.max() > 0:
        # A finger lying on a card the search missed touches that card's paint too (a
        # fingertip on its field, past its border); a hand beside the pile, a coin or a
        # pale table touches paper only.
        on_paint = np.bincount(labels[(paint > 0) & (labels > 0)], minlength=n)[1:]
        areas[on_paint < params.min_paint * finger * finger] = 0.0
    return float(areas.max()) / max(finger * finger, 1.0)
