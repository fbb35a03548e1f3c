"""What a centre mark's shape says, apart from which template it looks like: its specks,
its holes, its blobs near the card's centre, its lines, a digit's bar, its width.

Shared by the symbol reader (:mod:`vision.symbols`): each is a pure function of the ink the
face cut out of a card's centre (a card-sized 0/255 mask) and the symbol parameters.
"""

from __future__ import annotations

import cv2
import numpy as np

from .marks import HOLES, SymbolParams, clean_ink, split_rows


def squeezed(ink: np.ndarray, widest: float = 1.05, aspect: float = 0.9) -> np.ndarray | None:
    """The ink squeezed across to ``aspect`` of its height, about its box's middle, when
    it is wider than ``widest`` times its height (every digit, skip and reverse the bank
    holds is at most about as wide as tall); None otherwise."""
    x, y, w, h = cv2.boundingRect(ink)
    if h == 0 or w < widest * h:
        return None
    nw = max(1, int(round(aspect * h)))
    out = np.zeros_like(ink)
    x0 = x + (w - nw) // 2
    out[y:y + h, x0:x0 + nw] = cv2.resize(ink[y:y + h, x:x + w], (nw, h), interpolation=cv2.INTER_NEAREST)
    return out


def is_bar(line: np.ndarray, solidity: float) -> bool:
    """Is this line of ink one blob filling at least ``solidity`` of its convex hull? A
    word's letters leave notches and counters even blurred into one blob (of 5182 word
    lines of dares read as the word, none filled more than 0.96); a bar leaves none."""
    outlines, _ = cv2.findContours(np.ascontiguousarray(line), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return len(outlines) == 1 and cv2.contourArea(outlines[0]) >= solidity * max(
        cv2.contourArea(cv2.convexHull(outlines[0])), 1.0)


def without_bars(view: np.ndarray, lines: tuple, solidity: float = 0.97, low: float = 0.4,
                 low_solidity: float = 0.8) -> tuple:
    """:func:`~vision.dare_number.dare_lines` of ``view`` (score, rows, the word's row),
    with no word when the row it took for the word is a bar (:func:`is_bar`): one filling
    ``solidity`` of its hull (a glare streak), or one lower than ``low`` of the tallest
    line filling ``low_solidity`` (a 6's or 9's underline, a 1's foot, an arrow's shaft:
    a dare's word is about half its number's height; of 5182 word lines of dares read as
    the word on seeds 1-3, 4 were that low, 2 of them that solid). Bars read as well as
    a word against the word's templates."""
    score, rows, index = lines
    if index < 0:
        return lines
    a, b = rows[index]
    low_line = b - a < low * max(hi - lo for lo, hi in rows)
    if is_bar(view[a:b], low_solidity if low_line else solidity):
        return -1.0, rows, -1
    return lines


def without_specks(ink: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """:func:`~vision.marks.clean_ink` of the card's ink, its blobs labelled within the
    ink's box only (the same blobs, a fraction of the pixels), and that box (x, y, w, h)."""
    x, y, w, h = cv2.boundingRect(ink)
    out = np.zeros_like(ink)
    out[y:y + h, x:x + w] = clean_ink(ink[y:y + h, x:x + w])
    return out, (x, y, w, h)


def central_part(ink: np.ndarray, params: SymbolParams,
                 box: tuple[int, int, int, int] | None = None) -> np.ndarray | None:
    """The ink without its blobs far from the card's centre, or None when there are none.

    A card's symbol is centred: its biggest blob whose middle lies within
    ``symbol_centred`` of its own height from the card's centre anchors it, and the blobs
    whose middles lie within ``symbol_reach`` of that height from the centre are the
    symbol (a 6's underline, the two arrows of a reverse); farther ones are not. None too
    when those hold less than ``symbol_most`` of the ink (then the symbol itself is in
    doubt, not the leftovers). ``box``: the ink's box (x, y, w, h), when known (its blobs
    are labelled within it only).
    """
    h, w = ink.shape
    x, y, bw, bh = box if box is not None else (0, 0, w, h)
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink[y:y + bh, x:x + bw], 8)
    if n <= 2:
        return None
    distance = np.hypot(centroids[:, 0] + x - (w - 1) / 2, centroids[:, 1] + y - (h - 1) / 2)
    heights = stats[:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    anchors = np.flatnonzero(distance[1:] <= params.symbol_centred * heights[1:]) + 1
    if not len(anchors):
        return None
    anchor = anchors[np.argmax(stats[anchors, cv2.CC_STAT_AREA])]
    keep = distance <= params.symbol_reach * heights[anchor]
    keep[0] = False
    area = stats[:, cv2.CC_STAT_AREA]
    if keep[1:].all() or area[keep].sum() < params.symbol_most * area[1:].sum():
        return None
    core = np.zeros_like(ink)
    core[y:y + bh, x:x + bw] = keep[labels] * 255
    return core


def hole_misfits(ink: np.ndarray, params: SymbolParams) -> frozenset:
    """The symbols whose holes the ink cannot have. A hole of at least ``sure_hole_share``
    of the ink's box is surely one (a 0's, a skip's); a smaller one, down to
    ``faint_hole_share``, may be one (a blurred 8's, half closed) or may not (where a bold
    5's tail meets its bowl): every count from the sure holes alone to all of them fits."""
    x, y, w, h = cv2.boundingRect(ink)
    # Traced within the ink's box and a pixel of paper around it: the same outlines.
    piece = ink[max(y - 1, 0):y + h + 1, max(x - 1, 0):x + w + 1]
    contours, hierarchy = cv2.findContours(piece, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return frozenset(sym for sym, allowed in HOLES.items() if 0 not in allowed)
    areas = [cv2.contourArea(c) for c, links in zip(contours, hierarchy[0]) if links[3] != -1]
    sure = sum(1 for a in areas if a >= max(3.0, params.sure_hole_share * w * h))
    maybe = sum(1 for a in areas if a >= max(3.0, params.faint_hole_share * w * h))
    counts = set(range(sure, maybe + 1))
    return frozenset(sym for sym, allowed in HOLES.items() if not counts & allowed)


def one_line(mark: np.ndarray, params: SymbolParams) -> bool:
    """Is the mark one line: no other line even ``word_min_height`` of the tallest's height?"""
    rows = split_rows(mark)
    tallest = max((b - a for a, b in rows), default=0)
    return sum(1 for a, b in rows if b - a >= params.word_min_height * tallest) == 1


def beside_a_line(mark: np.ndarray, symbol: str, flipped: bool, params: SymbolParams,
                   min_height: float = 0.4, bar_solidity: float = 0.8) -> bool:
    """Does the mark hold a second line beside its tallest, at least ``min_height`` of its
    height (a dare's word is about half its number's height; a 6's or 9's underline, even
    broken up, less)? A 6's or 9's underline does not count however thick blur made it:
    one convex blob on the digit's foot side (above it when the card lies upside down)."""
    rows = split_rows(mark)
    tallest = max(rows, key=lambda r: r[1] - r[0], default=(0, 0))
    height = tallest[1] - tallest[0]
    for a, b in rows:
        if (a, b) == tallest or b - a < min_height * height:
            continue
        if symbol in ("6", "9") and (a > tallest[0]) != flipped:
            outlines, _ = cv2.findContours(mark[a:b], cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            if len(outlines) == 1 and cv2.contourArea(outlines[0]) >= bar_solidity * max(
                    cv2.contourArea(cv2.convexHull(outlines[0])), 1.0):
                continue
        return True
    return False
