"""bench dice-tracker's measuring: live dice tables scripted, every frame tracked, scored."""

from __future__ import annotations

from vision.sighting import no_card
from vision.synthetic.dice_live_bench import measure


class Blind:
    """A recogniser that never sees a die."""

    def center_die(self, image):
        return no_card(1.0)


def test_the_true_centre_die_gives_every_play_and_take_back_and_a_blind_camera_none():
    # seed 2's script: green-reverse twice running, red-reverse twice and taken back,
    # a shadow, highlights and a flicker
    oracle, whole, frames, _ = measure(seed=2, games=1, plays=10, recognizer=Blind())
    assert frames > 10 * 20
    assert (oracle.plays, oracle.takebacks) == (9, 1)
    assert oracle.plays_found == 9 and oracle.takebacks_found == 1
    assert not oracle.false and not oracle.duplicates
    assert whole.plays_found == 0 and len(whole.missed) == 10
