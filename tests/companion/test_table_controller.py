"""TableController: the GUI-free event path of the touchscreen (taps, camera, buttons, timer)."""

import pytest

from companion.engine.errors import IllegalEventError
from companion.journal import Journal
from companion.table import TableController
from hardware.buzzer import SilentBuzzer


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def game_line(players=("Ann", "Ben"), **options):
    opts = {"uno_timer_s": 5, "uno_auto_penalty": False}
    opts.update(options)
    return {"type": "game", "mode": "dare", "players": list(players), "dare_list": "family",
            "target": 500, "scoring": "standard", "options": opts}


@pytest.fixture
def journal(tmp_path):
    j = Journal.open(tmp_path / "journal.sqlite3")
    yield j
    j.close()


@pytest.fixture
def clock():
    return FakeClock()


def make(journal, clock, players=("Ann", "Ben"), **options):
    buzzer = SilentBuzzer("test")
    ctl = TableController(journal, buzzer, clock=clock)
    seen = []
    ctl.listen(seen.append)
    ctl.new_game(game_line(players, **options))
    ctl.seen = seen
    return ctl, buzzer


def started(journal, clock, **options):
    """Ann and Ben, Ben deals, starter red-5: Ann is up."""
    ctl, buzzer = make(journal, clock, **options)
    assert ctl.deal("Ben").accepted
    assert ctl.camera_play("red-5").accepted          # the camera reads the starter card
    assert ctl.snapshot()["current"] == "Ann"
    return ctl, buzzer


ANN = ["red-1", "red-3", "red-6", "red-8", "red-1", "red-3"]
BEN = ["red-2", "red-4", "red-7", "red-9", "red-2"]


def ann_down_to_one(ctl):
    for i, label in enumerate(ANN):
        assert ctl.camera_play(label).accepted, ctl.message
        if i < len(BEN):
            assert ctl.camera_play(BEN[i]).accepted, ctl.message
    assert ctl.snapshot()["players"][0]["cards"] == 1


def test_rejected_tap_changes_nothing_buzzes_and_says_why(journal, clock):
    ctl, buzzer = started(journal, clock)
    assert ctl.draw().accepted
    lines = len(journal.lines(ctl.session.game_id))
    before = ctl.snapshot()
    out = ctl.draw()
    assert not out.accepted
    assert "Ann has drawn already" in out.reason
    assert out.reason[0].isupper()
    assert buzzer.played[-1] == "illegal"
    assert ctl.snapshot() == before
    assert len(journal.lines(ctl.session.game_id)) == lines
    assert ctl.message == out.reason
    assert ctl.seen[-1] is out


def test_accepted_events_are_journaled_with_buzzer_pattern_and_message(journal, clock):
    ctl, buzzer = started(journal, clock)
    out = ctl.camera_play("red-dare-3")                 # Ann plays a dare: Ben is dared
    assert out.accepted and out.source == "camera"
    assert out.pattern == "dare" and buzzer.played[-1] == "dare"
    assert "Ben is dared" in out.message
    out = ctl.dare("failed")
    assert out.pattern == "penalty"
    assert ctl.snapshot()["players"][1]["cards"] == 9
    assert journal.events(ctl.session.game_id)[-1] == {"type": "dare", "outcome": "failed"}


def test_camera_illegal_play_is_held_then_allowed_with_override(journal, clock):
    ctl, buzzer = started(journal, clock)
    assert ctl.camera_play("blue-7") is None
    pending = ctl.pending_illegal
    assert pending.card == "blue-7" and pending.player == "Ann"
    assert "does not match" in pending.reason
    assert buzzer.played[-1] == "illegal"
    assert ctl.snapshot()["top"] == "red-5"             # nothing applied yet
    assert ctl.button_action("draw") is None            # only a tap answers the question
    out = ctl.allow_illegal()
    assert out.accepted and ctl.pending_illegal is None
    assert journal.events(ctl.session.game_id)[-1] == {"type": "play", "card": "blue-7",
                                                       "override": True}
    assert ctl.snapshot()["top"] == "blue-7"


def test_camera_illegal_play_taken_back_records_nothing(journal, clock):
    ctl, _ = started(journal, clock)
    n = len(ctl.game.events)
    ctl.camera_play("blue-7")
    ctl.take_back_illegal()
    assert ctl.pending_illegal is None and "takes blue 7 back" in ctl.message
    # the camera then sees the card lifted: no undo of the starter card
    assert ctl.camera_take_back("blue-7") is None
    assert len(ctl.game.events) == n
    # or the player just lifts it without a tap
    ctl.camera_play("green-8")
    assert ctl.pending_illegal is not None
    assert ctl.camera_take_back("green-8") is None
    assert ctl.pending_illegal is None and len(ctl.game.events) == n


def test_taken_back_last_play_is_undone_but_not_an_older_one(journal, clock):
    ctl, _ = started(journal, clock)
    ctl.camera_play("red-7")
    ctl.camera_play("red-9")
    out = ctl.camera_take_back("red-9")
    assert out.accepted and out.event == {"type": "undo"} and out.source == "camera"
    assert out.message == "Undone: Ben played red 9."
    assert ctl.snapshot()["top"] == "red-7" and ctl.snapshot()["current"] == "Ben"
    ctl.draw()
    assert ctl.camera_take_back("red-7") is None        # a draw came after it
    assert "tap Undo" in ctl.message
    assert ctl.snapshot()["top"] == "red-7"


def test_uno_timer_strict_option_catches_at_expiry(journal, clock):
    ctl, buzzer = started(journal, clock, uno_timer_s=5, uno_auto_penalty=True)
    ann_down_to_one(ctl)
    who, left, expired = ctl.uno_countdown()
    assert (who, left, expired) == ("Ann", 5.0, False)
    clock.now += 3.0
    assert ctl.tick() is None and "uno_closing" not in buzzer.played
    clock.now += 0.6                                    # 1.4 s left: the closing buzz, once
    ctl.tick()
    assert buzzer.played[-1] == "uno_closing"
    ctl.tick()
    assert buzzer.played.count("uno_closing") == 1
    clock.now += 2.0
    out = ctl.tick()
    assert out.accepted and out.source == "timer"
    assert out.event == {"type": "catch", "player": "Ann"}
    assert ctl.snapshot()["players"][0]["cards"] == 3
    assert ctl.uno_countdown() is None


def test_uno_timer_without_strict_option_leaves_catch_open_until_next_player(journal, clock):
    ctl, _ = started(journal, clock, uno_timer_s=2)
    ann_down_to_one(ctl)
    clock.now += 10
    assert ctl.tick() is None
    assert ctl.uno_countdown() == ("Ann", 0.0, True)
    assert ctl.catchable() == "Ann"
    ctl.draw()                                          # Ben begins: too late
    assert ctl.catchable() is None and ctl.uno_countdown() is None
    out = ctl.catch()
    assert not out.accepted and out.pattern is None     # refused without an illegal buzz


def test_uno_tap_stops_the_countdown(journal, clock):
    ctl, _ = started(journal, clock)
    ann_down_to_one(ctl)
    assert ctl.uno_player() == "Ann"
    out = ctl.uno()
    assert out.accepted and out.event == {"type": "uno", "player": "Ann"}
    assert ctl.uno_countdown() is None and ctl.catchable() is None


def test_catch_tap_penalises_the_player_in_the_window(journal, clock):
    ctl, buzzer = started(journal, clock)
    ann_down_to_one(ctl)
    out = ctl.catch()
    assert out.accepted and out.event["player"] == "Ann" and buzzer.played[-1] == "penalty"
    assert ctl.snapshot()["players"][0]["cards"] == 3


def test_button_actions_become_events(journal, clock):
    ctl, _ = started(journal, clock)
    assert ctl.button_action("dare_done") is None       # no dare pending: nothing
    out = ctl.button_action("draw")
    assert out.accepted and out.source == "button" and out.event == {"type": "draw"}
    assert ctl.button_action("pass").accepted
    assert ctl.snapshot()["current"] == "Ben"


def test_unnumbered_dare_waits_for_its_number(journal, clock):
    ctl, _ = started(journal, clock)
    assert ctl.camera_play("red-dare") is None
    assert ctl.pending_number == "red-dare"
    out = ctl.complete_number(12)
    assert out.accepted and out.event["card"] == "red-dare-12"
    assert ctl.snapshot()["pending_dare"]["number"] == 12


def test_draw_for_dealer_with_a_tie(journal, clock):
    ctl, _ = make(journal, clock, players=("Ann", "Ben", "Cat"))
    draw = ctl.start_dealer_draw()
    assert draw.waiting_for == "Ann"
    ctl.camera_play("red-9")
    ctl.camera_play("blue-skip")                        # an action card counts zero
    assert ctl.camera_play("green-9") is None           # Ann and Cat tie
    assert draw.tie and draw.drawing == ["Ann", "Cat"] and draw.waiting_for == "Ann"
    ctl.dealer_card("yellow-2")
    out = ctl.dealer_card("wild-dare-4")                # Wild Dare counts zero: Ann deals
    assert out.accepted and out.event == {"type": "deal", "dealer": "Ann"}
    assert ctl.snapshot()["dealer"] == "Ann" and ctl.dealer_draw is None
    assert "Ann drew highest" in ctl.message


def test_draw_for_dealer_only_before_the_first_deal(journal, clock):
    ctl, _ = started(journal, clock)
    with pytest.raises(IllegalEventError):
        ctl.start_dealer_draw()


def test_resume_brings_back_the_same_table(journal, clock):
    ctl, _ = started(journal, clock)
    ctl.camera_play("red-7")
    snap = ctl.snapshot()
    other = TableController(journal, SilentBuzzer("test"), clock=clock)
    assert other.unfinished().id == ctl.session.game_id
    other.resume()
    assert other.snapshot() == snap
    assert "Welcome back" in other.message


def test_new_game_sets_the_unfinished_one_aside(journal, clock):
    ctl, _ = started(journal, clock)
    old = ctl.session.game_id
    ctl.new_game(game_line(("Cat", "Dan")))
    assert journal.game(old).status == "abandoned"
    assert journal.unfinished().id == ctl.session.game_id


def test_refused_game_line_records_nothing(journal, clock):
    ctl = TableController(journal, SilentBuzzer("test"), clock=clock)
    with pytest.raises(IllegalEventError):
        ctl.new_game(game_line(("Ann",)))
    assert journal.history() == []
    out = ctl.draw()
    assert not out.accepted and "no game" in out.reason.lower()


def test_whole_round_scores(journal, clock):
    ctl, buzzer = started(journal, clock)
    ann_down_to_one(ctl)
    ctl.uno()
    ctl.camera_play("red-4")                            # Ben
    out = ctl.camera_play("red-6")                      # Ann goes out
    assert "round_over" in out.notices and ctl.phase == "hands"
    out = ctl.hand("Ben", cards=["blue-7", "wild-dare-3"])
    assert "round_scored" in out.notices
    snap = ctl.snapshot()
    assert snap["players"][0]["score"] == 57 and snap["rounds"][0]["winner"] == "Ann"
    assert ctl.reshuffle_due() is False


def test_uno_candidates_name_everyone_who_may_call(journal, clock):
    ctl, _ = started(journal, clock)
    assert ctl.uno_candidates() == []                   # Ann holds 7
    ann_down_to_one(ctl)
    assert ctl.uno_candidates() == ["Ann", "Ben"]       # Ben holds 2 and is about to play
    ctl.uno("Ben")
    assert ctl.uno_candidates() == ["Ann"]


def test_cards_seen_between_rounds_are_not_plays(journal, clock):
    ctl, buzzer = make(journal, clock)
    assert ctl.camera_play("red-5") is None            # before the deal: the deck is shuffled
    assert len(ctl.game.events) == 1 and buzzer.played == []
    ctl.deal("Ben")
    assert ctl.camera_play("red-5").accepted           # the starter card
