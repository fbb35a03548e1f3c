"""The demo's players: bots that play a real game on the synthetic live table.

The bots decide with ``companion.tablesim.SimTable`` (a shuffled deck, hidden hands, legal
choices). A card they play is *placed* on the rendered table, so the camera feed, the
recogniser and the tracker have to see it before the engine hears of it; everything a
camera cannot see (a draw, a pass, a dare's outcome, a colour, UNO, a catch, the hands at
the end) they tap, through the same controller calls as the buttons on the screen.

When the camera gets a card wrong the bot does what a person would: Undo and type the
right card (or answer the "not allowed" question by taking it back); when it misses one
for ``camera_timeout_s``, the bot types it in. If a person takes over (taps Undo or plays
something the bots did not), the bots stop and leave the table to them.

Runs on the main thread: the app calls ``tick()`` from its clock callback. The bots of
UNO Dice (``companion.demobot_dice``) are the same bots with another table and another
way of tapping; the hooks they override are ``_new_table``, ``_placed``, ``_tap`` and
``_type_in``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class BotParams:
    pace_s: float = 1.2             # seconds between two actions of the table
    camera_timeout_s: float = 8.0   # a placed card not seen by then is typed in
    scores_pause_s: float = 5.0     # how long the round's points and the scores stay up
    target: int = 200               # the demo game's target score (a short game)
    restart_s: float = 20.0         # a won game stays up this long, then the next begins


class DemoBot:
    """``controller``: the TableController; ``table``: the synthetic camera source (with
    ``place(label)``, and ``ready`` false while it is being made); ``on_round_read``: called when the bots have looked at the scores
    long enough (the app moves on to the next deal)."""

    def __init__(self, controller: Any, table: Any, players: list[str], seed: int = 7,
                 params: BotParams | None = None, clock: Callable[[], float] = time.monotonic,
                 on_round_read: Callable[[], None] | None = None,
                 on_new_game: Callable[[], None] | None = None):
        self.controller = controller
        self.table = table
        self.params = params or BotParams()
        self.clock = clock
        self.on_round_read = on_round_read
        self.on_new_game = on_new_game
        self.players = list(players)
        self.seed = seed
        self.games = 0
        self.over_at: float | None = None
        self.sim = self._new_table()
        self.synced = 0
        self.waiting: tuple[str, float] | None = None    # (label placed, when)
        self.next_at = 0.0
        self.stopped = False
        self.stop_reason = ""
        self.corrections = 0
        self.typed_in = 0

    def _new_table(self):
        from companion.tablesim import SimTable

        return SimTable(list(self.players), random.Random(self.seed + self.games),
                        target=self.params.target)

    def start(self) -> None:
        """Start the bots' game (its game line) in the controller."""
        self.over_at = None
        line = self.sim.next_event()
        self.controller.new_game(line)
        self.sim.send(line)
        self.synced = 1
        self.next_at = self.clock() + self.params.pace_s

    def stop(self, reason: str = "") -> None:
        self.stopped = True
        self.stop_reason = reason

    # --- the main-thread tick ---------------------------------------------------------------
    def tick(self) -> None:
        if self.stopped or self.controller.session is None:
            return
        ctl = self.controller
        if ctl.pending_illegal is not None or ctl.pending_number is not None:
            self._answer_question()
            return
        if not self._sync():
            return
        now = self.clock()
        if self.waiting is not None:
            label, since = self.waiting
            if now - since > self.params.camera_timeout_s:
                self.waiting = None
                self.typed_in += 1
                self._type_in(label)   # the camera missed it: type it in
                self._sync()
            return
        if ctl.game.over:
            self._after_the_game(now)
            return
        if now < self.next_at or not getattr(self.table, "ready", True) or \
                getattr(self.table, "busy", False):
            return
        if ctl.phase == ctl.game.variant.between_rounds_phase and ctl.snapshot()["rounds"] \
                and self.on_round_read:
            self.on_round_read()
        event = self.sim.next_event()
        self.next_at = now + self.params.pace_s
        label = self._placed(event)
        if label is not None:
            self._before_placing(event)
            self.table.place(label)
            self.waiting = (label, now)
            return
        self._tap(event)
        self._sync()
        if "round_scored" in (ctl.last.notices if ctl.last else ()):
            self.next_at = now + self.params.scores_pause_s

    def _after_the_game(self, now: float) -> None:
        """The winner stays on the screen a while; then the bots start the next game."""
        if self.over_at is None:
            self.over_at = now
        elif now - self.over_at >= self.params.restart_s:
            self.games += 1
            self.sim = self._new_table()
            self.synced = 0
            self.start()
            if self.on_new_game is not None:
                self.on_new_game()

    def _sync(self) -> bool:
        """Mirror the controller's new events into the bots' table; False when a person
        has changed the game in a way the bots cannot follow (they stop)."""
        ctl = self.controller
        events = ctl.game.events
        last = ctl.last
        if len(events) < self.synced:
            if last is not None and last.source == "camera" and last.event == {"type": "undo"}:
                # the camera thought the top card was lifted: put the lost moves back by hand
                self.corrections += 1
                for event in self.sim.game.events[len(events):self.synced]:
                    ctl.submit(dict(event), "bot")
                events = ctl.game.events
            if len(events) < self.synced:
                self.stop("a player undid a move: the bots leave the table to you")
                return False
        while self.synced < len(events):
            event = events[self.synced]
            placed = self._placed(event)
            if self.waiting is None and placed is not None and \
                    self.synced == len(events) - 1 and last is not None and last.source == "camera":
                # the camera saw a card nobody played (a glare, a hand): undo it
                self.corrections += 1
                ctl.undo("bot")
                return True
            if self.waiting is not None and placed is not None:
                label = self.waiting[0]
                if placed != label:
                    # the camera read another card: undo it and type the right one
                    self.corrections += 1
                    self.waiting = None
                    ctl.undo("bot")
                    self._type_in(label)
                    events = ctl.game.events
                    continue
                self.waiting = None
            try:
                self.sim.send(event)
            except Exception:
                self.stop("the game went somewhere the bots cannot follow: it is yours now")
                return False
            self.synced += 1
        return True

    def _answer_question(self) -> None:
        ctl = self.controller
        if self.waiting is None:
            return   # not the bots' card: leave the question to the people
        label = self.waiting[0]
        if ctl.pending_number is not None:
            number = label.rsplit("-", 1)[-1]
            if ctl.pending_number == label.rsplit("-", 1)[0] and number.isdigit():
                ctl.complete_number(int(number))
            else:
                ctl.pending_number = None
                self.corrections += 1
                self._type_in(label)
        elif ctl.pending_illegal is not None:
            # the bots only play legal cards: the camera misread it
            self.corrections += 1
            ctl.take_back_illegal()
            self._type_in(label)
        self._sync()

    # --- what differs between the games -------------------------------------------------------
    def _placed(self, event: dict) -> str | None:
        """The card an event puts on the table for the camera to see (None: a tap)."""
        return event.get("card") if event.get("type") in ("play", "flip") else None

    def _before_placing(self, event: dict) -> None:
        """What the table taps before a piece goes down (nothing, with cards)."""

    def _tap(self, event: dict) -> None:
        """Do what the camera cannot see, as the table's taps do."""
        self.controller.submit(event, "bot")

    def _type_in(self, label: str) -> None:
        """Enter a placed card by hand: the camera missed or misread it."""
        self.controller.play_by_hand(label, "bot")
