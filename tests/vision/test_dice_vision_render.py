"""The synthetic UNO Dice renderer: faces, cubes in perspective, scenes, truth, determinism."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.engine.dice_faces import all_face_labels
from companion.engine.errors import LabelError
from vision.synthetic.dice import (DICE_EMPTY_SORTS, dice_scene_plan, dice_scene_set,
                                   make_dice_scene, random_die_style, render_die_face)
from vision.synthetic.dice_cube import DiceCamera, Die, draw_die, random_die_light, top_corners

#: Hue ranges (OpenCV units) of the four field colours.
HUES = {"red": (165, 10), "yellow": (15, 38), "green": (40, 85), "blue": (90, 130)}


def _share(face: np.ndarray, lo: int, hi: int) -> float:
    hsv = cv2.cvtColor(face, cv2.COLOR_BGR2HSV)
    h = hsv[..., 0]
    hit = (h >= lo) & (h <= hi) if lo <= hi else (h >= lo) | (h <= hi)
    return float(np.mean(hit & (hsv[..., 1] > 100) & (hsv[..., 2] > 80)))


def test_every_face_renders_with_its_field_colour():
    style = random_die_style(np.random.default_rng(3))
    for label in all_face_labels():
        face = render_die_face(label, style, 48)
        assert face.shape == (48, 48, 3) and face.dtype == np.uint8
        colour = label.split("-")[0]
        if colour in HUES:
            assert _share(face, *HUES[colour]) > 0.3, label
        else:  # a wild: a black field with all four colours on it
            assert np.mean(face.max(axis=2) < 80) > 0.15, label
            assert all(_share(face, *HUES[c]) > 0.02 for c in HUES), label


def test_a_face_carries_a_white_mark_in_its_middle():
    style = random_die_style(np.random.default_rng(4))
    face = render_die_face("blue-3", style, 64)
    white = face.min(axis=2) > 180
    assert white[16:48, 16:48].mean() > 0.08
    assert white[16:48, 16:48].mean() > 2 * white[:8, 8:56].mean() or style.inset > 0


def test_bad_labels_fail_with_the_engines_message():
    with pytest.raises(LabelError):
        render_die_face("purple-3", random_die_style(np.random.default_rng(1)), 32)
    with pytest.raises(LabelError):
        make_dice_scene(np.random.default_rng(1), "center", label="red-9")
    with pytest.raises(ValueError):
        make_dice_scene(np.random.default_rng(1), "hand", label="red-3")
    with pytest.raises(ValueError):
        make_dice_scene(np.random.default_rng(1), "center", sparkle=True)


def test_camera_projects_the_table_like_its_homography():
    cam = DiceCamera.tilted(20.0, 30.0, 10.0, 600.0)
    pts = np.array([[100.0, 50.0, 0.0], [400.0, 300.0, 0.0]])
    hom = cam.table_homography()
    via_hom = cv2.perspectiveTransform(pts[:, None, :2], hom).reshape(-1, 2)
    assert np.allclose(cam.project(pts), via_hom, atol=1e-6)
    # A point above the table looks further from the frame's centre than its foot.
    foot, top = cam.project(np.array([[500.0, 400.0, 0.0], [500.0, 400.0, 30.0]]))
    centre = np.array([320.0, 240.0])
    assert np.linalg.norm(top - centre) > np.linalg.norm(foot - centre)


def test_die_top_is_drawn_where_its_corners_say_and_is_lit_most():
    rng = np.random.default_rng(11)
    cam = DiceCamera.tilted(15.0, 0.0, 0.0, 700.0)
    style = random_die_style(rng)
    die = Die(cam.table_point((320, 240)), 25.0, 36.0, "green-4", ("red-1",) * 4, style)
    frame = np.full((480, 640, 3), 128, np.uint8)
    quad = draw_die(frame, cam, die, random_die_light(rng), rng)
    assert np.allclose(quad, top_corners(cam, die))
    side = np.linalg.norm(quad[1] - quad[0])
    assert 28 < side < 50
    mask = np.zeros((480, 640), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 255)
    inner = cv2.erode(mask, np.ones((7, 7), np.uint8)) > 0
    hsv = cv2.cvtColor(frame, cv2.COLOR_BGR2HSV)
    green = (hsv[..., 0] >= 40) & (hsv[..., 0] <= 85) & (hsv[..., 1] > 80)
    assert green[inner].mean() > 0.3
    # The corners go clockwise (image y down): the face is not mirrored.
    x, y = quad[:, 0], quad[:, 1]
    assert 0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) > 0


def test_scenes_are_deterministic_and_carry_their_truth():
    a = list(dice_scene_set(5, 6))
    b = list(dice_scene_set(5, 6))
    for sa, sb in zip(a, b):
        assert np.array_equal(sa.image, sb.image)
        assert sa.label == sb.label and sa.conditions == sb.conditions
        assert sa.image.shape == (480, 640, 3)
    for scene in a:
        for key in ("table", "light", "blur", "noise", "jpeg", "perspective", "hand"):
            assert key in scene.conditions
        if scene.label is None:
            assert scene.corners is None and scene.dice == ()
        else:
            assert scene.corners.shape == (4, 2)
            assert scene.dice[0][0] == scene.label
            assert np.all(scene.corners >= 0) and np.all(scene.corners[:, 0] < 640)


def test_centre_scene_corners_sit_on_a_top_face_of_die_size():
    for seed in range(4):
        scene = make_dice_scene(np.random.default_rng(seed), "center", label="red-2", glare="no")
        side = np.sqrt(cv2.contourArea(scene.corners))
        assert 20 < side < 55
        assert np.linalg.norm(scene.corners.mean(axis=0) - (320, 240)) < 0.3 * 640
        assert scene.conditions["rotation"] in ("square", "turned")


def test_hand_scenes_hold_every_die_and_empty_scenes_none():
    hand = make_dice_scene(np.random.default_rng(2), "hand", dice=5)
    assert 1 <= len(hand.dice) <= 5 and hand.label == hand.dice[0][0]
    centres = np.array([q.mean(axis=0) for _, q in hand.dice])
    gaps = [np.linalg.norm(p - q) for i, p in enumerate(centres) for q in centres[i + 1:]]
    assert not gaps or min(gaps) > 20
    for sort in DICE_EMPTY_SORTS:
        empty = make_dice_scene(np.random.default_rng(3), "empty", empty=sort)
        assert empty.label is None and empty.dice == () and empty.conditions["empty"] == sort


def test_the_mix_has_a_tenth_empty_and_cycles_through_every_face():
    plan = dice_scene_plan(1, 400)
    kinds = [k for k, _, _ in plan]
    assert kinds.count("empty") == 40 and kinds.count("hand") == 60
    labels = [label for k, label, _ in plan if k == "center"]
    assert set(labels[:38]) == set(all_face_labels())
