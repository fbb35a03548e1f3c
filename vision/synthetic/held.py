"""Webcam frames of a card held up in a hand, and of hands holding up things that are no
card: the other way a real deck meets the recogniser (a player shows a card to the camera,
or shows the cards left in hand at the end of a round).

Geometry: the card faces the camera, turned at any angle about the camera's axis (mostly
near upright) and tilted up to ``HeldParams.max_tilt`` degrees out of the image plane (true
perspective), its height 25-70% of the frame's; sometimes partly out of frame. A hand holds
it: its palm and fingers behind the card show past an edge, and (mostly) its thumb lies in
front over an edge or a corner; sometimes a second hand holds the opposite side. Behind it a
room (held_room: wall, shelf, window, the player, a poster), then the webcam's picture
(photo.photograph: room light, auto-exposure, glare on the glossy card, a little blur,
noise, JPEG).

Truth (the same ``Scene`` as make_scene's): ``label`` and ``corners`` (the card rectangle's
corners, image px, clockwise from the card's own top-left, possibly outside the frame) name
the held card; ``cards`` holds it only when it lies wholly in the frame (the thumb may still
cover part of it: ``conditions["frame"]`` is "whole" or "cut"). No-card scenes
(``conditions["empty"]``: an empty hand, a phone, a coloured or white paper, a plain cloth
in a card colour, a card's back) have no label, no corners and no cards.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.engine.cards import Card, all_labels

from .card import CARD_ASPECT, render_card_soft
from .compose import paste_warped, warp_size
from .hands import SKIN_TONES
from .held_hands import hand_at, hand_behind, thumb_over
from .held_room import ROOMS, make_room
from .held_things import empty_hands, flat_thing, held_cloth, thing_aspect
from .params import SceneParams
from .photo import photograph
from .scene import FONT_NAMES, Scene
from .style import CardStyle, random_style

HELD_KINDS: tuple[str, ...] = ("card", "empty")

#: What a hand holds up in a no-card scene.
HELD_EMPTY_SORTS: tuple[str, ...] = ("hand", "phone", "paper", "cloth", "back")

#: Where the holding hand's thumb lies: in front over an edge, over a corner, or behind the
#: card with the rest of the hand (only the palm shows, past an edge). A second hand holds
#: the opposite side, its thumb in front over that edge or behind (``conditions["thumbs"]``
#: counts the thumbs in front).
THUMBS: dict[str, float] = {"edge": 0.45, "corner": 0.35, "behind": 0.2}

#: held_plan's repeating block: 8 held cards, 2 no-card scenes.
HELD_BLOCK: tuple[str, ...] = ("card",) * 8 + ("empty",) * 2

OVERRIDES: frozenset[str] = frozenset({
    "thumb", "tilt", "roll", "height", "cut", "hands", "room", "empty", "light", "blur", "noise",
    "jpeg", "glare", "lens", "color", "shadow", "params"})

__all__ = ["HELD_EMPTY_SORTS", "HELD_KINDS", "HeldParams", "held_plan", "held_set",
           "held_quad", "make_held_scene"]


def _photo_params() -> SceneParams:
    # A webcam indoors: glare off a glossy card in the hand is common, cast shadows rare.
    return SceneParams(p_glare=0.35, p_shadow=0.15, p_lens=0.2, p_jpeg=0.9)


@dataclass(frozen=True)
class HeldParams:
    """The ranges held-up scenes are drawn from (``params=HeldParams(...)`` changes one)."""

    size: tuple[int, int] = (640, 480)
    height: tuple[float, float] = (0.25, 0.70)  # the card's height as seen, share of the frame's
    max_tilt: float = 35.0  # degrees out of the image plane
    focal: tuple[float, float] = (480.0, 720.0)  # px: a webcam's 50-70 degree field of view
    p_cut: float = 0.2  # partly out of the frame
    p_turned: float = 0.35  # turned at any angle (else within 25 degrees of upright)
    p_two_hands: float = 0.25
    thumb_width: tuple[float, float] = (0.28, 0.4)  # share of the card's short side
    photo: SceneParams = field(default_factory=_photo_params)


def _pick(rng: np.random.Generator, weights: dict[str, float]) -> str:
    names = list(weights)
    p = np.array([weights[n] for n in names], np.float64)
    return names[int(rng.choice(len(names), p=p / p.sum()))]


def held_quad(width: float, height: float, tilt_deg: float, tilt_axis_deg: float,
              roll_deg: float, focal: float, centre: tuple[float, float]) -> np.ndarray:
    """The image corners (4,2: the card's own TL, TR, BR, BL) of a ``width`` x ``height``
    rectangle facing the camera at ``focal`` px, turned ``roll_deg`` about the camera's
    axis, then tilted ``tilt_deg`` about an axis in its plane at ``tilt_axis_deg``, its
    centre seen at ``centre``; seen ``height`` px tall when untilted."""
    r = math.radians(roll_deg)
    roll = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    a = math.radians(tilt_axis_deg)
    tilt, _ = cv2.Rodrigues(np.array([math.cos(a), math.sin(a), 0.0]) * math.radians(tilt_deg))
    local = np.array([(-width / 2, -height / 2, 0), (width / 2, -height / 2, 0),
                      (width / 2, height / 2, 0), (-width / 2, height / 2, 0)], np.float64)
    pts = local @ (tilt @ roll).T + [0.0, 0.0, focal]
    return focal * pts[:, :2] / pts[:, 2:] + np.asarray(centre, np.float64)


def _visible_share(quad: np.ndarray, size: tuple[int, int]) -> float:
    w, h = size
    frame = np.float32([(0, 0), (w, 0), (w, h), (0, h)])
    inside, _ = cv2.intersectConvexConvex(quad.astype(np.float32), frame)
    whole = abs(cv2.contourArea(quad.astype(np.float32)))
    return float(inside) / max(whole, 1e-6)


def _pose(rng: np.random.Generator, p: HeldParams, overrides: dict, aspect: float,
          cond: dict[str, str]) -> np.ndarray:
    """Where the held thing is: its image quad, placed wholly in frame or partly out."""
    w, h = p.size
    height = float(overrides.get("height") or rng.uniform(*p.height)) * h
    tilt = float(overrides.get("tilt", rng.uniform(0, p.max_tilt)))
    axis = rng.uniform(0, 360)
    turned = rng.random() < p.p_turned
    roll = float(overrides.get("roll", rng.uniform(0, 360) if turned else rng.normal(0, 10)))
    focal = rng.uniform(*p.focal)
    cut = bool(overrides.get("cut", rng.random() < p.p_cut))
    base = held_quad(height / aspect, height, tilt, axis, roll, focal, (0.0, 0.0))
    quad = base + (w / 2, h / 2)
    for _ in range(30):
        lo, hi = base.min(axis=0), base.max(axis=0)
        if cut:
            # Past one frame edge by 10-35% of the card's height, at least 55% in view.
            over = rng.uniform(0.1, 0.35) * height
            cx = rng.uniform(-lo[0] + 4, w - hi[0] - 4) if hi[0] - lo[0] < w - 8 else w / 2
            cy = rng.uniform(-lo[1] + 4, h - hi[1] - 4) if hi[1] - lo[1] < h - 8 else h / 2
            cx, cy = [(cx, -lo[1] - over), (w + over - hi[0], cy), (cx, h + over - hi[1]),
                      (-lo[0] - over, cy)][int(rng.integers(4))]
            quad = base + (cx, cy)
            if 0.55 <= _visible_share(quad, p.size) < 0.995:
                break
        else:
            span = np.array([w, h], np.float64) - (hi - lo) - 8
            if np.all(span >= 0):
                quad = base - lo + 4 + rng.uniform(0, 1, 2) * span
                break
            base = base * 0.95  # too big to fit at this tilt: a little smaller
    whole = _visible_share(quad, p.size) >= 0.999 and quad.min() >= 0 and \
        quad[:, 0].max() <= w - 1 and quad[:, 1].max() <= h - 1
    seen_h = float(np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    cond["frame"] = "whole" if whole else "cut"
    cond["tilt"] = "low" if tilt < 12 else "mid" if tilt < 24 else "high"
    cond["roll"] = "turned" if turned else "upright"
    share = seen_h / h
    cond["size"] = "small" if share < 0.4 else "mid" if share < 0.55 else "large"
    return quad


def _hold(rng: np.random.Generator, frame: np.ndarray, face: np.ndarray, alpha: np.ndarray,
          quad: np.ndarray, p: HeldParams, overrides: dict, cond: dict[str, str]) -> None:
    """Hold up the flat thing ``face`` (premultiplied by ``alpha``) at ``quad``: hand(s)
    behind it, it pasted over them, thumb(s) in front."""
    short = min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1]))
    fw = float(short * rng.uniform(*p.thumb_width))
    skin = SKIN_TONES[int(rng.integers(len(SKIN_TONES)))]
    hands = int(overrides.get("hands") or (2 if rng.random() < p.p_two_hands else 1))
    thumb = overrides.get("thumb") or _pick(rng, THUMBS)
    first = int(rng.integers(4))
    grips = []
    for k in range(hands):
        where = thumb if k == 0 else ("edge" if rng.random() < 0.6 else "behind")
        side = (first + 2 * k) % 4
        pt, angle = hand_at(rng, quad, "corner" if where == "corner" else "edge", side)
        grips.append((where, pt, angle))
        hand_behind(rng, frame, pt, angle, fw * rng.uniform(0.85, 1.0), skin)
    paste_warped(frame, face, alpha, quad)
    for where, pt, angle in grips:
        if where != "behind":
            thumb_over(rng, frame, pt, angle, fw, skin)
    cond["thumb"], cond["hands"] = thumb, str(hands)
    cond["thumbs"] = str(sum(where != "behind" for where, _, _ in grips))  # in front


def _check(kind: str, label: str | None, overrides: dict) -> None:
    unknown = set(overrides) - OVERRIDES
    if unknown:
        raise ValueError(f"unknown held scene override(s) {sorted(unknown)}; "
                         f"known: {sorted(OVERRIDES)}")
    if kind not in HELD_KINDS:
        raise ValueError(f"unknown held scene kind {kind!r}; choose one of {', '.join(HELD_KINDS)}")
    if kind == "empty" and label is not None:
        raise ValueError("an empty held scene takes no label")
    sort = overrides.get("empty")
    if sort is not None and sort not in HELD_EMPTY_SORTS:
        raise ValueError(f"unknown held no-card scene {sort!r}; "
                         f"choose one of {', '.join(HELD_EMPTY_SORTS)}")
    room = overrides.get("room")
    if room is not None and room not in ROOMS:
        raise ValueError(f"unknown room {room!r}; choose one of {', '.join(ROOMS)}")
    thumb = overrides.get("thumb")
    if thumb is not None and thumb not in THUMBS:
        raise ValueError(f"unknown thumb {thumb!r}; choose one of {', '.join(THUMBS)}")
    if label is not None:
        Card.from_label(label)


def make_held_scene(rng: np.random.Generator, kind: str = "card", style: CardStyle | None = None,
                    label: str | None = None, **overrides) -> Scene:
    """One webcam frame of a held-up ``kind`` ("card": a card, "empty": no card).

    ``overrides`` pin a condition: thumb (edge|corner|behind), tilt (degrees), roll
    (degrees), height (share of the frame's), cut (partly out of frame), hands (1|2), room
    (one of held_room.ROOMS), empty (one of HELD_EMPTY_SORTS), and photograph's light,
    shadow, glare, lens, blur, noise, color, jpeg; params (a HeldParams).
    """
    _check(kind, label, overrides)
    p: HeldParams = overrides.get("params") or HeldParams()
    style = style or random_style(rng)
    if kind == "card" and label is None:
        labels = all_labels()
        label = labels[int(rng.integers(len(labels)))]
    room = overrides.get("room") or ROOMS[int(rng.integers(len(ROOMS)))]
    cond = {"kind": "held" if kind == "card" else "held-empty", "room": room,
            "design": style.design, "font": FONT_NAMES.get(style.font, str(style.font))}
    frame = make_room(rng, room, p.size)
    quad = None
    quads: list[np.ndarray] = []
    if kind == "card":
        quad = _pose(rng, p, overrides, CARD_ASPECT, cond)
        face, alpha = render_card_soft(label, style, max(24, warp_size(quad)))
        _hold(rng, frame, face, alpha, quad, p, overrides, cond)
        quads = [quad]
    else:
        sort = overrides.get("empty") or HELD_EMPTY_SORTS[int(rng.integers(len(HELD_EMPTY_SORTS)))]
        cond["empty"] = sort
        if sort == "hand":
            empty_hands(rng, frame, p.size)
        elif sort == "cloth":
            held_cloth(rng, frame, p.size, cond)
        else:
            aspect = thing_aspect(rng, sort)
            thing = _pose(rng, p, overrides, aspect, cond)
            face, alpha = flat_thing(rng, sort, style, max(24, warp_size(thing)), aspect)
            _hold(rng, frame, face, alpha, thing, p, overrides, cond)
            quads = [thing]
    photo = {k: overrides[k] for k in ("light", "shadow", "glare", "lens", "blur", "noise",
                                       "color", "jpeg") if k in overrides}
    short = min(np.linalg.norm(quads[0][1] - quads[0][0]), 200.0) if quads else 150.0
    frame, to_lens, taken = photograph(rng, frame, quads, float(short), p.photo, photo)
    cond.update(taken)
    corners = None if quad is None else np.asarray(to_lens(quad), np.float32)
    cards = ((label, corners),) if corners is not None and cond["frame"] == "whole" else ()
    return Scene(image=frame, label=label, corners=corners, cards=cards, conditions=cond)


def held_plan(seed: int, n: int) -> list[tuple[str, str | None, dict]]:
    """What held_set will make, without drawing it: (kind, label, overrides) per scene. In
    every 10 scenes 8 held cards and 2 no-card scenes (cycling through HELD_EMPTY_SORTS),
    shuffled; the cards cycle through all_labels() in a shuffled order."""
    order = np.random.default_rng([seed, 1 << 21])
    labels = all_labels()
    cycle: list[str] = []
    plan: list[tuple[str, str | None, dict]] = []
    empty_i = 0
    block: list[str] = []
    for i in range(n):
        if i % len(HELD_BLOCK) == 0:
            block = [HELD_BLOCK[j] for j in order.permutation(len(HELD_BLOCK))]
        kind = block[i % len(HELD_BLOCK)]
        if kind == "card":
            if not cycle:
                cycle = [labels[j] for j in order.permutation(len(labels))]
            plan.append((kind, cycle.pop(), {}))
        else:
            plan.append((kind, None, {"empty": HELD_EMPTY_SORTS[empty_i % len(HELD_EMPTY_SORTS)]}))
            empty_i += 1
    return plan


def held_set(seed: int, n: int) -> Iterator[Scene]:
    """``n`` held-up scenes in held_plan's mix, the same for the same seed; scene i is drawn
    from its own generator seeded (seed, i), so it can be re-made alone."""
    for i, (kind, label, extra) in enumerate(held_plan(seed, n)):
        yield make_held_scene(np.random.default_rng([seed, i]), kind, label=label, **extra)
