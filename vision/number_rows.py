"""One line of digits read as a dare number (1-16): the centre's number and a corner's index.

The line's characters are read against the digit bank, a "#" or the 1 of 10-16 first, the last
digit weighed against those its bays allow; with the card's grey levels, each character is cut
again at a ladder of levels (:mod:`vision.grey_ink`). The corner indices that read it too are
:mod:`vision.indices`'.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from .bays import CLOSED_LEFT_BELOW, CLOSED_RIGHT_ABOVE, bay_misfits
from .grey_ink import recut
from .ink_lines import character_spans
from .marks import TemplateBank, feature, ramp
from .symbol_params import SymbolParams


#: The digits a bay can rule out.
BAY_CLOSED: frozenset = CLOSED_RIGHT_ABOVE | CLOSED_LEFT_BELOW


def read_number_row(row: np.ndarray, bank: TemplateBank, params: SymbolParams) -> tuple[int | None, float]:
    """A dare number (1-16) from its line of ink, and how sure (see :func:`number_row`)."""
    number, confidence, _ = number_row(row, bank, params)
    return number, confidence


def number_row(row: np.ndarray, bank: TemplateBank, params: SymbolParams,
               hash_rivals: bool = False, bays: bool = True,
               levels: np.ndarray | Callable[[], np.ndarray] | None = None,
               reread: bool = True, seen: dict | None = None, four_six: bool = False) -> tuple[int | None, float, float]:
    """A dare number (1-16) from its line of ink, how sure, and how like its digit the
    number's last character is (its template score); a leading "#" is skipped.

    Only numbers a card can carry are weighed (one digit 1-9, or 1 then 0-6): a blurred 0
    that looks a little like an 8 still reads 10, never 18. Of two characters the first is
    either a "#" or the 1 of 10-16, so only those two are weighed for it (a heavy "#" looks
    as much like a 0 as like a "#"); the number is then told by its last digit alone, which
    must beat the other digits the number could end in, but those its bays rule out
    (``bays``: a bold 5 looks much like an 8, yet opens where an 8 is closed; see
    :mod:`vision.bays`).

    With ``levels`` (the card's ink strength over the line's rows, see :mod:`vision.grey_ink`,
    or a function giving it: asked only when needed) each character is cut again at the
    levels of ``recut_ladder`` (shares of the way from the paper round it to its ink): the
    face's one cut takes a blurred stroke's fringe in and closes a bold 5's bays (it reads
    8), a bold 5's tail (a 6). A reading sure by a lead short of ``narrow_lead`` is
    unsure when a cut at ``recut_checks`` reads another number surely (a heavy 15 the
    face's cut reads 16).
    With ``reread``, a reading short of sure (with ``recut_unread``, no number too: glare
    paled a stroke) is read from the cuts: a number counts when two neighbouring cuts at the
    strokes' core (``recut_core`` and up) read it surely and no cut reads another surely; as
    surely as its surest cut when the face's cut leans to it too, else barely sure (a corner
    index reading another number overrules it), and then only when a core cut reads it by a
    lead of ``narrow_lead`` at least. One sure core cut alone counts, barely sure, when
    every core cut reads that number, its last digit stands at least ``whole_digit`` of the
    line's tallest character, and the sure cut leads by ``narrow_lead`` or the face's cut
    leans to it too (but to an 8 or a 0: see ``closed_digits``). Read surely by no cut, the
    likeliest cut's reading stands for the line (a 5 turned round reads a faint 6 at its
    core, not nothing: the other way up's sure 9 is then no answer to which way up).
    ``seen`` (a dict), when given, is handed the row's characters ("spans") and, when all
    were scored, their scores against ``bank`` ("scores"), for
    :func:`~vision.dare_lines.ends_in_hash` to take rather than cut and score them again.
    With ``four_six`` (a coloured card's centre number read for an answer, not as a vote
    against one, nor a wild card's white print: held-out seed 7 had a wild dare 14 read 1), a
    14 whose last character, as the line's own cut shows it, leads a 6 by less than
    ``four_six_lead`` is read at most ``short_end_confidence`` surely: a corner index must
    back it (:func:`filled_six`).
    """
    seen = {} if seen is None and four_six and params.four_six_lead else seen
    reading = _number_row(row, bank, params, hash_rivals, bays, levels, reread, seen)
    if four_six and reading[1] > params.short_end_confidence and filled_six(reading[0], seen, params):
        return reading[0], params.short_end_confidence, reading[2]
    return reading


def filled_six(number: int | None, seen: dict | None, params: SymbolParams) -> bool:
    """Is ``number`` a 14 whose last character (``seen``: the line's characters as
    :func:`number_row` scored them) leads a 6 by less than ``four_six_lead``? Blurred bold,
    a 6's bowl fills and its stem thickens into a 4's triangle, at every grey level: the
    commonest misread dare number is 16 read 14 (and a 10 or a 15 read 14 now and then);
    the 4 of a 14 read so leads a 6 by 0.1 or more 24 times in 25 (fresh single cards). A
    one-digit 4 is not asked: more often a 4 than a 6 blurred (held-out seed 7 lost four
    right green dare 4s to it)."""
    if not params.four_six_lead or number != 14 or not seen or not seen.get("scores"):
        return False
    last = seen["scores"][-1]
    return last.get("4", -1.0) - last.get("6", -1.0) < params.four_six_lead


def _number_row(row: np.ndarray, bank: TemplateBank, params: SymbolParams, hash_rivals: bool, bays: bool,
                levels, reread: bool, seen: dict | None) -> tuple[int | None, float, float]:
    """:func:`number_row` but for its 4-or-6 check."""
    spans = character_spans(row)
    if seen is not None:
        seen["spans"] = spans
    if not spans or len(spans) > 3:
        return None, 0.0, -1.0
    pieces = [p for _, p in spans]
    # The middle of three characters a 1 by its place on the face's own cut only (see
    # ``middle_one_placed``); the finer cuts below thin every stroke, and a 3 cut finer
    # reads as a 1 there, beside a 1 whose likeness then no longer says anything.
    placed = params.middle_one_placed and not hash_rivals
    reading = (_number_of(pieces, bank, params, hash_rivals, bays, placed=placed) if seen is None
               else _number_of(pieces, bank, params, hash_rivals, bays, seen, placed=placed))
    sure_face = reading[1] >= params.number_min_confidence
    unread = reading[0] is None and not (reread and params.recut_unread)
    if (levels is None or unread or (sure_face and reading[3] >= params.narrow_lead)
            or not (sure_face or reread)):
        return reading[:3]
    strength = levels() if callable(levels) else levels
    sure, faint, core = [], reading, set()
    # A lone character the face's cut reads short of sure: a finer cut's 1 says nothing
    # once a coarser cut at the core read another number (the finest cuts thin a blurred 3
    # or 5 into a bar; a 1 reads so from the core's first cut up; ``recut_lone_one``).
    lone = not sure_face and not params.recut_lone_one and len(spans) == 1
    for level in params.recut_checks if sure_face else params.recut_ladder:
        cut = _number_of([recut(p, strength, x, level) for x, p in spans], bank, params, hash_rivals, bays)
        if lone and cut[0] == 1 and core - {1, None}:
            continue
        if level >= params.recut_core:
            core.add(cut[0])
        if cut[1] >= params.number_min_confidence:
            if cut[0] != (sure[0][1][0] if sure else reading[0] if sure_face else cut[0]):
                # Cuts reading different numbers surely: the line is no one number.
                return (reading[0], 0.0, reading[2]) if sure_face else reading[:3]
            sure.append((level, cut))
        elif cut[0] is not None and cut[1] > faint[1]:
            faint = cut
    if sure_face:
        if str(reading[0] % 10) in params.closed_digits and reading[0] not in core and core - {None}:
            # A digit a bold print's others close into, read so by a narrow lead: no cut at
            # the strokes' core even leans to it, and one leans to another number: the
            # face's cut took the fringe in (a heavy blurred 5 closes into an 8 there, and
            # reads a 5 at its core, however faintly).
            return reading[0], 0.0, reading[2]
        return reading[:3]
    if not sure:
        if reading[0] is None and faint[3] < params.narrow_lead:
            # A line the face's cut read as no number stays unread unless its last digit
            # leads clearly at some level: a mush of cuts each leaning its own way (a 1
            # turned round read faintly as 14) is a rival to the other way up for nothing.
            return reading[:3]
        return faint[:3]
    number = sure[0][1][0]
    # A cut short of the core takes the fringe in as the face's cut does: it seconds nothing.
    sure = [(level, cut) for level, cut in sure if level >= params.recut_core]
    steps = [params.recut_ladder.index(level) for level, _ in sure]
    if not any(b - a == 1 for a, b in zip(steps, steps[1:])):
        # One cut's luck is no reading (a heavy blurred "#3" run into one blob reads 8 at
        # its core), unless the number holds whatever the level: every cut at the core reads
        # it (however faintly; none another, none nothing), its last digit stands whole, and
        # a sure cut reads it by a clear lead (a heavy 5 the face closes into an 8) or the
        # face's cut leans to it too - not to a digit heavy prints close into (a heavy "#"
        # turned round is an 8 at every cut).
        if (sure and core == {number} and stands_whole(spans, params.whole_digit)
                and (max(cut[3] for _, cut in sure) >= params.narrow_lead
                     or (number == reading[0] and str(number % 10) not in params.closed_digits))):
            return number, params.number_min_confidence, max(cut[2] for _, cut in sure)
        return reading[:3]
    if number == reading[0]:
        surest = max((cut for _, cut in sure), key=lambda cut: cut[1])
        return number, surest[1], max(reading[2], surest[2])
    if max(cut[3] for _, cut in sure) < params.narrow_lead:
        # Cuts reading another number than the face's cut, none by a clear lead: the
        # blocks of a heavy JPEG's colour, cut finer, pass for another digit (a 5 for a 3).
        return reading[:3]
    return number, params.number_min_confidence, max(cut[2] for _, cut in sure)


def stands_whole(spans: list, share: float) -> bool:
    """Does the line's last character (its number's last digit) stand at least ``share`` of
    its tallest character's height? A number's characters are printed alike: glare or wear
    that took a 6's stem leaves a 0 short of the 1 before it, and every cut reads it 10."""
    heights = [cv2.boundingRect(piece)[3] for _, piece in spans]
    return heights[-1] >= share * max(heights)


def _number_of(pieces: list, bank: TemplateBank, params: SymbolParams, hash_rivals: bool,
               bays: bool, seen: dict | None = None, placed: bool = False) -> tuple[int | None, float, float, float]:
    """:func:`number_row` of the line's characters, and the last digit's lead over the next
    likeliest. A blob at the line's start shorter than ``digit_min_height`` of the
    tallest character is left out, the rest read at most ``short_end_confidence`` sure;
    one further on makes the line no number."""
    cap, count = 1.0, len(pieces)
    if len(pieces) > 1:
        kept = _without_short_ends(pieces, params.digit_min_height)
        if kept is None:
            return None, 0.0, -1.0, 0.0
        if len(kept) < len(pieces):
            # A blob before the number far shorter than it: a speck of glare, the edge of
            # a thumb, or a "#" or 1 worn away; the rest is read, and needs a corner index
            # to back it.
            pieces, cap = kept, params.short_end_confidence
    scores = [bank.scores_by_label(feature(p, params.digit_box, params.digit_blur)) for p in pieces]
    if seen is not None and len(scores) == count:
        seen["scores"] = scores  # every character's (none left out as a short end)
    if any(s is None for s in scores):
        return None, 0.0, -1.0, 0.0
    # The "#" must look like one. Of two characters the first must read as a "#" or a 1,
    # surely as one rather than the other, and not much more like another character (a 6
    # turned round is a 9). ``first`` is the score of the character before the last.
    lead, first = 1.0, 1.0
    # Between a "#" and the last digit only a 1 stands (``middle_one_placed``).
    placed = placed and len(scores) == 3
    if len(scores) == 3:
        if scores[0].get("#", -1.0) < params.digit_min_score:
            return None, 0.0, -1.0, 0.0
        scores = scores[1:]
    elif len(scores) == 2:
        hashed, one = scores[0].get("#", -1.0), scores[0].get("1", -1.0)
        taken = max(hashed, one)
        if taken < params.digit_min_score:
            return None, 0.0, -1.0, 0.0
        rival = max(v for k, v in scores[0].items() if k not in ("#", "1"))
        lead = (ramp(abs(hashed - one), 0.0, params.digit_good_margin)
                * ramp(taken - rival + params.digit_good_margin, 0.0, params.digit_good_margin))
        if hashed > one:
            # A "#" read barely so leaves the number short of sure (a worn 1 of 14 passes
            # for a "#" at 0.58): then a corner index must back it.
            scores, first = scores[1:], hashed
    if len(scores) == 2:
        first = scores[0].get("1", -1.0)
        if placed and first >= params.digit_min_score and first >= max(scores[0].values()):
            first = 1.0
    last = scores[-1]
    if len(scores) == 1:
        options = {n: last.get(str(n), -1.0) for n in range(1, 10)}
    else:
        options = {n: last.get(str(n - 10), -1.0) for n in range(10, 17)}
    ranked = sorted(options.items(), key=lambda kv: -kv[1])
    if bays and {str(n % 10) for n, _ in ranked[:2]} & BAY_CLOSED:
        # Only a digit ruled out among the two likeliest changes the reading.
        ruled_out = bay_misfits(pieces[-1], params)
        ranked = [kv for kv in ranked if str(kv[0] % 10) not in ruled_out]
    ranked.append((None, -1.0))
    (number, best), (_, second) = ranked[0], ranked[1]
    if hash_rivals:
        # A corner's index: a blob of "#5" run together by blur reads about as well as a
        # "#" (or a 0) as any digit; its last digit must beat the "#" too.
        second = max(second, last.get("#", -1.0))
    confidence = (ramp(min(best, first), params.digit_min_score, params.good_score)
                  * ramp(best - second, 0.0, params.digit_good_margin) * lead)
    return number, min(confidence, cap), best, best - second


def _without_short_ends(pieces: list, share: float) -> list | None:
    """The line's characters without those at its start whose ink stands less than
    ``share`` of the tallest's height; None when such a short one lies further on (the
    last digit tells the number: one worn short is no reading). A number's characters are
    printed alike: a glare speck or a stray blob beside them, scaled up to a character's
    box, reads as anything (a speck as the 0 of "10")."""
    # The box of a piece's ink (OpenCV's: numpy's reductions cost ten times more here).
    heights = [cv2.boundingRect(piece)[3] for piece in pieces]
    tall = [h >= share * max(heights) for h in heights]
    first = tall.index(True)
    return pieces[first:] if all(tall[first:]) else None
