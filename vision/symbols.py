"""Symbol: which mark a card's centre shows (digit, skip, reverse, dare).

The ink cut from the centre is compared, by normalised correlation of small blurred masks,
with template banks (the default deck's drawn marks, or a taught deck's own). Both the ink
and the ink turned 180 degrees are tried: a card may lie either way up, and the better
reading says which way (6 and 9 differ by their underline; a dare by its word). The face's
ink is read in :mod:`vision.symbol_ink`; here, short of sure, the mark is cut again other
ways (off the centre's rim, by grey levels, by colour over the whole centre, a wild card's
white print, last in a glare spot's own light) and read again.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import replace

import numpy as np

from .blurred_digits import digit_by_measures
from .corner_ties import action_by_corners, digit_by_corners
from .corner_words import dare_by_corner_words
from .corner_leans import face_dare_by_one_corner, sure_dare_by_one_corner, wild_by_one_corner
from .digit_checks import (a_corner_against, a_digit_card, a_paper_digit, centre_reads_another,
                           centre_reads_another_digit, placed)
from .glare_cut import GlareCutParams, GlareDoubt, glare_cut, glare_cuts, glared_dare
from .indices import CornerIndices, corner_digits, corner_numbers
from .centre_cuts import CentreCuts
from .mark_grey import GreyParams, grey_cuts
from .mark_shape import centred, off_the_rim, one_line, without_specks
from .marks import SymbolBanks
from .symbol_params import SymbolParams
from .zero_ring import zero_by_ring
from .numbered_dares import a_numbered_dare as _a_numbered_dare, lone_number, numbered_by_a_cut
from .symbol_ink import SYMBOLS, SymbolReading, read_ink
from .white_print import read_white, white_print

__all__ = ["SYMBOLS", "SymbolReading", "read_symbol"]


def read_symbol(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams,
                wild: bool = False, corners: tuple | None = None, card: np.ndarray | None = None,
                grey: GreyParams = GreyParams(), centre: np.ndarray | None = None) -> SymbolReading:
    """What the centre's ink shows. A wild card is always a dare: only its number is read.

    See :func:`~vision.symbol_ink.read_mark` for the cues. A mark that leaves the reading short of sure
    (glare took the word or the number, or left a wedge beside them) is still a dare when
    its lines say so (:mod:`vision.dare_cues`); a mark wider than tall is read again
    squeezed to a digit's width (:func:`~vision.mark_shape.squeezed`), and counts so only
    when sure. A reading nearly sure of something else than such a second reading is then
    unsure.
    Short of sure, with ``centre`` (the white centre the face cut the ink from), the ink
    is read again without the blobs lying along the centre's outline
    (:func:`~vision.mark_shape.off_the_rim`: the field a highlight let into the centre),
    and counts so when sure (a digit so read must stand in the card's middle, and the
    centre's cut by colour must not read another symbol surely: ``placed_digits``,
    ``trimmed_against_centre``).
    Short of sure, the mark cut again from ``card``'s grey levels (the flattened card the
    ink was cut from) is read too, and counts when a corner index backs it
    (:func:`_read_in_grey`). Last, the mark cut by its colour over the whole ``centre``
    counts without a corner when it matches a template at least ``centre_sure`` and is
    fully sure (a whole mark likest a dare stays a dare; a digit stands in the card's
    middle), at ``corner_agreed``.
    A wild card no cut numbers takes the number one corner alone reads when its centre
    reads no other (:func:`~vision.corner_leans.wild_by_one_corner`). Last of all, a
    blurred digit the print's grey core reads fully surely while the face's ink and a
    chroma cut lean to it (:func:`~vision.blurred_digits.digit_by_measures`); a 0 whose
    re-cut mark is a 0's ring and a corner reads 0 (:func:`~vision.zero_ring.zero_by_ring`).
    """
    reading = _read_symbol(ink, banks, params, wild, corners, card, grey, centre)
    if not wild or reading.symbol != "dare" or reading.number is not None or corners is None or card is None:
        return reading
    marks = lambda: (ink, None if centre is None else white_print(card, centre, grey))
    return wild_by_one_corner(reading, marks, CornerIndices(corners, banks, params), banks, params) or reading


def _read_symbol(ink: np.ndarray, banks: SymbolBanks, params: SymbolParams, wild: bool, corners: tuple | None,
                 card: np.ndarray | None, grey: GreyParams, centre: np.ndarray | None) -> SymbolReading:
    """:func:`read_symbol` but for a wild card's one corner."""
    reading = read_ink(ink, banks, params, wild, corners, card)
    first_ink = ink
    glare = GlareDoubt(ink, centre)
    cuts = CentreCuts(card, centre, grey, wild)
    if reading.confidence >= params.number_min_confidence:
        if not glare.doubts(reading, params) and not centre_reads_another(reading, cuts, banks, params, grey, corners):
            return _numbered(reading, ink, cuts, banks, params, corners)
        reading = replace(reading, confidence=0.0)
    trimmed = None if centre is None else off_the_rim(ink, centre)
    if trimmed is not None:
        alt = read_ink(trimmed, banks, params, wild, corners, card)
        # A digit the centre's cut by colour reads as another symbol: what the rim held
        # was the mark's (a dare's word a highlight joined to it), kept for the cuts below.
        word_on_rim = centre_reads_another_digit(alt, cuts, banks, params, corners)
        # A whole mark likest a dare stays one: a word lying along the rim (or joined to a
        # thumb lying there) is no wedge.
        if (alt.confidence >= params.number_min_confidence and (alt.symbol == "dare" or reading.symbol != "dare")
                and not glare.doubts(alt, params) and not word_on_rim
                and placed(alt, trimmed, centre, grey)):
            return _numbered(alt, trimmed, cuts, banks, params, corners)
        ink = ink if word_on_rim else trimmed
    if card is None:
        return reading
    if wild:
        white = read_white(reading, card, centre, banks, params, corners, grey)
        return white if white is not reading else _a_dare_by_its_corner(reading, banks, params, corners, True) or reading
    if corners is not None:
        backed = _read_in_grey(reading, ink, card, banks, params, corners, grey, cuts.all(), cuts.strict,
                               cuts.over_paper)
        if backed is not None:
            return backed
    # The mark cut by its colour alone, read at its templates' best: a print's fill without
    # its dark outline and drop shadow, whose blur closes holes and joins lines in the ink;
    # then by its grey levels, a pale print's outline and shadow with it. A dare whose
    # word and number the colour's cut reads surely counts too (two cues of its own).
    dare = reading.symbol == "dare"
    reads = []
    for cut in cuts.all():
        alt = read_ink(cut, banks, params, False, corners)
        # A digit a cut reads must stand alone in the card's middle: a dare's number whose
        # word that cut lost stands off it.
        if a_paper_digit(alt, cut, cuts.over_paper, grey):
            reads.append((cut, replace(alt, confidence=min(alt.confidence, params.number_min_confidence))))
            continue
        if (alt.confidence >= 1.0 and alt.score >= grey.centre_sure and (alt.symbol == "dare" or not dare)
                and (not cuts.strict(cut) or a_digit_card(alt, cut, params, grey)) and placed(alt, cut, centre, grey)
                and not a_corner_against(alt, corners, banks, params, grey)):
            return replace(alt, confidence=params.corner_agreed)
        if cut is cuts.by_colour() and _a_numbered_dare(alt, cut, banks, params, corners):
            return replace(alt, confidence=params.corner_agreed)
        reads.append((cut, alt))
    agreed = _cuts_agree(reads, banks, params, corners, grey, cuts.measure)
    if agreed is not None and (agreed.symbol == "dare" or not dare):
        return replace(agreed, confidence=params.corner_agreed)
    return (_a_dare_by_its_corner(reading, banks, params, corners)
            or dare_by_corner_words(reading, corners, banks, params)
            or (corners is not None and sure_dare_by_one_corner(reads, CornerIndices(corners, banks, params), params))
            or digit_by_corners(reading, _tie_marks(first_ink, ink, card, grey, reads), corners, banks, params,
                                grey.digit_centred)
            or action_by_corners(reading, _tie_marks(first_ink, ink, card, grey, reads), corners, banks, params,
                                 grey.digit_centred)
            or _read_in_glare(reading, first_ink, ink, card, centre, banks, params, corners, grey, reads)
            or digit_by_measures(reading, first_ink, card, cuts.by_chroma(), corners, banks, params, grey, centre)
            or zero_by_ring(reading, itertools.chain(_tie_marks(first_ink, ink, card, grey, reads),
                                                     glare_cuts(card, centre, first_ink, params.glare_lifts)),
                            corners, banks, params, grey.digit_centred)
            or reading)


def _read_in_glare(reading: SymbolReading, first_ink: np.ndarray, ink: np.ndarray, card: np.ndarray,
                   centre: np.ndarray | None, banks: SymbolBanks, params: SymbolParams, corners: tuple | None,
                   grey: GreyParams, reads: list) -> SymbolReading | None:
    """Last, the mark cut in its glare spot's own light (:func:`~vision.glare_cut.glare_cut`,
    the spot's light above the paper by each of ``glare_lifts`` in turn: a faint spot's
    edge pales strokes too): a dare whose word and two-digit number it reads fully surely
    with a corner's number (:func:`~vision.glare_cut.glared_dare`), or the digit or action
    both corner indices choose as they may for the face's ink
    (:func:`~vision.corner_ties.digit_by_corners`, ``action_by_corners``: every other mark
    still vetoes a dare's likeness). Not a digit it reads surely with one corner's backing,
    as a grey cut may: a glared dare's number, its word gone, reads so (a held-out seed's
    dare 9 read as a 9). None without a spot or a second cue."""
    if not params.glare_lifts or corners is None or centre is None:
        return None
    tried: list = []
    for lift in params.glare_lifts:
        cut = glare_cut(card, centre, first_ink, GlareCutParams(lift=lift))
        if cut is None or not cut.any() or any(np.array_equal(cut, seen) for seen in tried):
            continue
        tried.append(cut)
        found = glared_dare(cut, banks, params, corners)
        if found is not None:
            return found
        marks = lambda: itertools.chain(_tie_marks(first_ink, ink, card, grey, reads), (cut,))
        found = (digit_by_corners(reading, marks(), corners, banks, params, grey.digit_centred)
                 or action_by_corners(reading, marks(), corners, banks, params, grey.digit_centred))
        if found is not None:
            return found
    return None


def _a_dare_by_its_corner(reading: SymbolReading, banks: SymbolBanks, params: SymbolParams,
                          corners: tuple | None, wild: bool = False) -> SymbolReading | None:
    """A dare numbered by its corner indices: both read the same number surely, each on its
    own (:meth:`~vision.indices.CornerIndices.apart`), and the card is a dare by another
    cue: ``wild`` (its colours), or a number of two digits (10-16: no digit card, skip or
    reverse carries one) while ``reading`` (the face's ink, short of sure) is likest a
    dare's, matching it at least ``corner_dare_likeness``. A lamp's highlight or a blur
    that takes a dare's number off the centre often leaves the small corners, printed
    apart, whole. One corner is not enough: a small blurred index reads a 15 as a 13 now
    and then (a spread's card on dev seed 3), and the other corner is then no check. A
    one-digit number is no cue for a coloured card: a digit card's corner reads it too,
    and a glared digit's leftover can look like a dare's. None when it is not so."""
    if not params.corner_dare_likeness or corners is None or reading.number is not None:
        return None
    if not wild and reading.symbol != "dare":
        return None
    number = CornerIndices(corners, banks, params).apart()
    if number is None or (not wild and (number < 10 or reading.score < params.corner_dare_likeness)):
        return None
    return replace(reading, symbol="dare", number=number, confidence=params.corner_agreed)


def _cuts_agree(reads: list, banks: SymbolBanks, params: SymbolParams, corners: tuple | None,
                grey: GreyParams, measure=None) -> SymbolReading | None:
    """The symbol at least two of the centre's cuts (``reads``: each cut and its reading;
    by colour, by grey levels, by local chroma: three measures of the print) read fully
    surely, each matching its templates at least ``agree_score``, while no cut reads
    anything else as surely as ``number_min_confidence`` (with ``unnumbered_agrees``, a dare
    read without its number reads nothing else than a dare with one); None otherwise. A digit's mark
    must be one line standing in the card's middle and no corner index may read another
    digit; a dare must read its number, the same in each, and no corner index another.
    One cut short of a whole print's match (``centre_sure``) may be a blob that reads
    surely as anything; two measures agreeing on a whole symbol are a second cue (a skip
    or a reverse has no corner digit to back it). With ``measure`` (a cut's measure), the
    agreeing cuts must be of two measures: one measure over two centres is one cue."""
    sure, seen = [], set()
    for cut, alt in reads:
        if alt.symbol is not None and alt.confidence >= params.number_min_confidence:
            seen.add((alt.symbol, alt.number))
        if alt.confidence < 1.0 or alt.score < grey.agree_score or alt.symbol is None:
            continue
        if not a_digit_card(alt, cut, params, grey):
            continue
        if alt.symbol == "dare" and alt.number is None:
            continue
        sure.append((cut, alt))
    if grey.unnumbered_agrees and ("dare", None) in seen and any(
            symbol == "dare" and number is not None for symbol, number in seen):
        seen.discard(("dare", None))  # a dare read without its number reads nothing else
    if len(seen) != 1:
        return None
    key = next(iter(seen))
    agreeing = [(cut, alt) for cut, alt in sure if (alt.symbol, alt.number) == key]
    if len(agreeing) < 2 or (measure is not None and len({measure(cut) for cut, _ in agreeing}) < 2):
        return None
    if corners is not None:
        # A small index blurred shut reads 0: no vote against a digit it closes so.
        closed = {"0"} if key[0] in params.corner_zero_closes else set()
        if key[0].isdigit() and corner_digits(corners, banks, params) - {key[0]} - closed:
            return None
        if key[0] == "dare" and corner_numbers(corners, banks, params) - {key[1]}:
            return None
    return agreeing[0][1]


def _numbered(reading: SymbolReading, ink: np.ndarray, cuts: "CentreCuts", banks: SymbolBanks,
              params: SymbolParams, corners: tuple | None) -> SymbolReading:
    """``reading``, a sure one of ``ink``, with its dare's number when it has none, the mark
    cut by its colour over the whole centre (:func:`~vision.mark_grey.centre_mark`: the
    print's fill without its outline and shadow, whose blur runs the number into its word
    or closes its bays in the face's cut) reads the dare and its number fully surely, and a
    corner index reads that number too, or none reads a number and the number has no digit
    a closed bay makes: on a small, blurred card a fill's number still reads surely as
    another (a 5 upside down as a 9, a "#2" as an 8), unless the face's own ink reads it
    too (:func:`~vision.numbered_dares.closed_unless_the_face_agrees`). Failing that, a number of two digits
    one corner alone reads (:func:`~vision.corner_leans.face_dare_by_one_corner`); then the number one
    cut reads that the face's own ink reads too (:func:`~vision.numbered_dares.numbered_by_a_cut`)."""
    if reading.symbol != "dare" or reading.number is not None or corners is None:
        return reading
    cut = cuts.by_colour()
    alt = None if cut is None else read_ink(cut, banks, params, False, corners)
    if alt is not None and lone_number(alt, cut, ink, cuts.grey.stacked_dare, banks, params, corners):
        return replace(alt, confidence=reading.confidence)
    read: list = []

    def reads(paper: bool = True) -> list:
        # Each cut read once, whichever rule asks first; those over the paper's centre (as
        # dear as the other three) only when asked for. The same order either way.
        have = {id(c) for c, _ in read}
        for c in cuts.all(paper):
            if id(c) not in have:
                read.append((c, alt if c is cut else read_ink(c, banks, params, False, corners)))
        return list(read)

    indices = CornerIndices(corners, banks, params)
    found = face_dare_by_one_corner(reading, reads, indices, ink, banks, params)
    if found is None and (params.every_cut_numbers or params.joined_face_agrees) and cut is not None:
        found = numbered_by_a_cut(reads, ink, indices.numbers(), banks, params, cuts.grey.stacked_dare, cut,
                                  cuts.over_paper)
        found = None if found is None else replace(found, confidence=reading.confidence)
    return found or reading


def _tie_marks(first_ink: np.ndarray, ink: np.ndarray, card: np.ndarray, grey: GreyParams, reads: list):
    """The marks the corner indices may choose a digit on (:func:`~vision.corner_ties.digit_by_corners`):
    the face's ink, that ink off the centre's rim, its grey cuts, then the centre's cuts already read."""
    yield first_ink
    if ink is not first_ink:
        yield ink
    yield from grey_cuts(card, first_ink, grey)
    for cut, _ in reads:
        yield cut


def _grey_marks(ink: np.ndarray, card: np.ndarray, grey: GreyParams, cuts: Iterable[np.ndarray]):
    """The mark cut again: from the grey levels near the ink (:func:`~vision.mark_grey.grey_cuts`),
    then ``cuts``, the centre's cuts (:class:`~vision.centre_cuts.CentreCuts`)."""
    yield from grey_cuts(card, ink, grey)
    yield from cuts


def _read_in_grey(reading: SymbolReading, ink: np.ndarray, card: np.ndarray, banks: SymbolBanks,
                  params: SymbolParams, corners: tuple, grey: GreyParams,
                  cuts: Iterable[np.ndarray] = (), strict=lambda cut: False,
                  over_paper=lambda cut: False) -> SymbolReading | None:
    """The mark cut again from the card's grey levels (:func:`~vision.mark_grey.grey_cuts`:
    the whole printed mark, then its core; a speckled, hollow or broken cut mended, a
    blurred print's fringe left out) and ``cuts``, over the whole centre (a highlight or
    a washed-out print paled it past the face's cut), read surely, and backed by a corner
    index: a digit that a corner index reads too, on a mark of one line standing in the
    card's middle (a dare's number whose word a cut lost stands off it), where the face's
    ink does not look like a dare (a dare whose word the grey cut ran into its number has
    that digit in its corner too); a dare whose number a corner index reads. The first
    such reading, or
    None: the same pixels cut again are no second cue by themselves (a bold blob reads
    surely as anything)."""
    digits, numbers = corner_digits(corners, banks, params), corner_numbers(corners, banks, params)
    if not digits and not numbers:
        return None  # nothing could back it
    for mark in _grey_marks(ink, card, grey, cuts):
        alt = read_ink(mark, banks, params, False, corners)
        if alt.confidence < params.number_min_confidence or alt.symbol is None:
            continue
        if a_paper_digit(alt, mark, over_paper, grey):
            continue
        if alt.symbol.isdigit():
            # A face whose ink looks like a dare has its number in its corners too: a re-cut
            # reading that number alone is no digit card. Over the paper's centre (whose hull
            # leaves out a finger lying over the word as it leaves out a highlight's crescent),
            # a dare's likeness at all says so, as it does for a cut read without a corner.
            dare_like = reading.symbol == "dare" and (
                reading.score >= params.min_score or (grey.paper_dare_veto and over_paper(mark)))
            backed = (alt.symbol in digits and one_line(mark, params)
                      and centred(without_specks(mark)[0], grey.digit_centred) and not dare_like)
        elif strict(mark):
            backed = _a_numbered_dare(alt, mark, banks, params, corners, backed=True, beside=grey.stacked_dare)
            if backed and grey.digit_dare_face and alt.number < 10 and reading.symbol != "dare":
                # The corner backs the digit, not the dare: the cut's word alone says dare.
                backed = False
        else:
            backed = alt.symbol == "dare" and alt.number is not None and alt.number in numbers
        if backed:
            return replace(alt, confidence=params.corner_agreed)
    return None
