"""No-card things held up to a webcam: a phone, a coloured or white paper, a card's back
(each held like a card), a plain cloth, empty hands."""

from __future__ import annotations

import math

import cv2
import numpy as np

from .card import CARD_ASPECT, render_back_soft
from .hands import SKIN_TONES, HandPose, draw_hand
from .held_hands import thumb_over
from .style import CardStyle
from .tables import CARD_COLORED_CLOTHS, cloth


def thing_aspect(rng: np.random.Generator, sort: str) -> float:
    """Height over width of a no-card thing held up like a card."""
    if sort == "phone":
        return float(rng.uniform(1.9, 2.15))
    if sort == "paper" and rng.random() < 0.5:
        return float(rng.uniform(0.6, 1.5))
    return CARD_ASPECT * (1.0 if sort == "back" else float(rng.uniform(0.9, 1.1)))


def flat_thing(rng: np.random.Generator, sort: str, style: CardStyle, width: int,
               aspect: float) -> tuple[np.ndarray, np.ndarray]:
    """A no-card thing to hold up like a card, ``width`` px wide: its face
    (premultiplied) and coverage."""
    if sort == "back":
        return render_back_soft(style, width)
    h = max(8, int(round(width * aspect)))
    if sort == "phone":
        img = np.empty((h, width, 3), np.uint8)
        img[:] = (int(rng.integers(10, 60)),) * 3
        screen = (slice(h // 20, h - h // 20), slice(width // 14, width - width // 14))
        img[screen] = (int(rng.integers(5, 40)),) * 3
        if rng.random() < 0.6:  # the screen is on: coloured tiles on a light or dark page
            page = img[screen]
            page[:] = (235, 235, 235) if rng.random() < 0.5 else (30, 30, 30)
            ph, pw = page.shape[:2]
            for _ in range(int(rng.integers(3, 9))):
                x, y = int(rng.integers(0, pw)), int(rng.integers(0, ph))
                colour = tuple(int(c) for c in rng.integers(0, 256, 3))
                cv2.rectangle(page, (x, y), (x + pw // 3, y + ph // 8), colour, -1)
        mask = np.zeros((h, width), np.uint8)
        r = max(2, width // 7)
        cv2.rectangle(mask, (r, 0), (width - r, h), 255, -1)
        cv2.rectangle(mask, (0, r), (width, h - r), 255, -1)
        for cx, cy in ((r, r), (width - r, r), (r, h - r), (width - r, h - r)):
            cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    else:  # paper: a card colour most often, sometimes white with writing
        names = list(CARD_COLORED_CLOTHS)
        white = rng.random() < 0.25
        colour = (245, 245, 245) if white else CARD_COLORED_CLOTHS[names[int(rng.integers(4))]]
        img = cloth(rng, h, width, 0.5, colour)
        for i in range(int(rng.integers(0, 6)) if white else 0):
            y = int((i + 1) * h / 7)
            cv2.line(img, (width // 10, y), (int(width * rng.uniform(0.4, 0.9)), y),
                     (int(rng.integers(0, 120)),) * 3, max(1, width // 60), cv2.LINE_AA)
        mask = np.full((h, width), 255, np.uint8)
    img = cv2.multiply(img, cv2.merge([mask, mask, mask]), scale=1 / 255)
    return img, mask


def held_cloth(rng: np.random.Generator, frame: np.ndarray, size: tuple[int, int],
               cond: dict[str, str]) -> None:
    """A plain cloth (yellow most often) held up: a big wrinkled region, a hand at its edge."""
    w, h = size
    name = "yellow" if rng.random() < 0.5 else list(CARD_COLORED_CLOTHS)[int(rng.integers(4))]
    cond["cloth"] = name
    fabric = cloth(rng, h, w, 1.0, CARD_COLORED_CLOTHS[name])
    cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.3, 0.7) * h
    n = int(rng.integers(5, 9))
    angles = np.sort(rng.uniform(0, 2 * math.pi, n))
    radii = rng.uniform(0.3, 0.7, n) * h
    pts = np.stack([cx + radii * np.cos(angles), cy + radii * np.sin(angles)], 1)
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255, cv2.LINE_AA)
    m3 = cv2.merge([mask, mask, mask])
    frame[:] = cv2.add(cv2.multiply(frame, cv2.bitwise_not(m3), scale=1 / 255),
                       cv2.multiply(fabric, m3, scale=1 / 255))
    edge_pt = pts[int(rng.integers(n))]
    d = np.array([cx, cy]) - edge_pt
    angle = math.atan2(d[1], d[0])
    fw = h * rng.uniform(0.05, 0.09)
    thumb_over(rng, frame, edge_pt, angle, fw, SKIN_TONES[int(rng.integers(len(SKIN_TONES)))])


def empty_hands(rng: np.random.Generator, frame: np.ndarray, size: tuple[int, int]) -> None:
    """One or two open (or closed) hands held up to the camera."""
    w, h = size
    for _ in range(int(rng.integers(1, 3))):
        fw = h * rng.uniform(0.05, 0.09)
        tip = np.array([rng.uniform(0.2, 0.8) * w, rng.uniform(0.15, 0.7) * h])
        angle = math.radians(rng.uniform(-150, -30))  # fingers pointing up-ish
        wrist = tip - np.array([math.cos(angle), math.sin(angle)]) * fw * rng.uniform(6, 9)
        draw_hand(rng, frame, HandPose(tuple(wrist), angle, fw, int(rng.integers(0, 6)),
                                       float(rng.uniform(0.8, 1.2)), bool(rng.random() < 0.6)))
