"""One corner index alone numbers a dare whose centre reads no number, when a centre cut
reads a dare fully surely (matching it at least SymbolParams.one_corner_dare), the corner's
number has two digits (10-16: only a dare carries one), the other corner says nothing
against it (reads no number surely, leans to no other) and no cut reads another number but
its last digit alone. A one-digit number, a corner against, or no sure dare in the centre
is not enough. The face's own cut reading the dare surely without its number is numbered so
too, unless a way up of the face's number line reads another number even corner_agree_min
surely (SymbolParams.one_corner_face_dare: both corners of a blurred card can misread
alike). (A wild card's own rule, with its centre as the check against a blurred bold
2 read a sure 7 in one corner: test_vision_symbol_wild_one_corner.)"""

import pytest

import vision.corner_leans as leans_module
from vision.indices import CornerIndices
from vision.corner_cuts import CornerCutParams
from vision.glare_dare import GlareDareParams
from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from visionkit import dev_scene


@pytest.mark.parametrize("seed, index, label", [
    (1, 416, "red-dare-16"),    # motion blur: the colour cut reads a sure dare 6 (its 1 lost)
])
def test_a_sure_dare_takes_the_number_one_corner_reads(seed, index, label):
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    # vision.glare_dare reads 1:416's 16 too (its corners and the centre's print): off here.
    off = RecognizerParams(symbols=SymbolParams(one_corner_dare=0.0), glare_dare=GlareDareParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label != label


def _dare(number=None, score=0.8, confidence=1.0, symbol="dare"):
    return (None, SymbolReading(symbol, number, False, confidence, score=score))


@pytest.mark.parametrize("readings, lean, reads, expected", [
    ([{14}, set()], (None, 0.0), [_dare()], 14),         # one corner 14, the other none, a sure dare: 14
    ([{16}, set()], (16, 0.1), [_dare(6)], 16),          # a cut that lost the 16's 1 reads 6: no vote against
    ([{14}, set()], (None, 0.0), [_dare(13)], None),     # a cut reading another number surely
    ([{9}, set()], (None, 0.0), [_dare()], None),        # one digit: a digit card's corner reads it too
    ([{14}, {13}], (13, 1.0), [_dare()], None),          # the other corner reads another number
    ([{15}, set()], (13, 0.3), [_dare()], None),         # ... or leans to another
    ([{14}, set()], (None, 0.0), [_dare(score=0.3)], None),       # a dare matched poorly
    ([{14}, set()], (None, 0.0), [_dare(confidence=0.5)], None),  # a dare read short of fully sure
    ([{14}, set()], (None, 0.0), [_dare(symbol="7")], None),      # no cut reads a dare
])
def test_one_corner_needs_a_sure_dare_and_no_vote_against(monkeypatch, readings, lean, reads, expected):
    monkeypatch.setattr(CornerIndices, "reading", lambda self, k: readings[k])
    monkeypatch.setattr(leans_module, "likeliest", lambda indices, k: lean)
    params = SymbolParams()
    got = leans_module.sure_dare_by_one_corner(reads, CornerIndices(((), ()), None, params), params)
    assert (None if got is None else got.number) == expected
    if got is not None:
        assert got.symbol == "dare" and got.confidence == params.corner_agreed


@pytest.mark.parametrize("seed, index, label, closed", [
    (1, 712, "green-dare-14", "0689"),  # a shaded centre: the face's cut reads the dare surely,
    (11, 1647, "blue-dare-16", ""),     # not its number; one corner reads it, the other nothing
])
def test_the_faces_sure_unnumbered_dare_takes_the_number_one_corner_reads(seed, index, label, closed):
    scene = dev_scene(seed, index)
    assert scene.label == label
    on = RecognizerParams(symbols=SymbolParams(one_corner_face_closed=closed))
    assert Recognizer(params=on).top_card(scene.image).label == label
    # The coloured dares' corner recut off too: it numbers 1:712 rightly by itself.
    off = RecognizerParams(symbols=SymbolParams(one_corner_face_dare=False),
                           corner_cuts=CornerCutParams(coloured_dares=False))
    assert Recognizer(params=off).top_card(scene.image).label == label[:label.rindex("-")]


def test_a_number_with_a_digit_a_closed_bay_makes_is_not_taken_from_one_corner():
    """dev 11:1647 blue-dare-16: one corner alone reads 16 rightly, but a 15 whose 5 blur
    closed reads 16 as well (dev 13:1570), and a 15 read 10 by every cue (12:149): by
    default (one_corner_face_closed "0689") a 16 or a 10 stays unnumbered."""
    scene = dev_scene(11, 1647)
    assert Recognizer().top_card(scene.image).label == "blue-dare"


def test_a_spread_fifteen_read_ten_by_every_cue_stays_unnumbered():
    """dev 12:149: a spread's blue-dare-15, one corner a sure 10 (the 5's bays closed), the
    other leaning 10 faintly, the face's number line 10 too; with any number allowed
    (one_corner_face_closed "") it was read blue-dare-10."""
    scene = dev_scene(12, 149)
    truth = [label for label, *_ in scene.cards]
    labels = [card.label for card in Recognizer().all_cards(scene.image)]
    assert "blue-dare-15" in truth and "blue-dare-10" not in labels


@pytest.mark.parametrize("seed, index, label", [
    (13, 1570, "yellow-dare-15"),  # one corner reads a sure 16, the other leans 16; the face's line 15
    (15, 297, "green-dare-11"),    # one corner reads a sure 12, the other leans 12; the face's line 1
])
def test_both_corners_misread_alike_give_way_to_the_faces_number_line(seed, index, label):
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label in (label, label[:label.rindex("-")])


@pytest.mark.parametrize("readings, centre, expected", [
    ([{14}, set()], [(None, 0.0)], 14),           # the face's line reads nothing: the corner's 14
    ([{14}, set()], [(14, 0.9), (None, 0.0)], 14),  # ... or the same number
    ([{16}, set()], [(6, 0.7)], 16),              # ... or its last digit alone (a 1 lost)
    ([{16}, set()], [(15, 0.41)], None),          # another number, however faintly
    ([{12}, set()], [(None, 0.0), (1, 0.58)], None),  # ... either way up
    ([{16}, set()], [(15, 0.05)], 16),            # ... but under corner_agree_min
    ([{7}, set()], [(None, 0.0)], None),          # one digit: a digit card's corner reads it too
])
def test_the_faces_sure_dare_needs_its_number_line_not_against(monkeypatch, readings, centre, expected):
    monkeypatch.setattr(CornerIndices, "reading", lambda self, k: readings[k])
    monkeypatch.setattr(leans_module, "likeliest", lambda indices, k: (None, 0.0))
    monkeypatch.setattr(leans_module, "centre_numbers", lambda ink, banks, params: centre)
    params = SymbolParams(one_corner_face_closed="")
    face = SymbolReading("dare", None, True, 0.9, score=0.7)
    got = leans_module.face_dare_by_one_corner(face, lambda: [_dare()], CornerIndices(((), ()), None, params),
                                               None, None, params)
    assert (None if got is None else got.number) == expected
    if got is not None:
        assert (got.symbol, got.flipped, got.confidence) == ("dare", True, params.corner_agreed)
