"""What a centre mark's shape says, apart from which template it looks like: its specks,
its holes, its blobs near the card's centre, its lines, a digit's bar, its width.

Shared by the symbol reader (:mod:`vision.symbols`): each is a pure function of the ink the
face cut out of a card's centre (a card-sized 0/255 mask) and the symbol parameters.
"""

from __future__ import annotations

import cv2
import numpy as np

from .ink_lines import clean_ink, split_characters, split_rows
from .marks import HOLES
from .symbol_params import SymbolParams


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
                 low_solidity: float = 0.8, underline: float = 1.3) -> tuple:
    """:func:`~vision.dare_number.dare_lines` of ``view`` (score, rows, the word's row),
    with no word when the row it took for the word is a bar (:func:`is_bar`): one filling
    ``solidity`` of its hull (a glare streak), or one lower than ``low`` of the tallest
    line filling ``low_solidity`` (a 6's or 9's underline, a 1's foot, an arrow's shaft:
    a dare's word is about half its number's height; of 5182 word lines of dares read as
    the word on seeds 1-3, 4 were that low, 2 of them that solid). Bars read as well as
    a word against the word's templates. No word either when the row is no wider than
    ``underline`` times the tallest line, itself one character: a word of four letters
    half a digit's height is about twice that digit's width, a 6's or 9's underline (its
    drop shadow notching it) about the digit's own."""
    score, rows, index = lines
    if index < 0:
        return lines
    a, b = rows[index]
    tallest = max(rows, key=lambda r: r[1] - r[0])
    low_line = b - a < low * (tallest[1] - tallest[0])
    if is_bar(view[a:b], low_solidity if low_line else solidity):
        return -1.0, rows, -1
    if (a, b) != tallest and _width(view[a:b]) <= underline * _width(view[tallest[0]:tallest[1]]) and len(
            split_characters(view[tallest[0]:tallest[1]])) == 1:
        return -1.0, rows, -1
    return lines


def _width(line: np.ndarray) -> int:
    """The width of a line's ink (0 when it has none)."""
    xs = np.flatnonzero(line.any(axis=0))
    return int(xs[-1] - xs[0] + 1) if len(xs) else 0


def without_specks(ink: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """:func:`~vision.ink_lines.clean_ink` of the card's ink, its blobs labelled within the
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


def off_the_rim(ink: np.ndarray, centre: np.ndarray, depth: int = 3, contact: float = 0.4,
                in_line: float = 0.6, least: float = 0.05) -> np.ndarray | None:
    """``ink`` without its blobs that lie along the white centre's outline (``centre``, the
    face's centre mask), or None when there are none or nothing else is left.

    A highlight that pales the field next to the oval makes the centre seem bigger than it
    is, and the field's colour left inside it is cut as ink: a wedge or a crescent lying
    along the outline, beside the symbol or joined to it. A printed mark keeps off the
    oval's edge; a blob counts as lying along it when it touches the face's shaved rim
    (its pixels ``depth`` px or less from the outline, counted in steps of a pixel either
    way or diagonal: the face shaves a square's depth) for at least ``contact`` of its
    longer side (a letter that grazes the rim touches it at a point), and holds at least
    ``least`` of the ink (specks are no wedge). None too when such a blob
    shares ``in_line`` of its height and of another blob's with that blob: a character of
    the mark's line along a centre the face cut short, whatever else lies along the rim."""
    x, y, w, h = cv2.boundingRect(ink)
    if w == 0:
        return None
    # The ink's box and the outline's band round it (the card's edge is outside the centre).
    g = depth + 1
    rows, cols = ink.shape
    x, y, x1, y1 = max(x - g, 0), max(y - g, 0), min(x + w + g, cols), min(y + h + g, rows)
    w, h = x1 - x, y1 - y
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink[y:y1, x:x1], connectivity=8)
    if n <= 2:
        return None
    inside = centre[y:y1, x:x1]
    depths = cv2.distanceTransform(np.pad(inside.astype(np.uint8), 1), cv2.DIST_C, 3)[1:-1, 1:-1]
    # The face shaves the centre's rim: ink starts a few pixels in, and a blob lying along
    # the outline has a run of pixels that deep (the first ring, about a pixel wide). A blob
    # reaching past the outline is a big mark crossing the oval (the face keeps those).
    run = np.bincount(labels[inside & (depths <= depth)], minlength=n)
    past = np.bincount(labels[~inside], minlength=n) > 0
    longer = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    area = stats[:, cv2.CC_STAT_AREA]
    drop = (run >= contact * longer) & ~past & (area >= least * area[1:].sum())
    drop[0] = False
    if not drop.any() or drop[1:].all():
        return None
    # A blob standing in a line of the rest, about as tall as it, is a character of that
    # line (a centre cut short runs along the mark itself), not the field beside it.
    kept = np.flatnonzero(~drop)[1:]
    top, bottom = stats[kept, cv2.CC_STAT_TOP], stats[kept, cv2.CC_STAT_TOP] + stats[kept, cv2.CC_STAT_HEIGHT]
    for i in np.flatnonzero(drop):
        a, b = stats[i, cv2.CC_STAT_TOP], stats[i, cv2.CC_STAT_TOP] + stats[i, cv2.CC_STAT_HEIGHT]
        shared = np.clip(np.minimum(b, bottom) - np.maximum(a, top), 0, None)
        if np.any((shared >= in_line * (b - a)) & (shared >= in_line * (bottom - top))):
            return None
    out = np.zeros_like(ink)
    out[y:y + h, x:x + w] = np.where(drop[labels] | (labels == 0), 0, 255).astype(np.uint8)
    return out


def along_rim(ink: np.ndarray, centre: np.ndarray, depth: int = 3, contact: float = 1.0) -> bool:
    """Does ``ink`` run along the white centre's outline (``centre``, the face's centre
    mask): at least ``contact`` times its box's longer side in pixels ``depth`` px or less
    from the outline? A printed mark keeps off the oval's or the disc's edge; ink lying
    along it is the field a highlight let into the centre (a wedge, a crescent), or a mark
    the centre was cut short across (the highlight paled the centre's far side, and the
    mark's ink stops at the cut): either way a highlight lies over the centre, and the
    mark may have lost strokes to it."""
    x, y, w, h = cv2.boundingRect(ink)
    if w == 0:
        return False
    # The ink's box and a band round it: the depth of a pixel of ink depends on the
    # outline within ``depth`` of it only.
    g = depth + 1
    rows, cols = ink.shape
    x0, y0, x1, y1 = max(x - g, 0), max(y - g, 0), min(x + w + g, cols), min(y + h + g, rows)
    inside = centre[y0:y1, x0:x1]
    depths = cv2.distanceTransform(np.pad(inside.astype(np.uint8), 1), cv2.DIST_C, 3)[1:-1, 1:-1]
    return int(np.count_nonzero((ink[y0:y1, x0:x1] > 0) & (depths <= depth))) >= contact * max(w, h)


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


def centred(mark: np.ndarray, reach: float) -> bool:
    """Does the mark's box sit in the card's middle, its centre within ``reach`` of the
    card's width and height of the card's centre? A digit card's digit stands there; a
    dare's number stands beside its word (a number whose word a cut lost is off centre)."""
    x, y, w, h = cv2.boundingRect(mark)
    rows, cols = mark.shape
    return abs(x + w / 2 - cols / 2) <= reach * cols and abs(y + h / 2 - rows / 2) <= reach * rows


def line_in_the_middle(mark: np.ndarray, reach: float, centre: np.ndarray | None = None) -> bool:
    """Does the mark's tallest line stand at the card's middle height, its rows' middle
    within ``reach`` of the card's height of the card's centre, or of the middle of
    ``centre``'s rows (the white centre's mask) when given? A digit card prints its digit
    at the middle of both; a dare prints its number above or below its word, off both. Two
    references: a quad reaching past the card moves the card's middle, a shadow over part
    of the centre its middle. Rows only: a speck beside the line does not move it, and a
    dare's number stands centred across."""
    rows = split_rows(mark)
    if not rows:
        return False
    a, b = max(rows, key=lambda r: r[1] - r[0])
    middles = [mark.shape[0] / 2]
    if centre is not None and centre.any():
        ys = np.flatnonzero(centre.any(axis=1))
        middles.append((ys[0] + ys[-1]) / 2)
    return any(abs((a + b) / 2 - m) <= reach * mark.shape[0] for m in middles)


def one_line(mark: np.ndarray, params: SymbolParams) -> bool:
    """Is the mark one line: no other line even ``word_min_height`` of the tallest's height?"""
    return line_count(mark, params) == 1


def line_count(mark: np.ndarray, params: SymbolParams) -> int:
    """How many lines the mark holds at least ``word_min_height`` of the tallest's height."""
    rows = split_rows(mark)
    tallest = max((b - a for a, b in rows), default=0)
    return sum(1 for a, b in rows if b - a >= params.word_min_height * tallest)


def beside_a_word(mark: np.ndarray, params: SymbolParams) -> bool:
    """Does the mark hold, beside its tallest line, a line of a word's shape: at least
    ``word_min_height`` of its height and ``word_min_aspect`` times as wide as tall (a
    dare's word, however poorly its letters were cut)?"""
    rows = split_rows(mark)
    tallest = max(rows, key=lambda r: r[1] - r[0], default=(0, 0))
    for a, b in rows:
        if (a, b) == tallest or b - a < params.word_min_height * (tallest[1] - tallest[0]):
            continue
        xs = np.flatnonzero(mark[a:b].any(axis=0))
        if xs[-1] - xs[0] + 1 >= params.word_min_aspect * (b - a):
            return True
    return False


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


def stacked(mark: np.ndarray) -> np.ndarray:
    """``mark`` without its lines that share no column with its tallest line. A dare's word
    and number stand one over the other, centred; a piece of the field a highlight let
    into the centre's far end (a corner of a centre the highlight made seem bigger) lies
    beside them, in a line of its own."""
    rows = split_rows(mark)
    if len(rows) < 3:
        return mark
    a, b = max(rows, key=lambda r: r[1] - r[0])
    cols = np.flatnonzero(mark[a:b].any(axis=0))
    out = mark
    for top, bottom in rows:
        xs = np.flatnonzero(mark[top:bottom].any(axis=0))
        if xs[-1] < cols[0] or xs[0] > cols[-1]:
            out = out.copy() if out is mark else out
            out[top:bottom] = 0
    return out


def tallest_centred(mark: np.ndarray, share: float = 0.1) -> bool:
    """Does the mark's tallest line stand centred in it: its ink's middle within ``share``
    of the mark's width of the whole mark's middle? A dare's number stands centred over
    or under its word; a number a cut lost a digit of (a 16 read as its 6) stands aside."""
    rows = split_rows(mark)
    if not rows:
        return False
    a, b = max(rows, key=lambda r: r[1] - r[0])
    xs, line = np.flatnonzero(mark.any(axis=0)), np.flatnonzero(mark[a:b].any(axis=0))
    if not len(xs) or not len(line):
        return False
    return abs((line[0] + line[-1]) - (xs[0] + xs[-1])) / 2 <= share * (xs[-1] - xs[0] + 1)

