"""The recogniser's waits before a card read answers: should a later stage of the search
look first, for a card that may lie on it (a blob reaching into it or lying beside it,
something across its white border, its centre cut, a side of its ring short of paper)?

``Settling`` (and so ``Recognizer``) takes these from :class:`Waiting`; they use its
``params`` (a ``RecognizerParams``), ``profile``, and the crossing tests ``crossed`` and
``dark_across`` that :class:`~vision.settling.Settling` defines.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .centre_offsets import centre_offset
from .pile import Layer, touching
from .reach import nearness, own_piece, reach_into
from .reading import CardReading


class Waiting:
    """The waits of :class:`~vision.recognizer.Recognizer` before a card answers (a mixin)."""

    def may_lie_beside(self, layer: Layer, joined: list[np.ndarray]) -> bool:
        """Should the next stage of the search be run before ``layer``'s card answers? When
        it lies on no other candidate yet a blob of a field's size that was no field (two
        cards' fields run together: the pile's true top card may be in it) reaches into it
        (:func:`~vision.reach.intrusion`: a lower card's field would stop at its border; a
        piece of the card's own field does not count), and ``defer_beside_joined`` is on."""
        if not self.params.defer_beside_joined or layer.covers or layer.covered:
            return False
        pile = self.params.pile
        # A blob reaching in too little never counts: whether it is a piece of the card's
        # own field is asked only of the others (as reach.intrusion would).
        return any(reach_into(outline, layer.candidate, pile) >= pile.intrusion_share
                   and not own_piece(outline, layer.candidate, pile)
                   for outline in joined if len(outline) >= 3)

    def beside_joined(self, layer: Layer, joined: list[np.ndarray]) -> tuple | None:
        """Where the local mask at ``beside_width`` should look before ``layer``'s card
        (read in the first stage) answers: the box (x0, y0, x1, y1, frame px) round a
        blob of a field's size that was no field (``joined``), of ``beside_joined_area``
        of the card at least and no piece of its own field, that comes within
        ``beside_joined_gap`` border widths of its outline, when it lies on no other
        candidate; else None. A card lying whole beside it, edge to edge, has its field
        one border's width away, and the 320 px mask may have run that field into a lower
        card's (the pile's top card may be in that blob)."""
        p = self.params
        if p.beside_joined_gap <= 0 or p.beside_width <= 0 or layer.covers or layer.covered:
            return None
        card = layer.candidate
        # Plain floats: these few numbers cost less so than as numpy calls (every frame
        # answered in the first stage asks).
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = card.card.tolist()
        width = min(math.hypot(bx - ax, by - ay) + math.hypot(dx - cx, dy - cy),
                    math.hypot(cx - bx, cy - by) + math.hypot(ax - dx, ay - dy)) / 2
        reach = p.beside_joined_gap * self.profile.geometry.border * width
        x0, x1 = min(ax, bx, cx, dx), max(ax, bx, cx, dx)
        y0, y1 = min(ay, by, cy, dy), max(ay, by, cy, dy)
        least = None
        for outline in joined:
            if len(outline) < 3:
                continue
            bx0, by0, w, h = cv2.boundingRect(outline)
            if bx0 > x1 + reach or by0 > y1 + reach or bx0 + w < x0 - reach or by0 + h < y0 - reach:
                continue
            least = p.beside_joined_area * card.area if least is None else least
            if cv2.contourArea(outline) < least:
                continue
            gap, touch = nearness(outline.reshape(-1, 2), card.card, reach)
            if (gap <= reach and touch <= p.beside_touch * width
                    and not own_piece(outline, card, p.pile)):
                return (bx0, by0, bx0 + w, by0 + h)
        return None

    def seems_crossed(self, reading: CardReading, layer: Layer, found: list[Layer],
                      joined: list[np.ndarray]) -> bool:
        """Should the whole next stage of the search look before ``reading`` (``layer``'s
        card, read with confidence) answers? When ``look_past_crossed`` is on, it lies on
        no other candidate, the search left a blob of a field's size that was no field or
        another candidate touches it (a card lying on it may be there), and either something
        lies across its white border (:meth:`crossed`, or a black field: :meth:`dark_across`,
        or no paper on a side of an otherwise white ring: :meth:`short_side`) or its white
        centre lies off its face's middle by ``centre_cut`` or more
        (``look_past_cut``, :func:`centre_offset`: both designs print the centre in the
        middle, so its quad stops short, where a card lying across it begins, or glare
        misleads the centre; either way a later stage may find what lies on it)."""
        p = self.params
        if not p.look_past_crossed or layer.covers:
            return False
        card = layer.candidate
        unexplained = (any(len(outline) >= 3 for outline in joined)
                       or any(other.candidate is not card and touching(card, other.candidate)
                              for other in found))
        if not unexplained:
            return False
        if self.crossed(reading) or self.dark_across(reading):
            return True
        offset = centre_offset(reading.face) if p.look_past_cut and p.centre_cut > 0 else None
        return offset is not None and offset >= p.centre_cut

    def short_side_waits(self, reading: CardReading, layer: Layer, found: list[Layer],
                         joined: list[np.ndarray]) -> bool:
        """Should the whole next stage of the search look before ``reading`` (``layer``'s
        card, read with confidence in the search's first stage) answers, as for
        :meth:`seems_crossed`? When ``look_past_crossed`` is on, it lies on no other
        candidate, a side of its ring is short of paper (:meth:`short_side`) and another
        candidate or a blob lies right beside it (:meth:`blob_beside`). Asked of the first
        stage's cards only: the later stages' finer searches leave blobs beside any card (a
        hand holding it up, the room behind)."""
        if not self.params.look_past_crossed or layer.covers:
            return False
        return self.short_side(reading) and self.blob_beside(layer, found, joined)

    def short_side(self, reading: CardReading) -> bool:
        """Is one side of ``reading``'s white border ring short of ``short_side_white`` paper
        (``Face.ring_side_white``; 0: never asked) while the ring as a whole holds
        ``short_side_ring`` paper at least? Asked only before a card answers, to look on: a
        card lying on it by its border's edge or a corner leaves that side part paper, part
        its own paint or shadow, which :meth:`crossed` may not name. A ring short all round
        is the light's or the blur's (a dim or shadowed frame), not a card lying on it."""
        face = reading.face
        return (face is not None and face.ring_side_white < self.params.short_side_white
                and face.ring_white >= self.params.short_side_ring)

    def blob_beside(self, layer: Layer, found: list[Layer], joined: list[np.ndarray]) -> bool:
        """Does another candidate touch ``layer``'s card, or a blob of a field's size that was
        no field (``joined``, no piece of its own field) come within ``short_side_gap`` border
        widths of its outline (0: any blob in the frame)? Where a card lies on another by its
        side, its field, run together with the cards under it, meets that card's outline; a
        hand holding a card up, or the room behind it, lies farther off."""
        card = layer.candidate
        if any(other.candidate is not card and touching(card, other.candidate) for other in found):
            return True
        gap = self.params.short_side_gap
        if gap <= 0:
            return any(len(outline) >= 3 for outline in joined)
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = card.card.tolist()
        width = min(math.hypot(bx - ax, by - ay) + math.hypot(dx - cx, dy - cy),
                    math.hypot(cx - bx, cy - by) + math.hypot(ax - dx, ay - dy)) / 2
        reach = gap * self.profile.geometry.border * width
        return any(len(outline) >= 3 and nearness(outline.reshape(-1, 2).astype(np.float32),
                                                    card.card, reach)[0] <= reach
                   and not own_piece(outline, card, self.params.pile) for outline in joined)
