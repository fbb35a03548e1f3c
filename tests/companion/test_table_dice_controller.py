"""TableController in an UNO Dice game: the taps of a dice table, without any GUI."""

import pytest

from companion.journal import Journal
from companion.table import TableController
from companion.words import describe_event, die_name, die_symbol
from hardware.buzzer import SilentBuzzer


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def dice_line(players=("Ann", "Ben"), target=200, **options):
    opts = {"uno_timer_s": 5, "uno_auto_penalty": False}
    opts.update(options)
    return {"type": "game", "mode": "dice", "players": list(players), "target": target,
            "scoring": "standard", "options": opts}


@pytest.fixture
def journal(tmp_path):
    j = Journal.open(tmp_path / "journal.sqlite3")
    yield j
    j.close()


def make(journal, players=("Ann", "Ben"), **kw):
    ctl = TableController(journal, SilentBuzzer("test"), clock=FakeClock())
    seen = []
    ctl.listen(seen.append)
    ctl.new_game(dice_line(players, **kw))
    ctl.seen = seen
    return ctl


def started(journal, players=("Ann", "Ben"), center="red-3", **kw):
    ctl = make(journal, players, **kw)
    ctl.choose_first(players[0])
    assert ctl.play_by_hand(center).accepted
    return ctl


def test_the_centre_die_waits_for_who_rolled_it(journal):
    ctl = make(journal)
    assert ctl.dice and ctl.phase == "start" and ctl.who_begins() is None
    assert ctl.play_by_hand("red-3") is None            # seen before anyone was named
    assert ctl.pending_center == "red-3" and ctl.phase == "start"
    assert "tap who rolled it" in ctl.message
    outcome = ctl.choose_first("Ben")
    assert outcome.accepted and ctl.game.events[-1] == {"type": "start", "center": "red-3",
                                                        "first": "Ben"}
    snap = ctl.snapshot()
    assert snap["phase"] == "play" and snap["current"] == "Ben" and snap["top"] == "red-3"
    assert [p["cards"] for p in snap["players"]] == [5, 5] and ctl.pouch() == 14
    assert ctl.pending_center is None and ctl.first_roller is None
    assert "centre die shows red 3" in ctl.message and "Ben begins" in ctl.message


def test_a_command_on_the_centre_die_is_rolled_again(journal):
    ctl = make(journal)
    ctl.choose_first("Ann")
    assert ctl.message.startswith("Ann rolls the centre die")
    outcome = ctl.play_by_hand("blue-skip")
    assert not outcome.accepted and "re-roll the centre die" in outcome.reason
    assert ctl.pending_center is None and ctl.first_roller == "Ann"
    assert ctl.play_by_hand("blue-4").accepted and ctl.snapshot()["current"] == "Ann"
    assert ctl.choose_first("Zed") is None               # the round is under way


def test_reroll_draw_pass_buttons_follow_the_turn(journal):
    ctl = started(journal)
    assert (ctl.may_reroll(), ctl.may_draw_die(), ctl.may_pass()) == (True, False, False)
    refused = ctl.draw()
    assert not refused.accepted and "re-rolls the whole hand" in refused.reason
    assert ctl.reroll().accepted and ctl.state.rerolled
    assert "Ann re-rolled" in ctl.message
    assert (ctl.may_reroll(), ctl.may_draw_die(), ctl.may_pass()) == (False, True, False)
    out = ctl.draw()
    assert out.accepted and out.message == "Ann drew a die."
    assert (ctl.may_reroll(), ctl.may_draw_die(), ctl.may_pass()) == (False, False, True)
    assert ctl.snapshot()["players"][0]["cards"] == 6 and ctl.pouch() == 13
    assert ctl.pass_turn().accepted and ctl.snapshot()["current"] == "Ben"
    assert ctl.may_reroll() and not ctl.reshuffle_due()


def test_a_die_entered_by_hand_is_a_die_play_and_the_picker_greys(journal):
    ctl = started(journal)
    assert ctl.playable("red-5") and ctl.playable("blue-3") and ctl.playable("wild")
    assert not ctl.playable("blue-5") and not ctl.playable("not-a-die")
    assert not ctl.playable("red-dare-3")                 # a card is no die
    out = ctl.play_by_hand("red-5")
    assert out.accepted and ctl.game.events[-1] == {"type": "play", "die": "red-5"}
    assert out.message == "Ann played red 5."
    assert ctl.play_event("yellow-draw2", override=True) == {
        "type": "play", "die": "yellow-draw2", "override": True}


def test_wild_draw4_colour_then_challenge(journal):
    ctl = started(journal, ("Ann", "Ben", "Cat"))
    assert ctl.challengeable() is None
    refused = ctl.challenge()
    assert not refused.accepted and refused.pattern is None   # no illegal buzz for a stray tap
    out = ctl.play_by_hand("wild-draw4")
    assert out.accepted and ctl.phase == "color"
    assert "Ben draws 4 dice" in out.message
    assert ctl.challengeable() == ("Ann", "Ben")
    assert ctl.choose_color("green").accepted
    assert ctl.snapshot()["current"] == "Cat" and ctl.challengeable() == ("Ann", "Ben")
    out = ctl.challenge()
    assert out.accepted and out.pattern is not None
    assert ctl.game.events[-1] == {"type": "challenge", "player": "Ben"}
    snap = ctl.snapshot()
    assert [p["cards"] for p in snap["players"]] == [9, 5, 5]   # back in hand, and 4 more
    assert snap["top"] == "red-3" and snap["current"] == "Ann"
    assert out.message.startswith("Challenge! Ann takes the Wild Draw 4 back")
    assert ctl.challengeable() is None


def test_the_challenge_closes_when_the_next_player_begins(journal):
    ctl = started(journal, ("Ann", "Ben", "Cat"))
    ctl.play_by_hand("wild-draw4")
    ctl.choose_color("red")
    assert ctl.reroll().accepted                         # Cat begins
    assert ctl.challengeable() is None
    assert not ctl.challenge().accepted


def test_draw_two_with_two_players_plays_again(journal):
    ctl = started(journal)
    out = ctl.play_by_hand("red-draw2")
    assert out.accepted and "Ben draws 2 dice" in out.message and "Ann plays again" in out.message
    assert ctl.snapshot()["current"] == "Ann"


def test_gpio_draw_button_rerolls_first_then_draws(journal):
    ctl = started(journal)
    assert ctl.button_action("draw").event == {"type": "reroll"}
    assert ctl.button_action("draw").event == {"type": "draw"}
    assert ctl.button_action("pass").accepted


def play_out_round(ctl):
    """Ann and Ben alternate red numbers; Ann calls UNO and goes out with her fifth die."""
    for n in range(1, 5):
        if n == 4:
            assert ctl.uno().accepted
        assert ctl.play_by_hand(f"red-{n}").accepted
        assert ctl.play_by_hand(f"red-{n + 1}").accepted
    out = ctl.play_by_hand("red-6")
    assert out.accepted and "count the dice left" in out.message
    return out


def test_round_over_dice_then_points_then_round_two(journal):
    ctl = started(journal, ("Ann", "Ben", "Cat"))
    for n in range(1, 5):
        if n == 4:
            ctl.uno("Ann")
        assert ctl.play_by_hand(f"red-{n}").accepted          # Ann
        assert ctl.play_by_hand(f"red-{n + 1}").accepted      # Ben
        assert ctl.play_by_hand(f"red-{n + 2}" if n < 5 else "red-1").accepted  # Cat
    assert ctl.phase == "play"
    ctl.play_by_hand("red-6")
    assert ctl.phase == "hands"
    out = ctl.hand("Ben", cards=["blue-skip"])
    assert out.accepted and ctl.game.events[-1] == {"type": "hand", "player": "Ben",
                                                    "dice": ["blue-skip"]}
    assert "count_mismatch" not in out.notices
    out = ctl.hand("Cat", points=7)
    assert out.accepted and "round_scored" in out.notices
    snap = ctl.snapshot()
    assert snap["rounds"][-1] == {"winner": "Ann", "points": {"Ann": 27, "Ben": 0, "Cat": 0}}
    assert ctl.phase == "start" and ctl.who_begins() == "Ann"
    out = ctl.play_by_hand("green-2")                      # no one to name: the winner begins
    assert out.accepted and ctl.game.events[-1] == {"type": "start", "center": "green-2"}
    assert ctl.snapshot()["current"] == "Ann" and ctl.snapshot()["round"] == 2


def test_a_hand_that_differs_from_the_count_is_pointed_out(journal):
    ctl = started(journal)
    play_out_round(ctl)
    out = ctl.hand("Ben", cards=["wild", "red-1"])
    assert out.accepted and "count_mismatch" in out.notices
    assert ctl.snapshot()["players"][0]["score"] == 51


def test_catch_and_uno_speak_of_dice(journal):
    ctl = started(journal)
    for n in range(1, 4):
        ctl.play_by_hand(f"red-{n}")
        ctl.play_by_hand(f"red-{n + 1}")
    out = ctl.play_by_hand("red-5")                      # Ann down to one, no UNO
    assert "Ann has one die left: UNO?" in out.message
    assert ctl.catchable() == "Ann"
    out = ctl.catch()
    assert out.accepted and out.message == "Ann was caught without UNO: 2 dice."


def test_undo_of_a_start_and_abandon_clear_the_dice_questions(journal):
    ctl = make(journal)
    ctl.play_by_hand("red-3")
    assert ctl.pending_center == "red-3"
    ctl.abandon()
    assert ctl.pending_center is None and ctl.first_roller is None and not ctl.dice


def test_die_words():
    assert [die_name(x) for x in ("red-3", "blue-skip", "yellow-draw2", "wild", "wild-draw4")] == [
        "red 3", "blue Skip", "yellow Draw 2", "Wild", "Wild Draw 4"]
    assert die_symbol("green-reverse") == "REVERSE" and die_symbol("blue-6") == "6"
    assert die_symbol("wild-draw4") == "WILD\nDRAW 4" and die_symbol("bogus") == "?"
    before = {"mode": "dice", "current": "Ann", "direction": "clockwise",
              "players": [{"name": "Ann", "cards": 3}, {"name": "Ben", "cards": 4}]}
    after = {"mode": "dice", "current": "Ann", "direction": "clockwise",
             "players": [{"name": "Ann", "cards": 2}, {"name": "Ben", "cards": 4}]}
    text = describe_event({"type": "play", "die": "red-draw2"}, before, after, ("forced_draw",))
    assert text == "Ann played red Draw 2. The pouch is empty: Ben draws nothing."


def test_undo_says_what_was_undone(journal):
    ctl = started(journal, ("Ann", "Ben", "Cat"))
    ctl.reroll()
    assert ctl.undo().message == "Undone: Ann re-rolled the whole hand."
    ctl.play_by_hand("wild-draw4")
    ctl.challenge()
    out = ctl.undo()
    assert out.message == "Undone: the challenge of the Wild Draw 4."
    assert ctl.challengeable() == ("Ann", "Ben")
    ctl.undo()
    assert ctl.undo().message == "Undone: the start of the round (red 3)."
    assert ctl.phase == "start" and ctl.who_begins() == "Ann"   # who rolled is still known
    assert ctl.play_by_hand("blue-3").accepted                  # the die read again
    assert ctl.game.events[-1] == {"type": "start", "center": "blue-3", "first": "Ann"}
