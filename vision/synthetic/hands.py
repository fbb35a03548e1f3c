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
    sleeve: bool = False  # a shirt sleeve covers the wrist


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
    """The hand's silhouette (with its sleeve) at ``scale`` of the frame ``size`` (w, h), uint8."""
    w, h = int(size[0] * scale), int(size[1] * scale)
    mask = np.zeros((h, w), np.uint8)
    fingers, palm, sleeve = hand_geometry(pose, scale)
    _ellipse(mask, palm, 255)
    if pose.sleeve:
        _ellipse(mask, sleeve, 255)
    for base, tip, width in fingers:
        _capsule(mask, base, tip, width)
    return mask


def _ellipse(img: np.ndarray, spec: tuple, color) -> None:
    (cx, cy), (a, b), angle = spec
    cv2.ellipse(img, (int(round(cx)), int(round(cy))), (max(1, int(a)), max(1, int(b))), angle,
                0, 360, color, -1, cv2.LINE_AA)


def draw_hand(rng: np.random.Generator, frame: np.ndarray, pose: HandPose,
              skin: tuple[int, int, int] | None = None) -> np.ndarray:
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
    sleeve_mask = None
    if pose.sleeve:
        sleeve_mask = np.zeros_like(body)
        _ellipse(sleeve_mask, sleeve_spec, 255)
        cover = cv2.max(cover, sleeve_mask)
    full_cover = np.zeros((h, w), np.uint8)
    box = cv2.boundingRect(cv2.findNonZero(cover)) if cover.any() else None
    if box is None:
        return full_cover

    fw = pose.finger_width * s
    off = rng.uniform(0.4, 1.5) * fw
    a = rng.uniform(0, 2 * math.pi)
    sdx, sdy = off * math.cos(a), off * math.sin(a)
    blur = max(1.0, fw * 0.5)
    m = int(math.ceil(off + 3 * blur)) + 2
    bx, by, bw, bh = box
    x0, y0 = max(bx - m, 0), max(by - m, 0)
    x1, y1 = min(bx + bw + m, hw), min(by + bh + m, hh)
    cut = (slice(y0, y1), slice(x0, x1))
    fx0, fy0, fx1, fy1 = 2 * x0, 2 * y0, min(2 * x1, w), min(2 * y1, h)
    full_size = (fx1 - fx0, fy1 - fy0)
    roi = frame[fy0:fy1, fx0:fx1]

    # Shadow cast by the hand (it floats a few cm above the table).
    shift = np.float32([[1, 0, sdx], [0, 1, sdy]])
    shadow = cv2.warpAffine(cover[cut], shift, (x1 - x0, y1 - y0))
    shadow = cv2.GaussianBlur(shadow, (0, 0), blur)
    shadow = cv2.resize(shadow, full_size, interpolation=cv2.INTER_LINEAR)
    k = rng.uniform(0.25, 0.5)
    light = cv2.addWeighted(shadow, -k, shadow, 0, 255)
    roi[:] = cv2.multiply(roi, cv2.merge([light, light, light]), scale=1 / 255)

    # Round shading: darker towards the silhouette's edges; light nails.
    depth = cv2.GaussianBlur(body[cut], (0, 0), max(1.0, fw * 0.35)).astype(np.float32) / 255.0
    tone = 0.55 + 0.5 * depth
    layer = np.empty((y1 - y0, x1 - x0, 3), np.float32)
    layer[:] = skin_f
    layer *= tone[..., None]
    nails = np.zeros((y1 - y0, x1 - x0), np.uint8)
    for base, tip, width in fingers[:4] if pose.fingers else []:
        d = (tip - base) / max(np.linalg.norm(tip - base), 1e-6)
        nail_c = tip - d * width * 0.45 - (x0, y0)
        cv2.ellipse(nails, tuple(np.round(nail_c).astype(int)),
                    (max(1, int(width * 0.33)), max(1, int(width * 0.3))),
                    math.degrees(math.atan2(d[1], d[0])), 0, 360, 255, -1, cv2.LINE_AA)
    layer += (nails.astype(np.float32) * np.float32(28 / 255))[..., None]
    if sleeve_mask is not None:
        cloth = rng.uniform(20, 220, 3).astype(np.float32)
        sm = (sleeve_mask[cut].astype(np.float32) / 255.0)[..., None]
        layer = layer * (1 - sm) + cloth * sm * (0.7 + 0.3 * tone[..., None])
    layer = cv2.GaussianBlur(cv2.convertScaleAbs(layer), (0, 0), 0.6)
    color = cv2.resize(layer, full_size, interpolation=cv2.INTER_LINEAR)
    alpha = cv2.resize(cover[cut], full_size, interpolation=cv2.INTER_LINEAR)
    a3 = cv2.merge([alpha, alpha, alpha])
    roi[:] = cv2.add(cv2.multiply(roi, cv2.bitwise_not(a3), scale=1 / 255),
                     cv2.multiply(color, a3, scale=1 / 255))
    full_cover[fy0:fy1, fx0:fx1] = alpha
    return full_cover
