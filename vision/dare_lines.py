"""The lines of a dare's centre mark: which is the word, which the number, both ways up.

A dare prints its number over or under the word DARE; blur or a slanted "#" may run the two
into one line, cut at its shallowest valley when a part then reads as the word. A "#" is
printed before the number, so a number's line ending in one is read the wrong way up.
"""

from __future__ import annotations

import cv2
import numpy as np

from .indices import number_row
from .number_rows import stands_whole
from .ink_lines import character_spans, row_ink, split_rows, split_rows_at_valley
from .marks import SymbolBanks, TemplateBank, feature
from .symbol_params import SymbolParams


def dare_lines(view: np.ndarray, banks: SymbolBanks, params: SymbolParams,
               rows: list[tuple[int, int]] | None = None) -> tuple[float, list[tuple[int, int]], int]:
    """How well a line of ``view`` reads as the dare word (-1 when none could), its lines
    (top to bottom, or ``rows`` when the caller has them) and which of them is the word.

    Only a line at least ``word_min_aspect`` times as wide as tall, not much shorter than
    the tallest line, can be the word: a 6's underline is a short, thin bar.
    """
    if rows is None:
        rows = split_rows_at_valley(view, split_rows(view))
    if len(rows) < 2:
        return -1.0, rows, -1
    tallest = max(b - a for a, b in rows)
    best, best_i = -1.0, -1
    for i, (a, b) in enumerate(rows):
        if b - a < params.word_min_height * tallest:
            continue
        line = view[a:b]
        # The width of the line's ink (OpenCV's box: a column reduction of the card costs more).
        width = cv2.boundingRect(line)[2]
        if width == 0 or width < params.word_min_aspect * (b - a):
            continue
        score = banks.word.best(feature(line, params.word_box))[1]
        if score > best:
            best, best_i = score, i
    return best, rows, best_i


def both_ways(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams) -> list:
    """:func:`dare_lines` of the ink and of the ink turned 180 degrees (the same lines,
    counted from the other end).

    A mark of one line is cut at a shallower valley too (``word_valley``): a dare's number
    run into its word by blur or a slanted "#" leaves one, and so may a digit's waist.
    That cut counts only when a part of it then reads as the word one way up
    (``word_score``): a digit's half is no word.
    """
    profile = row_ink(ink)
    whole = split_rows(ink, profile)
    rows = split_rows_at_valley(ink, whole, profile=profile)
    lines = _lines_both_ways(ink, rows, banks, params)
    if len(rows) == 1 and len(whole) == 1:
        loose = split_rows_at_valley(ink, whole, params.word_valley, profile)
        heights = sorted(b - a for a, b in loose)
        # Each part a line of its own stature (a dare's word stands at least half its
        # number's height): not a sliver of a glyph, the flat top of a heavy 3.
        if (len(loose) == 2 and heights[0] >= params.word_valley_part * heights[1]
                and any(_word_shaped(ink, r, loose, params) for r in loose)):
            cut = _lines_both_ways(ink, loose, banks, params)
            if max(line[0] for line in cut) >= params.word_score:
                return cut
    return lines


def _word_shaped(ink: np.ndarray, row: tuple[int, int], rows: list[tuple[int, int]], params: SymbolParams) -> bool:
    """Could line ``row`` of ``rows`` be the word by its shape (see :func:`dare_lines`):
    at least ``word_min_height`` of the tallest line, ``word_min_aspect`` times as wide as
    tall? (Asked before reading it: a digit's halves are not.)"""
    a, b = row
    if b - a < params.word_min_height * max(y1 - y0 for y0, y1 in rows):
        return False
    return cv2.boundingRect(ink[a:b])[2] >= params.word_min_aspect * (b - a)


def _lines_both_ways(ink: np.ndarray, rows: list[tuple[int, int]], banks: SymbolBanks,
                     params: SymbolParams) -> list:
    """:func:`dare_lines` of ``rows`` of the ink, upright and turned 180 degrees."""
    h = ink.shape[0]
    turned = [(h - b, h - a) for a, b in reversed(rows)]
    return [dare_lines(ink, banks, params, rows), dare_lines(ink[::-1, ::-1], banks, params, turned)]


def number_line(view: np.ndarray, line: tuple, wild: bool) -> tuple[int, int] | None:
    """The rows of the number's line under ``line`` (:func:`dare_lines`' answer for
    ``view``): the line with the most ink that is not the word; None when there is no word
    (on a wild card, any line may be the number)."""
    _, rows, w = line
    if w < 0 and not (wild and rows):
        return None
    rest = [r for i, r in enumerate(rows) if i != w]
    return max(rest, key=lambda r: int(np.count_nonzero(view[r[0]:r[1]]))) if rest else None


def first_character_alone(view: np.ndarray, line: tuple, wild: bool) -> bool:
    """Is the number's line under ``line`` (:func:`dare_lines`' answer for ``view``) one
    character lying wholly left of the word's middle? A dare prints its number ("#8",
    "14") centred over or under its word, its last digit right of the middle; a lone
    character left of it is the number's first, a "#" or a 1, whose last digit glare or a
    washed-out print took (a "#" alone reads as a sure 6). On a wild card, whose word is
    easily lost, any line may be the number: only a word read says where the middle is."""
    _, rows, w = line
    found = number_line(view, line, wild)
    if found is None or w < 0:
        return False
    spans = character_spans(view[found[0]:found[1]])
    if len(spans) != 1:
        return False
    x, piece = spans[0]
    a, b = rows[w]
    wx, _, ww, _ = cv2.boundingRect(view[a:b])
    return x + piece.shape[1] <= wx + ww / 2


def last_digit_short(view: np.ndarray, line: tuple, wild: bool, share: float) -> bool:
    """Does the last character of the number's line under ``line`` (:func:`dare_lines`'
    answer for ``view``) stand short of ``share`` of the line's tallest character? A
    number's characters are printed alike, upright or turned: glare that took a 6's loop
    leaves its head (a sure 4), a 5 cut to half its height reads 0, and the read number is
    then another card's."""
    found = number_line(view, line, wild)
    if found is None:
        return False
    spans = character_spans(view[found[0]:found[1]])
    return 1 < len(spans) <= 3 and not stands_whole(spans, share)


def centre_numbers(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams) -> list[tuple[int | None, float]]:
    """The number each way up of a wild card's mark reads on its number's line (any line
    but the word's; a wild's white word is easily lost) and how sure, as its ink alone
    reads it (:func:`~vision.number_rows.number_row`, no grey levels): a vote the corners'
    number must not meet against it."""
    found = []
    for view, line in zip((ink, ink[::-1, ::-1]), both_ways(ink, banks, params)):
        rows = number_line(view, line, True)
        if rows is not None:
            found.append(number_row(view[rows[0]:rows[1]], banks.digit, params)[:2])
    return found


def face_numbers(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                 wild: bool = False) -> list[tuple[bool, int | None, float]]:
    """As :func:`centre_numbers`, each way up's number line as the ink alone reads it, with
    the way up: (upside down, number, how sure), for a coloured card's mark (``wild``
    False: its word is printed in the field's colour and is read as any line)."""
    found = []
    for flipped, view, line in zip((False, True), (ink, ink[::-1, ::-1]), both_ways(ink, banks, params)):
        rows = number_line(view, line, wild)
        if rows is not None:
            found.append((flipped, *number_row(view[rows[0]:rows[1]], banks.digit, params)[:2]))
    return found


def ends_in_hash(line: np.ndarray, bank: TemplateBank, params: SymbolParams, seen: dict | None = None) -> bool:
    """Does the line of two or three characters end in one likelier a "#" than any digit
    (at least ``digit_min_score``), and likelier a "#" by ``digit_good_margin`` than its
    first character is? A dare prints its "#" before the number: such a line is read the
    wrong way up (a heavy 2 or 0 reads about as well as a "#", but then so does the "#"
    before it). ``seen``: the line's characters and their scores as
    :func:`~vision.number_rows.number_row` cut and scored them (the same), when it did."""
    seen = seen or {}
    spans = seen["spans"] if "spans" in seen else character_spans(line)
    if not 2 <= len(spans) <= 3:
        return False
    if "scores" in seen:
        last, first = seen["scores"][-1], seen["scores"][0]
    else:
        last, first = (bank.scores_by_label(feature(spans[k][1], params.digit_box, params.digit_blur))
                       for k in (-1, 0))
    if not last or not first:
        return False
    hashed = last.get("#", -1.0)
    return (hashed >= params.digit_min_score and all(hashed > v for k, v in last.items() if k != "#")
            and hashed - first.get("#", -1.0) >= params.digit_good_margin)
