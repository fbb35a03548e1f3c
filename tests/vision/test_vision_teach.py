"""Deck profiles: the default, saving and loading, and teaching a deck from labelled photos."""

import cv2
import numpy as np
import pytest

from companion.engine.errors import LabelError
from vision.profile import DeckProfile, ProfileError, default_profile, label_from_filename, teach
from vision.recognizer import Recognizer
from vision.synthetic import CardStyle, make_scene

#: A deck the default profile does not know: a teal "green" (nearer the default blue than the
#: default green) and a script font for every mark.
ODD_DECK = CardStyle(
    design="disc", font=cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, thickness_scale=1.3, italic=False,
    palette={"red": (60, 20, 200), "yellow": (0, 170, 250), "green": (150, 180, 0),
             "blue": (200, 90, 40), "black": (30, 30, 30)},
    dare_layout="word_below", dare_word="DARE", seed=11)
CALM = dict(blur="none", noise="low", jpeg=None, glare="no", light="neutral", hand=False,
            props=False, backs=False, shadow=False, tilt=5.0)


@pytest.mark.parametrize("name,label", [("red-7_1.jpg", "red-7"), ("wild-dare-12_a.png", "wild-dare-12"),
                                        ("blue-skip.png", "blue-skip"), ("Green-Dare-3 (2).JPG", "green-dare-3"),
                                        ("wild-dare.png", "wild-dare")])
def test_label_from_filename(name, label):
    assert label_from_filename(name) == label


@pytest.mark.parametrize("name", ["IMG_0001.jpg", "purple-3.png", "red-10_1.jpg"])
def test_a_file_name_without_a_label_is_refused(name):
    with pytest.raises(LabelError):
        label_from_filename(name)


def test_default_profile_is_built_once_and_kept():
    assert default_profile().banks is default_profile().banks
    assert {"0", "9", "skip", "reverse", "dare"} <= set(default_profile().banks.glyph.labels)


def test_a_profile_round_trips_through_a_small_file(tmp_path):
    photos = [(lab, make_scene(np.random.default_rng([5, i]), "single", style=ODD_DECK, label=lab, **CALM).image)
              for i, lab in enumerate(["green-4", "blue-skip", "red-dare-7"])]
    profile = teach(photos, name="odd")
    path = tmp_path / "odd.npz"
    profile.save(path)
    assert path.stat().st_size < 64_000
    loaded = DeckProfile.load(path)
    assert loaded.name == "odd" and loaded.hues == pytest.approx(profile.hues)
    assert loaded.taught == profile.taught
    for kind in ("glyph", "word", "digit"):
        assert getattr(loaded.banks, kind).labels == getattr(profile.banks, kind).labels
        assert np.allclose(getattr(loaded.banks, kind).vectors, getattr(profile.banks, kind).vectors, atol=2e-3)


def test_loading_something_else_says_so(tmp_path):
    bad = tmp_path / "notes.npz"
    bad.write_text("hello")
    with pytest.raises(ProfileError, match="not a deck profile"):
        DeckProfile.load(bad)
    with pytest.raises(ProfileError, match="no deck profile"):
        DeckProfile.load(tmp_path / "missing.npz")


def test_teaching_a_few_photos_of_an_odd_deck_makes_it_readable():
    teach_labels = ([f"{c}-{n}" for c, n in zip(["red", "green", "blue", "yellow"] * 3, range(10))]
                    + ["blue-skip", "green-reverse"]
                    + [f"{c}-dare-{n}" for c, n in zip(["yellow", "red", "green", "blue"] * 4, range(1, 17))]
                    + ["wild-dare-3"])
    photos = [(lab, make_scene(np.random.default_rng([1, i]), "single", style=ODD_DECK, label=lab, **CALM).image)
              for i, lab in enumerate(teach_labels)]
    profile = teach(photos)
    assert len(profile.taught) >= 0.9 * len(teach_labels)
    test_labels = ([f"{c}-{n}" for c in ("green", "blue") for n in range(10)]
                   + [f"{c}-dare-{n}" for c in ("red", "green") for n in (2, 5, 9, 11, 14, 16)]
                   + ["red-skip", "yellow-reverse", "wild-dare-6"])
    scenes = [make_scene(np.random.default_rng([2, i]), "single", style=ODD_DECK, label=lab, **CALM)
              for i, lab in enumerate(test_labels)]

    def score(recognizer):
        answers = [recognizer.top_card(s.image).label for s in scenes]
        right = sum(a == s.label for a, s in zip(answers, scenes))
        wrong = sum(a is not None and a != s.label for a, s in zip(answers, scenes))
        return right, wrong

    default_right, default_wrong = score(Recognizer())
    taught_right, taught_wrong = score(Recognizer(profile))
    assert taught_wrong == 0
    assert taught_right >= 0.9 * len(scenes)
    assert taught_right > default_right
