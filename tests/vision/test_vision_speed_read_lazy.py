"""vision.symbol_ink.read_mark matches a dare's whole mark against the templates only when
asked: a mark one of whose lines reads as the dare word and the other as a number is a
dare whatever the whole mark looks like, so its score and margin are worked out on first
access (SymbolReading.matched_later). The reading must stay the same reading: equal, hashed,
replaced, pickled and shown as one built with its match at once."""

import dataclasses
import pickle

import numpy as np

from vision import symbol_ink
from vision.mark_shape import without_specks
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbol_ink import SymbolReading, read_mark
from vision.symbol_scores import whole_mark
from visionkit import drawn_dare_faces

PARAMS = SymbolParams()
BANKS = default_profile(PARAMS).banks


def test_a_reading_matched_later_is_the_reading_matched_at_once():
    calls = []

    def match():
        calls.append(1)
        return 0.83, 0.21

    lazy = SymbolReading.matched_later("dare", 12, True, 1.0, match)
    plain = SymbolReading("dare", 12, True, 1.0, 0.83, 0.21)
    assert (lazy.symbol, lazy.number, lazy.flipped, lazy.confidence) == ("dare", 12, True, 1.0)
    assert not calls  # nothing asked its match yet
    assert lazy == plain and hash(lazy) == hash(plain) and repr(lazy) == repr(plain)
    assert (lazy.score, lazy.margin) == (0.83, 0.21) and len(calls) == 1  # worked out once
    again = SymbolReading.matched_later("dare", 12, True, 1.0, match)
    assert dataclasses.replace(again, confidence=0.85) == dataclasses.replace(plain, confidence=0.85)
    assert pickle.loads(pickle.dumps(SymbolReading.matched_later("dare", 3, False, 1.0, match))) == \
        SymbolReading("dare", 3, False, 1.0, 0.83, 0.21)
    assert dataclasses.astuple(again) == dataclasses.astuple(plain)
    assert SymbolReading("7", None, False, 0.5) == SymbolReading("7", None, False, 0.5, 0.0, 0.0)


def test_a_dare_read_by_its_word_and_number_is_matched_only_when_asked(monkeypatch):
    """Drawn dares (turned, blurred; fixed seed): a reading made lazily is a dare with its
    number, fully sure, and its score and margin are the whole mark's as read_mark's plain
    form worked them out (whole_mark of the mark without its specks)."""
    made = []
    plain = SymbolReading.matched_later.__func__

    def recorded(cls, *args):
        made.append(plain(cls, *args))
        return made[-1]

    monkeypatch.setattr(symbol_ink.SymbolReading, "matched_later", classmethod(recorded))
    checked = 0
    for _, face in drawn_dare_faces(np.random.default_rng(3), 40, most_blur=1.6):
        if face.ink is None:
            continue
        made.clear()
        got = read_mark(face.ink, BANKS, PARAMS, face.is_wild, face.corner_ink, card=face.card)
        if not made:
            continue
        assert got is made[0] and got.symbol == "dare" and got.number is not None and got.confidence == 1.0
        _, score, margin, _ = whole_mark(without_specks(face.ink)[0], BANKS, PARAMS, face.is_wild)
        assert (got.score, got.margin) == (score, margin)
        checked += 1
    assert checked >= 10
