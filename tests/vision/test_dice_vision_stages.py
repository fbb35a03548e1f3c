"""The dice recogniser step by step: geometry, field classes, search, outline, colour,
marks, reading a face, and the recogniser's choices."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.engine.dice_faces import all_face_labels
from vision.dice import DiceRecognizer
from vision.dice.colour import BLACK, ColourParams, classify_field
from vision.dice.fields import BLACK_CLASS, FIELD_CLASSES, FieldParams, field_images
from vision.dice.find import FindParams, coarse_tops, find_tops
from vision.dice.geometry import aspect, face_like, fit_quad, order_clockwise
from vision.dice.marks import MARKS, drawn_marks, mark_bank
from vision.dice.read import ReadParams, read_face, read_mark
from vision.synthetic.dice import make_dice_scene, random_die_style, render_die_face


@pytest.fixture(scope="module")
def bank():
    return mark_bank(ReadParams().feature_box)


def _square(centre, side, angle_deg):
    a = np.deg2rad(angle_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    s = side / 2
    return np.array([(-s, -s), (s, -s), (s, s), (-s, s)]) @ rot.T + centre


def _paste_face(label, style, quad, frame=None):
    """A flat face warped onto a plain 640x480 frame (or onto ``frame``) at ``quad`` (its
    own top-left first)."""
    face = render_die_face(label, style, 96)
    src = np.float32([(0, 0), (96, 0), (96, 96), (0, 96)])
    m = cv2.getPerspectiveTransform(src, np.float32(quad))
    if frame is None:
        frame = np.empty((480, 640, 3), np.uint8)
        frame[:] = (120, 125, 130)
    return cv2.warpPerspective(face, m, (640, 480), dst=frame, borderMode=cv2.BORDER_TRANSPARENT)


def test_fit_quad_finds_the_corners_of_a_rounded_turned_square():
    quad = _square((100, 90), 60, 27)
    mask = np.zeros((200, 200), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 255)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (15, 15))
    rounded = cv2.dilate(cv2.erode(mask, k), k)  # corners rounded off
    contour = max(cv2.findContours(rounded, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[-2],
                  key=cv2.contourArea)
    found = fit_quad(contour)
    truth = order_clockwise(quad)
    assert np.max(np.linalg.norm(found - truth, axis=1)) < 2.0
    assert aspect(found) < 1.05
    assert face_like(found, 20, 100, 1.5, 0.65)
    assert not face_like(np.float32([(0, 0), (60, 0), (62, 5), (0, 50)]), 20, 100, 1.5, 0.65)


def test_field_classes_tell_colours_black_and_white_apart():
    frame = np.full((240, 320, 3), 128, np.uint8)
    for i, bgr in enumerate([(40, 30, 215), (0, 210, 250), (70, 160, 50), (190, 110, 0), (25, 25, 25)]):
        frame[40:80, 20 + 60 * i:60 + 60 * i] = bgr
        frame[55:65, 35 + 60 * i:45 + 60 * i] = (250, 250, 250)  # the white mark
    img = field_images(frame, FieldParams())
    for i, name in enumerate(FIELD_CLASSES):
        assert img.classes[45, 25 + 60 * i] == i + 1, name
        assert img.pale[60, 40 + 60 * i] > 0
    assert img.classes[150, 150] == 0  # grey table
    assert img.classes[45, 25 + 240] == BLACK_CLASS


def test_colour_is_judged_against_the_marks_white():
    params = ColourParams()
    warm_white = np.array([150.0, 215.0, 250.0])  # white paper under a tungsten bulb
    blue_seen = np.array([190.0, 110.0, 0.0]) * warm_white / 255
    assert classify_field(blue_seen, warm_white, params).name == "blue"
    assert classify_field(np.array([70.0, 160.0, 50.0]), None, params).name == "green"
    assert classify_field(np.array([30.0, 30.0, 34.0]), np.array([240.0, 240.0, 240.0]), params).name == BLACK
    assert classify_field(np.array([128.0, 128.0, 128.0]), np.array([240.0] * 3), params).name is None


def test_every_drawn_mark_reads_as_itself_at_every_quarter_turn(bank):
    for mark, masks in drawn_marks().items():
        ink = cv2.copyMakeBorder(masks[0], 6, 6, 6, 6, cv2.BORDER_CONSTANT, value=0)
        for k in range(4):
            got, score, margin, turn = read_mark(np.ascontiguousarray(np.rot90(ink, -k)), bank, MARKS, bank.box)
            assert got == mark, (mark, k)
            if mark == "reverse":
                assert turn % 2 == k % 2, (mark, k, turn)
            elif mark != "skip":
                assert turn == k % 4, (mark, k, turn)
            assert score > 0.95


@pytest.mark.parametrize("label", all_face_labels())
def test_a_flat_face_reads_right_and_knows_its_top_left(bank, label):
    style = random_die_style(np.random.default_rng(8))
    quad = _square((320, 240), 44, 20)
    frame = _paste_face(label, style, quad)
    reading = read_face(frame, np.roll(order_clockwise(quad), 1, axis=0), bank, ReadParams())
    assert reading.label == label and reading.confidence >= 0.5, (reading.label, reading.reason)
    if label.split("-")[-1] not in ("skip", "reverse", "wild"):
        # The corners come back starting at the face's own top-left (skip and reverse look
        # the same turned half round, a wild has no up).
        assert np.allclose(reading.corners[0], quad[0], atol=1e-3), reading.corners


def test_search_finds_clean_centre_dice_and_refines_their_outlines():
    good = 0
    for seed in range(22, 30):
        scene = make_dice_scene(np.random.default_rng(seed), "center", label="yellow-5",
                                glare="no", blur="none", others=0, tilt=5)
        side = np.sqrt(cv2.contourArea(scene.corners))
        coarse = [c for c in coarse_tops(scene.image, FindParams())
                  if np.linalg.norm(c.centre() - scene.corners.mean(axis=0)) < 0.3 * side]
        assert coarse and coarse[0].field == "yellow"
        refined = [c for c in find_tops(scene.image) if c.field == "yellow"
                   and np.linalg.norm(c.centre() - scene.corners.mean(axis=0)) < 0.15 * side]
        # The field (inside any plastic margin) of the top face, not top and side together.
        good += bool(refined) and 0.75 < refined[0].side / side < 1.05
    assert good >= 7


def test_recogniser_answers_no_die_on_an_empty_table_and_reads_a_clean_die():
    rec = DiceRecognizer()
    assert rec.center_die(np.full((480, 640, 3), 90, np.uint8)).label is None
    empty = make_dice_scene(np.random.default_rng(4), "empty", empty="table")
    assert rec.center_die(empty.image).label is None
    scene = make_dice_scene(np.random.default_rng(22), "center", label="blue-reverse", glare="no",
                            blur="none", others=0, tilt=8)
    s = rec.center_die(scene.image)
    assert s.label == "blue-reverse" and s.confidence >= 0.5
    assert np.linalg.norm(s.corners.mean(axis=0) - scene.corners.mean(axis=0)) < 6


def test_centre_die_is_the_one_in_the_middle_not_a_die_at_the_edge():
    rec = DiceRecognizer()
    style = random_die_style(np.random.default_rng(5))
    edge = _paste_face("red-2", style, _square((80, 70), 40, 10))
    frame = _paste_face("green-6", style, _square((330, 250), 40, 35), frame=edge.copy())
    assert rec.center_die(frame).label == "green-6"
    labels = sorted(s.label for s in rec.all_dice(frame))
    assert labels == ["green-6", "red-2"]
    # With only the die at the edge in view there is no centre die.
    assert rec.center_die(edge).label is None
