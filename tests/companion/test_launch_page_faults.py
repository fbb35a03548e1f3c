"""run and demo's allocator settings (companion.launch.limit_memory) let the recogniser
reuse its working pictures: a frame read again maps no fresh pages. With a 128 kB mmap
threshold every picture of 128 kB and more (a 320 px frame, a flattened card's float
planes, OpenCV's buffers) was mapped and unmapped at each use: some 350 page faults a
read of one card, ~1.6 ms of system time a frame over the benchmark's scenes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

CHILD = """
import json, resource
from companion.launch import limit_memory
done = limit_memory()
import cv2, numpy as np
cv2.setNumThreads(1)
from vision.recognizer import Recognizer
from vision.synthetic import make_scene
recognizer = Recognizer()
recognizer.top_card(np.zeros((480, 640, 3), np.uint8))
image = make_scene(np.random.default_rng(5), "single", label="red-7").image
label = recognizer.top_card(image).label
for _ in range(2):
    recognizer.top_card(image)
before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
for _ in range(5):
    recognizer.top_card(image)
faults = (resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before) / 5
print(json.dumps({"done": done, "label": label, "faults": faults}))
"""


def faults_of_a_read(env_extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    env.update(env_extra or {})
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt, per-thread rusage")
def test_a_card_read_again_maps_no_fresh_pages():
    result = faults_of_a_read()
    if not result["done"]:
        pytest.skip("no glibc mallopt here: the allocator is left alone")
    assert result["label"] == "red-7"
    assert result["faults"] < 30, result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt, per-thread rusage")
def test_the_old_128_kb_threshold_maps_pages_at_every_read():
    # A setting given in the environment is left alone by limit_memory.
    result = faults_of_a_read({"MALLOC_MMAP_THRESHOLD_": str(128 * 1024)})
    if not result["done"]:
        pytest.skip("no glibc mallopt here: the allocator is left alone")
    assert result["faults"] > 100, result
