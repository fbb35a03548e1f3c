"""Where things go on the table: a card wholly in frame at a chosen apparent size, the
cards of a spread hand, and hands that keep off the cards that must stay whole (or, for
occluded scenes, a fingertip over the top card's edge)."""

from __future__ import annotations

import math

import cv2
import numpy as np

from .card import CARD_ASPECT
from .compose import card_quad, image_quad, inside, overlap_area
from .hands import HandPose, draw_hand, fingertips, hand_mask
from .params import SceneParams


def local_scale(hom: np.ndarray, center: tuple[float, float]) -> float:
    """How many image px one table px near ``center`` spans (the camera's local zoom)."""
    c = np.asarray(center, np.float64)
    pts = image_quad(hom, np.array([c - 5, c + [5, -5], c + 5, c + [-5, 5]]))
    area, _ = cv2.intersectConvexConvex(pts.astype(np.float32), pts.astype(np.float32))
    return math.sqrt(max(float(area), 1e-6)) / 10.0


def fit_card(rng: np.random.Generator, hom: np.ndarray, params: SceneParams, short: float,
             spread: float) -> tuple[np.ndarray, tuple[float, float], float, float]:
    """A pose for a card wholly in frame whose short side looks ``short`` px long, its
    centre within ``spread`` (fraction of the frame) of the middle:
    (image quad, table centre, angle, short side in table px)."""
    w, h = params.size
    inv = np.linalg.inv(hom)
    for attempt in range(40):
        reach = spread * (1 - attempt / 40)
        seen = (w / 2 + rng.uniform(-reach, reach) * w, h / 2 + rng.uniform(-reach, reach) * h)
        center = tuple(image_quad(inv, np.array([seen]))[0])
        angle = rng.uniform(0, 360)
        side = short / local_scale(hom, center)
        quad = image_quad(hom, card_quad(center, angle, side, side * CARD_ASPECT))
        if inside(quad, params.size, params.margin):
            return quad, center, angle, side
        if attempt % 10 == 9:
            short *= 0.92
    raise RuntimeError("could not fit a card in the frame")  # pragma: no cover


def under_cards(rng: np.random.Generator, hom: np.ndarray, center: tuple[float, float],
                side: float, count: int, labels: list[str]) -> list[tuple[str, np.ndarray]]:
    """``count`` cards (label, image quad) beneath a pile's top card (table centre
    ``center``, short side ``side`` table px): any of ``labels``, offset by up to 0.8 card
    heights, at any angle."""
    tall = side * CARD_ASPECT
    cards = []
    for _ in range(count):
        r, a = rng.uniform(0.12, 0.8) * tall, rng.uniform(0, 2 * math.pi)
        c = (center[0] + r * math.cos(a), center[1] + r * math.sin(a))
        quad = image_quad(hom, card_quad(c, rng.uniform(0, 360), side, tall))
        cards.append((labels[int(rng.integers(len(labels)))], quad))
    return cards


def spread_quad(rng: np.random.Generator, hom: np.ndarray, params: SceneParams, short: float,
                taken: list[np.ndarray], tries: int = 30) -> np.ndarray | None:
    """A card of a spread hand: wholly in frame, touching none of ``taken``, mostly upright
    (a person lays cards out roughly square to themselves); None if none fitted."""
    w, h = params.size
    inv = np.linalg.inv(hom)
    for _ in range(tries):
        seen = np.array([(rng.uniform(0.12, 0.88) * w, rng.uniform(0.15, 0.85) * h)])
        c = tuple(image_quad(inv, seen)[0])
        a = rng.normal(0, 15) if rng.random() < 0.7 else rng.uniform(0, 360)
        side = short / local_scale(hom, c)
        q = image_quad(hom, card_quad(c, a, side, side * CARD_ASPECT))
        if inside(q, params.size, params.margin) and all(overlap_area(q, o) < 1.0 for o in taken):
            return q
    return None


def random_pose(rng: np.random.Generator, size: tuple[int, int], finger_w: float,
                fingers: int | None = None) -> HandPose:
    """A hand entering from a random frame edge, pointing roughly inwards."""
    w, h = size
    edge = int(rng.integers(4))
    t = rng.uniform(0.1, 0.9)
    out = finger_w * rng.uniform(0.5, 3.0)
    wrist, inward = [((t * w, -out), 90), ((w + out, t * h), 180), ((t * w, h + out), 270),
                     ((-out, t * h), 0)][edge]
    direction = math.radians(inward + rng.uniform(-35, 35))
    return HandPose(wrist, direction, finger_w,
                    int(rng.integers(0, 6)) if fingers is None else fingers,
                    float(rng.uniform(0.7, 1.2)), bool(rng.random() < 0.5))


def quad_mask(quads: list[np.ndarray], size: tuple[int, int], scale: float,
              grow: int) -> np.ndarray:
    """The quads filled, at ``scale`` of the frame ``size``, grown by ``grow`` px."""
    w, h = int(size[0] * scale), int(size[1] * scale)
    mask = np.zeros((h, w), np.uint8)
    for q in quads:
        cv2.fillPoly(mask, [np.round(q * scale).astype(np.int32)], 255)
    if grow:
        mask = cv2.dilate(mask, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))
    return mask


def hand_clear_of(rng: np.random.Generator, frame: np.ndarray, keep_clear: list[np.ndarray],
                  finger_w: float, size: tuple[int, int]) -> np.ndarray | None:
    """Draw a hand that touches none of ``keep_clear``; its coverage, or None if none fitted."""
    forbidden = quad_mask(keep_clear, size, 0.5, 3)
    for _ in range(8):
        pose = random_pose(rng, size, finger_w)
        if not cv2.countNonZero(cv2.bitwise_and(hand_mask(pose, size, 0.5), forbidden)):
            return draw_hand(rng, frame, pose)
    return None


def finger_over(rng: np.random.Generator, frame: np.ndarray, quad: np.ndarray,
                finger_w: float) -> np.ndarray:
    """Draw a pointing finger whose tip covers part of ``quad``'s edge; its coverage."""
    i = int(rng.integers(4))
    edge_pt = quad[i] + (quad[(i + 1) % 4] - quad[i]) * rng.uniform(0.2, 0.8)
    d = quad.mean(axis=0) - edge_pt
    angle = math.atan2(d[1], d[0]) + math.radians(rng.uniform(-30, 30))
    reach_in = finger_w * rng.uniform(0.4, 1.2)
    target = edge_pt + np.array([math.cos(angle), math.sin(angle)]) * reach_in
    probe = HandPose((0.0, 0.0), angle, finger_w, 1, float(rng.uniform(0.8, 1.2)),
                     bool(rng.random() < 0.5))
    tip = fingertips(probe)[0]
    pose = HandPose(tuple(target - tip), angle, finger_w, 1, probe.reach, probe.sleeve)
    return draw_hand(rng, frame, pose)


def point_in(rng: np.random.Generator, quad: np.ndarray) -> tuple[float, float]:
    """A random point well inside ``quad``."""
    u, v = rng.uniform(0.1, 0.9, 2)
    top = quad[0] + (quad[1] - quad[0]) * u
    bottom = quad[3] + (quad[2] - quad[3]) * u
    p = top + (bottom - top) * v
    return float(p[0]), float(p[1])
