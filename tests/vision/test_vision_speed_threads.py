"""The recogniser runs on the calling thread alone: with OpenCV's pool off
(``cv2.setNumThreads(1)``, as the companion and the benchmarks set it) no helper thread of
OpenCV or of numpy's OpenBLAS works for it, so the benchmark's per-frame thread CPU is all
the CPU a frame costs, and on the Pi no BLAS worker spins beside the screen.

OpenBLAS splits a matrix-vector product over its threads once the matrix is large enough
(0.3.31 on two cores: a 456 x 1024 bank is split, the glyph bank's 228 x 1024 is not) when
``OPENBLAS_NUM_THREADS`` is not set; ``run`` and ``demo`` set it to 1 before numpy loads
(companion.launch.limit_memory), the command-line tools (``bench``, ``watch``, ``recognize``)
do not. Measured in a fresh process without that setting: process CPU (every thread) against
the calling thread's."""

import json
import os
import subprocess
import sys

import pytest

CHILD = """
import json, sys, time
import cv2, numpy as np
cv2.setNumThreads(1)
from vision.recognizer import Recognizer
from vision.synthetic import scene_set
recognizer = Recognizer()
recognizer.top_card(np.zeros((480, 640, 3), np.uint8))
scenes = [s.image for s in scene_set(3, int(sys.argv[2]))]
big = np.ones((int(sys.argv[1]), 1024), np.float32) if int(sys.argv[1]) else None
vector = np.ones(1024, np.float32)
thread, process = time.thread_time(), time.process_time()
for image in scenes:
    recognizer.top_card(image)
    if big is not None:
        for _ in range(20):
            big @ vector
print(json.dumps({"thread": time.thread_time() - thread, "process": time.process_time() - process}))
"""


def cpu_of_frames(scenes: int, extra_rows: int = 0) -> dict:
    """Thread and process CPU (s) of ``scenes`` scenes' top_card in a fresh process, OpenBLAS
    left to its own thread count; ``extra_rows``: a matrix that size x 1024 multiplied too."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", CHILD, str(extra_rows), str(scenes)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_frame_costs_no_cpu_beyond_the_calling_thread():
    cpu = cpu_of_frames(10)
    assert cpu["thread"] > 0
    # Helper threads would add their CPU to the process's (and a spinning BLAS pool more).
    assert cpu["process"] <= 1.1 * cpu["thread"] + 0.02, cpu


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="OpenBLAS starts no threads on one core")
def test_the_check_sees_a_product_openblas_splits_over_threads():
    # On a machine busy with other work the BLAS workers may get little CPU in one short
    # run (the calling thread then does their share): three tries, one must show them.
    tries = []
    for _ in range(3):
        cpu = cpu_of_frames(2, extra_rows=12000)
        tries.append(cpu)
        if cpu["process"] > 1.1 * cpu["thread"] + 0.02:
            return
    pytest.fail(f"no try showed OpenBLAS's threads: {tries}")
