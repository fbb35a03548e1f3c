"""What a webcam sees behind a card held up to it: a room. A painted wall, a bookshelf,
a bright window, the player's own face and shirt, or a busy poster, each drawn fresh from
the scene's generator at the frame's size (smooth regions and busy ones; card colours and
white among them, as real rooms have), and a little out of focus: the camera focuses on
the card, nearer than the room.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .hands import SKIN_TONES
from .tables import CARD_COLORED_CLOTHS, make_table, smooth_noise

#: The rooms behind a held card.
ROOMS: tuple[str, ...] = ("wall", "shelf", "window", "person", "poster")

#: Wall paints, BGR: off-whites, beige, pale blue/green/yellow, grey, a dark accent wall.
_PAINTS = ((225, 230, 232), (190, 210, 225), (215, 200, 180), (190, 215, 200), (150, 215, 235),
           (160, 160, 165), (90, 80, 70), (205, 220, 240))


def _jitter(rng: np.random.Generator, bgr, amount: float = 15) -> tuple[int, int, int]:
    c = np.clip(np.array(bgr, np.float64) + rng.uniform(-amount, amount, 3), 0, 255)
    return int(c[0]), int(c[1]), int(c[2])


def _some_colour(rng: np.random.Generator) -> tuple[int, int, int]:
    """A colour things in a room come in: often a card colour or white, else anything."""
    r = rng.random()
    if r < 0.35:
        names = list(CARD_COLORED_CLOTHS)
        return _jitter(rng, CARD_COLORED_CLOTHS[names[int(rng.integers(len(names)))]], 20)
    if r < 0.5:
        return _jitter(rng, (238, 240, 242), 10)
    return tuple(int(c) for c in rng.integers(15, 240, 3))


def wall(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A painted wall: one paint, lit unevenly, with a faint texture."""
    base = np.array(_jitter(rng, _PAINTS[int(rng.integers(len(_PAINTS)))]), np.float32)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((xs - w / 2) * math.cos(a) + (ys - h / 2) * math.sin(a)) / max(w, h)
    gain = 1.0 + rng.uniform(0.1, 0.4) * ramp
    gain += (smooth_noise(rng, h, w, 120) - 0.5) * 0.08 + (smooth_noise(rng, h, w, 2) - 0.5) * 0.03
    return cv2.convertScaleAbs(gain[..., None] * base)


def _shelf(rng: np.random.Generator, img: np.ndarray) -> None:
    """A bookshelf across part of the wall: boards and rows of coloured spines."""
    h, w = img.shape[:2]
    wood = _jitter(rng, ((60, 105, 160), (40, 70, 115), (200, 205, 210), (30, 35, 40))[
        int(rng.integers(4))], 12)
    x0, x1 = int(rng.uniform(-0.2, 0.4) * w), int(rng.uniform(0.6, 1.2) * w)
    row_h = int(rng.uniform(0.22, 0.4) * h)
    y = int(rng.uniform(-0.1, 0.3) * h)
    while y < h:
        x = x0
        while x < x1:
            bw = int(rng.uniform(0.015, 0.05) * w)
            bh = int(row_h * rng.uniform(0.6, 0.95))
            colour = _some_colour(rng)
            cv2.rectangle(img, (x, y + row_h - bh), (x + bw, y + row_h), colour, -1)
            if rng.random() < 0.5:  # a title band
                band = _some_colour(rng)
                yb = y + row_h - int(bh * rng.uniform(0.3, 0.8))
                cv2.rectangle(img, (x + 1, yb), (x + bw - 1, yb + max(2, bh // 10)), band, -1)
            x += bw + int(rng.integers(0, 3))
        board = max(4, int(0.025 * h))
        cv2.rectangle(img, (x0 - board, y + row_h), (x1 + board, y + row_h + board), wood, -1)
        y += row_h + board


def _window(rng: np.random.Generator, img: np.ndarray) -> None:
    """A bright window: sky and a blurred outside, white frame bars; it makes the camera's
    auto-exposure darken everything else (the card too)."""
    h, w = img.shape[:2]
    x0, y0 = int(rng.uniform(-0.3, 0.5) * w), int(rng.uniform(-0.3, 0.3) * h)
    ww, wh = int(rng.uniform(0.35, 0.8) * w), int(rng.uniform(0.5, 1.1) * h)
    sky = np.array(_jitter(rng, (250, 235, 215), 10), np.float32)
    green = np.array(_jitter(rng, (60, 130, 80), 25), np.float32)
    ch, cw = max(1, wh), max(1, ww)
    outside = smooth_noise(rng, ch, cw, 40)
    horizon = np.linspace(0, 1, ch, dtype=np.float32)[:, None] * rng.uniform(0.6, 1.4)
    mix = np.clip(outside * 0.6 + horizon - 0.5, 0, 1)[..., None]
    view = cv2.convertScaleAbs(sky * (1 - mix) + green * mix)
    x1, y1 = min(x0 + ww, w), min(y0 + wh, h)
    sx, sy = max(x0, 0), max(y0, 0)
    if x1 > sx and y1 > sy:
        img[sy:y1, sx:x1] = view[sy - y0:y1 - y0, sx - x0:x1 - x0]
    bar = _jitter(rng, (235, 238, 240) if rng.random() < 0.7 else (60, 70, 80), 8)
    t = max(4, int(0.02 * w))
    cv2.rectangle(img, (x0, y0), (x0 + ww, y0 + wh), bar, 2 * t)
    if rng.random() < 0.7:
        cv2.line(img, (x0 + ww // 2, y0), (x0 + ww // 2, y0 + wh), bar, t)
    if rng.random() < 0.5:
        cv2.line(img, (x0, y0 + wh // 2), (x0 + ww, y0 + wh // 2), bar, t)


def _person(rng: np.random.Generator, img: np.ndarray) -> None:
    """The player behind the card: a head (skin, hair) over a shirt filling the bottom."""
    h, w = img.shape[:2]
    cx = int(rng.uniform(0.25, 0.75) * w)
    head = int(rng.uniform(0.18, 0.32) * h)
    cy = int(rng.uniform(0.15, 0.45) * h)
    shirt = _some_colour(rng)
    shoulders = np.array([(cx - 2.4 * head, h + 10), (cx - 1.9 * head, cy + 1.6 * head),
                          (cx - 0.5 * head, cy + 1.1 * head), (cx + 0.5 * head, cy + 1.1 * head),
                          (cx + 1.9 * head, cy + 1.6 * head), (cx + 2.4 * head, h + 10)], np.int32)
    cv2.fillPoly(img, [shoulders], shirt, cv2.LINE_AA)
    if rng.random() < 0.4:  # a print on the shirt
        cv2.circle(img, (cx, int(cy + 2.2 * head)), int(head * 0.5), _some_colour(rng), -1,
                   cv2.LINE_AA)
    skin = _jitter(rng, SKIN_TONES[int(rng.integers(len(SKIN_TONES)))], 10)
    cv2.rectangle(img, (cx - head // 4, cy + head // 2), (cx + head // 4, int(cy + 1.2 * head)),
                  skin, -1)
    hair = _jitter(rng, ((20, 25, 30), (30, 50, 80), (60, 110, 170), (160, 160, 160))[
        int(rng.integers(4))], 10)
    cv2.ellipse(img, (cx, cy - head // 12), (int(head * 0.5), int(head * 0.62)), 0, 0, 360, hair,
                -1, cv2.LINE_AA)
    cv2.ellipse(img, (cx, cy + head // 10), (int(head * 0.42), int(head * 0.55)), 0, 0, 360,
                skin, -1, cv2.LINE_AA)
    eye = max(2, head // 14)
    for dx in (-head // 6, head // 6):
        cv2.circle(img, (cx + dx, cy + head // 20), eye, (40, 35, 30), -1, cv2.LINE_AA)


def make_room(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> np.ndarray:
    """The room ``kind`` (one of ROOMS) behind the card, a ``size`` (w, h) BGR frame,
    defocused by a random amount."""
    if kind not in ROOMS:
        raise ValueError(f"unknown room {kind!r}; choose one of {', '.join(ROOMS)}")
    w, h = size
    if kind == "poster":
        img = make_table(rng, "pattern", h, w, 1.0)
    else:
        img = wall(rng, h, w)
    if kind == "shelf":
        _shelf(rng, img)
    elif kind == "window":
        _window(rng, img)
    elif kind == "person":
        if rng.random() < 0.4:
            _shelf(rng, img)
        _person(rng, img)
    sigma = rng.uniform(0.0, 2.5)
    if sigma > 0.4:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    return img
