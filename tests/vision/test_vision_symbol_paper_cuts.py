"""The centre cut again over the centre its paper shows (GreyParams.paper_cuts, on; digits
read there count for nothing, paper_digits off): a highlight that lets a crescent of the
field into the white centre, joined to the print, leaves the cuts over the whole centre a
mark no template fits, while the paper's hull leaves the crescent out."""

from dataclasses import replace
from functools import partial

import numpy as np
import pytest

import vision.card_reader as card_reader_module
from vision.glare_dare import GlareDareParams
from vision.mark_grey import GreyParams
from vision.recognizer import Recognizer, RecognizerParams
from vision.symbols import read_symbol
from vision.synthetic.scene import make_scene, scene_plan


@pytest.mark.parametrize("seed, index, label", [
    (3, 1146, "red-skip"),  # a skip: no corner digit backs it, two measures agree over the paper
    (5, 91, "blue-dare-13"),  # a dare whose word and number the paper's grey cut reads
])
def test_a_mark_a_highlight_joined_to_the_field_reads_over_the_papers_centre(monkeypatch, seed, index, label):
    kind, plan_label, extra = scene_plan(seed, 2000)[index]
    scene = make_scene(np.random.default_rng([seed, index]), kind, label=plan_label, **extra)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    # Without the cuts over the paper's centre the card is "no card" (with the centre found
    # as before the shadow's edge rule: an oval fitted to the lit paper's outline past its
    # hull reads 5:91 too; see test_vision_face_shadow_edge.py). The skip's corners read it
    # too (SymbolParams.corner_action_score, vision.corner_ties), and the dare's corners
    # print the word above a 13 (SymbolParams.corner_word_score) and recut both read 13
    # (CornerCutParams.unsure_two_digits; vision.glare_dare reads the 13 too): off here.
    monkeypatch.setattr(card_reader_module, "read_symbol", partial(read_symbol, grey=GreyParams(paper_cuts=False)))
    base = RecognizerParams()
    held = replace(base, face=replace(base.face, shaded_part=0.0, centre=replace(
        base.face.centre, oval_max_growth=1.6, field_max_light=1.25)),
        symbols=replace(base.symbols, corner_action_score=0.0, corner_word_score=0.0),
        corner_cuts=replace(base.corner_cuts, unsure_two_digits=False), glare_dare=GlareDareParams(enabled=False))
    assert Recognizer(params=held).top_card(scene.image).label is None


def test_paper_cuts_are_on_and_their_digits_count_for_nothing():
    grey = GreyParams()
    assert grey.paper_cuts and not grey.paper_digits and grey.paper_dare_veto
