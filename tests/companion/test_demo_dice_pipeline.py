"""UNO Dice through the real pipeline: synthetic dice camera -> capture thread -> dice
recogniser -> tracker -> table controller, with the demo's bots (no Kivy)."""

from __future__ import annotations

import time

import cv2
import pytest

from companion.camerafeed import CameraFeed
from companion.demobot import BotParams
from companion.demobot_dice import DiceDemoBot
from companion.demoloop import drive, hand_over
from companion.journal import Journal
from companion.readers import DiceReader, game_readers
from companion.table import TableController
from hardware.buzzer import SilentBuzzer
from hardware.camera import CaptureThread
from hardware.camera.synthetic import SyntheticDiceSource


def every_frame(source, on_status=None):
    """A capture thread that hands over every frame (the test is not a live camera)."""
    return CaptureThread(source, drop_stale=False, on_status=on_status)


@pytest.fixture
def controller(tmp_path):
    cv2.setNumThreads(1)
    journal = Journal.open(tmp_path / "journal.sqlite3")
    yield TableController(journal, SilentBuzzer("test"))
    journal.close()


def run_until(controller, feed, bot, done, timeout=40.0):
    end = time.monotonic() + timeout
    drive(controller, feed, bot, lambda: done() or time.monotonic() > end, poll_s=0.005)


def test_a_placed_die_becomes_exactly_one_play(controller):
    source = SyntheticDiceSource(seed=2, realtime=False)
    feed = CameraFeed(source, DiceReader(), capture_factory=every_frame)
    plays = []
    with feed:
        for label in ("red-3", "red-3", "wild"):   # the same face again, in a new place
            source.place(label)
            source.table.idle(12)
            end = time.monotonic() + 15
            while time.monotonic() < end and (source.busy or len(plays) < len(source.truth)):
                plays += [m.card for m in feed.poll() if m.kind == "play"]
                time.sleep(0.01)
        time.sleep(0.3)
        plays += [m.card for m in feed.poll() if m.kind == "play"]
    assert [e.card for e in source.truth] == ["red-3", "red-3", "wild"]
    assert plays == ["red-3", "red-3", "wild"]


def test_the_dice_bots_game_through_the_camera_is_the_game_they_played(controller):
    source = SyntheticDiceSource(seed=7, realtime=False)
    feed = CameraFeed(source, game_readers(), mode="dice", capture_factory=every_frame)
    bot = DiceDemoBot(controller, source, ["Ann", "Ben", "Cat"], seed=7,
                      params=BotParams(pace_s=0.0, camera_timeout_s=30.0))
    bot.start()

    def placed():
        return [e for e in controller.game.events if e["type"] in ("start", "play")]

    with feed:
        run_until(controller, feed, bot, lambda: len(placed()) >= 5 and bot.waiting is None)
    assert len(placed()) >= 5, f"the camera read {len(placed())} dice"
    assert feed.mode == "dice" and not bot.stopped
    assert bot.typed_in == 0 and bot.corrections == 0
    assert controller.snapshot() == bot.sim.game.snapshot()
    truth = [e.card for e in source.truth if e.event == "play"]
    assert [e.get("die", e.get("center")) for e in placed()] == truth[:len(placed())]


def test_a_challenge_swaps_the_centre_die_back_without_a_play_or_an_undo(controller):
    source = SyntheticDiceSource(seed=3, realtime=False)
    feed = CameraFeed(source, DiceReader(), capture_factory=every_frame)
    controller.new_game({"type": "game", "mode": "dice", "players": ["Ann", "Ben"]})
    controller.choose_first("Ann")

    def settle(n_events):
        end = time.monotonic() + 15
        while time.monotonic() < end and (source.busy or len(controller.game.events) < n_events):
            hand_over(feed, controller)
            time.sleep(0.01)
        for _ in range(40):          # the tracker's last frames after the hand has gone
            hand_over(feed, controller)
            time.sleep(0.01)

    with feed:
        source.place("red-3")
        settle(2)
        assert controller.game.events[-1] == {"type": "start", "center": "red-3", "first": "Ann"}
        source.place("wild-draw4")
        settle(3)
        assert controller.game.events[-1] == {"type": "play", "die": "wild-draw4"}
        source.take_back()            # the challenged die back to Ann, red-3 back in the centre
        assert controller.challenge().accepted
        settle(4)
    assert [e["type"] for e in controller.game.events] == ["game", "start", "play", "challenge"]
    snap = controller.snapshot()
    assert snap["top"] == "red-3" and controller.pending_illegal is None
    assert "taken back" not in controller.message
    assert [p["cards"] for p in snap["players"]] == [9, 5]
    assert [e.event for e in source.truth] == ["play", "play", "taken_back"]
