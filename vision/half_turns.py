"""A 6 and a 9: a dare's number that reads surely both ways up, as a 6 one way and a 9 the
other, lies the way its corner index says.

A card prints its index upright in two opposite corners (the print is the same turned
round), so the corner windows show it upright however the card lies: the index says 6 or 9
whichever way up the centre is. Where a 6 and a 9 differ, the loop at the bottom or at the
top, blur and a small index do not change (a bay closing turns a 5 into a 6, never a 9 into
a 6), so a corner index read only half surely still tells the two apart, while it cannot
tell a number on its own (see :func:`likeliest`).
"""

from __future__ import annotations

from .indices import CornerIndices, index_rows, number_row
from .ink_lines import clean_ink, split_rows
from .symbol_params import SymbolParams

#: Numbers that are each other turned round: no likeness tells which way up they lie.
HALF_TURNS: frozenset = frozenset({(6, 9), (9, 6)})

#: A number whose print turned round passes for another, which turned round reads as a third:
#: a bold 4 turned round reads a 9 (~0.8 like its template), while a 9 turned round is a 6
#: (HALF_TURNS) and reads as one. Of the two read surely one each way up, the likelier one
#: lies up, however little likelier (top cards of dev seeds 1, 3, 5, 6, 9-12: a 4 and a 9
#: both read surely on 51 dares, 50 of them 4s, the 4 likelier by 0.06 to 0.26, and one a
#: 5, dev 9:1659, its word's way a 4, read right by another cut; no 9 among them).
TURNED_LOOKALIKES: frozenset = frozenset({(4, 9)})


def likeliest(corners: CornerIndices, k: int) -> tuple[int | None, float]:
    """The number corner ``k``'s index reads likeliest, however short of sure, and how
    sure (as :func:`~vision.indices.corner_readings` reads it: the corner's first tall
    line); (None, 0.0) when the corner shows no index."""
    marks = corners.corners[k]
    if marks is None or not marks.any():
        return None, 0.0
    marks = clean_ink(marks)
    for a, b in index_rows(split_rows(marks), corners.params):
        number, confidence, _ = number_row(marks[a:b], corners.banks.digit, corners.params,
                                           hash_rivals=True, bays=False)
        return number, confidence
    return None, 0.0


def way_up_by_a_faint_corner(readings: list, corners: CornerIndices | None, params: SymbolParams) -> tuple | None:
    """Of two ways up reading a 6 and a 9 (``readings``: word, number, how sure, likeness,
    turned; with ``corner_turn_any``, any two numbers: a bold blurred 4 turned round reads
    a sure 9, dev 9:986), each at least ``number_min_confidence`` sure, the one whose number a corner
    index reads likeliest, at least ``corner_turn_min`` sure, while no corner's likeliest
    is the other and no corner reads another number surely; None otherwise (and with
    ``corner_turn_min`` 0). On dev seeds 1, 3 and 5 a dare's corner read at least half
    surely as a 6 or a 9, on a card whose number is a 6 or a 9, read it the right way 91
    times of 91 (three read it turned, each under 0.3 sure)."""
    if not params.corner_turn_min or corners is None or len(readings) != 2:
        return None
    pair = (readings[0][1], readings[1][1])
    if pair not in HALF_TURNS and not (params.corner_turn_any and None not in pair and pair[0] != pair[1]):
        return None
    if any(r[2] < params.number_min_confidence for r in readings):
        return None
    faint = [likeliest(corners, k) for k in range(len(corners.corners))]
    said = {number for number, confidence in faint if number is not None and confidence >= params.corner_turn_min}
    seen = {number for number, _ in faint}
    backed = [r for r in readings if r[1] in said and not seen & (set(pair) - {r[1]})]
    if len(backed) != 1 or corners.numbers() - {backed[0][1]}:
        return None
    return backed[0]


def four_against_the_word(word_way: tuple, other: tuple, corners: CornerIndices, params: SymbolParams) -> bool:
    """Does the way up the word reads worse read a 4 surely, likelier its template than the
    word's way's 9 is its, while a corner index reads 4 surely and no corner another number
    (``four_misled``)? A bold 4 turned round passes for a 9 (:data:`TURNED_LOOKALIKES`),
    while a 9 turned round reads a 6: three cues against a word glare or blur left reading
    a little better the wrong way (dev 11:1300 red-dare-4, the word 0.72 against 0.64)."""
    return (params.four_misled and (other[1], word_way[1]) in TURNED_LOOKALIKES
            and other[3] > word_way[3] and corners.numbers() == {other[1]})



def turned_in_doubt(readings: list, number: int | None, flipped: bool, corners: CornerIndices | None,
                    params: SymbolParams) -> bool:
    """Is ``number``, read the way up ``flipped`` says, in doubt for its other way up
    (``readings``: word, number, how sure, likeness, turned; one per way up)?

    - A 9 whose other way up reads a 4 likelier its template than the 9 is its
      (``four_likelier_doubts``), no corner index reading 9 surely: a bold 4 turned round
      passes for a 9, while a 9 turned round reads a 6 (:data:`TURNED_LOOKALIKES`; dev
      3:1992 a 4, 11:991 a blurred 6, read 9 under a word leading by 0.04-0.09).
    - A 6 or a 9 whose other way reads the other of the two at least ``half_turn_rival``
      surely, the word leading it by under ``half_turn_corner_lead``, while a corner
      index's likeliest reading, however unsure, is that other number and no corner's is
      this one (:func:`likeliest`: a corner's 6 and 9 differ where blur does not reach).
    """
    if number is None or len(readings) != 2:
        return False
    chosen = [r for r in readings if r[1] == number and r[4] == flipped]
    if not chosen:
        return False
    first = chosen[0]
    other = readings[1] if first is readings[0] else readings[0]
    if (params.four_likelier_doubts and (other[1], number) in TURNED_LOOKALIKES and other[3] > first[3]
            and not (corners is not None and number in corners.numbers())):
        return True
    if (not params.half_turn_corner_lead or corners is None or (number, other[1]) not in HALF_TURNS
            or other[2] < params.half_turn_rival or first[0] - other[0] >= params.half_turn_corner_lead):
        return False
    said = {likeliest(corners, k)[0] for k in range(len(corners.corners))}
    return other[1] in said and number not in said
