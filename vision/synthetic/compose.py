"""Placing flat things on the table: a card (or back, or object) warped by the camera's
homography into its own small window of the frame, with the faint shadow a card casts."""

from __future__ import annotations

import math

import cv2
import numpy as np

from .camera import project


def card_quad(center: tuple[float, float], angle_deg: float, width: float,
              height: float) -> np.ndarray:
    """The corners (4,2) of a width x height rectangle turned by ``angle_deg`` about
    ``center``, in the rectangle's own order: top-left, top-right, bottom-right, bottom-left."""
    a = math.radians(angle_deg)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    local = np.array([(-width / 2, -height / 2), (width / 2, -height / 2),
                      (width / 2, height / 2), (-width / 2, height / 2)])
    return local @ rot.T + np.asarray(center, np.float64)


def inside(quad: np.ndarray, size: tuple[int, int], margin: float) -> bool:
    """True when every corner lies at least ``margin`` px inside a frame of ``size`` (w, h)."""
    w, h = size
    return bool(np.all(quad[:, 0] >= margin) and np.all(quad[:, 0] <= w - 1 - margin)
                and np.all(quad[:, 1] >= margin) and np.all(quad[:, 1] <= h - 1 - margin))


def overlap_area(a: np.ndarray, b: np.ndarray) -> float:
    """Area shared by two convex quads."""
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def paste_warped(frame: np.ndarray, src: np.ndarray, alpha: np.ndarray, quad: np.ndarray,
                 shadow: tuple[float, float, float, float] | None = None) -> None:
    """Warp ``src`` (with coverage ``alpha``) so its corners land on the image ``quad``
    (TL, TR, BR, BL) and blend it into ``frame`` in place. ``shadow`` = (dx, dy, blur
    sigma, darkness 0..1) darkens what lies beneath, offset as the light falls."""
    h, w = frame.shape[:2]
    sh, sw = src.shape[:2]
    pad = 2.0
    if shadow is not None:
        pad += max(abs(shadow[0]), abs(shadow[1])) + 3 * shadow[2]
    x0 = max(int(math.floor(quad[:, 0].min() - pad)), 0)
    y0 = max(int(math.floor(quad[:, 1].min() - pad)), 0)
    x1 = min(int(math.ceil(quad[:, 0].max() + pad)) + 1, w)
    y1 = min(int(math.ceil(quad[:, 1].max() + pad)) + 1, h)
    if x1 <= x0 or y1 <= y0:
        return
    src_quad = np.float32([(-0.5, -0.5), (sw - 0.5, -0.5), (sw - 0.5, sh - 0.5), (-0.5, sh - 0.5)])
    dst_quad = (quad - [x0, y0]).astype(np.float32)
    hom = cv2.getPerspectiveTransform(src_quad, dst_quad)
    size = (x1 - x0, y1 - y0)
    face = cv2.warpPerspective(src, hom, size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    cover = cv2.warpPerspective(alpha, hom, size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    roi = frame[y0:y1, x0:x1]
    f = roi.astype(np.float32)
    if shadow is not None:
        dx, dy, sigma, dark = shadow
        m = np.float32([[1, 0, dx], [0, 1, dy]])
        s = cv2.warpAffine(cover, m, size)
        if sigma > 0.3:
            s = cv2.GaussianBlur(s, (0, 0), sigma)
        f *= (1.0 - (dark / 255.0) * s.astype(np.float32))[..., None]
    a = (cover.astype(np.float32) / 255.0)[..., None]
    f += (face.astype(np.float32) - f) * a
    roi[:] = cv2.convertScaleAbs(f)


def image_quad(hom: np.ndarray, table_quad: np.ndarray) -> np.ndarray:
    """A table-plane quad as the camera sees it."""
    return project(hom, table_quad)


def warp_size(quad: np.ndarray) -> int:
    """The width to render a card at so that placing it at ``quad`` shrinks it a little
    (never blows it up): the longest of its short edges as seen."""
    top = np.linalg.norm(quad[1] - quad[0])
    bottom = np.linalg.norm(quad[2] - quad[3])
    return int(math.ceil(max(top, bottom)))
