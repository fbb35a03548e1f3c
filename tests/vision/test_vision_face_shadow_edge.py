"""A shadow's edge across the white centre: the centre is the printed oval fitted to the lit
paper's outline, taking in the shaded paper (CentreParams.oval_max_growth, with the lit
field beside the outline brighter than the strips a shadow dimmed: field_max_light), and
the ink in the shaded part is judged against its own light (FaceParams.shaded_part)."""

from dataclasses import replace

import pytest

from vision.recognizer import Recognizer, RecognizerParams
from visionkit import dev_scene



def _params(**centre):
    base = RecognizerParams()
    shaded = centre.pop("shaded_part", base.face.shaded_part)
    return replace(base, face=replace(base.face, shaded_part=shaded, centre=replace(base.face.centre, **centre)))


@pytest.mark.parametrize("seed, index, label", [
    (9, 999, "blue-dare-14"),  # a shadow over the disc's lower half and the word in it
    (9, 1210, "red-9"),        # a shadow over the disc's lower right, the 9 in it
])
def test_the_centre_takes_in_the_paper_a_shadow_dims(seed, index, label):
    scene = dev_scene(seed, index)
    assert scene.label == label
    assert Recognizer().top_card(scene.image).label == label
    # the old bounds: the oval at most 1.6 times the lit paper, the lit field at most 1.25
    # times as bright as the strips
    assert Recognizer(params=_params(oval_max_growth=1.6)).top_card(scene.image).label is None
    assert Recognizer(params=_params(field_max_light=1.25)).top_card(scene.image).label is None


def test_the_ink_in_the_shade_is_judged_in_its_own_light():
    # 12:1241: the "3" of "#13" lies in the shade; without its ink the number reads "#1"
    scene = dev_scene(12, 1241)
    assert scene.label == "green-dare-13"
    assert Recognizer().top_card(scene.image).label == "green-dare-13"
    assert Recognizer(params=_params(shaded_part=0.0)).top_card(scene.image).label != "green-dare-13"
