"""``uno-companion bench vision``: the recogniser on a fixed-seed set of synthetic scenes.

Prints what it measured: accuracy, wrong-card rate and no-card rate overall and per scene
condition, a confusion list, the "all cards" count on spread hands, and milliseconds per
640x480 frame (median and p95, one thread; wall clock and this thread's CPU time, which
other jobs on the machine do not inflate). The figures in the README come from here.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import numpy as np

DEFAULT_COUNT = 2000


@dataclass
class Tally:
    """Outcomes of one group of scenes: correct, wrong card, no card, and for a dare whose
    number was not read the bare ``red-dare`` (not counted correct)."""

    n: int = 0
    correct: int = 0
    wrong: int = 0
    none: int = 0
    unnumbered: int = 0

    def add(self, outcome: str) -> None:
        self.n += 1
        setattr(self, outcome, getattr(self, outcome) + 1)

    def pct(self, count: int) -> str:
        return f"{100.0 * count / self.n:6.2f}" if self.n else "     -"


@dataclass
class Results:
    cards: Tally = field(default_factory=Tally)            # pile + single, top card whole
    occluded: Tally = field(default_factory=Tally)         # a finger over the top card
    empty: Tally = field(default_factory=Tally)            # no face-up card at all
    by_condition: dict = field(default_factory=lambda: defaultdict(Tally))
    confusion: Counter = field(default_factory=Counter)
    unnumbered: Counter = field(default_factory=Counter)
    spread_cards: int = 0
    spread_correct: int = 0
    spread_wrong: int = 0
    spread_unnumbered: int = 0
    spread_extra: int = 0
    ms: list = field(default_factory=list)
    #: The same frames' CPU time on this thread (what the recogniser costs, whatever else
    #: the machine runs).
    cpu_ms: list = field(default_factory=list)
    #: With ``explain``: why top cards were missed (stage -> count) and which scenes.
    stages: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=lambda: defaultdict(list))


def outcome(truth: str | None, answer: str | None) -> str:
    """How one answer counts against the truth (see :class:`Tally`)."""
    if answer == truth:
        return "correct"
    if answer is None:
        return "none"
    if truth is not None and answer == truth.rsplit("-", 1)[0] and "dare" in truth:
        return "unnumbered"
    return "wrong"


def match_truth(corners: np.ndarray, truth: list[tuple[str, np.ndarray]],
                reach: float = 0.35) -> int | None:
    """Index of the true item (card, die face) whose centre lies nearest ``corners``'
    centre, if within ``reach`` of its side's length."""
    c = np.asarray(corners).mean(axis=0)
    best, best_d = None, None
    for i, (_, q) in enumerate(truth):
        d = float(np.linalg.norm(q.mean(axis=0) - c))
        size = float(np.linalg.norm(q[0] - q[1]))
        if d < reach * size and (best_d is None or d < best_d):
            best, best_d = i, d
    return best


def condition_lines(by_condition: dict, unnumbered: bool = True) -> list[str]:
    """The per-condition table: one row per (tag, value)."""
    head = f"  {'condition':<22}{'n':>6}{'correct%':>10}{'wrong%':>9}{'none%':>8}"
    lines = [head + (f"{'no-num%':>9}" if unnumbered else "")]
    for (key, value), t in sorted(by_condition.items()):
        row = (f"  {key + '=' + value:<22}{t.n:>6}{t.pct(t.correct):>10}{t.pct(t.wrong):>9}"
               f"{t.pct(t.none):>8}")
        lines.append(row + (f"{t.pct(t.unnumbered):>9}" if unnumbered else ""))
    return lines


def confusion_lines(confusion: Counter, most: int = 25) -> list[str]:
    lines = ["confusions (truth -> answer: count):"]
    if not confusion:
        lines.append("  none")
    for (truth, answer), k in confusion.most_common(most):
        lines.append(f"  {truth} -> {answer}: {k}")
    return lines


def failure_stage(recognizer, scene) -> str:
    """Where a missed top card was lost: its field never found, read but refused (and
    why), read right yet another answer came first."""
    truth = [(scene.label, scene.corners)]
    found = [c for c in recognizer.candidates(scene.image) if match_truth(c.card, truth) is not None]
    if not found:
        return "search: its field was not found"
    reading = recognizer.read(scene.image, found[0])
    result = outcome(scene.label, reading.label)
    if result == "correct":
        return "order: read right, another answer came first"
    if result == "unnumbered":
        return "read: the dare's number unsure"
    if result == "wrong":
        return "read: another label"
    return "read: " + reading.reason


def evaluate(scenes, recognizer, results: Results | None = None, explain: bool = False) -> Results:
    """Run ``recognizer`` over ``scenes`` (vision.synthetic.Scene) and tally the answers;
    with ``explain``, also where each missed top card was lost (:func:`failure_stage`)."""
    res = results or Results()
    for index, scene in enumerate(scenes):
        kind = scene.conditions.get("kind")
        start, cpu = time.perf_counter(), time.thread_time()
        sighting = recognizer.top_card(scene.image)
        res.cpu_ms.append((time.thread_time() - cpu) * 1000.0)
        res.ms.append((time.perf_counter() - start) * 1000.0)
        if kind == "spread":
            truth = list(scene.cards)
            res.spread_cards += len(truth)
            seen = set()
            for s in recognizer.all_cards(scene.image):
                i = match_truth(s.corners, truth)
                if i is None or i in seen:
                    res.spread_extra += 1
                    continue
                seen.add(i)
                result = outcome(truth[i][0], s.label)
                if result == "correct":
                    res.spread_correct += 1
                elif result == "unnumbered":
                    res.spread_unnumbered += 1
                else:
                    res.spread_wrong += 1
                    res.confusion[(truth[i][0], s.label)] += 1
            continue
        result = outcome(scene.label, sighting.label)
        if kind == "empty":
            res.empty.add("correct" if sighting.label is None else "wrong")
            if sighting.label is not None:
                res.confusion[("(" + scene.conditions.get("empty", "empty") + ")", sighting.label)] += 1
            continue
        if scene.conditions.get("occluded") == "yes":
            res.occluded.add("wrong" if result == "wrong" else "correct")
            if result == "wrong":
                res.confusion[(scene.label, sighting.label)] += 1
            continue
        res.cards.add(result)
        if explain and result != "correct":
            stage = failure_stage(recognizer, scene)
            res.stages[stage] += 1
            res.examples[stage].append(index)
        if result == "wrong":
            res.confusion[(scene.label, sighting.label)] += 1
        elif result == "unnumbered":
            res.unnumbered[scene.label] += 1
        for key, value in scene.conditions.items():
            if key not in ("kind", "occluded", "empty"):
                res.by_condition[(key, value)].add(result)
        res.by_condition[("kind", kind)].add(result)
    return res


def report(res: Results, seed: int, count: int) -> str:
    """The benchmark's printout."""
    c = res.cards
    lines = [f"bench vision: {count} synthetic scenes, seed {seed}, 640x480, one thread",
             "",
             f"top card (pile + single, {c.n} scenes): correct {c.pct(c.correct)}%  "
             f"wrong card {c.pct(c.wrong)}%  no card {c.pct(c.none)}%  "
             f"dare without number {c.pct(c.unnumbered)}%",
             f"no-card scenes ({res.empty.n}): called a card {res.empty.pct(res.empty.wrong)}%",
             f"finger over the top card ({res.occluded.n}): wrong card "
             f"{res.occluded.pct(res.occluded.wrong)}% (the card or no card both count as right)"]
    if res.spread_cards:
        n = res.spread_cards
        missed = n - res.spread_correct - res.spread_wrong - res.spread_unnumbered
        lines.append(f"spread hands, all cards ({n} cards): correct "
                     f"{100.0 * res.spread_correct / n:.2f}%  wrong {100.0 * res.spread_wrong / n:.2f}%  "
                     f"dare without number {100.0 * res.spread_unnumbered / n:.2f}%  "
                     f"missed {100.0 * missed / n:.2f}%  extra (not a card there) {res.spread_extra}")
    ms = np.array(res.ms)
    cpu = np.array(res.cpu_ms if res.cpu_ms else res.ms)
    lines.append(f"ms per frame (top_card): median {np.median(ms):.2f}  "
                 f"p95 {np.percentile(ms, 95):.2f}  "
                 f"(cpu median {np.median(cpu):.2f}  p95 {np.percentile(cpu, 95):.2f})")
    lines += ["", "per condition (top card scenes):", *condition_lines(res.by_condition)]
    lines += ["", *confusion_lines(res.confusion)]
    if res.stages:
        lines += ["", *stage_lines(res, f"where missed top cards were lost (scene i is make_scene("
                                        f"default_rng([{seed}, i]), ...) as scene_set makes it):")]
    return "\n".join(lines)


def stage_lines(res, heading: str, shown: int = 10) -> list[str]:
    """``heading``, then each stage where missed cards were lost (``res.stages``, a Counter),
    commonest first, with the first ``shown`` scene numbers lost there (``res.examples``) to
    re-make and look at. Any benchmark's results with those two fields will do."""
    lines = [heading]
    for stage, k in res.stages.most_common():
        scenes = " ".join(str(i) for i in res.examples[stage][:shown])
        lines.append(f"  {k:5d}  {stage}  (e.g. {scenes})")
    return lines


def run(args: argparse.Namespace) -> int:
    """Entry point of ``uno-companion bench vision``."""
    import cv2

    from .recognizer import Recognizer
    from .synthetic import scene_set

    cv2.setNumThreads(1)
    count = args.count or DEFAULT_COUNT
    recognizer = Recognizer()
    recognizer.top_card(np.zeros((480, 640, 3), np.uint8))  # build the default profile first
    res = evaluate(scene_set(args.seed, count), recognizer, explain=getattr(args, "explain", False))
    print(report(res, args.seed, count))
    return 0
