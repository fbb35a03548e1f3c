"""A dare number read again from its grey levels counts when every cut at the strokes' core
reads it, one of them surely, though no two neighbouring cuts do: the face's cut leaning to
it too, or a core cut reading it by a clear lead. A cut reading another number, or nothing,
leaves the line unsure."""

import numpy as np
import pytest

from vision import number_rows
from vision.indices import number_row
from vision.symbol_params import SymbolParams

PARAMS = SymbolParams()
SURE = PARAMS.number_min_confidence


def _line(last_top: int = 2) -> np.ndarray:
    """A line of two characters, the last one's ink from row ``last_top`` down (the readings
    below look at nothing but their heights)."""
    row = np.zeros((20, 40), np.uint8)
    row[2:18, 4:14] = 255
    row[last_top:18, 22:34] = 255
    return row


def _read(monkeypatch, face: tuple, cuts: dict, line: np.ndarray | None = None) -> tuple:
    """:func:`number_row` of ``line`` (:func:`_line`) where the face's cut reads ``face`` and
    the cut at each level of the ladder ``cuts[level]`` ((number, confidence, likeness, lead))."""
    marks = {level: k + 1 for k, level in enumerate(PARAMS.recut_ladder)}

    def recut(piece, strength, x, level, *args, **kwargs):
        return np.full(piece.shape, marks[level], np.uint8)

    def number_of(pieces, bank, params, hash_rivals, bays, seen=None, placed=False):
        mark = int(pieces[0].max())
        for level, k in marks.items():
            if mark == k:
                return cuts[level]
        return face

    monkeypatch.setattr(number_rows, "recut", recut)
    monkeypatch.setattr(number_rows, "_number_of", number_of)
    line = _line() if line is None else line
    return number_row(line, None, PARAMS, levels=np.zeros(line.shape, np.float32))


def _ladder(*readings) -> dict:
    return dict(zip(PARAMS.recut_ladder, readings))


def test_every_core_cut_reading_the_faces_number_one_surely_counts(monkeypatch):
    face = (12, 0.5, 0.8, 0.05)
    cuts = _ladder((12, 0.5, 0.8, 0.04), (12, 0.6, 0.8, 0.05), (12, 0.3, 0.8, 0.02),
                   (12, 1.0, 0.85, 0.08), (12, 0.7, 0.8, 0.06))
    number, confidence, _ = _read(monkeypatch, face, cuts)
    assert number == 12 and confidence == pytest.approx(SURE)


def test_a_last_digit_short_of_the_others_leaves_it_unsure(monkeypatch):
    # Glare took a 6's stem: what is left reads 0 at every cut, shorter than the 1 before it.
    face = (10, 0.2, 0.7, 0.02)
    cuts = _ladder((10, 0.2, 0.7, 0.01), (10, 0.81, 0.8, 0.06), (10, 0.5, 0.8, 0.04),
                   (10, 1.0, 0.85, 0.16), (10, 0.7, 0.8, 0.18))
    short = _line(last_top=7)  # 11 rows of the first character's 16
    assert _read(monkeypatch, face, cuts, short) == face[:3]
    assert _read(monkeypatch, face, cuts)[:2] == (10, pytest.approx(SURE))


def test_a_core_cut_reading_another_number_or_none_leaves_it_unsure(monkeypatch):
    face = (12, 0.5, 0.8, 0.05)
    for other in ((13, 0.2, 0.7, 0.01), (None, 0.0, -1.0, 0.0)):
        cuts = _ladder((12, 0.5, 0.8, 0.04), (12, 0.6, 0.8, 0.05), other,
                       (12, 1.0, 0.85, 0.08), (12, 0.7, 0.8, 0.06))
        assert _read(monkeypatch, face, cuts) == face[:3]


def test_only_a_cut_short_of_the_core_reading_surely_is_no_reading(monkeypatch):
    face = (12, 0.5, 0.8, 0.05)
    cuts = _ladder((12, 1.0, 0.9, 0.2), (12, 0.6, 0.8, 0.05), (12, 0.3, 0.8, 0.02),
                   (12, 0.5, 0.85, 0.08), (12, 0.7, 0.8, 0.06))
    assert _read(monkeypatch, face, cuts) == face[:3]


def test_another_number_than_the_faces_counts_only_by_a_clear_lead(monkeypatch):
    # A heavy 5 the face's cut closes into an 8: every core cut opens it into a 5.
    face = (8, 0.4, 0.8, 0.03)
    clear = _ladder((8, 0.4, 0.8, 0.03), (5, 0.2, 0.7, 0.03), (5, 1.0, 0.8, 0.16),
                    (5, 0.1, 0.7, 0.05), (5, 0.1, 0.7, 0.3))
    number, confidence, _ = _read(monkeypatch, face, clear)
    assert number == 5 and confidence == pytest.approx(SURE)
    narrow = dict(clear)
    narrow[0.6] = (5, 1.0, 0.8, PARAMS.narrow_lead / 2)
    assert _read(monkeypatch, face, narrow) == face[:3]
