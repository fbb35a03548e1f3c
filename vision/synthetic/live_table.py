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
import threading
from dataclasses import dataclass
from typing import Callable, Iterator

import cv2
import numpy as np

from companion.engine.cards import Card

from . import table_moves as moves
from . import table_props as props
from .card import render_card
from .table_moves import Overlay
from .style import CardStyle, random_style
from .table_truth import TableFrame, TruthEvent


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
    pile_patches: int = 4        # cards deeper than this are baked into the table picture
    face_cache: int = 16         # card faces kept drawn (a game shows some 60 different ones)


@dataclass
class _Card:
    label: str
    corners: np.ndarray  # world coordinates, clockwise from the card's own top-left
    patch: np.ndarray | None   # None once baked into the table picture
    alpha: np.ndarray | None
    x0: int
    y0: int


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
        # the bare table is drawn again from this when needed, rather than kept
        self._table_rng = rng.bit_generator.state
        table = props.table_top(rng, *self._world_size)
        self.pile_center = (m + self.width / 2 + rng.uniform(-30, 30),
                            m + self.height / 2 + rng.uniform(-20, 20))
        self.skins = [props.SKIN_TONES[int(i)] for i in rng.integers(len(props.SKIN_TONES), size=4)]
        self._noise_rng = np.random.default_rng([seed, 99])
        self._noise = props.signed_noise_tiles(self._noise_rng,
                                               (self.height + 64, self.width + 64), p.noise)
        self._camera = np.array([[1, 0, -m], [0, 1, -m]], np.float64)
        self._gains = (1.0, 1.0, 1.0)
        self._faces: collections.OrderedDict[str, tuple[np.ndarray, np.ndarray]] = \
            collections.OrderedDict()
        self._pile: list[_Card] = []
        # The table with the bottom ``_baked`` cards of the pile drawn in: a demo plays for
        # hours, and keeping every card's warped picture grew its memory without end.
        self._base = table
        self._baked = 0
        self._pile_img = table.copy()
        self._view = self._pile_img
        self._view_stale = True
        self._hands: collections.deque[Callable[[], Iterator[Overlay]]] = collections.deque()
        self._effects: collections.deque[Callable[[], Iterator[Overlay]]] = collections.deque()
        self._hand_run: Iterator[Overlay] | None = None
        self._effect_run: Iterator[Overlay] | None = None
        self._pending: list[tuple[str, str, _Card | None]] = []
        self._lock = threading.RLock()
        self.index = 0
        self.truth: list[TruthEvent] = []

    # -- what people do (queued; safe from any thread) ------------------------------------
    def place(self, label: str, *, throw: bool | None = None) -> None:
        """A player puts ``label`` on the pile (carried in by hand, or flicked in)."""
        Card.from_label(label)  # a bad label fails here, in the caller's thread
        self._queue(self._hands, lambda: moves.place(self, label, throw))

    def take_back(self) -> None:
        """A player lifts the top card off the pile again."""
        self._queue(self._hands, lambda: moves.take_back(self))

    def hover(self, frames: int | None = None) -> None:
        """A hand hovers over the pile and leaves without touching it."""
        self._queue(self._hands, lambda: moves.hover(self, frames))

    def idle(self, frames: int) -> None:
        """Nobody touches the pile for ``frames`` frames."""
        self._queue(self._hands, lambda: iter([Overlay()] * int(frames)))

    def glare(self, frames: int | None = None) -> None:
        """A reflection over the pile for a while."""
        self._queue(self._effects, lambda: moves.glare(self, frames))

    def shadow(self, frames: int | None = None) -> None:
        """Someone leans over the table: a broad soft shadow passes over the pile."""
        self._queue(self._effects, lambda: moves.shadow(self, frames))

    def light(self, gain: float | None = None, frames: int | None = None) -> None:
        """The room's light changes (brightness and colour) over a few frames, and stays."""
        self._queue(self._effects, lambda: moves.light(self, gain, frames))

    def flicker(self, frames: int | None = None) -> None:
        """A flickering lamp: brightness jumps for a few frames."""
        self._queue(self._effects, lambda: moves.flicker(self, frames))

    def nudge(self, shift: tuple[float, float] | None = None, angle: float | None = None) -> None:
        """Someone knocks the camera: the whole view jumps and stays moved."""
        self._queue(self._effects, lambda: moves.nudge(self, shift, angle))

    def pause(self, frames: int) -> None:
        """The effects lane waits ``frames`` frames before its next effect."""
        self._queue(self._effects, lambda: iter([Overlay()] * int(frames)))

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
                pic = self.to_picture(corners)
                patch, alpha, x0, y0 = props.warp_face(face, mask, pic, tuple(turn @ motion))
                props.blend_patch(img, patch, alpha, x0, y0)
                occluders.append((alpha, x0, y0))
                moving = (label, pic)
        hand_masks = []
        for o in overlays:
            if o.hand is not None:
                palm, direction, size = o.hand
                pic_palm = self.to_picture(np.array([palm], np.float32))[0]
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
        noise = self._noise[self.index % len(self._noise)]
        dy, dx = self._noise_rng.integers(0, 64, 2)
        img = cv2.add(img, noise[dy:dy + self.height, dx:dx + self.width], dtype=cv2.CV_8U)

        top = None
        if self._pile and not self._covered(self._pile[-1], occluders):
            top = (self._pile[-1].label, self.to_picture(self._pile[-1].corners))
        elif moving is not None and not props.quad_covered(moving[1], hand_masks):
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
    def _queue(self, lane: collections.deque, action: Callable[[], Iterator[Overlay]]) -> None:
        with self._lock:
            lane.append(action)

    def _step(self, lane: str) -> Overlay | None:
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

    def _set_run(self, lane: str, run: Iterator[Overlay] | None) -> None:
        with self._lock:
            if lane == "hand":
                self._hand_run = run
            else:
                self._effect_run = run

    def _face(self, label: str) -> tuple[np.ndarray, np.ndarray]:
        """The card's face, drawn once and kept while it is among the last used."""
        with self._lock:
            face = self._faces.get(label)
            if face is None:
                face = self._faces[label] = render_card(label, self.style, self.card_width)
            self._faces.move_to_end(label)
            while len(self._faces) > max(1, self.params.face_cache):
                self._faces.popitem(last=False)
            return face

    def _bare_table(self) -> np.ndarray:
        """The table with no card on it, drawn again as it was drawn first."""
        rng = np.random.Generator(type(self.rng.bit_generator)())
        rng.bit_generator.state = self._table_rng
        return props.table_top(rng, *self._world_size)

    def lay(self, label: str, corners: np.ndarray) -> None:
        """A card lands on the pile at ``corners`` (world coordinates); its play is true
        from the first frame on which it lies untouched."""
        face, mask = self._face(label)
        patch, alpha, x0, y0 = props.warp_face(face, mask, corners)
        card = _Card(label, corners, patch, alpha, x0, y0)
        self._pile.append(card)
        props.blend_patch(self._pile_img, patch, alpha, x0, y0)
        self._bake()
        self._view_stale = True
        self._pending.append(("play", label, card))

    def _bake(self) -> None:
        """Draw the cards deeper than ``pile_patches`` into the table picture for good."""
        while len(self._pile) - self._baked > self.params.pile_patches:
            c = self._pile[self._baked]
            props.blend_patch(self._base, c.patch, c.alpha, c.x0, c.y0)
            c.patch = c.alpha = None
            self._baked += 1

    def lift(self) -> _Card:
        """The top card leaves the pile; the take-back is true once the card below shows."""
        card = self._pile.pop()
        if len(self._pile) < self._baked:
            # A baked card was lifted (a long run of take-backs): draw the pile anew.
            self._base, self._baked = self._bare_table(), 0
            for c in self._pile:
                if c.patch is None:
                    c.patch, c.alpha, _, _ = props.warp_face(*self._face(c.label), c.corners)
            self._bake()
        self._pile_img = self._base.copy()
        for c in self._pile[self._baked:]:
            props.blend_patch(self._pile_img, c.patch, c.alpha, c.x0, c.y0)
        self._view_stale = True
        self._pending.append(("taken_back", card.label, self._pile[-1] if self._pile else None))
        return card

    def top_pose(self) -> tuple[str, np.ndarray] | None:
        """The top card's label and world corners, or None on an empty table."""
        return (self._pile[-1].label, self._pile[-1].corners) if self._pile else None

    @property
    def camera(self) -> np.ndarray:
        """The 2x3 map from table (world) to picture coordinates."""
        return self._camera

    @camera.setter
    def camera(self, matrix: np.ndarray) -> None:
        self._camera = np.asarray(matrix, np.float64)
        self._view_stale = True

    @property
    def gains(self) -> tuple[float, float, float]:
        """The room light as (B, G, R) gains."""
        return self._gains

    @gains.setter
    def gains(self, value: tuple[float, float, float]) -> None:
        self._gains = tuple(float(g) for g in value)  # type: ignore[assignment]

    def to_picture(self, corners: np.ndarray) -> np.ndarray:
        return (corners @ self._camera[:, :2].T + self._camera[:, 2]).astype(np.float32)

    def _covered(self, card: _Card, occluders: list) -> bool:
        return props.quad_covered(self.to_picture(card.corners), occluders)

    def _resolve_pending(self, occluders: list) -> list[TruthEvent]:
        events, still = [], []
        for kind, label, card in self._pending:
            top = self._pile[-1] if self._pile else None
            if card is not None and (card is not top or self._covered(card, occluders)):
                still.append((kind, label, card))
                continue
            corners = None if card is None else self.to_picture(card.corners)
            events.append(TruthEvent(kind, label, self.index, self.index / self.fps, corners))
        self._pending = still
        self.truth += events
        return events
