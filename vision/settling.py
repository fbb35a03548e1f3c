"""The recogniser's pile decisions once a candidate reads: what lies across its border,
and which of the whole cards touching it lies on top (rivals, crossed borders, pile
evidence). Whether it may answer now or a later search stage should look first is
:mod:`vision.waiting`'s.

``Recognizer`` takes these from :class:`Settling`; they use its ``params`` (a
``RecognizerParams``), ``profile``, ``check`` and ``read``, and a subclass may override any.
"""

from __future__ import annotations

import cv2
import numpy as np

from .centre_offsets import cut_beside_whole, only_whole
from .crossings import dark_across, own_leans_over
from .overlap import ACROSS, OWN, PAINT, SKIN, border_crossed, whole_within
from .pile import Layer, likelier_top, outweighed, pile_evidences, rank_top_first, tip_under, touching
from .reading import CORNER_COVERED, FIELD_NO_COLOUR, CardReading
from .same_label import one_label
from .alone_sliver import alone_by_sliver
from .sighting import Sighting, no_card
from .waiting import Waiting


class Settling(Waiting):
    """The pile decisions of :class:`~vision.recognizer.Recognizer` (a mixin; its waits
    before a card answers are :class:`~vision.waiting.Waiting`'s)."""

    def crossed(self, reading: CardReading) -> str:
        """What lies across the white border of ``reading``'s card, when a side of its ring
        is short of paper (``crossed_side_white``): :func:`~vision.overlap.border_crossed`
        on its flattened face (``PAINT``: another card's field, told only with
        ``painted_no_card``; ``EDGE``: a card's edge; ``ACROSS``: something else, a finger),
        or "" (nothing)."""
        face = reading.face
        if face is None or face.ring_side_white >= self.params.crossed_side_white:
            return ""
        # A frame asks this of one card up to three times (wait, lie under, answer).
        seen = self.__dict__.setdefault("_crossings", {})
        known = seen.get(id(face.card))
        if known is not None and known[0] is face.card:
            return known[1]
        kind = border_crossed(face.card, self.profile.geometry.border * face.card.shape[1],
                              tell_paint=self.params.painted_no_card,
                              tell_skin=self.params.skin_lies_on,
                              tell_own=self.params.own_hue_no_sliver)
        if len(seen) >= 16:
            seen.clear()
        seen[id(face.card)] = (face.card, kind)
        return kind

    def dark_across(self, reading: CardReading) -> bool:
        """Does a black field lie across ``reading``'s white border (a side of its ring
        short of paper, ``crossed_side_white``; :func:`~vision.crossings.dark_across` with
        ``dark_across``)? Asked only before a card answers, to look on: a wild card's black
        over a card's corner, the wild hidden by glare from the searches so far."""
        face = reading.face
        if (face is None or self.params.dark_across <= 0
                or face.ring_side_white >= self.params.crossed_side_white):
            return False
        return dark_across(face.card, self.profile.geometry.border * face.card.shape[1],
                           self.params.dark_across)

    def lies_crossed(self, reading: CardReading) -> bool:
        """Does something lie across ``reading``'s border that says a card lies on it
        (:meth:`crossed`, a finger's skin not: it lies on the pile's top card as well)?"""
        return self.crossed(reading) not in ("", SKIN)

    def painted(self, reading: CardReading) -> bool:
        """Does another card's paint lie across ``reading``'s border, with
        ``painted_no_card`` on (:meth:`answer` then says "no card" for it)?"""
        return self.params.painted_no_card and self.crossed(reading) == PAINT

    def answer(self, reading: CardReading, least: float = 0.0) -> Sighting:
        """``reading``'s sighting, or "no card" when another card's paint lies across its
        border (``painted_no_card``): it lies under that card, found or not (a finger over
        the pile's top card may hide it from the search), or it reads with less confidence
        than ``least``."""
        if reading.label is None or reading.confidence < least:
            return no_card(1.0)
        if self.painted(reading):
            return no_card(1.0)
        return reading.sighting()

    def without_backs(self, frame_bgr: np.ndarray, found: list[Layer], batch: list[Layer],
                      backs: set[int]) -> tuple[list[Layer], list[Layer]]:
        """``found`` and ``batch`` (a stage's layers, :meth:`~vision.recognizer.Recognizer.top_card`)
        judged again without the card backs ``backs`` (ids of their candidates) when one
        is among them: the layers of the rest, likeliest top card first. A back lies on no
        discard (``backs_cover_no_card``)."""
        if not any(id(layer.candidate) in backs for layer in found):
            return found, batch
        ranked = rank_top_first([layer.candidate for layer in found
                                 if id(layer.candidate) not in backs], frame_bgr, self.params.pile)
        fresh = {id(layer.candidate) for layer in batch}
        return ranked, [layer for layer in ranked if id(layer.candidate) in fresh]

    def rivals(self, frame_bgr: np.ndarray, layer: Layer, found: list[Layer],
               readings: dict | None = None) -> list[CardReading]:
        """The other candidates of ``found`` that could as well be the pile's top card as
        ``layer``'s: uncovered and not seen much smaller than it (``min_rival_size``: a
        piece of a card it cuts); touching it and cards, read or not (the pile evidence
        tells a back lying beside the pile), or cards whose only fault is a corner's colour
        missing (glare on the top card looks so), or card-shaped with a field of no card's
        colour (``colourless_rivals``: warm light or glare turned the top card's colour);
        or lying apart and read with confidence (``apart_rivals``: a whole card lying
        apart from the pile is as uncovered as the pile's top card, and which lies nearer
        the frame's centre tells nothing). None when ``layer`` is covered or
        ``refuse_readable_rivals`` is off. ``readings`` holds the candidates read already
        (by ``id``; a card lying apart is read and kept there); the others touching are
        only checked (:meth:`check`)."""
        p = self.params
        if not p.refuse_readable_rivals or layer.covered:
            return []
        out = []
        card = layer.candidate
        smallest = p.min_rival_size * card.area
        readings = readings if readings is not None else {}
        for other in found:
            if other.candidate is card or other.covered or other.candidate.area < smallest:
                continue
            if touching(card, other.candidate):
                reading = readings.get(id(other.candidate)) or self.check(frame_bgr, other.candidate)
                if (reading.is_card or reading.reason == CORNER_COVERED
                        or (p.colourless_rivals and self.colourless_card(reading))):
                    out.append(reading)
            elif p.apart_rivals and p.min_rival_size * other.candidate.area <= card.area:
                reading = readings.get(id(other.candidate))
                if reading is None:
                    reading = readings[id(other.candidate)] = self.read(frame_bgr, other.candidate)
                if reading.label is not None:
                    out.append(reading)
        return out

    def colourless_card(self, reading: CardReading) -> bool:
        """Was ``reading``'s quad refused only for its field's colour while it is shaped
        like a card: a white border ring (``face.min_ring_white``) brighter than its field
        (``colour.min_ring_contrast``)? A top card whose colour warm light or glare turned
        lies on the card it touches all the same."""
        face = reading.face
        p = self.params
        return (reading.reason == FIELD_NO_COLOUR and face is not None
                and face.ring_white >= p.face.min_ring_white
                and face.ring_contrast >= p.colour.min_ring_contrast)

    def sliver_under(self, frame_bgr: np.ndarray, reading: CardReading, layer: Layer,
                     found: list[Layer], readings: dict | None = None) -> list[CardReading]:
        """The cards of ``found`` judged under ``reading``'s card by no more than a sliver
        (overlapping less than ``pile.sliver`` of the smaller card) whose border nothing
        crosses, when ``reading``'s is crossed (:meth:`crossed`): where the two meet by a
        sliver, the whole-border order is weak, and the crossed card lies under."""
        card = layer.candidate
        smallest = self.params.min_rival_size * card.area
        near = [other for other in found
                if other.covered and other.candidate is not card
                and other.candidate.area >= smallest and touching(card, other.candidate)]
        if not near or not self.lies_crossed(reading):
            return []
        # Only its own hue across its border (blur, a quad a pixel wide): where the borders
        # alone ordered the pair (its ring whole inside the other's outline, the other's
        # gone there), that order stands; an order by the outlines alone does not.
        own = self.params.own_hue_no_sliver and self.crossed(reading) == OWN
        pile = self.params.pile
        out = []
        quad = card.card.astype(np.float32)
        for other in near:
            inter, _ = cv2.intersectConvexConvex(quad, other.candidate.card.astype(np.float32))
            if inter >= pile.sliver * min(card.area, other.candidate.area):
                continue
            if own:
                mine = whole_within(frame_bgr, card, other.candidate.card)
                theirs = whole_within(frame_bgr, other.candidate, card.card)
                if mine is not None and theirs is not None and mine - theirs >= pile.sliver_difference:
                    continue
            checked = (readings or {}).get(id(other.candidate)) or self.check(frame_bgr, other.candidate)
            if checked.is_card and not self.lies_crossed(checked):
                out.append(checked)
        return out

    def settle(self, frame_bgr: np.ndarray, reading: CardReading, layer: Layer,
               found: list[Layer], readings: dict | None = None,
               masks: dict | None = None) -> Sighting:
        """The answer once ``reading`` (``layer``'s card) was read with confidence: itself,
        unless whole cards touch it with neither judged on the other, or whole cards lying
        apart read (:meth:`rivals`, and :meth:`sliver_under`); then, of those whose border nothing
        crosses when some have theirs crossed (``crossed_lie_under``, :meth:`lies_crossed`;
        "no card" when another card's paint crosses one that none of the others touches:
        ``painter_found``), the one lying on the pile's other cards
        (:func:`~vision.pile.likelier_top`; its symbol read only then), or the one whole
        card among cut ones (:meth:`only_whole`, unless the pile evidence outweighs it:
        ``whole_not_outweighed``), or "no card" when none stands out or it cannot be read.
        ``masks``: the search's working images of this frame, when kept."""
        rivals = self.rivals(frame_bgr, layer, found, readings)
        if self.params.crossed_lie_under and self.params.sliver_under_crossed:
            rivals += self.sliver_under(frame_bgr, reading, layer, found, readings)
        if not rivals:
            return self.answer(reading)
        cards = self.off_tips(frame_bgr, [reading, *rivals])
        judged = cards  # all the cards judged, the crossed ones too (see evidence_not_cut)
        bar = 0.0  # the confidence the answer needs (see across_rival_confidence)
        if self.params.crossed_lie_under:
            crossed = [self.lies_crossed(card) for card in cards]
            if self.params.own_lean_stays:
                crossed = [across and not self.own_leans_over(frame_bgr, card, cards, crossed)
                           for card, across in zip(cards, crossed)]
            if any(crossed) and not all(crossed):
                left = [card for card, across in zip(cards, crossed) if not across]
                if self.params.painter_found and any(
                        self.crossed(card) == PAINT
                        and not any(touching(card.candidate, other.candidate) for other in left)
                        for card in cards):
                    # A card's paint lies across one of them, and it is none of the others.
                    return no_card(1.0)
                first = any(across and card is reading for card, across in zip(cards, crossed))
                if first and all(self.crossed(card) in (ACROSS, OWN)
                                 for card, across in zip(cards, crossed) if across):
                    # The card read first lies under for the weakest cue alone.
                    bar = self.params.across_rival_confidence
                cards = left
        if len(cards) == 1:
            return self.answer(self.read(frame_bgr, cards[0].candidate, cards[0]), bar)
        best = likelier_top(frame_bgr, [r.candidate for r in cards], self.params.quads,
                            self.params.pile, masks)
        if best is not None and self.cut_beside_whole(cards[best], judged):
            return no_card(1.0)
        if best is None and self.params.centre_cut > 0:
            best = self.only_whole(cards)
            if (best is not None and self.params.whole_not_outweighed
                    and outweighed(frame_bgr, [r.candidate for r in cards], best,
                                   self.params.quads, self.params.pile, masks)):
                best = None  # the pile's evidence says another card lies on the pile
        if best is None:
            return self.undecided(frame_bgr, cards, bar, masks)
        return self.answer(self.read(frame_bgr, cards[best].candidate, cards[best]), bar)

    def undecided(self, frame_bgr: np.ndarray, cards: list[CardReading], bar: float,
                  masks: dict | None = None) -> Sighting:
        """The answer when nothing orders ``cards`` (:meth:`settle`'s whole cards side by
        side): "no card", unless every one of them reads the same card with confidence
        (``same_label_answers``, :func:`~vision.same_label.one_label`; read only here, the
        rivals having been checked alone): then the first, as :meth:`answer` says; or
        all but one lie alone, touching it by a sliver at most
        (:func:`~vision.alone_sliver.alone_by_sliver`, ``pile.alone_sliver``): that one.
        ``masks``: as :meth:`settle`'s."""
        if self.params.same_label_answers:
            read = [card if card.label is not None else self.read(frame_bgr, card.candidate, card)
                    for card in cards]
            if one_label(read) is not None:
                return self.answer(read[0], bar)
        if self.params.pile.alone_sliver > 0:
            candidates = [card.candidate for card in cards]
            best = alone_by_sliver(candidates, pile_evidences(frame_bgr, candidates, self.params.quads,
                                                              self.params.pile, masks), self.params.pile)
            if best is not None:
                return self.answer(self.read(frame_bgr, cards[best].candidate, cards[best]), bar)
        return no_card(1.0)

    def own_leans_over(self, frame_bgr: np.ndarray, card: CardReading,
                       cards: list[CardReading], crossed: list[bool]) -> bool:
        """:func:`~vision.crossings.own_leans_over` of ``card`` (crossed only by its own
        hue, :meth:`crossed`) against those of ``cards`` not ``crossed``."""
        return self.crossed(card) == OWN and own_leans_over(
            frame_bgr, card.candidate, [other.candidate for other, across in zip(cards, crossed)
                                        if other is not card and not across],
            self.params.pile.min_difference)

    def off_tips(self, frame_bgr: np.ndarray, cards: list[CardReading]) -> list[CardReading]:
        """``cards`` without those lying under another of them by a corner's tip
        (:func:`~vision.pile.tip_under`, ``pile.tip_difference``): asked here, of rivals
        alone, not of every pair the pile's layers see (most frames have none)."""
        under = set()
        for i, a in enumerate(cards):
            for j in range(i + 1, len(cards)):
                lower = tip_under(frame_bgr, a.candidate, cards[j].candidate, self.params.pile)
                if lower is not None:
                    under.add(j if lower else i)
        # Three cards each on the next by a tip (no pile lies so): none is left out.
        return [card for k, card in enumerate(cards) if k not in under] if len(under) < len(cards) else cards

    def cut_beside_whole(self, card: CardReading, cards: list[CardReading]) -> bool:
        """:func:`~vision.centre_offsets.cut_beside_whole` with this recogniser's params."""
        return cut_beside_whole(card, cards, self.params)

    def only_whole(self, cards: list[CardReading]) -> int | None:
        """:func:`~vision.centre_offsets.only_whole` with this recogniser's params."""
        return only_whole(cards, self.params)
