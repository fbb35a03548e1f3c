"""Simple cards drawn with OpenCV for the recogniser's unit tests (not the synthetic renderer:
each stage is checked on an image whose truth is obvious)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.colour import DEFAULT_HUES, ColourParams
from vision.face import FaceParams, read_face
from vision.geometry import CardGeometry, warp_card
from vision.grey_ink import ink_strength
from vision import templates
from vision.synthetic.scene import Scene, make_scene, scene_plan

INKS = {"red": (40, 30, 215), "yellow": (0, 210, 250), "green": (70, 160, 50),
        "blue": (190, 110, 0), "black": (30, 28, 26)}


def draw_card(colour: str = "red", digit: str = "7", width: int = 224, border: float = 0.047,
              design: str = "disc") -> np.ndarray:
    """A flat card face: white border, coloured field, white centre, the digit in the ink."""
    height = round(width * 87 / 56)
    ink = INKS[colour]
    card = np.full((height, width, 3), 246, np.uint8)
    b = round(border * width)
    cv2.rectangle(card, (b, b), (width - 1 - b, height - 1 - b), ink, -1)
    if design == "disc":
        cv2.circle(card, (width // 2, height // 2), int(0.38 * width), (246, 246, 246), -1)
    else:
        cv2.ellipse(card, (width // 2, height // 2), (int(0.3 * width), int(0.5 * width)), 35, 0, 360,
                    (246, 246, 246), -1)
    if digit:
        scale = width / 70
        (tw, th), _ = cv2.getTextSize(digit, cv2.FONT_HERSHEY_DUPLEX, scale, max(2, width // 22))
        cv2.putText(card, digit, (width // 2 - tw // 2, height // 2 + th // 2), cv2.FONT_HERSHEY_DUPLEX,
                    scale, ink, max(2, width // 22), cv2.LINE_AA)
    return card


def place(card: np.ndarray, angle: float = 20.0, centre=(320, 240), scale: float = 0.6,
          background=(60, 90, 60), size=(640, 480)) -> tuple[np.ndarray, np.ndarray]:
    """The card rotated and scaled onto a plain table; returns (frame, card corners TL,TR,BR,BL)."""
    w, h = size
    frame = np.empty((h, w, 3), np.uint8)
    frame[:] = background
    ch, cw = card.shape[:2]
    m = cv2.getRotationMatrix2D((cw / 2, ch / 2), angle, scale)
    m[:, 2] += np.array(centre, float) - np.array([cw / 2, ch / 2])
    warped = cv2.warpAffine(card, m, (w, h))
    mask = cv2.warpAffine(np.full((ch, cw), 255, np.uint8), m, (w, h))
    frame[mask > 127] = warped[mask > 127]
    corners = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32)
    corners = (np.hstack([corners, np.ones((4, 1), np.float32)]) @ m.T).astype(np.float32)
    return frame, corners


def lay(frame: np.ndarray, card: np.ndarray, angle: float, centre, scale: float = 0.5) -> np.ndarray:
    """``card`` laid over a copy of ``frame`` (rotated ``angle`` degrees, scaled, centred at
    ``centre``): a pile built card by card, the last laid on top."""
    ch, cw = card.shape[:2]
    m = cv2.getRotationMatrix2D((cw / 2, ch / 2), angle, scale)
    m[:, 2] += np.array(centre, float) - np.array([cw / 2, ch / 2])
    h, w = frame.shape[:2]
    warped = cv2.warpAffine(card, m, (w, h))
    mask = cv2.warpAffine(np.full((ch, cw), 255, np.uint8), m, (w, h))
    out = frame.copy()
    out[mask > 127] = warped[mask > 127]
    return out


def glare(card: np.ndarray, centre: tuple[float, float], radius: float, strength: float) -> np.ndarray:
    """A specular highlight added to the card: a soft, colourless spot (clipped at 255, as a
    camera clips it). ``centre`` and ``radius`` are shares of the card's width."""
    h, w = card.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = (xs - centre[0] * w) ** 2 + (ys - centre[1] * w) ** 2
    spot = np.clip(255 * strength * np.exp(-r2 / (2 * (radius * w) ** 2)), 0, 255).astype(np.uint8)
    return cv2.add(card, cv2.merge([spot, spot, spot]))


def same_quad(a: np.ndarray, b: np.ndarray, tolerance: float) -> bool:
    """Do two clockwise quads have the same corners (in the same order), within tolerance px?"""
    return bool(np.abs(np.asarray(a) - np.asarray(b)).max() <= tolerance)


def on_canvas(mask, size=(112, 174)):
    """A mark centred on an empty flattened card, as the face reader cuts it out."""
    w, h = size
    canvas = np.zeros((h, w), np.uint8)
    mh, mw = mask.shape
    scale = min(0.7 * w / mw, 0.45 * h / mh)
    mark = cv2.resize(mask, (max(1, int(mw * scale)), max(1, int(mh * scale))), interpolation=cv2.INTER_AREA)
    mark = np.where(mark > 100, 255, 0).astype(np.uint8)
    y, x = (h - mark.shape[0]) // 2, (w - mark.shape[1]) // 2
    canvas[y:y + mark.shape[0], x:x + mark.shape[1]] = mark
    return canvas


def corner_window(text: str, style, size=(48, 52)) -> np.ndarray:
    """A corner's white marks: the index ``text`` drawn in ``style`` (templates.TemplateStyle),
    upright, in a window of ``size`` (width, height)."""
    w, h = size
    window = np.zeros((h, w), np.uint8)
    mark = templates.text(text, style, 20)
    mh, mw = mark.shape
    window[4:4 + mh, 4:4 + mw] = mark[:h - 4, :w - 4]
    return window


def read_drawn(card: np.ndarray, face: FaceParams | None = None, colour: ColourParams | None = None):
    """The face of a card drawn large (the whole image is the card), flattened to the
    reader's 112 px width as flatten() warps it."""
    h, w = card.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    flat = warp_card(card, corners, (112, round(112 * 87 / 56)))
    return read_face(flat, CardGeometry(), DEFAULT_HUES, face or FaceParams(), colour or ColourParams())


# A red mark printed on white paper, heavy and blurred, as the dare-number tests need it.
PAPER, RED = (235, 235, 235), (40, 40, 200)


def heavy(text: str, font: int = cv2.FONT_HERSHEY_SIMPLEX, weight: int = 2, height: int = 26) -> np.ndarray:
    """``text`` printed heavy: a Hershey face thickened by ``weight`` pixels each side (the
    same on OpenCV 4 and 5: the templates draw with a pen of at most two pixels)."""
    glyph = templates.text(text, templates.TemplateStyle(font, 0.1, False), height)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (weight + 1, weight + 1))
    return cv2.dilate(np.pad(glyph, 10 + weight), disc)


def printed(mask: np.ndarray, sigma: float, ink=RED) -> np.ndarray:
    """``mask`` printed in ``ink`` on white paper and blurred by ``sigma`` pixels (BGR)."""
    card = np.full(mask.shape + (3,), PAPER, np.float32)
    card[mask > 127] = ink
    return np.clip(cv2.GaussianBlur(card, (0, 0), sigma), 0, 255).astype(np.uint8)


def ink_cut(card: np.ndarray, share: float) -> np.ndarray:
    """The card's ink where its strength reaches ``share`` of the strongest (0/255)."""
    strength = ink_strength(card, False)
    return (strength >= share * strength.max()).astype(np.uint8) * 255


def fat_cut(card: np.ndarray, share: float = 0.15) -> tuple[np.ndarray, np.ndarray]:
    """A cut low on the ink's edge, as a hue-and-saturation cut takes a blurred fringe in:
    the ink's line (its rows) and the ink strength over the same rows."""
    strength = ink_strength(card, False)
    ink = (strength >= share * strength.max()).astype(np.uint8) * 255
    ys = np.flatnonzero(ink.any(axis=1))
    return ink[ys[0]:ys[-1] + 1], strength[ys[0]:ys[-1] + 1]


def dare_mark(digits: np.ndarray) -> np.ndarray:
    """A dare's centre mark: the number's mask ``digits`` over the word DARE (0/255)."""
    word = templates.text("DARE", templates.TemplateStyle(cv2.FONT_HERSHEY_SIMPLEX, 0.1, False), 14)
    w = max(word.shape[1], digits.shape[1]) + 20
    mark = np.zeros((digits.shape[0] + word.shape[0] + 30, w), np.uint8)
    x = (w - digits.shape[1]) // 2
    mark[5:5 + digits.shape[0], x:x + digits.shape[1]] = digits
    x = (w - word.shape[1]) // 2
    mark[digits.shape[0] + 8:digits.shape[0] + 8 + word.shape[0], x:x + word.shape[1]] = word
    return mark


def centre_oval(w: int = 112, h: int = 174) -> np.ndarray:
    """A flattened card's white centre (w x h): the oval's mask."""
    centre = np.zeros((h, w), np.uint8)
    cv2.ellipse(centre, (w // 2, h // 2), (44, 66), 0, 0, 360, 255, -1)
    return centre > 0


def centre_digit_ink(digit: str, w: int = 112, h: int = 174) -> np.ndarray:
    """The centre's ink: ``digit`` printed big in the oval's middle (0/255)."""
    ink = np.zeros((h, w), np.uint8)
    cv2.putText(ink, digit, (w // 2 - 22, h // 2 + 24), cv2.FONT_HERSHEY_DUPLEX, 2.0, 255, 6,
                cv2.LINE_AA)
    return np.where(ink > 127, 255, 0).astype(np.uint8)


def wild_card(field_bgr=None, width: int = 448) -> np.ndarray:
    """A drawn wild card: its black field (or ``field_bgr``, the black as a lamp tints it)
    with the four colours filling its middle."""
    card = draw_card("black", "", width=width)
    h, w = card.shape[:2]
    for k, colour in enumerate(("red", "yellow", "green", "blue")):
        y0, x0 = (k // 2) * h // 2, (k % 2) * w // 2
        part = card[y0:y0 + h // 2, x0:x0 + w // 2]
        disc = np.hypot(*np.mgrid[y0:y0 + h // 2, x0:x0 + w // 2] - np.array([h / 2, w / 2])[:, None, None])
        part[disc < 0.38 * w] = INKS[colour]
    if field_bgr is not None:
        card[(card == INKS["black"]).all(axis=2)] = field_bgr
    return card


def drawn_dare_faces(rng: np.random.Generator, count: int, most_blur: float = 2.0):
    """``count`` drawn dares (each deck's own style: ``random_style``), half of them turned
    round, a third blurred by up to ``most_blur`` px, each read as :func:`read_drawn` reads
    it: yields (label, face). ``rng`` is drawn from in that order, so a caller may draw from
    it between the faces."""
    from companion.engine.cards import all_labels
    from vision.synthetic import random_style, render_card

    dares = [label for label in all_labels() if "dare" in label]
    for _ in range(count):
        label = dares[int(rng.integers(len(dares)))]
        image, _ = render_card(label, random_style(rng), width=224)
        if rng.random() < 0.5:
            image = image[::-1, ::-1].copy()
        if rng.random() < 0.3:
            image = cv2.GaussianBlur(image, (0, 0), float(rng.uniform(0.8, most_blur)))
        yield label, read_drawn(image)


def dev_scene(seed: int, index: int) -> Scene:
    """Scene ``index`` of ``bench vision --seed seed`` as the benchmark draws it (the plan is
    made in order, so its first index + 1 entries are those of any longer set)."""
    kind, label, extra = scene_plan(seed, index + 1)[index]
    return make_scene(np.random.default_rng([seed, index]), kind, label=label, **extra)
