"""Bays: where a digit's outline opens, a cue that holds in any font, weight or blur.

A 5 opens to the right between its top bar and its bowl, and to the left under its bowl;
an 8, a 0 and a 9 are closed on the right there, an 8, a 0 and a 6 on the left. Bold, blurred
ink loses a digit's holes and thin strokes long before it loses such a bay (a bold 5
correlates 0.91 with a 5 and 0.87 with an 8, yet its bay cuts half its width deep), so a
deep bay rules digits out whatever the templates say.
"""

from __future__ import annotations

import numpy as np

from .symbol_params import SymbolParams

#: The digits closed on the right in their upper part, and on the left in their lower part.
CLOSED_RIGHT_ABOVE: frozenset = frozenset({"0", "8", "9"})
CLOSED_LEFT_BELOW: frozenset = frozenset({"0", "6", "8"})


def bay_depths(mark: np.ndarray, reach: float) -> tuple[float, float]:
    """How deep the mark's outline cuts in (shares of its width): from the right, between
    its top rows (the top 15% of its height) and ``reach`` of its height down, measured
    from the top rows' right edge; from the left, between ``1 - reach`` of its height and
    its bottom rows (the bottom 15%), measured from the bottom rows' left edge (a slant
    moves both edges alike)."""
    ink = mark > 0
    ys = np.flatnonzero(ink.any(axis=1))
    xs = np.flatnonzero(ink.any(axis=0))
    if not len(ys):
        return 0.0, 0.0
    ink = ink[ys[0]:ys[-1] + 1, xs[0]:xs[-1] + 1]
    h, w = ink.shape
    filled = ink.any(axis=1)
    left = np.where(filled, ink.argmax(axis=1), w) / w
    right = np.where(filled, ink[:, ::-1].argmax(axis=1), w) / w
    edge = max(1, int(0.15 * h))
    upper = right[edge:int(reach * h) + 1]
    lower = left[int((1 - reach) * h):h - edge + 1]
    depth_right = float(upper.max() - right[:edge].min()) if len(upper) else 0.0
    depth_left = float(lower.max() - left[h - edge:].min()) if len(lower) else 0.0
    return depth_right, depth_left


def bay_misfits(mark: np.ndarray, params: SymbolParams) -> frozenset:
    """The digits the mark's bays rule out: those closed where a bay at least
    ``bay_depth`` of its width deep opens."""
    right, left = bay_depths(mark, params.bay_reach)
    out: frozenset = frozenset()
    if right >= params.bay_depth:
        out |= CLOSED_RIGHT_ABOVE
    if left >= params.bay_depth:
        out |= CLOSED_LEFT_BELOW
    return out
