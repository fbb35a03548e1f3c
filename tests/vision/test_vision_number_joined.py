"""A dare's number run into its word (blur, a slanted "#"), and a number's line read the wrong
way up (its "#" at the end)."""

import cv2
import numpy as np
import pytest
from visionkit import ink_cut, on_canvas, printed

from vision import templates
from vision.dare_lines import both_ways, ends_in_hash, number_line
from vision.dare_number import read_dare_number
from vision.indices import number_row
from vision.ink_lines import row_ink, split_rows, split_rows_at_valley
from vision.symbol_params import SymbolParams
from vision.profile import default_profile

PARAMS = SymbolParams()
BANKS = default_profile().banks
FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX)


def dare(number: str, font: int = cv2.FONT_HERSHEY_COMPLEX, gap: int = 5, blur: float = 0.0) -> np.ndarray:
    """A dare's centre ink: the number over the word, ``gap`` pixels apart, blurred by
    ``blur`` pixels and cut low on the blur (the fringe joins what lies close)."""
    style = templates.TemplateStyle(font, 0.12, False)
    mark = templates.stack(templates.text(number, style, 30), templates.text("DARE", style, 16), gap)
    if blur:
        mark = cv2.GaussianBlur(mark.astype(np.float32), (0, 0), blur)
        mark = np.where(mark > 50, 255, 0).astype(np.uint8)
    return on_canvas(mark)


def views_of(ink: np.ndarray):
    return ink, ink[::-1, ::-1].copy()


def test_a_number_run_into_its_word_is_cut_where_the_word_reads():
    ink = dare("#3", gap=2, blur=1.5)
    rows = split_rows(ink)
    # One line: the blur joined them, and the plain valley rule leaves it whole.
    assert len(rows) == 1 and split_rows_at_valley(ink, rows) == rows
    lines = both_ways(ink, BANKS, PARAMS)
    assert max(line[0] for line in lines) >= PARAMS.word_score
    assert read_dare_number(views_of(ink), BANKS, PARAMS, lines)[:2] == (3, False)


@pytest.mark.parametrize("digit", ["2", "3", "5", "8", "0"])
def test_a_digits_waist_is_no_word(digit):
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_COMPLEX, 0.12, False)
    ink = on_canvas(templates.text(digit, style, 48))
    # The looser cut may take a digit at its waist; neither half reads as the word, so the
    # mark stays one line, no word in it.
    assert all(w < 0 and len(rows) == 1 for _, rows, w in both_ways(ink, BANKS, PARAMS))


@pytest.mark.parametrize("font", FONTS)
@pytest.mark.parametrize("number", ["#2", "#7", "#15", "13", "10"])
def test_only_a_line_turned_round_ends_in_a_hash(font, number):
    ink = dare(number, font)
    views = views_of(ink)
    ends = []
    for view, line in zip(views, both_ways(ink, BANKS, PARAMS)):
        a, b = number_line(view, line, False)
        ends.append(ends_in_hash(view[a:b], BANKS.digit, PARAMS))
    assert ends == [False, number.startswith("#")]


def test_a_hash_turned_round_is_no_zero():
    # Blurred into its word, "#7" turned round reads a sure "10" (the 7 a 1, the "#" a 0),
    # its word about as well as the right way up: the "#" at its end says it is turned.
    ink = dare("#7", gap=2, blur=1.5)
    views = views_of(ink)
    lines = both_ways(ink, BANKS, PARAMS)
    a, b = number_line(views[1], lines[1], False)
    number, confidence, _ = number_row(views[1][a:b], BANKS.digit, PARAMS)
    assert number == 10 and confidence >= PARAMS.number_min_confidence
    assert read_dare_number(views, BANKS, PARAMS, lines)[0] in (None, 7)
    # Nor when the ink is read again from the card's grey levels (both ways up are then
    # read, the turned one only as a rival).
    card = printed(ink, 0.5)
    ink = ink_cut(card, 0.3)
    views = views_of(ink)
    lines = both_ways(ink, BANKS, PARAMS)
    assert read_dare_number(views, BANKS, PARAMS, lines, card=card)[0] in (None, 7)


def test_row_ink_counts_every_non_zero_pixel_of_any_view():
    rng = np.random.default_rng(3)
    mask = (rng.random((40, 30)) < 0.3).astype(np.uint8) * rng.integers(1, 256, (40, 30)).astype(np.uint8)
    for view in (mask, mask[::-1, ::-1], mask[5:30, 3:20]):
        assert row_ink(view).tolist() == np.count_nonzero(view, axis=1).tolist()
    ink = dare("#3", gap=2, blur=1.5)
    # The rows and cuts are the same with the caller's profile as without.
    profile = row_ink(ink)
    rows = split_rows(ink)
    assert split_rows(ink, profile) == rows
    assert split_rows_at_valley(ink, rows, 0.45, profile) == split_rows_at_valley(ink, rows, 0.45)
