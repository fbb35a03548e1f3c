"""One deck's look: the design, font, stroke weight, colours and wear a real deck varies in.

A recogniser trained or tuned on one rendering of the cards learns that rendering, not UNO
cards. ``random_style`` draws a plausible deck from the spread seen across real printings
(classic tilted oval vs. the newer white centre disc, several Hershey fonts, bold or thin,
italic, with or without the colour-blind shapes, inks that drift in hue and brightness).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

#: Nominal UNO inks, BGR (the brief's R215,G30,B40 / 250,210,0 / 50,160,70 / 0,110,190).
BASE_PALETTE: dict[str, tuple[int, int, int]] = {
    "red": (40, 30, 215),
    "yellow": (0, 210, 250),
    "green": (70, 160, 50),
    "blue": (190, 110, 0),
    "black": (28, 26, 24),
}

#: The fonts a deck may use for its digits and words (SCRIPT and PLAIN look like no UNO deck).
FONTS: tuple[int, ...] = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)

DESIGNS: tuple[str, ...] = ("classic", "disc")

#: How a dare card shows its number: the word above / below a big number, or "#12".
DARE_LAYOUTS: tuple[str, ...] = ("word_above", "word_below", "hash")


@dataclass(frozen=True)
class CardStyle:
    """One deck's look. Frozen so a scene can hold it; built by hand or by ``random_style``.

    Fractions are of the card's width. ``palette`` maps red/yellow/green/blue/black (the
    wild card's field) to BGR. ``wear`` 0..1 fades inks and adds scuffs; ``seed`` fixes
    where the scuffs fall, so the same style renders the same card every time.
    """

    design: str = "classic"
    font: int = cv2.FONT_HERSHEY_SIMPLEX
    thickness_scale: float = 1.0
    shapes: bool = False
    palette: dict[str, tuple[int, int, int]] | None = None
    italic: bool = True
    border: float = 0.045
    corner_radius: float = 0.07
    oval_angle: float = 35.0
    oval_size: float = 1.0
    symbol_size: float = 1.0
    outline: bool = True
    shadow: float = 0.03
    paper: tuple[int, int, int] = (246, 248, 250)
    dare_layout: str = "word_above"
    dare_word: str = "DARE"
    corner_word: bool = False
    wear: float = 0.0
    seed: int = 0

    def __hash__(self) -> int:
        """Hashable despite the palette dict, so a style can key a cache of rendered faces."""
        palette = tuple(sorted((self.palette or {}).items()))
        fields = tuple(getattr(self, f) for f in self.__dataclass_fields__ if f != "palette")
        return hash((fields, palette))

    def color(self, name: str) -> tuple[int, int, int]:
        """BGR of a card colour (or "black", the wild field) in this deck's inks."""
        palette = self.palette or BASE_PALETTE
        bgr = palette.get(name, BASE_PALETTE[name])
        return int(bgr[0]), int(bgr[1]), int(bgr[2])


def jitter_color(rng: np.random.Generator, bgr: tuple[int, int, int], hue: float = 6.0,
                 sat: float = 0.15, val: float = 0.15) -> tuple[int, int, int]:
    """A printing of ``bgr``: hue shifted by up to ``hue`` (OpenCV units, 0-180), saturation and
    brightness scaled by up to the given fractions."""
    hsv = cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2HSV)[0, 0].astype(np.float64)
    hsv[0] = (hsv[0] + rng.uniform(-hue, hue)) % 180
    hsv[1] = np.clip(hsv[1] * rng.uniform(1 - sat, 1 + sat * 0.5), 0, 255)
    hsv[2] = np.clip(hsv[2] * rng.uniform(1 - val, 1 + val * 0.5), 0, 255)
    out = cv2.cvtColor(np.uint8([[hsv]]), cv2.COLOR_HSV2BGR)[0, 0]
    return int(out[0]), int(out[1]), int(out[2])


def random_style(rng: np.random.Generator) -> CardStyle:
    """A plausible deck: every attribute drawn independently from a realistic range."""
    deck_shift = rng.uniform(-2.5, 2.5)  # a whole print run drifts together ...
    palette = {}
    for name, bgr in BASE_PALETTE.items():
        if name == "black":
            v = int(rng.integers(12, 45))
            palette[name] = (v, v, int(v + rng.integers(-4, 5)) if v > 4 else v)
            continue
        shifted = bgr
        hsv = cv2.cvtColor(np.uint8([[shifted]]), cv2.COLOR_BGR2HSV)[0, 0].astype(np.float64)
        hsv[0] = (hsv[0] + deck_shift) % 180
        shifted = tuple(int(c) for c in cv2.cvtColor(np.uint8([[hsv]]), cv2.COLOR_HSV2BGR)[0, 0])
        palette[name] = jitter_color(rng, shifted, hue=2.5, sat=0.12, val=0.14)  # ... and each ink
    design = DESIGNS[int(rng.integers(len(DESIGNS)))]
    paper_v = int(rng.integers(228, 256))
    warm = int(rng.integers(0, 10))
    return CardStyle(
        design=design,
        font=FONTS[int(rng.integers(len(FONTS)))],
        thickness_scale=float(rng.uniform(0.7, 1.5)),
        shapes=bool(rng.random() < (0.6 if design == "disc" else 0.3)),
        palette=palette,
        italic=bool(rng.random() < (0.7 if design == "classic" else 0.35)),
        border=float(rng.uniform(0.035, 0.058)),
        corner_radius=float(rng.uniform(0.05, 0.09)),
        oval_angle=float(rng.uniform(28, 42)),
        oval_size=float(rng.uniform(0.92, 1.05)),
        symbol_size=float(rng.uniform(0.85, 1.12)),
        outline=bool(rng.random() < 0.8),
        shadow=float(rng.uniform(0.0, 0.045)),
        paper=(max(paper_v - warm - 4, 0), max(paper_v - warm // 2, 0), paper_v),
        dare_layout=DARE_LAYOUTS[int(rng.integers(len(DARE_LAYOUTS)))],
        dare_word="DARE!" if rng.random() < 0.5 else "DARE",
        corner_word=bool(rng.random() < 0.3),
        wear=float(rng.beta(1.2, 4.0)),
        seed=int(rng.integers(2**31)),
    )
