"""Button actions -> table-log events, and engine outcomes -> buzzer patterns."""

from __future__ import annotations

import pytest

from companion.actions import ACTION_PHASES, action_event, uno_caller
from companion.feedback import outcome_pattern
from hardware.buttons import BUTTON_ACTIONS
from hardware.patterns import PATTERN_NAMES


def snap(phase="play", current="Ben", cards=(7, 7, 7), uno=(False, False, False),
         direction="clockwise", pending_dare=None, mode="dare"):
    names = ["Ann", "Ben", "Cat"][:len(cards)]
    return {"mode": mode, "round": 1, "phase": phase, "current": current,
            "direction": direction, "pending_dare": pending_dare,
            "players": [{"name": n, "cards": c, "score": 0, "uno": u}
                        for n, c, u in zip(names, cards, uno)]}


DARE = {"player": "Ben", "number": 3, "text": "Name five fruits in ten seconds."}


def test_the_actions_are_the_buttons():
    assert tuple(ACTION_PHASES) == BUTTON_ACTIONS


@pytest.mark.parametrize("action, event", [
    ("draw", {"type": "draw"}),
    ("pass", {"type": "pass"}),
    ("uno", {"type": "uno", "player": "Ben"}),
])
def test_play_phase_actions(action, event):
    assert action_event(action, snap()) == event


def test_dare_buttons_answer_the_pending_dare():
    s = snap(phase="dare", pending_dare=DARE)
    assert action_event("dare_done", s) == {"type": "dare", "outcome": "done"}
    assert action_event("dare_failed", s) == {"type": "dare", "outcome": "failed"}
    assert action_event("draw", s) is None  # declining is a tap on the screen


def test_dare_buttons_do_nothing_without_a_dare():
    assert action_event("dare_done", snap()) is None
    assert action_event("dare_failed", snap(phase="dare", pending_dare=None)) is None


@pytest.mark.parametrize("action", BUTTON_ACTIONS)
@pytest.mark.parametrize("state", [None, {}, snap(phase="game_over", current=None),
                                   snap(phase="hands", current=None), snap(phase="deal"),
                                   snap(phase="flip")])
def test_no_event_outside_a_round(action, state):
    assert action_event(action, state) is None


def test_uno_is_for_the_player_down_to_one_card():
    # Ann just played her second-to-last card; Ben is to play
    assert action_event("uno", snap(cards=(1, 6, 7))) == {"type": "uno", "player": "Ann"}
    # Ann has called already: the press is the current player's early call
    assert uno_caller(snap(cards=(1, 2, 7), uno=(True, False, False))) == "Ben"


def test_uno_prefers_the_most_recent_player():
    # clockwise Ann -> Ben -> Cat; Cat to play, Ann and Ben both on one card: Ben played last
    assert uno_caller(snap(current="Cat", cards=(1, 1, 5))) == "Ben"
    # counter-clockwise Cat -> Ben -> Ann: Ann to play, Ben played last
    assert uno_caller(snap(current="Ann", cards=(5, 1, 1), direction="counterclockwise")) \
        == "Ben"


def test_uno_during_colour_choice_and_dare():
    # Ann played a wild dare as her second-to-last card and is choosing the colour
    assert uno_caller(snap(phase="color", current="Ann", cards=(1, 7, 7))) == "Ann"
    # Ben is answering a dare that Ann's card gave him
    s = snap(phase="dare", current="Ben", cards=(1, 7, 7), pending_dare=DARE)
    assert action_event("uno", s) == {"type": "uno", "player": "Ann"}


def test_unknown_action_is_an_error():
    with pytest.raises(ValueError, match="dare_done"):
        action_event("shout", snap())


def test_events_are_accepted_by_the_engine():
    """The mapped events are ones the engine applies, in a real game."""
    from companion.engine.game import Game

    game = Game()
    game.apply({"type": "game", "mode": "dare", "players": ["Ann", "Ben"]})
    game.apply({"type": "deal", "dealer": "Ann"})
    game.apply({"type": "flip", "card": "red-5"})
    assert game.snapshot()["current"] == "Ben"  # left of the dealer starts
    for action in ("draw", "pass"):
        event = action_event(action, game.snapshot())
        assert event is not None
        game.apply(event)
    assert game.snapshot()["current"] == "Ann"
    assert [p["cards"] for p in game.snapshot()["players"]] == [7, 8]
    assert [e["type"] for e in game.events[-2:]] == ["draw", "pass"]


@pytest.mark.parametrize("notices, rejected, pattern", [
    ((), True, "illegal"),
    (("penalty",), False, "penalty"),
    (("dare",), False, "dare"),
    (("penalty", "round_over", "round_scored"), False, "round_over"),
    (("round_over", "round_scored", "game_won"), False, "game_won"),
    (("uno_window",), False, None),
    ((), False, None),
])
def test_outcome_pattern(notices, rejected, pattern):
    assert outcome_pattern(notices, rejected) == pattern
    assert pattern is None or pattern in PATTERN_NAMES


def test_a_button_press_becomes_the_right_event():
    """Pin -> action (hardware) -> event (companion), as the composition root wires them."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from hardware.buttons import ButtonPanel

    factory = MockFactory(pin_class=MockPWMPin)
    state = snap(phase="dare", pending_dare=DARE)
    events: list[dict | None] = []
    pins = {"uno": 5, "draw": 6, "pass": 13, "dare_done": 19, "dare_failed": 26}
    with ButtonPanel(pins, lambda action: events.append(action_event(action, state)),
                     pin_factory=factory):
        for pin in (19, 26, 6):
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()
    factory.reset()
    assert events == [{"type": "dare", "outcome": "done"},
                      {"type": "dare", "outcome": "failed"},
                      None]  # no draw while a dare waits for its answer
