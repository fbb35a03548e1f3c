"""One face of an UNO Dice die, flat and square: a coloured (or, for the wilds, black) field
on the die's plastic, with a white number 1-6 or a command symbol.

A real set's printing is unknown (the rule sheet shows no faces), so ``random_die_style``
varies everything a maker could: plastic colour, how far the field reaches towards the
edge, its corner rounding, inks, font, weight, slant, outline, symbol size and the wild
emblem. Faces are drawn supersampled and shrunk, as the card faces are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.engine.dice_faces import DRAW2, NUMBER, REVERSE, SKIP, WILD, DieFace

from . import glyphs
from .card import rounded_rect
from .style import BASE_PALETTE, FONTS, jitter_color

#: The wild emblem's colours, clockwise from the top-left.
WILD_QUARTERS: tuple[str, ...] = ("red", "blue", "green", "yellow")

#: How a wild face shows its four colours: a quartered disc, a quartered tilted oval, or
#: four small squares.
EMBLEMS: tuple[str, ...] = ("disc", "oval", "squares")


@dataclass(frozen=True)
class DieStyle:
    """One dice set's look. Fractions are of the face's side.

    ``plastic`` is the die's body colour (it shows at the rounded edges and around an inset
    field); ``inset`` 0 means the field covers the whole face. ``palette`` maps the four
    colours and "black" to BGR.
    """

    plastic: tuple[int, int, int] = (238, 240, 242)
    inset: float = 0.06
    field_radius: float = 0.16
    edge_radius: float = 0.12
    palette: dict[str, tuple[int, int, int]] | None = None
    glyph_color: tuple[int, int, int] = (250, 250, 250)
    font: int = cv2.FONT_HERSHEY_DUPLEX
    stroke: float = 0.16
    italic: bool = False
    glyph_size: float = 0.58
    outline: bool = False
    underline_six: bool = True
    emblem: str = "disc"
    emblem_angle: float = 0.0

    def color(self, name: str) -> tuple[int, int, int]:
        palette = self.palette or BASE_PALETTE
        return tuple(int(c) for c in palette.get(name, BASE_PALETTE[name]))  # type: ignore[return-value]


def random_die_style(rng: np.random.Generator) -> DieStyle:
    """A plausible dice set: every attribute drawn independently from a realistic range."""
    palette = {}
    for name, bgr in BASE_PALETTE.items():
        if name == "black":
            v = int(rng.integers(14, 48))
            palette[name] = (v, v, v + int(rng.integers(0, 5)))
        else:
            palette[name] = jitter_color(rng, bgr, hue=4.0, sat=0.15, val=0.16)
    body = rng.random()
    if body < 0.7:  # white or ivory plastic
        v = int(rng.integers(215, 250))
        plastic = (v - int(rng.integers(0, 20)), v - int(rng.integers(0, 8)), v)
    elif body < 0.85:
        v = int(rng.integers(20, 50))
        plastic = (v, v, v)
    else:
        v = int(rng.integers(120, 180))
        plastic = (v, v, v + int(rng.integers(0, 10)))
    inset = 0.0 if rng.random() < 0.3 else float(rng.uniform(0.03, 0.1))
    g = int(rng.integers(225, 256))
    return DieStyle(
        plastic=plastic,
        inset=inset,
        field_radius=float(rng.uniform(0.05, 0.22)),
        edge_radius=float(rng.uniform(0.08, 0.18)),
        palette=palette,
        glyph_color=(g - int(rng.integers(0, 15)), g - int(rng.integers(0, 6)), g),
        font=FONTS[int(rng.integers(len(FONTS)))],
        stroke=float(rng.uniform(0.11, 0.2)),
        italic=bool(rng.random() < 0.25),
        glyph_size=float(rng.uniform(0.48, 0.66)),
        outline=bool(rng.random() < 0.3),
        underline_six=bool(rng.random() < 0.5),
        emblem=EMBLEMS[int(rng.integers(len(EMBLEMS)))],
        emblem_angle=float(rng.uniform(-40, 40)),
    )


def _glyph(face: DieFace, style: DieStyle, height: float) -> np.ndarray:
    """The white mark of a coloured face (or the "+4" of a wild draw 4), as a 0/255 mask."""
    stroke = style.stroke
    if face.kind == NUMBER:
        piece = glyphs.text_mask(str(face.number), style.font, height, stroke, style.italic)
        if face.number == 6 and style.underline_six:
            bar = np.full((max(2, int(round(height * stroke * 0.9))), max(2, int(piece.shape[1] * 0.85))),
                          255, np.uint8)
            piece = glyphs.stack_vertical(piece, bar, max(2, int(round(height * 0.08))))
        return piece
    if face.kind == SKIP:
        return glyphs.skip_mask(height * 1.05, stroke * 0.9)
    if face.kind == REVERSE:
        return glyphs.reverse_mask(height * 0.95, stroke * 0.9)
    text = "+2" if face.kind == DRAW2 else "+4"
    return glyphs.text_mask(text, style.font, height * 0.8, stroke, style.italic,
                            max_width=height * 1.35)


def _emblem(img: np.ndarray, style: DieStyle, c: float, r: float, ss: int) -> None:
    """The wild's four colours around the face's centre ``c`` with radius ``r``."""
    colors = [style.color(n) for n in WILD_QUARTERS]
    if style.emblem == "squares":
        q = r * 0.62
        gap = max(1.0, r * 0.08)
        for i, (dx, dy) in enumerate(((-1, -1), (1, -1), (1, 1), (-1, 1))):
            x0 = c + (gap / 2 if dx > 0 else -gap / 2 - q)
            y0 = c + (gap / 2 if dy > 0 else -gap / 2 - q)
            cv2.rectangle(img, (int(round(x0)), int(round(y0))), (int(round(x0 + q)), int(round(y0 + q))),
                          colors[i], -1, cv2.LINE_8)
        return
    axes = (int(round(r)), int(round(r if style.emblem == "disc" else r * 0.7)))
    angle = style.emblem_angle if style.emblem == "oval" else 0.0
    centre = (int(round(c)), int(round(c)))
    for i, start in enumerate((180, 270, 0, 90)):
        cv2.ellipse(img, centre, axes, angle, start, start + 90, colors[i], -1, cv2.LINE_8)
    if ss:
        cv2.ellipse(img, centre, axes, angle, 0, 360, (245, 245, 245), max(1, ss), cv2.LINE_8)


def _paint(img: np.ndarray, mask: np.ndarray, color: tuple[int, int, int]) -> None:
    img[mask > 0] = color


def render_die_face(label: str, style: DieStyle, size: int = 64) -> np.ndarray:
    """The face ``label`` (a die face label: red-3, blue-skip, wild, ...) as a ``size`` x
    ``size`` BGR image, upright: its top-left corner is the face's own top-left."""
    face = DieFace.from_label(label)
    ss = 3 if size < 64 else 2
    n = size * ss
    img = np.empty((n, n, 3), np.uint8)
    img[:] = style.plastic
    field = np.zeros((n, n), np.uint8)
    inset = style.inset * n
    rounded_rect(field, inset, inset, n - 1 - inset, n - 1 - inset,
                 max(style.field_radius * n, 1.0) if style.inset > 0 else style.edge_radius * n * 0.5)
    _paint(img, field, style.color("black" if face.is_wild else face.color))
    c = (n - 1) / 2
    height = style.glyph_size * n
    outline_px = max(1, int(round(n * 0.025)))
    if face.is_wild:
        r = (n - 2 * inset) * (0.36 if face.kind == WILD else 0.38)
        _emblem(img, style, c, r, outline_px if style.outline else 0)
    if face.kind != WILD:
        mark = np.zeros((n, n), np.uint8)
        glyphs.paste(mark, _glyph(face, style, height * (0.72 if face.is_wild else 1.0)), (c, c))
        if style.outline or face.is_wild:
            k = 2 * outline_px + 1
            ring = cv2.dilate(mark, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
            _paint(img, ring, (20, 20, 22))
        _paint(img, mark, style.glyph_color)
    return cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA)


def face_outline(size: int, radius: float) -> np.ndarray:
    """A square face's coverage (0..255, uint8) with corners rounded by ``radius`` (share of
    the side): a die's rounded corners let what lies behind show through."""
    ss = 4
    n = size * ss
    mask = np.zeros((n, n), np.uint8)
    rounded_rect(mask, 0, 0, n - 1, n - 1, max(1.0, radius * n))
    return cv2.resize(mask, (size, size), interpolation=cv2.INTER_AREA)


def edge_shading(size: int, width: float, strength: float) -> np.ndarray:
    """A float32 size x size gain: 1 in the middle, falling by ``strength`` towards the
    border over ``width`` (share of the side), as a rounded edge turns away from the light."""
    t = (np.arange(size, dtype=np.float32) + 0.5) / size
    d = np.minimum(t, 1 - t) / max(width, 1e-3)
    ramp = np.clip(d, 0, 1)
    ramp = 1 - strength * (1 - np.sin(ramp * math.pi / 2))
    return np.minimum.outer(ramp, ramp).astype(np.float32)
