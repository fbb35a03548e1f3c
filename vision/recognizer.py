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
from .quads import Candidate, QuadParams, find_candidates, rotate_half_turn
from .sighting import Sighting, no_card
from .symbols import SymbolParams, SymbolReading, read_symbol


@dataclass(frozen=True)
class RecognizerParams:
    """Every tuning knob of the recogniser, grouped by step."""

    quads: QuadParams = field(default_factory=QuadParams)
    face: FaceParams = field(default_factory=FaceParams)
    colour: ColourParams = field(default_factory=ColourParams)
    symbols: SymbolParams = field(default_factory=SymbolParams)
    #: Below this the answer is "no card".
    min_confidence: float = 0.5
    #: At most this many candidates are read per frame (the largest, uncovered first).
    max_candidates: int = 8
    #: A field overlapping this share of another candidate's card lies on top of it.
    cover_share: float = 0.02


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

    def candidates(self, frame_bgr: np.ndarray) -> list[Candidate]:
        """Card-shaped fields, the likeliest top card first (uncovered, then largest)."""
        found = find_candidates(frame_bgr, self.profile.geometry, self.params.quads)
        h, w = frame_bgr.shape[:2]
        return order_top_first(found, self.params.cover_share, (w / 2, h / 2))

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
        for candidate in self.candidates(frame_bgr)[: self.params.max_candidates]:
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


def order_top_first(candidates: list[Candidate], cover_share: float,
                    centre: tuple[float, float]) -> list[Candidate]:
    """Candidates sorted so the pile's top card comes first.

    A card whose border lies under another candidate's whole field is covered (the field is
    on top of it); among uncovered cards the one nearest the frame's centre comes first (the
    camera is aimed at the discard pile).
    """
    def covered(a: Candidate) -> bool:
        limit = cover_share * a.area
        for b in candidates:
            if b is a:
                continue
            inter, _ = cv2.intersectConvexConvex(b.field.astype(np.float32), a.card.astype(np.float32))
            if inter > limit:
                return True
        return False

    def off_centre(c: Candidate) -> float:
        x, y = c.card.mean(axis=0)
        return float(np.hypot(x - centre[0], y - centre[1]))

    return sorted(candidates, key=lambda c: (covered(c), off_centre(c)))
