"""The white marks a die's face may carry, drawn in code at first use: the numbers 1-6, skip
(a ring crossed by a slash), reverse (two opposed arrows), "+2" and (on a wild) "+4".

No image files: each mark is drawn in several Hershey faces, weights and slants, and with
and without the bar some sets print under a 6, as 0/255 masks. ``MarkBank`` turns them into
small normalised features that ink cut from a face is compared with (``read_mark``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

#: Every mark a face can show; "draw4" only on a wild.
MARKS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "skip", "reverse", "draw2", "draw4")

FONTS: tuple[int, ...] = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)


def crop(mask: np.ndarray) -> np.ndarray:
    """``mask`` cut to the box of its ink (an empty mask stays as it is)."""
    pts = cv2.findNonZero(mask)
    if pts is None:
        return mask
    x, y, w, h = cv2.boundingRect(pts)
    return mask[y:y + h, x:x + w]


def text_mark(text: str, font: int, stroke: float, italic: bool, height: int = 48) -> np.ndarray:
    """``text`` about ``height`` px tall in a Hershey ``font``, cropped to its ink."""
    (_, h1), _ = cv2.getTextSize(text, font, 4.0, 1)
    scale = 4.0 * height / max(h1, 1)
    thickness = max(1, int(round(height * stroke)))
    (w, h), base = cv2.getTextSize(text, font, scale, thickness)
    pad = thickness + 4
    canvas = np.zeros((h + base + 2 * pad, w + 2 * pad), np.uint8)
    cv2.putText(canvas, text, (pad, pad + h), font, scale, 255, thickness, cv2.LINE_AA)
    if italic:
        rows = canvas.shape[0]
        m = np.float32([[1, -0.2, 0.2 * rows], [0, 1, 0]])
        canvas = cv2.warpAffine(canvas, m, (canvas.shape[1] + int(math.ceil(0.2 * rows)), rows))
    return crop(canvas)


def underlined(mark: np.ndarray, stroke: float) -> np.ndarray:
    """``mark`` with a bar under it (a 6 that cannot be taken for a 9)."""
    h, w = mark.shape
    bar_h = max(2, int(round(h * stroke * 0.9)))
    gap = max(2, int(round(h * 0.08)))
    out = np.zeros((h + gap + bar_h, w), np.uint8)
    out[:h] = mark
    x0 = int(w * 0.08)
    out[h + gap:, x0:w - x0] = 255
    return out


def skip_mark(stroke: float, size: int = 48) -> np.ndarray:
    """A ring crossed by a slash from its top-right to its bottom-left."""
    t = max(2, int(round(size * stroke)))
    n = size + 2 * t
    canvas = np.zeros((n, n), np.uint8)
    c = n // 2
    r = size // 2 - t // 2
    cv2.circle(canvas, (c, c), r, 255, t, cv2.LINE_AA)
    d = int(round(r * math.cos(math.pi / 4)))
    cv2.line(canvas, (c + d, c - d), (c - d, c + d), 255, t, cv2.LINE_AA)
    return crop(canvas)


def reverse_mark(stroke: float, bent: bool, size: int = 48) -> np.ndarray:
    """Two arrows side by side along the diagonal, pointing opposite ways."""
    n = int(size * 1.3)
    canvas = np.zeros((n, n), np.uint8)
    shaft = max(3.0, size * stroke)
    length, head_w, head_l = size * 0.8, shaft * 2.6, shaft * 2.1
    x1 = length / 2 - head_l
    arrow = np.array([(-length / 2, -shaft / 2), (x1, -shaft / 2), (x1, -head_w / 2), (length / 2, 0),
                      (x1, head_w / 2), (x1, shaft / 2), (-length / 2, shaft / 2)])
    a = -math.pi / 4
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    normal = np.array([math.cos(a + math.pi / 2), math.sin(a + math.pi / 2)])
    gap = head_w * 0.45
    for direction, side in ((1, -1), (-1, 1)):
        pts = (arrow * [direction, 1]) @ rot.T + normal * side * gap + n / 2
        cv2.fillPoly(canvas, [np.round(pts * 8).astype(np.int32)], 255, cv2.LINE_AA, 3)
        if bent:
            start = np.array([-direction * (length / 2 - shaft / 2), 0]) @ rot.T + normal * side * gap + n / 2
            end = start - normal * side * shaft * 1.6
            cv2.line(canvas, tuple(int(v) for v in np.round(start)), tuple(int(v) for v in np.round(end)),
                     255, max(2, int(round(shaft))), cv2.LINE_AA)
    return crop(canvas)


def drawn_marks() -> dict[str, list[np.ndarray]]:
    """Every mark in every drawn style, upright."""
    out: dict[str, list[np.ndarray]] = {m: [] for m in MARKS}
    for font in FONTS:
        for stroke in (0.11, 0.18):
            for italic in (False, True):
                for n in range(1, 7):
                    glyph = text_mark(str(n), font, stroke, italic)
                    out[str(n)].append(glyph)
                    if n == 6:
                        out["6"].append(underlined(glyph, stroke))
                out["draw2"].append(text_mark("+2", font, stroke, italic))
                out["draw4"].append(text_mark("+4", font, stroke, italic))
    for stroke in (0.09, 0.13, 0.18):
        out["skip"].append(skip_mark(stroke))
        for bent in (False, True):
            out["reverse"].append(reverse_mark(stroke * 1.1, bent))
    return out


def feature(mask: np.ndarray, box: int) -> np.ndarray | None:
    """A mark's ink (0/255) scaled (aspect kept) into a ``box`` x ``box`` square, blurred,
    zero-mean and unit-norm; None when there is no ink."""
    pts = cv2.findNonZero(mask)
    if pts is None:
        return None
    x, y, w, h = cv2.boundingRect(pts)
    s = min(box / w, box / h)
    nw, nh = max(1, min(box, int(round(w * s)))), max(1, min(box, int(round(h * s))))
    piece = cv2.resize(np.ascontiguousarray(mask[y:y + h, x:x + w], np.float32), (nw, nh),
                       interpolation=cv2.INTER_AREA)
    canvas = np.zeros((box, box), np.float32)
    ox, oy = (box - nw) // 2, (box - nh) // 2
    canvas[oy:oy + nh, ox:ox + nw] = piece
    canvas = cv2.GaussianBlur(canvas, (5, 5), 1.0)
    flat = canvas.ravel() - canvas.mean()
    norm = float(np.linalg.norm(flat))
    return flat / norm if norm > 1e-6 else None


@dataclass(frozen=True)
class MarkBank:
    """Template features (rows of ``features``, grouped by mark: the rows of ``names[i]``
    start at ``starts[i]``)."""

    features: np.ndarray
    names: tuple[str, ...]
    starts: np.ndarray
    box: int

    def scores(self, feats: np.ndarray) -> np.ndarray:
        """(marks x samples): the best correlation of each sample feature (rows of
        ``feats``) with each mark's templates."""
        corr = self.features @ np.atleast_2d(feats).T
        return np.maximum.reduceat(corr, self.starts, axis=0)


@lru_cache(maxsize=4)
def mark_bank(box: int = 24) -> MarkBank:
    """The drawn marks as a bank, built once per process (a few milliseconds)."""
    feats, names, starts = [], [], []
    for mark, masks in drawn_marks().items():
        rows = [f for f in (feature(m, box) for m in masks) if f is not None]
        if rows:
            names.append(mark)
            starts.append(len(feats))
            feats += rows
    return MarkBank(np.stack(feats).astype(np.float32), tuple(names), np.array(starts), box)
