"""A centre mark short of a whole print's match counts when two of the centre's cuts (by
colour, grey levels, local chroma) read the same symbol fully surely and none reads another
(vision.symbols._cuts_agree): a skip or a reverse has no corner digit to back it."""

import cv2
import numpy as np
import pytest
from test_vision_symbol_recut import corner, red_oval_card

from vision import templates
from vision.mark_grey import GreyParams
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbol_ink import SymbolReading
from vision.symbols import _cuts_agree, read_symbol

PARAMS = SymbolParams()
GREY = GreyParams()
W, H = 112, 174


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def tilted_reverse():
    """A red card whose oval carries the classic reverse turned 30 degrees (between the
    templates' 0 and 45: every cut matches it at ~0.76-0.80, short of a whole print's 0.85),
    a little out of focus."""
    mark = templates.reverse_loop(0.12, 30.0, 40)
    fill = np.zeros((H, W), np.uint8)
    y, x = (H - mark.shape[0]) // 2, (W - mark.shape[1]) // 2
    fill[y:y + mark.shape[0], x:x + mark.shape[1]] = mark
    card, centre = red_oval_card(np.where(fill > 127, 255, 0).astype(np.uint8))
    return cv2.GaussianBlur(card, (0, 0), 1.6), centre


def test_a_reverse_every_cut_reads_short_of_a_whole_print_counts(banks):
    card, centre = tilted_reverse()
    empty = np.zeros((H, W), np.uint8)
    assert read_symbol(empty, banks, PARAMS).symbol is None
    seen = read_symbol(empty, banks, PARAMS, card=card, centre=centre)
    assert seen.symbol == "reverse"
    assert seen.confidence >= PARAMS.number_min_confidence
    # With the agreement's floor above what the cuts match, it stays unsure.
    strict = GreyParams(agree_score=0.9)
    assert read_symbol(empty, banks, PARAMS, card=card, centre=centre, grey=strict).confidence < 0.5


def digit_cut() -> np.ndarray:
    cut = np.zeros((H, W), np.uint8)
    cv2.putText(cut, "3", (W // 2 - 16, H // 2 + 18), cv2.FONT_HERSHEY_SIMPLEX, 1.6, 255, 6)
    return cut


def sure(symbol: str, score: float = 0.8, number: int | None = None, confidence: float = 1.0) -> SymbolReading:
    return SymbolReading(symbol, number, False, confidence, score, 0.3)


def test_two_cuts_must_agree_and_none_read_another(banks):
    cut = digit_cut()
    assert _cuts_agree([(cut, sure("3")), (cut, sure("3"))], banks, PARAMS, None, GREY).symbol == "3"
    # One sure cut alone is no second cue.
    assert _cuts_agree([(cut, sure("3")), (cut, sure("3", confidence=0.3))], banks, PARAMS, None, GREY) is None
    # A third cut reading another digit nearly surely leaves it unsure.
    other = sure("8", confidence=PARAMS.number_min_confidence)
    assert _cuts_agree([(cut, sure("3")), (cut, sure("3")), (cut, other)], banks, PARAMS, None, GREY) is None
    # Each must match its templates at least agree_score.
    assert _cuts_agree([(cut, sure("3", 0.7)), (cut, sure("3"))], banks, PARAMS, None, GREY) is None


def test_a_digit_off_the_middle_or_a_corner_against_it_does_not_count(banks):
    cut = digit_cut()
    aside = np.roll(cut, 30, axis=0)  # a dare's number stands beside its word, off the middle
    assert _cuts_agree([(aside, sure("3")), (aside, sure("3"))], banks, PARAMS, None, GREY) is None
    against = (corner("5"), corner("5"))
    assert _cuts_agree([(cut, sure("3")), (cut, sure("3"))], banks, PARAMS, against, GREY) is None
    backing = (corner("3"), corner("3"))
    assert _cuts_agree([(cut, sure("3")), (cut, sure("3"))], banks, PARAMS, backing, GREY).symbol == "3"


def test_a_dare_needs_its_number_the_same_in_both(banks):
    cut = digit_cut()
    assert _cuts_agree([(cut, sure("dare")), (cut, sure("dare"))], banks, PARAMS, None, GREY) is None
    assert _cuts_agree([(cut, sure("dare", number=7)), (cut, sure("dare", number=1))], banks, PARAMS, None,
                       GREY) is None
    assert _cuts_agree([(cut, sure("dare", number=7)), (cut, sure("dare", number=7))], banks, PARAMS, None,
                       GREY).number == 7


def test_a_dare_read_without_its_number_reads_nothing_else_when_asked(banks):
    cut = digit_cut()
    reads = [(cut, sure("dare", number=7)), (cut, sure("dare", number=7)), (cut, sure("dare"))]
    vetoes = GreyParams(unnumbered_agrees=False)
    assert _cuts_agree(reads, banks, PARAMS, None, vetoes) is None
    agrees = GreyParams(unnumbered_agrees=True)  # the default
    assert _cuts_agree(reads, banks, PARAMS, None, agrees).number == 7
    # ... but a digit read as surely does.
    assert _cuts_agree(reads[:2] + [(cut, sure("7"))], banks, PARAMS, None, agrees) is None


def test_one_measure_over_two_centres_is_one_cue(banks):
    """A cut by the same measure over the centre and over the paper's centre (the centre
    less a crescent of the field) is the same cue twice."""
    colour, colour_again, grey = digit_cut(), digit_cut(), digit_cut()
    measure = {id(colour): "colour", id(colour_again): "colour", id(grey): "grey"}.get
    same = [(colour, sure("3")), (colour_again, sure("3"))]
    assert _cuts_agree(same, banks, PARAMS, None, GREY, lambda cut: measure(id(cut))) is None
    two = [(colour, sure("3")), (grey, sure("3"))]
    assert _cuts_agree(two, banks, PARAMS, None, GREY, lambda cut: measure(id(cut))).symbol == "3"
