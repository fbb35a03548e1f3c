"""refine_edges in its cheaper form (both probe maps in one sum, the fit's two sums in one
reduction) gives the quads of the form it replaced, to the last bit: checked against that
form, kept here as the reference, on drawn cards with rough quads from a fixed seed."""

import math

import cv2
import numpy as np
import pytest

from visionkit import draw_card, place
from vision.geometry import _NEXT
from vision.quad_fit import _probe_places, refine_edges
from vision.masks import whiteness


def reference_refine_edges(frame_bgr, field_quad, border_px, samples=12, min_step=12.0):
    """refine_edges as it was written before (session 9): x and y maps apart, each sum alone."""
    quad = np.asarray(field_quad, np.float32).reshape(4, 2)
    ends = quad[_NEXT]
    along = ends - quad
    length = np.sqrt((along ** 2).sum(axis=1))
    if length.min() < 8:
        return quad
    reach = max(2.0, 0.9 * border_px)
    steps = np.arange(-reach, reach + 0.01, 0.5, dtype=np.float32)
    t = _probe_places(samples)
    normal = np.empty((4, 2), np.float32)
    normal[:, 0], normal[:, 1] = along[:, 1], -along[:, 0]
    normal /= length[:, None]
    outward = (((quad + ends) / 2 - quad.mean(axis=0)) * normal).sum(axis=1) < 0
    normal[outward] *= -1
    base = quad[:, None, :] + t[None, :, None] * along[:, None, :]
    shape = (4 * samples, len(steps))
    map_x = (base[:, :, 0, None] + steps * normal[:, 0, None, None]).reshape(shape)
    map_y = (base[:, :, 1, None] + steps * normal[:, 1, None, None]).reshape(shape)
    profile = whiteness(cv2.remap(frame_bgr, map_x, map_y, cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)).astype(np.float32)
    rise = profile[:, 2:] - profile[:, :-2]
    best = rise.argmax(axis=1)
    offset = steps[1:-1][best].reshape(4, samples)
    weight = (rise.max(axis=1) >= min_step).reshape(4, samples).astype(np.float32)
    shift = np.zeros((4, 2), np.float32)
    for fitted in range(2):
        wsum = weight.sum(axis=1)
        enough = wsum >= samples // 2
        wsum = np.maximum(wsum, 1e-6)
        tm = (weight * t).sum(axis=1) / wsum
        om = (weight * offset).sum(axis=1) / wsum
        dt = t[None, :] - tm[:, None]
        slope = (weight * dt * (offset - om[:, None])).sum(axis=1) / np.maximum(
            (weight * dt * dt).sum(axis=1), 1e-6)
        shift = np.where(enough[:, None], np.stack([om - slope * tm, slope], axis=1), 0.0)
        if not fitted:
            fit = shift[:, :1] + shift[:, 1:] * t[None, :]
            weight = weight * (np.abs(offset - fit) <= 1.0)
    p0 = (quad + shift[:, :1] * normal).tolist()
    p1 = (ends + (shift[:, :1] + shift[:, 1:]) * normal).tolist()
    old = quad.tolist()
    corners = []
    for i in range(4):
        (ax, ay), (bx, by) = p0[i - 1], p0[i]
        dax, day = p1[i - 1][0] - ax, p1[i - 1][1] - ay
        dbx, dby = p1[i][0] - bx, p1[i][1] - by
        det = dax * dby - day * dbx
        if abs(det) < 1e-6:
            return quad
        k = ((bx - ax) * dby - (by - ay) * dbx) / det
        corner = (ax + k * dax, ay + k * day)
        if math.hypot(corner[0] - old[i][0], corner[1] - old[i][1]) > 2.0 * reach:
            return quad
        corners.append(corner)
    return np.array(corners, dtype=np.float32)


def drawn_field(rng: np.random.Generator):
    """A drawn card placed on a noisy table at a random angle, size and place, and its
    field's quad in the frame."""
    width = 224
    card = draw_card(str(rng.choice(["red", "yellow", "green", "blue", "black"])), "4", width=width,
                     design=str(rng.choice(["disc", "oval"])))
    angle, scale = float(rng.uniform(0, 180)), float(rng.uniform(0.35, 0.9))
    centre = (float(rng.uniform(150, 490)), float(rng.uniform(130, 350)))
    frame, _ = place(card, angle=angle, scale=scale, centre=centre)
    noise = rng.normal(0, 4, frame.shape)
    frame = np.clip(frame + noise, 0, 255).astype(np.uint8)
    h, w = card.shape[:2]
    b = round(0.047 * width)
    field = np.array([[b, b], [w - b, b], [w - b, h - b], [b, h - b]], np.float32)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[:, 2] += np.array(centre, float) - np.array([w / 2, h / 2])
    return frame, (np.hstack([field, np.ones((4, 1), np.float32)]) @ m.T).astype(np.float32), b * scale


@pytest.mark.parametrize("seed", [1, 2])
def test_refine_edges_is_the_former_form_to_the_last_bit(seed):
    rng = np.random.default_rng(seed)
    moved = 0
    for _ in range(40):
        frame, field, border_px = drawn_field(rng)
        rough = field + rng.uniform(-2.5, 2.5, field.shape).astype(np.float32)
        samples = int(rng.choice([6, 9, 12, 16]))
        border = border_px * float(rng.uniform(0.4, 1.4))
        got = refine_edges(frame, rough, border, samples)
        want = reference_refine_edges(frame, rough, border, samples)
        assert got.dtype == want.dtype == np.float32 and np.array_equal(got, want)
        moved += not np.array_equal(got, rough)
    assert moved > 30  # the sides were found and moved (not only "left as they were")


def test_refine_edges_on_a_plain_table_and_a_tiny_quad_as_before():
    frame = np.full((480, 640, 3), 90, np.uint8)
    quad = np.array([[200, 100], [300, 100], [300, 250], [200, 250]], np.float32)
    tiny = np.array([[10, 10], [14, 10], [14, 16], [10, 16]], np.float32)
    for q in (quad, tiny):
        assert np.array_equal(refine_edges(frame, q, 5.0), reference_refine_edges(frame, q, 5.0))
        assert np.array_equal(refine_edges(frame, q, 5.0), q)
