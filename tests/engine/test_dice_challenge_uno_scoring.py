"""UNO Dice: the Wild Draw 4 challenge, UNO, scoring, two players and the dice faces, one test
per rule of the sheet (seed 004_16552187e15bfae7), each quoting the passage it checks;
DESIGN.md section 5 where the sheet is silent."""

import pytest

from companion.engine import EventFormatError, Game
from companion.engine.dice_faces import DieFace, all_face_labels
from dicekit import (DRAW, PASS, REROLL, challenge, color, counts, dice_table, die, hand, pouch,
                     rejected, send)


# --- The Wild Draw 4 challenge ----------------------------------------------------------------------

def test_challenge_the_offender_takes_back_the_die_and_draws_four():
    """004 Wild Draw 4: 'you can only play this die when you don't have a die in your hand that
    matches the color of the die previously played. If an opponent catches you playing this
    die illegally, you must take back the die and draw 4 dice (if available) from the pouch
    yourself!' (DESIGN 5: the play is undone, then the offender draws 4 and plays on.)"""
    g = dice_table(center="red-3")
    send(g, die("red-5"))                     # Ben's turn, red 5 in the centre
    before = g.snapshot()
    send(g, die("wild-draw4"), color("blue"))
    assert counts(g) == [4, 4, 9]
    notices = send(g, challenge("Cat"))
    snap = g.snapshot()
    assert counts(g) == [4, 5 + 4, 5] and "penalty" in notices
    assert snap["top"] == "red-5" and snap["color"] == "red" and snap["current"] == "Ben"
    assert snap["phase"] == "play" and snap["direction"] == before["direction"]
    assert snap["draw_pile"] == 25 - 18 - 1
    send(g, die("red-6"))                     # Ben goes on with the turn
    assert g.snapshot()["current"] == "Cat"


def test_challenge_while_the_colour_is_being_chosen():
    """004 Wild Draw 4: 'If an opponent catches you' - as soon as the die lands."""
    g = dice_table(center="red-3")
    send(g, die("wild-draw4"))
    send(g, challenge())
    snap = g.snapshot()
    assert snap["phase"] == "play" and snap["current"] == "Ann" and counts(g) == [9, 5, 5]


def test_challenge_draws_only_what_is_left():
    """004 Wild Draw 4: 'draw 4 dice (if available) from the pouch yourself!'"""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"))
    send(g, REROLL, DRAW, PASS, REROLL, DRAW, PASS, REROLL, DRAW, PASS)   # pouch 1, Dan
    send(g, die("wild-draw4"))                   # Ann takes the 2 left
    assert counts(g) == [8, 6, 6, 4] and pouch(g) == 0
    send(g, challenge("Ann"))                    # Ann's 2 go back; Dan takes back, draws 1
    assert counts(g) == [6, 6, 6, 5 + 1] and pouch(g) == 0


def test_challenge_closes_when_the_next_player_begins():
    """DESIGN 5: a challenge is 'allowed until the next player begins (plays, re-rolls or
    draws)'."""
    for begins in (die("blue-1"), REROLL):
        g = dice_table(center="red-3")
        send(g, die("wild-draw4"), color("blue"), begins)
        assert "no Wild Draw 4 to challenge" in rejected(g, challenge())


def test_only_an_opponent_challenges_and_only_a_wild_draw4():
    """004 Wild Draw 4: 'If an opponent catches you'."""
    g = dice_table(center="red-3")
    assert "no Wild Draw 4 to challenge" in rejected(g, challenge())
    send(g, die("wild"), color("red"))
    assert "no Wild Draw 4 to challenge" in rejected(g, challenge())
    send(g, die("wild-draw4"))
    assert "an opponent challenges" in rejected(g, challenge("Ben"))


def test_a_last_die_wild_draw4_cannot_be_challenged():
    """004 Wild Draw 4: illegal only 'when you ... have a die in your hand that matches the
    color' - a last die leaves nothing in the hand."""
    g = one_die_each()
    send(g, die("wild-draw4"))
    assert g.snapshot()["phase"] == "hands"
    assert "always allowed" in rejected(g, challenge())


def test_undo_a_challenge():
    """DESIGN 2: 'undo drops the last event'."""
    g = dice_table(center="red-3")
    send(g, die("wild-draw4"))
    before = g.snapshot()
    send(g, challenge(), {"type": "undo"})
    assert g.snapshot() == before


# --- UNO -------------------------------------------------------------------------------------------------

def two_dice_each():
    """Ann, Ben and Cat each play three red dice: two dice each, Ann to play, red 3 on top."""
    g = dice_table(center="red-3")
    for _ in range(3):
        send(g, die("red-1"), die("red-2"), die("red-3"))
    assert counts(g) == [2, 2, 2] and g.snapshot()["current"] == "Ann"
    return g


def one_die_each():
    g = two_dice_each()
    send(g, *last_but_one_plays())
    assert counts(g) == [1, 1, 1] and g.snapshot()["current"] == "Ann"
    return g


def last_but_one_plays():
    """Ann, Ben and Cat each call UNO and play their second-to-last die."""
    return [e for p in ("Ann", "Ben", "Cat") for e in ({"type": "uno", "player": p}, die("red-4"))]


def test_caught_without_uno_draws_two():
    """004 Ending the Round: 'When you have just one die left in your hand you must announce
    "UNO!" If you forget to announce UNO and you are caught by an opponent you must draw 2
    dice (if available) from the pouch.'"""
    g = two_dice_each()
    assert "uno_window" in send(g, die("red-5"))
    notices = send(g, {"type": "catch", "player": "Ann"})
    assert counts(g) == [3, 2, 2] and "penalty" in notices
    assert "holds 3 dice, not one" in rejected(g, {"type": "catch", "player": "Ann"})


def test_uno_called_cannot_be_caught():
    """004 Ending the Round: 'you must announce "UNO!"'."""
    g = two_dice_each()
    send(g, {"type": "uno", "player": "Ann"}, die("red-5"))
    assert g.snapshot()["players"][0]["uno"] is True
    assert "called UNO" in rejected(g, {"type": "catch", "player": "Ann"})
    assert "holds 2 dice" in rejected(g, {"type": "uno", "player": "Cat"})


@pytest.mark.parametrize("begins", [die("red-6"), REROLL])
def test_no_catch_once_the_next_player_played_or_rerolled(begins):
    """004 Ending the Round: 'You cannot be caught by an opponent if the next player has
    already begun their turn; that is, if they have already played a die or re-rolled.'"""
    g = two_dice_each()
    send(g, die("red-5"), begins)
    assert "too late" in rejected(g, {"type": "catch", "player": "Ann"})


def test_still_caught_after_the_skipped_player_drew():
    """004 Ending the Round: caught unless 'the next player has ... played a die or re-rolled'
    - the Draw 2's victim drawing does neither."""
    g = two_dice_each()
    send(g, die("red-draw2"))
    assert counts(g) == [1, 4, 2] and g.snapshot()["current"] == "Cat"
    send(g, {"type": "catch", "player": "Ann"})
    assert counts(g) == [3, 4, 2]


def test_catch_with_an_empty_pouch_draws_what_is_there():
    """004 Ending the Round: 'you must draw 2 dice (if available) from the pouch.'"""
    g = dice_table(players=("Ann", "Ben"))
    send(g, die("red-draw2"), die("red-draw2"), die("red-draw2"))  # two players: Ann again
    assert counts(g) == [2, 11] and pouch(g) == 11
    for _ in range(5):
        send(g, REROLL, DRAW, die("red-draw2"))                    # Ann plays the drawn die
    assert counts(g) == [2, 21] and pouch(g) == 1
    assert "uno_window" in send(g, die("red-draw2"))               # Ben takes the last 2
    assert counts(g) == [1, 23] and pouch(g) == 0
    assert "penalty" in send(g, {"type": "catch", "player": "Ann"})
    assert counts(g) == [1, 23] and pouch(g) == 0
    rejected(g, {"type": "catch", "player": "Ann"})   # caught once


# --- Ending the round, scoring ----------------------------------------------------------------------

def test_the_last_die_ends_the_round():
    """004 Ending the Round: 'When a player plays their last die the round is over. He/she is
    the winner of that round'."""
    g = one_die_each()
    notices = send(g, die("red-6"))
    snap = g.snapshot()
    assert "round_over" in notices and snap["phase"] == "hands" and snap["current"] is None
    assert "count the dice left" in rejected(g, die("red-6"))


def test_scoring_chart():
    """004 Ending the Round: 'All dice 1 through 6 Face value; Draw 2 20 points; Reverse 20
    points; Skip 20 points; Wild 50 points; Wild Draw 4 50 points' - for the winner, from
    'the dice held by your opponents'."""
    g = one_die_each()
    send(g, die("red-6"), hand("Ben", "blue-6"), hand("Cat", "red-1"))
    assert g.snapshot()["rounds"] == [{"winner": "Ann", "points": {"Ann": 7, "Ben": 0, "Cat": 0}}]
    for label, points in [("yellow-4", 4), ("green-draw2", 20), ("red-reverse", 20),
                          ("blue-skip", 20), ("wild", 50), ("wild-draw4", 50)]:
        assert DieFace.from_label(label).points == points


@pytest.mark.parametrize("last,drawn", [("red-draw2", 2), ("wild-draw4", 4)])
def test_the_last_dies_draws_are_counted(last, drawn):
    """004 Note: 'If the last die played in a hand is a Draw 2 or Wild Draw 4, the next player
    must draw two or four dice. These dice are rolled and counted when points are totaled.'"""
    g = one_die_each()
    send(g, die(last))
    snap = g.snapshot()
    assert counts(g) == [0, 1 + drawn, 1] and snap["phase"] == "hands"
    assert snap["color"] == (None if last == "wild-draw4" else "red")  # no colour is chosen
    ben = ["blue-1"] + ["wild"] * drawn
    notices = send(g, hand("Ben", *ben))
    assert "count_mismatch" not in notices
    send(g, hand("Cat", "red-2"))
    assert g.snapshot()["players"][0]["score"] == 1 + 50 * drawn + 2


def test_the_winner_begins_the_next_round():
    """004 Ending the Round: 'The winner of a round begins the next round.'"""
    g = one_die_each()
    send(g, die("red-6"), hand("Ben", "blue-6"), hand("Cat", "red-1"))
    assert g.snapshot()["phase"] == "start"
    assert "winner of the last round, Ann, begins" in rejected(
        g, {"type": "start", "first": "Ben", "center": "red-2"})
    send(g, {"type": "start", "center": "green-2"})
    snap = g.snapshot()
    assert snap["round"] == 2 and snap["current"] == "Ann" and counts(g) == [5, 5, 5]
    assert snap["players"][0]["score"] == 7 and pouch(g) == 9


def test_the_first_to_500_wins():
    """004 Object: 'To be the first to score 500 points.'"""
    g = one_die_each()
    send(g, die("red-6"), {"type": "hand", "player": "Ben", "points": 450},
         {"type": "hand", "player": "Cat", "points": 49})
    assert g.snapshot()["phase"] == "start"
    g = one_die_each()
    send(g, die("red-6"), {"type": "hand", "player": "Ben", "points": 450},
         {"type": "hand", "player": "Cat", "points": 50})
    snap = g.snapshot()
    assert snap["phase"] == "game_over" and snap["winner"] == "Ann"
    assert "game is over" in rejected(g, {"type": "start", "center": "red-2"})


@pytest.mark.parametrize("target", [200, 300])
def test_shorter_game(target):
    """004 Shorter Game: 'Before a game begins, players may agree to play to a lower total,
    i.e. 200 points, 300 points.'"""
    g = Game()
    g.apply({"type": "game", "mode": "dice", "players": ["Ann", "Ben", "Cat"], "target": target})
    g.apply({"type": "start", "first": "Ann", "center": "red-3"})
    for _ in range(3):
        send(g, die("red-1"), die("red-2"), die("red-3"))
    send(g, *last_but_one_plays())
    send(g, die("red-6"), {"type": "hand", "player": "Ben", "points": target - 1},
         {"type": "hand", "player": "Cat", "points": 1})
    assert g.snapshot()["winner"] == "Ann" and g.snapshot()["players"][0]["score"] == target


def test_penalty_scoring_for_dice():
    """DESIGN 4: scoring 'penalty' (each collects their own hand's points) for both games."""
    g = one_die_each()
    g2 = dice_table(scoring="penalty", target=50)
    for event in g.events[2:]:
        g2.apply(event)
    send(g2, die("red-6"), hand("Ben", "wild"), hand("Cat", "red-1"))
    snap = g2.snapshot()
    assert snap["rounds"][0]["points"] == {"Ann": 0, "Ben": 50, "Cat": 1}
    assert snap["winner"] == "Ann"


# --- Two players ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("label", ["red-reverse", "red-skip"])
def test_two_players_reverse_or_skip_play_again(label):
    """004 Two Player Game 1: 'If you play a Reverse or Skip, you must immediately play
    another die.'"""
    g = dice_table(players=("Ann", "Ben"))
    notices = send(g, die(label))
    assert g.snapshot()["current"] == "Ann" and "play_again" in notices
    send(g, die("red-5"))
    assert g.snapshot()["current"] == "Ben"


@pytest.mark.parametrize("label,drawn", [("red-draw2", 2), ("wild-draw4", 4)])
def test_two_players_draw_then_play_again(label, drawn):
    """004 Two Player Game 2: 'If you play a Draw 2 or Wild Draw 4, you must immediately play
    another die after your opponent has drawn their 2 or 4 dice.'"""
    g = dice_table(players=("Ann", "Ben"))
    send(g, die(label))
    assert counts(g) == [4, 5 + drawn]
    if label == "wild-draw4":
        send(g, color("blue"))
    assert g.snapshot()["current"] == "Ann" and g.snapshot()["phase"] == "play"
    send(g, REROLL, DRAW, PASS)   # the extra turn is a whole turn
    assert g.snapshot()["current"] == "Ben"


def test_two_players_challenge_puts_the_turn_back():
    """004 Wild Draw 4 and Two Player Game 2: the challenge takes the die back, so no extra
    play follows."""
    g = dice_table(players=("Ann", "Ben"))
    send(g, die("wild-draw4"), color("green"), challenge("Ben"))
    assert counts(g) == [9, 5] and g.snapshot()["current"] == "Ann"
    assert g.snapshot()["top"] == "red-3"


# --- Faces, accounting and bad events -----------------------------------------------------------------------

def test_face_labels_round_trip():
    """DESIGN 3: 'Dice faces: red-1 ... red-6, blue-skip, green-reverse, yellow-draw2, wild,
    wild-draw4.'"""
    labels = all_face_labels()
    assert len(labels) == len(set(labels)) == 4 * 9 + 2
    for label in labels:
        assert DieFace.from_label(label).label == label
    face = DieFace.from_label("yellow-draw2")
    assert (face.kind, face.color, face.number, face.symbol, face.is_wild) == (
        "draw2", "yellow", None, "draw2", False)
    assert DieFace.from_label("wild-draw4").is_wild and DieFace.from_label("red-6").number == 6


@pytest.mark.parametrize("label", ["red-0", "red-7", "wild-dare", "blue-dare-3", "red", "purple-2",
                                   "wild-red", "red-draw4"])
def test_not_a_die_face(label):
    from companion.engine import LabelError
    with pytest.raises(LabelError):
        DieFace.from_label(label)


def test_the_assumed_dice_set_is_25_dice_of_six_faces():
    """004 Components: '25 dice' (which faces each bears is ASSUMED, DESIGN 5)."""
    from companion.engine.dice_set import dice_set
    dice = dice_set()
    assert len(dice) == 25 and all(len(d) == 6 for d in dice)
    assert all(any(f.is_number for f in d) for d in dice)  # every die can start a game


def test_pouch_is_25_minus_hands_minus_the_centre_die():
    """004 Components: '25 dice, 1 storage pouch'; DESIGN 4: pouch = 25 - hands - 1."""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"))
    send(g, die("red-draw2"), die("red-5"), REROLL, DRAW, PASS, die("wild-draw4"), color("red"))
    assert pouch(g) == 25 - sum(counts(g)) - 1 >= 0


@pytest.mark.parametrize("event,words", [
    ({"type": "play", "card": "red-3"}, 'names its "die"'),
    ({"type": "play", "die": "red-dare-3"}, "not a die face label"),
    ({"type": "start", "center": "red-9"}, "not a die face label"),
])
def test_malformed_dice_events_are_format_errors(event, words):
    g = dice_table()
    with pytest.raises(EventFormatError, match=words):
        g.apply(event)


def test_a_dice_hand_lists_dice():
    g = one_die_each()
    send(g, die("red-6"))
    with pytest.raises(EventFormatError, match='lists its "dice"'):
        g.apply({"type": "hand", "player": "Ben", "cards": ["red-3"]})


@pytest.mark.parametrize("event", [{"type": "flip", "card": "red-3"}, {"type": "dare", "outcome": "done"}])
def test_uno_dare_events_are_not_part_of_uno_dice(event):
    g = dice_table()
    assert "not part of UNO Dice" in rejected(g, event)
