"""The recogniser: one frame -> the pile's top card (or "no card"), or every card in view.

The steps, each a pure function of its inputs and parameters, live in their own modules:
``quads`` (find card-shaped fields), ``pile`` (which of them lies on top), ``face`` (flatten;
white reference, ring, centre, ink), ``colour`` and ``symbols``. This module says which
candidate may answer for the top card, verifies that a candidate really is a card (a white
ring around a saturated or black field with a white or four-colour centre, so a cloth or a
hand is not one), and puts the label together. Below ``min_confidence`` the answer is "no
card": a wrong card costs a table more than a missed one. What one candidate's reading
holds, and what makes it a card, is ``reading``'s; whether a read card may answer now and
which of the cards touching it lies on top, ``settling``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .colour import ColourParams
from .face import Face, FaceParams, flatten, read_face
from .profile import DeckProfile, default_profile
from .geometry import rotate_half_turn
from .pile import PileParams, order_top_first, rank_top_first, touching
from .quads import Candidate, QuadParams, distinct, search, sharpened
from .reading import (CARD_BACK, CORNER_COVERED, SYMBOL_UNREAD, CardReading, label_of,
                      one_corner_under_no_card, verify)
from .settling import Settling
from .sighting import Sighting, no_card
from .marks import SymbolParams
from .symbols import read_symbol

__all__ = ["CARD_BACK", "CORNER_COVERED", "SYMBOL_UNREAD", "CardReading", "Recognizer",
           "RecognizerParams", "label_of", "verify"]


@dataclass(frozen=True)
class RecognizerParams:
    """Every tuning knob of the recogniser, grouped by step."""

    quads: QuadParams = field(default_factory=QuadParams)
    face: FaceParams = field(default_factory=FaceParams)
    colour: ColourParams = field(default_factory=ColourParams)
    symbols: SymbolParams = field(default_factory=SymbolParams)
    #: Below this the answer is "no card" (a wrong card costs a table more than a missed one).
    min_confidence: float = 0.8
    #: A field with one corner's colour missing (a thumb on a card held up) is a card when
    #: its other three corners show at least this share of the field's colour (0: never),
    #: no paper lies over that corner (``max_paper_over_corner``: a card lying over it
    #: brings its white border) and its symbol reads with ``covered_corner_confidence``.
    one_corner_covered: float = 0.9
    max_paper_over_corner: float = 0.03
    #: ... paper being at least 0.75 of the card's own white in every channel and as
    #: colourless as that white: its channels within this share of it of each other (a
    #: pale thumb or its lit nail under warm light is tinted against the card's white).
    paper_over_corner_spread: float = 0.1
    covered_corner_confidence: float = 0.9
    #: At most this many candidates are read per frame (the likeliest top card first).
    max_candidates: int = 8
    #: How overlapping candidates are judged (which one lies on top).
    pile: PileParams = field(default_factory=PileParams)
    #: A card read with confidence answers only when no other whole card touches it
    #: without being judged under it, or it lies on the pile more surely than they do
    #: (``pile.likelier_top``): two cards side by side, neither on the other, are a pile
    #: one frame cannot order by their overlap (the lower one may be read).
    refuse_readable_rivals: bool = True
    #: A card read in a stage of the search, lying on no other candidate but touching a
    #: blob of a field's size that was no field, answers only after the next stage looked
    #: (it may take that blob apart into the card lying on this one).
    defer_beside_joined: bool = True
    #: The searches of the next stage a deferred answer waits for (those that take a joined
    #: blob apart: the eroded split and the global mask); the rest of that stage (the
    #: full-width search, for cards seen small) runs only when no answer comes of them.
    deferred_searches: tuple[tuple[str, int], ...] = (("split", 320), ("otsu", 320))
    #: The first card a stage finds that cannot be read lies on no other candidate (else
    #: it answers "no card" at once): the stage may have missed the card lying on it, so
    #: the next stage's ``deferred_searches`` look once before the answer is "no card".
    look_past_unsure: bool = True
    #: A card-shaped candidate (a white ring brighter than its field) touching the card
    #: read, refused only because its field is no card's colour, is its rival
    #: (:meth:`Recognizer.colourless_card`): warm light or glare can turn the pile's top
    #: card's colour, and the card under it must not answer for it.
    colourless_rivals: bool = True
    #: A whole card lying apart from the card read (touching it not) that reads with
    #: confidence is its rival too: two uncovered cards in view, and the one nearer the
    #: frame's centre need not be the pile's top card (the pile evidence decides).
    apart_rivals: bool = True
    #: A touching card seen smaller than this share of the card read is no rival: cards
    #: lying on one table are seen about the same size, so it is the visible piece of a
    #: card the read one lies on (its field cut by the read card's border, fitted to a
    #: card's shape).
    min_rival_size: float = 0.5
    #: A black card whose centre holds no mark at all is a card's back (the draw pile
    #: beside the discard pile), not a card: it is no rival of a card it touches.
    backs_are_no_cards: bool = True
    #: ... nor does one judged to lie on other candidates make "no card" (the draw pile
    #: beside the discard pile may overlap its top card's edge, playing no card on it):
    #: the pile is judged again without it (:meth:`Recognizer.without_backs`).
    backs_cover_no_card: bool = True
    #: A card read with confidence, lying on no other candidate, whose white border
    #: something lies across (another card's edge or field, a finger:
    #: :func:`~vision.overlap.border_crossed`) while the search left a blob it could not
    #: take apart or another candidate touches it, answers only after the whole next stage
    #: looked (once a frame): the card lying on it by no more than its border is no blob
    #: reaching into it, and it may be found there (in a later stage too: glare on it).
    look_past_crossed: bool = True
    #: ... and so does one whose white centre lies off its face's middle by ``centre_cut``
    #: or more (:meth:`Recognizer.seems_crossed`: its quad stops where a card lying across
    #: it begins).
    look_past_cut: bool = True
    #: ... and, while no stage finds a candidate touching it, the stages after that one
    #: too, all but the last (the sides search: a looser quad beside a card read may be a
    #: piece of what lies round it): the card lying on it may be found only two stages on
    #: (glare on it, a finger joining its field to the table's). Its cost falls on the
    #: frames that waited already (7 of 320 seed-1 frames ran the third stage more).
    look_on_past_crossed: bool = True
    #: A crossed border is looked for only when a side of its border ring is short of
    #: this share of paper (``Face.ring_side_white``: what lies across it is no paper, or
    #: not all of it; another card's corner over a side takes only a percent or so).
    crossed_side_white: float = 0.99
    #: Of cards side by side that the overlap cannot order (:meth:`Recognizer.settle`),
    #: those whose border something lies across (:meth:`Recognizer.crossed`) lie under
    #: the others: a pile's top card lies whole, and the edge or field of the card on top
    #: crosses a lower card's border where the two meet by a sliver.
    crossed_lie_under: bool = True
    #: ... and a card whose border is crossed so, judged on a card whose border nothing
    #: crosses by a sliver only (the two overlap by less than ``pile.sliver`` of the
    #: smaller: what looks whole in a sliver is a few pixels), is that card's rival too
    #: (:meth:`Recognizer.sliver_under`).
    sliver_under_crossed: bool = True
    #: A finger's skin across a card's border (:data:`~vision.overlap.SKIN`) is told apart
    #: and makes no card lie under (:meth:`Recognizer.lies_crossed`): a finger lies on the
    #: pile's top card as often as on any other.
    skin_lies_on: bool = True
    #: When another card's paint lies across the border of one of the cards side by side
    #: (:data:`~vision.overlap.PAINT`) and none of the others touches it, the card lying
    #: on it was not found (a finger over it hides it from the search): "no card", not one
    #: of the others.
    painter_found: bool = True
    #: A card read with confidence whose border another card's paint lies across
    #: (:data:`~vision.overlap.PAINT`) answers "no card" (:meth:`Recognizer.answer`): it
    #: lies under that card, found or not (a finger over the top card hides it from the
    #: search; a card lying on it by a corner may not be found at all). On the development
    #: seeds 1, 3, 5, 6 it turns one wrong card and one finger-over wrong card into "no
    #: card" for one right card lost (a motion-blurred card whose ring a blue neighbour runs
    #: into), on quads jittered by 0.3 px one wrong and two finger-over wrongs for the same
    #: right card; held-out seeds 2, 4 and 7 unchanged. A wrong card costs a table more
    #: than a missed one, so it is on (False: off).
    painted_no_card: bool = True
    #: Of cards side by side that neither the overlap nor the pile evidence orders, the
    #: one whose white centre lies in the middle of its face (off by less than
    #: ``centre_whole`` of its size) answers when every other one's lies off by
    #: ``centre_cut`` or more (:meth:`Recognizer.only_whole`: a card cut by another lying
    #: across it, its quad short, shows its centre shifted; 0: never).
    centre_whole: float = 0.02
    centre_cut: float = 0.04
    #: ... unless the pile evidence of another one beats that card's by
    #: ``pile.evidence_margin`` (:func:`~vision.pile.outweighed`: the two cues against each
    #: other; glare shifts a top card's centre as a card lying across it would).
    whole_not_outweighed: bool = True


class Recognizer(Settling):
    """Reads cards from BGR frames with one deck profile and one set of parameters."""

    def __init__(self, profile: DeckProfile | None = None, params: RecognizerParams | None = None):
        self.params = params or RecognizerParams()
        self.profile = profile or default_profile(self.params.symbols)

    def candidate_passes(self, frame_bgr: np.ndarray):
        """Card-shaped fields, one stage of searches at a time (the cheap one first). Each
        stage yields its new candidates' :class:`~vision.pile.Layer`, likeliest top card
        first, judged among all candidates found so far. A caller that is satisfied stops
        early."""
        for fresh, *_ in self._stages(frame_bgr):
            yield fresh

    def _stages(self, frame_bgr: np.ndarray):
        """As :meth:`candidate_passes`: each stage's new layers, the layers of every
        candidate found so far (all judged together), the hulls of the blobs of a field's
        size that were no field (``quads.search``'s "joined"), whether an answer may
        still wait for a later stage, and the search's working images. A caller that
        deferred an answer sends True: the next stage then runs its ``deferred_searches``
        first, and after them no answer waits (the rest of the stage follows only when
        none comes). Last, whether a stage follows the next one (the next is not the last)."""
        p = self.params.quads
        geometry = self.profile.geometry
        masks: dict = {}
        seen: list[Candidate] = []
        narrow = False
        for number, stage in enumerate(p.stages):
            left = list(stage)
            while left:
                waiting = narrow and number > 0
                run = [s for s in left if waiting and s in self.params.deferred_searches]
                narrowed = bool(run)
                run = run or left
                left = [s for s in left if s not in run]
                found = []
                for kind, width in run:
                    found += search(frame_bgr, kind, width, geometry, p, masks)
                new = [sharpened(frame_bgr, c, geometry) for c in distinct(found, p, seen)]
                seen += new
                fresh = {id(c) for c in new}
                ranked = rank_top_first(seen, frame_bgr, self.params.pile)
                more = not narrowed and (bool(left) or number + 1 < len(p.stages))
                narrow = bool((yield ([layer for layer in ranked if id(layer.candidate) in fresh],
                                      ranked, list(masks.get("joined", [])), more, masks,
                                      number + 2 < len(p.stages))))

    def candidates(self, frame_bgr: np.ndarray) -> list[Candidate]:
        """All card-shaped fields, the likeliest top card first."""
        found = [layer.candidate for batch in self.candidate_passes(frame_bgr) for layer in batch]
        return order_top_first(found, frame_bgr, self.params.pile)

    def check(self, frame_bgr: np.ndarray, candidate: Candidate) -> CardReading:
        """Flatten and verify one candidate: is it a card? Its symbol is not read yet
        (``reason`` is :data:`SYMBOL_UNREAD` for a card with a mark; :meth:`read` goes on
        from here): a rival of a card read only needs to be a card."""
        p = self.params
        card = flatten(frame_bgr, candidate.card, p.face)
        face = read_face(card, self.profile.geometry, self.profile.hues, p.face, p.colour)
        reason = verify(face, p)
        if reason == CORNER_COVERED and one_corner_under_no_card(face, self.profile.geometry.border, p):
            reason = ""
        if reason:
            return CardReading(candidate, face, False, None, 0.0, candidate.card, reason)
        if face.ink is None:
            return CardReading(candidate, face, True, None, 0.0, candidate.card, "no mark in the centre")
        if p.backs_are_no_cards and face.is_wild and not face.ink.any():
            return CardReading(candidate, face, False, None, 0.0, candidate.card, CARD_BACK)
        return CardReading(candidate, face, True, None, 0.0, candidate.card, SYMBOL_UNREAD)

    def read(self, frame_bgr: np.ndarray, candidate: Candidate,
             checked: CardReading | None = None) -> CardReading:
        """Flatten, verify and classify one candidate (from its :meth:`check`, when done)."""
        p = self.params
        checked = checked or self.check(frame_bgr, candidate)
        if checked.reason != SYMBOL_UNREAD:
            return checked
        face = checked.face
        symbol = read_symbol(face.ink, self.profile.banks, p.symbols, wild=face.is_wild,
                             corners=face.corner_ink, card=face.card, centre=face.centre)
        corners = rotate_half_turn(candidate.card) if symbol.flipped else candidate.card
        confidence = min(face.colour.confidence, symbol.confidence)
        label = label_of(face.colour.name, symbol)
        # A card with a corner under something (one_corner_under_no_card) answers only surely.
        least = p.covered_corner_confidence if face.edge_agreement < p.face.min_edge_agreement else p.min_confidence
        if label is None or confidence < least:
            # Said apart so that `bench vision --explain` counts a pale or tinted field where
            # it belongs, not among the symbol's misses.
            colour_only = label is not None and symbol.confidence >= p.min_confidence
            reason = "the field's colour is unsure" if colour_only else "the symbol is unsure"
            return CardReading(candidate, face, True, None, confidence, corners, reason, symbol)
        return CardReading(candidate, face, True, label, confidence, corners, "", symbol)

    def top_card(self, frame_bgr: np.ndarray) -> Sighting:
        """The pile's top card, or a "no card" sighting.

        Candidates nothing lies on are read first (see :func:`~vision.pile.rank_top_first`):
        the first read with confidence is the answer. One that cannot be read (a card back
        beside the pile, glare) lets the next uncovered one answer when the two lie apart;
        not when it lies on another candidate (it is the pile's top card); when the two
        touch, only if the next reads and the pile evidence picks it (:meth:`settle`: the
        unread card is its rival; no card below may answer for a pile's top card). Only
        when no uncovered candidate is a card are the covered ones tried (what covered
        them was not a card).
        A card read with confidence that lies on no candidate, while a blob the search
        could not take apart reaches into it, waits for the next stage (:meth:`may_lie_beside`);
        then the whole pile is judged again; so does an unread card that would answer "no
        card" (``look_past_unsure``: the card lying on it may be found next); one whose white
        border something lies across waits for the whole next stage, once a frame
        (:meth:`seems_crossed`: a card lying on it by its border alone), and on through the
        stages but the last while none finds a candidate touching it
        (``look_on_past_crossed``). A card's back lying on the pile is left out of it
        (``backs_cover_no_card``). When other whole cards touch it with neither judged on
        the other (or judged under it by a sliver while its own border is crossed), or
        whole cards lying apart read, :meth:`settle` picks the one on the pile or says "no
        card".
        """
        budget = self.params.max_candidates
        readings: dict[int, CardReading] = {}
        deferred = False
        whole = False  # the next stage runs whole (a crossed border), not its deferred searches
        crossed_looked = False
        crossed_card = None  # the card whose crossed border made the search look on
        held: Sighting | None = None  # an unsure card's "no card" while the next stage looks
        stages = self._stages(frame_bgr)
        step = next(stages, None)
        backs: set[int] = set()  # the card backs judged to lie on other candidates
        while step is not None:
            batch, found, joined, more, masks, before_last = step
            if backs:
                found, batch = self.without_backs(frame_bgr, found, batch, backs)
            unsure: list[CardReading] = []
            # After a deferred answer the whole pile is judged again, new candidates and old.
            order, k = (found if deferred else batch), 0
            while k < len(order):
                layer, k = order[k], k + 1
                if budget <= 0 or (layer.covered and unsure):
                    break
                beside_unsure = any(touching(r.candidate, layer.candidate) for r in unsure)
                reading = readings.get(id(layer.candidate))
                if reading is None:
                    budget -= 1
                    reading = readings[id(layer.candidate)] = self.read(frame_bgr, layer.candidate)
                if beside_unsure:
                    # The unsure card touching it is its rival: the pile evidence decides.
                    if reading.label is None:
                        break
                    return self.settle(frame_bgr, reading, layer, found, readings, masks)
                if reading.label is not None:
                    deferred = more and held is None and self.may_lie_beside(layer, joined)
                    if (not deferred and more and held is None and not crossed_looked
                            and self.seems_crossed(reading, layer, found, joined)):
                        deferred = whole = crossed_looked = True
                        crossed_card = layer.candidate
                    elif (not deferred and before_last and held is None
                          and crossed_card is layer.candidate and self.params.look_on_past_crossed
                          and not any(touching(layer.candidate, new.candidate) for new in batch)):
                        deferred = whole = True
                    if deferred:
                        break
                    return self.settle(frame_bgr, reading, layer, found, readings, masks)
                if (self.params.backs_cover_no_card and reading.reason == CARD_BACK
                        and layer.covers):
                    # Judge the pile again without it: the cards it alone lay on are whole.
                    backs.add(id(layer.candidate))
                    found, batch = self.without_backs(frame_bgr, found, batch, backs)
                    order, k, unsure = (found if deferred else batch), 0, []
                    continue
                if (reading.is_card and layer.covered) or layer.covers:
                    return reading.sighting()
                if reading.is_card:
                    unsure.append(reading)
            if held is not None:
                return unsure[0].sighting() if unsure else held
            if unsure and not deferred:
                if not (more and self.params.look_past_unsure):
                    return unsure[0].sighting()
                deferred, held = True, unsure[0].sighting()
            try:
                step = stages.send(deferred and not whole)
                whole = False
            except StopIteration:
                step = None
        return no_card(1.0)

    def all_cards(self, frame_bgr: np.ndarray) -> list[Sighting]:
        """Every whole card in view that can be read with confidence (a hand spread out)."""
        out = []
        for candidate in self.candidates(frame_bgr):
            reading = self.read(frame_bgr, candidate)
            if reading.label is not None:
                out.append(reading.sighting())
        return out

    def best_face(self, frame_bgr: np.ndarray) -> tuple[Face | None, str]:
        """The face of the one card a teaching photo shows, or (None, why not)."""
        candidates = self.candidates(frame_bgr)
        if not candidates:
            return None, "no card-shaped field found"
        reasons = []
        for candidate in candidates[: self.params.max_candidates]:
            reading = self.read(frame_bgr, candidate)
            if reading.is_card:
                return reading.face, ""
            reasons.append(reading.reason)
        return None, reasons[0]
