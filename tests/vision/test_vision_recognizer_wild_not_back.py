"""A black card whose centre holds no mark the cut found is a card's back only when its
centre shows no green and blue paint (RecognizerParams.wild_not_back, reading.wild_paint):
a back's oval is red with a yellow word, a Wild Dare's centre shows all four colours; a wild
whose white print the cut missed (dim light) is a card not read, and the card it touches
does not answer for the pile's top card past it."""

import pytest

from test_vision_recognizer_backs import frame  # noqa: F401  (a back beside a green 4)
from vision.reading import wild_paint
from vision.recognizer import CARD_BACK, Recognizer, RecognizerParams
from visionkit import dev_scene


@pytest.fixture(scope="module")
def dim_wild():
    # Dev seed 10, scene 185: a wild dare 7 on top under a dim light and a shadow, its
    # "#7 DARE" not cut out; the green 4 beside it answered.
    scene = dev_scene(10, 185)
    assert scene.label == "wild-dare-7"
    return scene.image


def test_a_backs_centre_shows_no_green_or_blue(frame):  # noqa: F811
    rec = Recognizer()
    backs = [r for r in (rec.check(frame, c) for c in rec.candidates(frame)) if r.reason == CARD_BACK]
    assert backs
    assert wild_paint(backs[0].face, rec.profile.hues, rec.params.wild_paint_saturation) < 0.01


def test_a_dim_wild_with_its_print_unread_is_no_back(dim_wild):
    rec = Recognizer()
    off = Recognizer(params=RecognizerParams(wild_not_back=0.0))
    wilds = [c for c in off.candidates(dim_wild) if off.check(dim_wild, c).reason == CARD_BACK]
    assert len(wilds) == 1
    assert wild_paint(off.check(dim_wild, wilds[0]).face, rec.profile.hues,
                      rec.params.wild_paint_saturation) >= 0.1
    reading = rec.check(dim_wild, wilds[0])
    assert reading.is_card and reading.label is None


def test_the_card_beside_the_unread_wild_no_longer_answers(dim_wild):
    assert Recognizer().top_card(dim_wild).label is None
    assert Recognizer(params=RecognizerParams(wild_not_back=0.0)).top_card(dim_wild).label == "green-4"
