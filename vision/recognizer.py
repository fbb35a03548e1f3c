"""The recogniser: one frame -> the pile's top card (or "no card"), or every card in view.

The steps, each a pure function of its inputs and parameters, live in their own modules:
``quads`` (find card-shaped fields), ``pile`` (which of them lies on top), ``face`` (flatten;
white reference, ring, centre, ink), ``colour`` and ``symbols``. This module says which
candidate may answer for the top card. Below ``min_confidence`` the answer is "no card": a
wrong card costs a table more than a missed one. What one candidate's reading holds, and
what makes it a card (a white ring around a saturated or black field with a white or
four-colour centre, so a cloth or a hand is not one), is ``reading``'s; how one candidate is
checked and read, ``card_reader``'s; whether a read card may answer now, ``waiting``'s;
which of the cards touching it lies on top, ``settling``'s.
"""

from __future__ import annotations

import numpy as np

from .card_reader import CardReader
from .face import Face
from .profile import DeckProfile, default_profile
from .grey_params import GreyParams
from .lone_card import at_pile_edge, kept_after_wait
from .pile import Layer, order_top_first, rank_top_first, touching
from .pile_doubts import unsure_apart
from .quads import Candidate, distinct, search, search_near, sharpened
from .reading import CARD_BACK, CORNER_COVERED, SYMBOL_UNREAD, CardReading, label_of, verify
from .recognizer_params import RecognizerParams
from .settling import Settling
from .sighting import Sighting, no_card
from .spread_number import numbered_by_looks
from .spread_sharpen import new_fields, sharpened_reading, unsharp
from .table_pieces import table_piece

#: The symbol checks for a spread hand's cards (:meth:`Recognizer.all_cards`).
_SPREAD_GREY = GreyParams(cut_corner_veto=False)

__all__ = ["CARD_BACK", "CORNER_COVERED", "SYMBOL_UNREAD", "CardReading", "Recognizer",
           "RecognizerParams", "label_of", "verify"]


class Recognizer(Settling, CardReader):
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

    def _stages(self, frame_bgr: np.ndarray, last_looks: bool = False):
        """As :meth:`candidate_passes`: each stage's new layers, the layers of every
        candidate found so far (all judged together), the hulls of the blobs of a field's
        size that were no field (``quads.search``'s "joined"), whether an answer may
        still wait for a later stage, and the search's working images. A caller that
        deferred an answer sends True: the next stage then runs its ``deferred_searches``
        first, and after them no answer waits (the rest of the stage follows only when
        none comes); or a box (x0, y0, x1, y1, frame px; :meth:`beside_joined`): the
        local mask at ``beside_width`` looks inside it first, the same way. Last, whether a stage follows the next one (the next is not the last).
        With ``last_looks``, the ``QuadParams.last_looks`` searches follow the last stage as
        one step more; the stages before it run as without it (the last still says no
        stage follows it)."""
        p = self.params.quads
        geometry = self.profile.geometry
        masks: dict = {}
        seen: list[Candidate] = []
        narrow, box = False, None
        count = len(p.stages)  # the last looks are no stage an answer waits for
        steps = p.stages + ((p.last_looks,) if last_looks and p.last_looks else ())
        for number, stage in enumerate(steps):
            left = list(stage)
            while left:
                waiting = narrow and number > 0
                if waiting and box is not None:
                    found = search_near(frame_bgr, box, self.params.beside_width, geometry,
                                        p, masks)
                    narrowed, box = True, None
                else:
                    run = [s for s in left if waiting and s in self.params.deferred_searches]
                    narrowed = bool(run)
                    run = run or left
                    left = [s for s in left if s not in run]
                    found = []
                    for kind, width in run:
                        found += search(frame_bgr, kind, width, geometry, p, masks)
                new = [sharpened(frame_bgr, c, geometry) for c in distinct(found, p, seen)]
                if number >= count and not new:
                    return  # a last look that found nothing has nothing to judge
                seen += new
                fresh = {id(c) for c in new}
                ranked = rank_top_first(seen, frame_bgr, self.params.pile)
                more = not narrowed and (bool(left) or number + 1 < count)
                sent = yield ([layer for layer in ranked if id(layer.candidate) in fresh],
                              ranked, list(masks.get("joined", [])), more, masks,
                              number + 2 < count)
                narrow, box = bool(sent), (sent if isinstance(sent, tuple) else None)

    def candidates(self, frame_bgr: np.ndarray) -> list[Candidate]:
        """All card-shaped fields, the likeliest top card first."""
        found = [layer.candidate for batch in self.candidate_passes(frame_bgr) for layer in batch]
        return order_top_first(found, frame_bgr, self.params.pile)

    def top_card(self, frame_bgr: np.ndarray) -> Sighting:
        """The pile's top card, or a "no card" sighting.

        Candidates nothing lies on are read first (see :func:`~vision.pile.rank_top_first`):
        the first read with confidence is the answer. One that cannot be read (a card back
        beside the pile, glare) lets the next uncovered one answer when the two lie apart
        (not when its centre holds a mark read unsurely and the two are of comparable size:
        ``unsure_apart_rivals``, "no card");
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
        (:meth:`seems_crossed`: a card lying on it by its border alone; in the first stage,
        a side of its ring short of paper with something right beside it:
        :meth:`short_side_waits`), and on through the
        stages but the last while none finds a candidate touching it
        (``look_on_past_crossed``; also after a wait for a blob reaching in found nothing
        on it: ``crossed_after_narrowed``). A card's back lying on the pile is left out of it
        (``backs_cover_no_card``). When other whole cards touch it with neither judged on
        the other (or judged under it by a sliver while its own border is crossed), or
        whole cards lying apart read, :meth:`settle` picks the one on the pile or says "no
        card".
        """
        budget = self.params.max_candidates
        readings: dict[int, CardReading] = {}
        deferred = False
        whole = False  # the next stage runs whole (a crossed border), not its deferred searches
        first, beside = True, None  # the first stage; where a blob lies beside the card read
        crossed_looked = False
        crossed_card = None  # the card whose crossed border made the search look on
        lone = None  # the reading of a card alone at the pile's edge that waited (lone_card)
        lone_answer = None  # its answer, as without the wait: only settle's judgement overturns it
        narrowed = False  # this step ran only the searches a deferred answer waits for
        held: Sighting | None = None  # an unsure card's "no card" while the next stage looks
        stages = self._stages(frame_bgr, last_looks=True)
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
                if layer.candidate.extra.get("hue") and (
                        reading.label is None or reading.confidence < self.params.hue_confidence):
                    # The last look's field by its colour (hue_fields) answers only when it
                    # reads, and surely: a vivid thing in the room it finds says nothing of
                    # the pile, and a card every stage missed may be two of one colour
                    # joined, or a finger may lie over its print.
                    continue
                if beside_unsure:
                    # The unsure card touching it is its rival: the pile evidence decides.
                    if reading.label is None:
                        break
                    return kept_after_wait(frame_bgr, self.settle(frame_bgr, reading, layer, found, readings, masks),
                                           lone, found, self.params.lone_over_difference, lone_answer)
                if reading.label is not None:
                    deferred = more and held is None and self.may_lie_beside(layer, joined)
                    # After a narrowed look (a blob reaching in) found no card on it, a card
                    # whose border or centre says one lies on it still gets the crossed look,
                    # unless another card's paint crosses it: it answers "no card" already.
                    crossed_may = more or (narrowed and before_last
                                           and self.params.crossed_after_narrowed
                                           and not self.painted(reading))
                    if (not deferred and crossed_may and held is None and not crossed_looked
                            and (self.seems_crossed(reading, layer, found, joined)
                                 or (first and self.short_side_waits(reading, layer, found,
                                                                     joined)))):
                        deferred = whole = crossed_looked = True
                        crossed_card = layer.candidate
                    elif (not deferred and first and more and held is None and len(found) == 1
                          and at_pile_edge(frame_bgr, layer.candidate, self.params.lone_least_evidence,
                                           self.params.lone_most_evidence, self.params.quads,
                                           self.params.pile, masks, self.params.lone_hint_paper,
                                           self.params.lone_hint_odd)):
                        deferred = whole = crossed_looked = True
                        crossed_card, lone, lone_answer = layer.candidate, reading, self.answer(reading)
                    elif (not deferred and before_last and held is None
                          and crossed_card is layer.candidate and self.params.look_on_past_crossed
                          and not any(touching(layer.candidate, new.candidate) for new in batch)):
                        deferred = whole = True
                    elif not deferred and first and more and held is None:
                        # Last: a whole stage looking for the above looks there too.
                        beside = self.beside_joined(layer, joined)
                        deferred = beside is not None
                    if deferred:
                        break
                    if self.params.unsure_apart_rivals and unsure_apart(
                            reading, unsure, self.params.unsure_apart_size):
                        return no_card(1.0)  # an unread card apart may as well be on top
                    return kept_after_wait(frame_bgr, self.settle(frame_bgr, reading, layer, found, readings, masks),
                                           lone, found, self.params.lone_over_difference, lone_answer)
                if (self.params.backs_cover_no_card and reading.reason == CARD_BACK
                        and layer.covers):
                    # Judge the pile again without it: the cards it alone lay on are whole.
                    backs.add(id(layer.candidate))
                    found, batch = self.without_backs(frame_bgr, found, batch, backs)
                    order, k, unsure = (found if deferred else batch), 0, []
                    continue
                if (reading.is_card and layer.covered) or layer.covers:
                    if not self.table_piece(frame_bgr, reading, layer, found, readings):
                        return lone_answer or reading.sighting()  # after a lone wait, settle alone overturns it
                    continue
                if reading.is_card:
                    unsure.append(reading)
            if held is not None:
                return lone_answer or (unsure[0].sighting() if unsure else held)
            if unsure and not deferred:
                if not (more and self.params.look_past_unsure):
                    return lone_answer or unsure[0].sighting()
                deferred, held = True, unsure[0].sighting()
            try:
                narrowed = deferred and not whole and held is None
                step = stages.send((beside or True) if deferred and not whole else False)
                whole = first = False
                beside = None
            except StopIteration:
                step = None
        return lone_answer or no_card(1.0)

    def table_piece(self, frame_bgr: np.ndarray, reading: CardReading, layer: Layer,
                    found: list[Layer], readings: dict) -> bool:
        """:func:`~vision.table_pieces.table_piece` with ``table_piece_size`` (the quads
        read already taken from ``readings``, by ``id``; the others checked, not kept there:
        ``readings`` holds reads)."""
        return table_piece(reading, layer, found,
                           lambda candidate: readings.get(id(candidate)) or self.check(frame_bgr, candidate),
                           self.params.table_piece_size)

    def all_cards(self, frame_bgr: np.ndarray) -> list[Sighting]:
        """Every whole card in view that can be read with confidence (a hand spread out).
        A sure cut's digit is not checked against the corners (``cut_corner_veto``): a spread
        card's corner index often lies under its neighbour. A card left unread is read again
        with its print sharpened (:func:`~vision.spread_sharpen.sharpened_reading`: blur);
        the search runs again on the frame sharpened, for fields the first search missed
        (``SpreadSharpenParams.search``); a dare left without its number takes the number
        the sharpened looks agree on (:func:`~vision.spread_number.numbered_by_looks`)."""
        out = []
        found = self.candidates(frame_bgr)
        first = len(found)
        again = self.params.spread_sharpen.search
        if again:
            found += new_fields(found, self.candidates(unsharp(frame_bgr, *again)))
        spread = self.params.deblur.spread
        for k, candidate in enumerate(found):
            def read_again(frame, candidate=candidate):
                return self.read(frame, candidate, grey=_SPREAD_GREY, deblur=spread)
            reading = read_again(frame_bgr)
            reading = sharpened_reading(frame_bgr, reading, read_again, self.params.spread_sharpen,
                                        sharpened_search=k >= first)
            reading = numbered_by_looks(frame_bgr, reading, read_again, self.params.spread_number)
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
