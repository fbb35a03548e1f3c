"""A finger lying on another card beside the card read (vision.skin.skin_beside: skin touching
that card's paper and its paint, off the card read) makes the recogniser run the finger
searches (the straight sides) before that card answers (RecognizerParams.skin_looks_on):
the card under the finger may be the pile's top card. What answered before the look answers
unless a card found by it, lying under none, touches the card read (finger_keeps_answer)."""

from dataclasses import replace

import cv2
import numpy as np

from vision.recognizer import Recognizer, RecognizerParams
from vision.skin import SkinParams, skin_beside
from visionkit import dev_scene

SKIN = (120, 150, 205)  # BGR, a mid skin tone (hue ~27 degrees)


def _table(finger: tuple[int, int, int, int] | None) -> tuple[np.ndarray, np.ndarray]:
    """A dull green cloth (no card's paint), a red card read (its quad returned) and a card beside it (white border,
    blue field); a finger, the rectangle ``finger`` (x0, y0, x1, y1)."""
    frame = np.full((240, 320, 3), (70, 110, 70), np.uint8)  # a dull green cloth
    quad = np.float32([[60, 60], [120, 60], [120, 153], [60, 153]])
    cv2.fillConvexPoly(frame, np.int32(quad), (40, 40, 200))
    cv2.rectangle(frame, (130, 50), (200, 153), (235, 235, 235), -1)
    cv2.rectangle(frame, (142, 74), (188, 141), (200, 120, 20), -1)
    if finger is not None:
        cv2.rectangle(frame, finger[:2], finger[2:], SKIN, -1)
    return frame, quad


def test_a_finger_on_the_card_beside_counts_on_its_paper_alone_or_the_cloth_not():
    white, params = np.float32([235, 235, 235]), SkinParams(scale=0.5)
    # From the frame's top edge across the card's white border onto its blue field; onto
    # its border only (no paint under it); on the cloth beside the card read.
    on_card, quad = _table((150, 0, 168, 100))
    on_paper, _ = _table((150, 0, 168, 62))
    on_cloth, _ = _table((30, 170, 48, 240))
    assert skin_beside(on_card, 1.0, quad, white, params) >= 1.0
    assert skin_beside(on_paper, 1.0, quad, white, params) == 0.0
    assert skin_beside(on_cloth, 1.0, quad, white, params) == 0.0
    # Without the paint asked, the finger on the paper counts.
    assert skin_beside(on_paper, 1.0, quad, white, replace(params, min_paint=0.0)) >= 1.0



ON = replace(RecognizerParams(), skin_looks_on=1.0)


def test_finger_over_the_top_card_looks_on_past_the_card_beside_it():
    # Dev seed 1, scene 1336: a finger over blue-dare-12 hides it from the first searches;
    # yellow-dare-13 beside it answered for it.
    frame = dev_scene(1, 1336).image
    assert Recognizer(params=ON).top_card(frame).label == "blue-dare-12"
    off = Recognizer(params=replace(ON, skin_looks_on=0.0))
    assert off.top_card(frame).label == "yellow-dare-13"


def test_after_the_look_what_answered_before_it_answers_when_no_card_found_touches_it():
    # Dev seed 3, scene 979: skin's colour beside blue-6 (no finger there); the sides
    # search finds only lower cards' quads, and the pile judged again says "no card".
    frame = dev_scene(3, 979).image
    assert Recognizer(params=ON).top_card(frame).label == "blue-6"
    loose = Recognizer(params=replace(ON, finger_keeps_answer=False))
    assert loose.top_card(frame).label is None


def test_a_lower_cards_quad_cut_short_under_a_resting_hand_does_not_answer():
    # Dev seed 9, scene 414: a hand rests on blue-4, which red-dare-15 lies across; the
    # sides search finds blue-4 cut short at red-dare-15's edge (its centre off its face's
    # middle), reading blue-9, and the pile judged again put it on top.
    frame = dev_scene(9, 414).image
    assert Recognizer(params=ON).top_card(frame).label == "red-dare-15"
    loose = Recognizer(params=replace(ON, finger_keeps_answer=False))
    assert loose.top_card(frame).label == "blue-9"
