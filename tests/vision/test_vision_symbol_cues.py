"""The centre symbol's cues that glare and bold printing disturb (vision.symbols): holes that
may or may not be there, and glare's leftovers beside the symbol."""

import cv2
import numpy as np
import pytest

from vision import templates
from vision.mark_shape import beside_a_line, central_part, hole_misfits
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol

from visionkit import on_canvas

PARAMS = SymbolParams()
BANKS = default_profile().banks
BOLD = templates.TemplateStyle(cv2.FONT_HERSHEY_TRIPLEX, 0.17, True)


def _box_with_hole(side: int) -> np.ndarray:
    mask = np.zeros((60, 50), np.uint8)
    mask[5:55, 5:45] = 255
    mask[20:20 + side, 15:15 + side] = 0
    return mask


def test_a_sure_hole_rules_out_the_symbols_without_one():
    misfits = hole_misfits(_box_with_hole(16), PARAMS)  # a quarter of a 0's counter
    assert {"1", "2", "3", "5", "7", "skip"} <= misfits
    assert not {"0", "4", "6", "8", "9", "reverse"} & misfits


def test_a_small_hole_rules_out_nothing_that_has_none_or_one():
    misfits = hole_misfits(_box_with_hole(7), PARAMS)  # where a bold 5's tail meets its bowl
    assert misfits == {"skip"}
    assert hole_misfits(_box_with_hole(0), PARAMS) == {"0", "8", "skip"}


def test_a_bold_five_with_a_closed_pocket_still_reads_five():
    ink = on_canvas(templates.digit(5, BOLD))
    depth = cv2.distanceTransform(ink, cv2.DIST_L2, 3)
    y, x = np.unravel_index(int(np.argmax(depth)), depth.shape)
    cv2.circle(ink, (int(x), int(y)), 6, 0, -1)  # a pocket of about 2% of its box
    reading = read_symbol(ink, BANKS, PARAMS)
    assert reading.symbol == "5" and reading.confidence >= 0.8


def _wedges(ink: np.ndarray) -> np.ndarray:
    """Two of glare's leftovers near the top of the centre: the field's colour, pointed."""
    out = ink.copy()
    h, w = out.shape
    for pts in ([(8, 6), (34, 8), (14, 30)], [(w - 8, 6), (w - 34, 8), (w - 14, 30)]):
        cv2.fillPoly(out, [np.array(pts, np.int32)], 255)
    return out


@pytest.mark.parametrize("digit", [1, 3, 7])
def test_glare_leftovers_far_from_the_symbol_are_left_out(digit):
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
    ink = _wedges(on_canvas(templates.digit(digit, style), size=(112, 174)))
    core = central_part(ink, PARAMS)
    assert core is not None and np.count_nonzero(core) < np.count_nonzero(ink)
    reading = read_symbol(ink, BANKS, PARAMS)
    assert reading.symbol == str(digit) and reading.confidence >= 0.8


@pytest.mark.parametrize("mark", [
    templates.digit(6, BOLD), templates.reverse(0.12, True), templates.skip(0.12, False),
    templates.stack(templates.text("DARE", BOLD, 16), templates.text("12", BOLD, 30), 5),
])
def test_a_whole_symbol_keeps_all_its_parts(mark):
    assert central_part(on_canvas(mark), PARAMS) is None


def test_leftovers_bigger_than_the_centred_ink_are_not_dropped():
    """When what lies far from the centre is most of the ink, the centred piece is no sure
    symbol (a glare took it, or it is a dare's number beside its word): no reading of it."""
    ink = np.zeros((174, 112), np.uint8)
    ink[80:95, 50:62] = 255
    ink[5:60, 5:40] = 255
    assert central_part(ink, PARAMS) is None


@pytest.mark.parametrize("cut", [0.25, 0.35, 0.4])
def test_a_dare_whose_word_glare_took_in_part_is_no_digit(cut):
    """"ARE" over a 7 is a dare with its first letter gone, never a 7 card: a digit card's
    mark is one line."""
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, True)
    word = templates.text("DARE", style, 16)
    word[:, : int(word.shape[1] * cut)] = 0
    ink = on_canvas(templates.stack(word, templates.text("7", style, 30), 5))
    reading = read_symbol(ink, BANKS, PARAMS)
    assert not (reading.symbol == "7" and reading.confidence >= 0.8)


@pytest.mark.parametrize("tilt", [-40.0, 5.0, 50.0])
def test_the_classic_reverse_of_bent_arrows_reads_reverse(tilt):
    ink = on_canvas(templates.blurred(templates.reverse_loop(0.12, tilt, size=64), 0.03))
    reading = read_symbol(ink, BANKS, PARAMS)
    assert reading.symbol == "reverse" and reading.confidence >= 0.8


@pytest.mark.parametrize("digit", [6, 9])
def test_a_thick_underline_is_no_second_line(digit):
    """Blur can make a 6's or 9's underline a third of the digit's height: still no second
    line, either way up; the same bar under a 1, or a broken one, is."""
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
    glyph = templates.text(str(digit), style, 48)
    bar = np.full((16, int(glyph.shape[1] * 0.85)), 255, np.uint8)
    ink = on_canvas(templates.stack(glyph, bar, 4))
    turned = ink[::-1, ::-1].copy()
    assert not beside_a_line(ink, str(digit), False, PARAMS)
    assert not beside_a_line(turned, str(digit), True, PARAMS)
    assert beside_a_line(ink, "1", False, PARAMS)
    assert beside_a_line(ink, str(digit), True, PARAMS)  # a bar over the digit's head
    broken = bar.copy()
    broken[:, bar.shape[1] // 3: bar.shape[1] // 3 + 4] = 0
    assert beside_a_line(on_canvas(templates.stack(glyph, broken, 4)), str(digit), False, PARAMS)
    reading = read_symbol(ink, BANKS, PARAMS)
    assert reading.symbol == str(digit) and reading.confidence > 0.5


@pytest.mark.parametrize("number, sure", [(7, True), (None, False)])
def test_a_faint_word_makes_a_dare_when_a_corner_backs_its_number(monkeypatch, number, sure):
    """Three cues short of sure that agree: the whole mark likest a dare (weakly), a line
    read faintly as the word, a number a corner reads too (dare_number returns a number
    under a faint word only so)."""
    import vision.symbol_ink as symbols

    style = templates.TemplateStyle(cv2.FONT_HERSHEY_SIMPLEX, 0.14, True)
    ink = on_canvas(templates.stack(templates.text("DARE", style, 16), templates.text("7", style, 30), 7))
    faint = (PARAMS.word_doubt + PARAMS.word_score) / 2
    monkeypatch.setattr(symbols, "both_ways", lambda *a: [(faint, [(0, 1), (2, 3)], 0), (-1.0, [], -1)])
    monkeypatch.setattr(symbols, "whole_mark", lambda *a: ("dare", PARAMS.min_score + 0.05, 0.2, False))
    monkeypatch.setattr(symbols, "read_dare_number", lambda *a: (number, False, 0.9))
    monkeypatch.setattr(symbols, "dare_by_a_word_part", lambda *a, **k: None)  # the cues above alone
    reading = read_symbol(ink, BANKS, PARAMS, corners=(ink, ink))
    assert reading.symbol == "dare" and reading.number == number
    assert (reading.confidence >= 0.8) == sure


@pytest.mark.parametrize("italic", [False, True])
def test_a_digit_glare_took_part_of_gives_way_to_one_corner(italic):
    """A 2 whose top glare took is a 7 upside down, read surely (0.97-1.0) but matching its
    templates less well than a whole digit does: one corner reading 2 is enough against it
    (both were needed before); a whole 2 is not doubted by one corner reading 7."""
    from visionkit import corner_window

    style = templates.TemplateStyle(cv2.FONT_HERSHEY_SIMPLEX, 0.1, italic)
    ink = on_canvas(templates.blurred(templates.digit(2, style, 48), 0.03))
    blank = np.zeros((52, 48), np.uint8)
    ys = np.flatnonzero(ink.any(axis=1))
    cut = ink.copy()
    cut[ys[0]:ys[0] + (ys[-1] + 1 - ys[0]) // 4] = 0
    alone = read_symbol(cut, BANKS, PARAMS, corners=(blank, blank))
    assert alone.symbol == "7" and alone.confidence >= 0.8  # what glare leaves is a 7
    against = read_symbol(cut, BANKS, PARAMS, corners=(corner_window("2", style), blank))
    assert against.confidence < 0.8
    whole = read_symbol(ink, BANKS, PARAMS, corners=(corner_window("7", style), blank))
    assert whole.symbol == "2" and whole.confidence >= 0.8
