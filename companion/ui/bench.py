"""``uno-companion bench app``: how fast the touchscreen starts, how much memory a game takes.

* Start-up: ``--count`` (default 5) fresh processes each compose the app as ``demo`` does
  (journal, synthetic camera, recogniser, silent buzzer) and report the time from the
  process's launch to the first frame on the window; the median is printed.
* Memory: a process plays a whole scripted game (bots at a simulated table, seeded;
  every event goes through the controller and is drawn on its screen) while the camera
  feed runs with the recogniser reading every frame (what it reads is not applied: the
  game is scripted); the peak resident memory of the process (``VmHWM``, or
  ``ru_maxrss`` without /proc) is printed, and what of the resident memory at the end
  was the process's own (``RssAnon``) and pages of its program and libraries
  (``RssFile``: LLVM, OpenCV, ...). As ``run`` composes the app (a live camera, here
  pictures of a table replayed at 15 frames/s), as ``run --camera none`` does (the
  screen alone) and as ``demo`` does (the synthetic live table, which renders every
  played card onto its pile).

On an offscreen 800x480 window (``SDL_VIDEODRIVER=offscreen``) unless a video driver is
already set, so the figures do not depend on a desktop being there; start-up and the demo
once more on a 720x1280 portrait window.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

START_RUNS = 5
GAME_PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
LANDSCAPE, PORTRAIT = (800, 480), (720, 1280)


def run(args) -> int:
    runs = args.count or START_RUNS
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "offscreen")
    env.setdefault("KIVY_WINDOW", "sdl2")
    env.setdefault("KIVY_NO_ARGS", "1")
    env.setdefault("KIVY_NO_CONSOLELOG", "1")
    env.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    env.setdefault("GPIOZERO_MOCK_PIN_CLASS", "mockpwmpin")
    for size in (LANDSCAPE, PORTRAIT):
        times = []
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="uno-bench-") as home:
                env["UNO_COMPANION_HOME"] = home
                result = _child(["startup", repr(time.monotonic()), _size_text(size)], env)
            if result is None:
                return 1
            times.append(result["seconds"])
        print(f"bench app: start-up to the first frame, {runs} runs ({env['SDL_VIDEODRIVER']} "
              f"{_size_text(size)}, journal + synthetic camera + recogniser): median "
              f"{statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f})")
    for setup, size in (("run", LANDSCAPE), ("run --camera none", LANDSCAPE),
                        ("demo", LANDSCAPE), ("demo", PORTRAIT)):
        with tempfile.TemporaryDirectory(prefix="uno-bench-") as home:
            env["UNO_COMPANION_HOME"] = home
            argv = ["game", str(args.seed), setup.split()[-1], _size_text(size)]
            if setup == "run":
                argv.append(_camera_frames(Path(home), args.seed))
            game = _child(argv, env)
        if game is None:
            return 1
        camera = SETUPS[setup]
        print(f"bench app: a whole game as `{setup}` runs it ({_size_text(size)}, {camera}; "
              f"{len(GAME_PLAYERS)} players, {game['events']} events, {game['rounds']} "
              f"rounds, {game['frames']} frames drawn, {game['camera_frames']} camera frames "
              f"read, {game['seconds']:.0f} s): peak memory {game['peak_mb']:.0f} MB "
              f"({game['measure']}), {game['start_mb']:.0f} MB after start-up, at the end "
              f"{game['anon_mb']:.0f} MB its own + {game['file_mb']:.0f} MB of program files")
    return 0


SETUPS = {
    "run": "a camera replaying 12 table pictures at 15 frames/s, the recogniser reading each",
    "run --camera none": "no camera: cards entered by touch",
    "demo": "the synthetic live table rendering each played card, the recogniser reading it",
}


def _size_text(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def _camera_frames(folder: Path, seed: int) -> str:
    """Pictures of a table with cards on it for the ``run`` setup's camera (made here, so
    the renderer's memory is not counted in the measured process)."""
    import numpy as np

    from vision.synthetic.live_table import LiveTable

    table = LiveTable(seed=seed)
    images = []
    for label in ("red-7", "blue-7", "blue-skip", "green-skip"):
        table.place(label)
        frames = list(table.frames())
        images += [frames[-1].image, frames[len(frames) // 2].image, frames[-4].image]
    path = folder / "camera.npz"
    np.savez(path, frames=np.stack(images))
    return str(path)


def _child(argv: list[str], env: dict) -> dict | None:
    done = subprocess.run([sys.executable, "-m", "companion.ui.bench", *argv], env=env,
                          capture_output=True, text=True)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = "\n".join(done.stderr.strip().splitlines()[-8:])
        print(f"bench app: the {argv[0]} run failed (exit {done.returncode}):\n{tail}",
              file=sys.stderr)
        return None
    return json.loads(lines[-1])


# --- the measured processes ------------------------------------------------------------------

class ReplayCamera:
    """A live camera standing in for the Pi's: ``pictures`` over and over at ``fps``."""

    live = True
    name = "replayed camera"

    def __init__(self, pictures, fps: float = 15.0):
        self.pictures = pictures
        self.fps = fps
        self._index = 0
        self._t0 = 0.0

    def open(self) -> None:
        self._t0 = time.monotonic()

    def read(self):
        from hardware.camera.frame import Frame

        due = self._t0 + self._index / self.fps
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        frame = Frame(self.pictures[self._index % len(self.pictures)], self._index,
                      self._index / self.fps)
        self._index += 1
        return frame

    def close(self) -> None:
        pass


def _compose(seed: int = 7, camera: str | None = None, size: tuple[int, int] = LANDSCAPE):
    """The app as ``demo`` composes it (without the bots), or with ``camera`` (a file of
    pictures) as ``run`` composes it with a camera, or with ``camera="none"`` as ``run
    --camera none`` does."""
    from companion.launch import prepare_kivy

    prepare_kivy(size)       # as run and demo start: Kivy's and the allocator's settings
    from companion.config import Config as TableConfig
    from companion.journal import Journal
    from companion.readers import game_readers
    from companion.ui.app import build_app
    from hardware.buzzer import SilentBuzzer
    from hardware.camera.synthetic import SyntheticSource

    journal = Journal.open(Path(os.environ["UNO_COMPANION_HOME"]) / "journal.sqlite3")
    if camera == "none":
        source = None
    elif camera is None:
        def source():
            return SyntheticSource(seed=seed, fps=15.0)
    else:
        def source():
            import numpy as np

            with np.load(camera) as data:
                return ReplayCamera(list(data["frames"]))
    return build_app(TableConfig(), source, SilentBuzzer("bench"), journal,
                     recognizer=game_readers() if source is not None else None)


def _startup(launched: float, size: tuple[int, int]) -> None:
    app = _compose(size=size)
    from kivy.clock import Clock
    from kivy.core.window import Window

    result = {}

    def first_frame(*_):
        if not result:
            result["seconds"] = time.monotonic() - launched
            Clock.schedule_once(lambda dt: app.stop(), 0)

    Window.bind(on_flip=first_frame)
    app.run()
    print(json.dumps(result))


def _resident_mb() -> tuple[float, float]:
    """What is resident now: the process's own memory and pages of its files (MB)."""
    values = {"RssAnon:": 0.0, "RssFile:": 0.0}
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            words = line.split()
            if words and words[0] in values:
                values[words[0]] = int(words[1]) / 1024
    except OSError:
        pass
    return values["RssAnon:"], values["RssFile:"]


def _peak_mb() -> tuple[float, str]:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024, "VmHWM"
    except OSError:
        pass
    import resource

    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (rss / 1024 / 1024 if sys.platform == "darwin" else rss / 1024), "ru_maxrss"


def _game(seed: int, setup: str, size: tuple[int, int], camera: str | None) -> None:
    import random

    from kivy.base import EventLoop

    from companion.tablesim import SimTable

    app = _compose(seed, "none" if setup == "none" else camera, size)
    t0 = time.monotonic()
    app._run_prepare()
    frames = 0

    def frame() -> None:
        nonlocal frames
        EventLoop.idle()
        frames += 1

    for _ in range(3):
        frame()
    if app.feed is not None:
        app.feed.ready.wait(30)
    source = app.feed.source if app.feed is not None else None
    start_mb, _ = _peak_mb()
    ctl = app.controller
    # the camera watches the rendered table and reads every frame, but the game is the
    # scripted one: what the camera makes of it is not applied
    ctl.camera_play = lambda label, ask_number=True: None
    ctl.camera_take_back = lambda label: None
    sim = SimTable(list(GAME_PLAYERS), random.Random(seed), target=500)
    line = sim.next_event()
    ctl.new_game(line)
    sim.send(line)
    app.game_started()
    while not ctl.game.over:
        event = sim.next_event()
        out = ctl.submit(event, "bot")
        if not out.accepted:
            raise SystemExit(f"the scripted game stopped: {event}: {out.reason}")
        sim.send(event)
        if event["type"] in ("play", "flip") and setup == "demo":
            source.place(event["card"])      # the camera has something to look at
        if "round_scored" in out.notices and not ctl.game.over:
            frame()
            app.scores_seen()
        frame()
    camera_frames = app.feed.frames if app.feed is not None else 0
    anon, files = _resident_mb()
    app.shutdown()
    peak, how = _peak_mb()
    print(json.dumps({"events": len(ctl.game.events), "rounds": len(ctl.snapshot()["rounds"]),
                      "frames": frames, "camera_frames": camera_frames,
                      "seconds": time.monotonic() - t0, "peak_mb": peak, "measure": how,
                      "start_mb": start_mb, "anon_mb": anon, "file_mb": files}))


if __name__ == "__main__":
    import logging

    logging.basicConfig(level=logging.WARNING)   # a failure in a child is shown, not lost
    def size_of(text: str) -> tuple[int, int]:
        width, height = text.split("x")
        return int(width), int(height)

    if sys.argv[1] == "startup":
        _startup(float(sys.argv[2]), size_of(sys.argv[3]))
    else:
        _game(int(sys.argv[2]), sys.argv[3], size_of(sys.argv[4]),
              sys.argv[5] if len(sys.argv) > 5 else None)
