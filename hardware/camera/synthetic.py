"""A camera looking at a rendered table: frames without a camera, for demos and tests.

``SyntheticSource`` wraps ``vision.synthetic.live_table.LiveTable`` (UNO Dare!). Cards are
put on the pile with ``place(label)`` and lifted with ``take_back()`` (from any thread: the
demo's bot, a test), or, with ``autoplay``, a scripted game plays itself (hands, glare,
light changes, a nudge, a repeat and a take-back:
``vision.synthetic.game_video.game_script``). ``SyntheticDiceSource`` does the same for
UNO Dice with ``vision.synthetic.dice_live.LiveDiceTable``: ``place(label)`` sets a new
centre die down in place of the old one, ``take_back()`` puts the one before back.
Frames come at ``fps`` on the real clock (``realtime``) or as fast as they are read, with
simulated time either way.
"""

from __future__ import annotations

import random
import time
from typing import Any, Iterator

from .frame import Frame, FrameSource, SourceError


class SyntheticSource(FrameSource):
    """A live rendered table; ``truth`` lists what really happened on it so far."""

    live = True

    def __init__(self, seed: int = 0, width: int = 640, height: int = 480, fps: float = 30.0,
                 *, autoplay: bool = False, realtime: bool = True, plays: int = 10):
        self.seed = int(seed)
        self.fps = float(fps)
        self.autoplay = autoplay
        self.realtime = realtime
        self.plays = int(plays)
        self.name = f"synthetic:{seed}"
        self.table = self._make_table(width, height)
        self._script: Iterator[Any] | None = None
        self._round = 0
        self._open = False
        self._t0 = 0.0
        self._first = 0

    def _make_table(self, width: int, height: int) -> Any:
        from vision.synthetic.live_table import LiveTable

        return LiveTable(self.seed, width, height, fps=self.fps)

    # -- what the players do --------------------------------------------------------------
    def place(self, label: str) -> None:
        """Put ``label`` on the pile (a hand carries or flicks it in over the next frames)."""
        self.table.place(label)

    def take_back(self) -> None:
        """Lift the top card off the pile again."""
        self.table.take_back()

    @property
    def busy(self) -> bool:
        """A hand is at work on the table (or queued to be)."""
        return self.table.busy

    @property
    def truth(self) -> list:
        """``TruthEvent``s so far: each play (at its settling frame) and take-back."""
        return list(self.table.truth)

    # -- FrameSource --------------------------------------------------------------------
    def open(self) -> None:
        self._open = True
        self._t0 = time.monotonic()
        self._first = self.table.index

    def read(self) -> Frame | None:
        if not self._open:
            raise SourceError(f"{self.name} is not open")
        if self.realtime:
            due = self._t0 + (self.table.index - self._first) / self.fps
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        if self.autoplay and not self.table.busy:
            self._next_step()
        frame = self.table.render()
        return Frame(frame.image, frame.index, frame.t)

    def close(self) -> None:
        self._open = False

    def _next_step(self) -> None:
        from vision.synthetic.game_video import game_script

        for _ in range(2):
            if self._script is None:
                self._script = iter(game_script(self.seed + self._round, self.plays))
                self._round += 1
            step = next(self._script, None)
            if step is not None:
                for name, kwargs in step:
                    getattr(self.table, name)(**kwargs)
                return
            self._script = None


class SyntheticDiceSource(SyntheticSource):
    """A live rendered UNO Dice table: the centre die under a camera; ``truth`` as above.

    With ``autoplay`` a die of a random face is put in the centre every second or two, now
    and then taken back again, and a highlight, a shadow or a change of light comes by."""

    def __init__(self, seed: int = 0, width: int = 640, height: int = 480, fps: float = 30.0,
                 *, autoplay: bool = False, realtime: bool = True):
        super().__init__(seed, width, height, fps, autoplay=autoplay, realtime=realtime)
        self.name = f"synthetic-dice:{seed}"
        self._rng = random.Random(self.seed)

    def _make_table(self, width: int, height: int) -> Any:
        from vision.synthetic.dice_live import LiveDiceTable

        return LiveDiceTable(self.seed, width, height, fps=self.fps)

    def _next_step(self) -> None:
        from companion.engine.dice_faces import all_face_labels

        if self.table.die is not None and self._rng.random() < 0.1:
            self.table.take_back()
        else:
            self.table.place(self._rng.choice(all_face_labels()))
        self.table.idle(int(self.fps * self._rng.uniform(0.8, 2.0)))
        if self._rng.random() < 0.3:
            effect = self._rng.choice((self.table.glare, self.table.shadow, self.table.light))
            effect()
