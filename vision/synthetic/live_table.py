"""A rendered table on which a game of UNO Dare! is played, frame by frame, with its truth.

A camera looks down at the discard pile. Cards come in under a hand, slide, settle and stay
in the pose they landed in; hands hover; the light changes; glare and shadows pass; the
camera gets nudged; a card is taken back. ``LiveTable`` renders that stream and knows, for
every frame, what truly happened: a card *settled* (at rest and no longer touched: the
frame a tracker's latency is measured from), a card was *taken back* (the card below is
uncovered again), and which card, if any, is the whole top card in view.

Two lanes of actions run side by side: the *hands* lane (``place``, ``take_back``,
``hover``, ``idle``) one action after another, and the *effects* lane (``glare``,
``shadow``, ``light``, ``flicker``, ``nudge``, ``pause``) alongside it. Actions may be
queued from another thread (the demo's bot, the synthetic camera source).
"""

from __future__ import annotations

import collections
import math
import threading
from dataclasses import dataclass, field
from typing import Callable, Iterator

import cv2
import numpy as np

from ..pose import pose_distance
from . import table_props as props
from .card import render_card
from .style import CardStyle, random_style


@dataclass(frozen=True)
class TableParams:
    """How the table, the cards and the people behave (pixels are the picture's)."""

    fps: float = 30.0
    card_width: tuple[int, int] = (110, 150)  # px, drawn per table
    pile_spread: float = 0.16    # card centres scatter this share of a card width ...
    pile_reach: float = 0.32     # ... but never further than this from the pile centre
    turn_spread: float = 22.0    # degrees
    upside_down: float = 0.3     # share of cards lying upside down
    min_repeat_shift: float = 0.25  # an identical card lands at least this far (card sizes)
    margin: int = 56             # table drawn around the view, for nudges
    noise: float = 2.0           # camera noise (grey levels, sigma)
    move_frames: tuple[int, int] = (9, 15)
    hold_frames: tuple[int, int] = (2, 6)
    leave_frames: tuple[int, int] = (7, 12)
    throw_share: float = 0.35    # share of plays slid in by a flick instead of carried


@dataclass(frozen=True)
class TruthEvent:
    """What really happened: ``event`` is "play" or "taken_back"; ``frame`` is the frame a
    card settled (play) or the card below was uncovered (taken_back); ``corners`` are the
    played card's in the picture (for a take-back, the uncovered card's; None if none)."""

    event: str
    card: str
    frame: int
    t: float
    corners: np.ndarray | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        return {"t": round(self.t, 3), "frame": self.frame, "event": self.event,
                "card": self.card}


@dataclass(frozen=True)
class TableFrame:
    """One rendered frame: the BGR picture, its index and time, the truth events it
    completes, and the whole card on top of the pile as the camera sees it (or None)."""

    image: np.ndarray
    index: int
    t: float
    events: tuple[TruthEvent, ...]
    top: tuple[str, np.ndarray] | None


@dataclass
class _Card:
    label: str
    corners: np.ndarray  # world coordinates, clockwise from the card's own top-left
    patch: np.ndarray
    alpha: np.ndarray
    x0: int
    y0: int


@dataclass
class _Overlay:
    """What one action adds to one frame, in world coordinates."""

    card: tuple[str, np.ndarray, tuple[float, float]] | None = None  # label, corners, motion
    hand: tuple[tuple[float, float], tuple[float, float], float] | None = None
    glare: tuple[tuple[float, float], float, float] | None = None  # picture coordinates
    shadow: tuple[tuple[float, float], tuple[float, float], float] | None = None
    shake: tuple[float, float] | None = None


def card_corners(center: tuple[float, float], angle: float, width: float) -> np.ndarray:
    """Corners of a card ``width`` wide centred at ``center`` and turned ``angle`` degrees
    (clockwise on the picture), clockwise from the card's own top-left."""
    h = width * 87.0 / 56.0
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    half = np.array([[-width / 2, -h / 2], [width / 2, -h / 2], [width / 2, h / 2],
                     [-width / 2, h / 2]])
    return (half @ rot.T + np.asarray(center, np.float64)).astype(np.float32)


def _ease_out(f: float) -> float:
    return 1 - (1 - f) ** 2


def _ease_in(f: float) -> float:
    return f * f


class LiveTable:
    """A table seen from above, rendered one frame per ``render()``."""

    def __init__(self, seed: int = 0, width: int = 640, height: int = 480, *,
                 fps: float | None = None, style: CardStyle | None = None,
                 params: TableParams | None = None):
        self.params = p = params or TableParams()
        self.fps = float(fps or p.fps)
        self.width, self.height = int(width), int(height)
        self.rng = np.random.default_rng(seed)
        rng = self.rng
        self.style = style or random_style(rng)
        self.card_width = int(rng.integers(p.card_width[0], p.card_width[1] + 1))
        m = p.margin
        self._world_size = (self.width + 2 * m, self.height + 2 * m)
        self._table = props.table_top(rng, *self._world_size)
        self.pile_center = (m + self.width / 2 + rng.uniform(-30, 30),
                            m + self.height / 2 + rng.uniform(-20, 20))
        self.skins = [props.SKIN_TONES[int(i)] for i in rng.integers(len(props.SKIN_TONES), size=4)]
        self._noise_rng = np.random.default_rng([seed, 99])
        self._noise = props.noise_tiles(self._noise_rng, (self.height + 64, self.width + 64), p.noise)
        self._camera = np.array([[1, 0, -m], [0, 1, -m]], np.float64)
        self._gains = (1.0, 1.0, 1.0)
        self._faces: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._pile: list[_Card] = []
        self._pile_img = self._table.copy()
        self._view = self._pile_img
        self._view_stale = True
        self._hands: collections.deque[Callable[[], Iterator[_Overlay]]] = collections.deque()
        self._effects: collections.deque[Callable[[], Iterator[_Overlay]]] = collections.deque()
        self._hand_run: Iterator[_Overlay] | None = None
        self._effect_run: Iterator[_Overlay] | None = None
        self._pending: list[tuple[str, str, _Card | None]] = []
        self._lock = threading.RLock()
        self.index = 0
        self.truth: list[TruthEvent] = []

    # -- what people do (queued; safe from any thread) ------------------------------------
    def place(self, label: str, *, throw: bool | None = None) -> None:
        """A player puts ``label`` on the pile (carried in by hand, or flicked in)."""
        self._face(label)  # a bad label fails here, in the caller's thread
        self._queue(self._hands, lambda: self._place(label, throw))

    def take_back(self) -> None:
        """A player lifts the top card off the pile again."""
        self._queue(self._hands, self._take_back)

    def hover(self, frames: int | None = None) -> None:
        """A hand hovers over the pile and leaves without touching it."""
        self._queue(self._hands, lambda: self._hover(frames))

    def idle(self, frames: int) -> None:
        """Nobody touches the pile for ``frames`` frames."""
        self._queue(self._hands, lambda: iter([_Overlay()] * int(frames)))

    def glare(self, frames: int | None = None) -> None:
        """A reflection over the pile for a while."""
        self._queue(self._effects, lambda: self._glare(frames))

    def shadow(self, frames: int | None = None) -> None:
        """Someone leans over the table: a broad soft shadow passes over the pile."""
        self._queue(self._effects, lambda: self._shadow(frames))

    def light(self, gain: float | None = None, frames: int | None = None) -> None:
        """The room's light changes (brightness and colour) over a few frames, and stays."""
        self._queue(self._effects, lambda: self._light(gain, frames))

    def flicker(self, frames: int | None = None) -> None:
        """A flickering lamp: brightness jumps for a few frames."""
        self._queue(self._effects, lambda: self._flicker(frames))

    def nudge(self, shift: tuple[float, float] | None = None, angle: float | None = None) -> None:
        """Someone knocks the camera: the whole view jumps and stays moved."""
        self._queue(self._effects, lambda: self._nudge(shift, angle))

    def pause(self, frames: int) -> None:
        """The effects lane waits ``frames`` frames before its next effect."""
        self._queue(self._effects, lambda: iter([_Overlay()] * int(frames)))

    @property
    def busy(self) -> bool:
        """Some action is under way or queued (in either lane)."""
        with self._lock:
            return bool(self._hand_run or self._hands or self._effect_run or self._effects)

    @property
    def hands_busy(self) -> bool:
        with self._lock:
            return bool(self._hand_run or self._hands)

    @property
    def pile(self) -> list[str]:
        """Labels on the pile, bottom first (a card counts once it has landed)."""
        return [c.label for c in self._pile]

    # -- rendering -----------------------------------------------------------------------
    def render(self) -> TableFrame:
        """Advance one frame and draw it.

        The pile is kept drawn in picture coordinates (re-drawn only when it or the camera
        changes); moving cards and hands are drawn straight into the picture."""
        overlays = [o for o in (self._step("hand"), self._step("effect")) if o is not None]
        if self._view_stale:
            self._view = cv2.warpAffine(self._pile_img, self._camera, (self.width, self.height),
                                        flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
            self._view_stale = False
        img = self._view.copy()
        occluders: list[tuple[np.ndarray, int, int]] = []
        moving: tuple[str, np.ndarray] | None = None
        turn = self._camera[:, :2]
        for o in overlays:
            if o.card is not None:
                label, corners, motion = o.card
                face, mask = self._face(label)
                pic = self._to_picture(corners)
                patch, alpha, x0, y0 = props.warp_face(face, mask, pic, tuple(turn @ motion))
                props.blend_patch(img, patch, alpha, x0, y0)
                occluders.append((alpha, x0, y0))
                moving = (label, pic)
        hand_masks = []
        for o in overlays:
            if o.hand is not None:
                palm, direction, size = o.hand
                pic_palm = self._to_picture(np.array([palm], np.float32))[0]
                hmask, hx, hy = props.hand_mask(img.shape[:2], tuple(pic_palm),
                                                tuple(turn @ direction), size)
                props.draw_hand(img, hmask, hx, hy, self.skins[0])
                hand_masks.append((hmask, hx, hy))
        occluders += hand_masks
        for o in overlays:
            if o.shake is not None:
                img = cv2.filter2D(img, -1, props.motion_kernel(o.shake))
            if o.shadow is not None:
                props.soft_shadow(img, *o.shadow)
            if o.glare is not None:
                props.glare_spot(img, *o.glare)
        img = props.light(img, self._gains)
        add, sub = self._noise[self.index % len(self._noise)]
        dy, dx = self._noise_rng.integers(0, 64, 2)
        window = (slice(dy, dy + self.height), slice(dx, dx + self.width))
        img = cv2.subtract(cv2.add(img, np.ascontiguousarray(add[window])),
                           np.ascontiguousarray(sub[window]))

        top = None
        if self._pile and not self._covered(self._pile[-1], occluders):
            top = (self._pile[-1].label, self._to_picture(self._pile[-1].corners))
        elif moving is not None and not self._covered_quad(moving[1], hand_masks):
            top = moving
        events = self._resolve_pending(occluders)
        frame = TableFrame(img, self.index, self.index / self.fps, tuple(events), top)
        self.index += 1
        return frame

    def frames(self) -> Iterator[TableFrame]:
        """Render until both lanes are idle."""
        while self.busy:
            yield self.render()

    # -- internals: state ----------------------------------------------------------------
    def _queue(self, lane: collections.deque, action: Callable[[], Iterator[_Overlay]]) -> None:
        with self._lock:
            lane.append(action)

    def _step(self, lane: str) -> _Overlay | None:
        with self._lock:
            run = self._hand_run if lane == "hand" else self._effect_run
            queue = self._hands if lane == "hand" else self._effects
        while True:
            if run is None:
                with self._lock:
                    if not queue:
                        self._set_run(lane, None)
                        return None
                    action = queue.popleft()
                run = action()
            try:
                overlay = next(run)
                self._set_run(lane, run)
                return overlay
            except StopIteration:
                run = None
                self._set_run(lane, None)

    def _set_run(self, lane: str, run: Iterator[_Overlay] | None) -> None:
        with self._lock:
            if lane == "hand":
                self._hand_run = run
            else:
                self._effect_run = run

    def _face(self, label: str) -> tuple[np.ndarray, np.ndarray]:
        if label not in self._faces:
            self._faces[label] = render_card(label, self.style, self.card_width)
        return self._faces[label]

    def _lay(self, label: str, corners: np.ndarray) -> _Card:
        face, mask = self._face(label)
        patch, alpha, x0, y0 = props.warp_face(face, mask, corners)
        card = _Card(label, corners, patch, alpha, x0, y0)
        self._pile.append(card)
        props.blend_patch(self._pile_img, patch, alpha, x0, y0)
        self._view_stale = True
        return card

    def _lift(self) -> _Card:
        card = self._pile.pop()
        self._pile_img = self._table.copy()
        for c in self._pile:
            props.blend_patch(self._pile_img, c.patch, c.alpha, c.x0, c.y0)
        self._view_stale = True
        return card

    def _to_picture(self, corners: np.ndarray) -> np.ndarray:
        return (corners @ self._camera[:, :2].T + self._camera[:, 2]).astype(np.float32)

    @staticmethod
    def _overlap(alpha: np.ndarray, x0: int, y0: int, occ: tuple[np.ndarray, int, int]) -> bool:
        m, mx, my = occ
        ix0, iy0 = max(x0, mx), max(y0, my)
        ix1 = min(x0 + alpha.shape[1], mx + m.shape[1])
        iy1 = min(y0 + alpha.shape[0], my + m.shape[0])
        if ix1 <= ix0 or iy1 <= iy0:
            return False
        a = alpha[iy0 - y0:iy1 - y0, ix0 - x0:ix1 - x0] > 64
        b = m[iy0 - my:iy1 - my, ix0 - mx:ix1 - mx] > 64
        return bool(np.any(a & b))

    def _covered(self, card: _Card, occluders: list) -> bool:
        return self._covered_quad(self._to_picture(card.corners), occluders)

    def _covered_quad(self, corners: np.ndarray, occluders: list) -> bool:
        x0, y0 = np.floor(corners.min(axis=0)).astype(int)
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
        mask = np.zeros((y1 - y0 + 1, x1 - x0 + 1), np.uint8)
        cv2.fillPoly(mask, [np.round(corners - [x0, y0]).astype(np.int32)], 255)
        return any(self._overlap(mask, int(x0), int(y0), o) for o in occluders)

    def _resolve_pending(self, occluders: list) -> list[TruthEvent]:
        events, still = [], []
        for kind, label, card in self._pending:
            top = self._pile[-1] if self._pile else None
            if card is not None and (card is not top or self._covered(card, occluders)):
                still.append((kind, label, card))
                continue
            corners = None if card is None else self._to_picture(card.corners)
            events.append(TruthEvent(kind, label, self.index, self.index / self.fps, corners))
        self._pending = still
        self.truth += events
        return events

    # -- internals: poses ----------------------------------------------------------------
    def _new_pose(self, label: str) -> np.ndarray:
        p, rng = self.params, self.rng
        w = self.card_width
        top = self._pile[-1] if self._pile else None
        for _ in range(200):
            off = rng.normal(0, p.pile_spread * w, 2)
            n = float(np.hypot(*off))
            if n > p.pile_reach * w:
                off *= p.pile_reach * w / n
            angle = rng.normal(0, p.turn_spread) + (180.0 if rng.random() < p.upside_down else 0.0)
            corners = card_corners((self.pile_center[0] + off[0], self.pile_center[1] + off[1]),
                                   angle, w)
            if top is None or top.label != label or \
                    pose_distance(corners.astype(np.float64), top.corners.astype(np.float64)) \
                    >= p.min_repeat_shift:
                return corners
        return corners

    def _approach_direction(self) -> tuple[float, float]:
        """Unit vector from a player's seat towards the pile (players sit all round)."""
        a = self.rng.uniform(0, 2 * math.pi)
        return math.cos(a), math.sin(a)

    def _hand_size(self) -> float:
        return self.card_width * self.rng.uniform(0.85, 1.05)

    def _outside(self, direction: tuple[float, float], extra: float) -> float:
        """Distance from the pile centre, against ``direction``, to well outside the view."""
        return float(max(self._world_size)) * 0.75 + extra

    # -- internals: actions --------------------------------------------------------------
    def _place(self, label: str, throw: bool | None) -> Iterator[_Overlay]:
        p, rng = self.params, self.rng
        final = self._new_pose(label)
        w = self.card_width
        h = w * 87 / 56
        center = final.mean(axis=0).astype(np.float64)
        final_angle = math.degrees(math.atan2(final[1, 1] - final[0, 1], final[1, 0] - final[0, 0]))
        d = np.array(self._approach_direction())
        start = center - d * self._outside(tuple(d), h)
        a0 = final_angle + rng.uniform(-25, 25)
        size = self._hand_size()
        n_move = int(rng.integers(p.move_frames[0], p.move_frames[1] + 1))
        if throw is None:
            throw = rng.random() < p.throw_share
        grip = h * 0.5 + size * 0.12  # palm behind the card's near edge, fingers on it
        prev = start
        if throw:
            # carried most of the way, released, slides alone while the hand goes back
            n_slide = int(rng.integers(5, 9))
            release = center - d * (h * rng.uniform(0.9, 1.4))
            for i in range(1, n_move + 1):
                f = i / n_move
                pos = start + (release - start) * f
                ang = a0 + (final_angle - a0) * f * 0.6
                yield self._carry(label, pos, ang, w, pos - prev, d, grip, size)
                prev = pos
            hand_at = prev - d * grip
            back = hand_at - d * self._outside(tuple(d), 0)
            a1 = ang
            for i in range(1, n_slide + 1):
                f = _ease_out(i / n_slide)
                pos = release + (center - release) * f
                ang = a1 + (final_angle - a1) * f
                g = _ease_in(i / n_slide)
                yield _Overlay(card=(label, card_corners(pos, ang, w), tuple(pos - prev)),
                               hand=(tuple(hand_at + (back - hand_at) * g), tuple(d), size))
                prev = pos
            card = self._lay(label, final)
            self._pending.append(("play", label, card))
            return
        for i in range(1, n_move + 1):
            f = _ease_out(i / n_move)
            pos = start + (center - start) * f
            ang = a0 + (final_angle - a0) * f
            if i == n_move:
                pos, ang = center, final_angle
            yield self._carry(label, pos, ang, w, pos - prev, d, grip, size)
            prev = pos
        card = self._lay(label, final)
        self._pending.append(("play", label, card))
        hand_from = center - d * grip
        for _ in range(int(rng.integers(p.hold_frames[0], p.hold_frames[1] + 1))):
            yield _Overlay(hand=(tuple(hand_from), tuple(d), size))
        yield from self._leave(hand_from, d, size)

    def _carry(self, label, pos, ang, w, motion, d, grip, size) -> _Overlay:
        palm = pos - d * grip
        return _Overlay(card=(label, card_corners(tuple(pos), ang, w), tuple(motion)),
                        hand=(tuple(palm), tuple(d), size))

    def _leave(self, hand_from: np.ndarray, d: np.ndarray, size: float) -> Iterator[_Overlay]:
        p = self.params
        n = int(self.rng.integers(p.leave_frames[0], p.leave_frames[1] + 1))
        back = hand_from - d * self._outside(tuple(d), 0)
        for i in range(1, n + 1):
            pos = hand_from + (back - hand_from) * _ease_in(i / n)
            yield _Overlay(hand=(tuple(pos), tuple(d), size))

    def _take_back(self) -> Iterator[_Overlay]:
        if not self._pile:
            return
        p, rng = self.params, self.rng
        top = self._pile[-1]
        center = top.corners.mean(axis=0).astype(np.float64)
        d = np.array(self._approach_direction())
        size = self._hand_size()
        h = self.card_width * 87 / 56
        grip = h * 0.5 + size * 0.12
        target = center - d * grip
        start = target - d * self._outside(tuple(d), 0)
        n = int(rng.integers(p.move_frames[0], p.move_frames[1] + 1))
        for i in range(1, n + 1):
            yield _Overlay(hand=(tuple(start + (target - start) * _ease_out(i / n)), tuple(d), size))
        for _ in range(int(rng.integers(2, 5))):
            yield _Overlay(hand=(tuple(target), tuple(d), size))
        card = self._lift()
        below = self._pile[-1] if self._pile else None
        self._pending.append(("taken_back", card.label, below))
        ang = math.degrees(math.atan2(card.corners[1, 1] - card.corners[0, 1],
                                      card.corners[1, 0] - card.corners[0, 0]))
        prev = center
        n_back = int(rng.integers(p.leave_frames[0], p.leave_frames[1] + 1))
        for i in range(1, n_back + 1):
            shift = -d * self._outside(tuple(d), h) * _ease_in(i / n_back)
            pos = center + shift
            yield _Overlay(card=(card.label, card_corners(tuple(pos), ang, self.card_width),
                                 tuple(pos - prev)),
                           hand=(tuple(target + shift), tuple(d), size))
            prev = pos

    def _hover(self, frames: int | None) -> Iterator[_Overlay]:
        rng = self.rng
        d = np.array(self._approach_direction())
        size = self._hand_size()
        target = np.array(self.pile_center) + rng.normal(0, self.card_width * 0.4, 2)
        start = target - d * self._outside(tuple(d), 0)
        n = int(rng.integers(8, 13))
        for i in range(1, n + 1):
            yield _Overlay(hand=(tuple(start + (target - start) * _ease_out(i / n)), tuple(d), size))
        stay = int(frames if frames is not None else rng.integers(10, 40))
        pos = target
        for _ in range(stay):
            pos = pos + rng.normal(0, 1.5, 2)
            yield _Overlay(hand=(tuple(pos), tuple(d), size))
        yield from self._leave(pos, d, size)

    def _pile_in_picture(self) -> tuple[float, float]:
        c = self._to_picture(np.array([self.pile_center], np.float32))[0]
        return float(c[0]), float(c[1])

    def _glare(self, frames: int | None) -> Iterator[_Overlay]:
        rng = self.rng
        n = int(frames if frames is not None else rng.integers(6, 20))
        cx, cy = self._pile_in_picture()
        c = np.array([cx, cy]) + rng.normal(0, self.card_width * 0.3, 2)
        r = self.card_width * rng.uniform(0.2, 0.4)
        s = rng.uniform(0.5, 0.9)
        drift = rng.normal(0, 1.0, 2)
        for i in range(n):
            ramp = min(1.0, (i + 1) / 3, (n - i) / 3)
            yield _Overlay(glare=(tuple(c + drift * i), r, s * ramp))

    def _shadow(self, frames: int | None) -> Iterator[_Overlay]:
        rng = self.rng
        n = int(frames if frames is not None else rng.integers(20, 40))
        cx, cy = self._pile_in_picture()
        d = np.array(self._approach_direction())
        span = self.card_width * 3.0
        axes = (self.card_width * rng.uniform(1.2, 2.0), self.card_width * rng.uniform(1.0, 1.6))
        strength = rng.uniform(0.25, 0.45)
        for i in range(n):
            f = i / max(n - 1, 1)
            c = np.array([cx, cy]) + d * span * (f - 0.5)
            yield _Overlay(shadow=(tuple(c), axes, strength))

    def _light(self, gain: float | None, frames: int | None) -> Iterator[_Overlay]:
        rng = self.rng
        n = int(frames if frames is not None else rng.integers(8, 20))
        g = float(gain if gain is not None else rng.uniform(0.7, 1.2))
        tint = rng.uniform(-0.07, 0.07)
        target = (g * (1 - tint), g, g * (1 + tint))
        start = self._gains
        for i in range(1, n + 1):
            f = i / n
            self._gains = tuple(a + (b - a) * f for a, b in zip(start, target))  # type: ignore[assignment]
            yield _Overlay()

    def _flicker(self, frames: int | None) -> Iterator[_Overlay]:
        rng = self.rng
        n = int(frames if frames is not None else rng.integers(4, 9))
        base = self._gains
        for i in range(n):
            k = rng.uniform(0.75, 0.9) if i % 2 == 0 else 1.0
            self._gains = tuple(g * k for g in base)  # type: ignore[assignment]
            yield _Overlay()
        self._gains = base

    def _nudge(self, shift: tuple[float, float] | None, angle: float | None) -> Iterator[_Overlay]:
        rng = self.rng
        if shift is None:
            a = rng.uniform(0, 2 * math.pi)
            r = rng.uniform(10, 28)
            shift = (r * math.cos(a), r * math.sin(a))
        angle = float(angle if angle is not None else rng.uniform(-3.0, 3.0))
        n = int(rng.integers(2, 4))
        start = self._camera.copy()
        cx, cy = self.width / 2, self.height / 2
        for i in range(1, n + 1):
            f = i / n
            turn = cv2.getRotationMatrix2D((cx, cy), angle * f, 1.0)
            turn[:, 2] += np.array(shift) * f
            full = np.vstack([turn, [0, 0, 1]]) @ np.vstack([start, [0, 0, 1]])
            self._camera = full[:2]
            self._view_stale = True
            yield _Overlay(shake=(shift[0] / n, shift[1] / n))
