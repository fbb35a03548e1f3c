"""What happens at a live dice table, frame by frame: a hand puts a die in the centre (the
old one goes) or takes it back (the one before returns); a highlight on the centre die, a
person's shadow, the room's light changing and staying, a flickering lamp.

Each action is a generator of per-frame steps for one of ``LiveDiceTable``'s two lanes:
the hands lane (``View``: the dice on the table and a hand over them) and the effects lane
(``Effect``: what to draw over the frame). ``Lane`` is one queue of actions, safe to fill
from another thread.
"""

from __future__ import annotations

import collections
import math
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import numpy as np

from . import table_props as props
from .dice_cube import Die
from .hands import HandPose


@dataclass(frozen=True)
class View:
    """What one frame shows: the dice on the table, and a hand (pose, seed) over it."""

    dice: tuple[Die, ...]
    hand: tuple[HandPose, int] | None = None


@dataclass(frozen=True)
class Effect:
    """One frame's overlay: ``glare`` (centre, radius, strength), ``shadow`` (centre,
    axes, strength); the light's gains are the table's own state (``table.gains``)."""

    glare: tuple[tuple[float, float], float, float] | None = None
    shadow: tuple[tuple[float, float], tuple[float, float], float] | None = None


class Lane:
    """Actions run one after another, one step a frame; ``add`` is safe from any thread."""

    def __init__(self, lock: threading.RLock):
        self._lock = lock
        self._queue: collections.deque[Callable[[], Iterator[Any]]] = collections.deque()
        self._run: Iterator[Any] | None = None

    def add(self, action: Callable[[], Iterator[Any]]) -> None:
        with self._lock:
            self._queue.append(action)

    @property
    def busy(self) -> bool:
        with self._lock:
            return bool(self._run or self._queue)

    def step(self) -> Any:
        """The next step of the action under way (None when idle or idling)."""
        while True:
            with self._lock:
                if self._run is None:
                    if not self._queue:
                        return None
                    self._run = self._queue.popleft()()
                run = self._run
            try:
                return next(run)
            except StopIteration:
                with self._lock:
                    self._run = None


def _wrist_for(table: Any, target: tuple[float, float], d: np.ndarray) -> np.ndarray:
    """Where the wrist is when the fingertips, pointing along ``d``, reach ``target``."""
    return np.asarray(target, np.float64) - d * table.finger * 5.6


def gesture(table: Any, stops: list[tuple[tuple[float, float], Callable[[], None]]]
            ) -> Iterator[View]:
    """A hand comes in off a frame edge, reaches each stop in turn and there does what the
    stop says (``swap()``: a die lifted or set down), then leaves the way it came."""
    rng, p = table.rng, table.params
    angle = float(rng.uniform(0, 2 * math.pi))
    d = np.array([math.cos(angle), math.sin(angle)])
    fingers, sleeve = int(rng.integers(2, 5)), bool(rng.random() < 0.5)
    seed = table.next_hand()

    def view(wrist: np.ndarray) -> View:
        pose = HandPose((float(wrist[0]), float(wrist[1])), angle, table.finger, fingers,
                        1.0, sleeve)
        return View(table.on_table(), (pose, seed))

    outside = _wrist_for(table, stops[0][0], d) - d * (math.hypot(table.width, table.height) * 0.55)
    wrist = outside
    for k, (target, swap) in enumerate(stops):
        goal = _wrist_for(table, target, d)
        lo, hi = p.move_frames if k == 0 else (3, 5)
        n = int(rng.integers(lo, hi + 1))
        for i in range(n):
            yield view(wrist + (goal - wrist) * ease((i + 1) / n))
        wrist = goal
        swap()
        for _ in range(int(rng.integers(p.hold_frames[0], p.hold_frames[1] + 1))):
            yield view(wrist)
    n = int(rng.integers(p.leave_frames[0], p.leave_frames[1] + 1))
    for i in range(n):
        yield view(wrist + (outside - wrist) * ease((i + 1) / n))


def placing(table: Any, label: str) -> Iterator[View]:
    """A hand takes the old centre die away (to the pouch) and sets a new one down."""
    die = table.new_die(label)
    stops = []
    old = table.on_table()
    if old:
        stops.append((table.over(old[0]), table.lift_centre))
    stops.append((table.over(die), lambda: table.set_down(die)))
    return gesture(table, stops)


def taking_back(table: Any) -> Iterator[View]:
    """A hand lifts the centre die; the die before it is put back where it lay."""
    centre = table.on_table()
    if not centre:
        return iter(())
    return gesture(table, [(table.over(centre[0]), table.restore_below)])


def ease(t: float) -> float:
    """Slow at both ends, as a hand moves."""
    return 0.5 - 0.5 * math.cos(math.pi * min(max(t, 0.0), 1.0))


def glare(table: Any, frames: int | None) -> Iterator[Effect]:
    """A highlight near the centre die that drifts, brightens and fades."""
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(6, 20))
    c = np.array(table.centre_px()) + rng.normal(0, table.top_px * 0.4, 2)
    r = table.top_px * rng.uniform(0.25, 0.6)
    s = rng.uniform(0.4, 0.8)
    drift = rng.normal(0, 0.6, 2)
    for i in range(n):
        ramp = min(1.0, (i + 1) / 3, (n - i) / 3)
        yield Effect(glare=(tuple(c + drift * i), float(r), float(s * ramp)))


def shadow(table: Any, frames: int | None) -> Iterator[Effect]:
    """Someone leans over the table: a broad soft shadow passes over the centre."""
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(20, 40))
    a = rng.uniform(0, 2 * np.pi)
    d = np.array([np.cos(a), np.sin(a)])
    span = table.top_px * 10
    axes = (table.top_px * rng.uniform(3.0, 5.0), table.top_px * rng.uniform(2.5, 4.0))
    strength = float(rng.uniform(0.25, 0.45))
    centre = np.array(table.centre_px())
    for i in range(n):
        f = i / max(n - 1, 1)
        yield Effect(shadow=(tuple(centre + d * span * (f - 0.5)), axes, strength))


def light(table: Any, gain: float | None, frames: int | None) -> Iterator[Effect]:
    """The room's light changes (brightness and colour) over a few frames, and stays."""
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(8, 20))
    g = float(gain if gain is not None else rng.uniform(0.75, 1.2))
    tint = rng.uniform(-0.07, 0.07)
    target = (g * (1 - tint), g, g * (1 + tint))
    start = table.gains
    for i in range(1, n + 1):
        table.gains = tuple(a + (b - a) * i / n for a, b in zip(start, target))
        yield Effect()


def flicker(table: Any, frames: int | None) -> Iterator[Effect]:
    """A flickering lamp: the brightness jumps for a few frames."""
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(4, 9))
    base = table.gains
    for i in range(n):
        k = rng.uniform(0.75, 0.9) if i % 2 == 0 else 1.0
        table.gains = tuple(g * k for g in base)
        yield Effect()
    table.gains = base


def draw(img: np.ndarray, effect: Effect | None, gains: tuple[float, float, float]) -> np.ndarray:
    """``img`` under the room light's ``gains`` with the effect drawn over it (a new
    picture when anything is drawn: ``img`` itself is left as it was)."""
    out = props.light(img, gains)
    if effect is None or (effect.glare is None and effect.shadow is None):
        return out
    if out is img:
        out = img.copy()
    if effect.shadow is not None:
        props.soft_shadow(out, *effect.shadow)
    if effect.glare is not None:
        props.glare_spot(out, *effect.glare)
    return out
