"""Scoring a tracker's events against the truth of a recorded game.

Events are matched in order: each true event takes the first unused event of the same kind
and card that comes no more than ``early`` frames before it and ``late`` frames after it.
What is left over is a *duplicate* when it repeats a matched event soon after it, and a
*false* event otherwise. A play read as a dare card without its number (``red-dare`` for
``red-dare-12``: DESIGN.md section 3, the table taps the number) is found, and counted apart.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Iterable

from companion.engine.cards import Card
from companion.engine.errors import LabelError


@dataclass(frozen=True)
class Happening:
    """One event, true or reported: ``kind`` is "play" or "taken_back"."""

    kind: str
    card: str
    frame: int


@dataclass
class Score:
    """Counts over one or more games; latencies are in frames (event minus settling)."""

    plays: int = 0
    plays_found: int = 0
    plays_unread_number: int = 0
    takebacks: int = 0
    takebacks_found: int = 0
    false: list[tuple[str, Happening]] = field(default_factory=list)
    duplicates: list[tuple[str, Happening]] = field(default_factory=list)
    missed: list[tuple[str, Happening]] = field(default_factory=list)
    latencies: list[int] = field(default_factory=list)
    late: list[tuple[str, Happening, int]] = field(default_factory=list)  # over 4 frames

    def add(self, other: "Score") -> None:
        self.plays += other.plays
        self.plays_found += other.plays_found
        self.plays_unread_number += other.plays_unread_number
        self.takebacks += other.takebacks
        self.takebacks_found += other.takebacks_found
        self.false += other.false
        self.duplicates += other.duplicates
        self.missed += other.missed
        self.latencies += other.latencies
        self.late += other.late

    @property
    def recall(self) -> float:
        return self.plays_found / self.plays if self.plays else 1.0

    @property
    def latency_median(self) -> float | None:
        return statistics.median(self.latencies) if self.latencies else None

    @property
    def latency_worst(self) -> int | None:
        return max(self.latencies) if self.latencies else None

    def summary(self) -> str:
        unread = (f" ({self.plays_unread_number} with the dare number unread)"
                  if self.plays_unread_number else "")
        lat = ("latency median {:g}, worst {} frames".format(self.latency_median,
                                                             self.latency_worst)
               if self.latencies else "latency -")
        return (f"plays {self.plays_found}/{self.plays} found{unread} "
                f"(recall {self.recall:.3f}), taken back {self.takebacks_found}/{self.takebacks}, "
                f"false {len(self.false)}, duplicates {len(self.duplicates)}, {lat}")


def same_card(reported: str, true: str) -> tuple[bool, bool]:
    """(matches, number unread): ``red-dare`` matches ``red-dare-12`` with the number unread."""
    if reported == true:
        return True, False
    try:
        r, t = Card.from_label(reported), Card.from_label(true)
    except LabelError:
        return False, False
    unread = (r.is_dare and r.number is None and t.number is not None
              and r.kind == t.kind and r.color == t.color)
    return unread, unread


def score_game(truth: Iterable[Happening], reported: Iterable[Happening], game: str = "",
               early: int = 15, late: int = 60, duplicate_window: int = 120) -> Score:
    """Match one game's reported events to its true ones (see the module doc)."""
    truth, reported = list(truth), list(reported)
    score = Score()
    used = [False] * len(reported)
    matched: list[tuple[Happening, Happening]] = []
    floor = 0
    for t in truth:
        if t.kind == "play":
            score.plays += 1
        else:
            score.takebacks += 1
        hit = None
        for i in range(floor, len(reported)):
            r = reported[i]
            if used[i] or r.kind != t.kind:
                continue
            if r.frame > t.frame + late:
                break
            ok, unread = same_card(r.card, t.card)
            if ok and r.frame >= t.frame - early:
                hit = (i, unread)
                break
        if hit is None:
            score.missed.append((game, t))
            continue
        i, unread = hit
        used[i] = True
        floor = i + 1
        matched.append((t, reported[i]))
        if t.kind == "play":
            score.plays_found += 1
            score.plays_unread_number += unread
            latency = reported[i].frame - t.frame
            score.latencies.append(latency)
            if latency > 4:
                score.late.append((game, t, latency))
        else:
            score.takebacks_found += 1
    for i, r in enumerate(reported):
        if used[i]:
            continue
        dup = any(m.kind == r.kind and same_card(r.card, m.card)[0]
                  and 0 <= r.frame - m.frame <= duplicate_window for _, m in matched)
        (score.duplicates if dup else score.false).append((game, r))
    return score
