"""Reading a flattened card face: white reference, field colour, centre oval, the symbol's ink.

Every step works in the card's own coordinates: the candidate's card quad warped to a fixed
size, so the border ring, the field strips and the centre sit at known places whatever the
camera's distance and angle. Whether the border is white and the field whole is ``border``'s
part, the field's colour read from its strips ``field_colour``'s, where the centre ends under
a highlight ``centre``'s, which marks on it are the symbol ``ink``'s; only pixels the camera
clipped count as plain white (``colour.unclipped_balance``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .colour import (BLACK, ColourParams, ColourReading, classify_colour, hsv_float, hue_distance, median,
                     percentile_rows, unclipped_balance)
from . import border
from .centre import central_hull, printed_oval, wild_centre
from .face_params import FaceParams
from .geometry import CardGeometry, corner_windows, warp_card
from .field_colour import (away_from_covered_corner, dark_ink, dim_black, field_seen, one_strip, vivid_at_corners,
                           vivid_strip)
from .ink import inside_area as inside_area_of, symbol_ink


@dataclass(frozen=True)
class Face:
    """What one flattened card shows. ``ink`` is the symbol's mask (255 = ink) in card
    coordinates, or None when no white centre (a wild's four colours) was found."""

    card: np.ndarray
    colour: ColourReading
    ring_white: float
    ring_contrast: float
    centre_share: float
    ink: np.ndarray | None
    edge_agreement: float = 1.0
    ring_side_white: float = 1.0
    #: The white marks of the two corner indices, each turned upright (the top-left as it
    #: is, the bottom-right turned round), or None.
    corner_ink: tuple[np.ndarray, np.ndarray] | None = None
    #: The share of the field's colour at its top-left, top-right, bottom-right and
    #: bottom-left corner (``edge_agreement`` is the least): one corner short while the
    #: other three agree is a corner under something (a card, a thumb), not a field cut short.
    corner_shares: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    #: The white centre (bool, card coordinates, its rim not shaved) the ink was cut from,
    #: or None when there is no ink.
    centre: np.ndarray | None = None

    @property
    def is_wild(self) -> bool:
        return self.colour.name == BLACK


def flatten(frame_bgr: np.ndarray, card_quad: np.ndarray, params: FaceParams) -> np.ndarray:
    """The card warped upright to ``params.width`` x ``params.height``."""
    return warp_card(frame_bgr, card_quad, (params.width, params.height))


def read_face(card_bgr: np.ndarray, geometry: CardGeometry, hues: dict[str, float],
              params: FaceParams, colour_params: ColourParams, colour_as: ColourReading | None = None) -> Face:
    """Everything the classifier and the verifier need from one flattened card. With
    ``colour_as``, the field is taken for that colour instead of the one its strips read
    (a second look at a card its own reading refused)."""
    h, w = card_bgr.shape[:2]
    inside = border.regions(w, h, round(geometry.border, 4))[2]
    ring_at, strips_at, corners_at, corner_ids, ring_sides = border.region_indices(w, h, round(geometry.border, 4))
    flat = card_bgr.reshape(-1, 3)
    white_ref = percentile_rows(np.take(flat, ring_at, axis=0), 75) if len(ring_at) else np.full(3, 255.0)
    wb = unclipped_balance(card_bgr, white_ref, params.sensor_clip)
    hsv = hsv_float(wb, clip=False)
    sat = hsv[..., 1]
    darkest = np.minimum(np.minimum(wb[..., 0], wb[..., 1]), wb[..., 2])
    dark_flat = darkest.ravel()
    hsv_flat = hsv.reshape(-1, 3)
    field_dark = median(dark_flat[strips_at]) if len(strips_at) else 1.0
    ring_white, ring_side_white, ring_contrast = border.ring_reading(
        darkest, hsv_flat, field_dark, border.ring_probes(w, h, round(geometry.border, 4), params.ring_probe_depth),
        ring_at, ring_sides, params, colour_params.min_ring_contrast)
    if colour_as is None:
        colour = _field_colour(flat, hsv, hsv_flat, strips_at, corners_at, inside, w, h, hues, params,
                               colour_params)
    else:
        colour = colour_as
    corners = (0.0, 0.0, 0.0, 0.0)
    if colour.name is not None:
        corners = border.corner_shares(flat, hsv_flat, dark_flat, white_ref, colour, corners_at, corner_ids, params,
                                       border.corner_probes(w, h, round(geometry.border, 4)), dark_flat[ring_at],
                                       field_dark)
        if colour.confidence < params.strip_sure:
            colour = away_from_covered_corner(hsv_flat, strips_at, w, h, geometry, corners, colour, hues,
                                              colour_params, params)
    ink, centre_share, corner_ink, centre_seen = None, 0.0, None, None
    if colour.name is not None:
        inside_area = inside_area_of(w, h, round(geometry.border, 4))
        # True when the centre was judged against its own paper's light, not the border's.
        own_light = False
        if colour.name == BLACK:
            centre, mark = wild_centre(hsv, _paper(darkest, sat, inside, params), inside, float(inside_area),
                                       params.min_centre_share, params.centre)
        else:
            centre, mark = _coloured_centre(hsv, darkest, colour, inside, float(inside_area), params)
            if centre is None or np.count_nonzero(centre) < params.min_centre_share * inside_area:
                # A shadow (or a tinted light) over the centre and not the border: the
                # centre judged against its own paper, the brightest of its middle.
                middle = _centre_white(card_bgr)
                own_light = _paper_like(middle / np.maximum(white_ref, 1.0), field_dark, colour, params)
                if own_light:
                    centre, mark = _coloured_centre(*_balanced(card_bgr, middle, params), colour,
                                                    inside, float(inside_area), params)
            elif np.count_nonzero(centre) > params.max_centre_share * inside_area:
                # A washed-out field, or a highlight over it, as pale as paper: the centre
                # is the paper whiter still.
                whiter = replace(params, centre_white_min=params.pale_field_white_min,
                                 centre_max_saturation=params.pale_field_max_saturation)
                centre, mark = _coloured_centre(hsv, darkest, colour, inside, float(inside_area), whiter)
        if centre is not None:
            centre_share = float(np.count_nonzero(centre)) / max(1, inside_area)
        if centre is not None and centre_share <= params.max_centre_share:
            ink = symbol_ink(mark, centre, inside, params)
            if colour.name != BLACK and not own_light and params.shaded_ink_share and \
                    np.count_nonzero(ink) < params.shaded_ink_share * centre_share * inside_area:
                ink = _ink_in_shade(card_bgr, hsv, white_ref, colour, centre, inside, ink, params)
            corner_ink = _corner_marks(darkest, sat, inside, centre, w, h, geometry, params)
            centre_seen = centre
        if min(corners) < params.min_edge_agreement:
            corners = border.lit_corner(darkest, hsv, inside, centre if centre_share <= params.max_centre_share
                                        else None, median(dark_flat[ring_at]), colour, corners,
                                        round(geometry.border, 4), params)
    return Face(card_bgr, colour, ring_white, ring_contrast, centre_share, ink, min(corners),
                ring_side_white, corner_ink, corners, centre_seen)


def _field_colour(flat: np.ndarray, hsv: np.ndarray, hsv_flat: np.ndarray, strips_at: np.ndarray,
                  corners_at: np.ndarray, inside: np.ndarray, w: int, h: int, hues: dict[str, float],
                  params: FaceParams, colour_params: ColourParams) -> ColourReading:
    """The field's colour as its strips read it (``field_colour``'s readings refining it)."""
    field_rows = field_seen(flat, hsv_flat, strips_at, params, colour_params)
    colour = classify_colour(field_rows, hues, colour_params)
    if colour.name is None and params.field_glare_value:
        # A highlight that whitened part of the strips without clipping them (or lifted a
        # black field to grey) hides the field's colour: read it from the rest.
        field_rows = field_seen(flat, hsv_flat, strips_at, params, colour_params, True)
        colour = classify_colour(field_rows, hues, colour_params)
    vivid = None
    if colour.confidence < params.strip_sure:
        sure = one_strip(hsv_flat, strips_at, w, h, hues, colour_params, params)
        if sure is None:
            vivid = vivid_strip(hsv_flat, strips_at, w, h, hues, colour_params, params)
        colour = sure or colour
    if colour.name == BLACK and params.black_hue_saturation and colour.saturation >= params.black_hue_saturation:
        colour = dark_ink(hsv, field_rows, inside, colour, hues, colour_params, params)
    elif (colour.name != BLACK and colour.value < colour_params.grey_black_value
          and colour.saturation * colour.value < params.dim_black_chroma):
        colour = dim_black(hsv, field_rows, inside, colour, hues, colour_params, params)
    if vivid is not None and colour.name not in (vivid.name, BLACK) and \
            vivid_at_corners(hsv_flat, corners_at, vivid, params) >= params.strip_corner_share:
        # A thumb over one strip: the other strip's colour, which the field's corners show.
        colour = vivid
    return colour


def _coloured_centre(hsv: np.ndarray, darkest: np.ndarray, colour: ColourReading, inside: np.ndarray,
                     inside_area: float, params: FaceParams) -> tuple[np.ndarray | None, np.ndarray]:
    """A coloured card's white centre and the ink on it, from the card white-balanced
    (``hsv``, and ``darkest`` its darkest channel)."""
    h, w = darkest.shape
    # Glare whitens the field beside the centre, but leaves it a tint of its ink: the
    # centre is found in paper that is whiter still.
    paper_white = (darkest >= params.centre_white_min) & (hsv[..., 1] <= params.centre_max_saturation) & inside
    hull = central_hull(paper_white, w, h, inside, inside_area)
    centre = printed_oval(hull, hsv, colour, inside, params.centre) if hull is not None else None
    mark = _ink_mark(hsv, colour, inside, params)
    if centre is not None and params.shaded_part:
        mark = _ink_in_shaded_part(hsv, colour, inside, hull, centre, mark, params)
    return centre, mark


def _ink_in_shaded_part(hsv: np.ndarray, colour: ColourReading, inside: np.ndarray, hull: np.ndarray,
                        centre: np.ndarray, mark: np.ndarray, params: FaceParams) -> np.ndarray:
    """``mark`` with the ink of the part of the ``centre`` its paper's ``hull`` left out,
    judged against that part's own light, when that part is at least ``shaded_part`` of the
    hull and its paper dimmer than ``shaded_centre`` of the hull's: a shadow's edge across
    the centre (a hand, a phone, the camera's own stand) leaves the paper in the shade too
    dim to be found as paper, and the ink there too dim to be ink in the lit part's light;
    the printed oval fitted to the lit outline takes the shaded paper in, and its ink is as
    much dimmer as its paper is."""
    added = centre & ~hull
    if np.count_nonzero(added) < params.shaded_part * np.count_nonzero(hull):
        return mark
    value = hsv[..., 2]
    light = float(np.percentile(value[added], 90)) / max(float(np.percentile(value[hull], 90)), 1e-6)
    if light >= params.shaded_centre:
        return mark
    return mark | (_ink_mark(hsv, colour, inside, params, light) & added)


def _ink_mark(hsv: np.ndarray, colour: ColourReading, inside: np.ndarray, params: FaceParams,
              light: float = 1.0) -> np.ndarray:
    """The marks of the field's ink on the card (white-balanced ``hsv``), where the light is
    ``light`` times as bright as on the field's strips."""
    hue, sat, val = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    # A highlight adds white light: it pales the ink (less saturated) but keeps its strength
    # of colour (chroma, max - min channel) where the camera did not clip. Judged so only
    # where the light is brighter than the border's white (a blurred ink's fringe elsewhere
    # would thicken the mark).
    return ((hue_distance(hue, colour.hue) <= params.ink_hue_tolerance)
            & ((sat >= min(params.ink_min_saturation, params.ink_field_saturation * colour.saturation))
               | ((sat * val >= params.ink_min_chroma) & (val >= params.lit_paper)))
            & (val >= params.ink_min_value * colour.value * light) & inside)


def _ink_in_shade(card_bgr: np.ndarray, hsv: np.ndarray, white_ref: np.ndarray, colour: ColourReading,
                  centre: np.ndarray, inside: np.ndarray, ink: np.ndarray,
                  params: FaceParams) -> np.ndarray:
    """The symbol's ink when a shadow lies over the centre and not the field's strips: the
    ink there is as much dimmer than the strips' as the centre's paper is than the border's
    (the ink's brightness is judged against the light it lies in). ``ink`` as it is when
    the centre's paper is as bright as the border."""
    paper = _centre_white(card_bgr) / np.maximum(np.asarray(white_ref, np.float64), 1.0)
    light = float(paper.min())
    if light >= params.shaded_centre:
        return ink
    return symbol_ink(_ink_mark(hsv, colour, inside, params, light), centre, inside, params)


def _centre_white(card_bgr: np.ndarray) -> np.ndarray:
    """The white of the paper in the middle of the card (inside the centre in both designs:
    its brightest tenth, per channel, is paper even where the symbol covers much of it)."""
    h, w = card_bgr.shape[:2]
    middle = card_bgr[int(0.42 * h):int(0.58 * h), int(0.3 * w):int(0.7 * w)].reshape(-1, 3)
    return percentile_rows(middle, 90)


def _paper_like(white: np.ndarray, field_dark: float, colour: ColourReading, params: FaceParams) -> bool:
    """Is ``white`` (BGR, balanced against the border's white) paper rather than the field: a
    pale colour (pale in itself, or far paler than the field), brighter than the field (a
    card with no white centre has its field there)."""
    lo, hi = float(white.min()), float(white.max())
    pale = max(params.centre_paper_saturation, params.centre_paper_field_share * colour.saturation)
    return (hi - lo) <= pale * hi and lo >= params.centre_paper_contrast * field_dark


def _balanced(card_bgr: np.ndarray, white_ref: np.ndarray,
              params: FaceParams) -> tuple[np.ndarray, np.ndarray]:
    """The card white-balanced against ``white_ref``: its HSV and its darkest channel."""
    wb = unclipped_balance(card_bgr, white_ref, params.sensor_clip)
    return hsv_float(wb, clip=False), np.minimum(np.minimum(wb[..., 0], wb[..., 1]), wb[..., 2])


def _paper(darkest: np.ndarray, sat: np.ndarray, inside: np.ndarray, params: FaceParams) -> np.ndarray:
    """The white paper within the field (of the card, or of the window the arrays are cut to)."""
    return (darkest >= params.white_min) & (sat <= params.white_max_saturation) & inside


def _corner_marks(darkest: np.ndarray, sat: np.ndarray, inside: np.ndarray, centre: np.ndarray, w: int, h: int,
                  geometry: CardGeometry, params: FaceParams) -> tuple[np.ndarray, np.ndarray]:
    """The white marks (:func:`_paper` off the ``centre``) in the field's top-left and
    bottom-right corners (where a card prints its index again), the second turned round so
    both read upright; judged in those two windows alone."""
    windows = corner_windows(w, h, geometry)
    top_left, bottom_right = ((_paper(darkest[at], sat[at], inside[at], params) & ~centre[at]).astype(np.uint8) * 255
                              for at in windows)
    return np.ascontiguousarray(top_left), np.ascontiguousarray(bottom_right[::-1, ::-1])
