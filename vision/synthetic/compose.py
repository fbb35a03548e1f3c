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
    """Warp ``src`` (premultiplied by its coverage ``alpha``: black where alpha is 0) so its
    corners land on the image ``quad`` (TL, TR, BR, BL) and blend it into ``frame`` in
    place. ``shadow`` = (dx, dy, blur sigma, darkness 0..1) darkens what lies beneath,
    offset as the light falls (whole pixels; a card lies flat, its shadow is thin)."""
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
    warped = cv2.warpPerspective(cv2.merge([src, alpha]), hom, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    cover = warped[..., 3]
    roi = frame[y0:y1, x0:x1]
    keep = cv2.bitwise_not(cover)
    if shadow is not None:
        dx, dy, sigma, dark = shadow
        s = _shifted(cover, int(round(dx)), int(round(dy)))
        k = 2 * int(round(sigma)) + 1
        if k > 1:
            s = cv2.blur(s, (k, k))
        light = cv2.addWeighted(s, -dark, s, 0, 255)  # 255 - dark * s
        keep = cv2.multiply(keep, light, scale=1 / 255)
    roi[:] = cv2.add(cv2.multiply(roi, cv2.merge([keep, keep, keep]), scale=1 / 255),
                     warped[..., :3])


def _shifted(mask: np.ndarray, dx: int, dy: int) -> np.ndarray:
    out = np.zeros_like(mask)
    h, w = mask.shape
    if abs(dx) >= w or abs(dy) >= h:
        return out
    out[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
        mask[max(-dy, 0):h - max(dy, 0), max(-dx, 0):w - max(dx, 0)]
    return out


def image_quad(hom: np.ndarray, table_quad: np.ndarray) -> np.ndarray:
    """A table-plane quad as the camera sees it."""
    return project(hom, table_quad)


def warp_size(quad: np.ndarray) -> int:
    """The width to render a card at so that placing it at ``quad`` shrinks it a little
    (never blows it up): the longest of its short edges as seen."""
    top = np.linalg.norm(quad[1] - quad[0])
    bottom = np.linalg.norm(quad[2] - quad[3])
    return int(math.ceil(max(top, bottom)))
