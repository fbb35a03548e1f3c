"""The flattened card's tuning: where to look on it and what counts as paper, ink and centre.

Apart from ``face`` because the face's helpers (``border``, ``field_colour``, ``ink``) read
these parameters too, and because the list is long: one place to look up what each number
means and why it is what it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .centre import CentreParams
from .geometry import CARD_ASPECT


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
    #: The part of the printed oval its lit paper's hull leaves out (a shadow's edge across
    #: the centre), when at least this share of the hull, has its ink judged against its own
    #: light (0: never; see face._ink_in_shaded_part).
    shaded_part: float = 0.1
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
    strip_dull_share: float = 0.82
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
