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
from .compose import card_quad, image_quad, overlap_area, paste_warped, warp_size
from .hands import draw_hand
from .layout import (finger_over, fit_card, hand_clear_of, random_pose, spread_quad,
                     under_cards)
from .params import SceneParams
from .photo import photograph
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

FONT_NAMES: dict[int, str] = {
    cv2.FONT_HERSHEY_SIMPLEX: "simplex", cv2.FONT_HERSHEY_DUPLEX: "duplex",
    cv2.FONT_HERSHEY_COMPLEX: "complex", cv2.FONT_HERSHEY_TRIPLEX: "triplex"}

OVERRIDES: frozenset[str] = frozenset({
    "table", "cloth_color", "tilt", "light", "blur", "noise", "jpeg", "hand", "glare",
    "shadow", "occluded", "under", "short", "empty", "cards", "props", "backs", "color",
    "lens", "params"})

__all__ = ["EMPTY_SORTS", "KINDS", "Scene", "SceneParams", "make_scene", "scene_plan",
           "scene_set"]


@dataclass(frozen=True)
class Scene:
    """One camera frame and what is truly in it (see the module's truth conventions)."""

    image: np.ndarray
    label: str | None
    corners: np.ndarray | None
    cards: tuple[tuple[str, np.ndarray], ...]
    conditions: dict[str, str]


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


def _choose_table(rng: np.random.Generator, sort: str | None, overrides: dict,
                  cond: dict[str, str]) -> tuple[str, tuple[int, int, int] | None]:
    """The table kind and (for a cloth) its colour; card-coloured cloths turn up often."""
    cloth_color = overrides.get("cloth_color")
    if sort == "pattern":
        return "pattern", cloth_color
    if sort == "cloth":
        if cloth_color is None and rng.random() < 0.7:
            names = list(tables.CARD_COLORED_CLOTHS)
            name = names[int(rng.integers(len(names)))]
            cond["cloth"] = name
            return "cloth", tables.CARD_COLORED_CLOTHS[name]
        return "cloth", cloth_color
    table = overrides.get("table") or _pick(rng, TABLE_WEIGHTS)
    if table == "cloth" and cloth_color is None and rng.random() < 0.25:
        cloth_color = tuple(tables.CARD_COLORED_CLOTHS.values())[int(rng.integers(4))]
    return table, cloth_color


def _place_card(frame: np.ndarray, label: str, style: CardStyle, quad: np.ndarray,
                shadow: tuple[float, float, float, float], supersample: int | None = None) -> None:
    face, alpha = render_card_soft(label, style, max(24, warp_size(quad)), supersample)
    paste_warped(frame, face, alpha, quad, shadow)


def _check(kind: str, label: str | None, overrides: dict) -> None:
    unknown = set(overrides) - OVERRIDES
    if unknown:
        raise ValueError(f"unknown scene override(s) {sorted(unknown)}; "
                         f"known: {sorted(OVERRIDES)}")
    if kind not in KINDS:
        raise ValueError(f"unknown scene kind {kind!r}; choose one of {', '.join(KINDS)}")
    if kind in ("empty", "spread") and label is not None:
        raise ValueError(f"a {kind} scene takes no label")
    sort = overrides.get("empty")
    if sort is not None and sort not in EMPTY_SORTS:
        raise ValueError(f"unknown empty scene {sort!r}; choose one of {', '.join(EMPTY_SORTS)}")
    if label is not None:
        Card.from_label(label)  # a bad label fails here, with the engine's message


def make_scene(rng: np.random.Generator, kind: str = "pile", style: CardStyle | None = None,
               label: str | None = None, **overrides) -> Scene:
    """One random scene of ``kind`` (pile, single, spread, empty).

    ``style`` fixes the deck (else a random one), ``label`` the top / single card (else a
    random one). ``overrides`` pin a condition:

    - table (one of tables.TABLES), cloth_color (BGR), tilt (degrees from straight down),
      short (the card's short side as seen, px), under (cards beneath a pile's top one),
      cards (how many in a spread), empty (one of EMPTY_SORTS)
    - light (warm|cold|neutral|dim|bright|mixed), shadow, glare (no|table|card), lens
      (none|barrel), blur (none|gauss|motion), noise (none|low|high), color
      (washed|normal|vivid: the camera's saturation), jpeg (quality 1-100, or None)
    - hand, occluded (a finger over the top card's edge), props, backs (True/False)
    - params (a SceneParams: the ranges everything else is drawn from)
    """
    _check(kind, label, overrides)
    params: SceneParams = overrides.get("params") or SceneParams()
    size = params.size
    w, h = size
    style = style or random_style(rng)
    labels = all_labels()
    if kind in ("pile", "single") and label is None:
        label = labels[int(rng.integers(len(labels)))]

    tilt = float(overrides.get("tilt", rng.uniform(0, params.max_tilt)))
    hom = camera.tilt_homography(tilt, rng.uniform(0, 360), rng.uniform(0, 360),
                                 rng.uniform(*params.focal), size)
    cond = {"kind": kind, "design": style.design,
            "font": FONT_NAMES.get(style.font, str(style.font)),
            "shapes": "yes" if style.shapes else "no",
            "perspective": "high" if tilt >= 15 else "low"}
    sort = None
    if kind == "empty":
        sort = overrides.get("empty") or EMPTY_SORTS[int(rng.integers(len(EMPTY_SORTS)))]
        cond["empty"] = sort
    table, cloth_color = _choose_table(rng, sort, overrides, cond)
    cond["table"] = table
    frame = _table_frame(rng, table, hom, params, cloth_color)

    light_dir = rng.uniform(0, 2 * math.pi)
    lift = rng.uniform(0.6, 2.2)
    card_shadow = (lift * math.cos(light_dir), lift * math.sin(light_dir),
                   float(rng.uniform(0.8, 2.2)), float(rng.uniform(0.2, 0.45)))

    corners = None
    cards: list[tuple[str, np.ndarray]] = []
    short = float(overrides.get("short") or rng.uniform(*params.card_short))
    if kind in ("pile", "single"):
        quad, center, _, side = fit_card(rng, hom, params, short, 0.28)
        if kind == "pile":
            under = int(overrides.get("under", rng.integers(params.pile_under[0],
                                                             params.pile_under[1] + 1)))
            for lab, q in under_cards(rng, hom, center, side, under, labels):
                # Mostly hidden: drawn without supersampling, to save time.
                _place_card(frame, lab, style, q, card_shadow, 1)
            cond["under"] = str(under)
        _place_card(frame, label, style, quad, card_shadow)
        corners = quad
        cards = [(label, quad)]
    elif kind == "spread":
        n = int(overrides.get("cards") or rng.integers(params.spread_cards[0],
                                                        params.spread_cards[1] + 1))
        short = float(overrides.get("short") or rng.uniform(*params.spread_short))
        for idx in rng.permutation(len(labels))[:n]:
            q = spread_quad(rng, hom, params, short, [o for _, o in cards])
            if q is not None:
                _place_card(frame, labels[int(idx)], style, q, card_shadow)
                cards.append((labels[int(idx)], q))
        if not cards:  # pragma: no cover - 30 tries of a small card in an empty frame
            raise RuntimeError("could not place a spread card")
        centre = np.array([w / 2, h / 2])
        label, corners = min(cards, key=lambda lc: float(np.linalg.norm(lc[1].mean(0) - centre)))
        cond["cards"] = str(len(cards))
    keep_clear = [q for _, q in cards]
    cond["size"] = "small" if short < 130 else "large"

    finger_w = short * rng.uniform(0.26, 0.36)
    _extras(rng, frame, hom, style, kind, sort, short, keep_clear, params, overrides, cond)
    occluded = bool(overrides.get("occluded", False)) and kind in ("pile", "single")
    hand = overrides.get("hand", sort == "hand" or (kind != "empty"
                                                     and rng.random() < params.p_hand))
    if occluded:
        finger_over(rng, frame, corners, finger_w)
        cards = []
        hand = True
    elif hand:
        if kind == "empty":
            for _ in range(int(rng.integers(1, 3)) if sort == "hand" else 1):
                draw_hand(rng, frame, random_pose(rng, size, finger_w))
        else:
            hand = hand_clear_of(rng, frame, keep_clear, finger_w, size) is not None
    cond["hand"] = "yes" if hand else "no"
    cond["occluded"] = "yes" if occluded else "no"

    frame, to_lens, taken = photograph(rng, frame, keep_clear, short, params, overrides)
    cond.update(taken)
    as_f32 = (lambda q: None if q is None else np.asarray(to_lens(q), np.float32))
    return Scene(image=frame, label=label, corners=as_f32(corners),
                 cards=tuple((lab, as_f32(q)) for lab, q in cards), conditions=cond)


def _extras(rng: np.random.Generator, frame: np.ndarray, hom: np.ndarray, style: CardStyle,
            kind: str, sort: str | None, short: float, keep_clear: list[np.ndarray],
            params: SceneParams, overrides: dict, cond: dict[str, str]) -> None:
    """A draw pile of backs and objects on the table, clear of ``keep_clear``."""
    w, h = params.size
    backs = overrides.get("backs", sort == "backs" or (kind != "empty"
                                                       and rng.random() < params.p_backs))
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
    props = overrides.get("props", sort == "objects" or (kind != "empty"
                                                         and rng.random() < params.p_props))
    if props:
        objects = sort == "objects"
        props = bool(place_props(rng, frame, hom, int(rng.integers(2 if objects else 1, 5)),
                                 list(keep_clear), short / 140, central=objects,
                                 first="note" if objects and rng.random() < 0.6 else None))
    cond["props"] = "yes" if props else "no"


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
