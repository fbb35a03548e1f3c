"""``python -m companion.ui.screenshots OUTDIR``: a PNG of every screen, as a table sees it.

Plays a scripted game (bots at a simulated table, seeded), then an UNO Dice game
(``screenshots_dice``), through the real app on an offscreen window and saves each screen and pop-up at 800x480 and at 720x1280 (each size
in its own process: Kivy's window size is fixed when the window is made). ``make
screenshots`` runs it; look at the pictures for clipped or unreadable text.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = ("800x480", "720x1280")
PLAYERS = ["Ann", "Benedikt", "Cat", "Dan"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.ui.screenshots")
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument("--size", help="one size WxH (default: each of " + ", ".join(SIZES) + ")")
    args = parser.parse_args(argv)
    if args.size is None:
        status = 0
        for size in SIZES:
            status |= subprocess.call([sys.executable, "-m", "companion.ui.screenshots",
                                       str(args.out), "--size", size])
        return status
    width, height = (int(v) for v in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("UNO_COMPANION_HOME", tempfile.mkdtemp(prefix="uno-shots-"))
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "resizable", "0")
    shots = Shots(args.out, f"{width}x{height}")
    shots.run()
    print(f"{len(shots.saved)} screenshots at {width}x{height} in {args.out}")
    return 0


class Shots:
    """Drives the app through a game and saves what it shows."""

    def __init__(self, out: Path, size: str):
        self.out = out
        self.size = size
        self.saved: list[Path] = []

    # --- plumbing ------------------------------------------------------------------------------
    def frames(self, seconds: float = 0.0, n: int = 3) -> None:
        from kivy.base import EventLoop

        end = time.monotonic() + seconds
        for _ in range(n):
            EventLoop.idle()
        while time.monotonic() < end:
            EventLoop.idle()
            time.sleep(0.01)

    def save(self, name: str) -> None:
        from kivy.core.window import Window

        self.frames(0.3)
        path = self.out / f"{self.size}-{len(self.saved) + 1:02d}-{name}.png"
        made = Window.screenshot(str(path))   # Kivy adds a counter to the name: keep ours
        Path(made).replace(path)
        self.saved.append(path)

    def close_popups(self) -> None:
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        for child in list(Window.children):
            if isinstance(child, ModalView):
                child.dismiss(animation=False)
        self.frames()

    # --- the game ------------------------------------------------------------------------------
    def run(self) -> None:
        import random

        from companion.config import Config
        from companion.journal import Journal
        from companion.table import TableController
        from companion.engine.cards import Card
        from companion.tablesim import BotStyle, SimTable
        from companion.ui.app import CompanionApp
        from hardware.buzzer import SilentBuzzer

        home = Path(os.environ["UNO_COMPANION_HOME"])
        journal = Journal.open(home / f"shots-{self.size}-{time.time_ns()}.sqlite3")
        ctl = TableController(journal, SilentBuzzer("screenshots"))
        # an unfinished game, so the new-game screen offers to resume it
        ctl.new_game({"type": "game", "mode": "dare", "players": ["Zoe", "Yann", "Xavier"]})
        ctl.session = None
        config = Config()
        app = CompanionApp(ctl, config=config, feed=ShotFeed())
        self.app, self.ctl = app, ctl
        app._run_prepare()
        app.camera_status, app.camera_ok, app.fps = "ok", True, 15.0
        self.frames()
        sm = app.sm

        newgame = sm.get_screen("newgame")
        newgame.players = PLAYERS + ["Eve", "Fatima"]
        newgame.house_rules = ["Sing [b]loudly[/b] for ten seconds."] + [""] * 15
        newgame.refresh()
        self.save("newgame")
        newgame.add_player()
        for ch in "Gus":
            newgame.keyboard.press(ch.upper())
        self.save("keyboard")
        self.close_popups()
        newgame.edit_house_rules()
        self.save("houserules")
        app.close_screen()
        newgame.players = list(PLAYERS)
        newgame.dare_list = "family"
        newgame.start()
        self.frames()

        deal = sm.get_screen("deal")
        self.save("deal")
        deal.start_draw()
        ctl.dealer_card("red-4")
        ctl.dealer_card("blue-9")
        self.frames()
        self.save("deal-draw")
        for label in ("green-2", "yellow-9", "red-1", "blue-3"):
            ctl.dealer_card(label)
        self.frames()
        self.save("deal-flip")

        # the bots' table: the same game, the same dealer, their cards
        sim = SimTable(list(PLAYERS), random.Random(3), style=BotStyle(call_uno=0.0))
        for event in ctl.game.events:
            sim.send(event)
        while True:
            event = sim.next_event()
            if event["type"] == "play" and len(sim.hands[sim.game.state.current]) == 2 \
                    and not Card.from_label(event["card"]).is_dare:
                break
            ctl.submit(event, "bot")
            sim.send(event)
        sim.style = BotStyle()
        ctl.camera_play(event["card"])
        sim.send(event)
        self.frames()
        self.save("table-uno-countdown")
        # an illegal card under the camera
        st = ctl.state
        bad = next(lab for lab in ("red-1", "yellow-2", "green-3", "blue-4")
                   if not ctl.playable(lab))
        ctl.camera_play(bad)
        self.save("table-illegal-play")
        self.close_popups()
        ctl.take_back_illegal()
        sm.get_screen("table").tap_enter_card()
        picker = sm.get_screen("table").picker
        picker.choose_colour(st.color or "red")
        self.save("card-picker")
        self.close_popups()

        self.play_until(sim, lambda c: c.phase == "dare", "a dare")
        self.save("dare")
        self.play_until(sim, lambda c: c.phase == "color", "a Wild Dare")
        self.save("colour")
        self.play_until(sim, lambda c: c.phase == "hands", "the end of the round")
        ro = sm.get_screen("roundover")
        st = ctl.state
        seat = next(s for s in range(st.n) if s != st.round_winner)
        cards = [c.label for c in sim.hands[seat]]
        ro.camera_counted(cards[:-1] + ["wild-dare-7"] + (["red-2"] if len(cards) > 1 else []))
        self.frames()
        self.save("roundover-count")
        while ctl.phase == "hands":
            event = sim.next_event()
            ctl.submit(event, "bot")
            sim.send(event)
        self.frames()
        self.save("roundover-points")
        ro.next()
        self.frames()
        self.play_rounds(sim, 2)
        self.save("scores")
        app.open_screen("camera")
        self.save("camera-check")
        cam = sm.get_screen("camera")
        cam.start_teaching()
        self.save("camera-teach")
        cam.close()
        self.play_until(sim, lambda c: c.phase == "game_over", "the end of the game",
                        acknowledge=True)
        app.round_points_seen()
        self.save("scores-game-over")
        from companion.ui.screenshots_dice import dice_shots

        dice_shots(self)
        app.shutdown()
        journal.close()

    def play_until(self, sim, done, what: str, acknowledge: bool = False, limit: int = 5000) -> None:
        ctl, app = self.ctl, self.app
        for _ in range(limit):
            if done(ctl):
                self.frames()
                return
            if ctl.game.over:
                break
            event = sim.next_event()
            out = ctl.submit(event, "bot")
            if not out.accepted:
                raise RuntimeError(f"the scripted game stopped on {event}: {out.reason}")
            sim.send(event)
            if acknowledge and "round_scored" in out.notices and not ctl.game.over:
                app.scores_seen()
        if not done(ctl):
            raise RuntimeError(f"the scripted game never reached {what}")
        self.frames()

    def play_rounds(self, sim, rounds: int) -> None:
        ctl, app = self.ctl, self.app
        start = len(ctl.snapshot()["rounds"])
        while len(ctl.snapshot()["rounds"]) < start + rounds and not ctl.game.over:
            event = sim.next_event()
            ctl.submit(event, "bot")
            sim.send(event)
            if ctl.phase == "deal" and app.sm.current in ("roundover", "scores"):
                if len(ctl.snapshot()["rounds"]) < start + rounds:
                    app.scores_seen()
        app.round_points_seen()
        self.frames()


class ShotFeed:
    """A camera feed for the screenshots: one rendered table frame, read by the real
    recogniser when it is there (else the renderer's truth)."""

    reads_cards = True
    running = True
    fps = 15.0
    recognizer = None

    def __init__(self):
        self._preview = None

    def start(self):
        return self

    def stop(self):
        pass

    def poll(self):
        return []

    def request_count(self):
        pass

    def request_photo(self):
        pass

    def latest(self):
        if self._preview is None:
            self._preview = self._render()
        return self._preview

    def _render(self):
        from companion.camerafeed import Preview
        from vision.synthetic.live_table import LiveTable

        table = LiveTable(seed=5)
        table.place("green-7", throw=False)
        frame = None
        for frame in table.frames():
            pass
        label, corners, confidence = None, None, 0.0
        try:
            from vision.recognizer import Recognizer

            sighting = Recognizer().top_card(frame.image)
            label, corners, confidence = sighting.label, sighting.corners, sighting.confidence
        except ImportError:
            if frame.top is not None:
                label, corners, confidence = frame.top[0], frame.top[1], 1.0
        return Preview(frame.image, frame.index, label, confidence, corners, self.fps)


if __name__ == "__main__":
    sys.exit(main())
