"""A rendered table on which a game of UNO Dice is played: the centre die, frame by frame,
with its truth.

A camera 30-50 cm above the table looks at the centre die, tilted as the dice bench scenes'
camera is, under one room light (colour, fall-off, a person's shadow, auto-exposure), with
the camera's colour response, a little blur and fresh sensor noise on every frame. A player
puts a die in the centre with ``place(label)``: a hand comes in, the old centre die goes
(back to the pouch), the new one is set down near the centre, and the hand leaves. The die
*replaces* the one before; ``take_back()`` lifts it again and puts the die before it back
where it lay (a challenged Wild Draw 4, a die played by mistake).

Alongside the hands, an effects lane (``glare``, ``shadow``, ``light``, ``flicker``:
``dice_live_moves``) passes a highlight or a shadow over the die or changes the light.

``LiveDiceTable`` renders that stream and knows, for every frame, what truly happened
(``vision.synthetic.table_truth.TruthEvent``: a die *settled*, at rest and no longer
touched, or was *taken back*) and which die, if any, lies untouched in view. Actions may be
queued from another thread (the demo's bots, the synthetic camera source).
"""

from __future__ import annotations

import math
import threading
import zlib
from dataclasses import dataclass
from typing import Callable, Iterator

import cv2
import numpy as np

from companion.engine.dice_faces import DieFace, all_face_labels

from . import camera
from . import dice_live_moves as moves
from .dice import DiceSceneParams, TABLE_WEIGHTS, _pick, _table_frame
from .dice_cube import DiceCamera, Die, cast_shadow, draw_die, random_die_light, top_corners
from .dice_face import random_die_style
from .dice_place import die_at, fits, silhouette
from .hands import draw_hand
from .table_truth import TableFrame, TruthEvent
from .table_props import noise_tiles


@dataclass(frozen=True)
class LiveDiceParams:
    """How the table, the camera and the players behave (pixels are the picture's)."""

    fps: float = 30.0
    #: The top face's side seen from straight above, px (drawn once per table).
    top_px: tuple[float, float] = (30.0, 42.0)
    #: Die side over camera distance: 16-20 mm seen from 30-50 cm.
    ratio: tuple[float, float] = (0.034, 0.065)
    max_tilt: float = 20.0       # degrees from straight down
    #: A die lands within this share of the frame's width / height from its centre.
    reach: float = 0.1
    min_shift: float = 0.8       # a new die lands at least this many sides from the old one
    p_shadow: float = 0.3        # a person's shadow lies across the table
    falloff: float = 0.35        # the light falls off across the frame by up to this share
    blur: float = 0.8            # gaussian blur up to this sigma (px); below 0.3 none
    saturation: tuple[float, float] = (0.8, 1.2)
    noise: float = 2.5           # camera noise (grey levels, sigma)
    finger: tuple[float, float] = (0.7, 0.95)   # a finger's width, in top-face sides
    move_frames: tuple[int, int] = (8, 13)
    hold_frames: tuple[int, int] = (2, 5)
    leave_frames: tuple[int, int] = (6, 10)


class LiveDiceTable:
    """A table seen from above with the centre die of UNO Dice, rendered per ``render()``."""

    def __init__(self, seed: int = 0, width: int = 640, height: int = 480, *,
                 fps: float | None = None, params: LiveDiceParams | None = None):
        self.params = p = params or LiveDiceParams()
        self.fps = float(fps or p.fps)
        self.width, self.height = size = int(width), int(height)
        self.seed = int(seed)
        rng = self.rng = np.random.default_rng([self.seed, 31])
        self.style = random_die_style(rng)
        self.top_px = float(rng.uniform(*p.top_px))
        focal = float(np.clip(self.top_px / rng.uniform(*p.ratio), 380, 1400))
        self.tilt = float(rng.uniform(0, p.max_tilt))
        self.camera = DiceCamera.tilted(self.tilt, rng.uniform(0, 360), rng.uniform(0, 360),
                                        focal, size)
        self._scene = DiceSceneParams(size=size)
        self.table_kind = _pick(rng, TABLE_WEIGHTS)
        self._table = _table_frame(rng, self.table_kind, self.camera.table_homography(),
                                   self._scene, None)
        self.die_light = random_die_light(rng)
        self._softness = float(rng.uniform(0.8, 3.0))
        self.room = camera.random_light(rng)
        field, _ = camera.gain_field(rng, self.room, size, bool(rng.random() < p.p_shadow),
                                     float(rng.uniform(0, p.falloff)))
        self._field = camera.auto_exposure(self._table, field, rng, float(rng.uniform(0.3, 1.0)))
        self._saturation = float(rng.uniform(*p.saturation))
        self._gamma = float(rng.uniform(0.85, 1.15))
        self._black = float(rng.uniform(0, 8))
        self._contrast = float(rng.uniform(0.9, 1.1))
        self._blur = float(rng.uniform(0, p.blur))
        self.finger = self.top_px * float(rng.uniform(*p.finger))
        self._noise = noise_tiles(np.random.default_rng([self.seed, 99]),
                                  (self.height + 64, self.width + 64), p.noise)
        self._noise_rng = np.random.default_rng([self.seed, 98])
        self._labels = all_face_labels()
        self._dice: list[Die] = []     # the centre die last; the ones before it for take-backs
        self._lifted = False           # the centre die is in a hand, on its way to the pouch
        self._still: np.ndarray | None = None   # the table as it is without a hand
        self._still_dice: tuple[Die, ...] = ()
        self._lock = threading.RLock()
        self._hands = moves.Lane(self._lock)
        self._effects = moves.Lane(self._lock)
        self.gains = (1.0, 1.0, 1.0)   # the room light's change since the start (B, G, R)
        self._pending: list[tuple[str, str, Die | None]] = []
        self._actions = 0
        self.index = 0
        self.truth: list[TruthEvent] = []

    # -- what people do (queued; safe from any thread) ------------------------------------
    def place(self, label: str) -> None:
        """A player puts a die showing ``label`` in the centre (the old centre die goes)."""
        DieFace.from_label(label)  # a bad label fails here, in the caller's thread
        self._queue(lambda: moves.placing(self, label))

    def take_back(self) -> None:
        """The centre die is lifted again and the die before it put back where it lay."""
        self._queue(lambda: moves.taking_back(self))

    def idle(self, frames: int) -> None:
        """Nobody touches the table for ``frames`` frames."""
        self._queue(lambda: iter([None] * int(frames)))

    def glare(self, frames: int | None = None) -> None:
        """A highlight near the centre die for a while."""
        self._effects.add(lambda: moves.glare(self, frames))

    def shadow(self, frames: int | None = None) -> None:
        """Someone leans over the table: a soft shadow passes over the centre."""
        self._effects.add(lambda: moves.shadow(self, frames))

    def light(self, gain: float | None = None, frames: int | None = None) -> None:
        """The room's light changes over a few frames, and stays."""
        self._effects.add(lambda: moves.light(self, gain, frames))

    def flicker(self, frames: int | None = None) -> None:
        """A flickering lamp for a few frames."""
        self._effects.add(lambda: moves.flicker(self, frames))

    def pause(self, frames: int) -> None:
        """The effects lane waits ``frames`` frames before its next effect."""
        self._effects.add(lambda: iter([None] * int(frames)))

    @property
    def busy(self) -> bool:
        """A hand or an effect is under way or queued."""
        return self._hands.busy or self._effects.busy

    @property
    def hands_busy(self) -> bool:
        """A hand is under way or queued."""
        return self._hands.busy

    def centre_px(self) -> tuple[float, float]:
        """Where the centre die is (or the middle of the frame when there is none)."""
        if self._dice:
            return self.over(self._dice[-1])
        return self.width / 2, self.height / 2

    @property
    def die(self) -> str | None:
        """The centre die's face once it has been set down, or None."""
        with self._lock:
            return self._dice[-1].top if self._dice and not self._lifted else None

    def on_table(self) -> tuple[Die, ...]:
        """The dice in view: the centre die, unless a hand is carrying it away."""
        return () if self._lifted or not self._dice else (self._dice[-1],)

    # -- rendering -----------------------------------------------------------------------
    def render(self) -> TableFrame:
        """Advance one frame and draw it (the table without a hand is drawn once per die)."""
        view = self._hands.step() or moves.View(self.on_table())
        effect = self._effects.step()
        if self._still is None or view.dice != self._still_dice:
            self._still, self._still_dice = self._compose(view.dice), view.dice
        img, hand_mask = self._still, None
        if view.hand is not None:
            pose, seed = view.hand
            img = img.copy()
            hand_mask = draw_hand(np.random.default_rng([self.seed, 7, seed]), img, pose)
        img = moves.draw(img, effect, self.gains)
        add, sub = self._noise[self.index % len(self._noise)]
        dy, dx = self._noise_rng.integers(0, 64, 2)
        window = (slice(dy, dy + self.height), slice(dx, dx + self.width))
        img = cv2.subtract(cv2.add(img, np.ascontiguousarray(add[window])),
                           np.ascontiguousarray(sub[window]))
        top = None
        if view.dice and not self._touched(view.dice[-1], hand_mask):
            die = view.dice[-1]
            top = (die.top, self.corners(die))
        events = self._resolve_pending(view, hand_mask)
        frame = TableFrame(img, self.index, self.index / self.fps, tuple(events), top)
        self.index += 1
        return frame

    def frames(self) -> Iterator[TableFrame]:
        """Render until no hand or effect is under way or queued."""
        while self.busy:
            yield self.render()

    def corners(self, die: Die) -> np.ndarray:
        """The top face's corners in the picture, clockwise from the face's own top-left."""
        return top_corners(self.camera, die).astype(np.float32)

    # -- internals: the hands lane -------------------------------------------------------
    def _queue(self, action: Callable[[], Iterator[moves.View | None]]) -> None:
        self._hands.add(action)

    def new_die(self, label: str) -> Die:
        """A die showing ``label`` near the centre, clear of the old one's place."""
        rng, p = self.rng, self.params
        w, h = self.width, self.height
        old = self._dice[-1] if self._dice else None
        die = None
        for attempt in range(60):
            r = p.reach * (1 + attempt / 30)
            seen = (w / 2 + rng.uniform(-r, r) * w, h / 2 + rng.uniform(-r, r) * h)
            die = die_at(rng, self.camera, seen, self.top_px, label, self.style, self._labels)
            if fits(self.camera, die, [], self._scene) and (
                    old is None or math.dist(die.center, old.center) >= p.min_shift * old.side):
                return die
        assert die is not None
        return die

    def over(self, die: Die) -> tuple[float, float]:
        """The picture point above the middle of a die's top."""
        x, y = self.camera.project(np.array([[*die.center, die.side]]))[0]
        return float(x), float(y)

    def next_hand(self) -> int:
        """A number for the next hand (its look stays the same while it moves)."""
        self._actions += 1
        return self._actions

    def lift_centre(self) -> None:
        """The centre die is picked up, on its way back to the pouch."""
        with self._lock:
            self._lifted = True

    def set_down(self, die: Die) -> None:
        """``die`` lands in the centre: its play is true once no hand touches it."""
        with self._lock:
            self._lifted = False
            self._dice.append(die)
            del self._dice[:-40]
            self._pending.append(("play", die.top, die))

    def restore_below(self) -> None:
        """The centre die is lifted off again and the die before it is the centre die."""
        with self._lock:
            lifted = self._dice.pop()
            below = self._dice[-1] if self._dice else None
            self._pending.append(("taken_back", lifted.top, below))

    # -- internals: drawing and truth ----------------------------------------------------
    def _compose(self, dice: tuple[Die, ...]) -> np.ndarray:
        """The table with ``dice`` as the camera sees it, before noise: the room light, the
        camera's colour response and blur (a hand is drawn over it as it is)."""
        img = self._table.copy()
        for die in dice:
            cast_shadow(img, self.camera, die, self.die_light, self._softness)
            look = np.random.default_rng([self.seed, id_of(die)])
            draw_die(img, self.camera, die, self.die_light, look)
        img = camera.apply_light(img, self._field)
        img = camera.color_response(img, self._saturation, self._gamma, self._black,
                                    self._contrast)
        if self._blur >= 0.3:
            img = cv2.GaussianBlur(img, (0, 0), self._blur)
        return img

    def _touched(self, die: Die, hand_mask: np.ndarray | None) -> bool:
        """Whether the hand overlaps the die's outline in the picture."""
        if hand_mask is None:
            return False
        outline = silhouette(self.camera, die)
        x0, y0 = np.maximum(np.floor(outline.min(axis=0)).astype(int), 0)
        x1, y1 = np.ceil(outline.max(axis=0)).astype(int) + 1
        box = np.zeros((max(y1 - y0, 1), max(x1 - x0, 1)), np.uint8)
        cv2.fillPoly(box, [np.round(outline - [x0, y0]).astype(np.int32)], 255)
        under = hand_mask[y0:y0 + box.shape[0], x0:x0 + box.shape[1]]
        return bool(np.any((under > 64) & (box[:under.shape[0], :under.shape[1]] > 0)))

    def _resolve_pending(self, view: moves.View, hand_mask: np.ndarray | None) -> list[TruthEvent]:
        events, still = [], []
        top = view.dice[-1] if view.dice else None
        for kind, label, die in self._pending:
            if die is not None and (die is not top or self._touched(die, hand_mask)):
                still.append((kind, label, die))
                continue
            corners = None if die is None else self.corners(die)
            events.append(TruthEvent(kind, label, self.index, self.index / self.fps, corners))
        self._pending = still
        self.truth += events
        return events


def id_of(die: Die) -> int:
    """A stable number for a die's look (its shading and side faces' turns), the same in
    every run."""
    return zlib.crc32(repr((die.center, die.angle, die.top)).encode())
