"""``uno-companion demo``: the whole table working on a laptop, with no camera and no Pi.

The touchscreen app opens on a synthetic live table: bots play a game of UNO Dare!,
putting their cards on a rendered pile that the real recognition pipeline (capture
thread, recogniser, tracker) reads, and tapping what a camera cannot see; the buzzer is
silent (its patterns are logged). ``--mode dice`` plays UNO Dice the same way: the bots
put their dice in the centre of a rendered table, the dice recogniser reads the centre
die. With no display (no DISPLAY or WAYLAND_DISPLAY, no SDL_VIDEODRIVER) it falls back to
``demo --terminal``, which prints each event and the table it leaves; ``--terminal
--camera`` plays the same through the synthetic camera and the recognisers, no screen.
"""

from __future__ import annotations

import argparse
import sys
import time

HELP = "watch bots play a game: on the touchscreen app with a synthetic camera (or --terminal)"

#: Players a game may seat, by mode (the engine's limits).
SEATS = {"dare": (2, 10), "dice": (2, 4)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--terminal", action="store_true", help="print to the terminal")
    parser.add_argument("--mode", choices=sorted(SEATS), default="dare",
                        help="the game: dare (UNO Dare!, default) or dice (UNO Dice)")
    parser.add_argument("--camera", action="store_true",
                        help="with --terminal: through the synthetic camera and the recognisers")
    parser.add_argument("--players", default="Ann,Ben,Cat,Dan",
                        help="comma-separated names (2-10; UNO Dice 2-4)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--target", type=int, default=200, help="target score (default 200)")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds between events")
    parser.add_argument("--size", default="800x480", help="window size (default 800x480)")
    parser.add_argument("--pace", type=float, default=1.2,
                        help="seconds between the bots' moves in the app (default 1.2)")


def describe(snap: dict) -> str:
    arrow = "->" if snap["direction"] == "clockwise" else "<-"
    seats = "  ".join(
        f"{'*' if p['name'] == snap['current'] else ' '}{p['name']}:{p['cards']}"
        f"{'!' if p['uno'] else ''}"
        for p in snap["players"]
    )
    top = snap["top"] or "-"
    colour = f" ({snap['color']})" if snap["color"] and snap["top"] and snap["top"].startswith("wild") else ""
    pile = "pouch" if snap.get("mode") == "dice" else "pile"
    return f"[{snap['phase']:>9}] top {top}{colour:9} {arrow} {seats}  {pile} {snap['draw_pile']}"


def player_names(args: argparse.Namespace) -> list[str] | None:
    """The players of ``--players``, or None after saying what is wrong with them."""
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    low, high = SEATS[args.mode]
    if not low <= len(names) <= high or len(set(names)) != len(names):
        game = "UNO Dice" if args.mode == "dice" else "UNO Dare!"
        print(f"demo: {game} seats {low}-{high} players with different names, not "
              f"{args.players!r}: e.g. --players Ann,Ben,Cat", file=sys.stderr)
        return None
    return names


def run(args: argparse.Namespace) -> int:
    if player_names(args) is None:
        return 2
    if args.terminal and args.camera:
        return run_terminal_camera(args)
    if not args.terminal:
        from companion.launch import has_display

        if has_display():
            return run_app(args)
        print("demo: no display here (no DISPLAY or WAYLAND_DISPLAY): playing in the terminal.",
              file=sys.stderr)
    return run_terminal(args)


def run_app(args: argparse.Namespace) -> int:
    """The Kivy app on the synthetic table, bots at the table, a throwaway journal."""
    import logging
    import tempfile
    from pathlib import Path

    from companion.config import Config
    from companion.demobot import BotParams
    from companion.journal import Journal
    from companion.launch import parse_size, prepare_kivy
    from companion.readers import game_readers
    from hardware.buzzer import SilentBuzzer

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # Kivy reports a missing multitouch library (libmtdev) with a traceback on every
    # desktop; the demo is driven by the mouse and does not need it.
    logging.getLogger("kivy").addFilter(lambda record: "MTDev" not in record.getMessage())
    names = player_names(args)
    try:
        size = parse_size(args.size)
    except ValueError as err:
        print(f"demo: {err}", file=sys.stderr)
        return 2
    prepare_kivy(size)
    logging.getLogger("kivy").setLevel(logging.WARNING)
    logging.getLogger("hardware.buzzer").setLevel(logging.INFO)  # what the buzzer would sound
    from companion.ui.app import build_app

    config = Config()

    def make_source():
        return synthetic_source(args.mode, args.seed, config.camera.width,
                                config.camera.height, fps=15.0)

    with tempfile.TemporaryDirectory(prefix="uno-demo-") as home:
        journal = Journal.open(Path(home) / "journal.sqlite3")
        buzzer = SilentBuzzer("the demo is silent")
        app = build_app(config, make_source, buzzer, journal, recognizer=game_readers())
        bot = demo_bot(args.mode)(app.controller, FeedTable(app.feed), names, seed=args.seed,
                                  params=BotParams(pace_s=args.pace, target=args.target),
                                  on_round_read=app.scores_seen, on_new_game=app.game_started)
        app.bot = bot
        app.demo = True
        bot.start()
        try:
            app.run()
        finally:
            journal.close()
    return 0


def synthetic_source(mode: str, seed: int, width: int = 640, height: int = 480,
                     fps: float = 15.0, realtime: bool = True):
    """The rendered table of the game: a pile of cards, or the centre die."""
    from hardware.camera.synthetic import SyntheticDiceSource, SyntheticSource

    kind = SyntheticDiceSource if mode == "dice" else SyntheticSource
    return kind(seed=seed, width=width, height=height, fps=fps, realtime=realtime)


def demo_bot(mode: str):
    """The bots' class for the game."""
    if mode == "dice":
        from companion.demobot_dice import DiceDemoBot

        return DiceDemoBot
    from companion.demobot import DemoBot

    return DemoBot


class FeedTable:
    """The synthetic table the bots play on, once the camera feed has made it."""

    def __init__(self, feed):
        self.feed = feed

    @property
    def ready(self) -> bool:
        return self.feed.ready.is_set() and self.feed.source is not None

    @property
    def busy(self) -> bool:
        return self.ready and self.feed.source.busy

    def place(self, label: str) -> None:
        self.feed.source.place(label)

    def take_back(self) -> None:
        self.feed.source.take_back()


def run_terminal_camera(args: argparse.Namespace) -> int:
    """The bots through the synthetic camera, the recognisers, the tracker and the table
    controller, with no screen: each event printed with who made it (camera or bot)."""
    import tempfile
    from collections import Counter
    from pathlib import Path

    from companion.camerafeed import CameraFeed
    from companion.demobot import BotParams
    from companion.demoloop import drive
    from companion.journal import Journal
    from companion.log import dump_event
    from companion.readers import game_readers
    from companion.table import TableController
    from hardware.buzzer import SilentBuzzer

    names = player_names(args)
    source = synthetic_source(args.mode, args.seed, fps=15.0)
    with tempfile.TemporaryDirectory(prefix="uno-demo-") as home:
        journal = Journal.open(Path(home) / "journal.sqlite3")
        controller = TableController(journal, SilentBuzzer("the demo is silent"))
        feed = CameraFeed(source, game_readers(), mode=args.mode)
        bot = demo_bot(args.mode)(controller, source, names, seed=args.seed,
                                  params=BotParams(pace_s=args.pace, target=args.target))

        entered: Counter = Counter()     # pieces put on the table, by who entered them

        def show(outcome) -> None:
            if outcome is None or not outcome.accepted or not controller.snapshot():
                return
            if outcome.event.get("type") in ("play", "flip", "start"):
                entered[outcome.source] += 1
            print(f"{outcome.source:>6} {dump_event(outcome.event):58} "
                  f"{describe(controller.snapshot())}", flush=True)

        controller.listen(show)
        bot.start()
        try:
            with feed:
                drive(controller, feed, bot, lambda: controller.game.over or bot.stopped)
        except KeyboardInterrupt:
            print("demo: stopped", file=sys.stderr)
            return 130
        finally:
            journal.close()
    if bot.stopped:
        print(f"demo: {bot.stop_reason}", file=sys.stderr)
        return 1
    print(f"{controller.snapshot()['winner']} wins the game. Of the {sum(entered.values())} "
          f"pieces put down the camera entered {entered['camera']}; the bots typed in "
          f"{bot.typed_in} it missed and corrected {bot.corrections}.")
    return 0


def run_terminal(args: argparse.Namespace) -> int:
    import random

    from companion.log import dump_event

    names = player_names(args)
    if args.mode == "dice":
        from companion.tablesim_dice import DiceTable

        sim = DiceTable(names, random.Random(args.seed), target=args.target)
    else:
        from companion.tablesim import SimTable

        sim = SimTable(names, random.Random(args.seed), target=args.target)
    for event, notices in sim.play():
        snap = sim.game.snapshot()
        note = f"  <{', '.join(notices)}>" if notices else ""
        print(f"{dump_event(event):58} {describe(snap)}{note}")
        if snap["pending_dare"] and "dare" in notices:
            d = snap["pending_dare"]
            print(f"    DARE #{d['number']} for {d['player']}: {d['text']}")
        if "round_scored" in notices:
            r = snap["rounds"][-1]
            print(f"    round {snap['round']} won by {r['winner']}: "
                  + ", ".join(f"{k} +{v}" for k, v in r["points"].items())
                  + " | totals " + ", ".join(f"{p['name']} {p['score']}" for p in snap["players"]))
        if args.delay:
            time.sleep(args.delay)
    print(f"{sim.game.snapshot()['winner']} wins the game.")
    return 0
