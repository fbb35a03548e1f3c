"""Things on a real game table that are not face-up cards: the draw pile's backs, sticky
notes and score pads (white card-sized rectangles!), phones, coasters, coins, pens."""

from __future__ import annotations

import cv2
import numpy as np

from .card import card_height, render_back_soft
from .compose import card_quad, image_quad, overlap_area, paste_warped, warp_size
from .style import CardStyle

PROPS: tuple[str, ...] = ("note", "phone", "coaster", "coin", "pen")


def _prop_image(rng: np.random.Generator, kind: str, scale: float
                ) -> tuple[np.ndarray, np.ndarray]:
    """A small flat object, upright, and its coverage mask."""
    if kind == "note":
        w = int(rng.uniform(90, 190) * scale)
        h = int(w * rng.uniform(0.7, 1.6))
        papers = ((250, 250, 250), (140, 240, 250), (200, 190, 250), (215, 235, 240))
        color = papers[int(rng.integers(len(papers)))]
        img = np.empty((h, w, 3), np.uint8)
        img[:] = color
        for i in range(int(rng.integers(0, 7))):  # a score list or scribbles
            y = int((i + 1) * h / 8)
            x1 = int(w * rng.uniform(0.3, 0.9))
            cv2.line(img, (int(w * 0.1), y), (x1, y + int(rng.integers(-3, 4))),
                     (int(rng.integers(0, 120)),) * 3, max(1, int(w / 90)), cv2.LINE_AA)
        return img, np.full((h, w), 255, np.uint8)
    if kind == "phone":
        w = int(rng.uniform(65, 85) * scale)
        h = int(w * rng.uniform(1.9, 2.15))
        img = np.empty((h, w, 3), np.uint8)
        img[:] = (int(rng.integers(10, 60)),) * 3
        cv2.rectangle(img, (w // 14, h // 20), (w - w // 14, h - h // 20),
                      (int(rng.integers(5, 40)),) * 3, -1)
        mask = np.zeros((h, w), np.uint8)
        r = max(2, w // 7)
        cv2.rectangle(mask, (r, 0), (w - r, h), 255, -1)
        cv2.rectangle(mask, (0, r), (w, h - r), 255, -1)
        for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
            cv2.circle(mask, (cx, cy), r, 255, -1)
        return img, mask
    d = int((rng.uniform(80, 110) if kind == "coaster" else rng.uniform(20, 30)) * scale)
    if kind == "pen":
        w, h = max(4, int(rng.uniform(8, 12) * scale)), int(rng.uniform(120, 150) * scale)
        img = np.empty((h, w, 3), np.uint8)
        img[:] = tuple(int(c) for c in rng.integers(0, 255, 3))
        return img, np.full((h, w), 255, np.uint8)
    color = (80, 130, 170) if kind == "coaster" else (90, 150, 180)
    img = np.empty((d, d, 3), np.uint8)
    img[:] = np.clip(np.array(color) + rng.integers(-30, 30, 3), 0, 255)
    mask = np.zeros((d, d), np.uint8)
    cv2.circle(mask, (d // 2, d // 2), d // 2 - 1, 255, -1, cv2.LINE_AA)
    return img, mask


def place_props(rng: np.random.Generator, frame: np.ndarray, hom: np.ndarray, count: int,
                avoid: list[np.ndarray], scale: float = 1.0, central: bool = False,
                first: str | None = None) -> list[str]:
    """Put up to ``count`` props on the table, none touching a quad in ``avoid`` (image
    px); ``central`` keeps them well inside the frame, ``first`` names the first one's
    kind. Returns the kinds placed."""
    h, w = frame.shape[:2]
    lo, hi = (0.2, 0.8) if central else (-0.1, 1.1)
    placed = []
    for i in range(count):
        kind = first if (i == 0 and first) else PROPS[int(rng.integers(len(PROPS)))]
        img, mask = _prop_image(rng, kind, scale)
        img = cv2.multiply(img, cv2.merge([mask, mask, mask]), scale=1 / 255)  # premultiplied
        for _attempt in range(8):
            center = (rng.uniform(lo, hi) * w, rng.uniform(lo, hi) * h)
            angle = rng.uniform(0, 360)
            quad = image_quad(hom, card_quad(center, angle, img.shape[1], img.shape[0]))
            if all(overlap_area(quad, a) < 1.0 for a in avoid):
                paste_warped(frame, img, mask, quad, shadow=(2.0, 3.0, 2.0, 0.3))
                placed.append(kind)
                avoid = avoid + [quad]
                break
    return placed


def place_backs(rng: np.random.Generator, frame: np.ndarray, hom: np.ndarray, style: CardStyle,
                center: tuple[float, float], short: float, count: int) -> np.ndarray:
    """A draw pile: ``count`` backs stacked almost square, the top one at ``center`` (table
    px), ``short`` px wide. Returns the top back's image quad."""
    angle = rng.uniform(0, 360)
    quad = image_quad(hom, card_quad(center, angle, short, short * card_height(100) / 100))
    back, alpha = render_back_soft(style, max(24, warp_size(quad)), 1)
    for i in range(count, -1, -1):
        c = (center[0] + rng.normal(0, 1.2) + i * 0.4, center[1] + rng.normal(0, 1.2) + i * 0.6)
        a = angle + rng.normal(0, 2.5 if i else 0)
        q = image_quad(hom, card_quad(c, a, short, short * card_height(100) / 100))
        paste_warped(frame, back, alpha, q, shadow=(1.0, 1.5, 1.2, 0.35))
    return quad
