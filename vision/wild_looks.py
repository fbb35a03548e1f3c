"""Second looks at a Wild Dare the face's reading refused, taken only on that refused path.

A wild's centre shows all four of the deck's inks, which no coloured card, card back, cloth
or hand does: that is the evidence each look here leans on besides its own reading. Two
refusals are looked at again: a centre that gave no mark (the print greyer than the
border's white under a dim or tinted light, a shadow over the centre: ``unmarked_wild``),
and a field read as no card colour at all (a warm lamp turns the black field brown,
glare lifts it to grey: ``grey_wild``). Pure numpy + cv2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from .colour import BLACK, ColourReading
from .face import Face, read_face
from .geometry import rotate_half_turn
from .grey_params import GreyParams
from .reading import NO_MARK, CardReading, ink_shares, label_of, verify
from .symbol_ink import SymbolReading
from .symbols import read_symbol
from .white_print import read_white

if TYPE_CHECKING:  # pragma: no cover
    from .quads import Candidate
    from .marks import SymbolBanks
    from .profile import DeckProfile
    from .recognizer_params import RecognizerParams
    from .symbol_params import SymbolParams

#: The deck's four inks, in the order :func:`four_colours` measures them.
INKS = ("red", "yellow", "green", "blue")


def four_colours(face: Face, hues: dict[str, float], min_saturation: float) -> float:
    """The least of the shares of ``face``'s centre painted in each of the deck's four
    inks (:func:`~vision.reading.ink_shares`): a wild's centre shows all four; a coloured
    card's centre is white with its one ink's mark, a card's back red and yellow. 0
    without a centre."""
    if face.centre is None or not face.centre.any():
        return 0.0
    return min(ink_shares(cv2.cvtColor(face.card, cv2.COLOR_BGR2HSV)[face.centre.astype(bool)], hues,
                          min_saturation, INKS))


def four_in_middle(card_bgr: np.ndarray, hues: dict[str, float], min_saturation: float) -> float:
    """:func:`four_colours` of the card's middle (its middle two fifths down, three fifths
    across, where a wild's centre lies): a cheap first look before the face is read again."""
    h, w = card_bgr.shape[:2]
    middle = np.ascontiguousarray(card_bgr[int(0.3 * h):int(0.7 * h), int(0.2 * w):int(0.8 * w)])
    return min(ink_shares(cv2.cvtColor(middle, cv2.COLOR_BGR2HSV).reshape(-1, 3), hues, min_saturation, INKS))


def unmarked_wild(face: Face, banks: "SymbolBanks", params: "SymbolParams",
                  grey: "GreyParams") -> SymbolReading | None:
    """A wild card's mark read from its white print cut within its four-colour centre
    (:func:`~vision.white_print.read_white`), when the face's cut against the border's white
    found none: a dim, tinted or blurred light over the centre leaves the print greyer than
    the border, while the wild's four colours (``wild_paint``) already told it from a
    card's back. Counted only as read_white counts one (a sure dare's number beside a
    word's shape, no corner index reading another number): None otherwise."""
    if face.centre is None or not face.is_wild:
        return None
    empty = SymbolReading(None, None, False, 0.0)
    reading = read_white(empty, face.card, face.centre, banks, params, face.corner_ink, grey)
    return None if reading is empty else reading


def grey_wild(face: Face, profile: "DeckProfile", params: "RecognizerParams") -> Face | None:
    """``face`` (refused: its field read as no card colour) read again as a wild's black
    field, when that reading makes it a card (:func:`~vision.reading.verify`: a white ring
    brighter than the field around a centre) whose centre shows each of the four inks
    over ``params.wild_four_colours`` of it; None otherwise (or with that share 0: off).
    A warm lamp turns a black field brown and glare lifts it to grey, past what the
    colour reading takes for black; a coloured card's field, however pale, has a white
    centre, which shows none of the four."""
    if (params.wild_four_colours <= 0
            or four_in_middle(face.card, profile.hues, params.wild_paint_saturation) < params.wild_four_colours / 2):
        return None
    as_black = ColourReading(BLACK, 1.0, face.colour.saturation, face.colour.value)
    wild = read_face(face.card, profile.geometry, profile.hues, params.face, params.colour, as_black)
    if verify(wild, params) or wild.ink is None or not wild.ink.any():
        return None
    if four_colours(wild, profile.hues, params.wild_paint_saturation) < params.wild_four_colours:
        return None
    return wild


def second_look(checked: CardReading, candidate: "Candidate", profile: "DeckProfile",
                params: "RecognizerParams", grey: GreyParams | None) -> CardReading:
    """A card refused before its symbol was read (``checked``: its face cut no mark, or its
    field read as no card colour) read as a Wild Dare: a wild whose face cut no mark, from
    its white print (:func:`unmarked_wild`); a field of no card colour, as a wild's black
    when its centre shows the four inks (:func:`grey_wild`). Only a sure dare's number
    answers; ``checked`` otherwise."""
    face = checked.face
    if checked.reason == NO_MARK:
        symbol = unmarked_wild(face, profile.banks, params.symbols, grey or GreyParams())
    else:
        face = grey_wild(face, profile, params)
        symbol = None if face is None else read_symbol(
            face.ink, profile.banks, params.symbols, wild=True, corners=face.corner_ink, card=face.card,
            centre=face.centre, **({} if grey is None else {"grey": grey}))
    if (symbol is None or symbol.symbol != "dare" or symbol.number is None
            or min(face.colour.confidence, symbol.confidence) < params.min_confidence
            or face.edge_agreement < params.face.min_edge_agreement):
        return checked
    corners = rotate_half_turn(candidate.card) if symbol.flipped else candidate.card
    return CardReading(candidate, face, True, label_of(face.colour.name, symbol),
                       min(face.colour.confidence, symbol.confidence), corners, "", symbol)
