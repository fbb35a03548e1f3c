"""Stricter sure rules for a dare's number, where a misread is a wrong card: a digit a heavy
print closes into (an 8), read surely by a narrow lead, needs a cut at the strokes' core
leaning to it too (vision.number_rows.number_row); under a faint word, a number one corner backs
does not count when a corner reads another number without it, or the other way up reads its
own number more surely (vision.dare_ways.faint_word_number)."""

import cv2
import numpy as np

from vision.dare_ways import faint_word_number
from vision.indices import CornerIndices, number_row
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from visionkit import dare_mark, fat_cut, heavy, ink_cut, printed

PARAMS = SymbolParams()
BANKS = default_profile().banks


def printed_line(text: str, font: int, weight: int, sigma: float, share: float) -> tuple[np.ndarray, np.ndarray]:
    """``text`` printed heavy in red on white paper, blurred by ``sigma`` px and cut low on
    the ink's edge at ``share`` of its strength (as a hue-and-saturation cut takes a blurred
    fringe in): the line's ink and the ink strength over the same rows."""
    return fat_cut(printed(heavy(text, font, weight), sigma), share)


def test_a_heavy_five_closed_into_an_eight_by_a_narrow_lead_is_unsure():
    row, strength = printed_line("5", cv2.FONT_HERSHEY_DUPLEX, 2, 2.0, 0.2)
    fat = number_row(row, BANKS.digit, PARAMS)
    assert fat[0] == 8 and fat[1] >= PARAMS.number_min_confidence  # the fat cut is sure of an 8
    checked = number_row(row, BANKS.digit, PARAMS, levels=strength, reread=False)
    assert checked[0] == 8 and checked[1] < PARAMS.number_min_confidence
    # No check cut reads another number surely: only the closed digit's rule makes it unsure.
    open_digits = SymbolParams(closed_digits=frozenset())
    assert number_row(row, BANKS.digit, open_digits, levels=strength, reread=False) == fat


def test_a_heavy_eight_its_core_cuts_read_stays_sure():
    for font in (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX):
        row, strength = printed_line("8", font, 2, 2.0, 0.2)
        number, confidence, _ = number_row(row, BANKS.digit, PARAMS, levels=strength)
        assert number == 8 and confidence >= PARAMS.number_min_confidence


class Corners(CornerIndices):
    """Corner indices that read the given numbers."""

    def __init__(self, *found: set[int]):
        super().__init__(tuple(None for _ in found), BANKS, PARAMS)
        self._read = [set(f) for f in found]


def test_a_faint_word_number_one_corner_backs_needs_no_corner_reading_another():
    # (word score, number, confidence, last digit's score, upside down)
    readings = [(0.3, 2, 0.3, 0.8, False), (0.3, 8, 0.45, 0.75, True)]
    # A heavy 2's corners, blurred, read a 7 and an 8: the 8 is no second reading.
    assert faint_word_number(readings, Corners({7}, {8}), BANKS, PARAMS)[0] is None
    # A corner reading its index and a shape below it as another number still backs it.
    number, flipped, confidence = faint_word_number(readings, Corners({8}, {8, 6}), BANKS, PARAMS)
    assert (number, flipped) == (8, True) and confidence >= PARAMS.corner_min_confidence


def test_a_faint_word_number_the_other_way_reads_another_more_surely_is_unsure():
    readings = [(0.3, 2, 1.0, 0.93, False), (0.3, 8, 0.45, 0.75, True)]
    assert faint_word_number(readings, Corners({8}, {8}), BANKS, PARAMS)[0] is None
    readings = [(0.3, 2, 0.3, 0.8, False), (0.3, 8, 0.45, 0.75, True)]
    assert faint_word_number(readings, Corners({8}, {8}), BANKS, PARAMS)[0] == 8


def dare_centre(number: str, weight: int, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """A dare's centre, ``number`` printed over the word, blurred: the card (BGR) and its ink."""
    card = printed(dare_mark(heavy(number, cv2.FONT_HERSHEY_DUPLEX, weight)), sigma)
    return card, ink_cut(card, 0.3)


def test_a_word_part_dare_is_read_with_the_cards_levels_and_reads_the_same_when_clear():
    from vision import dare_cues
    card, ink = dare_centre("#7", 1, 0.8)
    corners = (None, None)
    plain = dare_cues.dare_by_a_word_part(ink, BANKS, PARAMS, corners, likest_dare=True)
    assert plain == (7, False)
    assert dare_cues.dare_by_a_word_part(ink, BANKS, PARAMS, corners, likest_dare=True, card=card) == plain


def test_a_word_part_dare_whose_line_reads_an_eight_the_other_way_up_is_no_number(monkeypatch):
    from vision import dare_cues
    card, ink = dare_centre("#7", 1, 0.8)
    assert dare_cues.dare_by_a_word_part(ink, BANKS, PARAMS, (None, None), likest_dare=True) == (7, False)
    real = dare_cues.number_row

    def turned_reads(other):
        def number_row(line, *args, **kwargs):
            number, confidence, score = real(line, *args, **kwargs)
            # The line turned round (its "#" now last) reads ``other`` surely.
            return (other, 1.0, 0.9) if number is None or number != 7 else (number, confidence, score)
        return number_row

    monkeypatch.setattr(dare_cues, "number_row", turned_reads(8))
    assert dare_cues.dare_by_a_word_part(ink, BANKS, PARAMS, (None, None), likest_dare=True) is None
    # Two numbers neither of which heavy prints close into: the word part still says which.
    monkeypatch.setattr(dare_cues, "number_row", turned_reads(4))
    assert dare_cues.dare_by_a_word_part(ink, BANKS, PARAMS, (None, None), likest_dare=True) == (7, False)
