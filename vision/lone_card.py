"""A card the search's first stage found alone, at the edge of a pile: is it the pile's top
card, or a lower card whose top card the first searches missed (glare, blur)?

A pile's top card lies on the pile: the lower cards show round much of its outline. A
lower card sticking out of the pile has the table round nearly all of it, and the top card
lying over its corner or a side is only a sliver of its surround; when glare or blur hides
that top card from the first searches, the lower card is found alone and reads. A card
lying alone on the table has the table all round it. So a first-stage card found alone
with only a little that is not the table round it waits for the later stages (which find
the top card lying on it: dev 10:383, 16:1835), as a card whose border something crosses
does; then another card answers only when it lies surely on it (:func:`kept_after_wait`); else the lone card does, as without the wait.
"""

from __future__ import annotations

import numpy as np

from .overlap import whole_within
from .pile import Layer, narrowest, pile_evidence, table_mask
from .pile_params import PileParams
from .quad_params import QuadParams
from .quads import Candidate
from .reading import CardReading
from .sighting import Sighting


def at_pile_edge(frame_bgr, candidate: Candidate, least: float, most: float,
                 quad_params: QuadParams, pile_params: PileParams, masks: dict | None = None) -> bool:
    """Is ``candidate``'s :func:`~vision.pile.pile_evidence` (with no other candidate
    found) at least ``least`` (something but the table touches it: not a card lying alone)
    and below ``most`` (it does not lie on the pile)? False when ``most`` is 0 (off) or the
    band is too small to tell. ``masks``: the search's working images (``table_mask``)."""
    if most <= 0:
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
