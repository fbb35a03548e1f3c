"""The default deck's marks, drawn in code: digits, skip, reverse, the dare word and numbers.

No image files: each mark is drawn with OpenCV's Hershey fonts in several faces, weights and
slants (printed decks differ in all three), as a binary mask like the ink the recogniser
cuts out of a card's centre. A taught profile replaces these with a real deck's own marks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

FONTS: tuple[int, ...] = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
)


@dataclass(frozen=True)
class TemplateStyle:
    """One way of printing the marks: font, stroke weight (share of the height), slant."""

    font: int
    stroke: float
    italic: bool


def template_styles() -> list[TemplateStyle]:
    """The faces, weights and slants the default profile covers."""
    return [TemplateStyle(f, s, i) for f in FONTS for s in (0.10, 0.17) for i in (False, True)]


def crop(mask: np.ndarray) -> np.ndarray:
    """``mask`` cut to the box of its ink (an empty mask stays as it is)."""
    pts = cv2.findNonZero(mask)
    if pts is None:
        return mask
    x, y, w, h = cv2.boundingRect(pts)
    return mask[y:y + h, x:x + w]


def text(label: str, style: TemplateStyle, height: int = 48) -> np.ndarray:
    """``label`` in ``style``, about ``height`` px tall, cropped to its ink."""
    (w1, h1), _ = cv2.getTextSize(label, style.font, 4.0, 1)
    scale = 4.0 * height / max(h1, 1)
    thickness = max(1, int(round(height * style.stroke)))
    (w, h), base = cv2.getTextSize(label, style.font, scale, thickness)
    pad = thickness + 4
    canvas = np.zeros((h + base + 2 * pad, w + 2 * pad), np.uint8)
    # A pen of at most two pixels, whatever the style's weight: that is what OpenCV 5 draws
    # (it draws every thicker pen as two) and what these templates were measured with; an
    # OpenCV 4 would otherwise draw them far bolder.
    cv2.putText(canvas, label, (pad, pad + h), style.font, scale, 255, min(thickness, 2), cv2.LINE_AA)
    if style.italic:
        shear = 0.2
        rows = canvas.shape[0]
        m = np.float32([[1, -shear, shear * rows], [0, 1, 0]])
        canvas = cv2.warpAffine(canvas, m, (canvas.shape[1] + int(math.ceil(shear * rows)), rows))
    return crop(canvas)


def stack(top: np.ndarray, bottom: np.ndarray, gap: int) -> np.ndarray:
    """Two masks one above the other, centred."""
    w = max(top.shape[1], bottom.shape[1])
    out = np.zeros((top.shape[0] + gap + bottom.shape[0], w), np.uint8)
    x = (w - top.shape[1]) // 2
    out[:top.shape[0], x:x + top.shape[1]] = top
    x = (w - bottom.shape[1]) // 2
    out[top.shape[0] + gap:, x:x + bottom.shape[1]] = bottom
    return out


def digit(n: int, style: TemplateStyle, height: int = 48) -> np.ndarray:
    """A card's big digit; 6 and 9 carry the underline that tells them apart upside down."""
    glyph = text(str(n), style, height)
    if n == 0:
        # Hershey's zero is slashed, a card's never is: the letter O squeezed to a zero's box.
        letter = text("O", style, height)
        glyph = cv2.resize(letter, (glyph.shape[1], glyph.shape[0]), interpolation=cv2.INTER_AREA)
    if n not in (6, 9):
        return glyph
    bar = np.full((max(2, int(round(height * style.stroke * 0.9))), int(glyph.shape[1] * 0.85)),
                  255, np.uint8)
    return stack(glyph, bar, max(2, int(round(height * 0.08))))


def skip(stroke: float, slash_up: bool, size: int = 48) -> np.ndarray:
    """A ring crossed by a slash."""
    t = max(2, int(round(size * stroke)))
    s = size + 2 * t
    canvas = np.zeros((s, s), np.uint8)
    c, r = s // 2, int(round(size / 2 - t / 2))
    cv2.circle(canvas, (c, c), r, 255, t, cv2.LINE_AA)
    d = int(round(r * math.cos(math.pi / 4)))
    sign = -1 if slash_up else 1
    cv2.line(canvas, (c - d, c - sign * d), (c + d, c + sign * d), 255, t, cv2.LINE_AA)
    return crop(canvas)


def reverse(stroke: float, rising: bool, size: int = 48) -> np.ndarray:
    """Two arrows side by side along a diagonal, pointing opposite ways."""
    s = int(size * 1.3)
    canvas = np.zeros((s, s), np.uint8)
    length, shaft = size * 0.78, max(3.0, size * stroke * 1.1)
    head_w, head_l = shaft * 2.6, shaft * 2.2
    x0, x1 = -length / 2, length / 2 - head_l
    arrow = np.array([(x0, -shaft / 2), (x1, -shaft / 2), (x1, -head_w / 2), (length / 2, 0),
                      (x1, head_w / 2), (x1, shaft / 2), (x0, shaft / 2)])
    angle = -math.pi / 4 if rising else math.pi / 4
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    normal = np.array([math.cos(angle + math.pi / 2), math.sin(angle + math.pi / 2)])
    for direction, side in ((1, -1), (-1, 1)):
        pts = (arrow * [direction, 1]) @ rot.T + normal * side * head_w * 0.45 + s / 2
        cv2.fillPoly(canvas, [np.round(pts).astype(np.int32)], 255, cv2.LINE_AA)
    return crop(canvas)


def reverse_loop(stroke: float, tilt: float, size: int = 48) -> np.ndarray:
    """Reverse as the classic deck prints it: two arrows each bent at a right angle round
    a square, pointing opposite ways, the square turned by ``tilt`` degrees."""
    s = size
    t = max(2, int(round(stroke * s)))
    canvas = np.zeros((2 * s, 2 * s), np.uint8)
    o, gap, head = s // 2, int(round(0.18 * s)), int(round(t * 1.4))
    path = np.array([(o, o + s - gap), (o, o), (o + s - gap - head, o)], np.int32)
    tip = np.array([o + s - gap, o])
    barb = np.array([(tip[0] - head, tip[1] - head), tip, (tip[0] - head, tip[1] + head)], np.int32)
    for pts in (path, 2 * o + s - path):  # the second arrow: the first turned half round
        cv2.polylines(canvas, [pts.astype(np.int32)], False, 255, t, cv2.LINE_AA)
    for pts in (barb, 2 * o + s - barb):
        cv2.fillPoly(canvas, [pts.astype(np.int32)], 255, cv2.LINE_AA)
    if tilt:
        m = cv2.getRotationMatrix2D((s, s), tilt, 1.0)
        canvas = cv2.warpAffine(canvas, m, (2 * s, 2 * s))
    return crop(canvas)


def blurred(mask: np.ndarray, sigma: float) -> np.ndarray:
    """``mask`` as a camera's blur and the ink threshold leave it: blurred by ``sigma``
    (a share of its height) and cut at half, so small bays and holes close and corners
    round off. Blurred ink is compared with blurred templates, not only with sharp ones."""
    pad = int(math.ceil(3 * sigma * mask.shape[0])) + 1
    big = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    soft = cv2.GaussianBlur(big.astype(np.float32), (0, 0), sigma * mask.shape[0])
    return crop(np.where(soft >= 127.5, 255, 0).astype(np.uint8))


def with_blur(items: list[tuple[str, np.ndarray]],
              sigmas: tuple[float, ...]) -> list[tuple[str, np.ndarray]]:
    """``items`` and each of them blurred by every one of ``sigmas`` (see :func:`blurred`)."""
    out = list(items)
    for sigma in sigmas:
        out += [(label, b) for label, b in ((label, blurred(m, sigma)) for label, m in items)
                if np.count_nonzero(b)]
    return out


#: Labels of a 6's and a 9's shape without its underline: rivals no card answers to (a 6
#: that lost its underline is a 9 upside down; only a corner index can then tell).
BARE: dict[str, str] = {"6": "6?", "9": "9?"}


def symbol_masks() -> list[tuple[str, np.ndarray]]:
    """(symbol, mask) for every whole centre mark but the dare's: digits, skip, reverse, and
    a 6 and a 9 without their underline (:data:`BARE`)."""
    out: list[tuple[str, np.ndarray]] = []
    for style in template_styles():
        out += [(str(n), digit(n, style)) for n in range(10)]
        out += [(bare, text(n, style)) for n, bare in BARE.items()]
    for font in FONTS:  # thin printings (an outline eats into the ink)
        for italic in (False, True):
            style = TemplateStyle(font, 0.06, italic)
            out += [(str(n), digit(n, style)) for n in range(10)]
    for stroke in (0.09, 0.15):
        for flag in (True, False):
            out.append(("skip", skip(stroke, flag)))
            out.append(("reverse", reverse(stroke, flag)))
    for tilt in (0.0, 45.0, -45.0):
        for stroke in (0.09, 0.15):
            out.append(("reverse", reverse_loop(stroke, tilt)))
    return out


DARE_WORDS: tuple[str, ...] = ("DARE", "DARE!")


def dare_masks() -> list[tuple[str, np.ndarray]]:
    """("dare", mask) for the dare card's centre as a whole: word above or below the number."""
    out: list[tuple[str, np.ndarray]] = []
    for style in template_styles()[::2]:
        for word in DARE_WORDS:
            w = text(word, style, 16)
            for number in ("3", "12", "#7", "#14"):
                big = text(number, style, 30)
                out.append(("dare", stack(w, big, 3)))
                out.append(("dare", stack(big, w, 3)))
    return out


def word_masks() -> list[tuple[str, np.ndarray]]:
    """("dare", mask) for the word alone, as the dare card's centre prints it."""
    return [("dare", text(word, style, 24)) for style in template_styles() for word in DARE_WORDS]


def word_parts() -> tuple[str, ...]:
    """The runs of three or more characters of the dare words (DAR, ARE, ARE!, RE!, and
    DARE as a part of DARE!): what is left of the word when glare or a pale print took
    one end of it."""
    parts = {word[a:b] for word in DARE_WORDS for a in range(len(word))
             for b in range(a + 3, len(word) + 1) if b - a < len(word)}
    return tuple(sorted(parts))


def word_part_masks() -> list[tuple[str, np.ndarray]]:
    """("dare", mask) for the dare word whole and for each of its :func:`word_parts`."""
    return [("dare", text(part, style, 24)) for style in template_styles()
            for part in DARE_WORDS + word_parts()]


def digit_masks() -> list[tuple[str, np.ndarray]]:
    """(character, mask) for the characters of a dare number: the digits and "#".

    A zero comes both plain and as the font draws it, slashed: a deck that sets its dare
    numbers in such a font prints the 10 with a slashed zero, which the plain oval's
    templates take for an 8 (read as no valid number).
    """
    out: list[tuple[str, np.ndarray]] = []
    for font in FONTS:
        for stroke in (0.08, 0.13, 0.19):
            for italic in (False, True):
                style = TemplateStyle(font, stroke, italic)
                out += [(ch, digit(int(ch), style, 32) if ch == "0" else text(ch, style, 32))
                        for ch in "0123456789#"]
                out.append(("0", text("0", style, 32)))
    return out
