"""Marks as features: a piece of a card's symbol (cut into lines and characters by
``ink_lines``) turned into a small normalised vector, and the labelled template banks it is
compared with.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


def feature(mask: np.ndarray, box: tuple[int, int], blur: float = 1.0) -> np.ndarray | None:
    """The mark's ink scaled (aspect kept) into ``box`` (w, h), blurred, zero-mean, unit-norm."""
    x, y, w, h = cv2.boundingRect(mask)  # the box of its non-zero pixels
    if w == 0:
        return None
    bw, bh = box
    s = min(bw / w, bh / h)
    nw, nh = max(1, min(bw, int(round(w * s)))), max(1, min(bh, int(round(h * s))))
    piece = cv2.resize(mask[y:y + h, x:x + w], (nw, nh), interpolation=cv2.INTER_AREA)
    canvas = np.zeros((bh, bw), np.float32)
    ox, oy = (bw - nw) // 2, (bh - nh) // 2
    canvas[oy:oy + nh, ox:ox + nw] = piece
    canvas = cv2.GaussianBlur(canvas, (0, 0), blur).ravel() if blur > 0 else canvas.ravel()
    # OpenCV's mean and an einsum norm: numpy's mean and linalg.norm cost twice as much
    # (a feature is made some ten times a card). cv2.mean, not meanStdDev: the same mean
    # (a double sum of the floats) without the squares' sum no one reads.
    canvas -= np.float32(cv2.mean(canvas)[0])
    norm = float(np.sqrt(np.einsum("i,i->", canvas, canvas)))
    return canvas / norm if norm > 1e-6 else None


@dataclass(frozen=True)
class TemplateBank:
    """Labelled feature vectors of one kind of mark (whole symbols, dare words, numbers)."""

    labels: tuple[str, ...]
    vectors: np.ndarray

    @classmethod
    def from_masks(cls, items: list[tuple[str, np.ndarray]], box: tuple[int, int],
                   blur: float = 1.0) -> "TemplateBank":
        labels, vectors, seen = [], [], set()
        for label, mask in items:
            f = feature(mask, box, blur)
            # Styles that draw the same mask (two stroke weights OpenCV renders alike) add
            # nothing but time: each distinct template is kept once.
            key = (label, np.round(f, 5).tobytes()) if f is not None else None
            if f is not None and key not in seen:
                seen.add(key)
                labels.append(label)
                vectors.append(f)
        dim = box[0] * box[1]
        return cls(tuple(labels), np.array(vectors, np.float32).reshape(-1, dim))

    def best(self, f: np.ndarray, exclude: frozenset = frozenset()) -> tuple[str | None, float, float]:
        """(best label, its score, the best score of any other label), leaving out the
        labels in ``exclude``."""
        if f is None or not len(self.labels):
            return None, -1.0, -1.0
        scores = self._scores(f)
        # An excluded label cannot win, but it still counts as a rival: a 5 that looks
        # more like an 8 than like a 5 is unsure, not a 5.
        allowed = np.where(self._excluded(exclude), -2.0, scores) if exclude else scores
        i = int(np.argmax(allowed))
        label = self.labels[i]
        others = scores[self._codes != self._codes[i]]
        return label, float(scores[i]), float(others.max()) if len(others) else -1.0

    def scores_by_label(self, f: np.ndarray | None) -> dict[str, float] | None:
        """Each label's best score for this feature."""
        if f is None or not len(self.labels):
            return None
        order, starts, names = self._by_label
        scores = self._scores(f)
        # Each label's templates side by side: one maximum per run (np.maximum.at, one
        # element at a time, cost three times the product).
        best = np.maximum(np.maximum.reduceat(scores[order], starts), -1.0)
        return dict(zip(names, best.tolist()))

    def _scores(self, f: np.ndarray) -> np.ndarray:
        """Each template's correlation with the feature ``f``."""
        # A matrix-vector product (BLAS sgemv): 2.5x einsum's loop (glyph bank 228x1024:
        # 12 us vs 31); at these sizes OpenBLAS runs it on the calling thread alone (thread
        # and process cpu time agree), so no worker threads are woken.
        return self.vectors @ f

    @property
    def _by_label(self) -> tuple[np.ndarray, np.ndarray, tuple[str, ...]]:
        """The templates' order grouping them by label, where each label's run starts, and
        the labels in that order (first seen first)."""
        cached = self.__dict__.get("_by_label_cache")
        if cached is None:
            order = np.argsort(self._codes, kind="stable")
            starts = np.flatnonzero(np.diff(np.concatenate(([-1], self._codes[order]))))
            names = tuple(dict.fromkeys(self.labels))
            cached = (order, starts, tuple(names[k] for k in self._codes[order][starts]))
            object.__setattr__(self, "_by_label_cache", cached)
        return cached

    def _excluded(self, exclude: frozenset) -> np.ndarray:
        """Which templates carry a label in ``exclude`` (kept per set: few sets recur)."""
        cache = self.__dict__.setdefault("_excluded_cache", {})
        mask = cache.get(exclude)
        if mask is None:
            mask = cache[exclude] = np.array([lab in exclude for lab in self.labels], bool)
        return mask

    @property
    def _codes(self) -> np.ndarray:
        codes = self.__dict__.get("_codes_cache")
        if codes is None:
            index = {lab: k for k, lab in enumerate(dict.fromkeys(self.labels))}
            codes = np.array([index[lab] for lab in self.labels], np.int32)
            object.__setattr__(self, "_codes_cache", codes)
        return codes

    def merged(self, other: "TemplateBank", replace: bool = True) -> "TemplateBank":
        """This bank with ``other``'s templates; with ``replace``, a label ``other`` has
        drops this bank's templates of that label."""
        taught = set(other.labels)
        keep = [i for i, lab in enumerate(self.labels) if not (replace and lab in taught)]
        labels = tuple(self.labels[i] for i in keep) + other.labels
        vectors = np.concatenate([self.vectors[keep], other.vectors]) if keep else other.vectors
        return TemplateBank(labels, vectors.astype(np.float32))


@dataclass(frozen=True)
class SymbolBanks:
    """The three banks a deck profile holds: whole centre marks, the dare word, and the
    characters of dare numbers."""

    glyph: TemplateBank
    word: TemplateBank
    digit: TemplateBank


#: How many holes each centre symbol may show (blur can close a small one; "dare" any).
HOLES: dict[str, frozenset] = {
    "0": frozenset({1}), "1": frozenset({0}), "2": frozenset({0}), "3": frozenset({0}),
    "4": frozenset({0, 1}), "5": frozenset({0}), "6": frozenset({0, 1}), "7": frozenset({0}),
    "8": frozenset({1, 2}), "9": frozenset({0, 1}), "skip": frozenset({2}),
    "reverse": frozenset({0, 1, 2}),
}


def ramp(x: float, lo: float, hi: float) -> float:
    """0 below ``lo``, 1 above ``hi``, linear between: how a score becomes a confidence."""
    # Plain floats: numpy's clip costs ~15 us a call, and a card's reading makes dozens.
    return float(min(1.0, max(0.0, (x - lo) / max(hi - lo, 1e-6))))
