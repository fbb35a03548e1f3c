"""The dice recogniser: one frame -> the centre die's top face, or every die's top face.

``find`` proposes near-square fields (tops, and side faces seen square enough); ``read``
reads each, and a reading counts only when its colour is the class the search found the
field in. Candidates within a die's width of each other are one die; its top is the face
most lit (its field's value against its ink's usual value: the light comes from above) and
squarest (the side faces are foreshortened). A die whose top cannot be read with
confidence, or whose readable face is not clearly its top, is "no die" rather than a guess:
a wrong face costs a table more than a missed one. The centre die is the die nearest the
frame's centre, and only within ``center_reach`` of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..sighting import Sighting, no_card
from .find import FindParams, TopCandidate, coarse_tops, refine
from .geometry import aspect
from .marks import MarkBank, mark_bank
from .read import FaceReading, ReadParams, read_face

#: Nominal brightest channel of each field ink (0-255), to compare faces of different inks.
INK_VALUE: dict[str, float] = {"red": 215.0, "yellow": 250.0, "green": 160.0, "blue": 190.0,
                               "black": 60.0}


@dataclass(frozen=True)
class DiceParams:
    """Every tuning knob of the dice recogniser, grouped by step."""

    find: FindParams = field(default_factory=FindParams)
    read: ReadParams = field(default_factory=ReadParams)
    #: Below this the answer is "no die".
    min_confidence: float = 0.5
    #: Candidates closer than this many face sides belong to one die.
    same_die: float = 1.3
    #: Another face of the die this much "more top" than the readable one makes it unsure.
    top_lead: float = 1.1
    #: A confident reading of another face this close in "topness" is a conflict.
    conflict: float = 0.85
    #: The centre die lies within this share of the frame's width from the frame's centre
    #: (the camera is aimed at it); dice further out belong to the players' hands.
    center_reach: float = 0.3
    #: At most this many candidates are looked at per frame (nearest the frame's centre first).
    max_candidates: int = 60


@dataclass(frozen=True)
class DieReading:
    """One die: its candidates' readings and the one taken as its top (None: unreadable)."""

    readings: tuple[FaceReading, ...]
    top: FaceReading | None
    centre: tuple[float, float]

    def sighting(self) -> Sighting:
        if self.top is None or self.top.label is None:
            best = max((r.confidence for r in self.readings), default=0.0)
            return Sighting(None, float(1.0 - best), None)
        return Sighting(self.top.label, float(self.top.confidence),
                        np.asarray(self.top.corners, np.float32))


def topness(reading: FaceReading) -> float:
    """How much a face looks like the top: lit (its field's value against its ink's usual
    value) and seen square on."""
    name = reading.colour.name if reading.colour is not None else None
    lit = reading.brightness / INK_VALUE.get(name or "", 200.0)
    return lit / aspect(reading.corners) ** 2


def _agrees(cand: TopCandidate, reading: FaceReading) -> bool:
    """The search found the field in the colour class the reading names (a dark table
    around a die, read against the die as its "white", is no blue face)."""
    return reading.colour is not None and reading.colour.name == cand.field


class DiceRecognizer:
    """Reads UNO Dice faces from BGR frames (640x480 or any size) with one set of params."""

    def __init__(self, params: DiceParams | None = None, bank: MarkBank | None = None):
        self.params = params or DiceParams()
        self.bank = bank or mark_bank(self.params.read.feature_box)

    def groups(self, frame_bgr: np.ndarray, reach: float | None = None) -> list[list[TopCandidate]]:
        """The search's candidates (outlines not yet refined) grouped by die: each group
        holds the candidates within ``same_die`` sides of its first; groups nearest the
        frame's centre first, only those within ``reach`` x the frame's width of it."""
        h, w = frame_bgr.shape[:2]
        limit = float("inf") if reach is None else reach * w
        found = coarse_tops(frame_bgr, self.params.find, None if reach is None else limit)
        off = [float(np.hypot(c.mid[0] - w / 2, c.mid[1] - h / 2)) for c in found]
        order = [i for i in sorted(range(len(found)), key=off.__getitem__) if off[i] <= limit]
        groups: list[list[TopCandidate]] = []
        for i in order[: self.params.max_candidates]:
            c = found[i]
            for g in groups:
                if np.hypot(c.mid[0] - g[0].mid[0], c.mid[1] - g[0].mid[1]) \
                        < self.params.same_die * max(c.side, g[0].side):
                    g.append(c)
                    break
            else:
                groups.append([c])
        return groups

    def read_die(self, frame_bgr: np.ndarray, group: list[TopCandidate]) -> DieReading | None:
        """Refine and read one die's candidates; None when none of them is a die face."""
        p = self.params
        refined = [c for c in (refine(frame_bgr, c, p.find) for c in group) if c is not None]
        pairs = [(c, read_face(frame_bgr, c.quad, self.bank, p.read)) for c in refined]
        pairs = [(c, r) for c, r in pairs if r.is_face and _agrees(c, r)]
        if not pairs:
            return None
        rs = [r for _, r in pairs]
        centre = np.mean([c.centre() for c, _ in pairs], axis=0)
        return DieReading(tuple(rs), self._top(rs), (float(centre[0]), float(centre[1])))

    def dice(self, frame_bgr: np.ndarray) -> list[DieReading]:
        """Every die found (readable or not), nearest the frame's centre first."""
        found = [self.read_die(frame_bgr, g) for g in self.groups(frame_bgr)]
        return [d for d in found if d is not None]

    def _top(self, readings: list[FaceReading]) -> FaceReading | None:
        """The die's top face, or None when the readable face may not be the top."""
        p = self.params
        good = [r for r in readings if r.label is not None and r.confidence >= p.min_confidence]
        if not good:
            return None
        best = max(good, key=topness)
        t = topness(best)
        for r in readings:
            if r is best:
                continue
            if topness(r) > p.top_lead * t:
                return None
            if any(r is g for g in good) and r.label != best.label and topness(r) >= p.conflict * t:
                return None
        return best

    def center_die(self, frame_bgr: np.ndarray) -> Sighting:
        """The top face of the die nearest the frame's centre, or a "no die" sighting."""
        p = self.params
        h, w = frame_bgr.shape[:2]
        for group in self.groups(frame_bgr, p.center_reach + 0.5 * p.find.max_side):
            die = self.read_die(frame_bgr, group)
            if die is None:
                continue
            if np.hypot(die.centre[0] - w / 2, die.centre[1] - h / 2) > p.center_reach * w:
                break
            return die.sighting()
        return no_card(1.0)

    def all_dice(self, frame_bgr: np.ndarray) -> list[Sighting]:
        """The top face of every die in view that can be read with confidence (a hand)."""
        return [s for s in (d.sighting() for d in self.dice(frame_bgr)) if s.label is not None]
