"""Symbols and dare numbers from ink masks (vision.symbols, vision.templates)."""

import cv2
import numpy as np
import pytest

from vision import templates
from vision.profile import default_profile
from vision.ink_lines import split_characters, split_rows
from vision.marks import TemplateBank, feature
from vision.symbol_params import SymbolParams
from vision.indices import read_number_row
from vision.symbols import read_symbol

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, True)


def on_canvas(mask, size=(112, 174)):
    """A mark centred on an empty flattened card, as the face reader cuts it out."""
    w, h = size
    canvas = np.zeros((h, w), np.uint8)
    mh, mw = mask.shape
    scale = min(0.7 * w / mw, 0.35 * h / mh)
    mark = cv2.resize(mask, (max(1, int(mw * scale)), max(1, int(mh * scale))), interpolation=cv2.INTER_AREA)
    mark = np.where(mark > 100, 255, 0).astype(np.uint8)
    y, x = (h - mark.shape[0]) // 2, (w - mark.shape[1]) // 2
    canvas[y:y + mark.shape[0], x:x + mark.shape[1]] = mark
    return canvas


def test_feature_is_unit_norm_and_ignores_position_and_scale():
    mask = templates.text("7", STYLE, 40)
    a = feature(np.pad(mask, 10), (32, 32))
    b = feature(cv2.resize(np.pad(mask, ((30, 2), (5, 40))), None, fx=0.6, fy=0.6), (32, 32))
    assert np.linalg.norm(a) == pytest.approx(1.0, abs=1e-4)
    assert float(a @ b) > 0.9
    assert feature(np.zeros((10, 10), np.uint8), (32, 32)) is None


def test_template_bank_best_names_the_runner_up_of_another_label():
    bank = TemplateBank.from_masks([("a", templates.text("1", STYLE)), ("a", templates.text("7", STYLE)),
                                    ("b", templates.text("8", STYLE))], (32, 32))
    label, score, other = bank.best(feature(templates.text("1", STYLE), (32, 32)))
    assert label == "a" and score > 0.99 and other < score


@pytest.mark.parametrize("digit", range(10))
def test_every_big_digit_reads_upright_and_upside_down(digit):
    style = templates.TemplateStyle(cv2.FONT_HERSHEY_TRIPLEX, 0.15, False)
    ink = on_canvas(templates.digit(digit, style))
    upright = read_symbol(ink, BANKS, PARAMS)
    assert upright.symbol == str(digit) and upright.confidence > 0.5
    turned = read_symbol(ink[::-1, ::-1].copy(), BANKS, PARAMS)
    assert turned.symbol == str(digit)
    if digit in (6, 9):  # the underline says which way up
        assert turned.flipped and not upright.flipped


@pytest.mark.parametrize("symbol", ["skip", "reverse"])
def test_skip_and_reverse_read(symbol):
    mask = templates.skip(0.12, True) if symbol == "skip" else templates.reverse(0.12, True)
    assert read_symbol(on_canvas(mask), BANKS, PARAMS).symbol == symbol


@pytest.mark.parametrize("number", [1, 7, 12, 16])
@pytest.mark.parametrize("layout", ["above", "below", "hash"])
def test_a_dare_reads_its_number_either_way_up(number, layout):
    word = templates.text("DARE", STYLE, 16)
    big = templates.text(("#" if layout == "hash" else "") + str(number), STYLE, 30)
    mark = templates.stack(word, big, 5) if layout == "above" else templates.stack(big, word, 5)
    ink = on_canvas(mark)
    for view, flipped in ((ink, False), (ink[::-1, ::-1].copy(), True)):
        reading = read_symbol(view, BANKS, PARAMS)
        assert (reading.symbol, reading.number, reading.flipped) == ("dare", number, flipped)


def test_a_wild_card_is_always_a_dare():
    word = templates.text("DARE", STYLE, 16)
    ink = on_canvas(templates.stack(word, templates.text("9", STYLE, 30), 5))
    assert read_symbol(ink, BANKS, PARAMS, wild=True).symbol == "dare"


def test_no_ink_is_no_symbol():
    assert read_symbol(np.zeros((174, 112), np.uint8), BANKS, PARAMS).symbol is None


def test_split_rows_and_characters():
    word = templates.text("DARE", STYLE, 16)
    big = templates.text("12", STYLE, 30)
    ink = templates.stack(word, big, 5)
    rows = split_rows(ink)
    assert len(rows) == 2
    a, b = rows[1]
    assert len(split_characters(ink[a:b])) == 2
    number, confidence = read_number_row(ink[a:b], BANKS.digit, PARAMS)
    assert number == 12 and confidence > 0.5
