"""``uno-companion demo``: the whole table working on a laptop, with no camera and no Pi.

The touchscreen app opens on a synthetic live table: bots play a game of UNO Dare!,
putting their cards on a rendered pile that the real recognition pipeline (capture
thread, recogniser, tracker) reads, and tapping what a camera cannot see; the buzzer is
silent (its patterns are logged). With no display (no DISPLAY or WAYLAND_DISPLAY, no
SDL_VIDEODRIVER) it falls back to ``demo --terminal``, which prints each event and the
table it leaves.
"""

from __future__ import annotations

import argparse
import sys
import time

HELP = "watch bots play a game: on the touchscreen app with a synthetic camera (or --terminal)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--terminal", action="store_true", help="print to the terminal")
    parser.add_argument("--players", default="Ann,Ben,Cat,Dan", help="comma-separated names")
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
    return f"[{snap['phase']:>9}] top {top}{colour:9} {arrow} {seats}  pile {snap['draw_pile']}"


def run(args: argparse.Namespace) -> int:
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
    from companion.demobot import BotParams, DemoBot
    from companion.journal import Journal
    from companion.launch import load_recognizer, parse_size, prepare_kivy
    from hardware.buzzer import SilentBuzzer
    from hardware.camera.synthetic import SyntheticSource

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # Kivy reports a missing multitouch library (libmtdev) with a traceback on every
    # desktop; the demo is driven by the mouse and does not need it.
    logging.getLogger("kivy").addFilter(lambda record: "MTDev" not in record.getMessage())
    names = [n.strip() for n in args.players.split(",") if n.strip()]
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
        return SyntheticSource(seed=args.seed, width=config.camera.width,
                               height=config.camera.height, fps=15.0)

    with tempfile.TemporaryDirectory(prefix="uno-demo-") as home:
        journal = Journal.open(Path(home) / "journal.sqlite3")
        buzzer = SilentBuzzer("the demo is silent")
        app = build_app(config, make_source, buzzer, journal, recognizer=load_recognizer)
        bot = DemoBot(app.controller, FeedTable(app.feed), names, seed=args.seed,
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


class FeedTable:
    """The synthetic table the bots play on, once the camera feed has made it."""

    def __init__(self, feed):
        self.feed = feed

    @property
    def ready(self) -> bool:
        return self.feed.ready.is_set() and self.feed.source is not None

    def place(self, label: str) -> None:
        self.feed.source.place(label)


def run_terminal(args: argparse.Namespace) -> int:
    import random

    from companion.log import dump_event
    from companion.tablesim import SimTable

    names = [n.strip() for n in args.players.split(",") if n.strip()]
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
