"""The capture thread: reads a source on its own thread and hands frames to the consumer.

A live camera keeps producing whether or not the consumer keeps up, so the hand-over is a
small bounded queue that drops its oldest frame when full: the consumer always works on
the newest picture and never falls behind. A recorded stream (file, folder) must not lose
frames, so for it the queue makes the reader wait instead. A source that fails is reported
through ``status`` (and ``on_status``) and, when it is a live camera, re-opened with
back-off; the thread itself only ends on ``stop()`` or when the stream ends.
"""

from __future__ import annotations

import collections
import threading
import time
from typing import Callable

from .frame import Frame, FrameSkipped, FrameSource, SourceEnded, SourceError

#: The states a capture thread reports (the first word of its status).
OK, RETRYING, SKIPPED = "ok", "retrying", "skipped"
ENDED, FAILED, STOPPED = "ended", "failed", "stopped"


class FrameQueue:
    """A bounded hand-over of frames between two threads.

    ``drop_stale=True``: ``put`` never waits; when full the oldest frame is discarded and
    counted in ``dropped``. ``drop_stale=False``: ``put`` waits for room (or ``close()``).
    """

    def __init__(self, maxsize: int = 2, drop_stale: bool = True):
        if maxsize < 1:
            raise ValueError("a frame queue holds at least one frame")
        self.maxsize = maxsize
        self.drop_stale = drop_stale
        self.dropped = 0
        self._items: collections.deque[Frame] = collections.deque()
        self._cond = threading.Condition()
        self._closed = False

    def put(self, frame: Frame) -> bool:
        """Queue a frame; False when the queue was closed and the frame is not wanted."""
        with self._cond:
            if self.drop_stale:
                while len(self._items) >= self.maxsize:
                    self._items.popleft()
                    self.dropped += 1
            else:
                while len(self._items) >= self.maxsize and not self._closed:
                    self._cond.wait()
            if self._closed:
                return False
            self._items.append(frame)
            self._cond.notify_all()
            return True

    def get(self, timeout: float | None = None) -> Frame | None:
        """The oldest queued frame; None after ``timeout`` seconds or once closed and empty."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while not self._items and not self._closed:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return None
                self._cond.wait(remaining)
            if not self._items:
                return None
            frame = self._items.popleft()
            self._cond.notify_all()
            return frame

    def close(self) -> None:
        """No more frames will come: wake every waiter. Queued frames can still be taken."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    @property
    def closed(self) -> bool:
        return self._closed

    def __len__(self) -> int:
        with self._cond:
            return len(self._items)


class CaptureThread:
    """Runs ``source`` on a background thread; the consumer calls ``get()``.

    ``status`` is a sentence a person can read: ``"ok"``, ``"no camera: <why>, retrying in
    2s"``, ``"skipped a frame: <why>"``, ``"ended"``, ``"failed: <why>"``, ``"stopped"``;
    ``state`` is its first word for code (ok, retrying, skipped, ended, failed, stopped).
    ``on_status(state, status)`` is called on the capture thread at every change: keep it
    short (post to your own queue or loop). ``reopen_backoff`` are the waits in seconds
    before each re-open of a failed live camera; the last one repeats until it comes back.
    """

    def __init__(self, source: FrameSource, maxsize: int = 2, *,
                 reopen_backoff: tuple[float, ...] = (0.5, 1.0, 2.0, 5.0),
                 drop_stale: bool | None = None,
                 on_status: Callable[[str, str], None] | None = None,
                 idle_wait: float = 0.002):
        if not reopen_backoff:
            raise ValueError("reopen_backoff needs at least one wait")
        self.source = source
        self.reopen_backoff = tuple(float(w) for w in reopen_backoff)
        self.queue = FrameQueue(maxsize, source.live if drop_stale is None else drop_stale)
        self.on_status = on_status
        self.idle_wait = idle_wait
        self.frames_read = 0
        self.failures = 0
        self._status = "not started"
        self._state = "idle"
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the consumer's side -------------------------------------------------------------
    def start(self) -> "CaptureThread":
        if self._thread is not None:
            raise RuntimeError("a capture thread starts once")
        self._thread = threading.Thread(target=self._run, name=f"capture {self.source.name}",
                                        daemon=True)
        self._thread.start()
        return self

    def get(self, timeout: float | None = None) -> Frame | None:
        """The next frame, or None after ``timeout`` or once the stream is over."""
        return self.queue.get(timeout)

    def stop(self, timeout: float | None = 5.0) -> None:
        """Ask the thread to finish, wake it wherever it waits, and join it."""
        self._stop.set()
        self.queue.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def finished(self) -> bool:
        """The stream is over and every frame it produced has been taken."""
        return self.queue.closed and len(self.queue) == 0

    @property
    def status(self) -> str:
        with self._lock:
            return self._status

    @property
    def state(self) -> str:
        with self._lock:
            return self._state

    @property
    def dropped(self) -> int:
        return self.queue.dropped

    def __enter__(self) -> "CaptureThread":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the capture thread --------------------------------------------------------------
    def _set_status(self, state: str, status: str) -> None:
        with self._lock:
            changed = status != self._status
            self._state, self._status = state, status
        if changed and self.on_status is not None:
            try:
                self.on_status(state, status)
            except Exception:
                pass  # a broken listener must not stop the camera

    def _run(self) -> None:
        attempt = 0
        is_open = False
        try:
            while not self._stop.is_set():
                if not is_open:
                    try:
                        self.source.open()
                        is_open = True
                        self._set_status(OK, "ok")
                    except SourceError as err:
                        if not self._failed(err, attempt):
                            return
                        attempt += 1
                    continue
                try:
                    frame = self.source.read()
                except SourceEnded:
                    self._set_status(ENDED, "ended")
                    return
                except FrameSkipped as err:
                    self._set_status(SKIPPED, f"skipped a frame: {err}")
                    continue
                except Exception as err:  # SourceError, or a driver's own exception
                    is_open = False
                    self._close_source()
                    if not self._failed(err, attempt):
                        return
                    attempt += 1
                    continue
                if frame is None:
                    self._stop.wait(self.idle_wait)
                    continue
                attempt = 0
                self.frames_read += 1
                if self._state != OK:
                    self._set_status(OK, "ok")
                self.queue.put(frame)
        finally:
            self._close_source()
            if self._stop.is_set() and self._state not in (ENDED, FAILED):
                self._set_status(STOPPED, "stopped")
            self.queue.close()

    def _failed(self, err: BaseException, attempt: int) -> bool:
        """Report a failure; for a live camera wait out the back-off and say to go on."""
        self.failures += 1
        why = str(err) or type(err).__name__
        if not self.source.live:
            self._set_status(FAILED, f"failed: {why}")
            return False
        wait = self.reopen_backoff[min(attempt, len(self.reopen_backoff) - 1)]
        self._set_status(RETRYING, f"no camera: {why}, retrying in {wait:g}s")
        self._close_source()
        return not self._stop.wait(wait)

    def _close_source(self) -> None:
        try:
            self.source.close()
        except Exception:
            pass
