"""``uno-companion bench dice``: the dice recogniser on a fixed-seed set of synthetic scenes.

Prints what it measured: for the centre die, correct / wrong face / no answer overall and
per scene condition, the share of no-die scenes called a die, a confusion list, the hand
figures (every die read with ``all_dice``), and milliseconds per 640x480 frame (median and
p95 of ``center_die``, one OpenCV thread, wall clock and this process's CPU time, with the
machine's load, since the figure depends on it). The README's figures come from here.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import numpy as np

from ..bench import Tally, condition_lines, confusion_lines, match_truth

DEFAULT_COUNT = 1000


@dataclass
class Results:
    centre: Tally = field(default_factory=Tally)
    empty: Tally = field(default_factory=Tally)
    by_condition: dict = field(default_factory=lambda: defaultdict(Tally))
    confusion: Counter = field(default_factory=Counter)
    hand_dice: int = 0
    hand_correct: int = 0
    hand_wrong: int = 0
    hand_extra: int = 0
    hands: int = 0
    hands_whole: int = 0
    ms: list = field(default_factory=list)
    cpu_ms: list = field(default_factory=list)
    hand_ms: list = field(default_factory=list)


def outcome(truth: str | None, answer: str | None) -> str:
    if answer == truth:
        return "correct"
    return "none" if answer is None else "wrong"


def evaluate(scenes, recognizer, results: Results | None = None) -> Results:
    """Run ``recognizer`` (a DiceRecognizer) over DiceScenes and tally the answers."""
    res = results or Results()
    for scene in scenes:
        kind = scene.conditions.get("kind")
        if kind == "hand":
            _hand(scene, recognizer, res)
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        sighting = recognizer.center_die(scene.image)
        res.ms.append((time.perf_counter() - wall) * 1000.0)
        res.cpu_ms.append((time.process_time() - cpu) * 1000.0)
        result = outcome(scene.label, sighting.label)
        if kind == "empty":
            res.empty.add("correct" if sighting.label is None else "wrong")
            if sighting.label is not None:
                res.confusion[(f"({scene.conditions.get('empty', 'empty')})", sighting.label)] += 1
            continue
        res.centre.add(result)
        if result == "wrong":
            res.confusion[(scene.label, sighting.label)] += 1
        for key, value in scene.conditions.items():
            if key != "kind":
                res.by_condition[(key, value)].add(result)
        face = "wild" if scene.label.startswith("wild") else scene.label.split("-")[1]
        res.by_condition[("face", "number" if face.isdigit() else face)].add(result)
    return res


def _hand(scene, recognizer, res: Results) -> None:
    truth = list(scene.dice)
    start = time.perf_counter()
    sightings = recognizer.all_dice(scene.image)
    res.hand_ms.append((time.perf_counter() - start) * 1000.0)
    res.hands += 1
    res.hand_dice += len(truth)
    seen: set[int] = set()
    wrong = 0
    for s in sightings:
        i = match_truth(s.corners, truth, reach=0.5)
        if i is None or i in seen:
            res.hand_extra += 1
            continue
        seen.add(i)
        if s.label == truth[i][0]:
            res.hand_correct += 1
        else:
            wrong += 1
            res.confusion[(truth[i][0], s.label)] += 1
    res.hand_wrong += wrong
    if not wrong and len(seen) == len(truth) and len(sightings) == len(truth):
        res.hands_whole += 1


def report(res: Results, seed: int, count: int, load: tuple[float, float]) -> str:
    c, e = res.centre, res.empty
    ms, cpu = np.array(res.ms or [0.0]), np.array(res.cpu_ms or [0.0])
    lines = [f"bench dice: {count} synthetic scenes, seed {seed}, 640x480, one OpenCV thread",
             "",
             f"centre die ({c.n} scenes): correct {c.pct(c.correct)}%  wrong face {c.pct(c.wrong)}%  "
             f"no answer {c.pct(c.none)}%",
             f"no-die scenes ({e.n}): called a die {e.pct(e.wrong)}%"]
    if res.hand_dice:
        n = res.hand_dice
        missed = n - res.hand_correct - res.hand_wrong
        lines.append(f"hands, every die ({res.hands} hands, {n} dice): correct "
                     f"{100.0 * res.hand_correct / n:.2f}%  wrong {100.0 * res.hand_wrong / n:.2f}%  "
                     f"missed {100.0 * missed / n:.2f}%  extra {res.hand_extra}  "
                     f"whole hand right {100.0 * res.hands_whole / max(res.hands, 1):.1f}%")
    lines.append(f"ms per frame (center_die): median {np.median(ms):.2f}  p95 {np.percentile(ms, 95):.2f}"
                 f"  (cpu median {np.median(cpu):.2f}  p95 {np.percentile(cpu, 95):.2f})")
    if res.hand_ms:
        hm = np.array(res.hand_ms)
        lines.append(f"ms per frame (all_dice, hands): median {np.median(hm):.2f}  p95 {np.percentile(hm, 95):.2f}")
    lines.append(f"load average {load[0]:.2f} at the start, {load[1]:.2f} at the end, on {os.cpu_count()} cores")
    lines += ["", "per condition (centre die scenes):",
              *condition_lines(res.by_condition, unnumbered=False)]
    lines += ["", *confusion_lines(res.confusion)]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Entry point of ``uno-companion bench dice``."""
    import cv2

    from ..synthetic.dice import dice_scene_set
    from .recognizer import DiceRecognizer

    cv2.setNumThreads(1)
    count = args.count or DEFAULT_COUNT
    recognizer = DiceRecognizer()
    recognizer.center_die(np.zeros((480, 640, 3), np.uint8))  # build the mark bank first
    load0 = os.getloadavg()[0]
    res = evaluate(dice_scene_set(args.seed, count), recognizer)
    print(report(res, args.seed, count, (load0, os.getloadavg()[0])))
    return 0
