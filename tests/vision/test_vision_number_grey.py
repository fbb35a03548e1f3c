"""A dare number read again from the card's grey levels: each character cut at its own level
(halfway from the paper round it to its ink) opens the bays and holes the face's one cut
closed; it counts only when the cuts agree."""

import cv2
import numpy as np

from vision.bays import bay_depths
from vision.dare_number import both_ways, read_dare_number
from vision.grey_ink import ink_strength, recut
from vision.indices import number_row
from vision.ink_lines import character_spans, split_characters
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.symbols import read_symbol
from visionkit import PAPER, RED, dare_mark, fat_cut, heavy, ink_cut, printed

PARAMS = SymbolParams()
BANKS = default_profile().banks


def test_character_spans_say_where_each_character_of_the_line_starts():
    row = fat_cut(printed(heavy("#15"), 1.0))[0]
    spans = character_spans(row)
    assert len(spans) == 3
    assert [p.shape for _, p in spans] == [p.shape for p in split_characters(row)]
    starts = [x for x, _ in spans]
    assert starts == sorted(starts)
    for x, piece in spans:
        assert piece.shape[0] == row.shape[0]
        assert np.array_equal(row[:, x:x + piece.shape[1]] & piece, piece)


def test_ink_strength_is_chroma_on_a_coloured_card_and_colourless_white_on_a_wild_one():
    pixels = np.array([[PAPER, RED, (20, 20, 70), (255, 255, 255)]], np.uint8)
    coloured = ink_strength(pixels, False)[0]
    assert coloured[0] < 5 and coloured[3] == 0
    assert coloured[1] > 2 * coloured[2]  # the ink, not its dark outline
    wild = ink_strength(pixels, True)[0]
    assert wild[3] > wild[0] > wild[2] and wild[3] > wild[1]


def test_a_cut_at_the_characters_own_level_opens_a_heavy_blurred_five():
    row, strength = fat_cut(printed(heavy("5"), 1.0))
    (x, piece), = character_spans(row)
    again = recut(piece, strength, x, 0.5)
    assert np.count_nonzero(again) < np.count_nonzero(piece)
    assert not np.count_nonzero(again & ~cv2.dilate(piece, np.ones((3, 3), np.uint8)))
    assert max(bay_depths(again, PARAMS.bay_reach)) > max(bay_depths(piece, PARAMS.bay_reach))
    # No contrast: the piece comes back as it was.
    assert np.array_equal(recut(piece, np.zeros_like(strength), x, 0.5), piece)


def test_a_number_the_fat_cut_leaves_unsure_reads_surely_when_the_cuts_agree():
    for text, number, font, sigma in (("5", 5, cv2.FONT_HERSHEY_SIMPLEX, 1.0),
                                      ("#6", 6, cv2.FONT_HERSHEY_SIMPLEX, 1.5),
                                      ("6", 6, cv2.FONT_HERSHEY_COMPLEX, 1.0)):
        row, strength = fat_cut(printed(heavy(text, font), sigma))
        fat = number_row(row, BANKS.digit, PARAMS)
        assert fat[0] == number and fat[1] < PARAMS.number_min_confidence, text
        again = number_row(row, BANKS.digit, PARAMS, levels=strength)
        assert again[0] == number and again[1] >= PARAMS.number_min_confidence, text


def test_a_sure_reading_is_not_read_again_and_no_levels_changes_nothing():
    row, strength = fat_cut(printed(heavy("7"), 0.6), 0.5)
    sure = number_row(row, BANKS.digit, PARAMS)
    assert sure[0] == 7 and sure[1] >= PARAMS.number_min_confidence
    # Levels of something else entirely: never looked at.
    assert number_row(row, BANKS.digit, PARAMS, levels=np.zeros_like(strength) + 99) == sure
    row, _ = fat_cut(printed(heavy("5"), 1.0))
    assert number_row(row, BANKS.digit, PARAMS, levels=None) == number_row(row, BANKS.digit, PARAMS)


def test_cuts_that_read_other_numbers_at_other_levels_leave_the_fat_reading():
    # A faint 8's strokes over a strong 5: cut at half the ink, an 8; above, a 5.
    five, eight = heavy("5"), heavy("8")
    five = np.pad(five, [(0, max(0, eight.shape[0] - five.shape[0])), (0, max(0, eight.shape[1] - five.shape[1]))])
    eight = np.pad(eight, [(0, five.shape[0] - eight.shape[0]), (0, five.shape[1] - eight.shape[1])])
    strength = np.where(five > 127, 200.0, np.where(eight > 127, 110.0, 0.0)).astype(np.float32)
    strength = cv2.GaussianBlur(strength, (0, 0), 0.7)
    ink = (strength >= 20).astype(np.uint8) * 255
    ys = np.flatnonzero(ink.any(axis=1))
    row, levels = ink[ys[0]:ys[-1] + 1], strength[ys[0]:ys[-1] + 1]
    fat = number_row(row, BANKS.digit, PARAMS)
    (x, piece), = character_spans(row)
    reads = [number_row(recut(piece, levels, x, level), BANKS.digit, PARAMS)
             for level in PARAMS.recut_ladder]
    assert {r[0] for r in reads if r[1] >= PARAMS.number_min_confidence} == {5, 8}
    # Cuts that read two numbers surely: the line is no one number, however the face's cut reads.
    got = number_row(row, BANKS.digit, PARAMS, levels=levels)
    assert got[0] == fat[0] and got[1] < PARAMS.number_min_confidence


def heavy_dare(number: str) -> tuple[np.ndarray, np.ndarray]:
    """A dare's centre, a heavy number over the word, printed and blurred: the card (BGR)
    and the fat cut of its ink."""
    card = printed(dare_mark(heavy(number)), 1.0)
    return card, ink_cut(card, 0.15)


def test_read_dare_number_reads_the_grey_levels_only_when_the_ink_leaves_the_number_unread():
    card, ink = heavy_dare("5")
    views = (ink, ink[::-1, ::-1])
    lines = both_ways(ink, BANKS, PARAMS)
    plain = read_dare_number(views, BANKS, PARAMS, lines)
    assert plain[0] is None
    assert read_dare_number(views, BANKS, PARAMS, lines, card=card)[:2] == (5, False)
    # A wild card's number is white on the colours: not read so.
    assert read_dare_number(views, BANKS, PARAMS, lines, wild=True, card=card) == read_dare_number(
        views, BANKS, PARAMS, lines, wild=True)


def test_read_symbol_hands_the_card_on_to_the_dare_number():
    card, ink = heavy_dare("5")
    alone = read_symbol(ink, BANKS, PARAMS)
    assert alone.symbol == "dare" and alone.number is None
    with_card = read_symbol(ink, BANKS, PARAMS, card=card)
    assert (with_card.symbol, with_card.number) == ("dare", 5)
    assert with_card.confidence >= PARAMS.number_min_confidence
    # The same card turned round reads the same, the other way up.
    turned = read_symbol(np.ascontiguousarray(ink[::-1, ::-1]), BANKS, PARAMS,
                         card=np.ascontiguousarray(card[::-1, ::-1]))
    assert (turned.symbol, turned.number, turned.flipped) == ("dare", 5, True)
