"""What a cheap camera above a table does to a scene: the tilt's perspective, light colour and
fall-off, cast shadows, glare, focus and motion blur, sensor noise and JPEG.

All effects work on a 640x480 BGR frame and draw from the caller's random generator, so a
scene is reproducible from its seed. Heavy fields (shading, glare) are made at a sixteenth
of the frame's area and up-sampled: light varies smoothly, and make_scene must stay fast.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import cv2
import numpy as np


def tilt_homography(tilt_deg: float, azimuth_deg: float, roll_deg: float, focal: float,
                    size: tuple[int, int] = (640, 480)) -> np.ndarray:
    """Table plane -> image for a camera tilted ``tilt_deg`` from straight down.

    Table coordinates are image pixels as an untilted camera would see them; the frame's
    centre stays fixed. ``azimuth_deg`` is the direction of the tilt, ``roll_deg`` turns the
    camera about its axis, ``focal`` (px) sets how strong the perspective is.
    """
    w, h = size
    cx, cy = w / 2.0, h / 2.0
    t, a, r = math.radians(tilt_deg), math.radians(azimuth_deg), math.radians(roll_deg)
    axis = np.array([math.cos(a), math.sin(a), 0.0])
    rot, _ = cv2.Rodrigues(axis * t)
    roll = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    rot = roll @ rot
    k = np.array([[focal, 0, cx], [0, focal, cy], [0, 0, 1]])
    extr = np.column_stack([rot[:, 0], rot[:, 1], [0.0, 0.0, focal]])
    shift = np.array([[1, 0, -cx], [0, 1, -cy], [0, 0, 1]])
    hom = k @ extr @ shift
    return hom / hom[2, 2]


def project(hom: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply a homography to (N,2) points."""
    src = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(src, hom).reshape(-1, 2)


@dataclass(frozen=True)
class Light:
    """The light of one scene: white balance gains (B, G, R), overall exposure, how much the
    brightness falls off across the frame, and where."""

    name: str
    gains: tuple[float, float, float]
    exposure: float
    other_gains: tuple[float, float, float] | None = None  # mixed light: the far side's


def random_light(rng: np.random.Generator, name: str | None = None) -> Light:
    """Warm (tungsten), cold (daylight, LED), neutral, dim, bright, or mixed (a lamp on one
    side, a window on the other: the colour of the light changes across the table)."""
    name = name or ("warm", "cold", "neutral", "dim", "bright", "mixed")[int(rng.integers(6))]
    # What the camera's white balance leaves of the light's colour (a residual cast).
    warm = (rng.uniform(0.68, 0.9), rng.uniform(0.92, 1.0), rng.uniform(1.04, 1.16))
    cold = (rng.uniform(1.05, 1.2), rng.uniform(1.0, 1.04), rng.uniform(0.82, 0.95))
    other = None
    if name in ("warm", "mixed"):
        gains = warm
        other = cold if name == "mixed" else None
    elif name == "cold":
        gains = cold
    else:
        gains = tuple(rng.uniform(0.94, 1.06, 3))
    exposure = {"dim": rng.uniform(0.45, 0.7), "bright": rng.uniform(1.1, 1.3)}.get(
        name, rng.uniform(0.8, 1.08))
    return Light(name, tuple(float(g) for g in gains), float(exposure),
                 None if other is None else tuple(float(g) for g in other))


def gain_field(rng: np.random.Generator, light: Light, size: tuple[int, int],
               shadow: bool, falloff: float) -> tuple[np.ndarray, np.ndarray]:
    """The low-resolution (size / 8) per-pixel BGR gain: light colour and exposure, a linear
    fall-off of up to ``falloff``, vignetting, and (``shadow``) a soft-edged cast shadow of a
    person, lamp arm or box. Returns the field and the shadow's own low-res mask (0..1)."""
    w, h = size[0] // 8, size[1] // 8
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((xs - w / 2) * math.cos(a) + (ys - h / 2) * math.sin(a)) / (0.5 * math.hypot(w, h))
    vign = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    gain = 1.0 - falloff * (ramp + 1) / 2 - rng.uniform(0.0, 0.25) * vign
    shade = np.zeros((h, w), np.float32)
    if shadow:
        # A big polygon entering from one side: its edge crosses the frame somewhere.
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.4, 1.0) * max(w, h)
        n = int(rng.integers(4, 8))
        angles = np.sort(rng.uniform(0, 2 * math.pi, n))
        radii = r * rng.uniform(0.5, 1.0, n)
        pts = np.stack([cx + radii * np.cos(angles), cy + radii * np.sin(angles)], 1)
        off = rng.uniform(0.5, 1.0) * r
        pts += [off * math.cos(a + math.pi), off * math.sin(a + math.pi)]
        cv2.fillPoly(shade, [np.round(pts).astype(np.int32)], 1.0)
        shade = cv2.GaussianBlur(shade, (0, 0), rng.uniform(0.6, 3.0))
        gain *= 1.0 - rng.uniform(0.3, 0.6) * shade
    gain *= light.exposure
    if light.other_gains is None:
        field = np.stack([gain * g for g in light.gains], axis=-1)
    else:
        t = np.clip((ramp + 1) / 2, 0, 1)
        field = np.stack([gain * (g * (1 - t) + o * t)
                          for g, o in zip(light.gains, light.other_gains)], axis=-1)
    return field.astype(np.float32), shade


def glare_field(rng: np.random.Generator, size: tuple[int, int], center: tuple[float, float],
                radius: float, strength: float) -> np.ndarray:
    """A specular highlight: a bright, soft-edged ellipse (frame size, uint8 to add)."""
    w, h = size
    field = np.zeros((h // 4, w // 4), np.float32)
    axes = (max(1, int(radius / 4)), max(1, int(radius / 4 * rng.uniform(0.35, 1.0))))
    cv2.ellipse(field, (int(center[0] / 4), int(center[1] / 4)), axes,
                float(rng.uniform(0, 180)), 0, 360, 1.0, -1, cv2.LINE_AA)
    field = cv2.GaussianBlur(field, (0, 0), max(0.8, axes[1] * rng.uniform(0.3, 0.8)))
    field = cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR)
    return cv2.convertScaleAbs(field, alpha=255.0 * strength)


def apply_light(img: np.ndarray, field: np.ndarray) -> np.ndarray:
    """Multiply the frame by the low-res gain field, up-sampled (gains up to 2)."""
    h, w = img.shape[:2]
    gain = cv2.convertScaleAbs(field, alpha=127.5)
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    return cv2.multiply(img, gain, scale=1 / 127.5)


def motion_kernel(rng: np.random.Generator, length: int) -> np.ndarray:
    """A line kernel ``length`` px long at a random angle (a hand-held or moving camera)."""
    k = np.zeros((length, length), np.float32)
    c = (length - 1) / 2
    a = rng.uniform(0, math.pi)
    dx, dy = math.cos(a) * c, math.sin(a) * c
    cv2.line(k, (int(round(c - dx)), int(round(c - dy))), (int(round(c + dx)), int(round(c + dy))),
             1.0, 1, cv2.LINE_AA)
    return k / k.sum()


def normal_table() -> np.ndarray:
    """256 standard-normal quantiles: indexing it with uniform random bytes gives normal
    samples (to +-2.9 sigma) several times faster than numpy's normal sampler."""
    dist = NormalDist()
    return np.array([dist.inv_cdf((i + 0.5) / 256) for i in range(256)], np.float32)


def sensor_noise(rng: np.random.Generator, img: np.ndarray, read: float, shot: float) -> np.ndarray:
    """Read noise (gaussian, sigma ``read``) plus shot noise (multiplicative, sigma ``shot``
    at full white), independent per channel. The normal samples come from 120x160 tiles
    repeated over the frame: the same statistics per pixel for a sixteenth of the sampling
    cost, and only 8-bit operations on the frame."""
    h, w = img.shape[:2]
    th, tw = 120, 160
    z = normal_table()
    n_shot = z[rng.integers(0, 256, (th, tw, 3), dtype=np.uint8)]
    n_read = z[rng.integers(0, 256, (th, tw, 3), dtype=np.uint8)]
    gain = cv2.convertScaleAbs(n_shot, alpha=128.0 * shot / 255.0, beta=128.0)
    up = cv2.convertScaleAbs(np.maximum(n_read, 0), alpha=read)
    down = cv2.convertScaleAbs(np.minimum(n_read, 0), alpha=read)
    out = img.copy()
    oy, ox = int(rng.integers(th)), int(rng.integers(tw))
    for y in range(-oy, h, th):
        for x in range(-ox, w, tw):
            y0, x0 = max(y, 0), max(x, 0)
            y1, x1 = min(y + th, h), min(x + tw, w)
            block = out[y0:y1, x0:x1]
            cut = (slice(y0 - y, y1 - y), slice(x0 - x, x1 - x))
            cv2.multiply(block, gain[cut], dst=block, scale=1 / 128)
            cv2.add(block, up[cut], dst=block)
            cv2.subtract(block, down[cut], dst=block)
    return out


def jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    """Encode and decode as JPEG at ``quality`` (the artefacts a streaming camera adds)."""
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError("OpenCV could not encode a JPEG")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def auto_exposure(frame: np.ndarray, field: np.ndarray, rng: np.random.Generator,
                  strength: float) -> np.ndarray:
    """Scale the gain field the way a camera's auto-exposure would: towards a mid-grey
    frame mean, ``strength`` 0 (fixed exposure) .. 1 (full correction). A white table
    darkens the cards; a dark table blows their whites out, as on a real camera."""
    small = cv2.resize(frame, (field.shape[1], field.shape[0]), interpolation=cv2.INTER_AREA)
    mean = float(np.mean(small.astype(np.float32) * field))
    target = rng.uniform(95, 135)
    factor = float(np.clip((target / max(mean, 1.0)) ** strength, 0.65, 1.5))
    return field * np.float32(factor)


def color_response(img: np.ndarray, saturation: float, gamma: float, black: float,
                   contrast: float) -> np.ndarray:
    """The camera's image processing: colour saturation (1 = as is), a tone curve (gamma,
    contrast about mid-grey) and a lifted black level."""
    out = img
    if abs(saturation - 1.0) > 0.02:
        gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        out = cv2.addWeighted(img, saturation, cv2.merge([gray, gray, gray]), 1.0 - saturation, 0)
    x = np.arange(256, dtype=np.float32) / 255.0
    y = x ** np.float32(gamma)
    y = (y - 0.5) * np.float32(contrast) + 0.5
    y = black / 255.0 + (1 - black / 255.0) * y
    lut = np.clip(np.round(y * 255), 0, 255).astype(np.uint8)
    return cv2.LUT(out, lut)


def sharpen(img: np.ndarray, amount: float, sigma: float) -> np.ndarray:
    """Unsharp masking, as camera pipelines apply: crisper edges with light halos."""
    soft = cv2.GaussianBlur(img, (0, 0), sigma)
    return cv2.addWeighted(img, 1.0 + amount, soft, -amount, 0)


def distort_points(pts: np.ndarray, size: tuple[int, int], k1: float) -> np.ndarray:
    """Where radial lens distortion ``k1`` moves image points (N,2): r' = r (1 + k1 r^2),
    r measured from the frame centre in half-diagonals. k1 < 0 is barrel distortion."""
    w, h = size
    c = np.array([w / 2.0, h / 2.0])
    norm = math.hypot(w / 2.0, h / 2.0)
    d = (np.asarray(pts, np.float64) - c) / norm
    r2 = np.sum(d * d, axis=-1, keepdims=True)
    return c + d * (1 + k1 * r2) * norm


def distortion_maps(size: tuple[int, int], k1: float,
                    step: int = 8) -> tuple[np.ndarray, np.ndarray]:
    """remap() tables that apply ``distort_points``' distortion to a whole frame: for each
    output pixel, where it came from (the model inverted by fixed-point iteration on a
    grid every ``step`` px, then up-sampled bilinearly)."""
    w, h = size
    m = step  # a margin of one cell, so the up-sampling never clamps inside the frame
    big_w, big_h = w + 2 * m, h + 2 * m
    gw, gh = big_w // step, big_h // step
    # The grid points sit where cv2.resize samples them: pixel (i + 0.5) * scale - 0.5.
    gx = (np.arange(gw) + 0.5) * big_w / gw - 0.5 - m
    gy = (np.arange(gh) + 0.5) * big_h / gh - 0.5 - m
    xs, ys = np.meshgrid(gx, gy)
    c = np.array([w / 2.0, h / 2.0])
    norm = math.hypot(w / 2.0, h / 2.0)
    dx, dy = (xs - c[0]) / norm, (ys - c[1]) / norm
    ux, uy = dx.copy(), dy.copy()
    for _ in range(6):
        f = 1 + k1 * (ux * ux + uy * uy)
        ux, uy = dx / f, dy / f
    maps = []
    for u, cc in ((ux, c[0]), (uy, c[1])):
        grid = (u * norm + cc).astype(np.float32)
        full = cv2.resize(grid, (big_w, big_h), interpolation=cv2.INTER_LINEAR)
        maps.append(full[m:m + h, m:m + w])
    return maps[0], maps[1]


def distort(img: np.ndarray, k1: float) -> np.ndarray:
    """The frame as a lens with radial distortion ``k1`` would draw it."""
    h, w = img.shape[:2]
    map_x, map_y = distortion_maps((w, h), k1)
    return cv2.remap(img, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
