"""The whole centre mark against the symbol templates: the likeliest symbol, how well it
matches, its lead over the runner-up, which way up, and how sure that makes a reading.

Shared by the symbol reader (:mod:`vision.symbols`); pure functions of the ink the face
cut out of a card's centre, the template banks and the symbol parameters.
"""

from __future__ import annotations

import numpy as np

from .bays import CLOSED_LEFT_BELOW, CLOSED_RIGHT_ABOVE, bay_misfits
from .mark_shape import hole_misfits
from .ink_lines import split_rows
from .marks import SymbolBanks, feature, ramp
from .symbol_params import SymbolParams
from .templates import BARE


def whole_mark(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
               wild: bool, whole_score: float = 0.85) -> tuple[str | None, float, float, bool]:
    """The whole mark against the symbol templates, both ways up: (symbol, score, lead over
    the best other symbol, upside down). A digit with a hole that reads otherwise turned
    round (:data:`TURNS`) and matches its templates less than a whole printed digit does
    (``whole_score``) leads over the best other symbol the other way up too
    (:func:`turned_rival`): its hole may be a bay that blur closed."""
    # Holes do not depend on the font: a 0 has one, a skip two, a 7 none. A symbol whose
    # holes the ink does not have is not considered (a thin 0 looks much like a skip's ring).
    exclude = hole_misfits(ink, params)
    top = (None, -1.0, -1.0, False)
    ways = []
    for flipped, view in zip((False, True), (ink, ink[::-1, ::-1])):
        scores = banks.glyph.scores_by_label(feature(view, params.glyph_box))
        ways.append(scores or {})
        label, score, other = best(banks.glyph, None, exclude, view, params, scores=scores)
        if wild and label != "dare":
            continue
        if score > top[1]:
            top = (label, score, other, flipped)
    symbol, score, other, flipped = top
    if wild:
        symbol, score, other = "dare", max(score, params.good_score), params.min_score
    elif symbol in TURNS and score < whole_score:
        other = max(other, turned_rival(symbol, ways[not flipped]))
    return symbol, score, score - other, flipped


def turned_rival(symbol: str | None, scores: dict) -> float:
    """The best score, the other way up (``scores``), of another symbol than ``symbol``
    and than what ``symbol`` turned round is (a 6 upside down is a 9): the reading's
    rival too, since which way up the card lies is read from the same mark (a blurred 3
    whose bay closed matches a 9 at 0.83, and turned round a 3 at 0.79). Symbols whose
    holes the ink cannot have count, as within one way up; a bare 6 or 9 does not."""
    same = {symbol, TURNED.get(symbol)}
    return max((v for lab, v in scores.items() if lab not in same and lab not in BARE_LABELS), default=-1.0)


def best(bank, f: np.ndarray | None, exclude: frozenset, view: np.ndarray | None = None,
         params: SymbolParams | None = None, scores: dict | None = None) -> tuple[str | None, float, float]:
    """(best label, its score, the best score of any other label), as
    :meth:`~vision.marks.TemplateBank.best`: a label in ``exclude`` cannot win but counts
    as a rival. A 6's or 9's shape without its underline (:data:`~vision.templates.BARE`)
    may win, but is no rival: an underlined 6 looks much like a bare one. With the mark
    (``view``, this way up), a lead short of ``good_margin`` between two labels one of
    which is a digit closed where the mark's digit line opens in a deep bay
    (:func:`~vision.bays.bay_misfits`: a bold 5 correlates nearly as well with an 8) is
    judged without the digits the bay rules out: a rival the holes rule out too (a 5 has
    no hole, an 8 two) is then no rival either. ``scores``: the bank's scores of ``f``,
    when already worked out."""
    if scores is None:
        scores = bank.scores_by_label(f)
    if not scores:
        return None, -1.0, -1.0
    label, score, rival = ranked(scores, exclude)
    if view is not None and label is not None and score - rival < params.good_margin:
        near = {lab.rstrip("?") for lab, v in scores.items() if v >= rival}
        if near & BAY_CLOSED:
            rows = split_rows(view)
            a, b = max(rows, key=lambda r: r[1] - r[0]) if rows else (0, view.shape[0])
            gone = bay_misfits(view[a:b], params)
            kept = {lab: v for lab, v in scores.items() if lab.rstrip("?") not in gone}
            if gone and kept:
                return ranked(kept, exclude)
    return label, score, rival


def ranked(scores: dict, exclude: frozenset) -> tuple[str | None, float, float]:
    """:func:`best` of each label's best score."""
    label = max((lab for lab in scores if lab not in exclude), key=scores.get, default=None)
    if label is None:
        label = max(scores, key=scores.get)
    rivals = [v for lab, v in scores.items() if lab != label and lab not in BARE_LABELS]
    return label, scores[label], max(rivals, default=-1.0)


#: The digits a deep bay can rule out (see :mod:`vision.bays`).
BAY_CLOSED: frozenset = CLOSED_RIGHT_ABOVE | CLOSED_LEFT_BELOW

#: The labels of the bare 6 and 9 (rivals of no other label).
BARE_LABELS: frozenset = frozenset(BARE.values())

#: What a symbol turned round reads as, where that is another symbol.
TURNED: dict = {"6": "9", "9": "6"}

#: The digits with a hole that read otherwise turned round: blur can close a bay into a
#: hole (a 3's into a 9's, a 5's into a 6's), never open one.
TURNS: frozenset = frozenset("469")


def sureness(score: float, margin: float, params: SymbolParams) -> float:
    """How sure a whole-mark reading is, from its score and its lead over the runner-up."""
    return ramp(score, params.min_score, params.good_score) * ramp(margin, 0.0, params.good_margin)
