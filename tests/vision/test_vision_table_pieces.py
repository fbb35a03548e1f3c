"""Quads with no card's border lying on each other, much smaller than a card in view, are
pieces of the table (a checked cloth's squares), not an unread top card making "no card"
(RecognizerParams.table_piece_size, vision.table_pieces.table_piece)."""

import numpy as np
import pytest

from visionkit import dev_scene
from vision.pile import Layer
from vision.quads import Candidate
from vision.reading import CardReading
from vision.recognizer import Recognizer, RecognizerParams
from vision.table_pieces import BORDERLESS, table_piece


def box(x, y, w, h):
    quad = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
    return Candidate(quad, quad)


def refused(candidate, reason=BORDERLESS[0]):
    return CardReading(candidate, None, False, None, 0.0, candidate.card, reason)


def card(candidate):
    return CardReading(candidate, None, True, "red-8", 1.0, candidate.card, "")


def judge(piece, others, readings, size=0.5, reason=BORDERLESS[0]):
    found = [Layer(piece, covers=True)] + [Layer(o) for o in others]
    return table_piece(refused(piece, reason), found[0], found, lambda c: readings[id(c)], size)


def test_a_small_borderless_quad_on_another_beside_a_large_card_is_a_piece():
    piece, under, big = box(100, 100, 40, 60), box(120, 130, 40, 60), box(400, 100, 100, 150)
    readings = {id(under): refused(under, BORDERLESS[1]), id(big): card(big)}
    assert judge(piece, [under, big], readings)
    assert not judge(piece, [under, big], readings, size=0.0)  # 0: never


def test_not_a_piece_when_it_lies_on_a_card_or_no_card_dwarfs_it():
    piece, under, big = box(100, 100, 40, 60), box(120, 130, 40, 60), box(400, 100, 100, 150)
    on_card = {id(under): refused(under, "a corner of the field is covered"), id(big): card(big)}
    assert not judge(piece, [under, big], on_card)
    same_size = box(400, 100, 45, 65)
    assert not judge(piece, [under, same_size], {id(under): refused(under), id(same_size): card(same_size)})
    # Dwarfed by a quad that is no card either: nothing says how large a card is here.
    assert not judge(piece, [under, big], {id(under): refused(under), id(big): refused(big)})
    # A quad refused for a corner covered (glare, a top card's corner) is not borderless.
    assert not judge(piece, [under, big], {id(under): refused(under), id(big): card(big)},
                     reason="a corner of the field is covered")


@pytest.mark.parametrize("seed, index, label", [(9, 1211, "blue-3"), (14, 1630, "yellow-7")])
def test_dev_cloth_squares_no_longer_make_no_card(seed, index, label):
    scene = dev_scene(seed, index)  # a checked cloth whose squares the search fitted
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    off = Recognizer(params=RecognizerParams(table_piece_size=0.0))
    assert off.top_card(scene.image).label is None
