"""A digit a cut over the paper's centre reads, backed by a corner index, is no digit card's
when the face's ink looks like a dare at all (vision.symbols._read_in_grey with
GreyParams.paper_dare_veto): a finger over a dare's word leaves its number alone over the
paper's centre, and a dare's corners carry that number."""

from dataclasses import replace

import cv2
import numpy as np
import pytest
from test_vision_symbol_recut import corner

from vision.mark_grey import GreyParams
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbol_ink import SymbolReading
from vision.symbols import _read_in_grey

PARAMS = SymbolParams()
W, H = 112, 174
#: The face's ink likest a dare, short of the templates' floor (a word a highlight paled).
DARE_LIKE = SymbolReading("dare", None, False, 0.0, 0.43, 0.1)
#: The cuts over the paper's centre with their digits counting (paper_digits on).
PAPER_DIGITS = GreyParams(paper_cuts=True, paper_digits=True)


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def number_alone(digit: str) -> np.ndarray:
    """A cut holding one digit in the card's middle (a dare's number whose word is gone)."""
    cut = np.zeros((H, W), np.uint8)
    cv2.putText(cut, digit, (W // 2 - 16, H // 2 + 18), cv2.FONT_HERSHEY_SIMPLEX, 1.6, 255, 6)
    return cut


@pytest.mark.parametrize("digit", ["1", "4", "7"])
def test_a_digit_over_the_papers_centre_under_a_dare_like_face_is_no_digit_card(banks, digit):
    cut = number_alone(digit)
    card, ink = np.full((H, W, 3), 230, np.uint8), np.zeros((H, W), np.uint8)
    corners = (corner(digit), corner(digit))
    over_paper = lambda mark: mark is cut  # noqa: E731
    vetoed = _read_in_grey(DARE_LIKE, ink, card, banks, PARAMS, corners, PAPER_DIGITS, [cut],
                           over_paper=over_paper)
    assert vetoed is None
    # Without the veto the corner backs the number alone as a digit card's digit ...
    kept = _read_in_grey(DARE_LIKE, ink, card, banks, PARAMS, corners,
                         replace(PAPER_DIGITS, paper_dare_veto=False), [cut], over_paper=over_paper)
    assert kept is not None and kept.symbol == digit
    # ... as it still does for a cut over the whole centre (the veto is the paper's only).
    plain = _read_in_grey(DARE_LIKE, ink, card, banks, PARAMS, corners, GreyParams(paper_cuts=True), [cut])
    assert plain is not None and plain.symbol == digit


#: The face's ink read as nothing like a dare (a finger over the word joined to the number).
NOT_DARE_LIKE = SymbolReading("reverse", None, False, 0.0, 0.41, 0.02)


@pytest.mark.parametrize("digit", ["1", "4", "7"])
def test_a_digit_over_the_papers_centre_is_no_cue_without_paper_digits(banks, digit):
    """GreyParams.paper_digits off: a digit read over the paper's centre counts for nothing,
    whatever the face's ink looks like (the dare veto needs a dare-like face; a finger joined
    to the word can leave none), while a cut over the whole centre still counts."""
    cut = number_alone(digit)
    card, ink = np.full((H, W, 3), 230, np.uint8), np.zeros((H, W), np.uint8)
    corners = (corner(digit), corner(digit))
    over_paper = lambda mark: mark is cut  # noqa: E731
    kept = _read_in_grey(NOT_DARE_LIKE, ink, card, banks, PARAMS, corners, PAPER_DIGITS,
                         [cut], over_paper=over_paper)
    assert kept is not None and kept.symbol == digit  # the veto alone lets it through
    refused = _read_in_grey(NOT_DARE_LIKE, ink, card, banks, PARAMS, corners,
                            GreyParams(paper_cuts=True, paper_digits=False), [cut], over_paper=over_paper)
    assert refused is None
    plain = _read_in_grey(NOT_DARE_LIKE, ink, card, banks, PARAMS, corners,
                          GreyParams(paper_cuts=True, paper_digits=False), [cut])
    assert plain is not None and plain.symbol == digit
