"""The demo's bots on the synthetic live table, read by the real pipeline (no Kivy)."""

import time

import pytest

from companion.camerafeed import CameraFeed
from companion.demobot import BotParams, DemoBot
from companion.journal import Journal
from companion.table import TableController
from hardware.buzzer import SilentBuzzer


class FakeTable:
    """Records what the bots put on the pile."""

    def __init__(self):
        self.placed = []

    def place(self, label):
        self.placed.append(label)


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def controller(tmp_path):
    journal = Journal.open(tmp_path / "journal.sqlite3")
    yield TableController(journal, SilentBuzzer("test"))
    journal.close()


def run_bot(controller, bot, clock, camera, steps):
    """Advance the bot; ``camera(label)`` says what the camera makes of a placed card."""
    table = bot.table
    for _ in range(steps):
        clock.now += 0.5
        bot.tick()
        while table.placed:
            camera(table.placed.pop(0))
        if bot.stopped or controller.game.over:
            break


def test_bots_play_through_the_camera_and_taps(controller):
    clock, table = Clock(), FakeTable()
    bot = DemoBot(controller, table, ["Ann", "Ben", "Cat"], seed=3,
                  params=BotParams(pace_s=0.4, target=100), clock=clock)
    bot.start()
    run_bot(controller, bot, clock, controller.camera_play, 4000)
    assert controller.game.over and not bot.stopped
    sources = {e["type"] for e in controller.game.events}
    assert {"deal", "flip", "play", "draw", "hand"} <= sources
    assert bot.sim.game.snapshot() == controller.snapshot()
    first = controller.session.game_id
    for _ in range(60):                               # the winner stays up, then a new game
        clock.now += 0.5
        bot.tick()
    assert controller.session.game_id != first and bot.games == 1
    assert controller.journal.game(first).status == "finished"


def test_bots_correct_a_misread_and_type_a_missed_card(controller):
    clock, table = Clock(), FakeTable()
    bot = DemoBot(controller, table, ["Ann", "Ben"], seed=5,
                  params=BotParams(pace_s=0.4, camera_timeout_s=3.0, target=100), clock=clock)
    bot.start()
    seen = []

    def camera(label):
        seen.append(label)
        if len(seen) == 3:
            return                                    # missed: typed in after the timeout
        if len(seen) == 5:
            other = "wild-dare-1" if label != "wild-dare-1" else "wild-dare-2"
            controller.camera_play(other)             # misread (legal) card: undo and type
            return
        controller.camera_play(label)

    run_bot(controller, bot, clock, camera, 400)
    assert bot.typed_in == 1 and bot.corrections >= 1 and not bot.stopped
    assert bot.sim.game.snapshot() == controller.snapshot()


def test_bots_leave_the_table_when_a_person_undoes(controller):
    clock, table = Clock(), FakeTable()
    bot = DemoBot(controller, table, ["Ann", "Ben"], seed=5,
                  params=BotParams(pace_s=0.4), clock=clock)
    bot.start()
    run_bot(controller, bot, clock, controller.camera_play, 20)
    bot.tick()                                        # the bots have seen every move
    controller.undo()
    bot.tick()
    assert bot.stopped and "undid" in bot.stop_reason


def test_the_real_pipeline_reads_the_bots_cards():
    """Synthetic camera -> capture thread -> recogniser -> tracker -> controller."""
    pytest.importorskip("vision.recognizer")
    from companion.launch import load_recognizer
    from hardware.camera.synthetic import SyntheticSource
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as home:
        journal = Journal.open(Path(home) / "journal.sqlite3")
        controller = TableController(journal, SilentBuzzer("test"))
        source = SyntheticSource(seed=7, fps=30.0, realtime=False)
        feed = CameraFeed(source, load_recognizer())
        bot = DemoBot(controller, source, ["Ann", "Ben", "Cat"], seed=7,
                      params=BotParams(pace_s=0.0, camera_timeout_s=60.0))
        bot.start()
        with feed:
            end = time.monotonic() + 60
            while time.monotonic() < end:
                for msg in feed.poll():
                    if msg.kind == "play":
                        controller.camera_play(msg.card)
                    elif msg.kind == "taken_back":
                        controller.camera_take_back(msg.card)
                bot.tick()
                plays = [e for e in controller.game.events if e["type"] in ("flip", "play")]
                if len(plays) >= 3:
                    break
                time.sleep(0.01)
        journal.close()
    assert len(plays) >= 3, f"the camera read {len(plays)} cards in a minute"
    assert bot.typed_in == 0 and not bot.stopped
    assert controller.snapshot() == bot.sim.game.snapshot()
