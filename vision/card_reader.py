"""How the recogniser reads one candidate: is it a card (:meth:`CardReader.check`), and
which (:meth:`CardReader.read`): flatten, verify, read the symbol, then the lazy second
looks a reading left unsure or unnumbered may earn (recut corners, glare cuts, a camera
shake undone).

``Recognizer`` takes these from :class:`CardReader`; they use its ``params`` (a
``RecognizerParams``) and ``profile``.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .corner_cuts import numbered_by_recut, two_digit_dare_by_recut
from .corner_words import word_over_digit
from .deblur import number_by_deblur
from .face import flatten, read_face
from .geometry import rotate_half_turn
from .glare_corner import glare_over_corner
from .glare_dare import dare_by_glare_corner
from .glare_digit import digit_by_glare_cut
from .glare_glyph import digit_by_glare_glyph
from .grey_params import GreyParams
from .quads import Candidate
from .reading import (CARD_BACK, CORNER_COVERED, FIELD_NO_COLOUR, NO_MARK, SYMBOL_UNREAD, CardReading,
                      label_of, one_corner_under_no_card, verify, wild_paint)
from .recut_reread import reread_by_recut
from .symbols import read_symbol
from .wild_looks import four_colours, second_look


class CardReader:
    """One candidate's check and reading for :class:`~vision.recognizer.Recognizer` (a mixin)."""

    def check(self, frame_bgr: np.ndarray, candidate: Candidate) -> CardReading:
        """Flatten and verify one candidate: is it a card? Its symbol is not read yet
        (``reason`` is :data:`SYMBOL_UNREAD` for a card with a mark; :meth:`read` goes on
        from here): a rival of a card read only needs to be a card."""
        p = self.params
        card = flatten(frame_bgr, candidate.card, p.face)
        face = read_face(card, self.profile.geometry, self.profile.hues, p.face, p.colour)
        reason = verify(face, p)
        if reason == CORNER_COVERED and (
                one_corner_under_no_card(face, self.profile.geometry.border, p)
                or glare_over_corner(face, self.profile.geometry.border, p.one_corner_covered, p.glare_corner, p.face)):
            reason = ""
        if reason:
            return CardReading(candidate, face, False, None, 0.0, candidate.card, reason)
        if face.ink is None:
            return CardReading(candidate, face, True, None, 0.0, candidate.card, NO_MARK)
        if p.backs_are_no_cards and face.is_wild and not face.ink.any():
            if (p.wild_not_back <= 0
                    or wild_paint(face, self.profile.hues, p.wild_paint_saturation) < p.wild_not_back):
                return CardReading(candidate, face, False, None, 0.0, candidate.card, CARD_BACK)
            # A wild's four colours with its print not cut (dim light): a card, unread.
            return CardReading(candidate, face, True, None, 0.0, candidate.card, NO_MARK)
        return CardReading(candidate, face, True, None, 0.0, candidate.card, SYMBOL_UNREAD)

    def read(self, frame_bgr: np.ndarray, candidate: Candidate,
             checked: CardReading | None = None, grey: GreyParams | None = None,
             deblur: bool = True) -> CardReading:
        """Flatten, verify and classify one candidate (from its :meth:`check`, when done;
        ``grey``: the symbol checks' switches, when not read_symbol's own). With ``deblur``,
        a dare read without its number is read again from the frame with a camera shake
        undone (:func:`~vision.deblur.number_by_deblur`; lazy: only such a reading pays for it)."""
        reading = self._read_once(frame_bgr, candidate, checked, grey)
        symbol = reading.symbol
        if (deblur and self.params.deblur.enabled and reading.label is not None and symbol is not None
                and symbol.symbol == "dare" and symbol.number is None):
            return number_by_deblur(reading, frame_bgr, candidate,
                                    lambda frame: self._read_once(frame, candidate, None, grey),
                                    self.params.deblur) or reading
        return reading

    def _read_once(self, frame_bgr: np.ndarray, candidate: Candidate,
                   checked: CardReading | None = None, grey: GreyParams | None = None) -> CardReading:
        """:meth:`read` but for the deblurred second reading."""
        p = self.params
        checked = checked or self.check(frame_bgr, candidate)
        if checked.reason in (NO_MARK, FIELD_NO_COLOUR) and checked.face is not None:
            return second_look(checked, candidate, self.profile, p, grey)
        if checked.reason != SYMBOL_UNREAD:
            return checked
        face = checked.face
        switches = {} if grey is None else {"grey": grey}
        symbol = read_symbol(face.ink, self.profile.banks, p.symbols, wild=face.is_wild,
                             corners=face.corner_ink, card=face.card, centre=face.centre, **switches)
        dare = face.is_wild or (p.corner_cuts.coloured_dares and symbol.symbol == "dare"
                                and symbol.confidence >= p.min_confidence)
        if dare and symbol.number is None and face.edge_agreement >= p.face.min_edge_agreement:
            # Lazy: only a whole wild card, or a sure coloured dare, left unnumbered has its
            # corners cut again.
            symbol = (numbered_by_recut(symbol, face.card, face.centre, face.ink, self.profile.geometry,
                                        self.profile.banks, p.symbols, p.corner_cuts, face.is_wild)
                      or reread_by_recut(symbol, face.ink, face.card, face.centre, face.corner_ink,
                                         self.profile.geometry,
                                         self.profile.banks, p.symbols, p.corner_cuts, face.is_wild,
                                         **switches)
                      or symbol)
        elif (not face.is_wild and symbol.confidence < p.min_confidence
              and face.edge_agreement >= p.face.min_edge_agreement):
            # Lazy too: only a coloured card's centre left unsure (glare, blur) has its
            # corners cut again, for a number of two digits only a dare carries.
            # Then, a glared digit card by its corner glyph at the centre's size and place.
            symbol = (two_digit_dare_by_recut(symbol, face.card, face.centre, face.ink, self.profile.geometry,
                                              self.profile.banks, p.symbols, p.corner_cuts)
                      or digit_by_glare_glyph(symbol, face.card, face.centre, face.ink, face.corner_ink,
                                              self.profile.banks, p.symbols, p.glare_glyph)
                      or digit_by_glare_cut(symbol, face.card, face.centre, face.ink, face.corner_ink,
                                            self.profile.banks, p.symbols, p.glare_digit)
                      or dare_by_glare_corner(symbol, face.card, face.centre, face.ink, face.corner_ink,
                                              self.profile.banks, p.symbols, p.glare_dare)
                      or symbol)
        if word_over_digit(symbol, face.corner_ink, self.profile.banks, p.symbols):
            # A corner prints the dare word: the digit is a dare's number, its word lost.
            symbol = replace(symbol, confidence=0.0)
        corners = rotate_half_turn(candidate.card) if symbol.flipped else candidate.card
        confidence = min(face.colour.confidence, symbol.confidence)
        label = label_of(face.colour.name, symbol)
        # A card with a corner under something (one_corner_under_no_card) answers only surely.
        least = p.covered_corner_confidence if face.edge_agreement < p.face.min_edge_agreement else p.min_confidence
        if (label is not None and face.is_wild and confidence < least <= symbol.confidence
                and symbol.number is not None and p.wild_four_colours > 0
                and four_colours(face, self.profile.hues, p.wild_paint_saturation) >= p.wild_four_colours):
            # A black field only partly dark (a lamp's tint, glare lifting part of it) is
            # a wild's all the same when its centre shows the four inks: its number answers.
            confidence = symbol.confidence
        if label is None or confidence < least:
            # Said apart so that `bench vision --explain` counts a pale or tinted field where
            # it belongs, not among the symbol's misses.
            colour_only = label is not None and symbol.confidence >= p.min_confidence
            reason = "the field's colour is unsure" if colour_only else "the symbol is unsure"
            return CardReading(candidate, face, True, None, confidence, corners, reason, symbol)
        return CardReading(candidate, face, True, label, confidence, corners, "", symbol)
