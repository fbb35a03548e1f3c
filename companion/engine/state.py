"""The table's state: what a companion that sees only the pile and the taps can know.

One mutable record per game, copied before each event is applied so that a rejected event
changes nothing and undo is a pop. Seats are in list order, clockwise ("to the left" is the
next in the list); ``direction`` is +1 clockwise, -1 counter-clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CLOCKWISE = 1
COUNTERCLOCKWISE = -1

# Phases of the replay JSON (DESIGN.md section 4).
DEAL = "deal"
FLIP = "flip"
START = "start"
PLAY = "play"
COLOR = "color"
DARE = "dare"
HANDS = "hands"
GAME_OVER = "game_over"


@dataclass
class PendingDare:
    player: int
    number: int | None
    text: str | None
    #: the dare came with the round's last card: resolving it ends the round.
    ends_round: bool = False


@dataclass
class TableState:
    mode: str
    players: list[str]
    dare_list: str | None
    target: int
    scoring: str
    options: dict[str, Any]
    house_rules: tuple[str, ...] = ()
    round: int = 0
    phase: str = DEAL
    dealer: int | None = None
    current: int | None = None
    direction: int = CLOCKWISE
    top: Any = None                      # Card (or DieFace) on the pile / centre
    color: str | None = None
    counts: list[int] = field(default_factory=list)
    discard: int = 0                     # cards in the discard pile (dice: centre die, 0/1)
    uno_called: list[bool] = field(default_factory=list)
    uno_window: int | None = None        # player who may still be caught without UNO
    drew: bool = False                   # the current player has drawn this turn
    rerolled: bool = False               # dice: the current player has re-rolled this turn
    chooser: int | None = None           # who picks the colour in phase "color"
    pending_dare: PendingDare | None = None
    round_winner: int | None = None
    last_winner: int | None = None       # who won the last scored round
    hands: dict[int, int] = field(default_factory=dict)       # points reported this round
    hand_counts: dict[int, int] = field(default_factory=dict)  # cards reported this round
    scores: list[int] = field(default_factory=list)
    rounds: list[dict] = field(default_factory=list)
    winner: str | None = None
    reshuffles: int = 0
    extra: dict[str, Any] = field(default_factory=dict)        # a variant's own fields

    def copy(self) -> "TableState":
        """A copy deep enough that applying an event to it never touches this one."""
        new = TableState.__new__(TableState)
        new.__dict__.update(self.__dict__)
        new.counts = list(self.counts)
        new.uno_called = list(self.uno_called)
        new.hands = dict(self.hands)
        new.hand_counts = dict(self.hand_counts)
        new.scores = list(self.scores)
        new.rounds = list(self.rounds)   # round records are never mutated once appended
        new.extra = {k: (v.copy() if hasattr(v, "copy") else v) for k, v in self.extra.items()}
        return new

    # --- seating -------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def left_of(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise (to the left) of ``seat``."""
        return (seat + steps) % self.n

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on in the current direction of play."""
        return (seat + steps * self.direction) % self.n

    def seat_of(self, name: str) -> int:
        return self.players.index(name)

    @property
    def in_round(self) -> bool:
        return self.phase not in (DEAL, FLIP, START, HANDS, GAME_OVER)

    @property
    def acting(self) -> int | None:
        """The player the table waits for (to play, choose a colour, or answer a dare)."""
        if self.phase == COLOR:
            return self.chooser
        if self.phase == DARE and self.pending_dare is not None:
            return self.pending_dare.player
        if self.phase == PLAY:
            return self.current
        return None


