"""The process's memory settings made at start-up (launch.limit_memory, prepare_kivy's
window without multisampling), and what the touchscreen bench reads of its own memory."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHILD = """
import ctypes, json, os, sys
from companion.launch import limit_memory, limit_opencv_threads, prepare_kivy
done = limit_memory()
import cv2
limit_opencv_threads()
prepare_kivy((800, 480))
from kivy.config import Config
print(json.dumps({"done": done, "cv_threads": cv2.getNumThreads(),
                  "multisamples": Config.get("graphics", "multisamples")}))
"""


def child(env_extra: dict | None = None) -> dict:
    import json
    import os

    env = dict(os.environ, **(env_extra or {}))
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_the_allocator_and_opencv_are_set_up_in_a_fresh_process():
    result = child()
    assert result == {"done": True, "cv_threads": 1, "multisamples": "0"}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_settings_given_in_the_environment_are_left_alone(monkeypatch):
    from companion import launch

    calls = []

    def mallopt(what, value):
        calls.append((what, value))
        return 1

    class FakeLibc:
        pass

    fake = FakeLibc()
    fake.mallopt = mallopt
    monkeypatch.setattr("ctypes.CDLL", lambda name: fake)
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    assert launch.limit_memory(launch.MemoryParams(arenas=3, mmap_threshold=65536))
    assert calls == [(-3, 65536)]                        # only the threshold was set


def test_bench_reads_its_own_memory():
    from companion.ui.bench import _peak_mb, _resident_mb

    anon, files = _resident_mb()
    peak, how = _peak_mb()
    if sys.platform.startswith("linux"):
        assert anon > 1 and files > 1 and how == "VmHWM"
        assert peak >= anon                              # the peak holds at least what is now
