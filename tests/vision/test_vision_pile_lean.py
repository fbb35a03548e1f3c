"""Two weak cues agreeing: in a sliver overlap, borders wholer by min_difference (short of
sliver_difference) order the pair when the outlines lean the same way by
sliver_edge_contrast and the sharper one is a line (overlap.sharper_outline's leaning);
and the pile evidence outweighing a card (pile.outweighed) keeps a shifted centre from
picking it (RecognizerParams.whole_not_outweighed)."""

from types import SimpleNamespace

import pytest

from test_vision_pile_apart import apart
from vision import overlap
from vision.overlap import sharper_outline
from vision.pile import narrowest, outweighed
from vision.recognizer import Recognizer


A, B = SimpleNamespace(card="a"), SimpleNamespace(card="b")


@pytest.fixture
def edges(monkeypatch):
    """Sets what outline_edge says of (a in b, b in a)."""
    said = []

    def fake(frame, card, region, *rest):
        return said[0][0] if card is A else said[0][1]

    monkeypatch.setattr(overlap, "outline_edge", fake)
    return said


def test_outlines_leaning_with_the_borders_order_the_pair(edges):
    edges.append((14.6, 1.8))
    assert sharper_outline(None, A, B, 30.0) is None  # alone, too weak
    assert sharper_outline(None, A, B, 30.0, (0, 10.0)) == 0
    assert sharper_outline(None, A, B, 30.0, (1, 10.0)) is None  # against the borders
    edges[0] = (8.0, -4.0)
    assert sharper_outline(None, A, B, 30.0, (0, 10.0)) is None  # no line: 8 < 10


def test_no_line_either_side_orders_nothing(edges):
    # Both outlines brighter than beside them: the less bright is no line.
    edges.append((-9.3, -28.7))
    assert sharper_outline(None, A, B, 30.0, (0, 10.0)) is None
    edges[0] = (40.0, 2.0)
    assert sharper_outline(None, A, B, 30.0) == 0  # clear on its own, as before


def test_a_card_lying_alone_is_outweighed_by_one_on_the_pile():
    recognizer = Recognizer()
    frame = apart(pile_under_far=True)  # a red 8 alone, a green 4 on two cards
    cards = sorted(recognizer.candidates(frame), key=lambda c: c.card[:, 0].mean())
    labels = [recognizer.read(frame, c).label for c in cards]
    red, green = labels.index("red-8"), labels.index("green-4")
    params = recognizer.params
    assert outweighed(frame, cards, red, params.quads, params.pile)
    assert not outweighed(frame, cards, green, params.quads, params.pile)
    masks = {}
    assert outweighed(frame, cards, red, params.quads, params.pile, masks)
    # Kept for the frame's next ask (by the narrowest card's width: a lit patch of the table).
    assert ("table", params.pile.evidence_width, narrowest(cards)) in masks
    assert outweighed(frame, cards, red, params.quads, params.pile, masks)
