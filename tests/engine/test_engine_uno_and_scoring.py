"""UNO Dare!: calling UNO, going out, scoring and rounds, each test naming the rule-sheet
passage it checks.

Seeds: 000 (rules write-up), 001 (overview), 002 (How to Play), 003 (Mattel's sheet);
DESIGN.md section 5 where they are silent.
"""

import pytest

from companion.engine import EventFormatError, Game
from enginekit import DRAW, PASS, counts, dare, new_table, play, rejected, send


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
