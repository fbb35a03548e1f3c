"""The white border and the field's edge on a flattened card: where the ring, the field's
strips and the corner bands lie, how white the border is and whether each corner of the
field is whole.

A card is told from any coloured rectangle by its white border, and a card lying partly
under another by the field's colour missing near a corner. Room light is rarely even: a
shadow or a highlight across the card dims or lights the border and the field beside it
alike, so the border is judged against the field next to it as well as against its own
white, and a highlight that blew a corner out says nothing of what lies there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import cv2
import numpy as np

from .colour import BLACK, ColourReading, hue_distance, median
from .geometry import CardGeometry

if TYPE_CHECKING:
    from .face_params import FaceParams

_CROSS = cv2.getStructuringElement(cv2.MORPH_CROSS, (5, 5))

#: The corner bands (ids 0-7 in regions' order) that belong to the same corner: the
#: field's top-left, top-right, bottom-right and bottom-left corners (the card quad's order).
CORNER_PAIRS: tuple[tuple[int, int], ...] = ((1, 5), (0, 6), (3, 7), (2, 4))


@lru_cache(maxsize=16)
def regions(width: int, height: int, border: float) -> tuple[np.ndarray, ...]:
    """Masks (bool, HxW) of the ring band, the field strips and the field's inside."""
    geometry = CardGeometry(border)
    fx0, fy0, fx1, fy1 = geometry.field_rect(width, height)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32) + 0.5
    outside = np.maximum.reduce([fx0 - xs, xs - fx1, fy0 - ys, ys - fy1])
    corner_r = 0.1 * width
    near_corner = ((np.minimum(xs, width - xs) < corner_r) & (np.minimum(ys, height - ys) < corner_r))
    ring = (outside >= 0.4) & (outside <= 0.6 * border * width + 0.4) & ~near_corner
    fw, fh = fx1 - fx0, fy1 - fy0
    strip_h = max(2.0, 0.045 * fh)
    top = ((ys > fy0 + 1) & (ys < fy0 + 1 + strip_h) & (xs > fx0 + 0.45 * fw) & (xs < fx1 - 2))
    bottom = ((ys < fy1 - 1) & (ys > fy1 - 1 - strip_h) & (xs > fx0 + 2) & (xs < fx0 + 0.55 * fw))
    inside = (outside < -1.0)
    # Short bands just inside the field's edge near each corner, two per corner: a card
    # that lies partly under another loses one of them. Near the top-left and bottom-right
    # corners (where the corner marks are) the bands sit further along the sides.
    depth = (outside <= -1.0) & (outside >= -3.5)
    corners = np.zeros((height, width), np.int32)
    along_x = {"top": (fy0, ((0.84, 0.94), (0.33, 0.45))),
               "bottom": (fy1, ((0.06, 0.16), (0.55, 0.67)))}
    along_y = {"left": (fx0, ((0.84, 0.94), (0.30, 0.40))),
               "right": (fx1, ((0.06, 0.16), (0.60, 0.70)))}
    k = 1
    for y_edge, spans in along_x.values():
        for a, b in spans:
            corners[depth & (xs > fx0 + a * fw) & (xs < fx0 + b * fw) & (np.abs(ys - y_edge) < 4)] = k
            k += 1
    for x_edge, spans in along_y.values():
        for a, b in spans:
            corners[depth & (ys > fy0 + a * fh) & (ys < fy0 + b * fh) & (np.abs(xs - x_edge) < 4)] = k
            k += 1
    return ring, top | bottom, inside, corners


@lru_cache(maxsize=16)
def region_indices(width: int, height: int, border: float) -> tuple[np.ndarray, ...]:
    """Flat pixel indices of the ring, the strips and the corner bands (with band ids 0-7),
    and which side (0 top, 1 right, 2 bottom, 3 left) each ring pixel lies on."""
    ring, strips, _, corners = regions(width, height, border)
    corners_at = np.flatnonzero(corners.ravel() > 0)
    ring_at = np.flatnonzero(ring.ravel())
    ys, xs = np.divmod(ring_at, width)
    fx0, fy0, fx1, fy1 = CardGeometry(border).field_rect(width, height)
    sides = np.select([ys < fy0, xs > fx1, ys > fy1], [0, 1, 2], 3).astype(np.int64)
    return ring_at, np.flatnonzero(strips.ravel()), corners_at, corners.ravel()[corners_at] - 1, sides


@lru_cache(maxsize=16)
def ring_probes(width: int, height: int, border: float, depth: float) -> np.ndarray:
    """For each ring pixel (in :func:`region_indices`' order), the flat index of the field pixel
    ``depth`` pixels inside the field's edge straight across from it."""
    ring_at, sides = region_indices(width, height, border)[0], region_indices(width, height, border)[4]
    ys, xs = np.divmod(ring_at, width)
    fx0, fy0, fx1, fy1 = CardGeometry(border).field_rect(width, height)
    px = np.clip(xs, int(np.ceil(fx0 + depth)), int(np.floor(fx1 - depth)) - 1)
    py = np.clip(ys, int(np.ceil(fy0 + depth)), int(np.floor(fy1 - depth)) - 1)
    px = np.select([sides == 1, sides == 3], [int(np.floor(fx1 - depth)) - 1, int(np.ceil(fx0 + depth))], px)
    py = np.select([sides == 0, sides == 2], [int(np.ceil(fy0 + depth)), int(np.floor(fy1 - depth)) - 1], py)
    return (py * width + px).astype(np.int64)


@lru_cache(maxsize=16)
def corner_probes(width: int, height: int, border: float) -> np.ndarray:
    """For each corner band pixel (in :func:`region_indices`' order), the flat index of the
    border pixel straight outside it, halfway across the border: where the card's own edge
    between its field and its border is seen, if nothing lies over it."""
    corners_at, ids = region_indices(width, height, border)[2:4]
    ys, xs = np.divmod(corners_at, width)
    fx0, fy0, fx1, fy1 = CardGeometry(border).field_rect(width, height)
    half = 0.5 * border * width
    # Band ids 0-1 lie along the top, 2-3 the bottom, 4-5 the left, 6-7 the right.
    py = np.select([ids < 2, ids < 4], [fy0 - half, fy1 + half], ys)
    px = np.select([ids < 4, ids < 6], [xs, fx0 - half], fx1 + half)
    py = np.clip(np.floor(py), 0, height - 1).astype(np.int64)
    px = np.clip(np.floor(px), 0, width - 1).astype(np.int64)
    return py * width + px


def ring_reading(darkest: np.ndarray, hsv_flat: np.ndarray, field_dark: float, probes: np.ndarray,
                 ring_at: np.ndarray, ring_sides: np.ndarray, params: FaceParams,
                 min_contrast: float = 0.0) -> tuple[float, float, float]:
    """How white the border ring is: the share of its pixels that are paper, the least share
    of any one side, and how much brighter than the field it is (its darkest channel over
    the field's). Paper is white against the border's own white or, under a shadow or beside
    a highlight (which dim or light the border and the field beside it alike), against the
    field straight inside it (``probes``): colourless, much brighter than the field's darkest
    channel and nearly as bright as its brightest (a grey table is brighter than a red
    field's darkest channel, not than its red). The field beside the ring is looked at only
    when the border's own white leaves the ring short of ``params.min_ring_white`` or the
    contrast short of ``min_contrast`` (it can only add to either)."""
    if not len(ring_at):
        return 0.0, 0.0, 0.0
    dark_flat = darkest.ravel()
    ring_dark = dark_flat[ring_at]
    # Paper within two pixels of each point of the ring (blur eats its edges, not its middle).
    paper = cv2.dilate((darkest >= params.white_min).view(np.uint8), _CROSS)
    on_ring = paper.ravel()[ring_at].view(bool)
    contrast = median(ring_dark) / max(field_dark, 0.05)
    short = (np.count_nonzero(on_ring) < params.min_ring_white * len(ring_at)) or contrast < min_contrast
    if params.ring_over_field and short:
        beside = ring_dark / np.maximum(dark_flat[probes], 0.05)
        local = ((beside >= params.ring_over_field) & (hsv_flat[ring_at, 1] <= params.white_max_saturation)
                 & (ring_dark >= params.ring_over_field_value * hsv_flat[probes, 2]))
        on_ring |= local
        if np.count_nonzero(local) >= params.min_ring_white * len(ring_at):
            contrast = max(contrast, median(beside[local]))
    # The worst of the four sides: a card lying partly under another loses most of one.
    side_counts = np.bincount(ring_sides, minlength=4)
    side_white = float((np.bincount(ring_sides, weights=on_ring, minlength=4) / np.maximum(side_counts, 1)).min())
    return np.count_nonzero(on_ring) / len(ring_at), side_white, contrast


def field_like(hsv: np.ndarray, darkest: np.ndarray, colour: ColourReading,
                params: FaceParams) -> np.ndarray:
    """Which of these pixels (HSV rows, white-balanced) are the field's own colour (black
    for a wild card)."""
    if colour.name is None:
        return np.zeros(darkest.shape, bool)
    if colour.name == BLACK:
        return (hsv[:, 2] <= max(0.45, 2.0 * colour.value)) & (darkest <= 0.5)
    # A shadow across a corner dims the field there but keeps its hue and saturation.
    sat, val = hsv[:, 1], hsv[:, 2]
    shaded = (sat >= 0.5 * colour.saturation) & (val >= params.corner_shadow * colour.value)
    lit = ((val >= params.corner_lit_value)
           & (sat * val >= params.corner_lit_chroma * colour.saturation * colour.value))
    return (hue_distance(hsv[:, 0], colour.hue) <= 30.0) & (shaded | lit)


def blown(raw: np.ndarray, white_ref: np.ndarray, params: FaceParams) -> np.ndarray:
    """Which of these pixels (BGR rows) a highlight blew out: the camera clipped them and
    every channel is brighter than the border's white. Their colour is lost, so they say
    nothing of what lies there (paper lying over a corner is as bright as the border)."""
    if int(raw.max(initial=0)) < params.sensor_clip or float(np.max(white_ref)) >= params.sensor_clip:
        # Nothing clipped, or the border clipped too: paper and a highlight look the same.
        return np.zeros(len(raw), bool)
    floor = np.minimum(params.lit_paper * np.asarray(white_ref, np.float64), params.sensor_clip)
    return (raw >= floor).all(axis=1) & (raw.max(axis=1) >= params.sensor_clip)


def edge_agreement(card_flat: np.ndarray, hsv_flat: np.ndarray, dark_flat: np.ndarray, white_ref: np.ndarray,
                   colour: ColourReading, corners_at: np.ndarray, corner_ids: np.ndarray,
                   params: FaceParams, probes: np.ndarray | None = None,
                   ring_dark: np.ndarray | None = None, field_dark: float = 0.0) -> float:
    """The least of :func:`corner_shares` (the same arguments)."""
    return min(corner_shares(card_flat, hsv_flat, dark_flat, white_ref, colour, corners_at, corner_ids, params,
                             probes, ring_dark, field_dark))


def corner_shares(card_flat: np.ndarray, hsv_flat: np.ndarray, dark_flat: np.ndarray, white_ref: np.ndarray,
                  colour: ColourReading, corners_at: np.ndarray, corner_ids: np.ndarray,
                  params: FaceParams, probes: np.ndarray | None = None,
                  ring_dark: np.ndarray | None = None,
                  field_dark: float = 0.0) -> tuple[float, float, float, float]:
    """The share of the field's colour (or of pixels a highlight blew out) at each of the
    four corners of the field (:data:`CORNER_PAIRS`' order), each corner judged by the better of its two bands
    (``corners_at``, ``corner_ids``: :func:`region_indices`): a corner lying under another
    card loses both, glare or wear rarely does. ``card_flat``: the card's BGR pixels, one a
    row; ``hsv_flat``, ``dark_flat``: the white-balanced card's HSV and darkest channel.
    When that share falls short, a band pixel where the card's own edge is seen counts too
    (``probes``: :func:`corner_probes`; ``ring_dark``: the ring's darkest channel,
    ``field_dark``: the field's median darkest channel)."""
    like = field_like(np.take(hsv_flat, corners_at, axis=0), dark_flat[corners_at], colour, params)
    like |= blown(np.take(card_flat, corners_at, axis=0), white_ref, params)
    shares = _corner_shares(like, corner_ids)
    if min(shares) < params.min_edge_agreement and probes is not None and ring_dark is not None \
            and params.corner_edge_step:
        # The card's own edge still seen: its border this much brighter than its field
        # just inside, as a difference (a highlight adds the same light to both), against
        # the card's step from border to field. A card or a finger over the corner hides it.
        step = median(ring_dark) - field_dark
        if step > 0:
            like |= dark_flat[probes] - dark_flat[corners_at] >= params.corner_edge_step * step
            shares = _corner_shares(like, corner_ids)
    return shares


def lit_corner(dark: np.ndarray, hsv: np.ndarray, inside: np.ndarray, centre: np.ndarray | None,
               ring_dark: float, colour: ColourReading, corners: tuple[float, float, float, float],
               border: float, params: FaceParams) -> tuple[float, float, float, float]:
    """``corners`` (:func:`corner_shares`) with the one corner short of the field's colour
    (the other three whole) judged again when a highlight, not something lying there, whitened
    it: a glossy card under a lamp. A highlight is a broad blob of added white light: the
    field all round that corner (``lit_corner_reach`` of the field's width each way, the white
    centre left out) is whitened nearly everywhere (its darkest channel's tenth percentile at
    least ``lit_corner_rise`` of the way from the field's to the border's), and what is
    whitened is colourless or the field's own hue paled (``lit_corner_hue`` of it). A card
    lying over the corner whitens only a strip its border's width, its field beyond; a finger
    or a thumb is skin. Then the corner's bands count their whitened pixels as the field's
    (as :func:`blown`'s: they say nothing of what lies there). ``dark``, ``hsv``: the
    white-balanced card's darkest channel and HSV; ``inside``: the field's inside (:func:`regions`);
    ``centre``: the white centre found, or None; ``ring_dark``: the ring's median darkest channel."""
    if not params.lit_corner_reach or colour.name is None:
        return corners
    short = [k for k, share in enumerate(corners) if share < params.min_edge_agreement]
    if len(short) != 1 or sorted(corners)[1] < params.corner_whole:
        return corners
    h, w = dark.shape
    field_level = float(np.percentile(dark[inside], 20))
    step = ring_dark - field_level
    if step <= 0:
        return corners
    fx0, fy0, fx1, fy1 = CardGeometry(border).field_rect(w, h)
    cx, cy = ((fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1))[short[0]]
    reach = params.lit_corner_reach * (fx1 - fx0)
    x0, x1 = max(0, int(cx - reach)), min(w, int(np.ceil(cx + reach)))
    y0, y1 = max(0, int(cy - reach)), min(h, int(np.ceil(cy + reach)))
    near = inside[y0:y1, x0:x1].copy()
    if centre is not None:
        # The centre's blurred rim is paper too.
        near &= ~cv2.dilate(centre[y0:y1, x0:x1].view(np.uint8), np.ones((5, 5), np.uint8)).view(bool)
    if np.count_nonzero(near) < 20:
        return corners
    patch = dark[y0:y1, x0:x1][near]
    if np.percentile(patch, 10) < field_level + params.lit_corner_rise * step:
        return corners
    whitened_at = dark >= field_level + 0.5 * step
    lit = (hsv[..., 1] <= params.lit_corner_saturation) | (hue_distance(hsv[..., 0], colour.hue) <= 30.0)
    whitened = whitened_at[y0:y1, x0:x1][near]
    if np.count_nonzero(lit[y0:y1, x0:x1][near][whitened]) < params.lit_corner_hue * np.count_nonzero(whitened):
        return corners
    corners_at, ids = region_indices(w, h, round(border, 4))[2:4]
    like = field_like(hsv.reshape(-1, 3)[corners_at], dark.ravel()[corners_at], colour, params)
    like |= (whitened_at & lit).ravel()[corners_at]
    out = list(corners)
    out[short[0]] = max(out[short[0]], _corner_shares(like, ids)[short[0]])
    return tuple(out)


def _corner_shares(like: np.ndarray, corner_ids: np.ndarray) -> tuple[float, float, float, float]:
    """The share of ``like`` at each of the four corners, each by the better of its bands."""
    counts = np.bincount(corner_ids, minlength=8)
    hits = np.bincount(corner_ids, weights=like.astype(np.float64), minlength=8)
    shares = hits / np.maximum(counts, 1)
    return tuple(float(max(shares[a], shares[b])) for a, b in CORNER_PAIRS)
