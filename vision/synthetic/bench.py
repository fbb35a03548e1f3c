"""``uno-companion bench synthetic``: how long make_scene takes, per scene kind.

The recogniser's benchmark draws thousands of scenes; this prints what one costs here
(single-threaded OpenCV, wall clock and this process's CPU time).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import cv2
import numpy as np

from .scene import make_scene, scene_plan


def run(args: argparse.Namespace) -> int:
    cv2.setNumThreads(1)
    n = args.count or 300
    seed = args.seed
    walls: dict[str, list[float]] = defaultdict(list)
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    for i, (kind, label, extra) in enumerate(scene_plan(seed, n)):
        start = time.perf_counter()
        make_scene(np.random.default_rng([seed, i]), kind, label=label, **extra)
        walls[kind].append(time.perf_counter() - start)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    every = [t for ts in walls.values() for t in ts]
    print(f"synthetic scenes: {n} (seed {seed}), 640x480, 1 OpenCV thread")
    print(f"  all     mean {1000 * wall / n:6.1f} ms  p95 {1000 * np.percentile(every, 95):6.1f} ms"
          f"  cpu {1000 * cpu / n:6.1f} ms/scene")
    for kind in ("pile", "single", "spread", "empty"):
        ts = walls.get(kind)
        if ts:
            print(f"  {kind:7} mean {1000 * np.mean(ts):6.1f} ms  p95 "
                  f"{1000 * np.percentile(ts, 95):6.1f} ms  ({len(ts)} scenes)")
    return 0
