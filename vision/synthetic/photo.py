"""Taking the picture: light, lens, glare, blur, sensor noise, colour processing and JPEG,
in the order a camera applies them, each choice recorded as a condition tag."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import cv2
import numpy as np

from . import camera
from .layout import point_in
from .params import SceneParams


def photograph(rng: np.random.Generator, frame: np.ndarray, quads: list[np.ndarray],
               short: float, params: SceneParams, overrides: dict
               ) -> tuple[np.ndarray, Callable[[np.ndarray], np.ndarray], dict[str, str]]:
    """The camera's picture of the table ``frame``, the map that moves image points as the
    lens moved them (for the truth corners), and the condition tags. ``quads`` are the
    cards that must stay whole (glare may land on one); ``short`` (a card's short side, px)
    sizes the glare; ``overrides`` pin choices as make_scene documents."""
    w, h = params.size
    cond: dict[str, str] = {}
    light = camera.random_light(rng, overrides.get("light"))
    shadow = bool(overrides.get("shadow", rng.random() < params.p_shadow))
    field, _ = camera.gain_field(rng, light, params.size, shadow, float(rng.uniform(0, 0.45)))
    field = camera.auto_exposure(frame, field, rng, float(rng.uniform(0.3, 1.0)))
    frame = camera.apply_light(frame, field)
    cond["light"], cond["shadow"] = light.name, "yes" if shadow else "no"

    lens = overrides.get("lens") or ("barrel" if rng.random() < params.p_lens else "none")
    to_lens: Callable[[np.ndarray], np.ndarray] = _unmoved
    if lens == "barrel":
        k1 = float(rng.uniform(-0.18, -0.03))
        frame = camera.distort(frame, k1)
        to_lens = partial(camera.distort_points, size=params.size, k1=k1)
        quads = [to_lens(q) for q in quads]
    cond["lens"] = lens

    glare = overrides.get("glare")
    if glare is None:
        glare = "no"
        if rng.random() < params.p_glare:
            glare = "card" if quads and rng.random() < 0.6 else "table"
    if glare == "card" and not quads:
        glare = "table"
    if glare != "no":
        if glare == "card":
            spot = point_in(rng, quads[int(rng.integers(len(quads)))])
        else:
            spot = (rng.uniform(0, w), rng.uniform(0, h))
        if rng.random() < 0.35:  # a broad, faint sheen off the gloss
            radius, strength = short * rng.uniform(0.6, 1.5), rng.uniform(0.15, 0.35)
        else:  # a small, hot highlight
            radius, strength = short * rng.uniform(0.15, 0.6), rng.uniform(0.45, 1.0)
        glow = camera.glare_field(rng, params.size, spot, radius, float(strength))
        frame = cv2.add(frame, cv2.merge([glow, glow, glow]))
    cond["glare"] = glare

    blur = overrides.get("blur") or ("none", "gauss", "motion")[
        int(rng.choice(3, p=[0.45, 0.35, 0.2]))]
    if blur == "gauss":
        frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.5, 1.6))
    elif blur == "motion":
        frame = cv2.filter2D(frame, -1, camera.motion_kernel(rng, int(rng.integers(3, 10))))
    cond["blur"] = blur

    dim = light.name == "dim"  # a camera turns its gain up in dim light: more noise
    noise = overrides.get("noise") or (
        "low" if rng.random() < (0.25 if dim else 0.65) else "high")
    if noise == "low":
        frame = camera.sensor_noise(rng, frame, rng.uniform(0.5, 3.0), rng.uniform(1.0, 4.0))
    elif noise == "high":
        frame = camera.sensor_noise(rng, frame, rng.uniform(3.0, 8.0), rng.uniform(4.0, 12.0))
    cond["noise"] = noise

    color = overrides.get("color") or ("washed", "normal", "vivid")[
        int(rng.choice(3, p=[0.25, 0.55, 0.2]))]
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
    return frame, to_lens, cond


def _unmoved(pts: np.ndarray) -> np.ndarray:
    return pts
