"""UNO Dice: set up, matching, re-roll and draw, the commands; one test per rule of the sheet
(seed 004_16552187e15bfae7), each quoting the passage it checks; DESIGN.md section 5 where the
sheet is silent. The challenge, UNO and scoring: test_dice_challenge_uno_scoring.py."""

import pytest

from companion.engine import EventFormatError, Game
from dicekit import DRAW, PASS, REROLL, color, counts, dice_table, die, pouch, rejected, send


# --- Components, set up, the centre die ------------------------------------------------------

@pytest.mark.parametrize("n", [1, 5])
def test_two_to_four_players(n):
    """004: 'Players: 2 to 4'."""
    with pytest.raises(EventFormatError, match="2-4 players"):
        Game().apply({"type": "game", "mode": "dice", "players": [f"P{i}" for i in range(n)]})


@pytest.mark.parametrize("n", [2, 3, 4])
def test_five_dice_each_the_rest_in_the_pouch(n):
    """004 Set up: 'Each player randomly takes five dice from the storage pouch. The rest of
    the dice are left in the pouch.' Components: '25 dice' (one is the centre die)."""
    g = dice_table(players=[f"P{i}" for i in range(n)], first="P0")
    snap = g.snapshot()
    assert counts(g) == [5] * n and snap["draw_pile"] == 25 - 5 * n - 1
    assert snap["phase"] == "play" and snap["round"] == 1 and snap["dealer"] is None


def test_before_the_start_only_a_start_event_fits():
    """004 The Center Die: 'Any player begins the game by randomly taking a die from the pouch
    and rolling it in the center of the play area.'"""
    g = dice_table(center=None)
    assert g.snapshot()["phase"] == "start" and pouch(g) == 25
    assert "roll the centre die" in rejected(g, die("red-3"))
    assert "not part of UNO Dice" in rejected(g, {"type": "deal", "dealer": "Ann"})


@pytest.mark.parametrize("center", ["blue-skip", "green-reverse", "yellow-draw2", "wild", "wild-draw4"])
def test_a_command_can_never_start_the_game(center):
    """004 The Center Die: 'If a number is not rolled, re-roll the die until a number is
    rolled. A command can never start the game.'"""
    g = dice_table(center=None)
    assert "re-roll the centre die until a number shows" in rejected(
        g, {"type": "start", "first": "Ann", "center": center})


def test_the_roller_of_the_centre_die_goes_first_and_play_goes_left():
    """004 Begin play: 'The player who rolled the center die goes first and play proceeds to
    the left.'"""
    g = dice_table(first="Ben", center="yellow-3")
    snap = g.snapshot()
    assert snap["current"] == "Ben" and snap["top"] == "yellow-3" and snap["color"] == "yellow"
    assert snap["direction"] == "clockwise"
    send(g, die("yellow-5"))
    assert g.snapshot()["current"] == "Cat"


def test_the_first_round_names_who_rolled_the_centre_die():
    """004 Begin play: 'The player who rolled the center die goes first' - the table says who."""
    g = dice_table(center=None)
    assert "first" in rejected(g, {"type": "start", "center": "red-3"})


# --- Matching ------------------------------------------------------------------------------

@pytest.mark.parametrize("label", ["yellow-6", "red-3", "yellow-skip", "wild", "wild-draw4"])
def test_match_the_centre_die_by_colour_or_number(label):
    """004 For example: 'If a Yellow 3 is face up on the center die, any Yellow die or any die
    showing a 3 could be played.' (Wild dice match anything.)"""
    g = dice_table(center="yellow-3")
    send(g, die(label))
    assert g.snapshot()["top"] == label


def test_match_by_command_and_command_on_colour():
    """004 Dice with Commands: 'A Blue Reverse can be played on a Yellow Reverse.' and 'A Blue
    Reverse can be played on a Blue 4.'"""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"), center="blue-4")
    send(g, die("blue-reverse"), die("yellow-reverse"), die("blue-reverse"))
    assert g.snapshot()["top"] == "blue-reverse"


def test_a_die_that_does_not_match_is_rejected_and_nothing_changes():
    """004 Begin play 1: 'Choose a die from your hand which matches the center die by either
    Color, Number, or Command.'"""
    g = dice_table(center="yellow-3")
    assert "green-5 does not match the yellow 3" in rejected(g, die("green-5"))
    assert "does not match" in rejected(g, die("red-skip"))


def test_the_table_may_override_an_illegal_play():
    """DESIGN 5: 'An illegal play is rejected ...; the table may override.'"""
    g = dice_table(center="yellow-3")
    send(g, die("green-5", override=True))
    assert g.snapshot()["top"] == "green-5"


def test_the_replaced_centre_die_goes_back_to_the_pouch():
    """004 Begin play 2: 'Replace the center die with this new die. This is now the new center
    die. Put the replaced die into the pouch.'"""
    g = dice_table(center="red-3")
    assert pouch(g) == 9
    send(g, die("red-5"))
    assert pouch(g) == 10 and counts(g) == [4, 5, 5] and g.state.discard == 1


def test_one_play_a_turn():
    """004 Begin play: 'play passes to the next player' after the play."""
    g = dice_table()
    send(g, die("red-5"))
    assert "Ben's turn, not Ann's" in rejected(g, die("red-6", player="Ann"))


# --- Re-roll, draw, end of turn ------------------------------------------------------------------

def test_reroll_the_whole_hand_changes_no_counts_and_keeps_the_turn():
    """004 Begin play 3: 'If you cannot (or choose not to) make a play, re-roll your entire
    hand.' - then the player may play what the dice now show."""
    g = dice_table()
    send(g, REROLL)
    assert counts(g) == [5, 5, 5] and g.snapshot()["current"] == "Ann" and pouch(g) == 9
    send(g, die("red-1"))
    assert g.snapshot()["current"] == "Ben"


def test_one_reroll_a_turn():
    """004 Begin play 3-4: one re-roll, then a draw: 'If you still cannot ... a new die ...
    must be drawn'."""
    g = dice_table()
    send(g, REROLL)
    assert "re-rolled already" in rejected(g, REROLL)


def test_a_draw_needs_a_reroll_first():
    """004 Begin play 4: 'If you still cannot (or choose not to) make a play, a new die (if
    available) must be drawn' - still: after step 3's re-roll (DESIGN 5)."""
    g = dice_table()
    assert "re-rolls the whole hand before drawing" in rejected(g, DRAW)


def test_draw_then_play_the_new_die_then_the_turn_is_over():
    """004 Begin play 4: 'This new die is rolled and becomes a part of your hand ... If this
    new die is playable, you can play it; then your turn is over.'"""
    g = dice_table()
    send(g, REROLL, DRAW)
    assert counts(g) == [6, 5, 5] and pouch(g) == 8 and g.snapshot()["current"] == "Ann"
    assert "drawn already" in rejected(g, DRAW)
    assert "drawn already" in rejected(g, REROLL)
    send(g, die("red-4"))
    assert counts(g) == [5, 5, 5] and g.snapshot()["current"] == "Ben"


def test_draw_then_pass_ends_the_turn():
    """004 Begin play 4: 'If you cannot (or choose not to) play this die, your turn is over.'"""
    g = dice_table()
    send(g, REROLL, DRAW, PASS)
    assert g.snapshot()["current"] == "Ben" and counts(g) == [6, 5, 5]


def test_no_pass_before_the_draw():
    """004 Begin play 4: 'a new die (if available) must be drawn from the pouch.'"""
    g = dice_table()
    assert "before passing" in rejected(g, PASS)
    send(g, REROLL)
    assert "before passing" in rejected(g, PASS)


def four_player_table_with_empty_pouch():
    """Four players: 4 dice in the pouch; Ann, Ben, Cat and Dan each re-roll and draw one."""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"), center="red-3")
    assert pouch(g) == 4
    for _ in range(4):
        send(g, REROLL, DRAW, PASS)
    assert pouch(g) == 0 and counts(g) == [6, 6, 6, 6] and g.snapshot()["current"] == "Ann"
    return g


def test_with_an_empty_pouch_the_turn_ends_after_the_reroll():
    """004 Begin play 4: 'a new die (if available) must be drawn' - none available: 'your turn
    is over'. 'Components: 25 dice': the pouch is never refilled from elsewhere."""
    g = four_player_table_with_empty_pouch()
    send(g, REROLL)
    assert "pouch is empty" in rejected(g, DRAW)
    send(g, PASS)
    assert g.snapshot()["current"] == "Ben" and counts(g) == [6, 6, 6, 6]


# --- Commands ------------------------------------------------------------------------------------------

def test_reverse_turns_the_direction_of_play():
    """004 Reverse: 'The direction of play is reversed. Left to right becomes right to left'."""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"))
    send(g, die("red-reverse"))
    snap = g.snapshot()
    assert snap["direction"] == "counterclockwise" and snap["current"] == "Dan"
    send(g, die("red-reverse"))
    assert g.snapshot()["direction"] == "clockwise" and g.snapshot()["current"] == "Ann"


def test_skip_the_next_player_loses_the_turn():
    """004 Skip: 'The next player loses their turn. The player is "Skipped".'"""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"))
    send(g, die("red-skip"))
    assert g.snapshot()["current"] == "Cat" and counts(g) == [4, 5, 5, 5]


def test_draw2_next_player_draws_two_and_loses_the_turn():
    """004 Draw 2: 'The next player loses their turn and must draw 2 dice from the pouch.
    These two dice are rolled and added to their hand.'"""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"))
    notices = send(g, die("red-draw2"))
    assert counts(g) == [4, 7, 5, 5] and g.snapshot()["current"] == "Cat"
    assert pouch(g) == 25 - 21 - 1 and "forced_draw" in notices


def test_draw2_with_too_few_dice_in_the_pouch_takes_what_is_left():
    """004 Draw 2: 'If the pouch does not have enough dice, take only what is left.'"""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"))
    send(g, REROLL, DRAW, PASS, REROLL, DRAW, PASS, REROLL, DRAW, PASS)  # pouch 4 -> 1
    assert pouch(g) == 1 and g.snapshot()["current"] == "Dan"
    send(g, die("red-draw2"))  # the replaced centre die goes back first: 2 in the pouch
    assert counts(g) == [8, 6, 6, 4] and pouch(g) == 0
    send(g, die("blue-draw2"))  # Ben: one die (the replaced centre die) for Cat
    assert counts(g) == [8, 5, 7, 4] and pouch(g) == 0 and g.snapshot()["current"] == "Dan"


def test_wild_on_anything_colour_chosen_then_the_next_player():
    """004 Wild: 'This die can be played on any color, number or command die. The person who
    played the die calls any color to continue play. A Wild die can be played even if the
    player has another playable die in his hand.'"""
    g = dice_table(center="red-3")
    send(g, die("wild"))
    snap = g.snapshot()
    assert snap["phase"] == "color" and snap["current"] == "Ann" and snap["color"] is None
    assert "chooses the colour" in rejected(g, die("red-4"))
    assert "red, yellow, green or blue" in rejected(g, color("pink"))
    send(g, color("green"))
    snap = g.snapshot()
    assert snap["phase"] == "play" and snap["current"] == "Ben" and snap["color"] == "green"
    assert "does not match the wild (colour green)" in rejected(g, die("red-3"))
    send(g, die("green-1"))


def test_wild_draw4_colour_chosen_next_draws_four_and_loses_the_turn():
    """004 Wild Draw 4: 'Not only does the person who played the die get to call the next
    color played, but the next player has to pick 4 dice from the draw pile (if available)
    and lose their turn.'"""
    g = dice_table(center="red-3")
    notices = send(g, die("wild-draw4"))
    assert counts(g) == [4, 9, 5] and "forced_draw" in notices
    send(g, color("blue"))
    assert g.snapshot()["current"] == "Cat" and g.snapshot()["color"] == "blue"


def test_wild_draw4_takes_only_what_the_pouch_holds():
    """004 Wild Draw 4: 'pick 4 dice from the draw pile (if available)'."""
    g = dice_table(players=("Ann", "Ben", "Cat", "Dan"))
    send(g, REROLL, DRAW, PASS, REROLL, DRAW, PASS)   # pouch 4 -> 2; Cat to play
    send(g, die("wild-draw4"))                         # 3 in the pouch once the centre is back
    assert counts(g) == [6, 6, 4, 8] and pouch(g) == 0

