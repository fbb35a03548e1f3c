"""Synthetic UNO Dice scenes: the centre die, a hand of dice shown at the end of a round, or
no die at all, as a camera 30-50 cm above the table sees them, with their truth.

Geometry: a pinhole camera tilted up to ``max_tilt`` from straight down; each die a cube
whose top face is ~25-45 px wide, its side faces in perspective (darker: the light comes from
above), a cast shadow. Then the card scenes' camera effects: light colour and fall-off, a
person's shadow, glare, blur, noise, colour response, JPEG; each recorded in
``DiceScene.conditions`` for per-condition benchmark figures.

Truth conventions:
- ``label`` is the top face of the die nearest the frame's centre (the centre die), or None
  in an empty scene; ``corners`` its top face's corners, image px, clockwise from the face's
  own top-left (where the picture's top-left is; rotationally symmetric marks such as skip
  still have one).
- ``dice`` holds every die's (label, corners); for a centre scene that is the centre die and
  any dice of the players' hands lying further out.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from companion.engine.dice_faces import DieFace, all_face_labels

from . import camera, tables
from .dice_cube import DiceCamera, DieLight, cast_shadow, draw_die, random_die_light
from .dice_face import DieStyle, random_die_style, render_die_face
from .dice_place import hand_clear_of, hand_pose, place_dice, silhouette, view_angle
from .hands import draw_hand
from .props import place_backs, place_props
from .style import random_style

__all__ = ["DICE_KINDS", "DICE_EMPTY_SORTS", "DiceScene", "DiceSceneParams", "DieStyle",
           "dice_scene_plan", "dice_scene_set", "make_dice_scene", "random_die_style",
           "render_die_face"]

DICE_KINDS: tuple[str, ...] = ("center", "hand", "empty")

#: The sorts of scene with no die: a bare table, a cloth in a die colour, card backs, hands
#: and fingers, things on the table (notes, coins, a phone, a pen).
DICE_EMPTY_SORTS: tuple[str, ...] = ("table", "cloth", "back", "hand", "objects")

TABLE_WEIGHTS: dict[str, float] = {"wood": 0.24, "cloth": 0.2, "checks": 0.1, "felt": 0.14,
                                   "white": 0.14, "dark": 0.12, "pattern": 0.06}

#: dice_scene_set's repeating block of 20 kinds: 2 empty, 15 centre, 3 hand.
MIX_BLOCK: tuple[str, ...] = ("empty",) * 2 + ("center",) * 15 + ("hand",) * 3

OVERRIDES: frozenset[str] = frozenset({
    "table", "cloth_color", "tilt", "light", "blur", "noise", "jpeg", "hand", "glare",
    "shadow", "empty", "dice", "others", "top_px", "params", "color", "backs", "props"})


@dataclass(frozen=True)
class DiceScene:
    """One camera frame and what is truly in it (see the module's truth conventions)."""

    image: np.ndarray
    label: str | None
    corners: np.ndarray | None
    dice: tuple[tuple[str, np.ndarray], ...]
    conditions: dict[str, str]


@dataclass(frozen=True)
class DiceSceneParams:
    """The ranges scenes are drawn from; pass ``params=DiceSceneParams(...)``."""

    size: tuple[int, int] = (640, 480)
    #: The top face's side seen from straight above, px.
    top_px: tuple[float, float] = (25.0, 45.0)
    #: Die side over camera distance: 16-20 mm seen from 30-50 cm.
    ratio: tuple[float, float] = (0.034, 0.065)
    max_tilt: float = 25.0
    #: How far from the frame's centre the centre die may lie (share of width / height).
    center_reach: float = 0.18
    hand_dice: tuple[int, int] = (1, 7)
    p_others: float = 0.2
    #: Dice beside the centre die lie at least this share of the width from the frame's
    #: centre (players' hands at the table's edge, not a second centre die).
    others_beyond: float = 0.34
    p_hand: float = 0.25
    p_glare: float = 0.25
    p_shadow: float = 0.3
    p_props: float = 0.1
    p_backs: float = 0.1
    p_jpeg: float = 0.75
    margin: float = 4.0
    table_scale: float = 0.4


def _pick(rng: np.random.Generator, weights: dict[str, float]) -> str:
    names = list(weights)
    p = np.array([weights[n] for n in names], np.float64)
    return names[int(rng.choice(len(names), p=p / p.sum()))]


def _table_frame(rng: np.random.Generator, kind: str, hom: np.ndarray,
                 params: DiceSceneParams, color: tuple[int, int, int] | None) -> np.ndarray:
    """The bare table: generated at ``table_scale`` over the part of the plane in view."""
    w, h = params.size
    seen = camera.project(np.linalg.inv(hom), np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float64))
    x0, y0 = np.clip(seen.min(axis=0), [-0.6 * w, -0.6 * h], [0, 0])
    x1, y1 = np.clip(seen.max(axis=0), [w, h], [1.6 * w, 1.6 * h])
    s = params.table_scale
    tw, th = int(math.ceil((x1 - x0) * s)) + 2, int(math.ceil((y1 - y0) * s)) + 2
    texture = tables.make_table(rng, kind, th, tw, s, color)
    to_table = np.array([[1 / s, 0, x0], [0, 1 / s, y0], [0, 0, 1]])
    return cv2.warpPerspective(texture, hom @ to_table, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT)


def _rotation_tag(quad: np.ndarray) -> str:
    """How far the top face is turned from the frame's axes: "square" within 15 degrees."""
    d = quad[1] - quad[0]
    a = math.degrees(math.atan2(d[1], d[0])) % 90
    return "square" if min(a, 90 - a) < 15 else "turned"


def _plastic_tag(style: DieStyle) -> str:
    v = sum(style.plastic) / 3
    return "light" if v > 200 else "dark" if v < 60 else "grey"


def make_dice_scene(rng: np.random.Generator, kind: str = "center", label: str | None = None,
                    style: DieStyle | None = None, **overrides) -> DiceScene:
    """One random scene of ``kind`` ("center", "hand" or "empty").

    ``label`` fixes the centre die's top face (centre scenes; else random), ``style`` the
    dice set's look. ``overrides`` pin a condition: table, cloth_color (BGR), tilt
    (degrees), light (warm|cold|neutral|dim|bright), blur (none|gauss|motion), noise
    (none|low|high), color (washed|normal|vivid), jpeg (quality or None), hand (fingers in
    view), glare (no|die|table), shadow, empty (one of DICE_EMPTY_SORTS), dice (how many in a
    hand), others (dice beside the centre die), top_px (the top face's side seen from above),
    params (DiceSceneParams).
    """
    unknown = set(overrides) - OVERRIDES
    if unknown:
        raise ValueError(f"unknown dice scene override(s) {sorted(unknown)}; known: {sorted(OVERRIDES)}")
    if kind not in DICE_KINDS:
        raise ValueError(f"unknown dice scene kind {kind!r}; choose one of {', '.join(DICE_KINDS)}")
    if kind != "center" and label is not None:
        raise ValueError(f"a {kind} scene takes no label")
    params: DiceSceneParams = overrides.get("params") or DiceSceneParams()
    size = params.size
    w, h = size
    labels = all_face_labels()
    if kind == "center":
        label = label if label is not None else labels[int(rng.integers(len(labels)))]
        DieFace.from_label(label)  # a bad label fails here, with the engine's message
    style = style or random_die_style(rng)

    top_px = float(overrides.get("top_px") or rng.uniform(*params.top_px))
    focal = float(np.clip(top_px / rng.uniform(*params.ratio), 380, 1400))
    tilt = float(overrides.get("tilt", rng.uniform(0, params.max_tilt)))
    cam = DiceCamera.tilted(tilt, rng.uniform(0, 360), rng.uniform(0, 360), focal, size)
    hom = cam.table_homography()
    cond = {"kind": kind, "perspective": "high" if tilt >= 12 else "low",
            "size": "small" if top_px < 35 else "large", "plastic": _plastic_tag(style)}

    sort = None
    cloth_color = overrides.get("cloth_color")
    if kind == "empty":
        sort = overrides.get("empty") or DICE_EMPTY_SORTS[int(rng.integers(len(DICE_EMPTY_SORTS)))]
        if sort not in DICE_EMPTY_SORTS:
            raise ValueError(f"unknown empty scene {sort!r}; choose one of {', '.join(DICE_EMPTY_SORTS)}")
        cond["empty"] = sort
    if sort == "cloth":
        table = "cloth"
        if cloth_color is None:
            names = list(tables.CARD_COLORED_CLOTHS)
            name = names[int(rng.integers(len(names)))]
            cloth_color = tables.CARD_COLORED_CLOTHS[name]
            cond["cloth"] = name
    else:
        table = overrides.get("table") or _pick(rng, TABLE_WEIGHTS)
        if table == "cloth" and cloth_color is None and rng.random() < 0.3:
            cloth_color = tuple(tables.CARD_COLORED_CLOTHS.values())[int(rng.integers(4))]
    cond["table"] = table
    frame = _table_frame(rng, table, hom, params, cloth_color)

    dice = [] if kind == "empty" else place_dice(rng, kind, cam, params, label, style, top_px,
                                                  overrides, labels)
    light: DieLight = random_die_light(rng)
    softness = float(rng.uniform(0.8, 3.0))
    for die in dice:
        cast_shadow(frame, cam, die, light, softness)
    eye = cam.position()
    quads: dict[int, np.ndarray] = {}
    for i in sorted(range(len(dice)), key=lambda j: -math.hypot(dice[j].center[0] - eye[0],
                                                                  dice[j].center[1] - eye[1])):
        quads[i] = draw_die(frame, cam, dice[i], light, rng)
    silhouettes = [silhouette(cam, d) for d in dice]
    truth = [(d.top, quads[i]) for i, d in enumerate(dice)]
    corners = truth[0][1] if truth else None
    if kind == "center":
        cond["others"] = str(len(dice) - 1)
    elif kind == "hand":
        cond["dice"] = str(len(dice))
        label = truth[0][0]
    if dice:  # of the die nearest the frame's centre
        cond["view"] = "steep" if view_angle(cam, dice[0]) < 15 else "oblique"
        cond["rotation"] = _rotation_tag(corners)

    backs = overrides.get("backs", sort == "back" or (kind != "empty" and rng.random() < params.p_backs))
    if backs:
        placed = False
        short = top_px * rng.uniform(1.6, 2.6)
        for _ in range(10):
            c = (rng.uniform(0, w), rng.uniform(0, h))
            spot = cam.project(np.array([[c[0], c[1], 0.0]]))[0]
            if all(math.dist(spot, s.mean(axis=0)) > short * 1.8 for s in silhouettes):
                place_backs(rng, frame, hom, random_style(rng), c, short, int(rng.integers(1, 8)))
                placed = True
                break
        backs = placed
    cond["backs"] = "yes" if backs else "no"
    props = overrides.get("props", sort == "objects" or (kind != "empty" and rng.random() < params.p_props))
    if props:
        props = bool(place_props(rng, frame, hom, int(rng.integers(1, 4)), list(silhouettes),
                                 top_px / 60))
    cond["props"] = "yes" if props else "no"

    finger_w = top_px * rng.uniform(0.45, 0.65)
    hand = overrides.get("hand", sort == "hand" or (kind != "empty" and rng.random() < params.p_hand))
    if hand:
        if kind == "empty":
            for _ in range(int(rng.integers(1, 3))):
                draw_hand(rng, frame, hand_pose(rng, size, finger_w))
        else:
            hand = hand_clear_of(rng, frame, silhouettes, finger_w, size)
    cond["hand"] = "yes" if hand else "no"

    frame = _camera_effects(rng, frame, cond, overrides, params, truth, top_px)
    as_f32 = (lambda q: None if q is None else np.asarray(q, np.float32))
    return DiceScene(image=frame, label=label, corners=as_f32(corners),
                     dice=tuple((lab, as_f32(q)) for lab, q in truth), conditions=cond)


def _camera_effects(rng: np.random.Generator, frame: np.ndarray, cond: dict[str, str],
                    overrides: dict, params: DiceSceneParams,
                    truth: list[tuple[str, np.ndarray]], top_px: float) -> np.ndarray:
    """Light, glare, blur, noise, colour response and JPEG, as the card scenes have them
    (blur and glare scaled to a die's size), each recorded in ``cond``."""
    size = params.size
    w, h = size
    light = camera.random_light(rng, overrides.get("light"))
    shadow = bool(overrides.get("shadow", rng.random() < params.p_shadow))
    field, _ = camera.gain_field(rng, light, size, shadow, float(rng.uniform(0, 0.4)))
    field = camera.auto_exposure(frame, field, rng, float(rng.uniform(0.3, 1.0)))
    frame = camera.apply_light(frame, field)
    cond["light"], cond["shadow"] = light.name, "yes" if shadow else "no"

    glare = overrides.get("glare")
    if glare is None:
        glare = "no"
        if rng.random() < params.p_glare:
            glare = "die" if truth and rng.random() < 0.6 else "table"
    if glare == "die" and not truth:
        glare = "table"
    if glare != "no":
        if glare == "die":
            quad = truth[int(rng.integers(len(truth)))][1]
            u, v = rng.uniform(0.0, 1.0, 2)
            top = quad[0] + (quad[1] - quad[0]) * u
            spot = tuple(top + (quad[3] + (quad[2] - quad[3]) * u - top) * v)
            radius, strength = top_px * rng.uniform(0.1, 0.35), float(rng.uniform(0.25, 0.7))
        else:
            spot = (rng.uniform(0, w), rng.uniform(0, h))
            radius, strength = top_px * rng.uniform(0.5, 3.0), float(rng.uniform(0.3, 0.9))
        glow = camera.glare_field(rng, size, spot, radius, strength)
        frame = cv2.add(frame, cv2.merge([glow, glow, glow]))
    cond["glare"] = glare

    blur = overrides.get("blur") or ("none", "gauss", "motion")[int(rng.choice(3, p=[0.5, 0.35, 0.15]))]
    if blur == "gauss":
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.4, 1.1))
    elif blur == "motion":
        frame = cv2.filter2D(frame, -1, camera.motion_kernel(rng, int(rng.integers(3, 6))))
    cond["blur"] = blur

    dim = light.name == "dim"
    noise = overrides.get("noise") or ("low" if rng.random() < (0.25 if dim else 0.65) else "high")
    if noise == "low":
        frame = camera.sensor_noise(rng, frame, rng.uniform(0.5, 3.0), rng.uniform(1.0, 4.0))
    elif noise == "high":
        frame = camera.sensor_noise(rng, frame, rng.uniform(3.0, 7.0), rng.uniform(4.0, 10.0))
    cond["noise"] = noise

    color = overrides.get("color") or ("washed", "normal", "vivid")[int(rng.choice(3, p=[0.3, 0.5, 0.2]))]
    saturation = {"washed": rng.uniform(0.55, 0.8), "normal": rng.uniform(0.85, 1.1),
                  "vivid": rng.uniform(1.15, 1.4)}[color]
    frame = camera.color_response(frame, saturation, rng.uniform(0.8, 1.25),
                                  rng.uniform(0, 22) if color == "washed" else rng.uniform(0, 8),
                                  rng.uniform(0.85, 1.15))
    cond["color"] = color
    if rng.random() < 0.3:
        frame = camera.sharpen(frame, rng.uniform(0.3, 1.0), rng.uniform(0.8, 1.6))

    quality = overrides["jpeg"] if "jpeg" in overrides else (
        int(rng.integers(45, 96)) if rng.random() < params.p_jpeg else None)
    if quality is not None:
        frame = camera.jpeg(frame, int(quality))
    cond["jpeg"] = "none" if quality is None else ("low" if quality < 65 else "high")
    return frame


def dice_scene_plan(seed: int, n: int) -> list[tuple[str, str | None, dict]]:
    """What dice_scene_set will make, without drawing it: (kind, label, overrides) per scene.

    In every 20 scenes: 2 empty (cycling through DICE_EMPTY_SORTS), 15 centre, 3 hand,
    shuffled; the centre die's face cycles through all_face_labels() in a shuffled order,
    so each of the 38 faces comes up once per 38 centre scenes.
    """
    order = np.random.default_rng([seed, 1 << 21])
    labels = all_face_labels()
    cycle: list[str] = []
    plan: list[tuple[str, str | None, dict]] = []
    empty_i = 0
    block: list[str] = []
    for i in range(n):
        if i % len(MIX_BLOCK) == 0:
            block = [MIX_BLOCK[j] for j in order.permutation(len(MIX_BLOCK))]
        kind = block[i % len(MIX_BLOCK)]
        extra: dict = {}
        label = None
        if kind == "center":
            if not cycle:
                cycle = [labels[j] for j in order.permutation(len(labels))]
            label = cycle.pop()
        elif kind == "empty":
            extra["empty"] = DICE_EMPTY_SORTS[empty_i % len(DICE_EMPTY_SORTS)]
            empty_i += 1
        plan.append((kind, label, extra))
    return plan


def dice_scene_set(seed: int, n: int) -> Iterator[DiceScene]:
    """``n`` scenes, the same for the same seed, in the mix ``dice_scene_plan`` describes
    (10% empty, 75% centre, 15% hand). Scene i is drawn from its own generator seeded
    (seed, i), with a fresh random dice style, so it can be re-made alone."""
    for i, (kind, label, extra) in enumerate(dice_scene_plan(seed, n)):
        yield make_dice_scene(np.random.default_rng([seed, i]), kind, label=label, **extra)
