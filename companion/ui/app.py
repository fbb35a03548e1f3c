"""The touchscreen app: the screen manager, and the one place the Kivy clock meets the table.

``CompanionApp`` receives everything it works with (the ``TableController``, the
``CameraFeed``, an optional demo bot) and creates no device. Its clock callback, on the
main thread, does all the hand-overs: work posted by other threads (GPIO buttons), the
camera's results (plays, take-backs, status, counts), the UNO countdown and the demo bot.
Whenever the controller reports a change, the app routes to the screen the game needs
(``routing.screen_for``) and refreshes it; questions that can arise anywhere (an illegal
play the camera saw, a dare number to tap) are asked in pop-ups.

``build_app(config, source, buzzer, journal)`` is the composition used by ``run`` and
``demo``.
"""

from __future__ import annotations

import importlib
import logging
import queue
from typing import Any, Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.ui import theme as T
from companion.ui.routing import screen_for
from companion.ui.screens import SCREENS

log = logging.getLogger(__name__)


class LazyScreenManager(ScreenManager):
    """Builds each screen the first time it is asked for: the app shows its first screen
    sooner, and a table that never opens the camera check never pays for it."""

    def __init__(self, paths: dict[str, str], **kwargs):
        super().__init__(**kwargs)
        self._paths = paths

    def get_screen(self, name: str):
        if not self.has_screen(name) and name in self._paths:
            from kivy.lang import Builder

            module_name, _, cls_name = self._paths[name].partition(":")
            module = importlib.import_module(module_name)
            kv = module.__file__.rsplit(".", 1)[0] + ".kv"
            if kv not in Builder.files:
                Builder.load_file(kv)
            self.add_widget(getattr(module, cls_name)(name=name))
        return super().get_screen(name)


class CompanionApp(App):
    """The app. ``controller``: TableController; ``feed``: CameraFeed or None; ``bot``: an
    object with ``tick()`` and ``stop()`` driven by the clock (the demo), or None."""

    title = "UNO Dare! companion"
    portrait = BooleanProperty(False)
    camera_status = StringProperty("no camera")
    camera_ok = BooleanProperty(False)
    fps = NumericProperty(0.0)
    demo = BooleanProperty(False)

    def __init__(self, controller: Any, *, feed: Any = None, config: Any = None,
                 bot: Any = None, poll_interval: float = 1 / 20, **kwargs):
        super().__init__(**kwargs)
        self.controller = controller
        self.feed = feed
        self.table_config = config
        self.bot = bot
        self.demo = bot is not None
        self.poll_interval = poll_interval
        self.manual: str | None = None
        self.rounds_seen = 0
        self.rounds_closed = 0
        self.sm: ScreenManager | None = None
        self._posted: queue.SimpleQueue[Callable[[], Any]] = queue.SimpleQueue()
        self._question: Any = None
        self._question_key: Any = None
        self._asked: dict[str, Any] = {}     # kind of question -> its kept ChoicePopup
        self._event = None
        self._fps_shown_at = -1.0
        self._stopped = False
        if feed is None:
            self.camera_status = "off (enter cards by hand)"

    # --- building -------------------------------------------------------------------------------
    def build(self):
        from companion.ui import widgets

        widgets.load()
        Window.clearcolor = T.BG
        self.sm = LazyScreenManager(dict(SCREENS), transition=NoTransition())
        self.controller.listen(self._on_change)
        Window.bind(size=self._on_window)
        self._on_window(Window, Window.size)
        self._event = Clock.schedule_interval(self._on_frame, self.poll_interval)
        self._acknowledge_rounds()
        self.route()
        return self.sm

    def on_start(self):
        # the camera and the recogniser start once the first frame is on the screen, so
        # the table sees the app at once and not after the camera is ready
        Window.bind(on_flip=self._start_feed)

    def _start_feed(self, *_):
        Window.unbind(on_flip=self._start_feed)
        if self.feed is not None and not self.feed.running and not self._stopped:
            self.feed.start()

    def on_stop(self):
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the clock callback, the bot and the camera threads (safe to call twice)."""
        self._stopped = True
        if self._event is not None:
            self._event.cancel()
            self._event = None
        if self.bot is not None:
            self.bot.stop()
        if self.feed is not None:
            self.feed.stop()

    def _on_window(self, window, size):
        self.portrait = size[1] > size[0]

    # --- hand-overs to the main thread ------------------------------------------------------------
    def post(self, work: Callable[[], Any]) -> None:
        """Run ``work`` on the main thread at the next frame (safe from any thread)."""
        self._posted.put(work)

    def _on_frame(self, dt: float) -> None:
        while True:
            try:
                work = self._posted.get_nowait()
            except queue.Empty:
                break
            try:
                work()
            except Exception:
                log.exception("work handed to the main thread failed")
        if self.feed is not None:
            self._take_camera_results()
        self.controller.tick()
        if self.bot is not None:
            self.bot.tick()
        screen = self.sm.current_screen if self.sm else None
        if screen is not None and hasattr(screen, "on_frame"):
            screen.on_frame()

    def _take_camera_results(self) -> None:
        for msg in self.feed.poll():
            if msg.kind == "play":
                self.controller.camera_play(msg.card)
            elif msg.kind == "taken_back":
                self.controller.camera_take_back(msg.card)
            elif msg.kind in ("status", "error"):
                self.camera_status = msg.text
                self.camera_ok = msg.text == "ok"
                self.controller.camera_status = msg.text
            elif msg.kind == "count":
                self.sm.get_screen("roundover").camera_counted(list(msg.cards))
            elif msg.kind == "photo":
                self.sm.get_screen("camera").photo_taken(msg.image)
        # the frame rate is shown in whole numbers, at most once a second: every new text
        # costs a render, and the screen must not spend its frames on a counter
        now = Clock.get_time()
        if now - self._fps_shown_at >= 1.0:
            self._fps_shown_at = now
            self.fps = float(round(self.feed.fps))

    # --- routing -------------------------------------------------------------------------------------
    def _on_change(self, outcome: Any) -> None:
        self.route()
        self._sync_questions()

    def _acknowledge_rounds(self) -> None:
        snap = self.controller.snapshot()
        n = len(snap["rounds"]) if snap else 0
        self.rounds_seen = self.rounds_closed = n

    def route(self) -> None:
        """Show the screen the game needs (or the one the table opened), refreshed."""
        if self.sm is None:
            return
        target = self.manual or screen_for(self.controller.snapshot(), self.rounds_seen,
                                           self.rounds_closed)
        if self.sm.current != target:
            self.sm.get_screen(target)
            self.sm.current = target
        screen = self.sm.current_screen
        if hasattr(screen, "refresh"):
            screen.refresh()

    def open_screen(self, name: str) -> None:
        """Open a screen the table asked for (camera check, scores, House Rules)."""
        self.manual = name
        self.route()

    def close_screen(self) -> None:
        self.manual = None
        self.route()

    def round_points_seen(self) -> None:
        """The table has read the round's points: show the scores next."""
        snap = self.controller.snapshot()
        self.rounds_seen = len(snap["rounds"]) if snap else 0
        self.route()

    def scores_seen(self) -> None:
        """The table has read the scores: on to the next deal."""
        snap = self.controller.snapshot()
        self.rounds_seen = self.rounds_closed = len(snap["rounds"]) if snap else 0
        self.manual = None
        self.route()

    def game_started(self) -> None:
        """A new or resumed game: its past rounds are not news."""
        self._acknowledge_rounds()
        self.manual = None
        self.route()

    # --- questions any screen may need answered --------------------------------------------------
    def _sync_questions(self) -> None:
        from companion.ui.widgets.keys import ChoicePopup
        from companion.words import card_name

        ctl = self.controller
        key = None
        if ctl.pending_illegal is not None:
            key = ("illegal", ctl.pending_illegal)
        elif ctl.pending_number is not None:
            key = ("number", ctl.pending_number)
        if key == self._question_key:
            return
        if self._question is not None:
            self._question.dismiss()
            self._question = None
        self._question_key = key
        if key is None:
            return
        if key[0] == "illegal":
            p = ctl.pending_illegal
            question = (f"Not allowed: {p.player} played {card_name(p.card)}",
                        [("Take it back", ctl.take_back_illegal, T.BUTTON),
                         ("Allow it", ctl.allow_illegal, T.BUTTON_DIM)],
                        p.reason[:1].upper() + p.reason[1:], None)
        else:
            choices = [(str(n), (lambda n=n: ctl.complete_number(n)), T.PANEL_HI)
                       for n in range(1, 17)]
            choices.append(("Can't read", lambda: ctl.complete_number(None), T.BUTTON_DIM))
            question = (f"Which number is on the {card_name(ctl.pending_number)}?",
                        choices, "", 9 if not self.portrait else 5)
        # each kind of question keeps its pop-up: asked again, not made anew
        popup = self._asked.get(key[0])
        if popup is None:
            popup = self._asked[key[0]] = ChoicePopup(*question)
            popup.bind(on_dismiss=self._question_closed)
        else:
            popup.ask(*question)
        self._question = popup
        popup.open()

    def _question_closed(self, popup) -> None:
        if popup is self._question:
            self._question = None
            # answered (or the camera saw the card go back): ask again only if still open
            Clock.schedule_once(lambda dt: self._resync(), 0)

    def _resync(self) -> None:
        self._question_key = None
        self._sync_questions()


def build_app(config: Any, source: Any, buzzer: Any, journal: Any, *,
              recognizer: Any = None, bot: Any = None, clock: Callable[[], float] | None = None,
              controller_params: Any = None) -> CompanionApp:
    """Compose the app from devices made by the caller (the composition root).

    ``source``: a camera frame source or None (cards entered by hand); ``recognizer``:
    what reads cards off frames (None: the camera is shown but reads nothing), or one per
    game mode (``companion.readers.game_readers``). Either may be a function that makes
    it, called on the camera's thread after the first frame.
    """
    import time

    from companion.camerafeed import CameraFeed, follow_game
    from companion.table import TableController

    controller = TableController(journal, buzzer, house_rules=config.house_rules.dares,
                                 clock=clock or time.monotonic, params=controller_params)
    feed = CameraFeed(source, recognizer) if source is not None else None  # may be factories
    if feed is not None:   # a recogniser per game: the feed reads the game in play
        follow_game(feed, controller)
    return CompanionApp(controller, feed=feed, config=config, bot=bot)
