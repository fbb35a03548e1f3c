"""``uno-companion recognize`` and ``uno-companion teach`` from the command line."""

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.synthetic import CardStyle, make_scene

STYLE = CardStyle(design="classic", font=cv2.FONT_HERSHEY_DUPLEX, seed=3)
CALM = dict(blur="none", noise="low", jpeg=None, glare="no", light="neutral", hand=False,
            props=False, backs=False, shadow=False, tilt=5.0)


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("photos")
    for i, label in enumerate(["red-7", "blue-skip", "green-dare-12"]):
        scene = make_scene(np.random.default_rng([9, i]), "single", style=STYLE, label=label, **CALM)
        cv2.imwrite(str(folder / f"{label}_1.png"), scene.image)
    cv2.imwrite(str(folder / "table.png"), np.full((480, 640, 3), (40, 90, 160), np.uint8))
    (folder / "notes.txt").write_text("not a photo")
    return folder


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_recognize_prints_one_json_line_per_image_and_goes_on_after_errors(photos, capsys):
    images = [photos / "red-7_1.png", photos / "notes.txt", photos / "missing.png", photos / "table.png",
              photos / "blue-skip_1.png"]
    assert main(["recognize", *map(str, images)]) == 0
    out = lines(capsys.readouterr().out)
    assert [o["image"] for o in out] == list(map(str, images))
    assert out[0]["card"] == "red-7" and len(out[0]["corners"]) == 4 and 0 < out[0]["confidence"] <= 1
    assert "error" in out[1] and "error" in out[2]
    assert out[3] == {"image": str(images[3]), "card": None, "confidence": out[3]["confidence"], "corners": None}
    assert out[4]["card"] == "blue-skip"
    assert set(out[0]) == {"image", "card", "confidence", "corners"}


def test_recognize_exits_2_when_nothing_could_be_read(photos, capsys):
    assert main(["recognize", str(photos / "notes.txt"), str(photos / "missing.png")]) == 2
    captured = capsys.readouterr()
    assert len(lines(captured.out)) == 2 and "none of the images" in captured.err


def test_recognize_all_lists_cards(photos, capsys):
    assert main(["recognize", "--all", str(photos / "green-dare-12_1.png")]) == 0
    (out,) = lines(capsys.readouterr().out)
    assert [c["card"] for c in out["cards"]] == ["green-dare-12"]


def test_teach_writes_a_profile_that_recognize_uses(photos, tmp_path, capsys):
    deck = tmp_path / "deck.npz"
    assert main(["teach", "--out", str(deck), str(photos)]) == 0
    out = capsys.readouterr().out
    assert "taught 3 cards" in out and "table.png" in out
    assert main(["recognize", "--deck", str(deck), str(photos / "red-7_1.png")]) == 0
    assert lines(capsys.readouterr().out)[0]["card"] == "red-7"


def test_teach_and_recognize_say_what_went_wrong(tmp_path, capsys):
    assert main(["teach", "--out", str(tmp_path / "d.npz"), str(tmp_path / "nowhere")]) == 2
    assert "not a folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["teach", "--out", str(tmp_path / "d.npz"), str(tmp_path / "empty")]) == 2
    assert "no labelled photos" in capsys.readouterr().err
    bogus = tmp_path / "bogus.npz"
    bogus.write_text("x")
    assert main(["recognize", "--deck", str(bogus), str(bogus)]) == 2
    assert "not a deck profile" in capsys.readouterr().err
