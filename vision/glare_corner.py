"""A glare spot over one corner of a card's field, told from a card lying over that corner.

A card whose field's colour is missing near one corner (``reading.CORNER_COVERED``) may lie
under another card there, or a lamp's highlight may have whitened that corner: the two look
alike in the corner's bands (white where the field should be). They differ around it. A
highlight is light added on top of whatever lies there: it lifts the card's own paper above
the white its border shows away from that corner (or clips the camera where that border is
not clipped), it is a broad blob (no thin strip), and beyond it is the card's own field
paled, never another paint. A card lying over the corner brings its border, a strip a
border's width across no whiter than this card's own border, and its own field beyond it
(another colour, a card's black back); a finger brings skin.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .border import blown, regions
from .colour import BLACK, hsv_float, hue_distance, percentile_rows, unclipped_balance
from .face import Face
from .face_params import FaceParams
from .geometry import CardGeometry


@dataclass(frozen=True)
class GlareCornerParams:
    """When a card with one corner short of its field's colour is a card all the same (see
    :func:`glare_over_corner`; ``reach`` 0: off)."""

    #: The corner's surroundings: the field and the border within this share of the
    #: field's width of the field's corner.
    reach: float = 0.35
    #: Whitened: the darkest channel (white-balanced) at least this share of the way from
    #: the field's to the border's.
    whitened: float = 0.5
    #: The whitened blob is at least this many border widths across at its thickest (a card
    #: lying over the corner whitens a strip one border wide).
    min_thickness: float = 1.6
    #: Its brightest tenth (darkest channel, as the camera saw it) at least this many times
    #: the border's white away from that corner (its brightest tenth) ...
    min_lift: float = 1.15
    #: ... and the border near the corner (its brightest tenth) this many times the border's
    #: away from it: the highlight lies over the card's own border there too.
    min_ring_lift: float = 1.1
    #: The paper's white: this percentile of the card's darkest channel away from the corner.
    paper_percentile: float = 95.0
    #: ... at least this share of the field's width from the corner.
    paper_away: float = 0.8
    #: ... or this share of its pixels blown out (``border.blown``: clipped, every channel
    #: brighter than the border's white) while the border away from the corner is not
    #: clipped (its brightest tenth below ``FaceParams.sensor_clip``).
    min_clipped: float = 0.3
    #: At most this share of the surroundings' field painted in another colour (saturated,
    #: away from the field's hue) or darker than the field's shade allows.
    max_foreign: float = 0.03
    #: Another paint: at least this saturated (and bright, ``foreign_value``), or darker than
    #: ``foreign_dark`` of the field's value.
    foreign_saturation: float = 0.3
    foreign_value: float = 0.25
    foreign_dark: float = 0.4


def glare_over_corner(face: Face, border: float, min_whole: float, params: GlareCornerParams,
                      face_params: FaceParams) -> bool:
    """Is the one corner of ``face``'s field short of its colour (the other three at least
    ``min_whole``) whitened by a glare spot rather than covered (see the module)? ``border``:
    the deck's border, a share of the card's width."""
    shares = face.corner_shares
    if (not params.reach or face.colour.name is None or sorted(shares)[1] < min_whole
            or min(shares) >= face_params.min_edge_agreement):
        return False
    card = face.card
    h, w = card.shape[:2]
    ring, _, inside, _ = regions(w, h, round(border, 4))
    fx0, fy0, fx1, fy1 = CardGeometry(border).field_rect(w, h)
    k = int(np.argmin(shares))
    cx, cy = ((fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1))[k]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32) + 0.5
    off = np.hypot(xs - cx, ys - cy)
    near = off < params.reach * (fx1 - fx0)
    # The border away from that corner: this card's own white in this light.
    far_ring = ring & (off >= 0.5 * (fx1 - fx0))
    if np.count_nonzero(far_ring) < 20:
        return False
    raw_dark = card.min(axis=2).astype(np.float32)
    raw_bright = card.max(axis=2)
    # The card's paper in this light: the brightest of it away from that corner (its border,
    # its white centre), so that a paper patch of the card in the corner is not "lifted".
    paper = float(np.percentile(raw_dark[off >= params.paper_away * (fx1 - fx0)], params.paper_percentile))
    white_ref = percentile_rows(card.reshape(-1, 3)[far_ring.ravel()], 75)
    wb = unclipped_balance(card, white_ref, face_params.sensor_clip)
    hsv = hsv_float(wb, clip=False)
    dark = np.minimum(np.minimum(wb[..., 0], wb[..., 1]), wb[..., 2])
    field_level = float(np.percentile(dark[inside], 20))
    step = float(np.median(dark[far_ring])) - field_level
    if step <= 0:
        return False
    zone = near & (inside | ring)
    if face.centre is not None:
        zone &= ~face.centre
    whitened = zone & (dark >= field_level + params.whitened * step)
    if not whitened.any():
        return False
    # Thick: a card's border over the corner is a strip one border wide.
    across = cv2.distanceTransform(whitened.view(np.uint8), cv2.DIST_L2, 3)
    if 2.0 * float(across.max()) < params.min_thickness * border * w:
        return False
    # Brighter than paper: the highlight adds its light to the card's own border as well.
    lit = raw_dark[whitened]
    near_ring = ring & near
    lifted = (float(np.percentile(lit, 90)) >= params.min_lift * paper and np.count_nonzero(near_ring) >= 10
              and float(np.percentile(raw_dark[near_ring], 90))
              >= params.min_ring_lift * float(np.percentile(raw_dark[far_ring], 90)))
    clipped = (float(np.percentile(raw_bright[far_ring], 90)) < face_params.sensor_clip
               and float(np.mean(blown(card[whitened], white_ref, face_params))) >= params.min_clipped)
    if not (lifted or clipped):
        return False
    # No other paint around it: a covering card's field (lifted too, when the highlight lies
    # over it as well: still its own hue), its back, a finger.
    field = zone & inside
    hue, sat, val = hsv[..., 0][field], hsv[..., 1][field], hsv[..., 2][field]
    colour = face.colour
    if colour.name == BLACK:
        foreign = (val > max(0.45, 2.0 * colour.value)) & (sat >= params.foreign_saturation)
    else:
        foreign = (((hue_distance(hue, colour.hue) > 30.0) & (sat >= params.foreign_saturation)
                    & (val >= params.foreign_value)) | (val < params.foreign_dark * colour.value))
    return float(np.count_nonzero(foreign)) <= params.max_foreign * max(1, np.count_nonzero(field))
