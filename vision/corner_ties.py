"""A digit card whose centre mark a highlight damaged, told by its two corner indices.

A lamp's glare over the centre washes out part of the mark (a 2's foot, a 3's left half):
what is left matches the digit's templates about as well as a neighbour's (a 2 without its
foot is a 7), and the reading is unsure. The corner indices, printed small and apart,
often escape the glare. When both read the same digit on their own, and the centre's mark
(its face cut or a re-cut) matches that digit as well as anything, the two agree on
different pixels: the corners choose between the centre's closest symbols, never against
the centre. A dare prints its one-digit number in its corners too: its number stands
beside its word, off the card's middle, and its word keeps a dare's likeness in the mark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

import numpy as np

from .indices import index_digit
from .ink_lines import tallest_line
from .mark_shape import centred, one_line, without_specks
from .marks import SymbolBanks, feature
from .symbol_ink import SymbolReading
from .symbol_params import SymbolParams


def digit_by_corners(reading: SymbolReading, marks: Iterable[np.ndarray | None], corners: tuple,
                     banks: SymbolBanks, params: SymbolParams, reach: float) -> SymbolReading | None:
    """The digit both corner indices read surely, each on its own (or one reads and the
    other reads nothing, see ``corner_tie_one_score``), when one of ``marks``
    (the face's ink, then the centre's re-cuts) is one line standing in the card's middle
    (its box's centre within ``reach`` of the card's width and height of the card's centre)
    that matches that digit at least ``corner_tie_score`` and within ``corner_tie_gap`` of
    its best symbol (either way up),
    and no mark is likelier a dare than that (a dare's number is its corners' digit too;
    its word, even half gone, keeps the mark like a dare's). None otherwise: the corners
    alone, or a centre that reads another symbol clearly, name no card. ``reading`` (the
    unsure reading) is returned with the digit at ``corner_agreed``."""
    if params.corner_tie_score <= 0 or corners is None or len(corners) != 2:
        return None
    read = [index_digit(corners[0], banks, params), index_digit(corners[1], banks, params)]
    agreed = read[0] & read[1]
    if not agreed and params.corner_tie_one_score > 0 and len(read[0] | read[1]) == 1 and not (read[0] and read[1]):
        # One corner reads a digit, the other nothing (glare or a shadow over it): the
        # centre must then match that digit best of all symbols, and well.
        agreed, least, gap = read[0] | read[1], params.corner_tie_one_score, 0.0
    else:
        least, gap = params.corner_tie_score, params.corner_tie_gap
    if len(agreed) != 1:
        return None
    digit = next(iter(agreed))
    chosen = _centre_backs(marks, banks, params, lambda label: label.rstrip("?") == digit, least, gap,
                           reach, one_line_too=True)
    if chosen is None:
        return None
    return replace(reading, symbol=digit, number=None, flipped=chosen[0], confidence=params.corner_agreed,
                   score=chosen[1])


def _centre_backs(marks: Iterable[np.ndarray | None], banks: SymbolBanks, params: SymbolParams,
                  named: Callable[[str], bool], least: float, gap: float, reach: float,
                  one_line_too: bool) -> tuple[bool, float] | None:
    """(flipped, score) of the first of ``marks`` standing in the card's middle (and one line,
    with ``one_line_too``) whose likeliest symbol that ``named`` accepts matches at least
    ``least`` and within ``gap`` of its best symbol; None when no mark does, or when any mark
    matches a dare as well (the corners cannot tell a digit's index from a dare's number)."""
    chosen, dare = None, -1.0
    for mark in marks:
        if mark is None or not mark.any():
            continue
        scores = scores_both_ways(mark, banks, params)
        if not scores:
            continue
        dare = max([dare] + [v for (label, _), v in scores.items() if label == "dare"])
        if chosen is not None:
            continue
        flipped, score = max(((key[1], v) for key, v in scores.items() if named(key[0])),
                             key=lambda kv: kv[1], default=(False, -1.0))
        if (score >= least and score >= max(scores.values()) - gap
                and (not one_line_too or one_line(mark, params))
                and centred(without_specks(mark)[0], reach)):
            chosen = (flipped, score)
    if chosen is None or dare >= chosen[1]:
        return None
    return chosen

def scores_both_ways(mark: np.ndarray, banks: SymbolBanks, params: SymbolParams) -> dict:
    """Each template label's score for ``mark`` upright and turned round: {(label, flipped): score}."""
    out = {}
    for flipped, view in ((False, mark), (True, mark[::-1, ::-1])):
        for label, v in (banks.glyph.scores_by_label(feature(view, params.glyph_box)) or {}).items():
            out[label, flipped] = v
    return out


#: The action symbols a corner prints as the centre does, small.
ACTIONS: tuple[str, ...] = ("skip", "reverse")


def action_by_corners(reading: SymbolReading, marks: Iterable[np.ndarray | None], corners: tuple,
                      banks: SymbolBanks, params: SymbolParams, reach: float) -> SymbolReading | None:
    """The action (skip or reverse) both corner indices show, each matching its templates
    at least ``min_score`` (one of them ``corner_action_score``) and leading every other
    symbol by ``corner_action_lead``
    (a skip's ring and slash, a reverse's arrows, print whole in a corner a highlight
    spared), when one of ``marks`` standing in the card's middle matches that action at
    least ``corner_tie_score`` and within ``corner_tie_gap`` of its best symbol, and no
    mark is likelier a dare. None otherwise (0 ``corner_action_score``: off)."""
    if params.corner_action_score <= 0 or corners is None or len(corners) != 2:
        return None
    read = [corner_action(marks, banks, params) for marks in corners]
    first = read[0][0] if read[0] else None
    if (first is None or read[1] is None or read[1][0] != first
            or max(read[0][1], read[1][1]) < params.corner_action_score):
        return None
    chosen = _centre_backs(marks, banks, params, lambda label: label == first, params.corner_tie_score,
                           params.corner_tie_gap, reach, one_line_too=False)
    if chosen is None:
        return None
    return replace(reading, symbol=first, number=None, flipped=chosen[0], confidence=params.corner_agreed,
                   score=chosen[1])


def corner_action(marks: np.ndarray | None, banks: SymbolBanks, params: SymbolParams) -> tuple[str, float] | None:
    """The action a corner's index likely shows, and its score: its tallest line against
    the centre's symbol templates, an action best by ``corner_action_lead`` at
    ``min_score`` (a digit's or a dare's index matches an action's templates at 0.55 at
    most, on 280 cards of dev seed 17; both corners together must reach ``corner_action_score``
    in one of them)."""
    line = tallest_line(marks)
    if line is None:
        return None
    scores = banks.glyph.scores_by_label(feature(line, params.glyph_box))
    if not scores or len(scores) < 2:
        return None
    (label, top), (_, second) = sorted(scores.items(), key=lambda kv: -kv[1])[:2]
    if label in ACTIONS and top >= params.min_score and top - second >= params.corner_action_lead:
        return label, top
    return None
