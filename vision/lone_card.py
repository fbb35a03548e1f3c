"""A card the search's first stage found alone, at the edge of a pile: is it the pile's top
card, or a lower card whose top card the first searches missed (glare, blur)?

A pile's top card lies on the pile: the lower cards show round much of its outline. A
lower card sticking out of the pile has the table round nearly all of it, and the top card
lying over its corner or a side is only a sliver of its surround; when glare or blur hides
that top card from the first searches, the lower card is found alone and reads. A card
lying alone on the table has the table all round it. So a first-stage card found alone
with only a little that is not the table round it waits for the later stages (which find
the top card lying on it: dev 10:383, 16:1835), as a card whose border something crosses
does; then another card answers only when it lies surely on it (:func:`kept_after_wait`);
else the lone card does, as without the wait. A cheap look at points round it
(:func:`band_hint`) says first whether the frame's table mask is worth making.
"""

from __future__ import annotations

import numpy as np

from .overlap import whole_within
from .masks import preprocess, whiteness
from .pile import Layer, narrowest, pile_evidence, table_mask
from .pile_params import PileParams
from .quad_params import QuadParams
from .quads import Candidate
from .reading import CardReading
from .sighting import Sighting


def at_pile_edge(frame_bgr, candidate: Candidate, least: float, most: float,
                 quad_params: QuadParams, pile_params: PileParams, masks: dict | None = None,
                 paper: tuple[float, float] = (0.0, 1.0), odd: float = 2.0) -> bool:
    """Is ``candidate``'s :func:`~vision.pile.pile_evidence` (with no other candidate
    found) at least ``least`` (something but the table touches it: not a card lying alone)
    and below ``most`` (it does not lie on the pile)? False when ``most`` is 0 (off) or the
    band is too small to tell. ``masks``: the search's working images (``table_mask``).
    The frame's table mask (~1.3 ms; 96 of 150 seed-1 frames find a card alone first) is made only
    when :func:`band_hint` finds another card's paper in the band (its share within
    ``paper``) and the band's odd points below ``odd`` (a pile all round is odd nearly
    everywhere): a card lying alone or on the pile is told from the points alone. The
    defaults let every card through to the table mask."""
    if most <= 0:
        return False
    hint = band_hint(frame_bgr, candidate, quad_params, pile_params, masks, paper)
    if hint is None or hint[1] >= odd:
        return False
    table, scale = table_mask(frame_bgr, quad_params, pile_params, masks, narrowest([candidate]))
    evidence = pile_evidence(table, scale, [candidate], 0, pile_params)
    return evidence is not None and least <= evidence < most


def kept_after_wait(frame_bgr, answer: Sighting, lone_read: CardReading | None, found: list[Layer],
                    difference: float, fallback: Sighting | None = None) -> Sighting:
    """``answer`` once a lone card (``lone_read``, its reading; None: none waited) waited
    for the later stages: it stands when it is "no card", the lone card itself, or a card
    lying surely on it (its border whole within the lone card's outline by ``difference``
    more than the lone card's within its: dev 16:1835); for another card the lone card
    answers as it would have without the wait (the later stages order lower cards by
    weaker cues: dev 5:108, a green 1 judged on a glared yellow 5): ``fallback``, its answer
    without the wait, when given."""
    if lone_read is None or answer.label is None:
        return answer
    lone = lone_read.candidate
    corners = np.asarray(answer.corners, np.float32)
    if _same_quad(corners, lone.card):
        return answer
    over = next((layer.candidate for layer in found if _same_quad(corners, layer.candidate.card)), None)
    if over is not None:
        on = whole_within(frame_bgr, over, lone.card)
        under = whole_within(frame_bgr, lone, over.card)
        if on is not None and under is not None and on - under >= difference:
            return answer
    return fallback if fallback is not None else lone_read.sighting()


def _same_quad(corners: np.ndarray, quad: np.ndarray, tolerance: float = 1.0) -> bool:
    """Are these the same four points, in either card's way up (a sighting's corners start
    at the card's own top-left)?"""
    quad = np.asarray(quad, np.float32)
    return any(float(np.abs(corners - np.roll(quad, k, axis=0)).max()) <= tolerance for k in range(4))


def band_hint(frame_bgr, candidate: Candidate, quad_params: QuadParams, pile_params: PileParams,
              masks: dict | None = None,
              paper: tuple[float, float] = (0.0, 1.0)) -> tuple[float, float] | None:
    """A cheap look at the band round ``candidate``'s outline (what :func:`at_pile_edge`
    measures with the frame's whole table mask, ~1.3 ms): 192 points on three rings at
    1.04-1.10 of the card's size, in the search's image at ``evidence_width``. Returns the
    share of them that are paper as white as the card's own border (another card's border:
    a table is darker than a card's paper, or all paper), and the share that are such paper
    or far in colour from the band's median (the table's colour when the table fills most of
    it: another card's field, or the cards of a pile all round). None, the second share
    not counted, when the first lies outside ``paper`` (most cards: ~40% of the cost)."""
    width = pile_params.evidence_width
    masks = masks if masks is not None else {}
    small, scale = masks[width] if width in masks else preprocess(frame_bgr, width)
    white = masks.get(("white", width))
    if white is None:
        white = whiteness(small, quad_params.chroma_weight)
    h, w = white.shape
    # Points past the frame's edge read its edge: a hint only (at_pile_edge measures).
    points = np.rint(_WEIGHTS @ (candidate.card / scale)).astype(np.int32)
    np.maximum(points, 0, out=points)
    np.minimum(points, (w - 1, h - 1), out=points)
    whites = white.take(points[:, 1] * w + points[:, 0])
    level = _PAPER * float(np.sort(whites[_BAND:])[_BORDER_MIDDLE])
    band = whites[:_BAND]
    bright = band > level
    share = float(np.count_nonzero(bright)) / _BAND
    if not paper[0] <= share <= paper[1]:
        return None
    far = np.abs(band.astype(np.int16) - int(np.sort(band)[_BAND // 2])) > _FAR
    return share, float(np.count_nonzero(bright | far)) / _BAND


def _ring_weights(per_side: int, rings: tuple[float, ...], border: float) -> np.ndarray:
    """Each of :func:`band_hint`'s points as a weighting of a card quad's four corners:
    ``per_side`` points a side on rings at ``rings`` of the card's size from its centre,
    then its own border's points at ``border`` (one matrix product places them all)."""
    rows = []
    for share in rings + (border,):
        for k in range(4):
            for t in np.arange(per_side) / per_side:
                on = np.zeros(4)
                on[k], on[(k + 1) % 4] = 1 - t, t  # the point on the outline
                rows.append(share * on + (1 - share) / 4)  # scaled about the centre
    return np.array(rows)


#: :func:`band_hint`'s points: 16 a side on rings at 1.04, 1.07 and 1.10 of the card's
#: size, then its own border at 0.97; paper at ``_PAPER`` of that border's whiteness; a
#: colour far from the band's median by ``_FAR`` (B + G + R levels).
_WEIGHTS = _ring_weights(16, (1.04, 1.07, 1.10), 0.97)
_BAND = 3 * 4 * 16
_BORDER_MIDDLE = 4 * 16 // 2
_PAPER = 0.85
_FAR = 30
