"""A dare number's misreads from what is not its print (vision.number_rows.number_row): a glare
speck beside the number is no character (a speck scaled up to a digit's box reads as the 0
of "10"), and cuts of the grey levels that read another number than the face's cut count
only when one reads it by a clear lead (a heavy JPEG's colour blocks, cut finer, pass for
another digit)."""

import cv2
import numpy as np
import pytest

import vision.number_rows as number_rows
from vision.indices import number_row
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from visionkit import heavy

PARAMS = SymbolParams()
BANKS = default_profile().banks


def line_with_speck(text: str, share: float, before: bool = False) -> np.ndarray:
    """``text`` printed heavy, cut to its rows, with a slanted speck ``share`` of its height
    tall to its right (or left), at its top (a highlight's leftover)."""
    glyph = heavy(text, cv2.FONT_HERSHEY_SIMPLEX, 2, 26)
    ys = np.flatnonzero(glyph.any(axis=1))
    row = np.pad(glyph[ys[0]:ys[-1] + 1], ((0, 0), (30, 0) if before else (0, 30)))
    tall = max(2, int(share * row.shape[0]))
    x = 15 if before else row.shape[1] - 15
    cv2.ellipse(row, (x, tall // 2 + 1), (4, tall // 2), 20, 0, 360, 255, -1)
    return row


@pytest.mark.parametrize("share", [0.3, 0.4, 0.45])
def test_a_speck_after_a_one_is_not_the_zero_of_ten(share):
    number, confidence, _ = number_row(line_with_speck("1", share), BANKS.digit, PARAMS)
    assert number is None and confidence == 0.0
    # The rule, not the templates, says so: without it the speck reads as a 0 (surely so
    # from 0.4 of the line's height).
    lax = SymbolParams(digit_min_height=0.0)
    assert number_row(line_with_speck("1", share), BANKS.digit, lax)[0] == 10


@pytest.mark.parametrize("text", ["6", "13"])
def test_a_speck_before_a_number_leaves_it_needing_a_corner(text):
    number, confidence, _ = number_row(line_with_speck(text, 0.35, before=True), BANKS.digit, PARAMS)
    assert number == int(text) and PARAMS.corner_agree_min <= confidence <= PARAMS.short_end_confidence
    assert confidence < PARAMS.number_min_confidence


def test_characters_of_one_height_still_read():
    glyph = heavy("#13", cv2.FONT_HERSHEY_SIMPLEX, 2, 26)
    ys = np.flatnonzero(glyph.any(axis=1))
    number, confidence, _ = number_row(glyph[ys[0]:ys[-1] + 1], BANKS.digit, PARAMS)
    assert number == 13 and confidence >= PARAMS.number_min_confidence


def scripted(monkeypatch, face, cuts):
    """number_row's readings scripted: the face's cut reads ``face``, the cut at each level
    ``cuts[level]`` ((number, confidence, score, lead), as vision.number_rows._number_of)."""
    monkeypatch.setattr(number_rows, "recut", lambda piece, strength, x, level: ("cut", level))
    monkeypatch.setattr(number_rows, "_number_of", lambda pieces, *rest, **kwargs: (
        cuts[pieces[0][1]] if isinstance(pieces[0], tuple) else face))


ROW = np.pad(np.full((20, 12), 255, np.uint8), ((0, 0), (2, 2)))


def test_cuts_reading_another_number_need_a_clear_lead(monkeypatch):
    # blue-dare-15 (dim light, washed colour, heavy JPEG): the face's cut reads 15 short of
    # sure, the cuts at the strokes' core read 13 surely, each by a lead of less than 0.1.
    narrow = {0.4: (13, 0.17, 0.74, 0.014), 0.5: (13, 0.69, 0.80, 0.055), 0.6: (13, 0.99, 0.75, 0.081),
              0.7: (13, 0.94, 0.74, 0.085), 0.8: (None, 0.0, -1.0, 0.0)}
    scripted(monkeypatch, (15, 0.52, 0.78, 0.042), narrow)
    assert number_row(ROW, BANKS.digit, PARAMS, levels=np.zeros((20, 16), np.float32)) == (15, 0.52, 0.78)
    # A heavy 5 the face's cut closed into an 8, its core cuts opening it clearly, reads 5.
    clear = {0.4: (8, 0.6, 0.84, 0.048), 0.5: (9, 0.39, 0.81, 0.031), 0.6: (5, 1.0, 0.79, 0.097),
             0.7: (5, 1.0, 0.77, 0.153), 0.8: (5, 0.46, 0.64, 0.131)}
    scripted(monkeypatch, (8, 0.44, 0.85, 0.035), clear)
    number, confidence, _ = number_row(ROW, BANKS.digit, PARAMS, levels=np.zeros((20, 16), np.float32))
    assert number == 5 and confidence == PARAMS.number_min_confidence
