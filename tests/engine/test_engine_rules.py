"""UNO Dare!: set up, matching, drawing, action cards and two players; one test per rule, each
naming the rule-sheet passage it checks (UNO and scoring: test_engine_uno_and_scoring.py).

Seeds: 000 (rules write-up), 001 (overview), 002 (How to Play), 003 (Mattel's sheet);
DESIGN.md section 5 where they are silent.
"""

import pytest

from companion.engine import Game
from enginekit import DRAW, PASS, counts, dare, new_table, play, rejected, send


# --- Setup -------------------------------------------------------------------------------------

def test_deal_gives_seven_cards_each_and_leaves_the_rest_as_draw_pile():
    """003 Setup 3: 'The dealer shuffles and deals each player 7 cards.'"""
    g = new_table(starter=None)
    snap = g.snapshot()
    assert counts(g) == [7, 7, 7]
    assert snap["draw_pile"] == 108 - 21
    assert snap["phase"] == "flip" and snap["round"] == 1 and snap["dealer"] == "Ann"


def test_first_round_needs_a_dealer():
    """002 Setup 2: 'the player with the highest number deals' - the table tells us who."""
    g = Game()
    g.apply({"type": "game", "mode": "dare", "players": ["Ann", "Ben"]})
    assert "dealer" in rejected(g, {"type": "deal"})


def test_starter_number_card_left_of_dealer_starts():
    """003 Let's Play: 'The person to the left of the dealer starts play.'"""
    g = new_table(dealer="Ben", starter="blue-4")
    snap = g.snapshot()
    assert snap["current"] == "Cat" and snap["direction"] == "clockwise"
    assert snap["top"] == "blue-4" and snap["color"] == "blue"
    assert snap["draw_pile"] == 108 - 21 - 1


def test_starter_reverse_dealer_starts_and_play_goes_right():
    """003 Reverse: 'If this card is turned up at the beginning of play, the dealer goes
    first, then play moves to the right instead of the left.'"""
    g = new_table(dealer="Ben", starter="green-reverse")
    snap = g.snapshot()
    assert snap["current"] == "Ben" and snap["direction"] == "counterclockwise"
    send(g, play("green-3"))
    assert g.snapshot()["current"] == "Ann"  # to Ben's right


def test_starter_skip_skips_left_of_dealer():
    """003 Skip: 'the player to the left of the dealer is skipped, hence the player to the
    left of that player starts play.'"""
    g = new_table(dealer="Ann", starter="red-skip")
    assert g.snapshot()["current"] == "Cat"


def test_starter_dare_left_of_dealer_dares_then_next_player_starts():
    """003 Dare: 'If a Dare card is turned up at the beginning of play, the player to the left
    of the dealer must choose to draw 2 cards or do a dare.' (DESIGN 5: then the next starts.)"""
    g = new_table(dealer="Ann", starter="yellow-dare-3")
    snap = g.snapshot()
    assert snap["phase"] == "dare" and snap["current"] == "Ben"
    assert snap["pending_dare"]["player"] == "Ben" and snap["pending_dare"]["number"] == 3
    send(g, dare("failed"))
    snap = g.snapshot()
    assert counts(g) == [7, 9, 7] and snap["current"] == "Cat" and snap["phase"] == "play"


def test_starter_wild_dare_left_of_dealer_chooses_colour_then_dares():
    """003 Wild Dare: 'If a Wild Dare card is turned up at the beginning of play, the person
    to the left of the dealer must choose to draw 2 cards or do a dare. They also get to
    choose the color that continues play.'"""
    g = new_table(dealer="Ann", starter="wild-dare-9")
    snap = g.snapshot()
    assert snap["phase"] == "color" and snap["current"] == "Ben" and snap["color"] is None
    assert "chooses the colour" in rejected(g, dare("done"))
    send(g, {"type": "color", "color": "green"})
    snap = g.snapshot()
    assert snap["phase"] == "dare" and snap["current"] == "Ben" and snap["color"] == "green"
    send(g, dare("done"))
    assert g.snapshot()["current"] == "Cat" and counts(g) == [7, 7, 7]


# --- Matching ------------------------------------------------------------------------------------

@pytest.mark.parametrize("card", ["red-9", "blue-5", "wild-dare-2"])
def test_match_by_colour_number_or_wild(card):
    """003 Let's Play: 'If the card on the DISCARD pile is a red 7, the player must put down a
    red card OR any color 7. Alternatively ... a Wild card.' (here on a red 5)"""
    g = new_table(starter="red-5")
    send(g, play(card))
    assert g.snapshot()["top"] == card


@pytest.mark.parametrize("top,card", [("red-skip", "blue-skip"), ("red-reverse", "green-reverse"),
                                      ("red-dare-1", "yellow-dare-7")])
def test_match_by_symbol(top, card):
    """003 Functions of Action Cards: Skip/Reverse 'may only be played on a matching color or
    on another Skip/Reverse card'; a Dare 'on a matching color or on another Dare card'."""
    g = new_table(players=("Ann", "Ben", "Cat", "Dan"), starter="red-4")
    send(g, play(top))
    if g.snapshot()["phase"] == "dare":
        send(g, dare("done"))
    send(g, play(card))
    assert g.snapshot()["top"] == card


def test_unmatched_card_is_rejected_with_a_reason_and_nothing_changes():
    """003 Let's Play: 'you must match ... either by number, color or symbol' (DESIGN 5: an
    illegal play is rejected, the card must go back)."""
    g = new_table(starter="red-5")
    reason = rejected(g, play("blue-7"))
    assert "blue-7 does not match the red 5" in reason


def test_table_may_override_an_illegal_play():
    """DESIGN 5: 'An illegal play is rejected ...; the table may override.'"""
    g = new_table(starter="red-5")
    send(g, play("blue-7", override=True))
    assert g.snapshot()["top"] == "blue-7" and g.snapshot()["color"] == "blue"


def test_wild_dare_may_be_played_any_time():
    """003 Wild Dare: 'You may play a Wild Dare Card on your turn even if you have another
    playable card in your hand.' 000: 'Wild Dare cards can be played at any time'."""
    g = new_table(starter="blue-skip")
    send(g, play("wild-dare-1"))
    assert g.snapshot()["phase"] == "color"


def test_after_wild_dare_only_chosen_colour_or_wild_matches():
    """003 Wild Dare: 'You also get to choose the color that continues play.'"""
    g = new_table(starter="red-5")
    send(g, play("wild-dare-1"), {"type": "color", "color": "blue"}, dare("done"))
    assert g.snapshot()["current"] == "Ann"  # Ben played it, Cat was dared
    rejected(g, play("red-5"))
    rejected(g, play("yellow-dare-1"))  # a Dare is not 'another Dare card' of a Wild Dare
    send(g, play("blue-2"))


def test_one_card_per_turn():
    """002 Let's Play: 'You may only play one card per turn.'"""
    g = new_table(starter="red-5")
    send(g, play("red-6"))
    assert g.snapshot()["current"] == "Cat"
    assert "Cat's turn, not Ben's" in rejected(g, play("red-7", player="Ben"))


# --- Drawing ------------------------------------------------------------------------------------------

def test_draw_then_play_the_drawn_card():
    """003 Let's Play: 'If the card you picked up can be played, you are free to put it down
    in the same turn.'"""
    g = new_table(starter="red-5")
    send(g, DRAW)
    assert counts(g) == [7, 8, 7] and g.snapshot()["current"] == "Ben"
    send(g, play("red-1"))
    assert counts(g) == [7, 7, 7] and g.snapshot()["current"] == "Cat"


def test_draw_then_pass_ends_the_turn():
    """003 Let's Play: 'Otherwise, play moves on to the next person in turn.'"""
    g = new_table(starter="red-5")
    send(g, DRAW, PASS)
    assert g.snapshot()["current"] == "Cat" and counts(g) == [7, 8, 7]


def test_pass_without_drawing_is_rejected():
    """003 Let's Play: 'If you don't have a card that matches ..., you must take a card.'"""
    g = new_table(starter="red-5")
    assert "draw" in rejected(g, PASS)


def test_only_one_draw_per_turn():
    """000: 'After drawing a card, you cannot choose to play one of the cards that were
    already in your hand' - the turn is the drawn card or nothing."""
    g = new_table(starter="red-5")
    send(g, DRAW)
    assert "drawn already" in rejected(g, DRAW)


def test_may_draw_although_holding_a_playable_card():
    """003 Let's Play: 'You may also choose NOT to play a playable card from your hand. If so,
    you must draw a card from the DRAW pile.' (the companion cannot see hands: a draw is
    always allowed at the start of a turn)"""
    g = new_table(starter="red-5")
    send(g, DRAW)
    assert g.snapshot()["draw_pile"] == 108 - 21 - 1 - 1


# --- Action cards ------------------------------------------------------------------------------------

def test_reverse_changes_direction():
    """003 Reverse Card: 'the direction of play reverses'."""
    g = new_table(players=("Ann", "Ben", "Cat", "Dan"), starter="red-5")
    send(g, play("red-reverse"))
    snap = g.snapshot()
    assert snap["direction"] == "counterclockwise" and snap["current"] == "Ann"
    send(g, play("red-reverse"))
    assert g.snapshot()["direction"] == "clockwise" and g.snapshot()["current"] == "Ben"


def test_skip_next_player_loses_turn():
    """003 Skip Card: 'the next player is skipped (loses their turn)'."""
    g = new_table(players=("Ann", "Ben", "Cat", "Dan"), starter="red-5")
    send(g, play("red-skip"))
    assert g.snapshot()["current"] == "Dan"


def test_dare_done_no_cards_drawn():
    """000 Dare Card: 'If a player completes the dare, they will not have to draw two cards.'"""
    g = new_table(starter="red-5")
    send(g, play("red-dare-15"))
    snap = g.snapshot()
    assert snap["phase"] == "dare" and snap["pending_dare"]["player"] == "Cat"
    assert snap["pending_dare"]["number"] == 15 and snap["pending_dare"]["text"]
    send(g, dare("done"))
    assert counts(g) == [7, 6, 7] and g.snapshot()["pending_dare"] is None


@pytest.mark.parametrize("outcome", ["failed", "declined"])
def test_dare_failed_or_declined_draws_two(outcome):
    """003 Dare Card: 'the next player must choose to either draw 2 cards, or do the dare';
    'they fail and must draw 2 cards.'"""
    g = new_table(starter="red-5")
    send(g, play("red-dare-15"))
    notices = send(g, dare(outcome))
    assert counts(g) == [7, 6, 9] and "penalty" in notices


def test_dare_ends_the_dared_players_turn():
    """002 Functions: 'draw 2 cards and skip their turn'; DESIGN 5: a dare ends the dared
    player's turn whichever they choose."""
    g = new_table(starter="red-5")
    send(g, play("red-dare-15"), dare("done"))
    assert g.snapshot()["current"] == "Ann"


def test_option_dare_keeps_turn():
    """DESIGN 5: option dare_keeps_turn - the dared player then takes their turn."""
    g = new_table(starter="red-5", options={"dare_keeps_turn": True})
    send(g, play("red-dare-15"), dare("failed"))
    assert g.snapshot()["current"] == "Cat"


def test_no_play_while_a_dare_is_pending():
    """003 Dare Card: 'the next player must choose to either draw 2 cards, or do the dare'."""
    g = new_table(starter="red-5")
    send(g, play("red-dare-15"))
    assert "dare" in rejected(g, play("red-7"))
    assert "dare" in rejected(g, DRAW)


def test_wild_dare_player_chooses_colour_next_player_dares():
    """000 Wild Dare: 'The player that plays the Wild Dare will also get to choose the color';
    'The next player in turn order will have to choose whether to attempt the dare'."""
    g = new_table(starter="red-5")
    send(g, play("wild-dare-2"))
    snap = g.snapshot()
    assert snap["phase"] == "color" and snap["current"] == "Ben"
    assert snap["pending_dare"]["player"] == "Cat"
    assert "red, yellow, green or blue" in rejected(g, {"type": "color", "color": "purple"})
    send(g, {"type": "color", "color": "yellow"})
    assert g.snapshot()["current"] == "Cat" and g.snapshot()["color"] == "yellow"


def test_dare_text_comes_from_the_chosen_list():
    """000 Completing Dares: 'compare the number to the Dare List card chosen at the beginning'."""
    from companion.engine.dares import DARE_LISTS
    g = new_table(starter="red-5", dare_list="daredevil")
    send(g, play("red-dare-4"))
    assert g.snapshot()["pending_dare"]["text"] == DARE_LISTS["daredevil"][3]


def test_house_rules_dares_from_configuration():
    """001: 'The House Rules card is where you fill in the blanks with your own dare rules'."""
    rules = ["Sing"] + [""] * 15
    g = new_table(starter="red-5", dare_list="house", house_rules=rules)
    send(g, play("red-dare-1"))
    assert g.snapshot()["pending_dare"]["text"] == "Sing"
    send(g, dare("done"), play("red-dare-2"))
    assert g.snapshot()["pending_dare"]["text"] is None  # slot left blank


def test_dare_card_whose_number_was_not_read():
    """DESIGN 3: 'A dare card whose number could not be read: red-dare, wild-dare'."""
    g = new_table(starter="red-5")
    send(g, play("red-dare"))
    assert g.snapshot()["pending_dare"] == {"player": "Cat", "number": None, "text": None}


# --- Two players -----------------------------------------------------------------------------------------

def test_two_players_reverse_acts_as_skip():
    """DESIGN 5: with two players Reverse acts as Skip (standard UNO)."""
    g = new_table(players=("Ann", "Ben"), dealer="Ann", starter="red-5")
    assert g.snapshot()["current"] == "Ben"
    send(g, play("red-reverse"))
    assert g.snapshot()["current"] == "Ben"


def test_two_players_reverse_option_off():
    """DESIGN 5: option two_player_reverse_skips=false - Reverse only turns the direction."""
    g = new_table(players=("Ann", "Ben"), starter="red-5",
                  options={"two_player_reverse_skips": False})
    send(g, play("red-reverse"))
    assert g.snapshot()["current"] == "Ann"


def test_two_players_skip_plays_again():
    """003 Skip: 'the next player is skipped' - with two, the player goes again."""
    g = new_table(players=("Ann", "Ben"), starter="red-5")
    send(g, play("red-skip"))
    assert g.snapshot()["current"] == "Ben"

