"""A game and its journal moving together: the engine decides, the journal remembers.

The UI and the CLI apply every event through ``Session.apply``: the engine first (a
rejected event raises and nothing is written), then the durable append, and only then does
the caller show the effect. So what a table saw is always what a restart brings back.
"""

from __future__ import annotations

from typing import Any

from .records import Summary
from .store import Journal, JournalError


class Session:
    """One game in play, journaled. Build with ``Session.new`` or ``Session.resume``."""

    def __init__(self, journal: Journal, game_id: int, game: Any, events: list[dict],
                 house_rules: list[str] | None = None):
        self.journal = journal
        self.game_id = game_id
        self.game = game
        self.house_rules = house_rules
        self._events = events
        self._summary = Summary.of(game)

    @classmethod
    def new(cls, journal: Journal, game_event: dict,
            house_rules: list[str] | None = None) -> "Session":
        """Start a game from its ``{"type": "game", ...}`` line (checked by the engine first)."""
        from companion.engine import Game

        game = Game(house_rules=house_rules)
        game.apply(game_event)
        game_id = journal.start_game(game_event, house_rules)
        return cls(journal, game_id, game, [dict(game_event)], house_rules)

    @classmethod
    def resume(cls, journal: Journal,
               game_id: int | None = None) -> tuple["Session", list[tuple[int, str]]]:
        """Bring back a game (default: the newest unfinished one) exactly where it was.

        Returns the session and the problems met (line number, reason): a line that failed
        to apply, where the game now stands just before. JournalError when there is none.
        """
        if game_id is None:
            record = journal.unfinished()
            if record is None:
                raise JournalError("There is no unfinished game to resume.")
            game_id = record.id
        record = journal.game(game_id)
        game, problems = journal.resume(game_id)
        rules = list(record.house_rules) if record.house_rules else None
        return cls(journal, game_id, game, journal.events(game_id), rules), problems

    @property
    def over(self) -> bool:
        return bool(self.game.over)

    def snapshot(self) -> dict:
        return self.game.snapshot()

    def apply(self, event: dict) -> tuple[str, ...]:
        """Apply one event and return the engine's notices (``penalty``, ``dare`` ...) once it
        is on disk. IllegalEventError (nothing changed, nothing written) if the rules refuse
        it; JournalError (state put back as before the event) if it cannot be saved."""
        notices = self.game.apply(event)
        summary = Summary.of(self.game)
        try:
            self.journal.append(self.game_id, event,
                                summary if summary != self._summary else None)
        except BaseException:
            self.game = self._rebuild()
            raise
        self._events.append(dict(event))
        self._summary = summary
        return notices

    def _rebuild(self) -> Any:
        """The game as of the last saved event, folded again from the events kept in memory
        (the disk may be what failed)."""
        from companion.engine import replay

        return replay(self._events, house_rules=self.house_rules).game
