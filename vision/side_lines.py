"""Straight stretches of a mask's outlines, merged into lines: the sides the search by
straight sides (:mod:`vision.sides`) groups into fields. A stretch knows which of its sides
is dark (the field's), and a line keeps its stretches apart (a thumb's gap lies between).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from .fields import without_specks

@dataclass(frozen=True)
class SideParams:
    """Tuning of the search by straight sides; lengths are shares of the mask's width
    unless said otherwise."""

    #: A straight stretch of outline shorter than this is no side (at 640 px: 19 px; the
    #: smallest field worth reading is ~50 x 80 px there).
    min_run: float = 0.03
    #: How far (px of the mask) the outline may stray from a straight stretch's chord.
    straightness: float = 1.5
    #: Two stretches lie on one line when their directions differ by at most this many
    #: degrees and each end lies within ``merge_offset`` px of the other's line.
    merge_angle: float = 4.0
    merge_offset: float = 2.5
    #: Only the longest lines are grouped (a bookshelf has hundreds).
    max_lines: int = 40
    #: Opposite sides of a field may converge this many degrees (perspective: a card held
    #: up tilted to the camera shows its short sides 15-17 degrees apart); the side across
    #: them may be this far from square to them.
    max_converge: float = 20.0
    max_slant: float = 30.0
    #: The share of the side across two facing sides a stretch must cover.
    min_across: float = 0.35
    #: Straight stretches must cover two of the quad's sides this much (0..1, see
    #: :func:`_followed`) and a third at least ``third_side``.
    two_sides: float = 0.6
    third_side: float = 0.35
    #: A stretch lies on a quad's side when its direction is within this many degrees of
    #: the side's and both its ends within ``follow_offset`` of the side's length of it (at
    #: least ``merge_offset`` px): a side a lens bows, motion blurs or a thumb bites is
    #: pieces a few degrees and pixels apart.
    follow_angle: float = 8.0
    follow_offset: float = 0.06
    #: Of the quads of one place the best followed is kept, judged closer: stretches within
    #: ``merge_angle`` degrees and this share of the side's length.
    rank_offset: float = 0.04
    #: A straight stretch this long (share of the quad's short side) lying wholly inside
    #: it (shrunk by ``inner_shrink`` round its centre) makes it none (0: not looked at;
    #: see :func:`_crossed`).
    max_inner_run: float = 0.5
    inner_shrink: float = 0.85
    #: ... unless the mask is paper this far (share of the quad's short side) beyond it on
    #: its light side: the field's own centre (a card lying across has its field there,
    #: some three border widths on; 0: every such stretch makes the quad none).
    inner_paper_probe: float = 0.2
    #: A quad whose paper is one blob taking more than ``max_white_share`` of it and
    #: filling more than ``white_card_fill`` of its rotated box is the halo round a white
    #: card or sheet (a field's centre is an oval or a disc: ~0.79).
    max_white_share: float = 0.3
    white_card_fill: float = 0.88
    #: A quad sharing more than this share of the smaller one's area with a candidate
    #: another search found is none.
    max_overlap: float = 0.03
    #: A corner nearer the frame's edge than this (px of the mask) makes no whole card.
    edge_margin: float = 2.0


class Side(NamedTuple):
    """A line along which the mask's outline runs straight: a point on it, its unit
    direction, its unit normal pointing into the dark (the field's side), and its extent
    along the direction (from the point); all plain floats (x, y)."""

    point: tuple[float, float]
    along: tuple[float, float]
    normal: tuple[float, float]
    lo: float
    hi: float
    #: The stretches on it, each (from, to) along the direction: a thumb's gap lies between.
    stretches: tuple[tuple[float, float], ...] = ()


def side_lines(mask: np.ndarray, params: SideParams,
               contours: tuple | None = None) -> list[Side]:
    """The straight stretches of the dark mask's outlines as lines (longest first, at most
    ``max_lines``). ``contours``: the mask's outlines (cv2.findContours of
    :func:`~vision.fields.without_specks`) when the caller has them."""
    height, width = mask.shape
    min_run = params.min_run * width
    if contours is None:
        contours, _ = cv2.findContours(without_specks(mask), cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    starts, ends = [], []
    for contour in contours:
        if len(contour) < 3 * min_run:
            continue
        poly = cv2.approxPolyDP(contour, params.straightness, True).reshape(-1, 2)
        step = np.roll(poly, -1, axis=0) - poly
        long = np.flatnonzero(np.hypot(step[:, 0], step[:, 1]) >= min_run)
        if len(long):
            starts.append(poly[long])
            ends.append(poly[long] + step[long])
    if not starts:
        return []
    a = np.vstack(starts).astype(np.float32)
    b = np.vstack(ends).astype(np.float32)
    keep = ~_along_frame(a, b, width, height)
    a, b = a[keep], b[keep]
    d = b - a
    length = np.hypot(d[:, 0], d[:, 1])
    u = d / np.maximum(length, 1e-6)[:, None]
    normal = np.stack([-u[:, 1], u[:, 0]], axis=1)
    # Which side of each stretch is dark: the mask 2 px either side at 7 points along it.
    t = np.linspace(0.2, 0.8, 7, dtype=np.float32)[None, :, None]
    base = a[:, None, :] + t * d[:, None, :]
    votes = np.zeros(len(a), np.int32)
    for sign in (1, -1):
        q = np.round(base + sign * 2.0 * normal[:, None, :]).astype(np.int32)
        dark = mask[np.clip(q[..., 1], 0, height - 1), np.clip(q[..., 0], 0, width - 1)] > 0
        votes += sign * dark.sum(axis=1)
    clear = np.abs(votes) >= 4
    normal *= np.where(votes >= 0, 1.0, -1.0)[:, None].astype(np.float32)
    order = [k for k in np.argsort(-length).tolist() if clear[k]]
    lines: list[list] = []  # [px, py, ux, uy, nx, ny, lo, hi]
    cos_merge = math.cos(math.radians(params.merge_angle))
    off = params.merge_offset
    a_l, b_l, u_l, n_l, len_l = a.tolist(), b.tolist(), u.tolist(), normal.tolist(), length.tolist()
    for k in order:
        (ax, ay), (bx, by), (ux, uy), (nx, ny) = a_l[k], b_l[k], u_l[k], n_l[k]
        for line in lines:
            px, py, lux, luy, lnx, lny = line[:6]
            if abs(lux * ux + luy * uy) < cos_merge or lnx * nx + lny * ny < 0:
                continue
            if (abs((ax - px) * lnx + (ay - py) * lny) > off
                    or abs((bx - px) * lnx + (by - py) * lny) > off):
                continue
            ta, tb = (ax - px) * lux + (ay - py) * luy, (bx - px) * lux + (by - py) * luy
            line[6], line[7] = min(line[6], ta, tb), max(line[7], ta, tb)
            line[8].append((min(ta, tb), max(ta, tb)))
            break
        else:
            lines.append([ax, ay, ux, uy, nx, ny, 0.0, len_l[k], [(0.0, len_l[k])]])
        if len(lines) >= params.max_lines:
            break
    sides = [Side((px, py), (ux, uy), (nx, ny), lo, hi, tuple(st))
             for px, py, ux, uy, nx, ny, lo, hi, st in lines]
    return sides


def _along_frame(a: np.ndarray, b: np.ndarray, width: int, height: int) -> np.ndarray:
    """Which stretches a-b lie along the frame's edge (a blob cut by it)?"""
    out = np.zeros(len(a), bool)
    for axis, end in ((0, width - 1), (1, height - 1)):
        out |= (a[:, axis] <= 1) & (b[:, axis] <= 1)
        out |= (a[:, axis] >= end - 1) & (b[:, axis] >= end - 1)
    return out
