"""``uno-companion bench held``: the recogniser on cards held up to a webcam.

Runs ``Recognizer().top_card`` on a fixed-seed set of held-up scenes (vision.synthetic.held)
and prints what it measured: correct / wrong card / no card for cards wholly in frame (a
thumb may cover part of them) overall and per condition, the same for cards partly out of
frame (answering the card or "no card" are both right there), the no-card scenes' "called a
card" rate per sort, the wrong answers with their scene numbers, where each missed card was
lost (vision.bench.failure_stage), and ms per frame (median, p95; one OpenCV thread).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import numpy as np

DEFAULT_COUNT = 400

#: The condition tags the per-condition table shows (the rest are in Scene.conditions too).
SHOWN: tuple[str, ...] = ("design", "thumb", "thumbs", "tilt", "size", "roll", "hands", "room",
                          "light", "glare", "blur", "noise", "jpeg", "color", "lens")


@dataclass
class HeldResults:
    """What ``evaluate`` tallied (vision.bench.Tally per group)."""

    whole: object = None
    cut: object = None
    empty: object = None
    by_condition: dict = field(default_factory=dict)
    by_sort: dict = field(default_factory=dict)
    confusion: Counter = field(default_factory=Counter)
    wrong: list = field(default_factory=list)  # (scene index, truth, answer)
    stages: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=lambda: defaultdict(list))
    ms: list = field(default_factory=list)
    cpu_ms: list = field(default_factory=list)


def evaluate(scenes, recognizer, explain: bool = True) -> HeldResults:
    """Run ``recognizer`` over held-up ``scenes`` and tally the answers; with ``explain``,
    also where each missed whole card was lost."""
    from vision.bench import Tally, failure_stage, outcome

    res = HeldResults(Tally(), Tally(), Tally(), defaultdict(Tally), defaultdict(Tally))
    for index, scene in enumerate(scenes):
        start, cpu = time.perf_counter(), time.thread_time()
        sighting = recognizer.top_card(scene.image)
        res.cpu_ms.append((time.thread_time() - cpu) * 1000.0)
        res.ms.append((time.perf_counter() - start) * 1000.0)
        cond = scene.conditions
        if scene.label is None:
            called = sighting.label is not None
            res.empty.add("wrong" if called else "correct")
            res.by_sort[cond.get("empty", "?")].add("wrong" if called else "correct")
            if called:
                res.confusion[("(" + cond.get("empty", "no card") + ")", sighting.label)] += 1
                res.wrong.append((index, "(" + cond.get("empty", "no card") + ")", sighting.label))
            continue
        result = outcome(scene.label, sighting.label)
        if result == "wrong":
            res.confusion[(scene.label, sighting.label)] += 1
            res.wrong.append((index, scene.label, sighting.label))
        if cond.get("frame") == "cut":
            res.cut.add(result)
            continue
        res.whole.add(result)
        for key in SHOWN:
            if key in cond:
                res.by_condition[(key, cond[key])].add(result)
        if explain and result != "correct":
            stage = failure_stage(recognizer, scene)
            res.stages[stage] += 1
            res.examples[stage].append(index)
    return res


def report(res: HeldResults, seed: int, count: int) -> str:
    """The benchmark's printout."""
    from vision.bench import condition_lines, stage_lines

    w, c, e = res.whole, res.cut, res.empty
    lines = [f"bench held: {count} held-up webcam scenes, seed {seed}, 640x480, one thread", "",
             f"held card wholly in frame ({w.n} scenes): correct {w.pct(w.correct)}%  "
             f"wrong card {w.pct(w.wrong)}%  no card {w.pct(w.none)}%  "
             f"dare without number {w.pct(w.unnumbered)}%",
             f"held card partly out of frame ({c.n} scenes): correct {c.pct(c.correct)}%  "
             f"wrong card {c.pct(c.wrong)}%  no card {c.pct(c.none)}%  "
             f"dare without number {c.pct(c.unnumbered)}%  (the card or no card are both right)",
             f"no-card scenes ({e.n}): called a card {e.pct(e.wrong)}%  ("
             + ", ".join(f"{s} {t.wrong}/{t.n}" for s, t in sorted(res.by_sort.items())) + ")"]
    ms, cpu = np.array(res.ms or [0.0]), np.array(res.cpu_ms or [0.0])
    lines.append(f"ms per frame (top_card): median {np.median(ms):.2f}  "
                 f"p95 {np.percentile(ms, 95):.2f}  "
                 f"(cpu median {np.median(cpu):.2f}  p95 {np.percentile(cpu, 95):.2f})")
    lines += ["", "per condition (cards wholly in frame):", *condition_lines(res.by_condition)]
    lines += ["", "wrong answers (scene: truth -> answer):"]
    lines += [f"  {i}: {truth} -> {answer}" for i, truth, answer in res.wrong] or ["  none"]
    if res.stages:
        lines += ["", *stage_lines(res, "where missed whole cards were lost (scene i is make_held_scene("
                                        f"default_rng([{seed}, i]), ...) as held_set makes it):", shown=12)]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Entry point of ``uno-companion bench held``."""
    import cv2

    from vision.recognizer import Recognizer

    from .held import held_set

    cv2.setNumThreads(1)
    count = args.count or DEFAULT_COUNT
    recognizer = Recognizer()
    recognizer.top_card(np.zeros((480, 640, 3), np.uint8))  # build the default profile first
    res = evaluate(held_set(args.seed, count), recognizer)
    print(report(res, args.seed, count))
    return 0
