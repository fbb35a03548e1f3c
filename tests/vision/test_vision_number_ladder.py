"""A dare number's line cut again at a ladder of levels (vision.number_rows.number_row with the
card's ink strength): a number the face's one cut leans another way counts when two
neighbouring cuts at the strokes' core read it surely; a reading sure only by a narrow lead
is unsure when a check cut reads another number surely; the levels are asked for only when
needed."""

import cv2
import numpy as np

from vision.indices import number_row
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from visionkit import dare_mark, fat_cut, heavy, ink_cut, printed

PARAMS = SymbolParams()
BANKS = default_profile().banks


def printed_line(text: str, font: int, weight: int, sigma: float, share: float) -> tuple[np.ndarray, np.ndarray]:
    """``text`` printed heavy (a Hershey face thickened by ``weight`` px each side) in red on
    white paper, blurred by ``sigma`` px, and cut low on the ink's edge at ``share`` of its
    strength, as a hue-and-saturation cut takes a blurred fringe in: the line's ink and the
    ink strength over the same rows."""
    return fat_cut(printed(heavy(text, font, weight), sigma), share)


def test_a_three_the_fat_cut_leans_to_eight_reads_three_from_its_core_cuts():
    # Bold and blurred, a 3's open left side closes: the fat cut leans to an 8, unsure.
    row, strength = printed_line("3", cv2.FONT_HERSHEY_SIMPLEX, 2, 2.0, 0.1)
    fat = number_row(row, BANKS.digit, PARAMS)
    assert fat[0] == 8 and fat[1] < PARAMS.number_min_confidence
    number, confidence, _ = number_row(row, BANKS.digit, PARAMS, levels=strength)
    # Read so by two neighbouring cuts past the fringe: barely sure (a corner may overrule).
    assert (number, confidence) == (3, PARAMS.number_min_confidence)
    # Only a second pass re-reads an unsure line.
    assert number_row(row, BANKS.digit, PARAMS, levels=strength, reread=False) == fat


def test_a_narrow_sure_reading_a_check_cut_reads_otherwise_is_unsure():
    row, strength = printed_line("3", cv2.FONT_HERSHEY_SIMPLEX, 3, 2.0, 0.1)
    fat = number_row(row, BANKS.digit, PARAMS)
    assert fat[0] == 8 and fat[1] >= PARAMS.number_min_confidence  # the fat cut is sure of an 8
    checked = number_row(row, BANKS.digit, PARAMS, levels=strength, reread=False)
    assert checked[0] == 8 and checked[1] < PARAMS.number_min_confidence
    # With the check off (every lead wide enough), the fat reading stands.
    wide = SymbolParams(narrow_lead=0.0)
    assert number_row(row, BANKS.digit, wide, levels=strength) == fat


def test_levels_are_asked_for_only_when_a_reading_needs_them():
    asked = []

    def levels(strength):
        def give():
            asked.append(1)
            return strength
        return give

    # A sharp, thin 7: sure by a wide lead, never checked.
    row, strength = printed_line("7", cv2.FONT_HERSHEY_SIMPLEX, 1, 0.6, 0.5)
    sure = number_row(row, BANKS.digit, PARAMS)
    assert sure[0] == 7 and sure[1] >= PARAMS.number_min_confidence
    assert number_row(row, BANKS.digit, PARAMS, levels=levels(strength)) == sure
    assert not asked
    row, strength = printed_line("3", cv2.FONT_HERSHEY_SIMPLEX, 2, 2.0, 0.1)
    assert number_row(row, BANKS.digit, PARAMS, levels=levels(strength))[0] == 3
    assert asked == [1]


def test_read_surely_by_no_cut_the_likeliest_cut_stands_for_the_line():
    # No cut of a blank-ish smudge reads surely: the reading is never surer than its likeliest cut.
    row, strength = printed_line("3", cv2.FONT_HERSHEY_SIMPLEX, 2, 2.0, 0.1)
    flat = np.full_like(strength, 10.0)  # no contrast: every cut is the face's piece
    assert number_row(row, BANKS.digit, PARAMS, levels=flat) == number_row(row, BANKS.digit, PARAMS)


def heavy_dare(number: str, font: int, weight: int, sigma: float, share: float) -> tuple[np.ndarray, np.ndarray]:
    """A dare's centre: ``number`` printed heavy over the word, blurred, and its fat cut
    (the card, BGR, and the ink)."""
    card = printed(dare_mark(heavy(number, font, weight)), sigma)
    return card, ink_cut(card, share)


def test_one_core_cut_alone_makes_no_number_of_a_blob():
    from vision.symbols import read_symbol
    # "#3" so heavy and blurred that it runs into one blob: the fat cut leans to an 8,
    # and the cut at 0.7 of its ink reads an 8 surely; no other cut does.
    for text in ("#3", "#2"):
        card, ink = heavy_dare(text, cv2.FONT_HERSHEY_DUPLEX, 3, 2.0, 0.15)
        for turned in (False, True):
            if turned:
                card, ink = np.ascontiguousarray(card[::-1, ::-1]), np.ascontiguousarray(ink[::-1, ::-1])
            reading = read_symbol(ink, BANKS, PARAMS, card=card)
            assert reading.number in (None, int(text[1:])), (text, turned, reading)
