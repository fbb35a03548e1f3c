"""From per-frame sightings of the pile's top card to play events.

A recogniser names the top card of each frame, or says "no card" while a hand covers the
pile, under glare, or while a card is moving. The ``Tracker`` is a pure state machine over
``(frame index, time, sighting)`` that turns that stream into one ``PlayEvent`` per card
really played and one ``TakenBack`` per card really taken back, and nothing else.

How it decides (all thresholds are ``TrackerParams``; distances in card sizes, see
``vision.pose``):

* **Hold still.** A sighting counts only inside a *run*: the same label at a pose within
  ``still_tol`` of where the run began, for ``confirm_frames`` frames (up to
  ``max_glitch`` odd frames in a row may interrupt it: a flash of glare, a wrong label).
  A moving card keeps starting new runs and so makes no event.
* **Disturbance.** The tracker counts the frames since the settled top card was last seen
  in place (``gap``: a hand over the pile, a card sliding in) and keeps the poses of the
  cards seen meanwhile. Each run remembers both as they were when it began. A run began
  after a *disturbance* when that gap is at least ``min_gap`` frames, or when a card was
  seen on its way from elsewhere: ``arrival_dist`` or more from where it came to rest, or
  ``detour`` or more off the straight way from the settled card's place to the new one (a
  card flicked in, never covered). A camera nudge only ever shows the card on that way.
* When a run confirms, it is compared with the pile it remembers, in this order:
  1. the previous settled card (label and pose) is visible again: the top card was
     **taken back** (``takeback_frames`` hold);
  2. the settled card itself, in place: nothing (a hand passed, the light changed);
  3. the settled label at another pose: a **second identical card** if the run began after
     a disturbance and lies at least ``repeat_shift`` from the settled card; otherwise the
     camera was **nudged** (a jump of a frame or three, seen all the way) or the pile was
     straightened: the whole remembered pile is moved by the same rotation and shift, and
     no event is made;
  4. another label exactly where the settled card lies (within ``relabel_tol``, closer than
     a new card ever lands): with no disturbance before it, a misreading of the same card
     (light, glare), remembered as another name of that card, no event; after a
     disturbance it must hold ``relabel_frames`` before it is believed;
  5. any other card: a **play**.
* A dare card read without its number (``red-dare``, DESIGN.md section 3) is the same card
  as one read with it (``red-dare-12``): the number comes and goes with light and angle.
  A play reports the number read most often during its run once it has been read in
  ``number_votes`` frames: a number read once may be a misreading (a finger over a 12's 2
  leaves a 1), so a dare read with a number fewer times waits up to ``number_wait`` more
  frames of its run for the number to be read again, then is played without the number.
* Limits: the last card taken back off an otherwise empty table shows no previous card and
  is not reported; an identical card laid within ``repeat_shift`` of the previous one is
  invisible to any camera and is not reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

import numpy as np

from .pose import as_quad, pose_distance, similarity, transform


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """A card was played onto the pile. ``frame``/``time`` are those of the frame on which
    the tracker became sure (its latency is ``frame`` minus the frame the card settled)."""

    card: str
    time: float
    frame: int
    confidence: float


@dataclass(frozen=True, slots=True)
class TakenBack:
    """The top card was lifted off the pile again; the card below is the top once more."""

    card: str
    time: float
    frame: int


Event = Union[PlayEvent, TakenBack]


@dataclass(frozen=True, slots=True)
class TrackerParams:
    """Tuning of the tracker, in frames (at the camera's rate) and card sizes."""

    confirm_frames: int = 3      # frames a new top card holds still before it is played
    max_glitch: int = 2          # odd frames in a row (no card, wrong label) a run survives
    still_tol: float = 0.06      # pose change that still counts as "holding still"
    same_pose_tol: float = 0.12  # pose change that is still "the same place"
    repeat_shift: float = 0.20   # pose change that makes an identical label a new card
    min_gap: int = 4             # hidden frames that make a disturbance (a hand over the pile)
    arrival_dist: float = 0.5    # a card seen this far off before settling came from elsewhere
    detour: float = 0.25         # ... or this far off the way from the old place to the new
    takeback_frames: int = 5     # frames the previous card shows again before a take-back
    relabel_tol: float = 0.05    # pose change under which a new label is the same card misread
    relabel_frames: int = 5      # frames a new label in the old place holds after a disturbance
    min_confidence: float = 0.0  # sightings below this are treated as "no card"
    number_votes: int = 2        # frames a dare's number is read in before it is reported
    number_wait: int = 10        # frames more a dare waits for that before it is played without
    history: int = 40            # cards of the pile remembered (for take-backs)


def _unnumbered(label: str) -> str:
    """``red-dare-12`` -> ``red-dare``; other labels unchanged."""
    i = label.find("dare")
    return label[:i + 4] if i >= 0 else label


def same_card(a: str, b: str) -> bool:
    """The same card, allowing a dare number that one of the readings missed."""
    if a == b:
        return True
    base = _unnumbered(a)
    return base == _unnumbered(b) and (a == base or b == base)


@dataclass
class _PileCard:
    label: str
    pose: np.ndarray
    aliases: set[str] = field(default_factory=set)

    def answers_to(self, label: str) -> bool:
        return same_card(label, self.label) or any(same_card(label, a) for a in self.aliases)


@dataclass
class _Run:
    label: str
    anchor: np.ndarray
    pose: np.ndarray
    gap_before: int
    seen_before: list[np.ndarray]
    count: int = 1
    glitches: int = 0
    confidence: float = 0.0
    resolved: bool = False
    votes: dict[str, int] = field(default_factory=dict)

    def best_label(self, min_votes: int = 1) -> str:
        """The reading to report: the dare number read most often, if read ``min_votes``
        times; else the dare without its number."""
        numbered = {k: v for k, v in self.votes.items() if k != _unnumbered(k)}
        if numbered:
            best = max(numbered, key=lambda k: numbered[k])
            return best if numbered[best] >= min_votes else _unnumbered(best)
        pool = self.votes or {self.label: 1}
        return max(pool, key=lambda k: pool[k])

    def number_votes(self) -> int:
        """How often the number read most often was read (0 for no number, or no dare)."""
        return max((v for k, v in self.votes.items() if k != _unnumbered(k)), default=0)


class Tracker:
    """Feed it every frame's sighting with ``update``; it returns the events that frame
    completes (usually none). No I/O, no clock of its own: give it the frame's time."""

    def __init__(self, params: TrackerParams | None = None):
        self.params = params or TrackerParams()
        self._pile: list[_PileCard] = []
        self._run: _Run | None = None
        self._gap = 0
        self._seen: list[np.ndarray] = []  # poses seen since the top card was last in place
        self.nudges = 0

    @property
    def top(self) -> str | None:
        """The label of the settled top card, or None before the first play."""
        return self._pile[-1].label if self._pile else None

    @property
    def pile(self) -> list[str]:
        """Labels of the remembered pile, bottom first."""
        return [c.label for c in self._pile]

    def update(self, frame: int, t: float, sighting: Any) -> list[Event]:
        """One frame's sighting (``label``, ``confidence``, ``corners``; None = nothing)."""
        p = self.params
        pose = self._pose_of(sighting)
        run = self._run
        if pose is None:
            self._gap += 1
            if run is not None:
                run.glitches += 1
                if run.glitches > p.max_glitch:
                    self._run = None
            return []

        label = sighting.label
        top = self._pile[-1] if self._pile else None
        gap_before = self._gap
        seen_before = self._seen
        if top is not None and top.answers_to(label) and \
                pose_distance(pose, top.pose) <= p.same_pose_tol:
            self._gap = 0
            self._seen = []
        else:
            self._gap += 1
            if len(self._seen) < 4 * p.min_gap + 30:
                self._seen = self._seen + [pose]

        if run is not None and pose_distance(pose, run.anchor) <= p.still_tol:
            if same_card(label, run.label):
                run.votes[label] = run.votes.get(label, 0) + 1
                if run.label == _unnumbered(run.label):
                    run.label = label
                run.count += 1
                run.glitches = 0
                run.pose = pose
                run.confidence += float(sighting.confidence)
            else:
                run.glitches += 1
                if run.glitches > p.max_glitch:
                    run = self._start(label, pose, sighting, gap_before, seen_before)
        else:
            run = self._start(label, pose, sighting, gap_before, seen_before)
        if run.resolved or run.count < p.confirm_frames:
            return []
        return self._decide(run, frame, t)

    # -- internals ----------------------------------------------------------------------
    def _pose_of(self, sighting: Any) -> np.ndarray | None:
        if sighting is None or getattr(sighting, "label", None) is None:
            return None
        if getattr(sighting, "corners", None) is None:
            return None
        if float(getattr(sighting, "confidence", 1.0)) < self.params.min_confidence:
            return None
        try:
            return as_quad(sighting.corners)
        except ValueError:
            return None

    def _start(self, label: str, pose: np.ndarray, sighting: Any, gap_before: int,
               seen_before: list[np.ndarray]) -> _Run:
        self._run = _Run(label, pose, pose, gap_before, seen_before,
                         confidence=float(sighting.confidence), votes={label: 1})
        return self._run

    def _disturbed(self, run: _Run, top: _PileCard) -> bool:
        """Did something come over the pile before this run began (see the module doc)?"""
        p = self.params
        if run.gap_before >= p.min_gap:
            return True
        way = pose_distance(run.pose, top.pose)
        for seen in run.seen_before:
            to_end = pose_distance(seen, run.pose)
            if to_end >= p.arrival_dist or \
                    pose_distance(seen, top.pose) + to_end - way >= p.detour:
                return True
        return False

    def _decide(self, run: _Run, frame: int, t: float) -> list[Event]:
        p = self.params
        pile = self._pile
        top = pile[-1] if pile else None
        if top is None:
            return self._play(run, frame, t)
        below = pile[-2] if len(pile) > 1 else None
        if below is not None and below.answers_to(run.label) and \
                pose_distance(run.pose, below.pose) <= p.same_pose_tol:
            if run.count < p.takeback_frames:
                return []
            run.resolved = True
            pile.pop()
            self._gap = 0
            self._seen = []
            return [TakenBack(top.label, t, frame)]
        moved = pose_distance(run.pose, top.pose)
        if top.answers_to(run.label):
            if moved <= p.same_pose_tol:
                run.resolved = True
                return []
            if moved >= p.repeat_shift and self._disturbed(run, top):
                return self._play(run, frame, t)
            self._shift_pile(top.pose, run.pose)
            run.resolved = True
            self._gap = 0
            self._seen = []
            return []
        if moved <= p.relabel_tol:
            if not self._disturbed(run, top):
                top.aliases.add(run.label)
                run.resolved = True
                self._gap = 0
                self._seen = []
                return []
            if run.count < p.relabel_frames:
                return []
        return self._play(run, frame, t)

    def _play(self, run: _Run, frame: int, t: float) -> list[Event]:
        p = self.params
        if "dare" in run.label and run.number_votes() < p.number_votes \
                and run.count < p.confirm_frames + p.number_wait:
            return []  # a dare waits (a little) for its number to be read again
        run.resolved = True
        self._seen = []
        label = run.best_label(p.number_votes)
        self._pile.append(_PileCard(label, run.pose))
        del self._pile[:-self.params.history]
        self._gap = 0
        return [PlayEvent(label, t, frame, run.confidence / run.count)]

    def _shift_pile(self, old: np.ndarray, new: np.ndarray) -> None:
        """The camera moved (or the pile was pushed): move every remembered pose along."""
        matrix = similarity(old, new)
        for card in self._pile:
            card.pose = transform(card.pose, matrix)
        self._pile[-1].pose = new
        self.nudges += 1
