"""How much of a quad's sides the straight stretches cover (vision.sides._followed), judged
against all stretches at once: the same figures as taking them one by one (the plain
rule below), for stretches on, near, beside and across a quad's sides."""

import math

import numpy as np
import pytest

from vision.side_lines import Side
from vision.sides import _followed, _stretch_table


def one_by_one(quad, sides, angle, offset, least_offset):
    cos_merge = math.cos(math.radians(angle))
    out = []
    corners = quad.tolist()
    for i in range(4):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        tolerance = max(least_offset, offset * length)
        covered = []
        for s in sides:
            if abs(s.along[0] * ux + s.along[1] * uy) < cos_merge:
                continue
            for t0, t1 in s.stretches:
                ends = [(s.point[0] + s.along[0] * t, s.point[1] + s.along[1] * t) for t in (t0, t1)]
                if all(abs((x - ax) * uy - (y - ay) * ux) <= tolerance for x, y in ends):
                    u0, u1 = sorted(((x - ax) * ux + (y - ay) * uy) for x, y in ends)
                    if u1 > 0 and u0 < length:
                        covered.append((max(u0, 0.0), min(u1, length)))
        total, reach = 0.0, 0.0
        for u0, u1 in sorted(covered):
            if u1 > reach:
                total += u1 - max(u0, reach)
                reach = u1
        out.append(total / length)
    return out


def random_sides(rng, quad, count):
    """Lines along the quad's sides (nudged, turned a little, in pieces) and strays."""
    sides = []
    for _ in range(count):
        i = int(rng.integers(4))
        a, b = quad[i], quad[(i + 1) % 4]
        turn = math.radians(rng.normal(0, 5))
        d = (b - a) / np.linalg.norm(b - a)
        along = (float(d[0] * math.cos(turn) - d[1] * math.sin(turn)),
                 float(d[0] * math.sin(turn) + d[1] * math.cos(turn)))
        if rng.random() < 0.3:  # a stray line anywhere
            along = (math.cos(rng.uniform(0, math.pi)), math.sin(rng.uniform(0, math.pi)))
        point = a + rng.normal(0, 3, 2) + rng.uniform(-0.2, 1.0) * (b - a)
        cuts = np.sort(rng.uniform(-30, 120, 2 * int(rng.integers(1, 4))))
        stretches = tuple((float(cuts[k]), float(cuts[k + 1])) for k in range(0, len(cuts), 2))
        sides.append(Side((float(point[0]), float(point[1])), along, (-along[1], along[0]),
                          stretches[0][0], stretches[-1][1], stretches))
    return sides


@pytest.mark.parametrize("seed", range(6))
def test_all_stretches_at_once_cover_as_much_as_one_by_one(seed):
    rng = np.random.default_rng(seed)
    quad = (np.array([[100, 80], [180, 90], [170, 210], [92, 200]], np.float32)
            + rng.normal(0, 4, (4, 2)).astype(np.float32))
    sides = random_sides(rng, quad.astype(np.float64), 30)
    table = _stretch_table(sides)
    for angle, offset, least in ((8.0, 0.06, 2.5), (4.0, 0.04, 2.5)):
        got = _followed(quad, table, angle, offset, least)
        assert got == one_by_one(quad, sides, angle, offset, least)
    assert max(_followed(quad, table, 8.0, 0.06, 2.5)) > 0.3


def test_no_stretches_cover_nothing():
    quad = np.array([[0, 0], [50, 0], [50, 80], [0, 80]], np.float32)
    assert _followed(quad, _stretch_table([]), 8.0, 0.06, 2.5) == [0.0] * 4
