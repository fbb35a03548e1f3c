"""A sure dare read without its number takes the number one centre cut reads fully surely:
a cut by grey levels or local chroma reading two lines with the number centred
(SymbolParams.every_cut_numbers), or any cut, the colour's too, reading one line with the
number joined to the word (SymbolParams.joined_face_agrees), when the face's own ink reads
that number the same way up and no other as surely, the number has no digit a closed bay
makes, no corner index reads another number, no other cut reads another number surely, and
the cut is not one over the paper's centre (vision.numbered_dares.numbered_by_a_cut)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from visionkit import dev_scene, on_canvas
from vision import templates
from vision.symbol_params import SymbolParams
from vision.numbered_dares import face_agrees, joined_number, numbered_by_a_cut
from vision.profile import default_profile
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading, read_ink

PARAMS = SymbolParams()
BANKS = default_profile().banks
STYLE = templates.TemplateStyle(cv2.FONT_HERSHEY_DUPLEX, 0.14, False)
BLANK = np.zeros((52, 48), np.uint8)
OFF = SymbolParams(every_cut_numbers=False, joined_face_agrees=False)


def _crop(mask: np.ndarray) -> np.ndarray:
    x, y, w, h = cv2.boundingRect(mask)
    return mask[y:y + h, x:x + w]


def _dare(number: str, joined: bool = False) -> np.ndarray:
    """A dare's mark on a flattened card: the number over the word, apart or (``joined``)
    run into it by a stroke, as blur joins them."""
    top, word = _crop(templates.text(number, STYLE, 30)), _crop(templates.text("DARE", STYLE, 16))
    gap = 2 if joined else 5
    mark = templates.stack(top, word, gap)
    if joined:
        c = mark.shape[1] // 2
        mark[top.shape[0] - 2:top.shape[0] + gap + 2, c - 3:c + 3] = 255
    return on_canvas(mark)


def _read(ink: np.ndarray) -> SymbolReading:
    return read_ink(ink, BANKS, PARAMS, False, (BLANK, BLANK))


def _number(reads, face, params=PARAMS, corners=frozenset(), colour=None, over_paper=lambda cut: False):
    found = numbered_by_a_cut(lambda paper=True: reads, face, set(corners), BANKS, params, True, colour, over_paper)
    return None if found is None else found.number


def test_the_shapes_it_reads():
    apart, joined = _dare("5"), _dare("5", joined=True)
    assert (_read(apart).number, _read(joined).number) == (5, 5)
    assert not joined_number(apart, PARAMS)
    assert joined_number(joined, PARAMS)


def test_a_grey_cut_two_lines_centred_numbers_the_dare_when_the_face_agrees():
    cut = _dare("5")
    assert _number([(cut, _read(cut))], _dare("5")) == 5
    assert _number([(cut, _read(cut))], _dare("5"), OFF) is None


def test_the_colours_cut_counts_joined_only():
    """Its two lines centred are lone_number's (corners, closed bays) already."""
    apart, joined = _dare("7"), _dare("7", joined=True)
    face = _dare("7")
    assert _number([(apart, _read(apart))], face, colour=apart) is None
    assert _number([(joined, _read(joined))], face, colour=joined) == 7
    only_apart = replace(PARAMS, joined_face_agrees=False)
    assert _number([(joined, _read(joined))], face, only_apart, colour=joined) is None


@pytest.mark.parametrize("number", ["14", "3", "1"])
def test_numbers_with_open_bays_count(number):
    cut = _dare(number, joined=True)
    assert _number([(cut, _read(cut))], _dare(number)) == int(number)


@pytest.mark.parametrize("number", ["6", "16", "10", "8", "9"])
def test_a_number_with_a_digit_a_closed_bay_makes_does_not(number):
    cut = _dare(number)
    assert _read(cut).number == int(number)
    assert _number([(cut, _read(cut))], _dare(number)) is None


def test_a_face_reading_another_number_says_no():
    cut = _dare("5")
    assert _number([(cut, _read(cut))], _dare("3")) is None
    # ... or this one the other way up only
    turned = replace(_read(cut), flipped=True)
    assert not face_agrees(turned, _dare("7"), BANKS, PARAMS)
    assert face_agrees(_read(_dare("7")), _dare("7"), BANKS, PARAMS)


def test_a_corner_or_another_cut_reading_another_number_says_no():
    cut, other = _dare("5"), _dare("3")
    reads = [(cut, _read(cut)), (other, _read(other))]
    assert _number(reads, _dare("5")) is None
    assert _number(reads[:1], _dare("5"), corners={3}) is None
    assert _number(reads[:1], _dare("5"), corners={5}) == 5


def test_a_cut_over_the_papers_centre_never_counts():
    cut = _dare("5")
    assert _number([(cut, _read(cut))], _dare("5"), over_paper=lambda c: c is cut) is None


def test_a_cut_short_of_fully_sure_does_not_count():
    cut = _dare("5")
    unsure = replace(_read(cut), confidence=0.9)
    assert _number([(cut, unsure)], _dare("5")) is None


@pytest.mark.parametrize("seed, index, label, params", [
    (13, 346, "blue-dare-5", replace(PARAMS, joined_face_agrees=False)),  # local cut, two lines
    (12, 1455, "blue-dare-7", replace(PARAMS, every_cut_numbers=False)),  # colour's cut, joined
])
def test_the_scenes_it_numbers(seed, index, label, params):
    """Dev scenes whose face's cut reads the dare surely, not its number (blur ran it into
    the word), while one cut reads it apart or joined and the face leans to it."""
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer(params=RecognizerParams(symbols=params)).top_card(scene.image).label == label
    assert Recognizer(params=RecognizerParams(symbols=OFF)).top_card(scene.image).label == label[:label.rindex("-")]
