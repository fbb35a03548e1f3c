"""What the journal tells about a game without replaying it: one row of its history."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any


@dataclass(frozen=True)
class Summary:
    """The part of a game's state that history shows: kept beside the log, updated with it."""

    over: bool
    winner: str | None
    rounds: tuple[dict, ...]

    @classmethod
    def of(cls, game: Any) -> "Summary":
        """Read from an engine Game (its ``over`` and replay snapshot)."""
        snap = game.snapshot()
        return cls(bool(game.over), snap.get("winner"), tuple(snap.get("rounds") or ()))


@dataclass(frozen=True)
class GameRecord:
    """One game in the journal. Times are ISO 8601 UTC text; ``lines`` counts its table log
    (the game line included, lines set aside on resume excluded)."""

    id: int
    started: str
    finished: str | None
    abandoned: str | None
    mode: str
    players: tuple[str, ...]
    house_rules: tuple[str, ...] | None
    winner: str | None
    rounds: tuple[dict, ...]
    lines: int

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        return "abandoned" if self.abandoned else "in play"

    @classmethod
    def from_row(cls, row: tuple) -> "GameRecord":
        (gid, started, finished, abandoned, mode, players, house_rules, winner, rounds,
         lines) = row
        rules = json.loads(house_rules) if house_rules else None
        return cls(
            id=gid, started=started, finished=finished, abandoned=abandoned, mode=mode,
            players=tuple(json.loads(players)),
            house_rules=tuple(rules) if rules is not None else None,
            winner=winner, rounds=tuple(json.loads(rounds or "[]")), lines=lines,
        )


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def local_time(stamp: str | None) -> str:
    """``2025-03-01 19:42`` in the machine's time zone, for people; '' for None."""
    if not stamp:
        return ""
    return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
