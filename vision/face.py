"""Reading a flattened card face: white reference, field colour, centre oval, the symbol's ink.

Every step works in the card's own coordinates: the candidate's card quad warped to a fixed
size, so the border ring, the field strips and the centre sit at known places whatever the
camera's distance and angle. Whether the border is white and the field whole is ``border``'s
part, the field's colour read from its strips ``field_colour``'s, where the centre ends under
a highlight ``centre``'s, which marks on it are the symbol ``ink``'s; only pixels the camera
clipped count as plain white (``colour.unclipped_balance``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from .colour import (BLACK, ColourParams, ColourReading, classify_colour, hsv_float, hue_distance, median,
                     percentile_rows, unclipped_balance)
from . import border
from .centre import CentreParams, central_hull, printed_oval, wild_centre
from .geometry import CARD_ASPECT, CardGeometry, warp_card
from .field_colour import (away_from_covered_corner, dark_ink, dim_black, field_seen, one_strip, vivid_at_corners,
                           vivid_strip)
from .ink import inside_area as inside_area_of, symbol_ink


@dataclass(frozen=True)
class FaceParams:
    """Where to look on the flattened card and what counts as paper, ink and centre."""

    #: Width of the flattened card in pixels (its height follows from 56:87).
    width: int = 112
    #: A pixel with a channel this bright (0-255) was clipped by the camera: its colour is lost.
    sensor_clip: int = 250
    #: White paper: darkest channel at least this (white-balanced) and saturation below.
    white_min: float = 0.70
    white_max_saturation: float = 0.25
    #: The white centre is found in paper this bright (a shadow across the card dims it more
    #: than its border) and this unsaturated (glare leaves the field tinted).
    centre_white_min: float = 0.55
    centre_max_saturation: float = 0.18
    #: When the centre is not found against the border's white, the brightest of the card's
    #: middle is taken for its paper when at most this saturated and this many times as
    #: bright (darkest channel) as the field.
    centre_paper_saturation: float = 0.3
    centre_paper_contrast: float = 1.3
    #: ... or at most this share of the field's saturation: paper under a light tinted
    #: otherwise than the border's (a warm lamp clipping the border's red and green, so
    #: balancing against it leaves the paper warm) is still far paler than the ink.
    centre_paper_field_share: float = 0.5
    #: The symbol's ink: within this hue distance (degrees) of the field, this saturated.
    ink_hue_tolerance: float = 32.0
    ink_min_saturation: float = 0.18
    #: ... or, on a washed-out field less saturated than that, this share of its saturation.
    ink_field_saturation: float = 0.6
    #: ... or at least this chroma (white-balanced max - min channel: glare keeps it).
    ink_min_chroma: float = 0.12
    #: ... where the brightest channel passes the border's white by this factor (a highlight).
    lit_paper: float = 1.05
    #: ... and at least this share of the field's own brightness (blurred outline is darker).
    ink_min_value: float = 0.6
    #: A centre with less ink than this share of it is cut again with the ink's brightness
    #: judged against the centre's own light when its paper is dimmer than ``shaded_centre``
    #: of the border's white (a shadow over the centre, not the strips; 0: never).
    shaded_ink_share: float = 0.03
    shaded_centre: float = 0.85
    #: The white oval or disc covers at least this share of the field (verification).
    min_centre_share: float = 0.14
    #: Pixels shaved off the centre's outline so its blurred rim is not read as ink.
    centre_erode: int = 2
    #: A blob of ink with this share of it within ``rim_depth`` (of the centre's inner
    #: radius) of the centre's outline is glare's leftover along the rim, not the symbol.
    rim_depth: float = 0.2
    rim_share: float = 0.7
    #: ... and it is an arc: this many times as long as it is wide (or hollow, a crescent).
    rim_arc_length: float = 2.5
    #: Share of each band near the field's corners that must be the field's colour: less
    #: means a corner lies under another card (or a finger), so the card is not whole.
    min_edge_agreement: float = 0.6
    #: ... the field's colour there: its hue, at least half its saturation and, in a shadow,
    #: down to this share of its brightness.
    corner_shadow: float = 0.35
    #: ... and under a highlight: as bright as the border's white (white balanced) or brighter,
    #: of its hue and keeping this share of its chroma (max - min channel: added white light
    #: pales the field but keeps its chroma; a white border or a skin lying over the corner
    #: has next to none, or is dimmer than paper).
    corner_lit_value: float = 0.97
    corner_lit_chroma: float = 0.3
    #: ... or where the card's own edge is seen: the border straight outside the band
    #: brighter than the band by this share of the card's step from border to field (its
    #: ring's darkest channel over the field's, as a difference: added light keeps it).
    corner_edge_step: float = 0.5
    #: A corner short of the field's colour (the other three at least ``corner_whole``) that
    #: a highlight whitened, not something lying there: the field within this share of its
    #: width of that corner (its centre left out) whitened nearly all over, its darkest
    #: channel's tenth percentile at least ``lit_corner_rise`` of the way from the field's to
    #: the border's, and ``lit_corner_hue`` of what is whitened colourless (saturation at most
    #: ``lit_corner_saturation``) or the field's hue (see :func:`border.lit_corner`; 0: off).
    lit_corner_reach: float = 0.5
    lit_corner_rise: float = 0.4
    lit_corner_hue: float = 0.9
    lit_corner_saturation: float = 0.15
    #: A white centre this big (share of the field) is not one: glare or a pale field.
    max_centre_share: float = 0.7
    #: ... then it is looked for again in paper this bright and this unsaturated (whiter
    #: than a washed-out field or a highlight over it, which joined it to the centre).
    pale_field_white_min: float = 0.7
    pale_field_max_saturation: float = 0.09
    #: The field's colour is read without the strips' pixels a highlight took (the camera
    #: clipped them and they are colourless) while at least this share of them is left.
    min_field_seen: float = 0.4
    #: A field read short of this sure is read from one strip alone when that one reads a
    #: colour this surely and the other reads none as surely as ``strip_other_max``.
    strip_sure: float = 0.95
    strip_other_max: float = 0.7
    #: ... or reads another colour while its saturation is at most this share of the sure
    #: strip's (0: never): a thumb's skin is far duller than a card's print under the same
    #: light, another card's field lying over the strip about as vivid.
    strip_dull_share: float = 0.75
    #: ... and when at least this share of the field's corner bands is of that colour (its
    #: hue, at least half its saturation): the field's own colour runs round it, a card
    #: lying over the strip brings its colour to a corner or two.
    strip_corner_share: float = 0.6
    #: A field with one corner short of its colour (under a thumb) while the other three
    #: show it at least ``corner_whole`` is as sure of its colour as its strips read it
    #: without their pixels within this share of the field's width of that corner (0: off).
    covered_corner_reach: float = 0.2
    corner_whole: float = 0.9
    #: ... and so are those this bright (white-balanced) and as colourless: a highlight not
    #: clipped whitens an ink towards paper, or lifts a black field to grey.
    field_glare_value: float = 0.8
    #: Ring pixels that must be paper-white (the rest may be glare, wear or a shadow).
    min_ring_white: float = 0.4
    #: A ring pixel dimmer than ``white_min`` is paper still when its darkest channel is this
    #: many times the field's just inside it (a shadow or a highlight across the card dims
    #: or lights the border and the field beside it alike) and it is no more saturated than
    #: ``white_max_saturation``.
    ring_over_field: float = 1.6
    #: ... and at least this share of the field's brightest channel there.
    ring_over_field_value: float = 0.85
    #: How far inside the field (pixels) the field beside a ring pixel is looked at.
    ring_probe_depth: float = 3.0
    #: A field read black whose centre holds no wild card's four colours is read again as a
    #: coloured field when it is at least this saturated (0: never): a dark green or blue
    #: under dim light falls below the black's brightness, yet keeps its hue.
    black_hue_saturation: float = 0.3
    #: ... when paint (as a wild card's centre is told) covers less than this share of
    #: the card's middle (a wild card's four colours fill most of it).
    wild_paint_share: float = 0.4
    #: A field darker than ``ColourParams.grey_black_value`` with less chroma than this
    #: (saturation x value, white-balanced) read as no colour or a colour is the wild
    #: card's black when its middle holds the wild's paint (0: never): a black under a
    #: tinted lamp reads as brown or slate.
    dim_black_chroma: float = 0.12
    #: How the centre is told from a highlight.
    centre: CentreParams = field(default_factory=CentreParams)

    @property
    def height(self) -> int:
        return int(round(self.width / CARD_ASPECT))


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
              params: FaceParams, colour_params: ColourParams) -> Face:
    """Everything the classifier and the verifier need from one flattened card."""
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
    return centre, _ink_mark(hsv, colour, inside, params)


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
    fx0, fy0, fx1, fy1 = geometry.field_rect(w, h)
    x0, y0 = int(np.ceil(fx0)) + 1, int(np.ceil(fy0)) + 1
    x1, y1 = int(fx0 + 0.42 * (fx1 - fx0)), int(fy0 + 0.26 * (fy1 - fy0))
    windows = ((slice(y0, y1), slice(x0, x1)), (slice(h - y1, h - y0), slice(w - x1, w - x0)))
    top_left, bottom_right = ((_paper(darkest[at], sat[at], inside[at], params) & ~centre[at]).astype(np.uint8) * 255
                              for at in windows)
    return np.ascontiguousarray(top_left), np.ascontiguousarray(bottom_right[::-1, ::-1])
