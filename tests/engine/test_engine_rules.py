"""One test per rule of UNO Dare!, each naming the rule-sheet passage it checks.

Seeds: 000 (rules write-up), 001 (overview), 002 (How to Play), 003 (Mattel's sheet);
DESIGN.md section 5 where they are silent.
"""

import pytest

from companion.engine import EventFormatError, Game
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


# --- UNO -------------------------------------------------------------------------------------------------

def two_card_table():
    """Ben is down to two cards, his turn, red 5 on top."""
    g = new_table(starter="red-5")
    for _ in range(5):  # Ben, Cat, Ann each play a red card five times
        send(g, play("red-1"), play("red-2"), play("red-3"))
    assert counts(g) == [2, 2, 2] and g.snapshot()["current"] == "Ben"
    return g


def test_caught_without_uno_draws_two():
    """003 Going Out: 'If you don't yell UNO and you are caught before the next player begins
    their turn, you must draw two cards.'"""
    g = two_card_table()
    notices = send(g, play("red-4"))
    assert "uno_window" in notices
    notices = send(g, {"type": "catch", "player": "Ben"})
    assert counts(g) == [2, 3, 2] and "penalty" in notices
    assert "holds 3 cards" in rejected(g, {"type": "catch", "player": "Ben"})


def test_uno_called_cannot_be_caught():
    """003 Going Out: 'When you play your next-to-last card, you must yell UNO'."""
    g = two_card_table()
    send(g, play("red-4"), {"type": "uno", "player": "Ben"})
    assert g.snapshot()["players"][1]["uno"] is True
    assert "called UNO" in rejected(g, {"type": "catch", "player": "Ben"})


def test_uno_may_be_called_just_before_the_second_to_last_card():
    """002 Going Out: 'you must yell UNO! before playing your second-to-last card.'"""
    g = two_card_table()
    send(g, {"type": "uno", "player": "Ben"}, play("red-4"))
    assert "called UNO" in rejected(g, {"type": "catch", "player": "Ben"})


def test_catch_too_late_once_next_player_begins():
    """000: 'If another player catches them ... before the next player starts their turn';
    DESIGN 5: the window closes when the next player plays or draws."""
    g = two_card_table()
    send(g, play("red-4"), DRAW)
    assert "too late" in rejected(g, {"type": "catch", "player": "Ben"})


def test_uno_with_more_cards_is_rejected():
    """003 Going Out: UNO means 'one'."""
    g = new_table(starter="red-5")
    assert "holds 7 cards" in rejected(g, {"type": "uno", "player": "Ann"})


def test_caught_player_drawing_loses_uno_status():
    """A player who draws after calling UNO holds two cards again and must call anew."""
    g = two_card_table()
    send(g, {"type": "uno", "player": "Ben"}, DRAW)
    assert g.snapshot()["players"][1]["uno"] is False


# --- Going out, scoring, rounds -------------------------------------------------------------------

def out_table(last="red-4", **game):
    g = new_table(starter="red-5", **game)
    for _ in range(6):
        send(g, play("red-1"), play("red-2"), play("red-3"))
    assert counts(g) == [1, 1, 1] and g.snapshot()["current"] == "Ben"
    send(g, play(last))
    return g


def test_last_card_ends_the_round():
    """003 Going Out: 'Once a player has no cards left, the round is over.'"""
    g = out_table()
    snap = g.snapshot()
    assert snap["phase"] == "hands" and snap["current"] is None
    assert "round is over" in rejected(g, play("red-4"))


def test_last_card_a_dare_next_player_still_dares_and_the_cards_count():
    """003 Going Out: 'If the last card played in a round is a Dare card or Wild Dare card, the
    next player must either draw 2 cards or perform the dare. These cards are counted when the
    points are totaled.'"""
    g = out_table(last="wild-dare-3")
    snap = g.snapshot()
    assert snap["phase"] == "dare" and snap["current"] == "Cat"  # no colour is chosen
    send(g, dare("failed"))
    assert counts(g) == [1, 0, 3] and g.snapshot()["phase"] == "hands"
    send(g, {"type": "hand", "player": "Ann", "cards": ["red-9"]},
         {"type": "hand", "player": "Cat", "cards": ["blue-skip", "green-1", "wild-dare-7"]})
    assert g.snapshot()["rounds"] == [{"winner": "Ben", "points": {"Ann": 0, "Ben": 80, "Cat": 0}}]


def test_scoring_chart_example_126_points():
    """000 Scoring example: number cards 2+3+6+5 = 16, Reverse, Skip and Dare 60, Wild Dare 50:
    'The player will score a total of 126 points from the round.'"""
    g = out_table()
    send(g, {"type": "hand", "player": "Ann", "cards": ["red-2", "blue-3", "green-reverse", "wild-dare-1"]},
         {"type": "hand", "player": "Cat", "cards": ["yellow-6", "red-5", "blue-skip", "green-dare-4"]})
    snap = g.snapshot()
    assert snap["players"][1]["score"] == 126 and snap["phase"] == "deal"


def test_hand_may_be_given_as_points():
    """DESIGN 4: 'hand ... (or "points":53)'."""
    g = out_table()
    send(g, {"type": "hand", "player": "Ann", "points": 53},
         {"type": "hand", "player": "Cat", "points": 7})
    assert g.snapshot()["players"][1]["score"] == 60


def test_hand_count_differs_from_count_kept():
    """DESIGN 1: the cards left are 'checked against the counts it kept'."""
    g = out_table()
    notices = send(g, {"type": "hand", "player": "Ann", "cards": ["red-2", "red-3"]})
    assert "count_mismatch" in notices


def test_a_hand_of_dice_in_a_card_game_is_bad_input():
    g = out_table()
    with pytest.raises(EventFormatError, match="lists its \"cards\""):
        g.apply({"type": "hand", "player": "Ann", "dice": ["purple"]})


def test_winner_has_no_hand_and_hands_count_once():
    g = out_table()
    assert "went out" in rejected(g, {"type": "hand", "player": "Ben", "cards": []})
    send(g, {"type": "hand", "player": "Ann", "cards": ["red-2"]})
    assert "already counted" in rejected(g, {"type": "hand", "player": "Ann", "cards": ["red-2"]})


def test_target_reached_ends_the_game():
    """003 Winning the Game: 'The WINNER is the first player to reach 500 points.'"""
    g = out_table()
    send(g, {"type": "hand", "player": "Ann", "points": 450},
         {"type": "hand", "player": "Cat", "points": 60})
    snap = g.snapshot()
    assert snap["phase"] == "game_over" and snap["winner"] == "Ben"
    assert "game is over" in rejected(g, {"type": "deal"})


def test_agreed_lower_target():
    """001: 'be the first to attain 500 points (or whichever agreed upon number)'."""
    g = out_table(target=50)
    send(g, {"type": "hand", "player": "Ann", "points": 30},
         {"type": "hand", "player": "Cat", "points": 20})
    assert g.snapshot()["winner"] == "Ben"


def test_penalty_scoring_each_keeps_own_points_lowest_wins():
    """000 Alternative Scoring: 'the losers of a hand will receive points for the cards left in
    their hand ... When one player has received 500 or more points ... The player with the
    least amount of points will win the game.'"""
    g = out_table(scoring="penalty", target=100)
    send(g, {"type": "hand", "player": "Ann", "points": 120},
         {"type": "hand", "player": "Cat", "points": 30})
    snap = g.snapshot()
    assert snap["rounds"][0]["points"] == {"Ann": 120, "Ben": 0, "Cat": 30}
    assert snap["phase"] == "game_over" and snap["winner"] == "Ben"


def test_next_round_dealer_passes_left():
    """000: 'The next dealer will shuffle the cards and another round will begin' (DESIGN 4:
    the deal passes to the left)."""
    g = out_table()
    send(g, {"type": "hand", "player": "Ann", "points": 1}, {"type": "hand", "player": "Cat", "points": 1})
    send(g, {"type": "deal"})
    snap = g.snapshot()
    assert snap["dealer"] == "Ben" and snap["round"] == 2 and counts(g) == [7, 7, 7]
    assert snap["players"][1]["score"] == 2 and snap["phase"] == "flip"


# --- Draw pile --------------------------------------------------------------------------------------

def test_draw_pile_is_108_minus_hands_minus_discard():
    """DESIGN 1: the draw pile's size is 108 minus hands minus discard."""
    g = new_table(starter="red-5")
    send(g, play("red-6"), DRAW, PASS)
    assert g.snapshot()["draw_pile"] == 108 - sum(counts(g)) - 2


def test_empty_draw_pile_is_rebuilt_from_the_discards():
    """003 Going Out: 'If no player is out of cards by the time the DRAW pile is depleted, the
    DISCARD pile is reshuffled and play continues.'"""
    g = new_table(players=[f"P{i}" for i in range(10)], dealer="P0", starter="red-5")
    send(g, play("red-6"), play("red-7"), play("red-8"))   # discard pile: 4 cards
    while g.snapshot()["draw_pile"]:
        send(g, DRAW, PASS)
    notices = send(g, DRAW)
    assert "reshuffle" in notices
    assert g.snapshot()["draw_pile"] == 2 and g.state.discard == 1


def test_nothing_left_to_draw_is_rejected():
    g = new_table(players=[f"P{i}" for i in range(10)], dealer="P0", starter="red-5")
    while g.snapshot()["draw_pile"]:
        send(g, DRAW, PASS)
    assert "nothing left to draw" in rejected(g, DRAW)


# --- Undo and bad events --------------------------------------------------------------------------

def test_undo_drops_the_last_accepted_event():
    """DESIGN 2: 'undo drops the last event'."""
    g = new_table(starter="red-5")
    before = g.snapshot()
    send(g, play("red-dare-2"), dare("failed"))
    send(g, {"type": "undo"}, {"type": "undo"})
    assert g.snapshot() == before


def test_undo_with_nothing_to_undo():
    g = Game()
    g.apply({"type": "game", "mode": "dare", "players": ["Ann", "Ben"]})
    assert "nothing to undo" in rejected(g, {"type": "undo"})


@pytest.mark.parametrize("event,words", [
    ({"type": "jump"}, "unknown event type"),
    ({"type": "play", "card": "purple-3"}, "not a card label"),
    ({"type": "uno", "player": "Zed"}, "unknown player"),
    ({"type": "dare", "outcome": "maybe"}, "outcome"),
    ({"type": "play"}, "one \"card\""),
    ({"type": "color"}, "needs 'color'"),
    ({"type": "play", "die": "red-3"}, "names its \"card\""),
])
def test_malformed_events_are_format_errors(event, words):
    g = new_table(starter="red-5")
    with pytest.raises(EventFormatError, match=words):
        g.apply(event)


@pytest.mark.parametrize("game,words", [
    ({"players": ["Ann"]}, "2-10 players"),
    ({"players": ["Ann", "Ann"]}, "share a name"),
    ({"players": ["Ann", "Ben"], "dare_list": "spicy"}, "unknown Dare List"),
    ({"players": ["Ann", "Ben"], "target": 0}, "above 0"),
    ({"players": ["Ann", "Ben"], "scoring": "golf"}, "standard or penalty"),
    ({"players": ["Ann", "Ben"], "options": {"fast": True}}, "unknown option"),
    ({"players": ["Ann", "Ben"], "mode": "poker"}, "unknown mode"),
])
def test_bad_game_lines(game, words):
    with pytest.raises(EventFormatError, match=words):
        Game().apply({"type": "game", "mode": "dare", **game})


def test_a_log_starts_with_a_game_line():
    with pytest.raises(EventFormatError, match="starts with a game line"):
        Game().apply({"type": "deal", "dealer": "Ann"})


def test_deck_has_108_cards_of_the_sheet():
    """002 Contents: 19 cards 0-9 per colour, 8 Reverse, 8 Skip, 8 Dare, 8 Wild Dare."""
    from collections import Counter
    from companion.engine import deck
    cards = deck()
    assert len(cards) == 108
    kinds = Counter(c.kind for c in cards)
    assert kinds == {"number": 76, "skip": 8, "reverse": 8, "dare": 8, "wild-dare": 8}
    assert Counter(c.color for c in cards if c.kind == "number")["red"] == 19
