"""A mark's ink cut into its lines of text and the characters of a line: the runs of inked rows,
a row that is really two lines touching, the blobs of a line grouped into characters, and
the ink without its specks. Shapes only: what a piece reads as is ``marks``' banks' part.
"""

from __future__ import annotations

import cv2
import numpy as np

from .cvlabels import label_type


def clean_ink(ink: np.ndarray, min_share: float = 0.02) -> np.ndarray:
    """The ink without specks (scuffs, noise) smaller than ``min_share`` of it."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8, ltype=label_type(ink))
    if n <= 2:
        return ink
    total = stats[1:, cv2.CC_STAT_AREA].sum()
    small = np.flatnonzero(stats[:, cv2.CC_STAT_AREA] < max(3, min_share * total))
    small = small[small > 0]
    if len(small) == 0:
        return ink
    keep = np.full(n, 255, np.uint8)
    keep[small] = 0
    keep[0] = 0
    return keep[labels]


def row_ink(ink: np.ndarray) -> np.ndarray:
    """How many ink (non-zero) pixels each row of the mask holds (int32)."""
    if not ink.size:
        return np.zeros(ink.shape[0], np.int32)
    # OpenCV's threshold and row sums: a quarter of numpy's count_nonzero along an axis.
    ones = cv2.threshold(np.ascontiguousarray(ink), 0, 1, cv2.THRESH_BINARY)[1]
    return cv2.reduce(ones, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S).ravel()


def split_rows(ink: np.ndarray, profile: np.ndarray | None = None) -> list[tuple[int, int]]:
    """The mark's lines of text, top to bottom: runs of rows holding ink (``profile``:
    :func:`row_ink` of the mark, when the caller has it)."""
    profile = row_ink(ink) if profile is None else profile
    n = len(profile)
    # Where rows with ink begin and end (a pad row of none at either end), and the running
    # ink count: one comparison of neighbours and one cumulative sum, judged all at once.
    inked = np.zeros(n + 2, bool)
    np.greater(profile, 0, out=inked[1:n + 1])
    edges = np.flatnonzero(inked[1:] != inked[:-1])
    cumulative = np.zeros(n + 1, np.result_type(profile.dtype, np.int64))
    np.cumsum(profile, out=cumulative[1:])
    a, b = edges[::2], edges[1::2]
    kept = cumulative[b] - cumulative[a] >= 0.04 * cumulative[n]
    return list(zip(a[kept].tolist(), b[kept].tolist()))


def tallest_line(marks: np.ndarray | None) -> np.ndarray | None:
    """The tallest line of ``marks`` (a corner's: its index, whatever colour-blind shape
    lies under it left out), cleaned of specks; None without ink."""
    if marks is None or not np.count_nonzero(marks):
        return None
    marks = clean_ink(marks)
    rows = split_rows(marks)
    if not rows:
        return None
    a, b = max(rows, key=lambda r: r[1] - r[0])
    return marks[a:b]


def split_rows_at_valley(ink: np.ndarray, rows: list[tuple[int, int]], valley: float | None = None,
                         profile: np.ndarray | None = None) -> list[tuple[int, int]]:
    """One row that is really two lines touching (blur, a tight layout): cut it at the
    thinnest point of its middle, when that point is much thinner than the lines (a
    quarter of the widest row). With ``valley``, the point need only be that share of the
    thinner line's widest row (a blurred or slanted "#" run into the word under it leaves
    a shallower valley): a looser cut, which a caller must check (see
    :func:`~vision.dare_lines.both_ways`). ``profile``: :func:`row_ink` of the whole
    mark, when the caller has it."""
    if len(rows) != 1:
        return rows
    a, b = rows[0]
    n = b - a
    if n < 8:
        return rows
    profile = (row_ink(ink[a:b]) if profile is None else profile[a:b]).astype(np.float32)
    lo, hi = int(n * 0.25), int(n * 0.75)
    cut = lo + int(np.argmin(profile[lo:hi]))
    if valley is None:
        if profile[cut] > 0.25 * profile.max():
            return rows
    elif profile[cut] > valley * min(profile[:cut].max(), profile[cut + 1:].max()):
        return rows
    return [(a, a + cut), (a + cut + 1, b)]


def split_characters(row: np.ndarray) -> list[np.ndarray]:
    """The characters of a line of ink, left to right (connected blobs; a blob much wider
    than a character is cut at its thinnest columns)."""
    return [piece for _, piece in character_spans(row)]


def character_spans(row: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """:func:`split_characters` with where each character starts in the line (its first
    column): each piece spans the line's full height."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(row, connectivity=8, ltype=label_type(row))
    if n <= 1:
        return []
    # The stats as a list, and each group's extent kept as it grows: indexing the array
    # element by element cost a quarter of the call.
    st = stats.tolist()
    total = sum(s[cv2.CC_STAT_AREA] for s in st[1:])
    height = row.shape[0]
    # Blobs whose columns mostly overlap are one character broken by blur or wear.
    groups: list[tuple[list[int], int, int]] = []
    for i in sorted(range(1, n), key=lambda k: st[k][cv2.CC_STAT_LEFT]):
        if st[i][cv2.CC_STAT_AREA] < 0.03 * total:
            continue
        x0 = st[i][cv2.CC_STAT_LEFT]
        x1 = x0 + st[i][cv2.CC_STAT_WIDTH]
        if groups:
            g, gx0, gx1 = groups[-1]
            overlap = min(x1, gx1) - max(x0, gx0)
            if overlap > 0.5 * min(x1 - x0, gx1 - gx0):
                g.append(i)
                groups[-1] = (g, min(gx0, x0), max(gx1, x1))
                continue
        groups.append(([i], x0, x1))
    pieces = []
    for g, x, x1 in groups:
        w = x1 - x
        if len(g) == 1:
            # One blob: its label compared for (255 where it is), cheaper than a lookup.
            blob = np.multiply(labels[:, x:x + w] == g[0], 255, dtype=np.uint8)
        else:
            member = np.zeros(n, np.uint8)
            member[g] = 255
            blob = member[labels[:, x:x + w]]
        # A bold italic digit is up to ~0.9 of its height wide; wider is two run together.
        count = 1 if w < 1.25 * height else int(round(w / (0.8 * height)))
        if count >= 2:
            cols = (blob > 0).sum(axis=0)
            cuts = []
            for k in range(1, count):
                centre = int(w * k / count)
                span = max(1, int(w / count / 3))
                lo, hi = max(1, centre - span), min(w - 1, centre + span)
                cuts.append(lo + int(np.argmin(cols[lo:hi])) if hi > lo else centre)
            edges = [0] + cuts + [w]
            pieces += [(x + edges[k], blob[:, edges[k]:edges[k + 1]]) for k in range(count)]
        else:
            pieces.append((x, blob))
    return [(x, p) for x, p in pieces if np.count_nonzero(p)]
