"""A digit a centre cut reads fully surely, without a corner index's backing, gives way to a
corner index reading another digit surely (GreyParams.cut_corner_veto): a highlight over an
8's right half leaves a sure 7 in the cut; the corner index, printed apart, reads 8. A spread
hand's cards are read without it (their corner indices often lie under the neighbour card)."""

from functools import partial

import vision.card_reader as card_reader_module
import vision.recognizer as recognizer_module
from vision.grey_params import GreyParams
from vision.recognizer import Recognizer
from vision.symbols import read_symbol

from visionkit import dev_scene


def test_a_cut_digit_a_corner_reads_otherwise_is_unsure_on_the_pile_only(monkeypatch):
    scene = dev_scene(9, 649)  # a red 8 under a highlight and a shadow
    assert scene.label == "red-8"
    assert GreyParams().cut_corner_veto
    assert not recognizer_module._SPREAD_GREY.cut_corner_veto
    assert Recognizer().top_card(scene.image).label != "red-7"
    # all_cards reads it without the veto: the 7 the cut reads.
    assert "red-7" in [s.label for s in Recognizer().all_cards(scene.image)]
    monkeypatch.setattr(card_reader_module, "read_symbol", partial(read_symbol, grey=GreyParams(cut_corner_veto=False)))
    assert Recognizer().top_card(scene.image).label == "red-7"
