"""``uno-companion bench app``: how fast the touchscreen starts, how much memory a game takes.

* Start-up: ``--count`` (default 5) fresh processes each compose the app as ``demo`` does
  (journal, synthetic camera, recogniser, silent buzzer) and report the time from the
  process's launch to the first frame on the window; the median is printed.
* Memory: one process plays a whole scripted game (bots at a simulated table, seeded;
  every event goes through the controller and is drawn on its screen) while the camera
  feed runs on the synthetic table with the recogniser (the played cards are put on the
  rendered pile; what the camera reads is not applied, the game being scripted); the peak
  resident memory of the process (``VmHWM``, or ``ru_maxrss`` without /proc) is printed.

Both run on an offscreen 800x480 window (``SDL_VIDEODRIVER=offscreen``) unless a video
driver is already set, so the figures do not depend on a desktop being there.
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


def run(args) -> int:
    runs = args.count or START_RUNS
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "offscreen")
    env.setdefault("KIVY_WINDOW", "sdl2")
    env.setdefault("KIVY_NO_ARGS", "1")
    env.setdefault("KIVY_NO_CONSOLELOG", "1")
    env.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    env.setdefault("GPIOZERO_MOCK_PIN_CLASS", "mockpwmpin")
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="uno-bench-") as home:
            env["UNO_COMPANION_HOME"] = home
            result = _child(["startup", repr(time.monotonic())], env)
        if result is None:
            return 1
        times.append(result["seconds"])
    print(f"bench app: start-up to the first frame, {runs} runs "
          f"({env['SDL_VIDEODRIVER']} 800x480, journal + synthetic camera + recogniser): "
          f"median {statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f})")
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as home:
        env["UNO_COMPANION_HOME"] = home
        game = _child(["game", str(args.seed)], env)
    if game is None:
        return 1
    print(f"bench app: a whole game ({len(GAME_PLAYERS)} players, {game['events']} events, "
          f"{game['rounds']} rounds, {game['frames']} frames drawn, camera feed analysing "
          f"{game['camera_frames']} frames, {game['seconds']:.0f} s): peak memory "
          f"{game['peak_mb']:.0f} MB ({game['measure']}); after start-up {game['start_mb']:.0f} MB")
    return 0


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

def _compose(seed: int = 7):
    """The app as ``demo`` composes it (without the bots)."""
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from companion.config import Config as TableConfig
    from companion.journal import Journal
    from companion.launch import load_recognizer
    from companion.ui.app import build_app
    from hardware.buzzer import SilentBuzzer
    from hardware.camera.synthetic import SyntheticSource

    journal = Journal.open(Path(os.environ["UNO_COMPANION_HOME"]) / "journal.sqlite3")
    app = build_app(TableConfig(), lambda: SyntheticSource(seed=seed, fps=15.0),
                    SilentBuzzer("bench"), journal, recognizer=load_recognizer)
    return app


def _startup(launched: float) -> None:
    app = _compose()
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


def _game(seed: int) -> None:
    import random

    from kivy.base import EventLoop

    from companion.tablesim import SimTable

    app = _compose(seed)
    t0 = time.monotonic()
    app._run_prepare()
    frames = 0

    def frame() -> None:
        nonlocal frames
        EventLoop.idle()
        frames += 1

    for _ in range(3):
        frame()
    app.feed.ready.wait(30)
    source = app.feed.source
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
        if event["type"] in ("play", "flip"):
            source.place(event["card"])      # the camera has something to look at
        if "round_scored" in out.notices and not ctl.game.over:
            frame()
            app.scores_seen()
        frame()
    camera_frames = app.feed.frames
    app.shutdown()
    peak, how = _peak_mb()
    print(json.dumps({"events": len(ctl.game.events), "rounds": len(ctl.snapshot()["rounds"]),
                      "frames": frames, "camera_frames": camera_frames,
                      "seconds": time.monotonic() - t0, "peak_mb": peak, "measure": how,
                      "start_mb": start_mb}))


if __name__ == "__main__":
    if sys.argv[1] == "startup":
        _startup(float(sys.argv[2]))
    else:
        _game(int(sys.argv[2]))
