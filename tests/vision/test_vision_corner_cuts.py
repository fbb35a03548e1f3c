"""Corner recut (vision.corner_cuts): a whole wild card left unnumbered has its corner
indices cut again in their own light; a one-digit number so read counts only when no
fainter mark stands beside its digit (the 1 of an 11-16 a blur or a shadow paled)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from visionkit import dev_scene, read_drawn
from vision.corner_cuts import CornerCutParams, faint_neighbour, numbered_by_recut, recut_corner, recut_corners
from vision.geometry import corner_windows
from vision.indices import index_rows
from vision.ink_lines import character_spans, clean_ink, split_rows
from vision.symbol_params import SymbolParams
from vision.profile import default_profile
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbol_ink import SymbolReading
from vision.synthetic.card import render_card
from vision.synthetic.style import CardStyle

PROFILE = default_profile()
PARAMS = SymbolParams()
CUT = CornerCutParams()
UNNUMBERED = SymbolReading("dare", None, False, 0.0, 0.75, 0.2)


def _wild(number: int, font: int):
    image, _ = render_card(f"wild-dare-{number}", CardStyle(font=font), 224)
    return read_drawn(image)


def _recut(card, face, cut=CUT, ink=None):
    found = numbered_by_recut(UNNUMBERED, card, face.centre, ink, PROFILE.geometry, PROFILE.banks, PARAMS, cut)
    return None if found is None else found.number


def _first_digit_faint(face, share: float = 0.45) -> np.ndarray:
    """The face's card with each corner index's first character paled to ``share`` of its
    contrast with the black field: under the recut's level, above the faint level."""
    card = face.card.copy()
    h, w = card.shape[:2]
    cuts = recut_corners(card, face.centre, PROFILE.geometry, CUT.level, CUT.min_contrast)
    for k, at in enumerate(corner_windows(w, h, PROFILE.geometry)):
        marks = clean_ink(cuts[k])
        a, b = index_rows(split_rows(marks), PARAMS)[0]
        x0, piece = character_spans(marks[a:b])[0]
        window = card[at] if k == 0 else card[at][::-1, ::-1]  # a view: the bottom-right turned upright
        field = float(np.median(window))
        part = window[a:b, x0:x0 + piece.shape[1]].astype(np.float32)
        window[a:b, x0:x0 + piece.shape[1]] = np.clip(field + share * (part - field), 0, 255).astype(np.uint8)
    return card


@pytest.mark.parametrize("number", range(11, 17))
@pytest.mark.parametrize("font", [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX])
def test_a_whole_wild_dare_1x_reads_its_two_digits(number, font):
    face = _wild(number, font)
    assert _recut(face.card, face) == number


@pytest.mark.parametrize("number", range(11, 17))
@pytest.mark.parametrize("font", [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX])
def test_a_wild_dare_1x_whose_first_digit_is_faint_does_not_read_its_last_digit(number, font):
    face = _wild(number, font)
    card = _first_digit_faint(face)
    # Read as surely as 0.8 (the guard must hold at a laxer bar too), without the guard the
    # recut loses the 1 (the failure this guards against) ...
    lax = replace(CUT, min_confidence=0.8)
    assert _recut(card, face, replace(lax, one_digit_guard=False)) == number - 10
    # ... with it, the card stays unnumbered (no centre to help: ink None).
    assert _recut(card, face, lax) is None
    assert _recut(card, face) is None


@pytest.mark.parametrize("number", [2, 4, 7])
def test_a_one_digit_wild_dare_still_reads(number):
    face = _wild(number, cv2.FONT_HERSHEY_DUPLEX)
    assert _recut(face.card, face, ink=face.ink) == number


def test_no_cut_in_a_corner_without_contrast():
    flat = np.full((20, 20), 30.0)
    flat[5:15, 8:12] = 60.0  # 30 grey levels over the field: too little to tell
    assert recut_corner(flat, None, CUT.level, CUT.min_contrast) is None
    flat[5:15, 8:12] = 200.0
    cut = recut_corner(flat, None, CUT.level, CUT.min_contrast)
    assert cut is not None and np.count_nonzero(cut) == 40 and cut[10, 9] == 255


def test_a_mark_left_out_is_not_cut():
    flat = np.full((20, 20), 30.0)
    flat[5:15, 8:12] = 200.0
    off = np.zeros((20, 20), bool)
    off[:, 10:] = True
    assert np.count_nonzero(recut_corner(flat, off, CUT.level, CUT.min_contrast)) == 20


def test_faint_neighbour_sees_a_paled_one_beside_the_digit():
    grey = np.full((52, 48), 20, np.uint8)
    cv2.putText(grey, "3", (22, 30), cv2.FONT_HERSHEY_DUPLEX, 0.8, 230, 2)
    marks = recut_corner(grey, None, CUT.level, CUT.min_contrast)
    assert not faint_neighbour(grey, None, marks, 3, PROFILE.banks, PARAMS, CUT)
    cv2.putText(grey, "1", (6, 30), cv2.FONT_HERSHEY_DUPLEX, 0.8, 100, 2)  # under the recut's level
    assert np.array_equal(recut_corner(grey, None, CUT.level, CUT.min_contrast), marks)
    assert faint_neighbour(grey, None, marks, 3, PROFILE.banks, PARAMS, CUT)


def test_a_wild_dare_left_unnumbered_is_numbered_by_its_recut_corners():
    # Dev seed 10:1451: a large wild dare 4 under a highlight and a blur, its corners'
    # marks cut at the paper's whiteness unread; recut in their own light, both read 4.
    scene = dev_scene(10, 1451)
    assert Recognizer().top_card(scene.image).label == "wild-dare-4"
    off = RecognizerParams(corner_cuts=CornerCutParams(enabled=False))
    assert Recognizer(params=off).top_card(scene.image).label is None
