"""``uno-companion demo``: watch bots play a whole game through the engine.

The terminal demo prints each event and the table it leaves. (The touchscreen demo, with
the synthetic camera, takes over ``demo`` once the Kivy app lands; this stays as
``demo --terminal``.)
"""

from __future__ import annotations

import argparse
import time

HELP = "watch bots play a game through the engine (terminal)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--terminal", action="store_true", help="print to the terminal")
    parser.add_argument("--players", default="Ann,Ben,Cat,Dan", help="comma-separated names")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--target", type=int, default=200, help="target score (default 200)")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds between events")


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
