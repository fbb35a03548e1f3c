"""The recogniser: one frame -> the pile's top card (or "no card"), or every card in view.

The steps, each a pure function of its inputs and parameters, live in their own modules:
``quads`` (find card-shaped fields, flatten), ``face`` (white reference, ring, centre, ink),
``colour`` and ``symbols``. This module chooses the top card, verifies that a candidate
really is a card (a white ring around a saturated or black field with a white or
four-colour centre, so a cloth or a hand is not one), and puts the label together. Below
``min_confidence`` the answer is "no card": a wrong card costs a table more than a missed one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.engine.cards import Card

from .colour import BLACK, ColourParams
from .face import Face, FaceParams, flatten, read_face
from .profile import DeckProfile, default_profile
from .geometry import rotate_half_turn
from .quads import (Candidate, QuadParams, candidates_in_mask, dark_mask, distinct, preprocess,
                    sharpened)
from .sighting import Sighting, no_card
from .marks import SymbolParams
from .symbols import SymbolReading, read_symbol


@dataclass(frozen=True)
class RecognizerParams:
    """Every tuning knob of the recogniser, grouped by step."""

    quads: QuadParams = field(default_factory=QuadParams)
    face: FaceParams = field(default_factory=FaceParams)
    colour: ColourParams = field(default_factory=ColourParams)
    symbols: SymbolParams = field(default_factory=SymbolParams)
    #: Below this the answer is "no card" (a wrong card costs a table more than a missed one).
    min_confidence: float = 0.8
    #: At most this many candidates are read per frame (the largest, uncovered first).
    max_candidates: int = 8
    #: Two candidates overlapping by more than this share of the smaller are ordered by
    #: which one's border stays white inside the other.
    cover_share: float = 0.001


@dataclass(frozen=True)
class CardReading:
    """One candidate read: ``is_card`` when it passed verification, ``label`` when it was
    also read with confidence. ``reason`` says why not, for ``teach`` and debugging."""

    candidate: Candidate
    face: Face | None
    is_card: bool
    label: str | None
    confidence: float
    corners: np.ndarray
    reason: str = ""
    symbol: SymbolReading | None = None

    def sighting(self) -> Sighting:
        if self.label is None:
            return no_card(1.0 - self.confidence if self.is_card else 1.0)
        return Sighting(self.label, self.confidence, self.corners.astype(np.float32))


def verify(face: Face, params: RecognizerParams) -> str:
    """Why this flattened quad is not a card, or "" when it is one."""
    if face.colour.name is None:
        return "its field is neither a card colour nor black"
    if face.ring_white < params.face.min_ring_white:
        return "no white border around the field"
    if face.ring_contrast < params.colour.min_ring_contrast:
        return "the border is not brighter than the field"
    if face.centre_share < params.face.min_centre_share:
        return "no white or four-colour centre"
    if face.edge_agreement < params.face.min_edge_agreement:
        return "a corner of the field is covered"
    return ""


def label_of(colour: str, symbol: SymbolReading) -> str | None:
    """The card label for a field colour and a centre symbol."""
    if symbol.symbol is None:
        return None
    if colour == BLACK:
        return Card("wild-dare", None, symbol.number).label if symbol.symbol == "dare" else None
    if symbol.symbol == "dare":
        return Card("dare", colour, symbol.number).label
    if symbol.symbol in ("skip", "reverse"):
        return Card(symbol.symbol, colour).label
    return Card("number", colour, int(symbol.symbol)).label


class Recognizer:
    """Reads cards from BGR frames with one deck profile and one set of parameters."""

    def __init__(self, profile: DeckProfile | None = None, params: RecognizerParams | None = None):
        self.params = params or RecognizerParams()
        self.profile = profile or default_profile(self.params.symbols)

    def candidate_passes(self, frame_bgr: np.ndarray):
        """Card-shaped fields, one stage of searches at a time (the cheap one first), each
        stage's new candidates ordered likeliest top card first. A caller that is satisfied
        stops early."""
        p = self.params.quads
        scaled: dict[int, tuple[np.ndarray, float]] = {}
        seen: list[Candidate] = []
        for stage in p.stages:
            found = []
            for kind, width in stage:
                if width not in scaled:
                    scaled[width] = preprocess(frame_bgr, width)
                small, scale = scaled[width]
                found += candidates_in_mask(dark_mask(small, kind, p), scale, self.profile.geometry, p)
            geometry = self.profile.geometry
            new = [sharpened(frame_bgr, c, geometry) for c in distinct(found, p, seen)]
            seen += new
            yield order_top_first(seen, frame_bgr, self.params.cover_share, only=new)

    def candidates(self, frame_bgr: np.ndarray) -> list[Candidate]:
        """All card-shaped fields, the likeliest top card first."""
        found: list[Candidate] = []
        for batch in self.candidate_passes(frame_bgr):
            found += batch
        return order_top_first(distinct(found, self.params.quads), frame_bgr,
                               self.params.cover_share)

    def read(self, frame_bgr: np.ndarray, candidate: Candidate) -> CardReading:
        """Flatten, verify and classify one candidate."""
        p = self.params
        card = flatten(frame_bgr, candidate.card, p.face)
        face = read_face(card, self.profile.geometry, self.profile.hues, p.face, p.colour)
        reason = verify(face, p)
        if reason:
            return CardReading(candidate, face, False, None, 0.0, candidate.card, reason)
        if face.ink is None:
            return CardReading(candidate, face, True, None, 0.0, candidate.card, "no mark in the centre")
        symbol = read_symbol(face.ink, self.profile.banks, p.symbols, wild=face.is_wild)
        corners = rotate_half_turn(candidate.card) if symbol.flipped else candidate.card
        confidence = min(face.colour.confidence, symbol.confidence)
        label = label_of(face.colour.name, symbol)
        if label is None or confidence < p.min_confidence:
            return CardReading(candidate, face, True, None, confidence, corners,
                               "the symbol is unsure", symbol)
        return CardReading(candidate, face, True, label, confidence, corners, "", symbol)

    def top_card(self, frame_bgr: np.ndarray) -> Sighting:
        """The pile's top card, or a "no card" sighting."""
        budget = self.params.max_candidates
        for batch in self.candidate_passes(frame_bgr):
            for candidate in batch[:budget]:
                budget -= 1
                reading = self.read(frame_bgr, candidate)
                if reading.is_card:
                    return reading.sighting()
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


def whole_within(frame_bgr: np.ndarray, card: Candidate, region: np.ndarray) -> float | None:
    """How whole ``card`` looks inside the polygon ``region`` (another card's outline): the
    share of its border ring there that is still white, less the share of its field's rim
    there that has turned white (another card's border lying across it). None when the
    two hardly meet."""
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.floor(np.maximum(card.card.min(axis=0), 0)).astype(int)
    x1, y1 = np.ceil(np.minimum(card.card.max(axis=0) + 1, (w, h))).astype(int)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    offset = np.array([x0, y0], np.float32)
    shape = (y1 - y0, x1 - x0)
    outer, inner, core, within = (np.zeros(shape, np.uint8) for _ in range(4))
    centre = card.field.mean(axis=0)
    cv2.fillConvexPoly(outer, np.round(card.card - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(inner, np.round(card.field - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(core, np.round(centre + 0.75 * (card.field - centre) - offset).astype(np.int32), 1)
    cv2.fillConvexPoly(within, np.round(region - offset).astype(np.int32), 1)
    kernel = np.ones((3, 3), np.uint8)
    ring = (cv2.erode(outer, kernel) > 0) & (cv2.dilate(inner, kernel) == 0)
    rim = (cv2.erode(inner, kernel) > 0) & (core == 0)
    if not ring.any():
        return None
    whiteness = frame_bgr[y0:y1, x0:x1].min(axis=2)
    white = whiteness >= 0.7 * float(np.percentile(whiteness[ring], 90))
    ring_part, rim_part = ring & (within > 0), rim & (within > 0)
    if ring_part.sum() < 6:
        return None
    score = float(np.mean(white[ring_part]))
    if rim_part.sum() >= 6:
        score -= float(np.mean(white[rim_part]))
    return score


def order_top_first(candidates: list[Candidate], frame_bgr: np.ndarray,
                    cover_share: float, only: list[Candidate] | None = None) -> list[Candidate]:
    """Candidates sorted so the pile's top card comes first.

    Where two candidates overlap, the one that stays whole inside the other's outline (its
    border still white, its field's rim not crossed by a white border) lies on top. Among the uncovered, the one
    nearest the frame's centre comes first (the camera is aimed at the discard pile).
    With ``only``, just those candidates are returned (ordered among all of them).
    """
    h, w = frame_bgr.shape[:2]
    covered = [False] * len(candidates)
    for i, a in enumerate(candidates):
        for j in range(i + 1, len(candidates)):
            b = candidates[j]
            inter, _ = cv2.intersectConvexConvex(a.card.astype(np.float32), b.card.astype(np.float32))
            if inter <= cover_share * min(a.area, b.area):
                continue
            a_white = whole_within(frame_bgr, a, b.card)
            b_white = whole_within(frame_bgr, b, a.card)
            if a_white is None or b_white is None or abs(a_white - b_white) < 0.05:
                continue
            if a_white > b_white:
                covered[j] = True
            else:
                covered[i] = True

    def off_centre(c: Candidate) -> float:
        x, y = c.card.mean(axis=0)
        return float(np.hypot(x - w / 2, y - h / 2))

    order = sorted(range(len(candidates)), key=lambda k: (covered[k], off_centre(candidates[k])))
    keep = None if only is None else {id(c) for c in only}
    return [candidates[k] for k in order if keep is None or id(candidates[k]) in keep]
