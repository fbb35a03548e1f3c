"""Recognizer.rivals: which candidates could as well be the pile's top card (touching it, or
lying apart and read)."""

import numpy as np

from vision.pile import Layer
from vision.quads import Candidate
from vision.recognizer import SYMBOL_UNREAD, CardReading, Recognizer, RecognizerParams


def card_at(x0, y0, width, height):
    card = np.array([[x0, y0], [x0 + width, y0], [x0 + width, y0 + height], [x0, y0 + height]],
                    np.float32)
    return Candidate(card, card, 1.0, {"support": 1.0})


class EveryCandidateACard(Recognizer):
    """Takes every candidate for a card whose symbol is not read yet."""

    def check(self, frame_bgr, candidate):
        return CardReading(candidate, None, True, None, 0.0, candidate.card, SYMBOL_UNREAD)

    def read(self, frame_bgr, candidate, checked=None):
        return checked or self.check(frame_bgr, candidate)


class EveryCandidateReads(EveryCandidateACard):
    """... and reads every one of them (a red 1)."""

    def read(self, frame_bgr, candidate, checked=None):
        return CardReading(candidate, None, True, "red-1", 1.0, candidate.card)


def test_a_touching_card_seen_much_smaller_is_a_piece_of_a_card_not_a_rival():
    frame = np.zeros((480, 640, 3), np.uint8)
    read = card_at(100, 100, 120, 180)
    beside = card_at(222, 110, 115, 175)     # a whole card lying beside it
    piece = card_at(100, 282, 110, 60)       # what shows of a card it lies on
    apart = card_at(400, 100, 120, 180)      # a card lying apart
    found = [Layer(read), Layer(beside), Layer(piece), Layer(apart)]
    rivals = EveryCandidateACard().rivals(frame, found[0], found)
    assert [r.candidate for r in rivals] == [beside]
    everyone = EveryCandidateACard(params=RecognizerParams(min_rival_size=0.0))
    assert [r.candidate for r in everyone.rivals(frame, found[0], found)] == [beside, piece]


def test_a_card_lying_apart_is_a_rival_only_when_it_reads():
    frame = np.zeros((480, 640, 3), np.uint8)
    read = card_at(100, 100, 120, 180)
    apart = card_at(400, 100, 120, 180)
    small = card_at(400, 300, 40, 60)        # seen far smaller: no card on this table
    found = [Layer(read), Layer(apart), Layer(small)]
    readings = {}
    rivals = EveryCandidateReads().rivals(frame, found[0], found, readings)
    assert [r.candidate for r in rivals] == [apart]
    assert readings[id(apart)].label == "red-1"  # kept for settle
    assert EveryCandidateACard().rivals(frame, found[0], found) == []  # is a card, but unread
    off = EveryCandidateReads(params=RecognizerParams(apart_rivals=False))
    assert off.rivals(frame, found[0], found) == []
