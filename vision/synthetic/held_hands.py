"""The hands holding a card up to a webcam: where a hand grips the card's outline, the
hand behind the card (palm and fingers; drawn before the card, which covers the fingers)
and the thumb in front of it."""

from __future__ import annotations

import math

import numpy as np

from .hands import HandPose, draw_hand, fingertips


def hand_at(rng: np.random.Generator, quad: np.ndarray, where: str,
            side: int) -> tuple[np.ndarray, float]:
    """The point of ``quad``'s outline a hand grips (edge ``side`` or corner ``side``) and
    the direction (radians) from outside the card in towards its centre."""
    centre = quad.mean(axis=0)
    if where == "corner":
        pt = quad[side]
    else:
        pt = quad[side] + (quad[(side + 1) % 4] - quad[side]) * rng.uniform(0.25, 0.75)
    d = centre - pt
    return pt, math.atan2(d[1], d[0]) + math.radians(rng.uniform(-20, 20))


def hand_behind(rng: np.random.Generator, frame: np.ndarray, pt: np.ndarray, angle: float,
                fw: float, skin: tuple[int, int, int]) -> None:
    """The holding hand behind the card: its palm past the card's edge at ``pt``, fingers
    reaching in behind it (drawn before the card, which then covers them)."""
    d = np.array([math.cos(angle), math.sin(angle)])
    wrist = pt - d * fw * rng.uniform(2.5, 4.5)
    draw_hand(rng, frame, HandPose(tuple(wrist), angle, fw, 4, float(rng.uniform(0.8, 1.2)),
                                   bool(rng.random() < 0.6)), skin)


def thumb_over(rng: np.random.Generator, frame: np.ndarray, pt: np.ndarray, angle: float,
               fw: float, skin: tuple[int, int, int]) -> None:
    """The thumb in front of the card, reaching 0.3-1.0 of its width in past ``pt`` (the
    tip's rounded end lies half a width beyond the point fingertips() names)."""
    reach = rng.uniform(0.3, 1.0) - 0.5
    target = pt + np.array([math.cos(angle), math.sin(angle)]) * fw * reach
    probe = HandPose((0.0, 0.0), angle, fw, 1, float(rng.uniform(0.7, 1.0)),
                     bool(rng.random() < 0.5))
    tip = fingertips(probe)[0]
    draw_hand(rng, frame, HandPose(tuple(target - tip), angle, fw, 1, probe.reach,
                                   probe.sleeve), skin)
