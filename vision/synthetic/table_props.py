"""What a live table adds around the cards: the table top, a hand and its shadow, glare,
light, camera noise and shake. Pure drawing functions for ``live_table`` (numpy + OpenCV).

Everything draws into a region of interest only, so a 640x480 frame costs a few
milliseconds and a whole game renders far faster than real time.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

#: Skin tones (BGR), pale to dark.
SKIN_TONES: tuple[tuple[int, int, int], ...] = (
    (170, 190, 235), (140, 170, 220), (110, 145, 200), (85, 120, 175), (60, 90, 140), (45, 65, 100))

#: Table tops (BGR): light wood, dark wood, green felt, grey laminate, white, blue cloth.
TABLE_COLORS: tuple[tuple[int, int, int], ...] = (
    (110, 160, 200), (50, 80, 120), (60, 110, 45), (120, 120, 118), (205, 210, 212), (120, 80, 40))


def table_top(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A table surface: a base colour, slow blotches, fine grain and optional wood streaks."""
    base = np.array(TABLE_COLORS[int(rng.integers(len(TABLE_COLORS)))], np.float32)
    base *= rng.uniform(0.85, 1.1)
    small = rng.normal(0, 1, (max(2, height // 60), max(2, width // 60), 1)).astype(np.float32)
    blotch = cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)[..., None]
    img = base[None, None, :] * (1 + 0.06 * blotch)
    if rng.random() < 0.5:  # wood: streaks along one axis
        streak = rng.normal(0, 1, (1, width, 1)).astype(np.float32)
        streak = cv2.GaussianBlur(streak, (0, 0), sigmaX=3, sigmaY=0.1)
        streaks = np.repeat(streak, height, axis=0).reshape(height, width, 1)
        img = img * (1 + 0.08 * streaks)
    img += rng.normal(0, 3, (height, width, 1)).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


BLEND_ROWS = 48   # rows blended at a time (memory, not the result, depends on it)


def blend_patch(dst: np.ndarray, patch: np.ndarray, alpha: np.ndarray, x0: int, y0: int) -> None:
    """Alpha-blend ``patch`` (h, w, 3) with coverage ``alpha`` (h, w) 0-255 into ``dst`` at
    (x0, y0), clipped to ``dst``; in place."""
    h, w = alpha.shape[:2]
    H, W = dst.shape[:2]
    ax0, ay0 = max(0, -x0), max(0, -y0)
    ax1, ay1 = min(w, W - x0), min(h, H - y0)
    if ax1 <= ax0 or ay1 <= ay0:
        return
    # a band of rows at a time: the same numbers, without a dozen frame-sized float
    # pictures at once when a shadow or a hand covers the whole view
    for by in range(ay0, ay1, BLEND_ROWS):
        ey = min(by + BLEND_ROWS, ay1)
        roi = dst[y0 + by:y0 + ey, x0 + ax0:x0 + ax1]
        a = alpha[by:ey, ax0:ax1].astype(np.float32)[..., None] * (1 / 255.0)
        p = patch[by:ey, ax0:ax1].astype(np.float32)
        roi[:] = (p * a + roi.astype(np.float32) * (1 - a)).astype(np.uint8)


def _plain(h: int, w: int, color: tuple[int, int, int]) -> np.ndarray:
    """An (h, w, 3) picture of one colour that takes no memory (a read-only view)."""
    return np.broadcast_to(np.array(color, np.uint8), (h, w, 3))


def warp_face(face: np.ndarray, mask: np.ndarray, corners: np.ndarray,
              blur: tuple[float, float] = (0.0, 0.0)) -> tuple[np.ndarray, np.ndarray, int, int]:
    """The face warped onto the frame quad ``corners`` (clockwise from its top-left), as a
    small patch: (patch, alpha, x0, y0). ``blur`` (dx, dy) smears it along its motion."""
    h, w = face.shape[:2]
    x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 2
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(src, (corners - [x0, y0]).astype(np.float32))
    size = (int(x1 - x0), int(y1 - y0))
    patch = cv2.warpPerspective(face, m, size, flags=cv2.INTER_LINEAR)
    alpha = cv2.warpPerspective(mask, m, size, flags=cv2.INTER_LINEAR)
    length = math.hypot(*blur)
    if length >= 1.5:
        k = motion_kernel(blur)
        patch = cv2.filter2D(patch, -1, k)
        alpha = cv2.filter2D(alpha, -1, k)
    return patch, alpha, int(x0), int(y0)


def motion_kernel(motion: tuple[float, float]) -> np.ndarray:
    """A line kernel along ``motion`` (pixels moved during the exposure)."""
    length = max(2, min(int(round(math.hypot(*motion))), 14))
    size = length + 1 + (length % 2 == 1)
    k = np.zeros((size, size), np.float32)
    c = size // 2
    dx, dy = motion[0] / max(math.hypot(*motion), 1e-6), motion[1] / max(math.hypot(*motion), 1e-6)
    p0 = (int(round(c - dx * length / 2)), int(round(c - dy * length / 2)))
    p1 = (int(round(c + dx * length / 2)), int(round(c + dy * length / 2)))
    cv2.line(k, p0, p1, 1.0, 1)
    return k / max(float(k.sum()), 1.0)


def hand_mask(shape: tuple[int, int], palm: tuple[float, float], direction: tuple[float, float],
              size: float, spread: float = 0.0) -> tuple[np.ndarray, int, int]:
    """A flat hand reaching along ``direction`` with its palm at ``palm`` and the forearm
    running back out of the picture: (mask, x0, y0) cropped to its bounding box in the
    picture (``shape`` is the picture's (H, W))."""
    H, W = shape
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    px, py = -dy, dx  # across the hand
    reach = 2.0 * max(H, W)
    arm_w = 0.42 * size
    wrist = (palm[0] - dx * 0.45 * size, palm[1] - dy * 0.45 * size)
    far = (palm[0] - dx * reach, palm[1] - dy * reach)
    arm = np.array([[wrist[0] + px * arm_w, wrist[1] + py * arm_w],
                    [far[0] + px * arm_w * 1.3, far[1] + py * arm_w * 1.3],
                    [far[0] - px * arm_w * 1.3, far[1] - py * arm_w * 1.3],
                    [wrist[0] - px * arm_w, wrist[1] - py * arm_w]])
    strokes = []  # (base, tip, thickness)
    finger_w = max(2, int(0.15 * size))
    for i, off in enumerate((-0.3, -0.1, 0.1, 0.3)):
        fan = math.radians((off * 25) * (1 + spread))
        fx = dx * math.cos(fan) - dy * math.sin(fan)
        fy = dx * math.sin(fan) + dy * math.cos(fan)
        base = (palm[0] + px * off * size + dx * 0.3 * size, palm[1] + py * off * size + dy * 0.3 * size)
        length = size * (0.55 if i in (1, 2) else 0.47)
        strokes.append((base, (base[0] + fx * length, base[1] + fy * length), finger_w))
    side = 1 if spread >= 0 else -1
    tb = (palm[0] + px * side * 0.42 * size, palm[1] + py * side * 0.42 * size)
    tt = (tb[0] + (px * side * 0.35 + dx * 0.3) * size, tb[1] + (py * side * 0.35 + dy * 0.3) * size)
    strokes.append((tb, tt, finger_w + 2))
    # the part inside the picture: clip the arm to the frame's box, add the hand around the palm
    pts = [np.clip(arm, [-1, -1], [W + 1, H + 1])]
    pts.append(np.array([[palm[0] - size, palm[1] - size], [palm[0] + size, palm[1] + size]]))
    allp = np.vstack(pts)
    x0 = int(max(0, math.floor(allp[:, 0].min()) - 2))
    y0 = int(max(0, math.floor(allp[:, 1].min()) - 2))
    x1 = int(min(W, math.ceil(allp[:, 0].max()) + 2))
    y1 = int(min(H, math.ceil(allp[:, 1].max()) + 2))
    if x1 <= x0 or y1 <= y0:
        return np.zeros((1, 1), np.uint8), 0, 0
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    o = np.array([x0, y0])
    cv2.fillPoly(m, [np.round(arm - o).astype(np.int32)], 255, cv2.LINE_AA)
    angle = math.degrees(math.atan2(dy, dx))
    cv2.ellipse(m, (int(palm[0] - x0), int(palm[1] - y0)), (int(0.5 * size), int(0.45 * size)),
                angle, 0, 360, 255, -1, cv2.LINE_AA)
    for base, tip, thick in strokes:
        cv2.line(m, (int(base[0] - x0), int(base[1] - y0)), (int(tip[0] - x0), int(tip[1] - y0)),
                 255, thick, cv2.LINE_AA)
    return m, x0, y0


def draw_hand(img: np.ndarray, mask: np.ndarray, x0: int, y0: int, skin: tuple[int, int, int],
              shadow_offset: tuple[int, int] = (14, 18), shadow_strength: float = 0.45) -> None:
    """Paint a hand (``mask`` at x0, y0) with a soft shadow below it; in place."""
    h, w = mask.shape
    sx, sy = shadow_offset
    pad = 12
    shadow = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    small = cv2.resize(shadow, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    shadow = cv2.resize(cv2.GaussianBlur(small, (0, 0), 1.5), (shadow.shape[1], shadow.shape[0]),
                        interpolation=cv2.INTER_LINEAR)
    dark = _plain(shadow.shape[0], shadow.shape[1], (0, 0, 0))
    blend_patch(img, dark, (shadow.astype(np.float32) * shadow_strength).astype(np.uint8),
                x0 + sx - pad, y0 + sy - pad)
    # shading: brighter towards the middle of the hand
    dist = cv2.distanceTransform((mask > 0).astype(np.uint8), cv2.DIST_L2, 3)
    for y in range(0, h, BLEND_ROWS):      # a band at a time: an arm can cross the view
        shade = 0.75 + 0.25 * np.minimum(dist[y:y + BLEND_ROWS] / 12.0, 1.0)
        color = np.array(skin, np.float32)[None, None, :] * shade[..., None]
        blend_patch(img, np.clip(color, 0, 255).astype(np.uint8), mask[y:y + BLEND_ROWS],
                    x0, y0 + y)


def glare_spot(img: np.ndarray, center: tuple[float, float], radius: float, strength: float) -> None:
    """A specular reflection: a soft white spot washing the colours out; in place."""
    r = int(radius * 2.5)
    cx, cy = int(center[0]), int(center[1])
    yy, xx = np.mgrid[-r:r + 1, -r:r + 1].astype(np.float32)
    spot = np.exp(-(xx * xx + yy * yy) / (2 * radius * radius)) * strength
    white = _plain(2 * r + 1, 2 * r + 1, (255, 255, 255))
    blend_patch(img, white, np.clip(spot * 255, 0, 255).astype(np.uint8), cx - r, cy - r)


def soft_shadow(img: np.ndarray, center: tuple[float, float], axes: tuple[float, float],
                strength: float) -> None:
    """A broad soft shadow (someone leaning over the table); in place."""
    ax, ay = int(axes[0]), int(axes[1])
    pad = max(ax, ay) // 2
    m = np.zeros((2 * (ay + pad) + 1, 2 * (ax + pad) + 1), np.uint8)
    cv2.ellipse(m, (ax + pad, ay + pad), (ax, ay), 0, 0, 360, 255, -1)
    m = cv2.GaussianBlur(m, (0, 0), pad / 2 + 1)
    dark = _plain(m.shape[0], m.shape[1], (0, 0, 0))
    blend_patch(img, dark, (m.astype(np.float32) * strength).astype(np.uint8),
                int(center[0]) - ax - pad, int(center[1]) - ay - pad)


def signed_noise_tiles(rng: np.random.Generator, shape: tuple[int, int], sigma: float,
                       count: int = 4) -> list[np.ndarray]:
    """The tiles of ``noise_tiles`` as one int8 picture each, for half the memory: added
    with ``cv2.add(img, tile, dtype=cv2.CV_8U)`` it makes the same pictures as adding and
    subtracting the pair wherever the noise stays within +-127 grey levels (everywhere at
    a sigma of a few levels)."""
    tiles = []
    height, width = shape
    for _ in range(count):
        tile = np.empty((height, width, 3), np.int8)
        for y in range(0, height, 64):
            n = rng.normal(0, sigma, (min(64, height - y), width, 3))
            tile[y:y + len(n)] = np.clip(n, -127, 127)
        tiles.append(tile)
    return tiles


def light(img: np.ndarray, gains: tuple[float, float, float]) -> np.ndarray:
    """The whole picture under another light: per-channel (B, G, R) gains."""
    if all(abs(g - 1.0) < 1e-3 for g in gains):
        return img
    return cv2.transform(img, np.diag(np.float32(gains)))


def noise_tiles(rng: np.random.Generator, shape: tuple[int, int], sigma: float,
                count: int = 4) -> list[tuple[np.ndarray, np.ndarray]]:
    """Camera noise, drawn once and cycled: (add, subtract) uint8 pairs.

    Drawn a band of rows at a time (the same numbers as all at once): a whole tile of
    float64 noise was a 9 MB peak at every start of a live table."""
    tiles = []
    height, width = shape
    for _ in range(count):
        add = np.empty((height, width, 3), np.uint8)
        sub = np.empty((height, width, 3), np.uint8)
        for y in range(0, height, 64):
            n = rng.normal(0, sigma, (min(64, height - y), width, 3))
            add[y:y + len(n)] = np.clip(n, 0, 255)
            sub[y:y + len(n)] = np.clip(-n, 0, 255)
        tiles.append((add, sub))
    return tiles


#: A mask placed in the picture: (mask, x0, y0), the mask's top-left at (x0, y0).
Placed = tuple[np.ndarray, int, int]


def masks_overlap(a: Placed, b: Placed) -> bool:
    """Two placed masks share a pixel (both above 64 of 255: their soft edges do not count)."""
    (ma, ax, ay), (mb, bx, by) = a, b
    ix0, iy0 = max(ax, bx), max(ay, by)
    ix1 = min(ax + ma.shape[1], bx + mb.shape[1])
    iy1 = min(ay + ma.shape[0], by + mb.shape[0])
    if ix1 <= ix0 or iy1 <= iy0:
        return False
    return bool(np.any((ma[iy0 - ay:iy1 - ay, ix0 - ax:ix1 - ax] > 64)
                       & (mb[iy0 - by:iy1 - by, ix0 - bx:ix1 - bx] > 64)))


def quad_covered(corners: np.ndarray, occluders: list[Placed]) -> bool:
    """Some occluder (a hand, a moving card) overlaps the quad ``corners`` (picture px)."""
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
    mask = np.zeros((y1 - y0 + 1, x1 - x0 + 1), np.uint8)
    cv2.fillPoly(mask, [np.round(corners - [x0, y0]).astype(np.int32)], 255)
    return any(masks_overlap((mask, int(x0), int(y0)), o) for o in occluders)
