"""The camera side of the table, off the UI thread: capture -> recognise -> track -> queue.

A ``CameraFeed`` runs the capture thread (``hardware.camera.CaptureThread``) and its own
worker thread, which names the top card of each frame (a recogniser's ``top_card``), turns
the sightings into play / taken-back events (``vision.tracker.Tracker``) and posts them as
small messages on a queue. The main thread drains it with ``poll()`` (the app does so from
a Kivy clock callback) and hands them to the ``TableController``: so the screen never
waits for a frame, and the engine only ever runs on the main thread.

The latest frame with its sighting is kept for the camera check screen (``latest()``);
``request_count()`` asks the worker to name every card in view on the next frame (round
over), ``request_photo()`` for a copy of the next frame (teaching a deck).

One feed serves both games: given a recogniser per game (``{"dare": ..., "dice": ...}``),
it reads with the one of the game in play, which the composition root keeps it told of
(``read_game(mode)``, or ``follow_game``). UNO Dice's reader names the centre die
(``companion.readers``): the tracker sees a die that replaces the one before as a new top
card, an unchanged die as the same card in place, and a die it cannot read as "no card".
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class FeedMessage:
    """One result for the main thread.

    ``kind``: ``play`` / ``taken_back`` (``card``), ``status`` (``text``), ``count``
    (``cards``: every card in view), ``photo`` (``image``), ``error`` (``text``).
    """

    kind: str
    card: str | None = None
    text: str = ""
    cards: tuple[str, ...] = ()
    image: Any = None


@dataclass(frozen=True)
class Preview:
    """The newest analysed frame: BGR ``image``, what was seen on it, and the frame rate."""

    image: Any
    index: int
    label: str | None
    confidence: float
    corners: Any
    fps: float


class CameraFeed:
    """Capture and recognition on background threads, results through ``poll()``.

    ``source``: a ``hardware.camera`` frame source; ``recognizer``: an object with
    ``top_card(image) -> Sighting`` and ``all_cards(image) -> [Sighting]``, or None to
    show the camera without reading cards, or a dict of them by game mode (``"dare"``,
    ``"dice"``) of which ``mode`` is read first; ``tracker``: a ``vision.tracker.Tracker``
    (one is made when None and a recogniser is given, and a new one for each change of
    game). ``source`` and the recognisers may also be given as functions that make them:
    they are then made on the worker thread, so the screen is up before a slow camera or
    recogniser is ready.
    """

    def __init__(self, source: Any, recognizer: Any = None, tracker: Any = None, *,
                 mode: str = "dare", capture_factory: Callable[..., Any] | None = None,
                 fps_smoothing: float = 0.2):
        self._make_source = source if _is_factory(source, "read") else None
        self.source = None if self._make_source else source
        self._readers: dict[str, Any] | None = (
            dict(recognizer) if isinstance(recognizer, dict) else None)
        self.mode = mode
        self._wanted_mode = mode
        if self._readers is not None:
            recognizer = None    # made for the game in play when the feed starts
        self._make_recognizer = recognizer if _is_factory(recognizer, "top_card") else None
        self.recognizer = None if self._make_recognizer else recognizer
        self.tracker = tracker
        self._capture_factory = capture_factory
        self.capture: Any = None
        self.messages: queue.SimpleQueue[FeedMessage] = queue.SimpleQueue()
        self.fps = 0.0
        self.frames = 0
        self.ready = threading.Event()      # the source and the recogniser are made
        self._smoothing = fps_smoothing
        self._lock = threading.Lock()
        self._latest: Preview | None = None
        self._want_count = threading.Event()
        self._want_photo = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- the main thread's side ---------------------------------------------------------------
    def start(self) -> "CameraFeed":
        if self._thread is not None:
            raise RuntimeError("a camera feed starts once")
        self._thread = threading.Thread(target=self._run, name="recognition", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Stop both threads and wait for them (the camera is closed by its thread)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        if self.capture is not None:
            self.capture.stop(timeout)

    def poll(self, limit: int = 100) -> list[FeedMessage]:
        """Take up to ``limit`` waiting results, oldest first (never blocks)."""
        out = []
        for _ in range(limit):
            try:
                out.append(self.messages.get_nowait())
            except queue.Empty:
                break
        return out

    def latest(self) -> Preview | None:
        with self._lock:
            return self._latest

    def request_count(self) -> None:
        """Name every card in view on the next frame; the answer comes as a ``count``."""
        self._want_count.set()

    def request_photo(self) -> None:
        """Post a copy of the next frame as a ``photo``."""
        self._want_photo.set()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def read_game(self, mode: str | None) -> None:
        """Read the pieces of game ``mode`` from the next frame on (None: no change). A
        feed given one recogniser rather than one per game keeps it."""
        if mode and self._readers is not None:
            self._wanted_mode = mode

    @property
    def reading(self) -> str:
        """The game mode whose pieces the feed reads (from its next frame on)."""
        return self._wanted_mode

    @property
    def reads_cards(self) -> bool:
        """Whether the game being read has a recogniser (cards or dice)."""
        if self._readers is not None:
            return self._readers.get(self._wanted_mode) is not None
        return self.recognizer is not None or self._make_recognizer is not None

    def __enter__(self) -> "CameraFeed":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- the worker thread --------------------------------------------------------------------
    def _on_status(self, state: str, status: str) -> None:
        self.messages.put(FeedMessage("status", text=status))

    def _prepare(self) -> bool:
        """Make what was given as factories, then start capturing. False: cannot run."""
        try:
            if self._make_source is not None:
                self.source = self._make_source()
            if self._make_recognizer is not None:
                self.recognizer = self._make_recognizer()
                self._make_recognizer = None
        except Exception as err:
            self.messages.put(FeedMessage("error", text=f"camera not available: {err}"))
            if self.source is None:
                return False
        if self._readers is not None:
            self._switch(self._wanted_mode, keep_tracker=True)   # the game in play's reader
        else:
            self._ready_to_read()
        factory = self._capture_factory
        if factory is None:
            import functools

            from hardware.camera import CaptureThread

            # one frame waits, the newest: the worker never reads an older one, and a
            # frame less is held in memory
            factory = functools.partial(CaptureThread, maxsize=1)
        self.capture = factory(self.source, on_status=self._on_status)
        self.ready.set()
        if self._stop.is_set():
            return False
        self.capture.start()
        return True

    def _run(self) -> None:
        if not self._prepare():
            return
        last = None
        while not self._stop.is_set():
            frame = self.capture.get(timeout=0.2)
            if frame is None:
                if self.capture.finished:
                    return
                continue
            now = time.monotonic()
            if last is not None and now > last:
                rate = 1.0 / (now - last)
                self.fps = rate if not self.fps else self.fps + self._smoothing * (rate - self.fps)
            last = now
            self.frames += 1
            try:
                if self._wanted_mode != self.mode:
                    self._switch(self._wanted_mode)
                self._analyse(frame)
            except Exception as err:  # a recogniser bug must not stop the camera
                self.messages.put(FeedMessage("error", text=f"card reading failed: {err}"))

    def _ready_to_read(self) -> None:
        if self.recognizer is None:
            self.messages.put(FeedMessage("status", text="camera on, card reading not available"))
        elif self.tracker is None:
            from vision.tracker import Tracker

            self.tracker = Tracker()

    def _switch(self, mode: str, keep_tracker: bool = False) -> None:
        """Read another game's pieces: its recogniser (made now if need be), a new tracker."""
        self.mode = mode
        if not keep_tracker:
            self.tracker = None
        self.recognizer = None
        if self._readers is not None:
            reader = self._readers.get(mode)
            if _is_factory(reader, "top_card"):
                try:
                    reader = self._readers[mode] = reader()
                except Exception as err:
                    self._readers[mode] = None
                    self.messages.put(FeedMessage("error",
                                                  text=f"{mode} reading not available: {err}"))
                    reader = None
            self.recognizer = reader
        self._ready_to_read()

    def _analyse(self, frame: Any) -> None:
        image = frame.image
        label, confidence, corners = None, 0.0, None
        if self.recognizer is not None:
            sighting = self.recognizer.top_card(image)
            label, confidence, corners = sighting.label, sighting.confidence, sighting.corners
            from vision.tracker import TakenBack

            for event in self.tracker.update(frame.index, frame.t, sighting):
                kind = "taken_back" if isinstance(event, TakenBack) else "play"
                self.messages.put(FeedMessage(kind, card=event.card))
        with self._lock:
            self._latest = Preview(image, frame.index, label, float(confidence), corners, self.fps)
        if self._want_photo.is_set():
            self._want_photo.clear()
            self.messages.put(FeedMessage("photo", image=image.copy()))
        if self._want_count.is_set():
            self._want_count.clear()
            cards: tuple[str, ...] = ()
            if self.recognizer is not None:
                cards = tuple(s.label for s in self.recognizer.all_cards(image) if s.label)
            self.messages.put(FeedMessage("count", cards=cards))


def follow_game(feed: CameraFeed, controller: Any) -> None:
    """Keep ``feed`` reading the pieces of the game in ``controller`` (a
    ``TableController``): after every change, the mode of the game in play."""
    def changed(_outcome: Any) -> None:
        state = controller.state
        feed.read_game(state.mode if state is not None else None)

    controller.listen(changed)


def _is_factory(thing: Any, method: str) -> bool:
    """A function that makes the thing, rather than the thing (which has ``method``)."""
    return thing is not None and callable(thing) and not hasattr(thing, method)
