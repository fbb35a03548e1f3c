"""Hands and fingers reaching into the frame: a palm entering from an edge, one to five
fingers, nails, rounded shading, an optional sleeve, and the shadow the hand casts.

Drawn at half resolution inside the hand's own bounding box (a hand is soft-edged to a
camera focused on the table anyway) and composited onto the frame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

#: Skin tones, BGR, light to dark.
SKIN_TONES: tuple[tuple[int, int, int], ...] = (
    (170, 190, 235), (150, 175, 225), (120, 150, 205), (95, 125, 180), (70, 95, 150),
    (50, 70, 115), (40, 55, 90))


@dataclass(frozen=True)
class HandPose:
    """Where a hand is: its wrist (often outside the frame), the direction it points, the
    width of one finger (px), and how many fingers are stretched out (0 = a fist)."""

    wrist: tuple[float, float]
    direction: float  # radians, image coordinates
    finger_width: float
    fingers: int
    reach: float = 1.0  # finger length, in finger widths x 3.2


def _capsule(mask: np.ndarray, p0: np.ndarray, p1: np.ndarray, width: float, value=255) -> None:
    cv2.line(mask, tuple(np.round(p0).astype(int)), tuple(np.round(p1).astype(int)), value,
             max(1, int(round(width))), cv2.LINE_AA)
    r = max(1, int(round(width / 2)))
    cv2.circle(mask, tuple(np.round(p1).astype(int)), r, value, -1, cv2.LINE_AA)
    cv2.circle(mask, tuple(np.round(p0).astype(int)), r, value, -1, cv2.LINE_AA)


def hand_geometry(pose: HandPose, scale: float = 1.0
                  ) -> tuple[list[tuple[np.ndarray, np.ndarray, float]], tuple, tuple]:
    """Fingers as (base, tip, width) segments, the palm ellipse and the sleeve band, all in
    frame px times ``scale``."""
    d = np.array([math.cos(pose.direction), math.sin(pose.direction)])
    n = np.array([-d[1], d[0]])
    fw = pose.finger_width
    wrist = np.array(pose.wrist, np.float64)
    palm_len, palm_w = fw * 4.2, fw * 4.4
    palm_c = wrist + d * palm_len * 0.5
    fingers = []
    length = fw * 3.2 * pose.reach
    spread = [(-1.5, -0.10, 0.95), (-0.5, -0.03, 1.05), (0.5, 0.03, 1.0), (1.5, 0.10, 0.8)]
    if pose.fingers == 1:
        spread = [(-0.5, 0.0, 1.05)]
    elif pose.fingers in (2, 3):
        spread = spread[:pose.fingers]
    for i, (offset, turn, rel) in enumerate(spread if pose.fingers else []):
        base = palm_c + d * palm_len * 0.38 + n * offset * fw * 1.02
        a = pose.direction + turn
        tip = base + np.array([math.cos(a), math.sin(a)]) * length * rel
        fingers.append((base * scale, tip * scale, fw * (0.95 if i < 3 else 0.85) * scale))
    if pose.fingers >= 4:  # the thumb, off the palm's side
        base = palm_c - n * palm_w * 0.35 - d * palm_len * 0.05
        a = pose.direction - 0.9
        tip = base + np.array([math.cos(a), math.sin(a)]) * length * 0.85
        fingers.append((base * scale, tip * scale, fw * 1.1 * scale))
    if not pose.fingers:  # a fist: knuckles bulge at the front of the palm
        for offset in (-1.4, -0.45, 0.45, 1.4):
            base = palm_c + d * palm_len * 0.35 + n * offset * fw
            fingers.append((base * scale, (base + d * fw * 0.6) * scale, fw * 1.05 * scale))
    palm = (tuple(palm_c * scale), (palm_len * 0.58 * scale, palm_w * 0.5 * scale),
            math.degrees(pose.direction))
    sleeve = (tuple((wrist - d * palm_len * 0.9) * scale), (palm_len * 0.75 * scale,
              palm_w * 0.62 * scale), math.degrees(pose.direction))
    return fingers, palm, sleeve


def fingertips(pose: HandPose) -> list[np.ndarray]:
    """The tips of the stretched fingers (or the knuckles of a fist), frame px."""
    fingers, _, _ = hand_geometry(pose)
    return [tip for _, tip, _ in fingers]


def hand_mask(pose: HandPose, size: tuple[int, int], scale: float = 0.5) -> np.ndarray:
    """The hand's silhouette (no sleeve) at ``scale`` of the frame ``size`` (w, h), uint8."""
    w, h = int(size[0] * scale), int(size[1] * scale)
    mask = np.zeros((h, w), np.uint8)
    fingers, palm, _ = hand_geometry(pose, scale)
    _ellipse(mask, palm, 255)
    for base, tip, width in fingers:
        _capsule(mask, base, tip, width)
    return mask


def _ellipse(img: np.ndarray, spec: tuple, color) -> None:
    (cx, cy), (a, b), angle = spec
    cv2.ellipse(img, (int(round(cx)), int(round(cy))), (max(1, int(a)), max(1, int(b))), angle,
                0, 360, color, -1, cv2.LINE_AA)


def draw_hand(rng: np.random.Generator, frame: np.ndarray, pose: HandPose,
              skin: tuple[int, int, int] | None = None, sleeve: bool | None = None) -> np.ndarray:
    """Composite a shaded hand (and its shadow on what lies below) onto ``frame`` in place;
    return its full-size coverage mask (uint8)."""
    h, w = frame.shape[:2]
    s = 0.5
    hw, hh = w // 2, h // 2
    skin = skin or SKIN_TONES[int(rng.integers(len(SKIN_TONES)))]
    skin_f = np.clip(np.array(skin, np.float32) + rng.uniform(-12, 12, 3), 0, 255)
    fingers, palm, sleeve_spec = hand_geometry(pose, s)
    body = np.zeros((hh, hw), np.uint8)
    _ellipse(body, palm, 255)
    for base, tip, width in fingers:
        _capsule(body, base, tip, width)
    cover = body.copy()
    sleeve_mask = np.zeros_like(body)
    if sleeve if sleeve is not None else rng.random() < 0.5:
        _ellipse(sleeve_mask, sleeve_spec, 255)
        cover = cv2.max(cover, sleeve_mask)
    if not cover.any():
        return np.zeros((h, w), np.uint8)

    # Shadow cast by the hand (it floats a few cm above the table).
    fw = pose.finger_width * s
    off = rng.uniform(0.4, 1.5) * fw
    a = rng.uniform(0, 2 * math.pi)
    m = np.float32([[1, 0, off * math.cos(a)], [0, 1, off * math.sin(a)]])
    shadow = cv2.warpAffine(cover, m, (hw, hh))
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.0, fw * 0.5))
    shadow_full = cv2.resize(shadow, (w, h), interpolation=cv2.INTER_LINEAR)
    k = rng.uniform(0.25, 0.5) / 255.0
    frame[:] = cv2.convertScaleAbs(frame.astype(np.float32) *
                                   (1.0 - k * shadow_full.astype(np.float32))[..., None])

    # Round shading: darker towards the silhouette's edges, a soft highlight on top.
    depth = cv2.GaussianBlur(body, (0, 0), max(1.0, fw * 0.35)).astype(np.float32) / 255.0
    tone = 0.55 + 0.5 * depth
    layer = np.empty((hh, hw, 3), np.float32)
    layer[:] = skin_f
    layer *= tone[..., None]
    for base, tip, width in fingers[:4] if pose.fingers else []:
        d = (tip - base) / max(np.linalg.norm(tip - base), 1e-6)
        nail_c = tip - d * width * 0.45
        nail = np.zeros((hh, hw), np.uint8)
        cv2.ellipse(nail, tuple(np.round(nail_c).astype(int)),
                    (max(1, int(width * 0.33)), max(1, int(width * 0.3))),
                    math.degrees(math.atan2(d[1], d[0])), 0, 360, 255, -1, cv2.LINE_AA)
        layer += (nail.astype(np.float32) / 255.0)[..., None] * np.float32(28)
    if sleeve_mask.any():
        cloth = np.clip(rng.uniform(20, 220, 3), 0, 255).astype(np.float32)
        sm = (sleeve_mask.astype(np.float32) / 255.0)[..., None]
        layer = layer * (1 - sm) + cloth * sm * (0.7 + 0.3 * tone[..., None])
    layer = cv2.GaussianBlur(layer, (0, 0), 0.6)
    full = cv2.resize(layer, (w, h), interpolation=cv2.INTER_LINEAR)
    alpha = cv2.resize(cover, (w, h), interpolation=cv2.INTER_LINEAR)
    af = (alpha.astype(np.float32) / 255.0)[..., None]
    frame[:] = cv2.convertScaleAbs(frame.astype(np.float32) * (1 - af) + full * af)
    return alpha
