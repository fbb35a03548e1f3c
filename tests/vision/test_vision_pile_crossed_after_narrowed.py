"""A card that waited only for the searches taking apart a blob reaching into it, and that
they found with no card on it, still gets the whole next stage when its border or centre
says a card lies on it (RecognizerParams.crossed_after_narrowed, Recognizer.seems_crossed):
the blob and the cut centre are two signs of one card lying on it, and the narrow look asks
only about the first."""

import pytest

from vision.recognizer import Recognizer, RecognizerParams
from vision.centre_offsets import centre_offset
from visionkit import dev_scene


@pytest.fixture(scope="module")
def wild_over_blue():
    # Dev seed 12, scene 1769: a wild dare 5 lies across a blue 6's corner under glare; the
    # first stage finds the blue 6 alone (a blob reaching into it, its centre off the
    # middle), the split and Otsu searches find nothing more, and only the glare-bite
    # search of the stage after finds the wild card.
    scene = dev_scene(12, 1769)
    assert scene.label == "wild-dare-5"
    return scene.image


def test_the_card_under_a_cut_centre_waits_on_after_the_narrow_look(wild_over_blue):
    assert Recognizer().top_card(wild_over_blue).label == "wild-dare-5"


def test_without_it_the_card_the_wild_lies_on_answers(wild_over_blue):
    off = Recognizer(params=RecognizerParams(crossed_after_narrowed=False))
    assert off.top_card(wild_over_blue).label == "blue-6"


def test_the_blue_card_found_first_shows_its_centre_cut(wild_over_blue):
    rec = Recognizer()
    first = next(iter(rec.candidate_passes(wild_over_blue)))
    assert len(first) == 1
    reading = rec.read(wild_over_blue, first[0].candidate)
    assert reading.label == "blue-6"
    assert centre_offset(reading.face) >= rec.params.centre_cut


def test_a_card_another_cards_paint_crosses_does_not_wait_on():
    # Dev seed 1, scene 289: a finger over the red 2 on top; the green dare 3 it lies on is
    # read first, a blob reaching in, and the red 2's paint across its border. It answers
    # "no card" already: looking on found the red 2 beside a blue dare 1, and the pile
    # evidence picked the blue one.
    scene = dev_scene(1, 289)
    assert scene.label == "red-2"
    assert Recognizer().top_card(scene.image).label is None

    class PaintUnseen(Recognizer):
        def painted(self, reading):
            return False

    assert PaintUnseen().top_card(scene.image).label == "blue-dare-1"
