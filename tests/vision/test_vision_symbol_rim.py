"""The field a highlight lets into the white centre (a wedge along its outline) is left out
of the mark (vision.mark_shape.off_the_rim), and a mark a highlight paled past the face's
cut is cut again by its colour over the whole centre (vision.mark_grey.centre_mark)."""

import cv2
import numpy as np
import pytest

from vision.mark_grey import centre_mark
from vision.mark_shape import off_the_rim
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol
from visionkit import centre_digit_ink as digit_ink, centre_oval as oval

PARAMS = SymbolParams()
W, H = 112, 174
FIELD = (60, 160, 40)  # BGR, a green field


@pytest.fixture(scope="module")
def banks():
    return default_profile(PARAMS).banks


def wedge(centre: np.ndarray) -> np.ndarray:
    """The field's colour a highlight left inside the centre: a crescent along its lower
    outline, below the digit, about as big as it (the shaved rim, 3 px, left out)."""
    ink = np.zeros((H, W), np.uint8)
    depth = cv2.distanceTransform(centre.astype(np.uint8), cv2.DIST_L2, 3)
    yy, xx = np.mgrid[:H, :W]
    ink[(depth >= 3) & (depth < 20) & (xx > W // 2 - 30) & (yy > H // 2 + 30)] = 255
    return ink


def corner(digit: str) -> np.ndarray:
    """A corner index's white mark reading ``digit``."""
    mark = np.zeros((30, 40), np.uint8)
    cv2.putText(mark, digit, (8, 24), cv2.FONT_HERSHEY_DUPLEX, 0.8, 255, 2, cv2.LINE_AA)
    return np.where(mark > 127, 255, 0).astype(np.uint8)


def test_a_wedge_along_the_outline_is_left_out_and_the_mark_kept():
    centre = oval()
    mark = digit_ink("7")
    trimmed = off_the_rim(mark | wedge(centre), centre)
    assert trimmed is not None
    assert np.array_equal(trimmed, mark)


def test_nothing_to_leave_out_gives_none():
    centre = oval()
    assert off_the_rim(digit_ink("7"), centre) is None  # one blob
    assert off_the_rim(digit_ink("1") | digit_ink("7"), centre) is None  # nothing on the rim
    assert off_the_rim(wedge(centre), centre) is None  # nothing would be left


def test_a_mark_reaching_past_the_centre_is_kept():
    centre = oval()
    mark = digit_ink("7")
    big = np.zeros_like(mark)
    big[H // 2 + 40:H // 2 + 75, W // 2 - 4:W // 2 + 4] = 255  # a stroke crossing the outline
    ink = mark | big
    assert off_the_rim(ink, centre) is None


@pytest.mark.parametrize("digit", ["7", "4"])
def test_a_digit_beside_a_wedge_reads_with_the_centre(banks, digit):
    centre = oval()
    ink = digit_ink(digit) | wedge(centre)
    alone = read_symbol(ink, banks, PARAMS)
    assert alone.confidence < PARAMS.number_min_confidence or alone.symbol != digit
    seen = read_symbol(ink, banks, PARAMS, centre=centre)
    assert (seen.symbol, seen.number) == (digit, None)
    assert seen.confidence >= PARAMS.number_min_confidence


def pale_card(digit: str):
    """A card under a highlight: a green field, a white oval, ``digit`` printed in a green
    so pale the face's cut keeps next to nothing of it; and the digit's mask."""
    card = np.zeros((H, W, 3), np.uint8)
    card[:] = FIELD
    cv2.ellipse(card, (W // 2, H // 2), (44, 66), 0, 0, 360, (236, 240, 238), -1, cv2.LINE_AA)
    mask = digit_ink(digit)
    card[mask > 0] = (196, 232, 200)  # the field's green, mostly washed out
    noise = np.random.default_rng(3).normal(0, 2.0, card.shape)
    return np.clip(card + noise, 0, 255).astype(np.uint8), mask


def test_centre_mark_cuts_a_pale_mark_by_its_colour():
    card, mask = pale_card("5")
    mark = centre_mark(card, oval())
    assert mark is not None
    overlap = np.count_nonzero(mark & mask) / np.count_nonzero(mark | mask)
    assert overlap > 0.8


def test_centre_mark_cuts_nothing_from_plain_paper():
    card, _ = pale_card("5")
    blank = card.copy()
    blank[oval()] = (236, 240, 238)
    mark = centre_mark(blank, oval())
    assert mark is None or np.count_nonzero(mark) < 20


def test_a_pale_digit_reads_from_the_centre_when_a_corner_backs_it(banks):
    card, mask = pale_card("5")
    shred = np.zeros_like(mask)
    shred[H // 2 - 20:H // 2 - 14, W // 2 - 18:W // 2 + 18] = mask[H // 2 - 20:H // 2 - 14, W // 2 - 18:W // 2 + 18]
    centre = oval()
    backed = read_symbol(shred, banks, PARAMS, corners=(corner("5"), corner("5")), card=card, centre=centre)
    assert (backed.symbol, backed.confidence >= PARAMS.number_min_confidence) == ("5", True)
    against = read_symbol(shred, banks, PARAMS, corners=(corner("3"), corner("3")), card=card, centre=centre)
    assert against.confidence < PARAMS.number_min_confidence
    without = read_symbol(shred, banks, PARAMS, corners=(corner("5"), corner("5")), card=card)
    assert without.confidence < PARAMS.number_min_confidence


def printed_card(digit: str):
    """A card as printed: a green field, a white oval, ``digit`` filled in the field's green
    with a thick dark outline, blurred; and the digit's fill alone."""
    card = np.zeros((H, W, 3), np.uint8)
    card[:] = FIELD
    cv2.ellipse(card, (W // 2, H // 2), (44, 66), 0, 0, 360, (236, 240, 238), -1, cv2.LINE_AA)
    org = (W // 2 - 22, H // 2 + 24)
    cv2.putText(card, digit, org, cv2.FONT_HERSHEY_DUPLEX, 2.0, (40, 40, 40), 12, cv2.LINE_AA)
    cv2.putText(card, digit, org, cv2.FONT_HERSHEY_DUPLEX, 2.0, FIELD, 6, cv2.LINE_AA)
    return cv2.GaussianBlur(card, (0, 0), 1.0), digit_ink(digit)


def a_shred(mask: np.ndarray) -> np.ndarray:
    """What is left of a mark a highlight paled: a band across its top."""
    shred = np.zeros_like(mask)
    shred[H // 2 - 20:H // 2 - 12] = mask[H // 2 - 20:H // 2 - 12]
    return shred


@pytest.mark.parametrize("digit", ["5", "2"])
def test_a_mark_cut_by_its_colour_counts_without_a_corner_when_sure(banks, digit):
    card, mask = printed_card(digit)
    shred = a_shred(mask)
    assert read_symbol(shred, banks, PARAMS, card=card).confidence < PARAMS.number_min_confidence
    seen = read_symbol(shred, banks, PARAMS, card=card, centre=oval())
    assert (seen.symbol, seen.number) == (digit, None)
    assert PARAMS.number_min_confidence <= seen.confidence < 1.0


def test_a_blob_cut_by_its_colour_is_no_symbol(banks):
    card, mask = printed_card("5")
    card[oval()] = (236, 240, 238)
    cv2.circle(card, (W // 2, H // 2), 24, FIELD, -1, cv2.LINE_AA)  # a round patch of the field's colour
    seen = read_symbol(a_shred(mask), banks, PARAMS, card=card, centre=oval())
    assert seen.confidence < PARAMS.number_min_confidence
