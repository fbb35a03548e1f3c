"""What the recogniser says about one frame: a card label (or "no card"), how sure, and where."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Sighting:
    """One answer of the recogniser.

    ``label`` is a card label (DESIGN.md section 3) or None for "no card": below the
    confidence bar the recogniser says None rather than guess, because a wrong card costs a
    table more than a missed one. ``corners`` are the card's four corners in image pixels,
    clockwise from the card's own top-left (so a card lying upside down starts bottom-right
    as the camera sees it); None when no card was found.
    """

    label: str | None
    confidence: float
    corners: np.ndarray | None = None

    def to_json(self) -> dict:
        """``{"card", "confidence", "corners"}`` exactly as ``uno-companion recognize`` prints."""
        corners = None
        if self.corners is not None:
            corners = [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners]
        return {"card": self.label, "confidence": round(float(self.confidence), 3),
                "corners": corners}

    @property
    def is_card(self) -> bool:
        return self.label is not None

    def center(self) -> tuple[float, float] | None:
        """The card's centre in image pixels (the tracker's notion of "where")."""
        if self.corners is None:
            return None
        c = np.asarray(self.corners, dtype=np.float64).mean(axis=0)
        return float(c[0]), float(c[1])


def no_card(confidence: float = 0.0) -> Sighting:
    """The "no card" answer; ``confidence`` is how sure the recogniser is that none is there."""
    return Sighting(None, float(confidence), None)
