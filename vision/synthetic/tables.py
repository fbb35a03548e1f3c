"""Table tops a card game is played on: wood, cloth, gingham checks, felt, white, dark, and
busy printed patterns, generated fresh for each scene from cheap up-sampled noise.

Each generator returns a BGR uint8 image of the asked size in the table's own plane; the
scene warps it with the camera's tilt. Colours include the four card colours (a red cloth
under a red card is a case a recogniser must survive).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

TABLES: tuple[str, ...] = ("wood", "cloth", "checks", "felt", "white", "dark", "pattern")

_WOODS = ((95, 150, 200), (60, 105, 160), (40, 70, 115), (130, 180, 220), (30, 45, 70),
          (80, 120, 150))
_CLOTHS = ((40, 40, 190), (20, 190, 230), (60, 150, 50), (170, 100, 20), (120, 120, 125),
           (170, 200, 215), (90, 50, 40), (60, 40, 120), (200, 200, 200), (40, 90, 180),
           (110, 70, 150), (80, 130, 110))
_FELTS = ((50, 110, 30), (40, 90, 20), (110, 60, 20), (40, 30, 120), (60, 60, 65))

#: Plain cloths in the card colours, for the "no card, but a card-coloured field" scenes.
CARD_COLORED_CLOTHS: dict[str, tuple[int, int, int]] = {
    "red": (45, 35, 200), "yellow": (20, 200, 240), "green": (70, 155, 55), "blue": (185, 105, 15),
}


def smooth_noise(rng: np.random.Generator, h: int, w: int, cell: float,
                 stretch: float = 1.0) -> np.ndarray:
    """Value noise in [0, 1], float32 h x w, features about ``cell`` px (x ``stretch`` along x)."""
    gh = max(2, int(math.ceil(h / cell)) + 2)
    gw = max(2, int(math.ceil(w / (cell * stretch))) + 2)
    grid = rng.random((gh, gw), dtype=np.float32)
    return cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)


def _jitter(rng: np.random.Generator, bgr: tuple[int, int, int], amount: float = 18) -> np.ndarray:
    return np.clip(np.array(bgr, np.float32) + rng.uniform(-amount, amount, 3), 0, 255)


def _shade(base: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """base colour (3,) times a float32 HxW gain field -> BGR uint8."""
    column = base.reshape(3, 1).astype(np.float32)
    return cv2.convertScaleAbs(cv2.transform(gain[..., None], column))


def wood(rng: np.random.Generator, h: int, w: int, s: float = 1.0) -> np.ndarray:
    """Planks along x with streaky grain, growth rings and dark seams."""
    base = _jitter(rng, _WOODS[int(rng.integers(len(_WOODS)))], 15)
    streak = smooth_noise(rng, h, w, rng.uniform(2, 6) * s, stretch=rng.uniform(20, 50))
    warp = smooth_noise(rng, h, w, 90 * s, stretch=5)
    period = rng.uniform(25, 60) * s
    ys = np.arange(h, dtype=np.float32)[:, None]
    phase = (ys + warp * np.float32(rng.uniform(30, 90) * s)) * np.float32(2 * np.pi / period)
    rings = cv2.pow(0.5 + 0.5 * np.sin(phase), 4)
    gain = cv2.addWeighted(streak, 0.28, rings, float(rng.uniform(0.03, 0.09)), 0.72)
    plank = rng.uniform(70, 180) * s
    y = rng.uniform(0, plank) - plank
    while y < h:
        y0, y1 = max(int(y), 0), min(int(y + plank), h)
        if y1 > y0:
            gain[y0:y1] *= np.float32(rng.uniform(0.85, 1.12))
            seam = int(y + plank)
            if 0 <= seam < h:
                gain[max(seam - 1, 0):seam + 1] *= np.float32(0.45)
        y += plank
    return _shade(base, gain)


def cloth(rng: np.random.Generator, h: int, w: int, s: float = 1.0,
          color: tuple[int, int, int] | None = None) -> np.ndarray:
    """A plain woven cloth with wrinkles; ``color`` or one of a spread of common cloths."""
    base = _jitter(rng, color or _CLOTHS[int(rng.integers(len(_CLOTHS)))], 12)
    wrinkles = smooth_noise(rng, h, w, rng.uniform(40, 90) * s, stretch=rng.uniform(1, 4))
    fibre = smooth_noise(rng, h, w, max(1.0, 2.5 * s))
    gain = cv2.addWeighted(wrinkles, 0.22, fibre, 0.08, 0.82)
    return _shade(base, gain)


def checks(rng: np.random.Generator, h: int, w: int, s: float = 1.0) -> np.ndarray:
    """Gingham: a colour crossed with white in cells 12-50 px, on a light weave."""
    cell = rng.uniform(12, 50) * s
    color = _jitter(rng, _CLOTHS[int(rng.integers(len(_CLOTHS)))], 20)
    light = _jitter(rng, (235, 238, 240), 10)
    xs = ((np.arange(w, dtype=np.float32) // cell) % 2)[None, :]
    ys = ((np.arange(h, dtype=np.float32) // cell) % 2)[:, None]
    share = (xs + ys) * np.float32(0.5)  # 0 white, 0.5 half tone, 1 full colour
    share = cv2.GaussianBlur(share, (0, 0), max(0.6, 0.8 * s))
    img = cv2.transform(share[..., None], (color - light).reshape(3, 1).astype(np.float32))
    img += light.astype(np.float32)
    noise = smooth_noise(rng, h, w, 50 * s) * np.float32(0.15) + np.float32(0.9)
    return cv2.convertScaleAbs(img * noise[..., None])


def felt(rng: np.random.Generator, h: int, w: int, s: float = 1.0) -> np.ndarray:
    """Card-table felt: a deep colour, fuzzy fine grain, soft mottling."""
    base = _jitter(rng, _FELTS[int(rng.integers(len(_FELTS)))], 12)
    fuzz = smooth_noise(rng, h, w, max(1.0, 1.5 * s))
    mottle = smooth_noise(rng, h, w, 70 * s)
    return _shade(base, cv2.addWeighted(fuzz, 0.18, mottle, 0.2, 0.8))


def white(rng: np.random.Generator, h: int, w: int, s: float = 1.0) -> np.ndarray:
    """A white laminate or paper top, a little uneven, sometimes with faint grey veins."""
    base = _jitter(rng, (232, 236, 238), 12)
    gain = cv2.addWeighted(smooth_noise(rng, h, w, 80 * s), 0.07,
                           smooth_noise(rng, h, w, max(1.0, 2 * s)), 0.03, 0.92)
    if rng.random() < 0.2:  # faint marble veins
        veins = smooth_noise(rng, h, w, 70 * s, stretch=2.5) - np.float32(0.5)
        gain -= np.float32(0.07) * np.exp(-(veins * veins) / np.float32(0.0004))
    return _shade(base, gain)


def dark(rng: np.random.Generator, h: int, w: int, s: float = 1.0) -> np.ndarray:
    """A dark slate, stone or black-painted top with a fine grain."""
    base = _jitter(rng, (48, 46, 44), 15)
    gain = cv2.addWeighted(smooth_noise(rng, h, w, max(1.0, 2.5 * s)), 0.35,
                           smooth_noise(rng, h, w, 90 * s), 0.3, 0.75)
    return _shade(base, gain)


def pattern(rng: np.random.Generator, h: int, w: int, s: float = 1.0) -> np.ndarray:
    """A busy print (oilcloth, magazine, placemats): many coloured blobs, stripes and
    rectangles, some card-sized, none a card."""
    img = cloth(rng, h, w, s, tuple(int(c) for c in _jitter(rng, (200, 200, 200), 50)))
    palette = [_jitter(rng, c, 25) for c in
               (CARD_COLORED_CLOTHS["red"], CARD_COLORED_CLOTHS["yellow"], (60, 150, 50),
                (190, 110, 0), (30, 30, 30), (240, 240, 240), (120, 60, 160))]
    for _ in range(int(rng.integers(12, 40))):
        color = tuple(int(c) for c in palette[int(rng.integers(len(palette)))])
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        r = max(2, int(rng.integers(6, 60) * s))
        sort = rng.random()
        if sort < 0.4:
            cv2.circle(img, (x, y), r, color, -1, cv2.LINE_AA)
        elif sort < 0.7:
            box = ((x, y), (float(r * rng.uniform(1, 3)), float(r * rng.uniform(1, 3))),
                   float(rng.uniform(0, 180)))
            cv2.fillPoly(img, [cv2.boxPoints(box).astype(np.int32)], color, cv2.LINE_AA)
        elif sort < 0.9:
            end = (x + int(rng.integers(-200, 200) * s), y + int(rng.integers(-200, 200) * s))
            cv2.line(img, (x, y), end, color, max(1, int(rng.integers(2, 14) * s)), cv2.LINE_AA)
        else:
            cv2.putText(img, "".join(chr(int(c)) for c in rng.integers(65, 91, 6)), (x, y),
                        cv2.FONT_HERSHEY_SIMPLEX, float(rng.uniform(0.5, 2.0) * s), color,
                        max(1, int(rng.integers(1, 4) * s)), cv2.LINE_AA)
    return img


_MAKERS = {"wood": wood, "cloth": cloth, "checks": checks, "felt": felt, "white": white,
           "dark": dark, "pattern": pattern}


def make_table(rng: np.random.Generator, kind: str, h: int, w: int, scale: float = 1.0,
               color: tuple[int, int, int] | None = None) -> np.ndarray:
    """A table top of ``kind`` (one of TABLES), h x w BGR uint8, its features sized for
    ``scale`` px per frame pixel (0.5: drawn at half resolution, to be up-sampled by the
    camera warp); ``color`` picks a cloth's colour."""
    if kind not in _MAKERS:
        raise ValueError(f"unknown table {kind!r}; choose one of {', '.join(TABLES)}")
    if kind == "cloth":
        return cloth(rng, h, w, scale, color)
    return _MAKERS[kind](rng, h, w, scale)
