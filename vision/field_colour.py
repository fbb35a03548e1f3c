"""The field's colour as read from its two strips on a flattened card (for :mod:`vision.face`).

The strips run just inside the field along its top and bottom edges. What lies over part of
them besides the field - a highlight that clipped or whitened it, a thumb over a corner or
the middle of an edge - says nothing of the field's colour; a dark field under dim light
still keeps its hue. Each reading here only ever refines the one the strips gave.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from .colour import BLACK, ColourParams, ColourReading, classify_colour, hue_distance
from .geometry import CardGeometry

if TYPE_CHECKING:  # pragma: no cover
    from .face_params import FaceParams


def field_seen(flat: np.ndarray, hsv_flat: np.ndarray, strips_at: np.ndarray, params: FaceParams,
               colour_params: ColourParams, lit_too: bool = False) -> np.ndarray:
    """The HSV rows of the field's strips whose colour the camera saw: a highlight that
    clipped part of them (a glossy card under a lamp) left those colourless, and they say
    nothing of the ink. With ``lit_too``, also those a highlight whitened without clipping
    (``FaceParams.field_glare_value``). All of them when too few are left."""
    field = np.take(hsv_flat, strips_at, axis=0)
    raw = np.take(flat, strips_at, axis=0)
    if int(raw.max(initial=0)) < params.sensor_clip and not lit_too:
        return field
    lit = raw.max(axis=1) >= params.sensor_clip
    if lit_too:
        lit |= field[:, 2] >= params.field_glare_value
    lost = lit & (field[:, 1] < colour_params.min_saturation)
    seen = len(field) - int(np.count_nonzero(lost))
    if seen == len(field) or seen < params.min_field_seen * len(field):
        return field
    return field[~lost]


def dark_ink(hsv: np.ndarray, field_rows: np.ndarray, inside: np.ndarray,
             colour: ColourReading, hues: dict[str, float], colour_params: ColourParams,
             params: FaceParams) -> ColourReading:
    """``colour`` (black), or the coloured field it is: when the card's middle holds no
    wild card's four-colour centre (its paint, as :func:`~vision.centre.wild_centre` takes
    it, covers less than ``wild_paint_share`` of the card's middle) and the strips, read as no black,
    read an ink surely (``field_rows``: the strips' HSV rows the colour was read from)."""
    if wild_middle(hsv, inside, params):
        return colour
    no_black = replace(colour_params, black_value=0.0, grey_black_value=0.0)
    seen = classify_colour(field_rows, hues, no_black)
    return seen if seen.name is not None and seen.confidence >= params.strip_sure else colour


def dim_black(hsv: np.ndarray, field_rows: np.ndarray, inside: np.ndarray, colour: ColourReading,
              hues: dict[str, float], colour_params: ColourParams, params: FaceParams) -> ColourReading:
    """``colour`` (a colour, or none), or the wild card's black it is: a dark field with
    little chroma (below ``ColourParams.grey_black_value`` bright, ``FaceParams.dim_black_chroma``
    its chroma) whose middle holds a wild card's four colours. A lamp's tint (warm, cold) or
    the ink's own tone leaves a black field brown or slate: a dark pixel's saturation soars
    with a faint tint, so it reads as no colour, or as a dim yellow or blue. A coloured card
    cannot show that middle: its symbol is printed in the field's own ink, no more vivid than
    the field, on white paper; the wild's four colours are vivid beside its black."""
    if not wild_middle(hsv, inside, params):
        return colour
    as_black = classify_colour(field_rows, hues, replace(colour_params, black_value=colour_params.grey_black_value))
    return as_black if as_black.name == BLACK else colour


def wild_middle(hsv: np.ndarray, inside: np.ndarray, params: FaceParams) -> bool:
    """Does the card's middle hold a wild card's four-colour centre: its paint, as
    :func:`~vision.centre.wild_centre` takes it, covering at least ``wild_paint_share`` of it?"""
    h, w = inside.shape
    cp = params.centre
    sat, val = hsv[..., 1], hsv[..., 2]
    paint = (((sat >= cp.paint_min_saturation) | (sat * val >= cp.paint_min_chroma))
             & (val >= cp.paint_min_value) & inside)
    middle = paint[int(0.3 * h):int(0.7 * h), int(0.2 * w):int(0.8 * w)]
    return np.count_nonzero(middle) >= params.wild_paint_share * middle.size


def one_strip(hsv_flat: np.ndarray, strips_at: np.ndarray, w: int, h: int, hues: dict[str, float],
              colour_params: ColourParams, params: FaceParams) -> ColourReading | None:
    """The field's colour as one of its two strips reads it surely while the other reads no
    colour surely: a thumb holding the card over the middle of one edge (skin reads as no
    ink, or faintly as red or yellow) hides one strip, not the field. None otherwise (a
    card lying over a strip shows its own colour there surely; the corners judge the rest)."""
    top = strips_at < (h // 2) * w
    readings = [classify_colour(np.take(hsv_flat, strips_at[side], axis=0), hues, colour_params)
                for side in (top, ~top)]
    sure = [r for r in readings if r.name is not None and r.confidence >= params.strip_sure]
    other = [r for r in readings if not (r.name is not None and r.confidence >= params.strip_sure)]
    if len(sure) != 1 or (other[0].name is not None and other[0].confidence >= params.strip_other_max):
        return None
    return sure[0]


def vivid_strip(hsv_flat: np.ndarray, strips_at: np.ndarray, w: int, h: int, hues: dict[str, float],
                colour_params: ColourParams, params: FaceParams) -> ColourReading | None:
    """The field's colour as one of its two strips reads it surely while the other reads
    another colour far duller (its saturation at most ``strip_dull_share`` of this one's):
    a thumb's skin reads as a dull red or orange, where a card's print lying over the
    strip is about as vivid as the field's own ink under the same light. None otherwise.
    Only a hint: the caller keeps it when the field's corners show that colour too."""
    if not params.strip_dull_share:
        return None
    top = strips_at < (h // 2) * w
    readings = [classify_colour(np.take(hsv_flat, strips_at[side], axis=0), hues, colour_params)
                for side in (top, ~top)]
    vivid, dull = sorted(readings, key=lambda r: -r.saturation)
    if (vivid.name is None or vivid.name == BLACK or vivid.confidence < params.strip_sure
            or dull.name == vivid.name or dull.saturation > params.strip_dull_share * vivid.saturation):
        return None
    return vivid


def vivid_at_corners(hsv_flat: np.ndarray, corners_at: np.ndarray, colour: ColourReading,
                     params: FaceParams) -> float:
    """The share of the field's corner bands (``corners_at``) in ``colour``: its hue (within
    ``ink_hue_tolerance``) and at least half its saturation. Hue and saturation alone: a
    card's edge seen crisply there says the corner is whole, not what colour the field is."""
    if not len(corners_at):
        return 0.0
    rows = np.take(hsv_flat, corners_at, axis=0)
    near = ((hue_distance(rows[:, 0], colour.hue) <= params.ink_hue_tolerance)
            & (rows[:, 1] >= 0.5 * colour.saturation))
    return float(np.count_nonzero(near)) / len(rows)


def away_from_covered_corner(hsv_flat: np.ndarray, strips_at: np.ndarray, w: int, h: int,
                             geometry: CardGeometry, corners: tuple[float, float, float, float],
                             colour: ColourReading, hues: dict[str, float], colour_params: ColourParams,
                             params: FaceParams) -> ColourReading:
    """``colour`` as sure as the strips read it away from the one corner a thumb covers.
    Each strip runs into a corner of the field (the top one into the top-right, the bottom
    one into the bottom-left): a thumb over that corner puts skin into the strip, which
    votes for no ink or another and makes the field seem unsure of its colour. Only the
    confidence changes, and only when the strips read the same colour without that
    corner's part (a card lying over the corner brings its own colour there; whether it
    may answer at all is verify's and the recogniser's to say)."""
    short = [k for k, share in enumerate(corners) if share < params.min_edge_agreement]
    if (not params.covered_corner_reach or len(short) != 1
            or sorted(corners)[1] < params.corner_whole):
        return colour
    fx0, fy0, fx1, fy1 = geometry.field_rect(w, h)
    cx, cy = ((fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1))[short[0]]
    ys, xs = np.divmod(strips_at, w)
    away = (xs - cx) ** 2 + (ys - cy) ** 2 > (params.covered_corner_reach * (fx1 - fx0)) ** 2
    if away.all():
        return colour
    seen = classify_colour(np.take(hsv_flat, strips_at[away], axis=0), hues, colour_params)
    if seen.name != colour.name or seen.confidence <= colour.confidence:
        return colour
    return replace(colour, confidence=seen.confidence)
