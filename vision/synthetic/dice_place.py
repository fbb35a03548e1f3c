"""Where the dice of a synthetic scene lie and what else reaches into the frame: the centre
die near the frame's centre (and now and then players' dice at its edges), a hand's dice
laid out near each other without touching, and hands kept clear of them.

Positions are chosen in the image (where the camera is aimed) and carried to the table
through the camera, so a die's top face has the asked size in pixels wherever it lies.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import cv2
import numpy as np

from .dice_cube import DiceCamera, Die, die_vertices, top_corners
from .dice_face import DieStyle
from .hands import HandPose, draw_hand, hand_mask

if TYPE_CHECKING:
    from .dice import DiceSceneParams


def local_scale(cam: DiceCamera, center: tuple[float, float]) -> float:
    """Image px per table unit near ``center`` (on the table plane)."""
    c = np.asarray(center, np.float64)
    pts = cam.project(np.array([[*(c + d), 0.0] for d in ((-5, -5), (5, -5), (5, 5), (-5, 5))]))
    d1, d2 = pts[2] - pts[0], pts[3] - pts[1]
    area = 0.5 * abs(float(d1[0] * d2[1] - d1[1] * d2[0]))
    return math.sqrt(max(area, 1e-6)) / 10.0


def _inside(pts: np.ndarray, size: tuple[int, int], margin: float) -> bool:
    w, h = size
    return bool(np.all(pts[:, 0] >= margin) and np.all(pts[:, 0] <= w - 1 - margin)
                and np.all(pts[:, 1] >= margin) and np.all(pts[:, 1] <= h - 1 - margin))


def die_at(rng: np.random.Generator, cam: DiceCamera, seen: tuple[float, float], top_px: float,
            label: str, style: DieStyle, labels: list[str]) -> Die:
    """A die showing ``label`` whose top looks ``top_px`` wide where the image point
    ``seen`` meets the table, turned at random, with random side faces."""
    center = cam.table_point(seen)
    side = top_px / local_scale(cam, center)
    sides = tuple(labels[int(i)] for i in rng.integers(len(labels), size=4))
    return Die(center, float(rng.uniform(0, 360)), side, label, sides, style)  # type: ignore[arg-type]


def silhouette(cam: DiceCamera, die: Die) -> np.ndarray:
    """The cube's outline in the image (convex hull of its corners)."""
    return cv2.convexHull(cam.project(die_vertices(die)).astype(np.float32)).reshape(-1, 2)


def fits(cam: DiceCamera, die: Die, placed: list[Die], params: DiceSceneParams,
          gap: float = 1.5) -> bool:
    """Whether ``die`` lies wholly in frame and ``gap`` sides from every die ``placed``."""
    if not _inside(silhouette(cam, die), params.size, params.margin):
        return False
    return all(math.dist(die.center, d.center) >= gap * max(die.side, d.side) for d in placed)


def hand_pose(rng: np.random.Generator, size: tuple[int, int], finger_w: float) -> HandPose:
    """A hand entering from a random frame edge, pointing roughly inwards."""
    w, h = size
    edge = int(rng.integers(4))
    t = rng.uniform(0.1, 0.9)
    out = finger_w * rng.uniform(0.5, 3.0)
    wrist, inward = [((t * w, -out), 90), ((w + out, t * h), 180), ((t * w, h + out), 270),
                     ((-out, t * h), 0)][edge]
    return HandPose(wrist, math.radians(inward + rng.uniform(-35, 35)), finger_w,
                    int(rng.integers(0, 6)), float(rng.uniform(0.7, 1.2)), bool(rng.random() < 0.5))


def keep_clear_mask(quads: list[np.ndarray], size: tuple[int, int], grow: int) -> np.ndarray:
    """The dice's outlines (half-size mask), grown by ``grow`` px."""
    w, h = size[0] // 2, size[1] // 2
    mask = np.zeros((h, w), np.uint8)
    for q in quads:
        hull = cv2.convexHull((q * 0.5).astype(np.float32)).reshape(-1, 2)
        cv2.fillPoly(mask, [np.round(hull).astype(np.int32)], 255)
    return cv2.dilate(mask, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8)) if grow else mask


def hand_clear_of(rng: np.random.Generator, frame: np.ndarray, keep: list[np.ndarray],
                   finger_w: float, size: tuple[int, int]) -> bool:
    """Draw a hand that touches none of the dice ``keep``; False when none fitted."""
    forbidden = keep_clear_mask(keep, size, 4)
    for _ in range(8):
        pose = hand_pose(rng, size, finger_w)
        if not cv2.countNonZero(cv2.bitwise_and(hand_mask(pose, size, 0.5), forbidden)):
            draw_hand(rng, frame, pose)
            return True
    return False


def place_dice(rng: np.random.Generator, kind: str, cam: DiceCamera, params: DiceSceneParams,
                label: str | None, style: DieStyle, top_px: float, overrides: dict,
                labels: list[str]) -> list[Die]:
    """The dice of a centre or hand scene, the centre die (nearest the frame's centre) first."""
    w, h = params.size
    dice: list[Die] = []
    reach = params.center_reach
    if kind == "center":
        for attempt in range(40):
            r = reach * (1 - attempt / 40)
            seen = (w / 2 + rng.uniform(-r, r) * w, h / 2 + rng.uniform(-r, r) * h)
            die = die_at(rng, cam, seen, top_px, label, style, labels)  # type: ignore[arg-type]
            if fits(cam, die, [], params):
                dice.append(die)
                break
        else:  # pragma: no cover - a 45 px die always fits near the centre
            raise RuntimeError("could not place the centre die")
        others = overrides.get("others")
        if others is None:
            others = int(rng.integers(1, 4)) if rng.random() < params.p_others else 0
        near = math.dist(centre_px(cam, dice[0]), (w / 2, h / 2))
        for _ in range(int(others)):
            for _attempt in range(30):
                seen = (rng.uniform(0.06, 0.94) * w, rng.uniform(0.06, 0.94) * h)
                if math.dist(seen, (w / 2, h / 2)) < max(near + 3 * top_px, params.others_beyond * w):
                    continue
                die = die_at(rng, cam, seen, top_px * rng.uniform(0.9, 1.1),
                              labels[int(rng.integers(len(labels)))], style, labels)
                if fits(cam, die, dice, params, 2.5):
                    dice.append(die)
                    break
        return dice
    count = int(overrides.get("dice") or rng.integers(params.hand_dice[0], params.hand_dice[1] + 1))
    spread = top_px * (1.4 + 0.9 * math.sqrt(count)) * rng.uniform(0.8, 1.3)
    hub = (w / 2 + rng.uniform(-0.12, 0.12) * w, h / 2 + rng.uniform(-0.1, 0.1) * h)
    for _ in range(count):
        for _attempt in range(40):
            a, r = rng.uniform(0, 2 * math.pi), spread * math.sqrt(rng.random())
            seen = (hub[0] + r * math.cos(a), hub[1] + r * math.sin(a))
            die = die_at(rng, cam, seen, top_px, labels[int(rng.integers(len(labels)))], style, labels)
            if fits(cam, die, dice, params, float(rng.uniform(1.5, 2.2))):
                dice.append(die)
                break
    if not dice:  # pragma: no cover
        raise RuntimeError("could not place a hand of dice")
    dice.sort(key=lambda d: math.dist(centre_px(cam, d), (w / 2, h / 2)))
    return dice


def centre_px(cam: DiceCamera, die: Die) -> tuple[float, float]:
    c = top_corners(cam, die).mean(axis=0)
    return float(c[0]), float(c[1])


def view_angle(cam: DiceCamera, die: Die) -> float:
    """Degrees between the vertical and the ray from the die's top to the lens."""
    eye = cam.position()
    d = eye - np.array([die.center[0], die.center[1], die.side])
    return math.degrees(math.atan2(math.hypot(d[0], d[1]), d[2]))
