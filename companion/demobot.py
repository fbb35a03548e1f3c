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

Runs on the main thread: the app calls ``tick()`` from its clock callback.
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
                ctl.play_by_hand(label, "bot")   # the camera missed it: type it in
                self._sync()
            return
        if ctl.game.over:
            self._after_the_game(now)
            return
        if now < self.next_at or not getattr(self.table, "ready", True):
            return
        if ctl.phase == "deal" and ctl.snapshot()["rounds"] and self.on_round_read:
            self.on_round_read()
        event = self.sim.next_event()
        self.next_at = now + self.params.pace_s
        if event["type"] in ("play", "flip"):
            self.table.place(event["card"])
            self.waiting = (event["card"], now)
            return
        ctl.submit(event, "bot")
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
            if self.waiting is None and event.get("type") in ("play", "flip") and \
                    self.synced == len(events) - 1 and last is not None and last.source == "camera":
                # the camera saw a card nobody played (a glare, a hand): undo it
                self.corrections += 1
                ctl.undo("bot")
                return True
            if self.waiting is not None and event.get("type") in ("play", "flip"):
                label = self.waiting[0]
                if event.get("card") != label:
                    # the camera read another card: undo it and type the right one
                    self.corrections += 1
                    self.waiting = None
                    ctl.undo("bot")
                    ctl.play_by_hand(label, "bot")
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
                ctl.play_by_hand(label, "bot")
        elif ctl.pending_illegal is not None:
            # the bots only play legal cards: the camera misread it
            self.corrections += 1
            ctl.take_back_illegal()
            ctl.play_by_hand(label, "bot")
        self._sync()
