"""``uno-companion recognize --dice`` (and ``--dice --all``) from the command line."""

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.synthetic.dice import make_dice_scene

CALM = dict(blur="none", noise="low", jpeg=None, glare="no", light="neutral", hand=False,
            props=False, backs=False, shadow=False, tilt=6.0)


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dice_photos")
    scene = make_dice_scene(np.random.default_rng(31), "center", label="red-4", others=0, **CALM)
    cv2.imwrite(str(folder / "centre.png"), scene.image)
    hand = make_dice_scene(np.random.default_rng(32), "hand", dice=3, **CALM)
    cv2.imwrite(str(folder / "hand.png"), hand.image)
    cv2.imwrite(str(folder / "table.png"), np.full((480, 640, 3), (40, 90, 160), np.uint8))
    (folder / "notes.txt").write_text("not a photo")
    return folder, sorted(label for label, _ in hand.dice)


def lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_dice_flag_reads_the_centre_die_as_json(photos, capsys):
    folder, _ = photos
    images = [folder / "centre.png", folder / "notes.txt", folder / "table.png"]
    assert main(["recognize", "--dice", *map(str, images)]) == 0
    out = lines(capsys.readouterr().out)
    assert [o["image"] for o in out] == list(map(str, images))
    assert out[0]["die"] == "red-4" and len(out[0]["corners"]) == 4 and 0.5 <= out[0]["confidence"] <= 1
    assert set(out[0]) == {"image", "die", "confidence", "corners"}
    assert "error" in out[1]
    assert out[2]["die"] is None and out[2]["corners"] is None


def test_dice_all_reads_a_hand(photos, capsys):
    folder, truth = photos
    assert main(["recognize", "--dice", "--all", str(folder / "hand.png")]) == 0
    (out,) = lines(capsys.readouterr().out)
    assert sorted(d["die"] for d in out["dice"]) == truth


def test_dice_with_a_card_deck_or_nothing_readable_exits_2(photos, capsys):
    folder, _ = photos
    assert main(["recognize", "--dice", "--deck", "x.npz", str(folder / "centre.png")]) == 2
    assert "--deck" in capsys.readouterr().err
    assert main(["recognize", "--dice", str(folder / "notes.txt")]) == 2
    assert "none of the images" in capsys.readouterr().err
