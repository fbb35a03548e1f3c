"""A dare number's line of characters: "#" or 1 first, the number told by its last digit."""

import cv2
import numpy as np
import pytest

from vision import templates
from vision.indices import read_number_row
from vision.ink_lines import split_characters
from vision.marks import TemplateBank
from vision.symbol_params import SymbolParams
from vision.profile import default_profile

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.13, False)


def row_of(*marks: np.ndarray, gap: int = 4) -> np.ndarray:
    """Characters side by side on one baseline, as a line of the centre's ink."""
    h = max(m.shape[0] for m in marks)
    parts = []
    for m in marks:
        parts += [np.pad(m, ((h - m.shape[0], 0), (0, 0))), np.zeros((h, gap), np.uint8)]
    return np.pad(np.hstack(parts[:-1]), 3)


def with_template(mask: np.ndarray, *labels: str) -> TemplateBank:
    """The default digit bank plus ``mask`` as one more template of each of ``labels``."""
    extra = TemplateBank.from_masks([(label, mask) for label in labels], PARAMS.digit_box,
                                    PARAMS.digit_blur)
    return BANKS.digit.merged(extra, replace=False)


@pytest.mark.parametrize("digit", ["1", "5", "9"])
def test_a_hash_that_looks_as_much_like_a_zero_still_leads_a_one_digit_number(digit):
    # A heavy, blurred "#" is a filled box much like a bold 0: a bank holding that very
    # shape as both scores it alike both ways. Only "#" or the 1 of 10-16 can come first.
    row = row_of(templates.text("#", STYLE, 30), templates.text(digit, STYLE, 30))
    bank = with_template(split_characters(row)[0], "#", "0")
    number, confidence = read_number_row(row, bank, PARAMS)
    assert number == int(digit) and confidence >= PARAMS.number_min_confidence


def test_a_one_read_less_surely_than_the_second_digits_runner_up_still_reads():
    # The 1 scores ~0.8, the 4 ~0.98 and its runner-up (6) ~0.8: the number is told by
    # its last digit, not capped at the 1's score for every option alike.
    one = templates.blurred(templates.text("1", templates.TemplateStyle(cv2.FONT_HERSHEY_TRIPLEX, 0.19, True),
                                           30), 0.12)
    row = row_of(one, templates.text("4", STYLE, 30))
    number, confidence = read_number_row(row, BANKS.digit, PARAMS)
    assert number == 14 and confidence >= PARAMS.number_min_confidence


def test_a_first_character_neither_hash_nor_one_reads_no_number():
    # A 5 turned round ahead of a "#" (a "#5" read upside down) is neither.
    five = templates.text("5", STYLE, 30)[::-1, ::-1]
    row = row_of(np.ascontiguousarray(five), templates.text("#", STYLE, 30))
    number, confidence = read_number_row(row, BANKS.digit, PARAMS)
    assert number is None or confidence < PARAMS.corner_agree_min


def test_a_hash_and_a_one_too_alike_to_tell_make_the_number_unsure():
    # The same shape as both "#" and 1: "#4" or 14 cannot be told.
    row = row_of(templates.text("1", STYLE, 30), templates.text("4", STYLE, 30))
    bank = with_template(split_characters(row)[0], "#")
    _, confidence = read_number_row(row, bank, PARAMS)
    assert confidence < PARAMS.number_min_confidence


@pytest.mark.parametrize("font", [cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX])
@pytest.mark.parametrize("text", ["16", "19", "#6", "#9", "15"])
def test_a_number_turned_round_reads_no_number(font, text):
    # A 16 upside down starts with a 9: neither a "#" nor a 1, so it is no "#3".
    style = templates.TemplateStyle(font, 0.13, False)
    row = row_of(templates.text(text[0], style, 30), templates.text(text[1], style, 30))
    _, confidence = read_number_row(np.ascontiguousarray(row[::-1, ::-1]), BANKS.digit, PARAMS)
    assert confidence < PARAMS.corner_agree_min


def test_a_hash_read_only_barely_leaves_the_number_short_of_sure():
    # A worn first character that passes for a "#" at ~0.64 (a 1 of 14 can): the number
    # is then only short of sure, so it needs a corner index to back it.
    bank = TemplateBank.from_masks([(c, templates.text(c, STYLE, 30)) for c in "#14"],
                                   PARAMS.digit_box, PARAMS.digit_blur)
    hash_ = templates.text("#", STYLE, 30)
    number, confidence = read_number_row(row_of(hash_, templates.text("4", STYLE, 30)), bank, PARAMS)
    assert number == 4 and confidence >= PARAMS.number_min_confidence
    worn = hash_.copy()
    worn[:int(0.4 * worn.shape[0])] = 0
    number, confidence = read_number_row(row_of(worn, templates.text("4", STYLE, 30)), bank, PARAMS)
    assert number == 4 and PARAMS.corner_agree_min <= confidence < PARAMS.number_min_confidence
