"""Of cards nothing else ordered, one lying alone (the table all round it) and touching the
card on the pile's lower cards by a sliver lets that card answer (PileParams.alone_sliver,
vision.alone_sliver.alone_by_sliver); not when the two lie crossed at their corners."""

import numpy as np
import pytest

from visionkit import dev_scene
from vision.alone_sliver import alone_by_sliver
from vision.pile_params import PileParams
from vision.quads import Candidate
from vision.recognizer import Recognizer, RecognizerParams


def card_at(x, y, w=100, h=155):
    quad = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
    return Candidate(quad, quad)


def tilted(cx, cy, angle, w=100, h=155):
    a = np.deg2rad(angle)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    quad = (np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2) @ rot.T + (cx, cy)
    return Candidate(quad.astype(np.float32), quad.astype(np.float32))


def corner_on_edge(depth=3.0):
    """A card upright and one turned 30 degrees whose corner reaches ``depth`` px over the
    first one's right edge (only that corner inside it)."""
    left = tilted(0, 0, 30).card[:, 0].min()
    return card_at(100, 100), tilted(200 - depth - left, 180, 30)


def test_alone_card_touching_by_a_sliver_lets_the_pile_card_answer():
    pile, alone = corner_on_edge()
    assert alone_by_sliver([pile, alone], [0.25, 0.0]) == 0
    assert alone_by_sliver([alone, pile], [0.0, 0.25]) == 1
    assert alone_by_sliver([pile, alone], [0.25, 0.0], PileParams(alone_sliver=0.0)) is None


def test_no_pick_when_the_other_is_no_alone_card_or_the_margin_is_short_or_they_overlap_much():
    pile, alone = corner_on_edge()
    assert alone_by_sliver([pile, alone], [0.4, 0.1]) is None   # the other lies on something
    assert alone_by_sliver([pile, alone], [0.12, 0.0]) is None  # short of evidence_margin
    assert alone_by_sliver([pile, alone], [0.25, None]) is None
    _, deep = corner_on_edge(depth=40.0)  # its corner deep inside: no sliver
    assert alone_by_sliver([pile, deep], [0.25, 0.0]) is None
    assert alone_by_sliver([pile, deep], [0.25, 0.0], PileParams(alone_sliver=1.0)) == 0


def test_corners_crossed_each_inside_the_other_make_no_pick():
    edge_to_edge = card_at(198, 100)  # upright side by side: each corner on the other's edge
    assert alone_by_sliver([card_at(100, 100), edge_to_edge], [0.25, 0.0]) is None


@pytest.mark.parametrize("seed, index, label", [(12, 204, "red-dare-9"), (16, 148, "blue-7")])
def test_dev_pile_card_beside_an_alone_card_answers(seed, index, label):
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    off = Recognizer(params=RecognizerParams(pile=PileParams(alone_sliver=0.0)))
    assert off.top_card(scene.image).label is None


def test_dev_top_card_lying_on_a_lower_cards_edge_stays_no_card():
    scene = dev_scene(3, 56)  # red dare 2 on top, the table all round it but the blue dare 7's edge
    assert Recognizer().top_card(scene.image).label is None
