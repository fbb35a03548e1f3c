"""A die as a camera above the table sees it: a cube in perspective, the top face and the
side faces turned towards the lens, each shaded by the room's light, rounded edges, and the
shadow the cube casts.

Units are those of ``camera.tilt_homography``: table pixels as an untilted camera would see
them at the frame's centre; the lens sits ``focal`` of them above the table point in the
frame's centre. A die ``side`` units wide is therefore about ``side`` px wide seen from
straight above, and its height makes the side faces show as it moves off the optical axis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .compose import paste_warped
from .dice_face import DieStyle, edge_shading, face_outline, render_die_face


@dataclass(frozen=True)
class DiceCamera:
    """The camera of one scene: intrinsics ``k``, rotation ``rot`` (table -> camera axes),
    its distance ``focal`` above the table point at the frame's centre, frame ``size``."""

    k: np.ndarray
    rot: np.ndarray
    focal: float
    size: tuple[int, int]

    @classmethod
    def tilted(cls, tilt_deg: float, azimuth_deg: float, roll_deg: float, focal: float,
               size: tuple[int, int] = (640, 480)) -> "DiceCamera":
        """The same pose ``camera.tilt_homography`` gives for the table plane."""
        w, h = size
        t, a, r = math.radians(tilt_deg), math.radians(azimuth_deg), math.radians(roll_deg)
        rot, _ = cv2.Rodrigues(np.array([math.cos(a), math.sin(a), 0.0]) * t)
        roll = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
        k = np.array([[focal, 0, w / 2.0], [0, focal, h / 2.0], [0, 0, 1]])
        return cls(k, roll @ rot, float(focal), size)

    def _cam(self, pts: np.ndarray) -> np.ndarray:
        w, h = self.size
        local = np.column_stack([pts[:, 0] - w / 2.0, pts[:, 1] - h / 2.0, -pts[:, 2]])
        return local @ self.rot.T + [0.0, 0.0, self.focal]

    def project(self, pts_xyh: np.ndarray) -> np.ndarray:
        """Image px of (N, 3) points: table x, y and height above the table."""
        cam = self._cam(np.asarray(pts_xyh, np.float64).reshape(-1, 3))
        uvw = cam @ self.k.T
        return uvw[:, :2] / uvw[:, 2:3]

    def table_homography(self) -> np.ndarray:
        """Table plane (height 0) -> image."""
        w, h = self.size
        extr = np.column_stack([self.rot[:, 0], self.rot[:, 1], [0.0, 0.0, self.focal]])
        shift = np.array([[1, 0, -w / 2.0], [0, 1, -h / 2.0], [0, 0, 1]])
        hom = self.k @ extr @ shift
        return hom / hom[2, 2]

    def position(self) -> np.ndarray:
        """The lens centre in table units (x, y, height)."""
        w, h = self.size
        local = -self.rot.T @ np.array([0.0, 0.0, self.focal])
        return np.array([local[0] + w / 2.0, local[1] + h / 2.0, -local[2]])

    def table_point(self, image_xy: tuple[float, float]) -> tuple[float, float]:
        """Where on the table the ray through an image pixel lands."""
        inv = np.linalg.inv(self.table_homography())
        p = inv @ np.array([image_xy[0], image_xy[1], 1.0])
        return float(p[0] / p[2]), float(p[1] / p[2])


@dataclass(frozen=True)
class DieLight:
    """The room's light as the dice feel it: the direction it comes from (unit vector, z up),
    the share that is ambient, and how dark the cast shadow is."""

    direction: tuple[float, float, float]
    ambient: float
    shadow: float


def random_die_light(rng: np.random.Generator) -> DieLight:
    """Light from above, 50-85 degrees up: the top face is the brightest, as under a
    ceiling lamp or a window's daylight."""
    elev = math.radians(rng.uniform(50, 85))
    az = rng.uniform(0, 2 * math.pi)
    d = (math.cos(elev) * math.cos(az), math.cos(elev) * math.sin(az), math.sin(elev))
    return DieLight(d, float(rng.uniform(0.3, 0.6)), float(rng.uniform(0.25, 0.6)))


@dataclass(frozen=True)
class Die:
    """A die on the table: centre (table units), turn about the vertical (degrees), side
    (table units), the label facing up and the four side faces' labels (+x, +y, -x, -y of
    the die's own axes)."""

    center: tuple[float, float]
    angle: float
    side: float
    top: str
    sides: tuple[str, str, str, str]
    style: DieStyle


def die_vertices(die: Die) -> np.ndarray:
    """(8, 3): the bottom square then the top square, each in the top face's own order
    top-left, top-right, bottom-right, bottom-left (as the face's picture is drawn)."""
    a = math.radians(die.angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    s = die.side / 2
    square = np.array([(-s, -s), (s, -s), (s, s), (-s, s)]) @ rot.T + die.center
    bottom = np.column_stack([square, np.zeros(4)])
    top = np.column_stack([square, np.full(4, die.side)])
    return np.vstack([bottom, top])


#: Side faces as vertex indices (top edge first, then down: TL, TR, BR, BL of the picture)
#: with their outward normals in the die's own axes.
_SIDES = (((5, 6, 2, 1), (1.0, 0.0)), ((6, 7, 3, 2), (0.0, 1.0)),
          ((7, 4, 0, 3), (-1.0, 0.0)), ((4, 5, 1, 0), (0.0, -1.0)))


def top_corners(camera: DiceCamera, die: Die) -> np.ndarray:
    """The top face's corners in the image, clockwise from the face's own top-left."""
    return camera.project(die_vertices(die)[4:])


def _brightness(normal: np.ndarray, light: DieLight) -> float:
    lam = max(0.0, float(np.dot(normal, light.direction)))
    top = light.direction[2]
    return (light.ambient + (1 - light.ambient) * lam) / (light.ambient + (1 - light.ambient) * top)


def cast_shadow(frame: np.ndarray, camera: DiceCamera, die: Die, light: DieLight,
                softness: float) -> None:
    """Darken the table where the cube blocks the light (a soft-edged polygon), in place."""
    v = die_vertices(die)
    lx, ly, lz = light.direction
    drop = v.copy()
    drop[:, 0] -= v[:, 2] * lx / lz
    drop[:, 1] -= v[:, 2] * ly / lz
    drop[:, 2] = 0
    pts = camera.project(drop)
    hull = cv2.convexHull(pts.astype(np.float32)).reshape(-1, 2)
    h, w = frame.shape[:2]
    pad = int(3 * softness) + 3
    x0, y0 = np.floor(hull.min(axis=0)).astype(int) - pad
    x1, y1 = np.ceil(hull.max(axis=0)).astype(int) + pad
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(mask, [np.round((hull - [x0, y0]) * 4).astype(np.int32)], 255, cv2.LINE_AA, 2)
    if softness > 0.3:
        mask = cv2.GaussianBlur(mask, (0, 0), softness)
    light_map = cv2.addWeighted(mask, -light.shadow, mask, 0, 255)
    roi = frame[y0:y1, x0:x1]
    roi[:] = cv2.multiply(roi, cv2.merge([light_map] * 3), scale=1 / 255)


def _shade(face: np.ndarray, gain: float, edge: np.ndarray) -> np.ndarray:
    return cv2.convertScaleAbs(face.astype(np.float32) * (edge * np.float32(gain))[..., None])


def draw_die(frame: np.ndarray, camera: DiceCamera, die: Die, light: DieLight,
             rng: np.random.Generator) -> np.ndarray:
    """Draw ``die`` into ``frame`` in place (cast its shadow first: ``cast_shadow``); return the top face's image
    corners (clockwise from the face's own top-left)."""
    verts = die_vertices(die)
    img = camera.project(verts)
    eye = camera.position()
    a = math.radians(die.angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    top_quad = img[4:]
    side_px = max(float(np.linalg.norm(top_quad[1] - top_quad[0])),
                  float(np.linalg.norm(top_quad[2] - top_quad[1])))
    tex = int(max(24, math.ceil(side_px * 1.6)))
    edge = edge_shading(tex, die.style.edge_radius * 0.9, float(rng.uniform(0.15, 0.4)))
    alpha = face_outline(tex, die.style.edge_radius)
    fill_silhouette(frame, camera, die, light)
    for (idx, normal2), label in zip(_SIDES, die.sides):
        n = np.array([*(rot @ np.array(normal2)), 0.0])
        centre = verts[list(idx)].mean(axis=0)
        if np.dot(n, eye - centre) <= 0:
            continue
        gain = _brightness(n, light) * float(rng.uniform(0.92, 1.0))
        quad = img[list(idx)]
        face = render_die_face(label, die.style, tex)
        face = np.rot90(face, int(rng.integers(4))).copy()
        _paste(frame, _shade(face, gain, edge), alpha, quad)
    face = render_die_face(die.top, die.style, tex)
    _paste(frame, _shade(face, _brightness(np.array([0.0, 0.0, 1.0]), light), edge), alpha, top_quad)
    return top_quad


def _paste(frame: np.ndarray, face: np.ndarray, alpha: np.ndarray, quad: np.ndarray) -> None:
    premult = cv2.multiply(face, cv2.merge([alpha] * 3), scale=1 / 255)
    paste_warped(frame, premult, alpha, quad)


def fill_silhouette(frame: np.ndarray, camera: DiceCamera, die: Die, light: DieLight) -> None:
    """Paint the cube's outline in its plastic, a little darker than the top (the rounded
    edges and corners between the faces), before the faces are pasted over it."""
    img = camera.project(die_vertices(die))
    hull = cv2.convexHull(img.astype(np.float32)).reshape(-1, 2)
    color = np.array(die.style.plastic, np.float64) * (0.55 + 0.35 * light.direction[2])
    cv2.fillPoly(frame, [np.round(hull * 4).astype(np.int32)], tuple(float(c) for c in color),
                 cv2.LINE_AA, 2)
