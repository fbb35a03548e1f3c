"""The marks printed on a card, as binary masks: digits and words, skip, reverse, shapes.

Every mark is drawn as a 0/255 mask on a canvas the size of the (supersampled) card and
coloured afterwards, so one outline/shadow routine serves text and symbols alike and the
same mask can be rotated 180 degrees for the bottom-right corner.
"""

from __future__ import annotations

import math

import cv2
import numpy as np


def text_mask(text: str, font: int, height: float, stroke: float, italic: bool,
              max_width: float | None = None) -> np.ndarray:
    """``text`` in Hershey ``font``, cropped to its ink: ``height`` px tall (cap height),
    strokes ``stroke`` times the height thick, sheared when ``italic``."""
    probe_scale = 4.0
    (w1, h1), base1 = cv2.getTextSize(text, font, probe_scale, 1)
    scale = probe_scale * height / max(h1, 1)
    if max_width is not None and w1 * scale / probe_scale > max_width:
        scale = probe_scale * max_width / max(w1, 1)
    thickness = max(1, int(round(height * stroke)))
    k = scale / probe_scale
    w, h, base = int(w1 * k) + 2, int(h1 * k) + 2, int(base1 * k) + 2
    pad = thickness + 4
    canvas = np.zeros((h + base + 2 * pad, w + 2 * pad), np.uint8)
    cv2.putText(canvas, text, (pad, pad + h), font, scale, 255, thickness, cv2.LINE_8)
    return crop_ink(slant(canvas) if italic else canvas)


def slant(mask: np.ndarray, shear: float = 0.2) -> np.ndarray:
    """``mask`` sheared to the right at the top, as italic type leans."""
    extra = int(math.ceil(shear * mask.shape[0]))
    m = np.float32([[1, -shear, shear * mask.shape[0]], [0, 1, 0]])
    return cv2.warpAffine(mask, m, (mask.shape[1] + extra, mask.shape[0]), flags=cv2.INTER_NEAREST)


def crop_ink(mask: np.ndarray) -> np.ndarray:
    """``mask`` cut down to the bounding box of its nonzero pixels."""
    x, y, w, h = cv2.boundingRect(cv2.findNonZero(mask))
    return mask[y:y + h, x:x + w]


def paste(canvas: np.ndarray, piece: np.ndarray, center: tuple[float, float]) -> None:
    """OR ``piece`` into ``canvas`` centred at ``center``, clipped at the canvas edges."""
    ph, pw = piece.shape
    x0 = int(round(center[0] - pw / 2))
    y0 = int(round(center[1] - ph / 2))
    cx0, cy0 = max(x0, 0), max(y0, 0)
    cx1, cy1 = min(x0 + pw, canvas.shape[1]), min(y0 + ph, canvas.shape[0])
    if cx1 <= cx0 or cy1 <= cy0:
        return
    region = canvas[cy0:cy1, cx0:cx1]
    np.maximum(region, piece[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0], out=region)


def stack_vertical(top: np.ndarray, bottom: np.ndarray, gap: int) -> np.ndarray:
    """Two masks one above the other, centred horizontally, ``gap`` px apart."""
    w = max(top.shape[1], bottom.shape[1])
    out = np.zeros((top.shape[0] + gap + bottom.shape[0], w), np.uint8)
    x = (w - top.shape[1]) // 2
    out[:top.shape[0], x:x + top.shape[1]] = top
    x = (w - bottom.shape[1]) // 2
    out[top.shape[0] + gap:, x:x + bottom.shape[1]] = bottom
    return out


def digit_mask(digit: int, font: int, height: float, stroke: float, italic: bool) -> np.ndarray:
    """A digit; 6 and 9 underlined, as printed, so they can be told apart upside down.
    Zero is drawn as a plain oval the size of the font's 8: Hershey zeros are slashed,
    which no UNO deck prints (and a slashed 0 looks like Skip)."""
    if digit == 0:
        ref = text_mask("8", font, height, stroke, False)
        t = max(1, int(round(height * stroke)))
        h, w = ref.shape
        ring = np.zeros((h + 4, w + 4), np.uint8)
        axes = (max(1, int(round((w - t) / 2))), max(1, int(round((h - t) / 2))))
        cv2.ellipse(ring, ((w + 4) // 2, (h + 4) // 2), axes, 0, 0, 360, 255, t, cv2.LINE_8)
        return crop_ink(slant(ring) if italic else ring)
    glyph = text_mask(str(digit), font, height, stroke, italic)
    if digit not in (6, 9):
        return glyph
    bar_h = max(2, int(round(height * stroke * 0.9)))
    bar = np.zeros((bar_h, max(2, int(glyph.shape[1] * 0.85))), np.uint8)
    bar[:] = 255
    return stack_vertical(glyph, bar, max(2, int(round(height * 0.08))))


def skip_mask(size: float, stroke: float, slash_up: bool = True) -> np.ndarray:
    """Skip: a ring crossed by a slash (the 'no entry' sign), ``size`` px across."""
    s = int(round(size))
    t = max(2, int(round(size * stroke)))
    canvas = np.zeros((s + 2 * t, s + 2 * t), np.uint8)
    c = (s + 2 * t) / 2
    r = s / 2 - t / 2
    cv2.circle(canvas, (int(round(c)), int(round(c))), int(round(r)), 255, t, cv2.LINE_8)
    d = r * math.cos(math.pi / 4)
    sign = -1 if slash_up else 1
    p0 = (int(round(c - d)), int(round(c - sign * d)))
    p1 = (int(round(c + d)), int(round(c + sign * d)))
    cv2.line(canvas, p0, p1, 255, t, cv2.LINE_8)
    return crop_ink(canvas)


def _arrow(length: float, shaft: float, head_w: float, head_l: float) -> np.ndarray:
    """An arrow pointing along +x, centred at the origin, as a polygon (N,2)."""
    x0, x1 = -length / 2, length / 2 - head_l
    return np.array([
        (x0, -shaft / 2), (x1, -shaft / 2), (x1, -head_w / 2), (length / 2, 0),
        (x1, head_w / 2), (x1, shaft / 2), (x0, shaft / 2)], np.float64)


def reverse_mask(size: float, stroke: float, bent: bool = False) -> np.ndarray:
    """Reverse: two arrows pointing opposite ways along a diagonal, side by side."""
    s = int(round(size * 1.3))
    canvas = np.zeros((s, s), np.uint8)
    length = size * 0.78
    shaft = max(3.0, size * stroke * 1.1)
    head_w, head_l = shaft * 2.6, shaft * 2.2
    arrow = _arrow(length, shaft, head_w, head_l)
    angle = -math.pi / 4
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    normal = np.array([math.cos(angle + math.pi / 2), math.sin(angle + math.pi / 2)])
    gap = head_w * 0.45
    for direction, side in ((1, -1), (-1, 1)):
        pts = arrow * [direction, 1]
        pts = pts @ rot.T + normal * side * gap + s / 2
        cv2.fillPoly(canvas, [np.round(pts).astype(np.int32)], 255, cv2.LINE_8)
        if bent:  # a short tail bent back on the shaft's start, as some printings have
            tail0 = (np.array([-direction * length / 2 + direction * shaft / 2, 0]) @ rot.T
                     + normal * side * gap + s / 2)
            tail1 = tail0 + normal * side * (-shaft * 1.6)
            cv2.line(canvas, tuple(np.round(tail0).astype(int)), tuple(np.round(tail1).astype(int)),
                     255, max(2, int(round(shaft))), cv2.LINE_8)
    return crop_ink(canvas)


def shape_mask(shape: str, size: float) -> np.ndarray:
    """A colour-blind shape (circle, diamond, triangle, square), filled, ``size`` px across."""
    s = int(round(size))
    canvas = np.zeros((s + 4, s + 4), np.uint8)
    c = (s + 4) / 2
    r = s / 2
    if shape == "circle":
        cv2.circle(canvas, (int(round(c)), int(round(c))), int(round(r)), 255, -1, cv2.LINE_8)
    else:
        if shape == "diamond":
            pts = [(c, c - r), (c + r * 0.8, c), (c, c + r), (c - r * 0.8, c)]
        elif shape == "triangle":
            pts = [(c, c - r), (c + r, c + r * 0.8), (c - r, c + r * 0.8)]
        elif shape == "square":
            q = r * 0.85
            pts = [(c - q, c - q), (c + q, c - q), (c + q, c + q), (c - q, c + q)]
        else:
            raise ValueError(f"unknown colour-blind shape {shape!r}")
        cv2.fillPoly(canvas, [np.round(np.array(pts)).astype(np.int32)], 255, cv2.LINE_8)
    return crop_ink(canvas)


def fit(piece: np.ndarray, max_w: float, max_h: float) -> np.ndarray:
    """``piece`` shrunk (never grown) to fit inside max_w x max_h."""
    f = min(max_w / piece.shape[1], max_h / piece.shape[0], 1.0)
    if f >= 0.999:
        return piece
    size = (max(1, int(round(piece.shape[1] * f))), max(1, int(round(piece.shape[0] * f))))
    return cv2.resize(piece, size, interpolation=cv2.INTER_AREA)
