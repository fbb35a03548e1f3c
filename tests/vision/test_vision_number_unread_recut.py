"""A dare number the face's one cut reads as no number at all is cut again from the card's
grey levels too (SymbolParams.recut_unread): a highlight pales part of a stroke below the
face's cut, while each character cut at its own levels keeps it."""

from dataclasses import replace

import numpy as np

from vision.recognizer import Recognizer, RecognizerParams
from vision.synthetic.scene import make_scene, scene_plan


def test_a_number_glare_paled_reads_from_its_grey_levels_backed_by_a_corner():
    """Seed-1 scene 898: a red dare-13, a highlight across the centre paling the 1 (the
    face's cut leaves a broken stroke that reads neither "#" nor 1, so the line read as no
    number); every cut at its own levels reads 13 faintly, and the corner index reads 13."""
    kind, label, extra = scene_plan(1, 899)[898]
    scene = make_scene(np.random.default_rng([1, 898]), kind, label=label, **extra)
    assert scene.label == "red-dare-13"
    assert Recognizer().top_card(scene.image).label == "red-dare-13"
    params = RecognizerParams()
    off = replace(params, symbols=replace(params.symbols, recut_unread=False))
    assert Recognizer(params=off).top_card(scene.image).label == "red-dare"


def test_a_line_read_as_no_number_stays_unread_when_no_cut_reads_its_last_digit_clearly():
    """Held seed-1 scene 307: a green dare-1 held turned round; the other way up's line,
    which the face's cut reads as no number, is read by its cuts as a 14 leaning by 0.02-0.05
    only. That mush must not stand as a faint 14 beside the word's sure 1 (the word reads
    about alike both ways up, and a rival reading there leaves the dare unnumbered)."""
    from vision.synthetic.held import held_plan, make_held_scene

    kind, label, extra = held_plan(1, 400)[307]
    scene = make_held_scene(np.random.default_rng([1, 307]), kind, label=label, **extra)
    assert scene.label == "green-dare-1"
    assert Recognizer().top_card(scene.image).label == "green-dare-1"
