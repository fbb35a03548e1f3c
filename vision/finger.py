"""The recogniser's look past a finger: a finger lying on another card beside the card read
(:func:`~vision.skin.skin_beside`) makes the finger searches look before that card answers,
and after them what answered before answers unless a card they found touches the card read.

A finger over the pile's top card joins that card's field to the hand and hides it from the
first searches; the card read first may then be a lower card or one lying beside the pile
(the commonest way a real table makes a single frame answer a wrong card). ``Recognizer``
takes these from :class:`FingerLook`; they use its ``params``, ``profile`` and ``check``.
"""

from __future__ import annotations

import numpy as np

from .pile import touching
from .reading import CardReading
from .settling import centre_offset
from .sighting import Sighting
from .skin import card_white, skin_beside


class FingerLook:
    """The finger decisions of :class:`~vision.recognizer.Recognizer` (a mixin)."""

    def finger_beside(self, reading: CardReading, masks: dict) -> bool:
        """Should the finger searches look before ``reading``'s card answers? When a
        finger lies beside it on another card (``skin_looks_on``, :func:`~vision.skin.
        skin_beside`: skin touching that card's paper and paint): the card that finger
        touches may be the pile's top card, its field joined to the hand, so that the
        first searches miss it."""
        p = self.params
        if p.skin_looks_on <= 0 or reading.face is None or 320 not in masks:
            return False
        small, scale = masks[320]
        white = reading.face.white
        if white is None:
            white = card_white(reading.face.card, self.profile.geometry.border)
        return skin_beside(small, scale, reading.candidate.card, white, p.skin,
                           p.skin_looks_on) >= p.skin_looks_on

    def after_finger(self, frame_bgr: np.ndarray, sighting: Sighting, seen: dict) -> Sighting:
        """``sighting``, the answer after a finger beside a card read (``seen["finger"]``:
        that reading, the candidates found by then, and what answered then) made the search
        look on; but what answered then when no card found since, lying under none, read
        with confidence and whole (its centre in its face's middle), touches that card
        (``finger_keeps_answer``): the finger lay on no card the first
        searches missed (a hand beside the pile, a card's paint or a cloth of skin's
        colour), and the sides search's looser quads or the pile judged again with them
        say nothing new."""
        first, before, answer = seen["finger"]
        if not self.params.finger_keeps_answer or sighting.label == answer.label:
            return sighting
        readings = seen.get("readings", {})
        for layer in seen.get("found", []):
            other = layer.candidate
            # The card a finger is laying or straightening lies on the pile: one found
            # judged under another is a lower card (or a looser quad of one).
            if (id(other) in before or other is first.candidate or layer.covered
                    or not touching(first.candidate, other)):
                continue
            # It must read: a finger over the pile's top card leaves its symbol to read
            # (the finger lies at its edge), while a lower card under a resting hand
            # often shows a card's ring and field but no symbol.
            reading = self.read(frame_bgr, other, readings.get(id(other)))
            if reading.label is None:
                continue
            # ... and lie whole: a quad of a lower card cut short where the card read lies
            # across it (a hand resting on that lower card) shows its white centre off its
            # face's middle (``centre_cut``), as the card on the pile does not.
            offset = centre_offset(reading.face)
            if offset is None or offset < self.params.centre_cut:
                return sighting
        return answer
