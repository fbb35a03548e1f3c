"""What truly happened on a rendered live table, frame by frame: shared by the card table
(``live_table``) and the dice table (``dice_live``), and read back from a game video's
truth file (``game_video``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class TruthEvent:
    """What really happened: ``event`` is "play" or "taken_back"; ``frame`` is the frame a
    card settled (play) or the card below was uncovered (taken_back); ``corners`` are the
    played card's in the picture (for a take-back, the uncovered card's; None if none)."""

    event: str
    card: str
    frame: int
    t: float
    corners: np.ndarray | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        return {"t": round(self.t, 3), "frame": self.frame, "event": self.event,
                "card": self.card}


@dataclass(frozen=True)
class TableFrame:
    """One rendered frame: the BGR picture, its index and time, the truth events it
    completes, and the whole card on top of the pile as the camera sees it (or None)."""

    image: np.ndarray
    index: int
    t: float
    events: tuple[TruthEvent, ...]
    top: tuple[str, np.ndarray] | None
