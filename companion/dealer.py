"""Drawing for dealer: each player shows a card, the highest number deals.

Seed rule: action cards count as zero. When the highest value is shared, the players who
share it draw again (the others are out), until one is left. Cards arrive one at a time,
from the camera or typed, for the players in seat order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.cards import Card


@dataclass
class DealerDraw:
    players: list[str]
    #: who still draws in this pass (everybody first, then those tied for the highest)
    drawing: list[str] = field(default_factory=list)
    #: cards shown in this pass, by player
    shown: dict[str, str] = field(default_factory=dict)
    #: earlier passes (each a dict player -> label), for the screen
    passes: list[dict[str, str]] = field(default_factory=list)
    dealer: str | None = None

    def __post_init__(self) -> None:
        if not self.drawing:
            self.drawing = list(self.players)

    @property
    def waiting_for(self) -> str | None:
        """The next player to show a card, or None once the dealer is known."""
        if self.dealer is not None:
            return None
        for name in self.drawing:
            if name not in self.shown:
                return name
        return None

    def add(self, label: str) -> str:
        """Record ``label`` for the player whose turn it is to show; returns that player.

        Raises ValueError for a text that is not a card label, or when no one is drawing.
        """
        card = Card.from_label(label)
        who = self.waiting_for
        if who is None:
            raise ValueError("the dealer is already chosen")
        self.shown[who] = card.label
        if len(self.shown) == len(self.drawing):
            self._settle()
        return who

    def _settle(self) -> None:
        values = {name: Card.from_label(label).dealer_draw_value for name, label in self.shown.items()}
        best = max(values.values())
        tied = [name for name in self.drawing if values[name] == best]
        self.passes.append(dict(self.shown))
        self.shown = {}
        if len(tied) == 1:
            self.dealer = tied[0]
        else:
            self.drawing = tied

    @property
    def tie(self) -> bool:
        """The last pass ended in a tie: the players in ``drawing`` draw again."""
        return self.dealer is None and bool(self.passes) and not self.shown

    def value_of(self, label: str) -> int:
        return Card.from_label(label).dealer_draw_value
