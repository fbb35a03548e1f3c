"""A dare read without its number, read again from its frame with a camera shake undone.

A moving camera smears the whole frame along one line (a few pixels); a small card's
~10 px number and corner indices run into blobs that no cut reads, while the card's long
straight field edges keep the smear's measure: across an edge the print rises over the
smear's length projected on the edge's normal, so the two pairs of opposite sides give
the smear's extent along the card's two axes (:func:`side_widths`). A focus blur widens
all four alike; a shake widens one pair well past the other (:func:`shake_kernels`).
Which diagonal the smear runs along the widths cannot tell (a line at +a and at -a to a
side projects alike), so both are tried. The frame around the card is deconvolved with
each (a Wiener filter, :func:`deblurred`) and the card read again by every rule a sharp
card is: its number counts only when such a reading numbers it and no other reading
numbers it otherwise (:func:`number_by_deblur`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["DeblurParams", "deblurred", "number_by_deblur", "shake_kernels", "side_widths"]


@dataclass(frozen=True)
class DeblurParams:
    """When and how a dare left unnumbered is read again from its frame deblurred."""

    #: Off: never.
    enabled: bool = True
    #: A side's edge counts when the print steps at least this much (grey levels) across
    #: it (a white table, a dark field's shadow side leave too little to measure).
    min_step: float = 40.0
    #: Opposite sides must measure alike within this (px): a side under another card or a
    #: finger measures that, not the smear.
    side_agree: float = 1.5
    #: A shake: one pair of sides' width at least this much (px) over the other pair's.
    min_anisotropy: float = 1.5
    #: ... or, failing that, the wider pair at least this wide (px): a shake along the
    #: card's diagonal widens both pairs about alike (both mirror kernels are tried).
    min_width: float = 3.0
    #: The width of a sharp edge (px), taken off the narrower pair's (the longer pair's
    #: width is the smear's projection, about as measured).
    sharp_width: float = 0.5
    #: The smear's projection on an edge's normal per px of the edge's measured width.
    width_scale: float = 1.0
    #: A wild card too (off: its white print over four colours rings into strokes; a
    #: wild dare 16 deblurred read a sure 6, its 1 taken for the "#" of a "#6", dev 11:1742).
    wild: bool = False
    #: A spread hand's cards too (off: small cards beside others, whose edges and print
    #: the deblurred neighbourhood takes in, read 15 as 16 or 14 and 6 as 4 on dev seeds 5 and 11).
    spread: bool = False
    #: The Wiener filter's noise-to-signal ratio (sensor noise and JPEG ring when undone fully).
    nsr: float = 0.02
    #: Frame pixels kept round the card's quad when its neighbourhood is deconvolved.
    margin: int = 24


def side_widths(image: np.ndarray, quad: np.ndarray) -> list[tuple[np.ndarray, float, float]]:
    """Each side of ``quad`` (4x2, px of ``image``, BGR): its inward unit normal, how wide
    its edge rises (the step over the steepest slope, px: about the blur's extent across
    it) and the step (levels), measured over the side's middle 40% averaged along it, in
    the channel that steps most (a yellow field is as bright as the white border in grey,
    not in blue)."""
    out = []
    centre = quad.mean(axis=0)
    along = np.linspace(0.3, 0.7, 12, dtype=np.float32)
    across = np.arange(-6.0, 6.01, 0.25, dtype=np.float32)
    for k in range(4):
        p, q = quad[k], quad[(k + 1) % 4]
        length = float(np.linalg.norm(q - p))
        if length < 1.0:
            out.append((np.zeros(2, np.float32), 0.0, 0.0))
            continue
        t = (q - p) / length
        n = np.array([-t[1], t[0]], np.float32)
        if float(np.dot(centre - (p + q) / 2, n)) < 0:
            n = -n
        pts = p[None, None] + (q - p)[None, None] * along[:, None, None] + n[None, None] * across[None, :, None]
        pts = pts.astype(np.float32)
        profiles = cv2.remap(image, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR).mean(axis=0)
        steps = np.abs(profiles[-4:].mean(axis=0) - profiles[:4].mean(axis=0))
        c = int(np.argmax(steps))
        slope = float(np.abs(np.diff(profiles[:, c])).max()) / 0.25
        step = float(steps[c])
        out.append((n, step / slope if slope > 0 else 0.0, step))
    return out


def shake_kernels(image: np.ndarray, quad: np.ndarray, params: DeblurParams) -> tuple[list[np.ndarray], int]:
    """The line kernels (one or two: the smear's two mirror readings) a camera shake
    blurring ``quad``'s edges so would have, and how many of them must number a dare for
    it to count: one when one pair of sides is much the wider (a shake), both when the two
    pairs measure about alike (a shake along the diagonal, or a focus blur, which no line
    undoes: two kernels reading alike say the number is no ringing's); none when the
    edges do not measure a blur (too faint, opposite sides disagreeing, sharp)."""
    sides = side_widths(image, quad)
    if any(step < params.min_step for _, _, step in sides):
        return [], 0
    pairs = []
    for a, b in ((0, 2), (1, 3)):
        if abs(sides[a][1] - sides[b][1]) > params.side_agree:
            return [], 0
        pairs.append(((sides[a][0] - sides[b][0]) / 2, (sides[a][1] + sides[b][1]) / 2))
    (n1, w1), (n2, w2) = pairs if pairs[0][1] >= pairs[1][1] else pairs[::-1]
    shaken = w1 - w2 >= params.min_anisotropy
    if not shaken and w1 < params.min_width:
        return [], 0
    n1, n2 = n1 / np.linalg.norm(n1), n2 / np.linalg.norm(n2)
    p1, p2 = w1 * params.width_scale, max(w2 - params.sharp_width, 0.0) * params.width_scale
    kernels = []
    for sign in ((1.0, -1.0) if p2 > 0.5 else (1.0,)):
        v = p1 * n1 + sign * p2 * n2
        kernels.append(line_kernel(float(np.hypot(*v)), math.atan2(float(v[1]), float(v[0]))))
    return kernels, 1 if shaken else len(kernels)


def line_kernel(extent: float, angle: float) -> np.ndarray:
    """A line ``extent`` px long (end to end) at ``angle`` (radians, image axes), drawn
    anti-aliased in an odd square and summing to one: a shake's point spread."""
    size = int(math.ceil(extent)) // 2 * 2 + 3
    k = np.zeros((size, size), np.float32)
    c = (size - 1) / 2
    dx, dy = math.cos(angle) * extent / 2, math.sin(angle) * extent / 2
    # cv2.line draws between pixel centres at 1/16 px with shift=4.
    s = 16
    cv2.line(k, (int(round((c - dx) * s)), int(round((c - dy) * s))), (int(round((c + dx) * s)), int(round((c + dy) * s))),
             1.0, 1, cv2.LINE_AA, 4)
    # Made symmetric about its centre (an anti-aliased line's ends fall unevenly): the
    # frame's smear is about its centre, and a kernel off it would shift the card.
    k = k + k[::-1, ::-1]
    total = float(k.sum())
    return k / total if total > 0 else k


def deblurred(frame_bgr: np.ndarray, quad: np.ndarray, kernel: np.ndarray, params: DeblurParams) -> np.ndarray:
    """A copy of ``frame_bgr`` whose neighbourhood of ``quad`` (its box and ``margin``) is
    deconvolved by ``kernel`` (a Wiener filter, ``nsr``); the rest as it was."""
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - params.margin
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + params.margin
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    crop = frame_bgr[y0:y1, x0:x1].astype(np.float32)
    ch, cw = crop.shape[:2]
    if ch < kernel.shape[0] or cw < kernel.shape[1]:
        return frame_bgr
    # Padded by reflection so the crop's own edges do not ring into the card.
    pad = kernel.shape[0]
    padded = cv2.copyMakeBorder(crop, pad, pad, pad, pad, cv2.BORDER_REFLECT)
    ph, pw = padded.shape[:2]
    psf = np.zeros((ph, pw), np.float32)
    kh, kw = kernel.shape
    psf[:kh, :kw] = kernel
    psf = np.roll(psf, (-(kh // 2), -(kw // 2)), axis=(0, 1))
    f = np.fft.rfft2(psf)
    # Scaled to pass a flat area unchanged (the paper's white is what the face's cuts measure by).
    gain = np.conj(f) / (np.abs(f) ** 2 + params.nsr) * (1.0 + params.nsr)
    out = np.empty_like(padded)
    for c in range(padded.shape[2]):
        out[..., c] = np.fft.irfft2(np.fft.rfft2(padded[..., c]) * gain, s=(ph, pw))
    frame = frame_bgr.copy()
    frame[y0:y1, x0:x1] = np.clip(out[pad:pad + ch, pad:pad + cw], 0, 255).astype(np.uint8)
    return frame


def number_by_deblur(reading, frame_bgr: np.ndarray, candidate, read_again, params: DeblurParams):
    """``reading`` (a card read as a dare without its number) numbered by the card read
    again (``read_again(frame)``: every rule a frame's card is read by) from ``frame_bgr``
    deconvolved by each kernel a shake blurring ``candidate``'s field edges would have
    (:func:`shake_kernels`): that reading, when one reads the dare with its number and
    none another card or another number; else None."""
    if not params.wild and reading.label.startswith("wild"):
        return None
    h, w = frame_bgr.shape[:2]
    x0, y0 = np.maximum(np.floor(candidate.field.min(axis=0)).astype(int) - 8, 0)
    x1, y1 = np.ceil(candidate.field.max(axis=0)).astype(int) + 8
    crop = frame_bgr[y0:min(y1, h), x0:min(x1, w)].astype(np.float32)
    kernels, need = shake_kernels(crop, (candidate.field - np.float32([x0, y0])).astype(np.float32), params)
    numbered, labels, count = None, set(), 0
    for kernel in kernels:
        again = read_again(deblurred(frame_bgr, candidate.card, kernel, params))
        if again.label is None or again.label == reading.label:
            continue
        if not again.label.startswith(reading.label + "-"):
            return None  # another card, or another colour: no second reading of this one
        labels.add(again.label)
        numbered, count = numbered or again, count + 1
    return numbered if len(labels) == 1 and count >= need else None
