"""A dare number printed as three characters ("#", then 1, then a digit: 10-16) takes its
middle character for a 1 by its place when it reads likeliest as a 1, however faintly, in the
face's own cut: blur takes a thin stroke's likeness first (vision.number_rows.number_row,
SymbolParams.middle_one_placed).
"""

from dataclasses import replace


from vision.symbol_params import SymbolParams
from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene


def test_a_blurred_middle_one_leaves_a_dare_number_sure_only_with_the_rule_on():
    # A single red dare 12 under motion blur: "#12", its 1 likeliest a 1 at only 0.7, its 2
    # 0.86 (0.08 ahead of a 3); with the 1's likeness weighed, the number reads 0.74 sure.
    scene = dev_scene(1, 876)
    assert scene.label == "red-dare-12"
    assert SymbolParams().middle_one_placed
    assert Recognizer().top_card(scene.image).label == "red-dare-12"
    off = RecognizerParams(symbols=replace(SymbolParams(), middle_one_placed=False))
    assert Recognizer(params=off).top_card(scene.image).label == "red-dare"
