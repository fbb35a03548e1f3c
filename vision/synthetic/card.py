"""Card faces and backs, drawn at two or three times the asked size and shrunk (anti-aliasing).

A face is 56 x 87 mm in proportion: rounded outline, a white border around the coloured field,
the classic tilted white oval or the newer white centre disc, the big symbol in the card's
colour with a black outline and shadow, small white symbols in the top-left and (turned
180 degrees) bottom-right corners, and on some decks the colour-blind shape beside them.
"""

from __future__ import annotations

import dataclasses
import math
import zlib

import cv2
import numpy as np

from companion.engine.cards import COLOR_SHAPES, NUMBER, REVERSE, SKIP, WILD_DARE, Card

from . import glyphs
from .style import CardStyle

#: Height over width of a real card (87 mm / 56 mm).
CARD_ASPECT = 87.0 / 56.0

#: Wild card oval quadrants, clockwise from the top-left, as classic wilds print them.
WILD_QUADRANTS: tuple[str, ...] = ("red", "blue", "green", "yellow")


def card_height(width: int) -> int:
    """Height in px of a card ``width`` px wide."""
    return int(round(width * CARD_ASPECT))


def rounded_rect(mask: np.ndarray, x0: float, y0: float, x1: float, y1: float, r: float,
                 value: int = 255) -> None:
    """Fill a rectangle with corners rounded by ``r`` into ``mask``."""
    x0, y0, x1, y1 = (int(round(v)) for v in (x0, y0, x1, y1))
    r = int(round(max(1.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))))
    cv2.rectangle(mask, (x0 + r, y0), (x1 - r, y1), value, -1)
    cv2.rectangle(mask, (x0, y0 + r), (x1, y1 - r), value, -1)
    for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x1 - r, y1 - r), (x0 + r, y1 - r)):
        cv2.circle(mask, (cx, cy), r, value, -1, cv2.LINE_8)


def _supersampling(width: int) -> int:
    return 2 if width >= 80 else 3 if width >= 40 else 4


def _disc(kernel_radius: int) -> np.ndarray:
    k = 2 * max(1, kernel_radius) + 1
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))


def _ink(img: np.ndarray, mask: np.ndarray, color: tuple[int, int, int]) -> None:
    """Paint ``color`` into ``img`` (or a view of it) where ``mask`` is nonzero, in place."""
    cv2.subtract(img, img, dst=img, mask=mask)
    cv2.add(img, (int(color[0]), int(color[1]), int(color[2]), 0), dst=img, mask=mask)


def _shift(mask: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """``mask`` moved by whole pixels, zeros shifted in."""
    out = np.zeros_like(mask)
    h, w = mask.shape
    if abs(dx) >= w or abs(dy) >= h:
        return out
    out[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = \
        mask[max(-dy, 0):h - max(dy, 0), max(-dx, 0):w - max(dx, 0)]
    return out


def _outline_mask(fill: np.ndarray, outline_px: int, shadow: tuple[int, int]) -> np.ndarray:
    """Where the dark ink goes around ``fill``: its outline (fill grown by ``outline_px``)
    and its shadow (that outline shifted by ``shadow`` (dx, dy) px)."""
    ring = cv2.dilate(fill, _disc(outline_px)) if outline_px > 0 else fill
    dx, dy = shadow
    if not (dx or dy):
        return ring
    return cv2.max(ring, _shift(ring, dx, dy))


def _stamp(img: np.ndarray, piece: np.ndarray, center: tuple[float, float],
           color: tuple[int, int, int], outline_px: int, shadow: tuple[int, int],
           dark: tuple[int, int, int]) -> None:
    """Print ``piece`` (a cropped mask) centred at ``center`` in ``color``, over a dark
    outline and shadow; all work is done in the piece's own small window."""
    pad = outline_px + max(abs(shadow[0]), abs(shadow[1])) + 2
    local = cv2.copyMakeBorder(piece, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    dark_mask = _outline_mask(local, outline_px, shadow)
    lh, lw = local.shape
    x0 = int(round(center[0] - piece.shape[1] / 2)) - pad
    y0 = int(round(center[1] - piece.shape[0] / 2)) - pad
    cx0, cy0 = max(x0, 0), max(y0, 0)
    cx1, cy1 = min(x0 + lw, img.shape[1]), min(y0 + lh, img.shape[0])
    if cx1 <= cx0 or cy1 <= cy0:
        return
    window = img[cy0:cy1, cx0:cx1]
    cut = (slice(cy0 - y0, cy1 - y0), slice(cx0 - x0, cx1 - x0))
    _ink(window, dark_mask[cut], dark)
    _ink(window, local[cut], color)


def _symbol(card: Card, style: CardStyle, height: float, stroke: float,
            max_width: float, corner: bool) -> np.ndarray:
    """The mark that tells this card from the others, as a cropped mask ``height`` px tall."""
    font, italic = style.font, style.italic
    if card.kind == NUMBER:
        return glyphs.fit(glyphs.digit_mask(card.number, font, height, stroke, italic),
                          max_width, height * 1.3)
    if card.kind == SKIP:
        return glyphs.skip_mask(height, stroke * 0.9, slash_up=style.seed % 2 == 0)
    if card.kind == REVERSE:
        return glyphs.reverse_mask(height * 1.05, stroke * 0.8, bent=style.seed % 3 == 0)
    number = "" if card.number is None else str(card.number)
    if corner:
        if not number:
            return glyphs.text_mask("D", font, height, stroke, italic)
        text = ("#" + number) if style.dare_layout == "hash" else number
        mark = glyphs.text_mask(text, font, height, stroke, italic, max_width=max_width)
        if style.corner_word:
            word = glyphs.text_mask(style.dare_word, font, height * 0.35, stroke * 1.2, italic,
                                    max_width=max_width)
            mark = glyphs.stack_vertical(word, mark, max(2, int(height * 0.12)))
        return mark
    word = glyphs.text_mask(style.dare_word, font, height * 0.34, stroke * 1.1, italic,
                            max_width=max_width)
    if not number:
        return word
    if style.dare_layout == "hash":
        big = glyphs.text_mask("#" + number, font, height * 0.62, stroke, italic,
                               max_width=max_width)
        return glyphs.stack_vertical(big, word, int(height * 0.1))
    big = glyphs.text_mask(number, font, height * 0.62, stroke, italic, max_width=max_width)
    gap = int(height * 0.1)
    if style.dare_layout == "word_below":
        return glyphs.stack_vertical(big, word, gap)
    return glyphs.stack_vertical(word, big, gap)


def _oval_axes(style: CardStyle, w: int, h: int) -> tuple[int, int]:
    """Semi-axes of the classic tilted oval, shrunk if needed to stay inside the field."""
    a1, a2 = 0.36 * w * style.oval_size, 0.62 * w * style.oval_size
    phi = math.radians(style.oval_angle)
    half_w = math.hypot(a1 * math.cos(phi), a2 * math.sin(phi))
    half_h = math.hypot(a1 * math.sin(phi), a2 * math.cos(phi))
    room_w, room_h = w / 2 - style.border * w - 0.012 * w, h / 2 - style.border * w - 0.012 * w
    f = min(1.0, room_w / half_w, room_h / half_h)
    return int(round(a1 * f)), int(round(a2 * f))


def _paint_centre(img: np.ndarray, style: CardStyle, wild: bool) -> float:
    """Paint the white oval (classic) or disc (newer design), split into the four colours on
    a wild card; return the width the big symbol may take."""
    h, w = img.shape[:2]
    centre = (w // 2, h // 2)
    if style.design == "disc":
        r = int(round(min(0.40 * style.oval_size, 0.5 - style.border - 0.015) * w))
        axes, angle, room = (r, r), 0.0, 1.45 * r
    else:
        axes, angle, room = _oval_axes(style, w, h), style.oval_angle, 0.78 * w
    if not wild:
        cv2.ellipse(img, centre, axes, angle, 0, 360, style.paper, -1, cv2.LINE_8)
        return room
    for q, name in enumerate(WILD_QUADRANTS):
        start = 180 + 90 * q
        cv2.ellipse(img, centre, axes, angle, start, start + 90, style.color(name), -1,
                    cv2.LINE_8)
    return room


def _corner_marks(card: Card, style: CardStyle, w: int, h: int) -> np.ndarray:
    """The top-left corner's symbol and colour-blind shape, as a mask of the card's top-left
    window (a third of the card each way)."""
    b = style.border * w
    layer = np.zeros((int(h * 0.36), int(w * 0.42)), np.uint8)
    sym_h = 0.105 * h * style.symbol_size
    mark = _symbol(card, style, sym_h, 0.15 * style.thickness_scale, 0.22 * w, corner=True)
    left, top = b + 0.055 * w, b + 0.045 * w
    centre = (left + mark.shape[1] / 2, top + mark.shape[0] / 2)
    glyphs.paste(layer, mark, centre)
    if style.shapes:
        below = top + mark.shape[0] + 0.05 * w
        if card.kind == WILD_DARE:
            s = 0.05 * w
            for i, name in enumerate(WILD_QUADRANTS):
                piece = glyphs.shape_mask(COLOR_SHAPES[name], s)
                px = left + s * 0.6 + (i % 2) * s * 1.3
                py = below + s * 0.6 + (i // 2) * s * 1.3
                glyphs.paste(layer, piece, (px, py))
        else:
            s = 0.08 * w
            piece = glyphs.shape_mask(COLOR_SHAPES[card.color], s)
            glyphs.paste(layer, piece, (centre[0], below + s / 2))
    return layer


def _print_corners(img: np.ndarray, corner: np.ndarray, style: CardStyle) -> None:
    """Print the corner marks top-left and, turned 180 degrees, bottom-right."""
    h, w = img.shape[:2]
    outline_px = max(1, int(round(0.006 * w)))
    d = int(round(0.008 * w)) if style.shadow > 0.01 else 0
    dark_mask = _outline_mask(corner, outline_px, (-d, d))
    ch, cw = corner.shape
    dark = style.color("black")
    corners = ((img[:ch, :cw], lambda m: m), (img[h - ch:, w - cw:], lambda m: m[::-1, ::-1]))
    for window, turn in corners:
        _ink(window, np.ascontiguousarray(turn(dark_mask)), dark)
        _ink(window, np.ascontiguousarray(turn(corner)), style.paper)


def _faded(style: CardStyle) -> CardStyle:
    """The deck's inks faded towards the paper by its wear (a worn deck looks paler)."""
    if style.wear <= 0.02:
        return style
    k = style.wear * 0.18
    paper = np.array(style.paper, np.float64)
    palette = {name: tuple(int(round(c + (p - c) * k)) for c, p in zip(style.color(name), paper))
               for name in ("red", "yellow", "green", "blue", "black")}
    return dataclasses.replace(style, palette=palette)


def _wear(img: np.ndarray, alpha: np.ndarray, style: CardStyle, label: str) -> None:
    """Scuff the surface in place: pale scratches inside the outline, more of them the more
    worn the deck; where they fall follows from the style's seed and the label."""
    rng = np.random.default_rng([style.seed, zlib.crc32(label.encode())])
    h, w = img.shape[:2]
    n = int(style.wear * 10)
    x0, y0 = rng.random(n) * w, rng.random(n) * h
    ang, length = rng.random(n) * math.pi, (0.02 + 0.12 * rng.random(n)) * w
    x1, y1 = x0 + length * np.cos(ang), y0 + length * np.sin(ang)
    strength = (110 + 120 * rng.random(n)).astype(int)
    scratches = np.zeros((h, w), np.uint8)
    for i in range(n):
        cv2.line(scratches, (int(x0[i]), int(y0[i])), (int(x1[i]), int(y1[i])),
                 int(strength[i]), 1, cv2.LINE_AA)
    _, inner = cv2.threshold(alpha, 254, 255, cv2.THRESH_BINARY)
    scratches = cv2.bitwise_and(scratches, inner)
    weight = cv2.merge([scratches, scratches, scratches])
    paper = np.empty_like(img)
    cv2.rectangle(paper, (0, 0), (w, h), style.paper, -1)
    img[:] = cv2.add(cv2.multiply(img, cv2.bitwise_not(weight), scale=1 / 255),
                     cv2.multiply(paper, weight, scale=1 / 255))


def _blank(style: CardStyle, width: int, field_color: tuple[int, int, int],
           supersample: int | None = None) -> tuple[np.ndarray, np.ndarray, int]:
    """A supersampled card: paper border, coloured field; its outline mask; the factor."""
    ss = supersample or _supersampling(width)
    w, h = width * ss, card_height(width) * ss
    img = np.zeros((h, w, 3), np.uint8)
    rounded_rect(img, 0, 0, w - 1, h - 1, style.corner_radius * w, style.paper)
    outer = np.zeros((h, w), np.uint8)
    rounded_rect(outer, 0, 0, w - 1, h - 1, style.corner_radius * w)
    b = style.border * w
    r_in = max(style.corner_radius * w - b * 0.6, style.corner_radius * w * 0.35)
    rounded_rect(img, b, b, w - 1 - b, h - 1 - b, r_in, field_color)
    return img, outer, ss


def _finish(img: np.ndarray, outer: np.ndarray, style: CardStyle, width: int,
            wear_key: str) -> tuple[np.ndarray, np.ndarray]:
    size = (width, card_height(width))
    face = cv2.resize(img, size, interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(outer, size, interpolation=cv2.INTER_AREA)
    if style.wear > 0.02:
        _wear(face, alpha, style, wear_key)
    return face, alpha


def _straight(face: np.ndarray, alpha: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A premultiplied face as a plain one with a 0/255 mask, black outside."""
    mask = np.where(alpha >= 128, 255, 0).astype(np.uint8)
    edge = (alpha > 0) & (alpha < 255)
    out = face.copy()
    out[edge] = np.clip(face[edge].astype(np.float32) * 255.0 / alpha[edge, None], 0, 255)
    out[mask == 0] = 0
    return out, mask


def render_card_soft(label: str, style: CardStyle, width: int = 224,
                     supersample: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The face, premultiplied by its anti-aliased coverage (black outside the rounded
    outline, darkened in proportion along it), and that coverage (0-255), for compositing.
    ``supersample`` (default 2-4 by size) trades smooth edges for speed: 1 for cards
    mostly hidden under others."""
    card = Card.from_label(label)
    style = _faded(style)
    wild = card.kind == WILD_DARE
    img, outer, _ = _blank(style, width, style.color("black" if wild else card.color),
                           supersample)
    h, w = img.shape[:2]
    room = _paint_centre(img, style, wild)

    dark = style.color("black")
    outline_px = int(round(0.012 * w)) if style.outline else 0
    if wild:
        outline_px = max(outline_px, int(round(0.01 * w)))
    d = int(round(style.shadow * w * 0.7))
    big_h = (0.33 if style.design == "classic" else 0.27) * h * style.symbol_size
    if card.is_dare:
        big_h *= 1.1
    mark = _symbol(card, style, big_h, 0.12 * style.thickness_scale, room, corner=False)
    mark = glyphs.fit(mark, room, big_h * (1.25 if card.is_dare else 1.3))
    _stamp(img, mark, (w / 2, h / 2), style.paper if wild else style.color(card.color),
           outline_px, (-d, d), dark)
    _print_corners(img, _corner_marks(card, style, w, h), style)
    return _finish(img, outer, style, width, label)


def render_card(label: str, style: CardStyle, width: int = 224) -> tuple[np.ndarray, np.ndarray]:
    """The face of ``label`` in ``style``, upright portrait, ``width`` px wide.

    Returns (BGR uint8 HxWx3, mask uint8 HxW: 255 inside the rounded outline, 0 outside),
    H = round(width * 87 / 56). Pixels outside the outline are black.
    """
    return _straight(*render_card_soft(label, style, width))


def render_back_soft(style: CardStyle, width: int = 224,
                     supersample: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The card back (premultiplied) and its coverage: black field, red tilted oval, "UNO"."""
    style = _faded(style)
    img, outer, _ = _blank(style, width, style.color("black"), supersample)
    h, w = img.shape[:2]
    cv2.ellipse(img, (w // 2, h // 2), _oval_axes(style, w, h), 35, 0, 360, style.color("red"),
                -1, cv2.LINE_8)
    word = glyphs.text_mask("UNO", cv2.FONT_HERSHEY_TRIPLEX, 0.2 * w, 0.16, True)
    pad = word.shape[1] // 2
    word = cv2.copyMakeBorder(word, pad, pad, 0, 0, cv2.BORDER_CONSTANT, value=0)
    m = cv2.getRotationMatrix2D((word.shape[1] / 2, word.shape[0] / 2), 35, 1.0)
    word = glyphs.crop_ink(cv2.warpAffine(word, m, (word.shape[1], word.shape[0]),
                                          flags=cv2.INTER_NEAREST))
    d = int(0.02 * w)
    _stamp(img, glyphs.fit(word, 0.8 * w, 0.7 * h), (w / 2, h / 2), style.color("yellow"),
           int(0.012 * w), (-d, d), style.color("black"))
    return _finish(img, outer, style, width, "back")


def render_back(style: CardStyle, width: int = 224) -> tuple[np.ndarray, np.ndarray]:
    """The UNO card back, shaped and returned like ``render_card``."""
    return _straight(*render_back_soft(style, width))
