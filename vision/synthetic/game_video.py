"""Whole games on a pile as video files, with the true list of events beside them.

``game_script(seed)`` writes down what happens at a table: cards played (some carried in
by hand, some flicked in), the same card twice in a row, a wrong card taken back, hands
hovering, light changes, a flickering lamp, glare, a passing shadow and one camera nudge.
``play_script`` performs it on a ``LiveTable``; ``write_game_video`` records it as mp4v
(``.mp4``) or MJPG (``.avi``) and writes ``<video>.json``: the truth a tracker is scored
against (``{"event": "play"|"taken_back", "card", "frame", "t"}`` per event, a play's frame
being the one on which the card lay still and untouched for the first time).

Disturbances happen while nobody is placing a card, so a card's settling frame is a fair
start for measuring latency; hands, glare and light changes then test that nothing false
is reported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence

import cv2
import numpy as np

from companion.engine.cards import all_labels

from .live_table import LiveTable, TableParams
from .table_truth import TableFrame, TruthEvent

#: One step of a script: calls on a LiveTable started together, e.g.
#: ``(("idle", {"frames": 20}), ("glare", {"frames": 12}))``.
Step = tuple[tuple[str, dict], ...]

HAND_ACTIONS = ("place", "take_back", "hover", "idle")
EFFECTS = ("glare", "shadow", "light", "flicker", "nudge", "pause")

FOURCCS = {"mp4v": ".mp4", "MJPG": ".avi"}


@dataclass(frozen=True)
class GameTruth:
    """What a recorded game holds: its seed, size, frame count and true events."""

    seed: int
    fps: float
    frames: int
    width: int
    height: int
    events: tuple[TruthEvent, ...]

    @property
    def plays(self) -> list[TruthEvent]:
        return [e for e in self.events if e.event == "play"]

    def to_json(self) -> dict:
        return {"seed": self.seed, "fps": self.fps, "frames": self.frames,
                "width": self.width, "height": self.height,
                "events": [e.to_json() for e in self.events]}

    @classmethod
    def from_json(cls, data: dict) -> "GameTruth":
        events = tuple(TruthEvent(e["event"], e["card"], int(e["frame"]), float(e["t"]))
                       for e in data["events"])
        return cls(int(data["seed"]), float(data["fps"]), int(data["frames"]),
                   int(data["width"]), int(data["height"]), events)


def _idle(rng: np.random.Generator, lo: int = 10, hi: int = 26) -> Step:
    return (("idle", {"frames": int(rng.integers(lo, hi))}),)


def _disturbance(rng: np.random.Generator, kind: str) -> Step:
    """Something happening at the table while nobody plays."""
    if kind == "hover":
        return (("hover", {"frames": int(rng.integers(10, 40))}),)
    frames = int(rng.integers(25, 45))
    before = int(rng.integers(4, 10))
    effect: tuple[str, dict]
    if kind == "glare":
        effect = ("glare", {"frames": int(rng.integers(6, 16))})
    elif kind == "shadow":
        effect = ("shadow", {"frames": int(rng.integers(15, 25))})
    elif kind == "light":
        effect = ("light", {"frames": int(rng.integers(8, 16))})
    elif kind == "flicker":
        effect = ("flicker", {"frames": int(rng.integers(4, 9))})
    elif kind == "nudge":
        effect = ("nudge", {})
    else:
        raise ValueError(f"unknown disturbance {kind!r}")
    return (("idle", {"frames": frames}), ("pause", {"frames": before}), effect)


def game_script(seed: int, plays: int = 10) -> list[Step]:
    """A game of ``plays`` plays (at least 6) with one of each hazard, from ``seed``.

    Among the plays: the same card twice in a row once, and once a wrong card laid and
    taken back before the right one; between plays one each of hover, glare, shadow, light
    change, flicker and camera nudge (and a second hover and glare), in a random order.
    """
    if plays < 6:
        raise ValueError("a game script needs at least 6 plays")
    rng = np.random.default_rng([seed, 7])
    labels = all_labels()
    pick = lambda: labels[int(rng.integers(len(labels)))]  # noqa: E731
    repeat_at = int(rng.integers(2, plays - 2))
    takeback_at = int(rng.choice([i for i in range(2, plays)
                                  if i not in (repeat_at, repeat_at + 1)]))
    hazards = ["hover", "glare", "shadow", "light", "flicker", "nudge"]
    rng.shuffle(hazards)
    hazards += ["hover", "glare"]  # the extras are dropped first when plays are few
    slots = rng.permutation(np.arange(1, plays)).tolist()
    hazard_at: dict[int, list[str]] = {}
    for k, hazard in enumerate(hazards[:max(6, len(slots))]):
        hazard_at.setdefault(slots[k % len(slots)], []).append(hazard)

    steps: list[Step] = [(("idle", {"frames": 12}),)]
    previous = None
    for i in range(plays):
        label = previous if i == repeat_at + 1 and previous else pick()
        while i != repeat_at + 1 and label == previous:
            label = pick()
        if i == takeback_at:
            wrong = pick()
            while wrong in (previous, label):
                wrong = pick()
            steps.append((("place", {"label": wrong}),))
            steps.append(_idle(rng, 8, 16))
            steps.append((("take_back", {}),))
            steps.append(_idle(rng, 6, 12))
        steps.append((("place", {"label": label}),))
        steps.append(_idle(rng))
        for hazard in hazard_at.get(i, []):
            steps.append(_disturbance(rng, hazard))
        previous = label
    steps.append((("idle", {"frames": 20}),))
    return steps


def play_script(table: LiveTable, steps: Sequence[Step]) -> Iterator[TableFrame]:
    """Perform the script step by step, rendering until each step is over."""
    for step in steps:
        for name, kwargs in step:
            if name not in HAND_ACTIONS + EFFECTS:
                raise ValueError(f"unknown table action {name!r}")
            getattr(table, name)(**kwargs)
        while table.busy:
            yield table.render()


def game_table(seed: int, width: int = 640, height: int = 480, fps: float = 30.0,
               params: TableParams | None = None) -> LiveTable:
    """The table (deck, cloth, light, camera) a game of ``seed`` is played on."""
    return LiveTable(seed, width, height, fps=fps, params=params)


def render_game(seed: int, plays: int = 10, width: int = 640, height: int = 480,
                fps: float = 30.0, params: TableParams | None = None
                ) -> tuple[LiveTable, Iterator[TableFrame]]:
    """The table and an iterator over the game's frames (truth accumulates in
    ``table.truth`` and in each frame's ``events`` as frames are drawn). For a picture
    smaller than 640x480 give ``params`` with cards to match."""
    table = game_table(seed, width, height, fps, params)
    return table, play_script(table, game_script(seed, plays))


def write_game_video(path: str | Path, seed: int, plays: int = 10, *, fourcc: str = "mp4v",
                     width: int = 640, height: int = 480, fps: float = 30.0,
                     on_frame: Callable[[TableFrame], None] | None = None,
                     params: TableParams | None = None) -> GameTruth:
    """Render game ``seed`` into a video at ``path`` and its truth into ``path``.json;
    ``on_frame`` sees every rendered frame (with its truth) as it is written."""
    if fourcc not in FOURCCS:
        raise ValueError(f"fourcc must be one of {', '.join(FOURCCS)}")
    path = Path(path)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*fourcc), fps, (width, height))
    if not writer.isOpened():
        raise OSError(f"OpenCV cannot write {fourcc} video to {path}")
    table, frames = render_game(seed, plays, width, height, fps, params)
    count = 0
    try:
        for frame in frames:
            writer.write(frame.image)
            count += 1
            if on_frame is not None:
                on_frame(frame)
    finally:
        writer.release()
    truth = GameTruth(seed, fps, count, width, height, tuple(table.truth))
    truth_path(path).write_text(json.dumps(truth.to_json(), indent=1) + "\n")
    return truth


def truth_path(video: str | Path) -> Path:
    """Where the truth of a game video lives: beside it, ``.json`` for its suffix."""
    return Path(video).with_suffix(".json")


def load_truth(video: str | Path) -> GameTruth:
    """The truth written beside a game video."""
    return GameTruth.from_json(json.loads(truth_path(video).read_text()))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m vision.synthetic.game_video OUT.mp4 [--seed N] [--plays N]``."""
    import argparse

    parser = argparse.ArgumentParser(description="write a synthetic game video and its truth")
    parser.add_argument("out", help="video file to write (.mp4 for mp4v, .avi for MJPG)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plays", type=int, default=10)
    args = parser.parse_args(argv)
    fourcc = "MJPG" if Path(args.out).suffix.lower() == ".avi" else "mp4v"
    truth = write_game_video(args.out, args.seed, args.plays, fourcc=fourcc)
    print(f"{args.out}: {truth.frames} frames, {len(truth.plays)} plays, "
          f"{len(truth.events) - len(truth.plays)} taken back; truth in {truth_path(args.out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
