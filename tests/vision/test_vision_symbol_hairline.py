"""A wild card's white print without the hairlines joined to it (vision.mark_grey:
where two of the four colours meet, the blend is a colourless line as bright as the
print), and a dare's mark without a line lying beside its word and number
(vision.mark_shape.stacked: a piece of the field a highlight let into the centre), and
the centre as its paper shows it, without the field a highlight let in (vision.mark_grey.paper_centre)."""

import cv2
import numpy as np

from vision.mark_grey import GreyParams, paper_centre
from vision.mark_shape import line_count, stacked
from vision.symbol_params import SymbolParams
from vision.white_print import white_print, without_hairlines_joined

PARAMS = SymbolParams()
W, H = 112, 174
#: The hairlines left out (the default) and kept.
LEFT_OUT = GreyParams()
KEPT = GreyParams(joined_hairline=0.0)


def four_colour_card(hairline: bool):
    """A flattened wild card: black field, a disc of four colours, a bold white "4" with a
    dark outline; with ``hairline``, a one-pixel colourless line as bright as the print
    running down from the digit's stem across the disc (where two colours blend). Its
    centre mask, the digit's mask and the line's mask."""
    card = np.full((H, W, 3), 30, np.uint8)
    centre = np.zeros((H, W), np.uint8)
    cv2.circle(centre, (W // 2, H // 2), 48, 255, -1)
    ys, xs = np.mgrid[0:H, 0:W]
    quarter = (ys >= H // 2).astype(int) * 2 + (xs >= W // 2)
    for k, colour in enumerate(((40, 30, 200), (190, 110, 20), (20, 190, 225), (60, 160, 40))):
        card[(centre > 0) & (quarter == k)] = colour
    digit = np.zeros((H, W), np.uint8)
    cv2.putText(digit, "4", (W // 2 - 16, H // 2 + 16), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 255, 2, cv2.LINE_AA)
    digit = cv2.dilate(np.where(digit > 127, 255, 0).astype(np.uint8), np.ones((3, 3), np.uint8))
    card[cv2.dilate(digit, np.ones((5, 5), np.uint8)) > 0] = (15, 15, 15)
    card[digit > 0] = (235, 235, 235)
    line = np.zeros((H, W), np.uint8)
    if hairline:
        stem = int(np.flatnonzero(digit[H // 2 - 4])[-1])  # the 4's stem, its right edge
        line[H // 2 - 4:H // 2 + 40, stem] = 255
        card[line > 0] = (232, 232, 232)
    return card, centre > 0, digit, line


def test_white_print_leaves_out_a_hairline_joined_to_the_print():
    card, centre, digit, line = four_colour_card(hairline=True)
    mark = white_print(card, centre, LEFT_OUT)
    beyond = (line > 0) & (cv2.dilate(digit, np.ones((3, 3), np.uint8)) == 0)
    assert beyond.sum() >= 15
    assert not mark[beyond].any()
    assert not white_print(card, centre)[beyond].any()  # left out by default
    # Cut as bright and colourless as the print, the line is there when kept.
    assert white_print(card, centre, KEPT)[beyond].all()
    # The print itself is kept.
    assert np.count_nonzero(mark[digit > 0]) >= 0.8 * np.count_nonzero(digit)


def test_white_print_without_a_hairline_is_unchanged():
    card, centre, digit, _ = four_colour_card(hairline=False)
    mark = white_print(card, centre, LEFT_OUT)
    assert np.count_nonzero(mark[digit > 0]) >= 0.8 * np.count_nonzero(digit)
    assert np.array_equal(without_hairlines_joined(mark, 0.25), mark)


def test_a_thin_character_standing_apart_is_no_hairline():
    mark = np.zeros((60, 80), np.uint8)
    mark[10:50, 10:30] = 255        # a bold character
    mark[10:50, 50:52] = 255        # a thin "1" beside it, touching nothing
    assert np.array_equal(without_hairlines_joined(mark, 0.25), mark)
    joined = mark.copy()
    joined[30, 30:50] = 255         # a hairline from the bold one to the thin one
    kept = without_hairlines_joined(joined, 0.25)
    assert not kept[30, 35:45].any() and kept[10:50, 10:30].all()


def dare_mark(leftover_beside: bool) -> np.ndarray:
    """A dare's centre: a number over its word, and a blob in rows of its own, beside them
    (``leftover_beside``) or over the number's columns."""
    mark = np.zeros((H, W), np.uint8)
    mark[80:108, 40:76] = 255       # the number
    mark[112:124, 30:86] = 255      # the word
    if leftover_beside:
        mark[20:34, 4:22] = 255
    else:
        mark[20:34, 50:66] = 255
    return mark


def test_stacked_leaves_out_a_line_beside_the_number_and_word():
    mark = dare_mark(leftover_beside=True)
    assert line_count(mark, PARAMS) == 3
    kept = stacked(mark)
    assert line_count(kept, PARAMS) == 2 and not kept[20:34].any()
    assert np.array_equal(kept[60:], mark[60:])


def test_a_corner_backed_dare_with_a_line_beside_reads_by_default():
    """The leftover beside is no line of the mark when a corner index reads the number
    (GreyParams.stacked_dare, on): the dare's two lines, its number centred, count."""
    from test_vision_symbol_recut import corner

    from vision.profile import default_profile
    from vision.symbol_ink import SymbolReading
    from vision.symbols import _a_numbered_dare

    banks = default_profile(PARAMS).banks
    mark, reading = dare_mark(leftover_beside=True), SymbolReading("dare", 7, False, 1.0, 0.9, 0.3)
    corners = (corner("7"), corner("7"))
    assert _a_numbered_dare(reading, mark, banks, PARAMS, corners, backed=True, beside=GreyParams().stacked_dare)
    assert not _a_numbered_dare(reading, mark, banks, PARAMS, corners, backed=True, beside=False)
    # A corner reading another number backs nothing.
    against = (corner("4"), corner("4"))
    assert not _a_numbered_dare(reading, mark, banks, PARAMS, against, backed=True, beside=True)


def test_stacked_keeps_a_line_over_the_number():
    mark = dare_mark(leftover_beside=False)
    assert np.array_equal(stacked(mark), mark)


def crescent_card():
    """A flattened card: a green field, a white oval with a green 7, and the centre mask as
    a highlight leaves it: the oval grown over the paled field on its right (a crescent,
    as chromatic as the print), joined to the 7's bar. The card, the mask, the oval."""
    card = np.zeros((H, W, 3), np.uint8)
    card[:] = (60, 160, 50)
    oval = np.zeros((H, W), np.uint8)
    cv2.ellipse(oval, (W // 2, H // 2), (36, 58), 0, 0, 360, 255, -1)
    card[oval > 0] = (232, 236, 234)
    seven = np.zeros((H, W), np.uint8)
    cv2.putText(seven, "7", (W // 2 - 16, H // 2 + 30), cv2.FONT_HERSHEY_SIMPLEX, 2.6, 255, 2, cv2.LINE_AA)
    seven = cv2.dilate(np.where(seven > 127, 255, 0).astype(np.uint8), np.ones((5, 5), np.uint8))
    card[seven > 0] = (60, 160, 50)
    grown = np.zeros((H, W), np.uint8)
    cv2.ellipse(grown, (W // 2 + 16, H // 2), (36, 58), 0, 0, 360, 255, -1)
    crescent = (grown > 0) & (oval == 0)
    card[crescent] = (80, 170, 70)  # the field, paled by the highlight
    card = cv2.GaussianBlur(card, (0, 0), 0.7)
    return card, (oval > 0) | crescent, oval > 0


def test_paper_centre_leaves_out_a_crescent_of_the_field():
    card, centre, oval = crescent_card()
    paper = paper_centre(card, centre)
    assert paper is not None
    deep = cv2.erode(oval.view(np.uint8), np.ones((9, 9), np.uint8)) > 0
    assert paper[deep].mean() > 0.95
    outside = cv2.dilate(oval.view(np.uint8), np.ones((5, 5), np.uint8)) == 0
    assert not paper[outside].any()


def test_paper_centre_none_when_the_centre_is_its_paper():
    card, _, oval = crescent_card()
    assert paper_centre(card, oval) is None
