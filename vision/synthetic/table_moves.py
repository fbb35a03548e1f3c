"""How people and light move on a ``LiveTable``: each action is a generator yielding one
``Overlay`` (what it adds to the picture) per frame, and changing the table (a card laid,
lifted; the light; the camera) at the right frame. The table runs them in two lanes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator

import cv2
import numpy as np

from ..pose import pose_distance


@dataclass
class Overlay:
    """What one action adds to one frame, in world coordinates."""

    card: tuple[str, np.ndarray, tuple[float, float]] | None = None  # label, corners, motion
    hand: tuple[tuple[float, float], tuple[float, float], float] | None = None
    glare: tuple[tuple[float, float], float, float] | None = None  # picture coordinates
    shadow: tuple[tuple[float, float], tuple[float, float], float] | None = None
    shake: tuple[float, float] | None = None


def card_corners(center: tuple[float, float], angle: float, width: float) -> np.ndarray:
    """Corners of a card ``width`` wide centred at ``center`` and turned ``angle`` degrees
    (clockwise on the picture), clockwise from the card's own top-left."""
    h = width * 87.0 / 56.0
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    half = np.array([[-width / 2, -h / 2], [width / 2, -h / 2], [width / 2, h / 2],
                     [-width / 2, h / 2]])
    return (half @ rot.T + np.asarray(center, np.float64)).astype(np.float32)


def ease_out(f: float) -> float:
    return 1 - (1 - f) ** 2


def ease_in(f: float) -> float:
    return f * f


def new_pose(table, label: str) -> np.ndarray:
    p, rng = table.params, table.rng
    w = table.card_width
    top = table.top_pose()
    for _ in range(200):
        off = rng.normal(0, p.pile_spread * w, 2)
        n = float(np.hypot(*off))
        if n > p.pile_reach * w:
            off *= p.pile_reach * w / n
        angle = rng.normal(0, p.turn_spread) + (180.0 if rng.random() < p.upside_down else 0.0)
        corners = card_corners((table.pile_center[0] + off[0], table.pile_center[1] + off[1]),
                               angle, w)
        if top is None or top[0] != label or \
                pose_distance(corners.astype(np.float64), top[1].astype(np.float64)) \
                >= p.min_repeat_shift:
            return corners
    return corners

def approach_direction(table) -> tuple[float, float]:
    """Unit vector from a player's seat towards the pile (players sit all round)."""
    a = table.rng.uniform(0, 2 * math.pi)
    return math.cos(a), math.sin(a)

def hand_size(table) -> float:
    return table.card_width * table.rng.uniform(0.85, 1.05)

def outside(table, extra: float) -> float:
    """A distance from the pile that takes a hand (and a card) well outside the view."""
    return float(max(table.width, table.height) + 2 * table.params.margin) * 0.75 + extra

def place(table, label: str, throw: bool | None) -> Iterator[Overlay]:
    p, rng = table.params, table.rng
    final = new_pose(table, label)
    w = table.card_width
    h = w * 87 / 56
    center = final.mean(axis=0).astype(np.float64)
    final_angle = math.degrees(math.atan2(final[1, 1] - final[0, 1], final[1, 0] - final[0, 0]))
    d = np.array(approach_direction(table))
    start = center - d * outside(table, h)
    a0 = final_angle + rng.uniform(-25, 25)
    size = hand_size(table)
    n_move = int(rng.integers(p.move_frames[0], p.move_frames[1] + 1))
    if throw is None:
        throw = rng.random() < p.throw_share
    grip = h * 0.5 + size * 0.12  # palm behind the card's near edge, fingers on it
    prev = start
    if throw:
        # carried most of the way, released, slides alone while the hand goes back
        n_slide = int(rng.integers(5, 9))
        release = center - d * (h * rng.uniform(0.9, 1.4))
        for i in range(1, n_move + 1):
            f = i / n_move
            pos = start + (release - start) * f
            ang = a0 + (final_angle - a0) * f * 0.6
            yield carry(label, pos, ang, w, pos - prev, d, grip, size)
            prev = pos
        hand_at = prev - d * grip
        back = hand_at - d * outside(table, 0)
        a1 = ang
        for i in range(1, n_slide + 1):
            f = ease_out(i / n_slide)
            pos = release + (center - release) * f
            ang = a1 + (final_angle - a1) * f
            g = ease_in(i / n_slide)
            yield Overlay(card=(label, card_corners(pos, ang, w), tuple(pos - prev)),
                           hand=(tuple(hand_at + (back - hand_at) * g), tuple(d), size))
            prev = pos
        table.lay(label, final)
        return
    for i in range(1, n_move + 1):
        f = ease_out(i / n_move)
        pos = start + (center - start) * f
        ang = a0 + (final_angle - a0) * f
        if i == n_move:
            pos, ang = center, final_angle
        yield carry(label, pos, ang, w, pos - prev, d, grip, size)
        prev = pos
    table.lay(label, final)
    hand_from = center - d * grip
    for _ in range(int(rng.integers(p.hold_frames[0], p.hold_frames[1] + 1))):
        yield Overlay(hand=(tuple(hand_from), tuple(d), size))
    yield from leave(table, hand_from, d, size)

def carry(label, pos, ang, w, motion, d, grip, size) -> Overlay:
    palm = pos - d * grip
    return Overlay(card=(label, card_corners(tuple(pos), ang, w), tuple(motion)),
                    hand=(tuple(palm), tuple(d), size))

def leave(table, hand_from: np.ndarray, d: np.ndarray, size: float) -> Iterator[Overlay]:
    p = table.params
    n = int(table.rng.integers(p.leave_frames[0], p.leave_frames[1] + 1))
    back = hand_from - d * outside(table, 0)
    for i in range(1, n + 1):
        pos = hand_from + (back - hand_from) * ease_in(i / n)
        yield Overlay(hand=(tuple(pos), tuple(d), size))

def take_back(table) -> Iterator[Overlay]:
    if table.top_pose() is None:
        return
    p, rng = table.params, table.rng
    center = table.top_pose()[1].mean(axis=0).astype(np.float64)
    d = np.array(approach_direction(table))
    size = hand_size(table)
    h = table.card_width * 87 / 56
    grip = h * 0.5 + size * 0.12
    target = center - d * grip
    start = target - d * outside(table, 0)
    n = int(rng.integers(p.move_frames[0], p.move_frames[1] + 1))
    for i in range(1, n + 1):
        yield Overlay(hand=(tuple(start + (target - start) * ease_out(i / n)), tuple(d), size))
    for _ in range(int(rng.integers(2, 5))):
        yield Overlay(hand=(tuple(target), tuple(d), size))
    card = table.lift()
    ang = math.degrees(math.atan2(card.corners[1, 1] - card.corners[0, 1],
                                  card.corners[1, 0] - card.corners[0, 0]))
    prev = center
    n_back = int(rng.integers(p.leave_frames[0], p.leave_frames[1] + 1))
    for i in range(1, n_back + 1):
        shift = -d * outside(table, h) * ease_in(i / n_back)
        pos = center + shift
        yield Overlay(card=(card.label, card_corners(tuple(pos), ang, table.card_width),
                             tuple(pos - prev)),
                       hand=(tuple(target + shift), tuple(d), size))
        prev = pos

def hover(table, frames: int | None) -> Iterator[Overlay]:
    rng = table.rng
    d = np.array(approach_direction(table))
    size = hand_size(table)
    target = np.array(table.pile_center) + rng.normal(0, table.card_width * 0.4, 2)
    start = target - d * outside(table, 0)
    n = int(rng.integers(8, 13))
    for i in range(1, n + 1):
        yield Overlay(hand=(tuple(start + (target - start) * ease_out(i / n)), tuple(d), size))
    stay = int(frames if frames is not None else rng.integers(10, 40))
    pos = target
    for _ in range(stay):
        pos = pos + rng.normal(0, 1.5, 2)
        yield Overlay(hand=(tuple(pos), tuple(d), size))
    yield from leave(table, pos, d, size)

def pile_in_picture(table) -> tuple[float, float]:
    c = table.to_picture(np.array([table.pile_center], np.float32))[0]
    return float(c[0]), float(c[1])

def glare(table, frames: int | None) -> Iterator[Overlay]:
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(6, 20))
    cx, cy = pile_in_picture(table)
    c = np.array([cx, cy]) + rng.normal(0, table.card_width * 0.3, 2)
    r = table.card_width * rng.uniform(0.2, 0.4)
    s = rng.uniform(0.5, 0.9)
    drift = rng.normal(0, 1.0, 2)
    for i in range(n):
        ramp = min(1.0, (i + 1) / 3, (n - i) / 3)
        yield Overlay(glare=(tuple(c + drift * i), r, s * ramp))

def shadow(table, frames: int | None) -> Iterator[Overlay]:
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(20, 40))
    cx, cy = pile_in_picture(table)
    d = np.array(approach_direction(table))
    span = table.card_width * 3.0
    axes = (table.card_width * rng.uniform(1.2, 2.0), table.card_width * rng.uniform(1.0, 1.6))
    strength = rng.uniform(0.25, 0.45)
    for i in range(n):
        f = i / max(n - 1, 1)
        c = np.array([cx, cy]) + d * span * (f - 0.5)
        yield Overlay(shadow=(tuple(c), axes, strength))

def light(table, gain: float | None, frames: int | None) -> Iterator[Overlay]:
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(8, 20))
    g = float(gain if gain is not None else rng.uniform(0.7, 1.2))
    tint = rng.uniform(-0.07, 0.07)
    target = (g * (1 - tint), g, g * (1 + tint))
    start = table.gains
    for i in range(1, n + 1):
        f = i / n
        table.gains = tuple(a + (b - a) * f for a, b in zip(start, target))  # type: ignore
        yield Overlay()

def flicker(table, frames: int | None) -> Iterator[Overlay]:
    rng = table.rng
    n = int(frames if frames is not None else rng.integers(4, 9))
    base = table.gains
    for i in range(n):
        k = rng.uniform(0.75, 0.9) if i % 2 == 0 else 1.0
        table.gains = tuple(g * k for g in base)  # type: ignore[assignment]
        yield Overlay()
    table.gains = base

def nudge(table, shift: tuple[float, float] | None, angle: float | None) -> Iterator[Overlay]:
    rng = table.rng
    if shift is None:
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(10, 28)
        shift = (r * math.cos(a), r * math.sin(a))
    angle = float(angle if angle is not None else rng.uniform(-3.0, 3.0))
    n = int(rng.integers(2, 4))
    start = table.camera.copy()
    cx, cy = table.width / 2, table.height / 2
    for i in range(1, n + 1):
        f = i / n
        turn = cv2.getRotationMatrix2D((cx, cy), angle * f, 1.0)
        turn[:, 2] += np.array(shift) * f
        full = np.vstack([turn, [0, 0, 1]]) @ np.vstack([start, [0, 0, 1]])
        table.camera = full[:2]
        yield Overlay(shake=(shift[0] / n, shift[1] / n))
