"""The UNO Dice demo's bots and its terminal mode (no camera, no Kivy)."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.demobot import BotParams
from companion.demobot_dice import DiceDemoBot
from companion.journal import Journal
from companion.table import TableController
from hardware.buzzer import SilentBuzzer


class FakeDiceTable:
    """The centre of a dice table: what the bots put down, and what a camera sees of it.

    ``camera`` is told each die as it lands (``play``) and, on a take-back, the die lifted
    (``taken_back``) and the one put back in the centre as a new sighting (``play``): the
    worst a tracker could make of a challenge."""

    def __init__(self):
        self.placed: list = []
        self.center: list[str] = []
        self.take_backs = 0

    def place(self, label):
        self.placed.append(("play", label))

    def take_back(self):
        self.take_backs += 1
        self.placed.append(("taken_back", None))

    def show(self, controller, misread=None):
        while self.placed:
            kind, label = self.placed.pop(0)
            if kind == "play":
                self.center.append(label)
                controller.camera_play(misread(label) if misread else label)
            else:
                lifted = self.center.pop()
                controller.camera_take_back(lifted)
                controller.camera_play(self.center[-1])


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


def play(controller, bot, clock, steps, misread=None):
    for _ in range(steps):
        clock.now += 0.5
        bot.tick()
        bot.table.show(controller, misread)
        if bot.stopped or controller.game.over:
            break


@pytest.mark.parametrize("seed,players", [(3, 3), (4, 3), (9, 2)])
def test_dice_bots_play_a_whole_game_through_the_camera_and_the_taps(controller, seed, players):
    clock, table = Clock(), FakeDiceTable()
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    bot = DiceDemoBot(controller, table, names, seed=seed,
                      params=BotParams(pace_s=0.4, target=200), clock=clock)
    bot.start()
    play(controller, bot, clock, 20000)
    assert controller.game.over and not bot.stopped
    assert bot.typed_in == 0 and bot.corrections == 0
    assert bot.sim.game.snapshot() == controller.snapshot()
    events = controller.game.events
    kinds = {e["type"] for e in events}
    assert {"start", "play", "reroll", "hand"} <= kinds
    assert table.center[-1] == controller.snapshot()["top"]
    if seed == 4:   # this game has a challenged Wild Draw 4: the die swap is no play
        assert table.take_backs == 1 and "challenge" in kinds
    first = controller.session.game_id
    for _ in range(60):                               # the winner stays up, then a new game
        clock.now += 0.5
        bot.tick()
    assert controller.session.game_id != first and bot.games == 1
    assert controller.snapshot()["mode"] == "dice"


def test_the_first_round_waits_for_who_rolled_and_later_rounds_start_on_the_die(controller):
    clock, table = Clock(), FakeDiceTable()
    bot = DiceDemoBot(controller, table, ["Ann", "Ben"], seed=9,
                      params=BotParams(pace_s=0.4, target=200), clock=clock)
    bot.start()
    play(controller, bot, clock, 20000)
    starts = [e for e in controller.game.events if e["type"] == "start"]
    assert len(starts) >= 2 and "first" in starts[0] and all("first" not in e for e in starts[1:])
    assert bot.typed_in == 0    # every start came from the centre die the camera saw


def test_dice_bots_undo_a_misread_die_and_type_in_a_missed_one(controller):
    clock, table = Clock(), FakeDiceTable()
    bot = DiceDemoBot(controller, table, ["Ann", "Ben", "Cat"], seed=5,
                      params=BotParams(pace_s=0.4, camera_timeout_s=3.0, target=100), clock=clock)
    bot.start()
    seen = []

    def camera(label):
        seen.append(label)
        if len(seen) == 3:
            return "red-skip-nothing"                 # unreadable: "no die", typed in later
        if len(seen) == 5:
            return "wild" if label != "wild" else "wild-draw4"   # misread: undone, typed
        return label

    play(controller, bot, clock, 600, misread=camera)
    assert bot.typed_in == 1 and bot.corrections >= 1 and not bot.stopped
    assert bot.sim.game.snapshot() == controller.snapshot()


def test_terminal_dice_demo_plays_a_whole_game(capsys):
    assert main(["demo", "--terminal", "--mode", "dice", "--players", "Ann,Ben,Cat",
                 "--seed", "2", "--target", "150"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert '"type":"game","mode":"dice"' in lines[0]
    assert any('"type":"start"' in line for line in lines)
    assert any('"die":' in line for line in lines) and "pouch" in out
    assert lines[-1].endswith("wins the game.")


def test_dice_demo_refuses_five_players(capsys):
    assert main(["demo", "--terminal", "--mode", "dice", "--players", "A,B,C,D,E"]) == 2
    assert "UNO Dice seats 2-4 players" in capsys.readouterr().err


def test_with_no_display_the_dice_demo_plays_in_the_terminal(capsys, monkeypatch):
    import companion.launch

    monkeypatch.setattr(companion.launch, "has_display", lambda: False)
    assert main(["demo", "--mode", "dice", "--players", "Ann,Ben", "--seed", "4",
                 "--target", "100"]) == 0
    captured = capsys.readouterr()
    assert "no display" in captured.err
    assert '"mode":"dice"' in captured.out and captured.out.rstrip().endswith("wins the game.")


def test_the_camera_feed_follows_the_game_in_play(controller):
    from companion.camerafeed import CameraFeed, follow_game
    from hardware.camera import ListSource

    feed = CameraFeed(ListSource([]), {"dare": None, "dice": None})
    follow_game(feed, controller)
    controller.new_game({"type": "game", "mode": "dice", "players": ["Ann", "Ben"]})
    assert feed.reading == "dice"
    controller.new_game({"type": "game", "mode": "dare", "players": ["Ann", "Ben"]})
    assert feed.reading == "dare"
