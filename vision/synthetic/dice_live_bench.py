"""``uno-companion bench dice-tracker``: play events found on live rendered UNO Dice tables.

Each game is a ``LiveDiceTable`` (its own table, camera tilt, light, dice set) on which
dice are put in the centre one after another: now and then the same face again (in a new
place), now and then one taken back (the die before it put back); meanwhile highlights,
shadows, changes of light and a flickering lamp come and go. Every frame is rendered
and read, none dropped. Two figures, as ``bench tracker`` prints them for cards: the
tracker fed the *true* centre die of every frame (the tracker's own logic on dice), and
the whole path (frame -> dice recogniser's centre die -> tracker); then the time the dice
recogniser takes per frame. OpenCV runs on one thread.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from companion.engine.dice_faces import all_face_labels

from ..sighting import Sighting, no_card
from ..tracker import PlayEvent, Tracker
from ..tracker_score import Happening, Score, score_game
from .dice_live import LiveDiceTable

GAMES = 6
PLAYS = 20
P_REPEAT = 0.15       # the same face as the centre die, put down in a new place
P_TAKE_BACK = 0.08    # the centre die lifted and the one before it put back
P_EFFECT = 0.4        # a highlight, a shadow, a change of light or a flicker after a hand


def _happening(event) -> Happening:
    kind = "play" if isinstance(event, PlayEvent) else "taken_back"
    return Happening(kind, event.card, event.frame)


def script(table: LiveDiceTable, rng: random.Random, plays: int) -> None:
    """Queue one game's hands on ``table``: ``plays`` dice, repeats and take-backs; and
    beside them, now and then, a highlight, a shadow, a change of light or a flicker."""
    labels = all_face_labels()
    centre: list[str] = []
    for _ in range(plays):
        r = rng.random()
        if r < P_TAKE_BACK and len(centre) >= 2:
            table.take_back()
            centre.pop()
        else:
            label = centre[-1] if r < P_TAKE_BACK + P_REPEAT and centre else rng.choice(labels)
            table.place(label)
            centre.append(label)
        table.idle(rng.randint(4, 30))
        table.pause(rng.randint(10, 40))
        e = rng.random()
        if e < P_EFFECT:
            (table.glare, table.shadow, table.light, table.flicker)[rng.randrange(4)]()


def measure(seed: int, games: int, plays: int, recognizer) -> tuple[Score, Score, int, float]:
    """(true centre die -> tracker, frames -> recogniser -> tracker, frames, seconds
    recognising) over ``games`` games of ``plays`` dice each."""
    oracle, whole = Score(), Score()
    frames, seconds = 0, 0.0
    for g in range(games):
        table = LiveDiceTable(seed * 1000 + g)
        script(table, random.Random(seed * 1000 + g), plays)
        true_tracker, tracker = Tracker(), Tracker()
        from_truth: list[Happening] = []
        reported: list[Happening] = []
        for f in table.frames():
            s = Sighting(f.top[0], 1.0, f.top[1]) if f.top else no_card()
            from_truth += [_happening(e) for e in true_tracker.update(f.index, f.t, s)]
            t0 = time.perf_counter()
            seen = recognizer.center_die(f.image)
            seconds += time.perf_counter() - t0
            reported += [_happening(e) for e in tracker.update(f.index, f.t, seen)]
            frames += 1
        truth = [Happening(e.event, e.card, e.frame) for e in table.truth]
        oracle.add(score_game(truth, from_truth, game=f"game{g:02d}"))
        whole.add(score_game(truth, reported, game=f"game{g:02d}"))
    return oracle, whole, frames, seconds


def _report(name: str, score: Score, out) -> None:
    print(f"  {name}{score.summary()}", file=out)
    for title, items in (("missed", score.missed), ("false", score.false),
                         ("duplicate", score.duplicates)):
        if items:
            shown = ", ".join(f"{g} frame {h.frame} {h.kind} {h.card}" for g, h in items[:12])
            more = f" ... and {len(items) - 12} more" if len(items) > 12 else ""
            print(f"    {title}: {shown}{more}", file=out)
    if score.late:
        print("    later than 4 frames: " + ", ".join(
            f"{g} frame {h.frame} {h.card} (+{n})" for g, h, n in score.late[:12]), file=out)


def run(args: argparse.Namespace) -> int:
    """Entry point of ``uno-companion bench dice-tracker`` (``--seed``, ``-n`` games)."""
    import os

    import cv2

    from ..dice import DiceRecognizer

    cv2.setNumThreads(1)
    out = sys.stdout
    seed = int(getattr(args, "seed", 1) or 1)
    games = int(getattr(args, "count", None) or GAMES)
    print(f"bench dice-tracker: {games} live dice tables (seed {seed}, {PLAYS} hands each: "
          f"dice put in the centre, {P_REPEAT:.0%} the same face again, {P_TAKE_BACK:.0%} "
          f"taken back; after {P_EFFECT:.0%} of them a highlight, shadow, light change or "
          "flicker), 640x480, every frame read", file=out)
    t0 = time.perf_counter()
    oracle, whole, frames, seconds = measure(seed, games, PLAYS, DiceRecognizer())
    _report("true centre die -> tracker:       ", oracle, out)
    _report("frame -> dice recogniser -> tracker: ", whole, out)
    print(f"  ({frames} frames in {time.perf_counter() - t0:.1f} s, "
          f"{1000 * seconds / max(frames, 1):.1f} ms/frame recognising)", file=out)
    if hasattr(os, "getloadavg"):
        print(f"  (load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)",
              file=out)
    return 0
