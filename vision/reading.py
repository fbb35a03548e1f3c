"""One candidate read: what the recogniser knows of it (is it a card, its label, why not),
the checks that make a flattened quad a card, and the label from a colour and a symbol.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from companion.engine.cards import Card

from .border import CORNER_PAIRS, region_indices
from .colour import BLACK
from .face import Face
from .quads import Candidate
from .sighting import Sighting, no_card
from .symbols import SymbolReading

if TYPE_CHECKING:  # pragma: no cover
    from .recognizer_params import RecognizerParams


@dataclass(frozen=True)
class CardReading:
    """One candidate read: ``is_card`` when it passed verification, ``label`` when it was
    also read with confidence. ``reason`` says why not, for ``teach`` and debugging."""

    candidate: Candidate
    face: Face | None
    is_card: bool
    label: str | None
    confidence: float
    corners: np.ndarray
    reason: str = ""
    symbol: SymbolReading | None = None

    def sighting(self) -> Sighting:
        if self.label is None:
            return no_card(1.0 - self.confidence if self.is_card else 1.0)
        return Sighting(self.label, self.confidence, self.corners.astype(np.float32))


#: check's reason for a card whose symbol was not read yet (see Recognizer.read).
SYMBOL_UNREAD = "its symbol is not read yet"

#: check's reason for a black card whose centre holds no mark at all: a card's back (its
#: red oval passes for a centre), never a Wild Dare, which prints its word and number there.
CARD_BACK = "a card's back: a black field with no mark in its centre"

#: check's reason for a card whose centre gave no ink to read (a wild's print left out of
#: its cut against the border's white: :func:`~vision.wild_looks.unmarked_wild` reads it again).
NO_MARK = "no mark in the centre"

#: verify's reason for a quad whose field is no card colour: a cloth, a hand, or a card
#: whose colour the light or glare turned (ring_white and ring_contrast tell a card-shaped one).
FIELD_NO_COLOUR = "its field is neither a card colour nor black"
#: verify's reason for a card whose field's colour is missing near a corner: covered there,
#: or glare took it; it may still be the pile's top card.
CORNER_COVERED = "a corner of the field is covered"


def verify(face: Face, params: "RecognizerParams") -> str:
    """Why this flattened quad is not a card, or "" when it is one."""
    if face.colour.name is None:
        return FIELD_NO_COLOUR
    if face.ring_white < params.face.min_ring_white:
        return "no white border around the field"
    if face.ring_contrast < params.colour.min_ring_contrast:
        return "the border is not brighter than the field"
    if face.centre_share < params.face.min_centre_share:
        return "no white or four-colour centre"
    if face.edge_agreement < params.face.min_edge_agreement:
        return CORNER_COVERED
    return ""


def one_corner_under_no_card(face: Face, border: float, params: "RecognizerParams") -> bool:
    """May a card whose verify said :data:`CORNER_COVERED` pass all the same? When exactly
    one corner is short of the field's colour, the other three show it surely
    (``one_corner_covered``) and no paper lies in that corner's bands (``max_paper_over_corner``,
    ``paper_over_corner_spread``): a thumb over a card held up covers a corner so; a card
    lying over a lower card's corner brings its white border into it. ``border``: the deck's border, a share of the width."""
    shares = face.corner_shares
    if params.one_corner_covered <= 0 or sorted(shares)[1] < params.one_corner_covered:
        return False
    card = face.card
    h, w = card.shape[:2]
    _, _, corners_at, corner_ids, _ = region_indices(w, h, round(border, 4))
    a, b = CORNER_PAIRS[int(np.argmin(shares))]
    pixels = card.reshape(-1, 3)[corners_at[(corner_ids == a) | (corner_ids == b)]].astype(np.float32)
    # Paper against the card's own white (its border and centre: the brightest of each channel).
    white = np.maximum(np.percentile(card.reshape(-1, 3), 95, axis=0), 1.0)
    pixels /= white
    lo, hi = pixels.min(axis=1), pixels.max(axis=1)
    paper = (lo >= 0.75) & (hi - lo <= params.paper_over_corner_spread)
    return float(paper.mean()) <= params.max_paper_over_corner


def label_of(colour: str, symbol: SymbolReading) -> str | None:
    """The card label for a field colour and a centre symbol."""
    if symbol.symbol is None:
        return None
    if colour == BLACK:
        return Card("wild-dare", None, symbol.number).label if symbol.symbol == "dare" else None
    if symbol.symbol == "dare":
        return Card("dare", colour, symbol.number).label
    if symbol.symbol in ("skip", "reverse"):
        return Card(symbol.symbol, colour).label
    return Card("number", colour, int(symbol.symbol)).label


def wild_paint(face: Face, hues: dict[str, float], min_saturation: float) -> float:
    """The lesser of the shares of ``face``'s centre painted green and painted blue (each
    within 30 degrees of the deck's hue, ``hues`` in degrees, saturated by
    ``min_saturation`` of 255 at least): a wild's four colours show both, a card's back
    (a red oval, its word yellow) neither. 0 without a centre."""
    if face.centre is None or not face.centre.any():
        return 0.0
    hsv = cv2.cvtColor(face.card, cv2.COLOR_BGR2HSV)[face.centre.astype(bool)]
    return min(ink_shares(hsv, hues, min_saturation, ("green", "blue")))


def ink_shares(hsv: np.ndarray, hues: dict[str, float], min_saturation: float,
               names: tuple[str, ...]) -> list[float]:
    """The share of ``hsv``'s pixels (OpenCV's HSV rows, N x 3) painted in each of the inks
    ``names``: within 30 degrees of the deck's hue (``hues``, degrees), saturated by
    ``min_saturation`` of 255 at least."""
    hue, painted = hsv[:, 0].astype(np.int16), hsv[:, 1] >= min_saturation
    shares = []
    for name in names:
        # OpenCV's hue is degrees / 2, round the circle at 180.
        off = np.abs(hue - int(round(hues[name] / 2)) % 180)
        shares.append(float(np.mean(painted & (np.minimum(off, 180 - off) <= 15))))
    return shares
