"""A game as a fold of its table-log events: apply one, undo one, replay a log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .dare import DareVariant
from .dice import DiceVariant
from .errors import EventFormatError, IllegalEventError, LogError
from .events import check_labels, check_players_named, check_shape
from .state import GAME_OVER, TableState
from .variant import Variant

#: mode on the game line -> its rules
VARIANTS: dict[str, Variant] = {"dare": DareVariant(), "dice": DiceVariant()}


def find_variant(mode: str) -> Variant:
    try:
        return VARIANTS[mode]
    except KeyError:
        raise EventFormatError(
            f"unknown mode {mode!r} (known: {', '.join(VARIANTS)})"
        ) from None


class Game:
    """The table's state after the accepted events, python-chess style: apply is ``push``,
    undo is ``pop``. The state is copied before each event so a rejected one changes nothing.

    ``house_rules``: the 16 House Rules dare texts from the configuration (optional).
    """

    def __init__(self, house_rules: Iterable[str] | None = None):
        self.house_rules = tuple(house_rules or ())
        self.variant: Variant | None = None
        self.state: TableState | None = None
        self.events: list[dict] = []
        self._before: list[TableState] = []

    def check(self, event: dict) -> Variant:
        """Raise EventFormatError unless ``event`` is well formed for this game."""
        check_shape(event)
        kind = event["type"]
        if self.state is None:
            if kind == "undo":
                raise IllegalEventError("nothing to undo")
            if kind != "game":
                raise EventFormatError(
                    'a table log starts with a game line, e.g. {"type":"game","mode":"dare",'
                    '"players":["Ann","Ben"]}'
                )
            return find_variant(event["mode"])
        assert self.variant is not None
        if kind != "game":
            check_players_named(event, self.state.players)
            check_labels(event, self.variant.parse_label, self.variant.label_fields)
            self.variant.check_fields(event)
        return self.variant

    def apply(self, event: dict) -> tuple[str, ...]:
        """Apply one event; return its notices (``penalty``, ``dare``, ``round_over`` ...).

        Raises IllegalEventError (EventFormatError for malformed input) and changes nothing.
        """
        variant = self.check(event)
        kind = event["type"]
        if kind == "undo":
            return self.undo()
        if self.state is None:
            self.state = variant.new_state(event, self.house_rules)
            self.variant = variant
            self.events.append(event)
            return ()
        if kind == "game":
            raise IllegalEventError("a game is already under way: start a new log for a new game")
        new = self.state.copy()
        notices: list[str] = []
        variant.apply(new, event, notices)
        self._before.append(self.state)
        self.state = new
        self.events.append(event)
        return tuple(notices)

    def undo(self) -> tuple[str, ...]:
        """Drop the last accepted event (the game line itself stays)."""
        if not self._before:
            raise IllegalEventError("nothing to undo")
        self.state = self._before.pop()
        self.events.pop()
        return ("undo",)

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.phase == GAME_OVER

    def snapshot(self) -> dict:
        """The replay JSON of DESIGN.md section 4, without ``rejected``."""
        if self.state is None or self.variant is None:
            raise IllegalEventError("no game yet: the log has no game line")
        return self.variant.snapshot(self.state)

    def draw_pile(self) -> int:
        assert self.state is not None and self.variant is not None
        return self.variant.draw_pile(self.state)


@dataclass
class Replay:
    game: Game
    rejected: list[tuple[int, str]] = field(default_factory=list)
    stopped_at: int | None = None   # strict replay: the line it stopped at

    def snapshot(self) -> dict:
        out = self.game.snapshot()
        out["rejected"] = [{"line": line, "reason": reason} for line, reason in self.rejected]
        return out


def replay(
    events: Iterable[dict] | Iterable[tuple[int, dict]],
    house_rules: Iterable[str] | None = None,
    strict: bool = False,
) -> Replay:
    """Fold a table log into a game. Events may be bare, or ``(line number, event)`` pairs.

    A rule rejection is recorded with its line and the fold goes on (``strict``: it stops).
    Malformed input raises LogError naming the line.
    """
    result = Replay(Game(house_rules))
    for index, item in enumerate(events, 1):
        line, event = item if isinstance(item, tuple) else (index, item)
        try:
            result.game.apply(event)
        except EventFormatError as err:
            raise LogError(line, str(err)) from None
        except IllegalEventError as err:
            if result.game.state is None:
                raise LogError(line, str(err)) from None
            result.rejected.append((line, str(err)))
            if strict:
                result.stopped_at = line
                break
    if result.game.state is None:
        raise LogError(1, "the log is empty: it starts with a game line")
    return result
