"""The table controller: the one path every input takes to the engine, without any GUI.

Taps, GPIO buttons, the camera's play events and the UNO timer all end in
``TableController.submit(event, source)`` on the main thread: the journaled ``Session``
applies it (engine first, then the durable write), the outcome picks a buzzer pattern
(``companion.feedback``), and the listeners (the screens) are told. A rejected event
changes nothing, buzzes ``illegal`` and leaves its reason for the screen.

What a camera adds: a card it sees that does not match is not rejected outright but held
as ``pending_illegal``, because the table may decide to allow it (``allow_illegal``: the
play goes in with ``"override": true``) or put it back (``take_back_illegal``). A card the
camera sees lifted off again undoes the play, if that play is still the last event. A dare
card whose number the camera could not read waits in ``pending_number`` for a tap
(``companion.table_camera``). UNO Dice adds the centre die that starts a round, the
re-roll and the Wild Draw 4 challenge (``companion.table_dice``); the UNO call, the catch
and the UNO timer live in ``companion.table_uno``; plays, draws and hands are the same
methods for cards and dice.

Kivy-free and clock-injectable, so every rule of the screen's behaviour is unit-tested.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from companion.actions import action_event
from companion.dealer import DealerDraw
from companion.engine import state as S
from companion.engine.cards import Card
from companion.engine.errors import IllegalEventError, LabelError, UnoError
from companion.feedback import outcome_pattern
from companion.unotimer import UnoTimer
from companion.table_camera import CameraInputs, PendingIllegal
from companion.table_dice import DiceInputs
from companion.table_uno import UnoInputs
from companion.words import describe_event

SOURCES = ("tap", "camera", "button", "timer", "bot")


@dataclass(frozen=True)
class ControllerParams:
    """Tuning of the table's behaviour (not rules: those are the game line's options)."""

    uno_warn_s: float = 1.5     # the UNO countdown buzzes ``uno_closing`` this long before its end
    reshuffle_at: int = 2       # the draw pile at or below this shows "reshuffle now"


@dataclass(frozen=True)
class Outcome:
    """What became of one submitted event."""

    event: dict
    source: str
    accepted: bool
    notices: tuple[str, ...] = ()
    reason: str = ""
    pattern: str | None = None
    message: str = ""


class TableController(CameraInputs, DiceInputs, UnoInputs):
    """Owns the game in play (a journal ``Session``), the buzzer and the UNO timer.

    ``journal``: a ``companion.journal.Journal``; ``buzzer``: anything with ``play(name)``;
    ``clock``: seconds (monotonic) for the UNO timer. Call every method on one thread (the
    UI's main thread); other threads hand their work over first.
    """

    def __init__(self, journal: Any, buzzer: Any, *, house_rules: tuple[str, ...] | list[str] = (),
                 clock: Callable[[], float] = time.monotonic,
                 params: ControllerParams | None = None):
        self.journal = journal
        self.buzzer = buzzer
        self.house_rules = tuple(house_rules)
        self.params = params or ControllerParams()
        self.timer = UnoTimer(clock, self.params.uno_warn_s)
        self.session: Any = None
        self.pending_illegal: PendingIllegal | None = None
        self.pending_number: str | None = None
        self.dealer_draw: DealerDraw | None = None
        self.first_roller: str | None = None
        self.pending_center: str | None = None
        self.camera_status = "no camera"
        self.message = ""
        self.last: Outcome | None = None
        self.resume_problems: list[tuple[int, str]] = []
        self._listeners: list[Callable[[Outcome | None], None]] = []
        self._put_back: list[str] = []   # cards the table was told to take back

    # --- listeners -------------------------------------------------------------------------
    def listen(self, callback: Callable[[Outcome | None], None]) -> None:
        """``callback(outcome)`` after every change (None: a change that is not an event)."""
        self._listeners.append(callback)

    def _changed(self, outcome: Outcome | None = None) -> None:
        for callback in list(self._listeners):
            callback(outcome)

    # --- the game in play ------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return None if self.session is None else self.session.game

    @property
    def state(self) -> S.TableState | None:
        return None if self.session is None else self.session.game.state

    def snapshot(self) -> dict | None:
        return None if self.session is None else self.session.snapshot()

    @property
    def phase(self) -> str | None:
        st = self.state
        return None if st is None else st.phase

    def unfinished(self) -> Any:
        """The journal's unfinished game record (to offer on start), or None."""
        return self.journal.unfinished()

    def new_game(self, game_event: dict, house_rules: list[str] | tuple[str, ...] | None = None) -> None:
        """Start a game from its game line; an unfinished one in the journal is set aside.

        Raises ``IllegalEventError`` (with the reason to show) for a game line the engine
        refuses; nothing is recorded then.
        """
        from companion.journal import Session

        rules = list(self.house_rules if house_rules is None else house_rules)
        old = self.journal.unfinished()
        session = Session.new(self.journal, game_event, rules or None)
        if old is not None and old.id != session.game_id:
            self.journal.abandon(old.id)
        self._start(session)
        self.message = describe_event(game_event, None, self.snapshot())
        self._changed(None)

    def resume(self, game_id: int | None = None) -> None:
        """Bring back the unfinished game (JournalError when there is none)."""
        from companion.journal import Session

        session, problems = Session.resume(self.journal, game_id)
        self._start(session)
        self.resume_problems = list(problems)
        names = ", ".join(self.state.players)
        self.message = f"Welcome back: {names}."
        if problems:
            self.message += f" {len(problems)} damaged line(s) of the journal were set aside."
        self._changed(None)

    def abandon(self) -> None:
        """Leave the game in play (it stays in the journal's history) and show none."""
        if self.session is not None and not self.session.over:
            self.journal.abandon(self.session.game_id)
        self.session = None
        self._reset_table()
        self._changed(None)

    def _start(self, session: Any) -> None:
        self.session = session
        self._reset_table()
        self._sync_timer()

    def _reset_table(self) -> None:
        self.pending_illegal = None
        self.pending_number = None
        self.dealer_draw = None
        self.first_roller = None
        self.pending_center = None
        self._put_back = []
        self.timer.sync(None, 0)

    # --- the one event path ----------------------------------------------------------------
    def submit(self, event: dict, source: str = "tap") -> Outcome:
        """Apply ``event`` (journaled), buzz, tell the listeners; return what happened."""
        if self.session is None:
            return self._reject(event, source, "no game in play: start a new game first")
        before = self.snapshot()
        undone = self.game.events[-1] if event.get("type") == "undo" and len(self.game.events) > 1 else None
        try:
            notices = self.session.apply(event)
        except IllegalEventError as err:
            return self._reject(event, source, str(err))
        except UnoError as err:   # the journal could not save it: the state is put back
            return self._reject(event, source, str(err))
        after = self.snapshot()
        if event.get("type") == "undo" or (self.pending_illegal and event.get("type") == "play"):
            self.pending_illegal = None
        if undone is not None and undone.get("type") == "start":
            self.first_roller = undone.get("first")   # who rolled is still known
        self.pending_number = None
        self._sync_timer()
        pattern = outcome_pattern(notices)
        if pattern:
            self.buzzer.play(pattern)
        message = describe_event(event, before, after, tuple(notices), undone)
        outcome = Outcome(dict(event), source, True, tuple(notices), "", pattern, message)
        self.message = message
        self.last = outcome
        self._changed(outcome)
        return outcome

    def _reject(self, event: dict, source: str, reason: str) -> Outcome:
        self.buzzer.play("illegal")
        reason = reason[:1].upper() + reason[1:]
        outcome = Outcome(dict(event), source, False, (), reason, "illegal", reason)
        self.message = reason
        self.last = outcome
        self._changed(outcome)
        return outcome

    def _refuse(self, event: dict, source: str, reason: str) -> Outcome:
        """A tap that cannot mean anything now: say why, without an illegal buzz."""
        outcome = Outcome(dict(event), source, False, (), reason, None, reason)
        self.message = reason
        self.last = outcome
        self._changed(outcome)
        return outcome

    # --- taps ------------------------------------------------------------------------------
    def draw(self, source: str = "tap") -> Outcome:
        return self.submit({"type": "draw"}, source)

    def pass_turn(self, source: str = "tap") -> Outcome:
        return self.submit({"type": "pass"}, source)

    def dare(self, outcome: str, source: str = "tap") -> Outcome:
        return self.submit({"type": "dare", "outcome": outcome}, source)

    def choose_color(self, color: str, source: str = "tap") -> Outcome:
        return self.submit({"type": "color", "color": color}, source)

    def undo(self, source: str = "tap") -> Outcome:
        return self.submit({"type": "undo"}, source)

    def deal(self, dealer: str | None = None, source: str = "tap") -> Outcome:
        event: dict = {"type": "deal"}
        if dealer is not None:
            event["dealer"] = dealer
        self.dealer_draw = None
        return self.submit(event, source)

    def hand(self, player: str, cards: list[str] | None = None, points: int | None = None,
             source: str = "tap") -> Outcome:
        """The pieces left in ``player``'s hand (cards, or dice in UNO Dice), or its points."""
        event: dict = {"type": "hand", "player": player}
        if cards is not None:
            field = self.game.variant.hand_field if self.session is not None else "cards"
            event[field] = list(cards)
        else:
            event["points"] = int(points or 0)
        return self.submit(event, source)

    def play_by_hand(self, label: str, source: str = "tap") -> Outcome | None:
        """A card (or die) typed in because the camera missed it: the starter card, the
        centre die that starts a dice round (None while it waits for who rolled it), or a
        play."""
        if self.phase == S.FLIP:
            return self.submit({"type": "flip", "card": label}, source)
        if self.phase == S.START:
            return self.start_round(label, source)
        return self.submit(self.play_event(label), source)

    def play_event(self, label: str, override: bool = False) -> dict:
        """The play event for ``label`` in the game in play: ``card`` or ``die``."""
        field = self.game.variant.play_field if self.session is not None else "card"
        event: dict = {"type": "play", field: label}
        if override:
            event["override"] = True
        return event

    def parse(self, label: str) -> Any:
        """``label`` as the game in play reads it (a Card, or a DieFace): LabelError if not."""
        if self.session is None:
            return Card.from_label(label)
        return self.game.variant.parse_label(label)

    def playable(self, label: str) -> bool:
        """Whether ``label`` may be played now (the card and die pickers grey out the others)."""
        st = self.state
        if st is None or st.phase != S.PLAY:
            return False
        try:
            return bool(self.game.variant.playable(st, self.parse(label)))
        except LabelError:
            return False

    def button_action(self, action: str) -> Outcome | None:
        """A GPIO button's action (already handed to the main thread)."""
        if self.pending_illegal is not None:
            return None  # the screen asks a question only a tap answers
        event = action_event(action, self.snapshot())
        if event is None:
            return None
        if event["type"] == "draw" and self.may_reroll():
            event = {"type": "reroll"}   # UNO Dice: the draw button re-rolls first, then draws
        return self.submit(event, "button")

    # --- what the table screen shows ------------------------------------------------------------
    def draw_pile(self) -> int | None:
        return None if self.session is None else self.game.draw_pile()

    def reshuffle_due(self) -> bool:
        """The draw pile is nearly empty (a dice pouch is never refilled: never due)."""
        pile = self.draw_pile()
        st = self.state
        return (pile is not None and st is not None and st.in_round and
                self.game.variant.reshuffles and pile <= self.params.reshuffle_at)
