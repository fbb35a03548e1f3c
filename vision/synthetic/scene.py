"""Camera frames of a game table with their truth: a single card, a discard pile whose top
card is whole, a hand's cards spread for counting, or no face-up card at all.

Geometry: cards lie in the table plane; a camera tilted up to ~30 degrees (homography) and
turned at any angle looks down on them from 30-50 cm, so a card's short side is ~90-200 px
of the 640x480 frame. Then light (colour, fall-off, cast shadow, glare), blur, sensor noise
and JPEG, each recorded in ``Scene.conditions`` for per-condition benchmark figures.

Truth conventions:
- ``corners`` are the card rectangle's four corners (where the straight edges of the
  rounded outline meet), image px, clockwise from the card's own top-left.
- pile / single: ``label`` is the top card; ``cards`` holds just it.
- spread: ``cards`` holds every card (all whole, none overlapping); ``label``/``corners``
  name the one nearest the frame's centre.
- occluded=yes (only when asked: ``occluded=True``; scene_set makes some): a fingertip
  covers part of the top card's edge. ``label``/``corners`` still name that card, ``cards``
  is empty because no card is whole. A recogniser may answer the card or "no card"; any
  other card is wrong.
- empty: ``label`` and ``corners`` are None, ``cards`` is empty.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np

from companion.engine.cards import Card, all_labels

from . import camera, tables
from .card import CARD_ASPECT, render_card_soft
from .compose import card_quad, image_quad, inside, overlap_area, paste_warped, warp_size
from .hands import HandPose, draw_hand, fingertips, hand_mask
from .props import place_backs, place_props
from .style import CardStyle, random_style

KINDS: tuple[str, ...] = ("pile", "single", "spread", "empty")

#: The sorts of scene with no face-up card.
EMPTY_SORTS: tuple[str, ...] = ("table", "pattern", "cloth", "hand", "backs", "objects")

#: The tables a card scene is laid on, and how often.
TABLE_WEIGHTS: dict[str, float] = {"wood": 0.24, "cloth": 0.2, "checks": 0.1, "felt": 0.14,
                                   "white": 0.14, "dark": 0.12, "pattern": 0.06}

#: scene_set's repeating block of 20 kinds: 2 empty, 5 single, 11 pile, 2 spread.
MIX_BLOCK: tuple[str, ...] = ("empty",) * 2 + ("single",) * 5 + ("pile",) * 11 + ("spread",) * 2

FONT_NAMES: dict[int, str] = {cv2.FONT_HERSHEY_SIMPLEX: "simplex", cv2.FONT_HERSHEY_DUPLEX: "duplex",
                              cv2.FONT_HERSHEY_COMPLEX: "complex", cv2.FONT_HERSHEY_TRIPLEX: "triplex"}

OVERRIDES: frozenset[str] = frozenset({
    "table", "cloth_color", "tilt", "light", "blur", "noise", "jpeg", "hand", "glare",
    "shadow", "occluded", "under", "short", "empty", "cards", "props", "backs", "color",
    "lens", "params"})


@dataclass(frozen=True)
class Scene:
    """One camera frame and what is truly in it (see the module's truth conventions)."""

    image: np.ndarray
    label: str | None
    corners: np.ndarray | None
    cards: tuple[tuple[str, np.ndarray], ...]
    conditions: dict[str, str]


@dataclass(frozen=True)
class SceneParams:
    """The ranges scenes are drawn from; pass ``params=SceneParams(...)`` to make_scene."""

    size: tuple[int, int] = (640, 480)
    card_short: tuple[float, float] = (90.0, 200.0)
    spread_short: tuple[float, float] = (72.0, 120.0)
    max_tilt: float = 30.0
    focal: tuple[float, float] = (480.0, 640.0)
    pile_under: tuple[int, int] = (2, 8)
    spread_cards: tuple[int, int] = (2, 7)
    margin: float = 6.0
    p_hand: float = 0.3
    p_glare: float = 0.3
    p_shadow: float = 0.35
    p_props: float = 0.15
    p_backs: float = 0.15
    p_jpeg: float = 0.75
    p_lens: float = 0.25
    table_scale: float = 0.4


def _pick(rng: np.random.Generator, weights: dict[str, float]) -> str:
    names = list(weights)
    p = np.array([weights[n] for n in names], np.float64)
    return names[int(rng.choice(len(names), p=p / p.sum()))]


def _table_frame(rng: np.random.Generator, kind: str, hom: np.ndarray, params: SceneParams,
                 color: tuple[int, int, int] | None) -> np.ndarray:
    """The bare table as the camera sees it: generated at ``table_scale`` over the part of
    the table plane in view, and warped into the frame."""
    w, h = params.size
    inv = np.linalg.inv(hom)
    seen = camera.project(inv, np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float64))
    x0, y0 = np.clip(seen.min(axis=0), [-0.6 * w, -0.6 * h], [0, 0])
    x1, y1 = np.clip(seen.max(axis=0), [w, h], [1.6 * w, 1.6 * h])
    s = params.table_scale
    tw, th = int(math.ceil((x1 - x0) * s)) + 2, int(math.ceil((y1 - y0) * s)) + 2
    texture = tables.make_table(rng, kind, th, tw, s, color)
    to_table = np.array([[1 / s, 0, x0], [0, 1 / s, y0], [0, 0, 1]])
    return cv2.warpPerspective(texture, hom @ to_table, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT)


def _place_card(frame: np.ndarray, label: str, style: CardStyle, quad: np.ndarray,
                shadow: tuple[float, float, float, float], supersample: int | None = None) -> None:
    face, alpha = render_card_soft(label, style, max(24, warp_size(quad)), supersample)
    paste_warped(frame, face, alpha, quad, shadow)


def local_scale(hom: np.ndarray, center: tuple[float, float]) -> float:
    """How many image px one table px near ``center`` spans (the camera's local zoom)."""
    c = np.asarray(center, np.float64)
    pts = image_quad(hom, np.array([c - 5, c + [5, -5], c + 5, c + [-5, 5]]))
    area, _ = cv2.intersectConvexConvex(pts.astype(np.float32), pts.astype(np.float32))
    return math.sqrt(max(float(area), 1e-6)) / 10.0


def _fit_card(rng: np.random.Generator, hom: np.ndarray, params: SceneParams, short: float,
              spread: float) -> tuple[np.ndarray, tuple[float, float], float, float]:
    """A pose for a card wholly in frame whose short side looks ``short`` px long:
    (image quad, table centre, angle, short side in table px)."""
    w, h = params.size
    inv = np.linalg.inv(hom)
    for attempt in range(40):
        reach = spread * (1 - attempt / 40)
        seen = (w / 2 + rng.uniform(-reach, reach) * w, h / 2 + rng.uniform(-reach, reach) * h)
        center = tuple(image_quad(inv, np.array([seen]))[0])
        angle = rng.uniform(0, 360)
        side = short / local_scale(hom, center)
        quad = image_quad(hom, card_quad(center, angle, side, side * CARD_ASPECT))
        if inside(quad, params.size, params.margin):
            return quad, center, angle, side
        if attempt % 10 == 9:
            short *= 0.92
    raise RuntimeError("could not fit a card in the frame")  # pragma: no cover


def _random_pose(rng: np.random.Generator, size: tuple[int, int], finger_w: float,
                 fingers: int | None = None) -> HandPose:
    """A hand entering from a random frame edge, pointing roughly inwards."""
    w, h = size
    edge = int(rng.integers(4))
    t = rng.uniform(0.1, 0.9)
    out = finger_w * rng.uniform(0.5, 3.0)
    wrist, inward = [((t * w, -out), 90), ((w + out, t * h), 180), ((t * w, h + out), 270),
                     ((-out, t * h), 0)][edge]
    direction = math.radians(inward + rng.uniform(-35, 35))
    return HandPose(wrist, direction, finger_w,
                    int(rng.integers(0, 6)) if fingers is None else fingers,
                    float(rng.uniform(0.7, 1.2)), bool(rng.random() < 0.5))


def _quad_mask(quads: list[np.ndarray], size: tuple[int, int], scale: float, grow: int) -> np.ndarray:
    w, h = int(size[0] * scale), int(size[1] * scale)
    mask = np.zeros((h, w), np.uint8)
    for q in quads:
        cv2.fillPoly(mask, [np.round(q * scale).astype(np.int32)], 255)
    if grow:
        mask = cv2.dilate(mask, np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))
    return mask


def _hand_clear_of(rng: np.random.Generator, frame: np.ndarray, keep_clear: list[np.ndarray],
                   finger_w: float, size: tuple[int, int]) -> np.ndarray | None:
    """Draw a hand that touches none of ``keep_clear``; its coverage, or None if none fitted."""
    forbidden = _quad_mask(keep_clear, size, 0.5, 3)
    for _ in range(8):
        pose = _random_pose(rng, size, finger_w)
        if not cv2.countNonZero(cv2.bitwise_and(hand_mask(pose, size, 0.5), forbidden)):
            return draw_hand(rng, frame, pose)
    return None


def _finger_over(rng: np.random.Generator, frame: np.ndarray, quad: np.ndarray,
                 finger_w: float) -> None:
    """A pointing finger whose tip covers part of ``quad``'s edge."""
    i = int(rng.integers(4))
    edge_pt = quad[i] + (quad[(i + 1) % 4] - quad[i]) * rng.uniform(0.2, 0.8)
    centre = quad.mean(axis=0)
    d = centre - edge_pt
    angle = math.atan2(d[1], d[0]) + math.radians(rng.uniform(-30, 30))
    target = edge_pt + np.array([math.cos(angle), math.sin(angle)]) * finger_w * rng.uniform(0.4, 1.2)
    probe = HandPose((0.0, 0.0), angle, finger_w, 1, float(rng.uniform(0.8, 1.2)),
                     bool(rng.random() < 0.5))
    tip = fingertips(probe)[0]
    pose = HandPose(tuple(target - tip), angle, finger_w, 1, probe.reach, probe.sleeve)
    draw_hand(rng, frame, pose)


def _point_in(rng: np.random.Generator, quad: np.ndarray) -> tuple[float, float]:
    u, v = rng.uniform(0.1, 0.9, 2)
    top = quad[0] + (quad[1] - quad[0]) * u
    bottom = quad[3] + (quad[2] - quad[3]) * u
    p = top + (bottom - top) * v
    return float(p[0]), float(p[1])


def make_scene(rng: np.random.Generator, kind: str = "pile", style: CardStyle | None = None,
               label: str | None = None, **overrides) -> Scene:
    """One random scene of ``kind`` (pile, single, spread, empty).

    ``style`` fixes the deck (else a random one), ``label`` the top / single card (else a
    random one). ``overrides`` pin a condition:

    - table (one of tables.TABLES), cloth_color (BGR), tilt (degrees from straight down),
      short (the card's short side as seen, px), under (cards beneath a pile's top one),
      cards (how many in a spread), empty (one of EMPTY_SORTS)
    - light (warm|cold|neutral|dim|bright), shadow, glare (no|table|card), lens
      (none|barrel), blur (none|gauss|motion), noise (none|low|high), color
      (washed|normal|vivid: the camera's saturation), jpeg (quality 1-100, or None)
    - hand, occluded (a finger over the top card's edge), props, backs (True/False)
    - params (a SceneParams: the ranges everything else is drawn from)
    """
    unknown = set(overrides) - OVERRIDES
    if unknown:
        raise ValueError(f"unknown scene override(s) {sorted(unknown)}; known: {sorted(OVERRIDES)}")
    if kind not in KINDS:
        raise ValueError(f"unknown scene kind {kind!r}; choose one of {', '.join(KINDS)}")
    if kind in ("empty", "spread") and label is not None:
        raise ValueError(f"a {kind} scene takes no label")
    params: SceneParams = overrides.get("params") or SceneParams()
    size = params.size
    w, h = size
    style = style or random_style(rng)
    labels = all_labels()
    if kind in ("pile", "single"):
        label = label if label is not None else labels[int(rng.integers(len(labels)))]
        Card.from_label(label)  # a bad label fails here, with the engine's message

    tilt = float(overrides.get("tilt", rng.uniform(0, params.max_tilt)))
    hom = camera.tilt_homography(tilt, rng.uniform(0, 360), rng.uniform(0, 360),
                                 rng.uniform(*params.focal), size)
    cond = {"kind": kind, "design": style.design, "font": FONT_NAMES.get(style.font, str(style.font)),
            "shapes": "yes" if style.shapes else "no",
            "perspective": "high" if tilt >= 15 else "low"}

    sort = None
    cloth_color = overrides.get("cloth_color")
    if kind == "empty":
        sort = overrides.get("empty") or EMPTY_SORTS[int(rng.integers(len(EMPTY_SORTS)))]
        if sort not in EMPTY_SORTS:
            raise ValueError(f"unknown empty scene {sort!r}; choose one of {', '.join(EMPTY_SORTS)}")
        cond["empty"] = sort
    if sort == "pattern":
        table = "pattern"
    elif sort == "cloth":
        table = "cloth"
        if cloth_color is None and rng.random() < 0.7:
            names = list(tables.CARD_COLORED_CLOTHS)
            name = names[int(rng.integers(len(names)))]
            cloth_color = tables.CARD_COLORED_CLOTHS[name]
            cond["cloth"] = name
    else:
        table = overrides.get("table") or _pick(rng, TABLE_WEIGHTS)
        if table == "cloth" and cloth_color is None and rng.random() < 0.25:
            cloth_color = tuple(tables.CARD_COLORED_CLOTHS.values())[int(rng.integers(4))]
    cond["table"] = table
    frame = _table_frame(rng, table, hom, params, cloth_color)

    light_dir = rng.uniform(0, 2 * math.pi)
    lift = rng.uniform(0.6, 2.2)
    card_shadow = (lift * math.cos(light_dir), lift * math.sin(light_dir),
                   float(rng.uniform(0.8, 2.2)), float(rng.uniform(0.2, 0.45)))

    corners = None
    cards: list[tuple[str, np.ndarray]] = []
    keep_clear: list[np.ndarray] = []
    short = float(overrides.get("short") or rng.uniform(*params.card_short))
    if kind in ("pile", "single"):
        quad, center, angle, side = _fit_card(rng, hom, params, short, 0.28)
        if kind == "pile":
            under = int(overrides.get("under", rng.integers(params.pile_under[0],
                                                             params.pile_under[1] + 1)))
            tall = side * CARD_ASPECT
            for _ in range(under):
                r, a = rng.uniform(0.12, 0.8) * tall, rng.uniform(0, 2 * math.pi)
                c = (center[0] + r * math.cos(a), center[1] + r * math.sin(a))
                q = image_quad(hom, card_quad(c, rng.uniform(0, 360), side, tall))
                # Mostly hidden: drawn without supersampling, to save time.
                _place_card(frame, labels[int(rng.integers(len(labels)))], style, q, card_shadow, 1)
            cond["under"] = str(under)
        _place_card(frame, label, style, quad, card_shadow)
        corners = quad
        cards = [(label, quad)]
        keep_clear = [quad]
    elif kind == "spread":
        n = int(overrides.get("cards") or rng.integers(params.spread_cards[0],
                                                        params.spread_cards[1] + 1))
        short = float(overrides.get("short") or rng.uniform(*params.spread_short))
        chosen = rng.permutation(len(labels))[:n]
        inv = np.linalg.inv(hom)
        for idx in chosen:
            for _ in range(30):
                seen = np.array([(rng.uniform(0.12, 0.88) * w, rng.uniform(0.15, 0.85) * h)])
                c = tuple(image_quad(inv, seen)[0])
                a = rng.normal(0, 15) if rng.random() < 0.7 else rng.uniform(0, 360)
                side = short / local_scale(hom, c)
                q = image_quad(hom, card_quad(c, a, side, side * CARD_ASPECT))
                if inside(q, size, params.margin) and all(
                        overlap_area(q, other) < 1.0 for _, other in cards):
                    _place_card(frame, labels[int(idx)], style, q, card_shadow)
                    cards.append((labels[int(idx)], q))
                    break
        if not cards:  # pragma: no cover - 30 tries of a small card in an empty frame
            raise RuntimeError("could not place a spread card")
        centre = np.array([w / 2, h / 2])
        label, corners = min(cards, key=lambda lc: float(np.linalg.norm(lc[1].mean(0) - centre)))
        keep_clear = [q for _, q in cards]
        cond["cards"] = str(len(cards))
    cond["size"] = "small" if short < 130 else "large"

    finger_w = short * rng.uniform(0.26, 0.36)
    backs = overrides.get("backs", sort == "backs" or (kind != "empty" and rng.random() < params.p_backs))
    if backs:
        placed = False
        for _ in range(10):
            c = (rng.uniform(0, w), rng.uniform(0, h))
            probe = image_quad(hom, card_quad(c, 0, short * 1.3, short * 1.3 * CARD_ASPECT))
            if all(overlap_area(probe, q) < 1.0 for q in keep_clear):
                place_backs(rng, frame, hom, style, c, short, int(rng.integers(1, 12)))
                placed = True
                break
        backs = placed
    cond["backs"] = "yes" if backs else "no"
    props = overrides.get("props", sort == "objects" or (kind != "empty" and rng.random() < params.p_props))
    if props:
        objects = sort == "objects"
        props = bool(place_props(rng, frame, hom, int(rng.integers(2 if objects else 1, 5)),
                                 list(keep_clear), short / 140, central=objects,
                                 first="note" if objects and rng.random() < 0.6 else None))
    cond["props"] = "yes" if props else "no"

    occluded = bool(overrides.get("occluded", False)) and kind in ("pile", "single")
    hand = overrides.get("hand", sort == "hand" or (kind != "empty" and rng.random() < params.p_hand))
    if occluded:
        _finger_over(rng, frame, corners, finger_w)
        cards = []
        hand = True
    elif hand:
        if kind == "empty":
            for _ in range(int(rng.integers(1, 3)) if sort == "hand" else 1):
                draw_hand(rng, frame, _random_pose(rng, size, finger_w))
        else:
            hand = _hand_clear_of(rng, frame, keep_clear, finger_w, size) is not None
    cond["hand"] = "yes" if hand else "no"
    cond["occluded"] = "yes" if occluded else "no"

    light = camera.random_light(rng, overrides.get("light"))
    shadow = bool(overrides.get("shadow", rng.random() < params.p_shadow))
    field, _ = camera.gain_field(rng, light, size, shadow, float(rng.uniform(0, 0.45)))
    field = camera.auto_exposure(frame, field, rng, float(rng.uniform(0.3, 1.0)))
    frame = camera.apply_light(frame, field)
    cond["light"], cond["shadow"] = light.name, "yes" if shadow else "no"

    lens = overrides.get("lens") or ("barrel" if rng.random() < params.p_lens else "none")
    if lens == "barrel":
        k1 = float(rng.uniform(-0.18, -0.03))
        frame = camera.distort(frame, k1)
        if corners is not None:
            corners = camera.distort_points(corners, size, k1)
        cards = [(lab, camera.distort_points(q, size, k1)) for lab, q in cards]
        keep_clear = [camera.distort_points(q, size, k1) for q in keep_clear]
    cond["lens"] = lens

    glare = overrides.get("glare")
    if glare is None:
        glare = "no"
        if rng.random() < params.p_glare:
            glare = "card" if keep_clear and rng.random() < 0.6 else "table"
    if glare == "card" and not keep_clear:
        glare = "table"
    if glare != "no":
        if glare == "card":
            spot = _point_in(rng, keep_clear[int(rng.integers(len(keep_clear)))])
        else:
            spot = (rng.uniform(0, w), rng.uniform(0, h))
        glow = camera.glare_field(rng, size, spot, short * rng.uniform(0.15, 0.6),
                                  float(rng.uniform(0.45, 1.0)))
        frame = cv2.add(frame, cv2.merge([glow, glow, glow]))
    cond["glare"] = glare

    blur = overrides.get("blur") or ("none", "gauss", "motion")[int(rng.choice(3, p=[0.45, 0.35, 0.2]))]
    if blur == "gauss":
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.5, 1.6))
    elif blur == "motion":
        frame = cv2.filter2D(frame, -1, camera.motion_kernel(rng, int(rng.integers(3, 10))))
    cond["blur"] = blur

    dim = light.name == "dim"
    noise = overrides.get("noise") or ("low" if rng.random() < (0.25 if dim else 0.65) else "high")
    if noise == "low":
        frame = camera.sensor_noise(rng, frame, rng.uniform(0.5, 3.0), rng.uniform(1.0, 4.0))
    elif noise == "high":
        frame = camera.sensor_noise(rng, frame, rng.uniform(3.0, 8.0), rng.uniform(4.0, 12.0))
    cond["noise"] = noise

    color = overrides.get("color") or ("washed", "normal", "vivid")[int(rng.choice(3, p=[0.3, 0.5, 0.2]))]
    saturation = {"washed": rng.uniform(0.5, 0.8), "normal": 1.0,
                  "vivid": rng.uniform(1.15, 1.4)}[color]
    frame = camera.color_response(frame, saturation, rng.uniform(0.8, 1.25),
                                  rng.uniform(0, 25) if color == "washed" else rng.uniform(0, 8),
                                  rng.uniform(0.85, 1.15))
    cond["color"] = color
    if rng.random() < 0.3:
        frame = camera.sharpen(frame, rng.uniform(0.3, 1.0), rng.uniform(0.8, 1.6))
        cond["sharpen"] = "yes"
    else:
        cond["sharpen"] = "no"

    quality = overrides["jpeg"] if "jpeg" in overrides else (
        int(rng.integers(40, 96)) if rng.random() < params.p_jpeg else None)
    if quality is not None:
        frame = camera.jpeg(frame, int(quality))
    cond["jpeg"] = "none" if quality is None else ("low" if quality < 65 else "high")

    as_f32 = (lambda q: None if q is None else np.asarray(q, np.float32))
    return Scene(image=frame, label=label, corners=as_f32(corners),
                 cards=tuple((lab, as_f32(q)) for lab, q in cards), conditions=cond)


def scene_plan(seed: int, n: int) -> list[tuple[str, str | None, dict]]:
    """What scene_set will make, without drawing it: (kind, label, overrides) per scene.

    In every 20 scenes: 2 empty (cycling through EMPTY_SORTS), 5 single, 11 pile, 2
    spread, shuffled; the single and pile top cards cycle through all_labels() in a
    shuffled order, so every label (each dare number, each wild dare number) comes up
    once per 128 of them; every 16th pile has a finger over its top card (occluded=yes).
    """
    order = np.random.default_rng([seed, 1 << 20])
    labels = all_labels()
    cycle: list[str] = []
    plan: list[tuple[str, str | None, dict]] = []
    empty_i = pile_i = 0
    block: list[str] = []
    for i in range(n):
        if i % len(MIX_BLOCK) == 0:
            block = [MIX_BLOCK[j] for j in order.permutation(len(MIX_BLOCK))]
        kind = block[i % len(MIX_BLOCK)]
        extra: dict = {}
        label = None
        if kind in ("pile", "single"):
            if not cycle:
                cycle = [labels[j] for j in order.permutation(len(labels))]
            label = cycle.pop()
            if kind == "pile":
                pile_i += 1
                if pile_i % 16 == 0:
                    extra["occluded"] = True
        elif kind == "empty":
            extra["empty"] = EMPTY_SORTS[empty_i % len(EMPTY_SORTS)]
            empty_i += 1
        plan.append((kind, label, extra))
    return plan


def scene_set(seed: int, n: int) -> Iterator[Scene]:
    """``n`` scenes, the same for the same seed, in the mix ``scene_plan`` describes
    (10% empty, 25% single, 55% pile, 10% spread). Scene i is drawn from its own generator
    seeded (seed, i), with a fresh random deck style, so it can be re-made alone."""
    for i, (kind, label, extra) in enumerate(scene_plan(seed, n)):
        yield make_scene(np.random.default_rng([seed, i]), kind, label=label, **extra)
