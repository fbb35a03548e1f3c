"""UNO Dice on the touchscreen: each dice screen driven by simulated touches on the offscreen
window and checked against the state; a whole round played by taps ends with the scores
the engine folds from the same events."""

import random

import pytest

from companion.tablesim_dice import DiceTable
from companion.ui import theme as T
from companion.ui.routing import screen_for
from uikit import button_in, frames, popups, tap, texts

PLAYERS = ["Ann", "Ben", "Cat"]


def dice_line(players=PLAYERS, target=200):
    return {"type": "game", "mode": "dice", "players": list(players), "target": target,
            "scoring": "standard", "options": {"uno_timer_s": 5, "uno_auto_penalty": False}}


def start(app, players=PLAYERS, first="Ann", center="red-3"):
    """A dice round under way: Ann rolled the centre die, red 3; Ann is up."""
    ctl = app.controller
    ctl.new_game(dice_line(players))
    app.game_started()
    ctl.choose_first(first)
    ctl.play_by_hand(center)
    frames()
    return ctl


@pytest.fixture
def newgame(app):
    """The new game screen, put back to the configuration's defaults (UNO Dare!) after."""
    ng = app.sm.get_screen("newgame")
    yield ng
    ng.load_defaults()


def screen(app):
    return app.sm.current_screen


def clipped(root) -> list[str]:
    """The texts shown in ``root`` that do not fit their box (after fitting)."""
    from kivy.uix.label import Label

    frames(3)
    out = []
    for w in root.walk(restrict=True):
        if isinstance(w, Label) and w.text and w.opacity > 0 and w.width > 2 and w.height > 2:
            tw, th = w.texture_size
            if tw > w.width + 1 or th > w.height + 1:
                out.append(f"{w.text!r} {tw}x{th} in {w.width:.0f}x{w.height:.0f}")
    return out


def pick_die(picker, label: str) -> None:
    """Choose ``label`` on a die picker: its colour (or Wild), then its face."""
    if label.startswith("wild"):
        tap(picker.colour_buttons["wild"], settle=0)
        tap(picker.face_buttons[label])
    else:
        colour, face = label.split("-", 1)
        tap(picker.colour_buttons[colour], settle=0)
        tap(picker.face_buttons[face])


def test_routing_sends_dice_phases_to_the_dice_screens():
    snap = {"mode": "dice", "phase": "start", "rounds": []}
    assert screen_for(snap) == "dicestart"
    assert screen_for({**snap, "phase": "play"}) == "dicetable"
    assert screen_for({**snap, "phase": "color"}) == "colour"
    assert screen_for({**snap, "phase": "hands"}) == "roundover"
    done = {**snap, "rounds": [{"winner": "Ann", "points": {}}]}
    assert screen_for(done, 0, 0) == "roundover"
    assert screen_for(done, 1, 0) == "scores"
    assert screen_for(done, 1, 1) == "dicestart"
    assert screen_for({**snap, "mode": "dare", "phase": "play"}) == "table"


def test_new_game_screen_starts_a_dice_game(app, newgame):
    ng = newgame
    ng.set_mode("dare")
    ng.players = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    ng.refresh()
    frames()
    assert ng.ids.heading.text == "New game of UNO Dare!" and not ng.ids.start.disabled
    tap(ng.ids.mode_dice)
    assert ng.mode == "dice" and ng.ids.heading.text == "New game of UNO Dice"
    assert ng.ids.start.disabled and "2-4 players" in ng.ids.start.text
    assert ng.ids.edit_house.disabled and ng.ids.edit_house.height == 0   # no Dare List
    assert ng.ids.reverse_skips.disabled
    tap(button_in(ng, "5. Eve").parent.children[0])    # the row's ×
    assert ng.players == ["Ann", "Ben", "Cat", "Dan"] and not ng.ids.start.disabled
    tap(ng.ids.target_200)
    tap(ng.ids.scoring_penalty)
    tap(ng.ids.start)
    assert app.sm.current == "dicestart"
    st = app.controller.state
    assert st.mode == "dice" and st.target == 200 and st.scoring == "penalty"
    assert st.players == ["Ann", "Ben", "Cat", "Dan"] and st.house_rules == ()
    assert app.controller.game.events[0]["options"] == {"uno_timer_s": 5,
                                                        "uno_auto_penalty": False}


def test_new_game_screen_switches_back_and_forth(app, newgame):
    """The settings one game hides take no touches meant for the other's."""
    ng = newgame
    ng.players = ["Ann", "Ben"]
    ng.refresh()
    for _ in range(2):
        tap(ng.ids.mode_dice)
        assert ng.mode == "dice"
        tap(ng.ids.target_300)
        assert ng.target == 300
        tap(ng.ids.mode_dare)
        assert ng.mode == "dare" and ng.ids.heading.text == "New game of UNO Dare!"
        tap(ng.ids.target_up)
        tap(ng.ids.list_house)
        assert ng.target == 350 and ng.dare_list == "house"
        tap(ng.ids.list_family)


def test_new_game_screen_follows_a_dice_configuration(app, newgame):
    from companion.config import Config, GameConfig

    saved = app.table_config
    app.table_config = Config(game=GameConfig(mode="dice", players=("Ann", "Ben", "Cat", "Dan",
                                                                     "Eve"), target=450))
    try:
        newgame.load_defaults()
        frames()
        assert newgame.mode == "dice" and newgame.target == 500    # a target of the sheet
        assert newgame.ids.start.disabled and "2-4 players" in newgame.message
        assert newgame.ids.add_player.disabled
    finally:
        app.table_config = saved


def test_start_screen_who_rolled_then_the_centre_die_by_hand(app):
    ctl = app.controller
    ctl.new_game(dice_line())
    app.game_started()
    s = screen(app)
    assert app.sm.current == "dicestart" and s.title.startswith("Round 1: take 5 dice")
    assert "Who rolls the centre die?" in s.hint and clipped(s) == []
    tap(s.player_buttons["Ben"])
    assert "Ben rolls the centre die" in s.hint
    tap(s.ids.enter)
    picker = popups()[-1]
    tap(picker.colour_buttons["blue"])
    assert picker.face_buttons["skip"].disabled and picker.colour_buttons["wild"].disabled
    tap(picker.face_buttons["4"])
    table = screen(app)
    assert app.sm.current == "dicetable" and table.ids.die.label == "blue-4"
    assert table.centre_text.startswith("Ben\nto play")
    assert "centre die shows blue 4. Ben begins." in table.message


def test_start_screen_camera_die_first_then_who_rolled(app):
    ctl = app.controller
    ctl.new_game(dice_line())
    app.game_started()
    ctl.camera_play("green-5")                          # the camera reads the centre die
    frames()
    s = screen(app)
    assert app.sm.current == "dicestart" and s.ids.die.label == "green-5"
    assert "tap who rolled it" in s.message
    tap(s.player_buttons["Cat"])
    assert app.sm.current == "dicetable" and ctl.snapshot()["current"] == "Cat"


class QueueFeed:
    """A camera feed whose results the test queues: what the app's clock hands over."""

    reads_cards = True
    running = True
    fps = 15.0
    recognizer = None

    def __init__(self):
        self.waiting = []
        self.counts = 0

    def poll(self):
        out, self.waiting = self.waiting, []
        return out

    def request_count(self):
        self.counts += 1

    def stop(self):
        pass


def test_the_camera_reads_dice_through_the_app(app):
    from companion.camerafeed import FeedMessage

    ctl = app.controller
    feed = QueueFeed()
    app.feed = feed
    ctl.new_game(dice_line(["Ann", "Ben"]))
    app.game_started()
    feed.waiting = [FeedMessage("play", card="yellow-skip")]   # a command: rolled again
    frames()
    assert app.sm.current == "dicestart" and "roll it again" in screen(app).message
    feed.waiting = [FeedMessage("play", card="yellow-4")]
    frames()
    tap(screen(app).player_buttons["Ben"])
    t = screen(app)
    assert app.sm.current == "dicetable" and t.ids.die.label == "yellow-4"
    feed.waiting = [FeedMessage("play", card="yellow-draw2")]  # a face that is no card
    frames()
    assert ctl.game.events[-1] == {"type": "play", "die": "yellow-draw2"}
    assert t.ids.die.label == "yellow-draw2" and "Ben plays again" in t.message
    feed.waiting = [FeedMessage("taken_back", card="yellow-draw2")]
    frames()
    assert t.ids.die.label == "yellow-4" and ctl.game.events[-1]["type"] == "start"
    feed.waiting = [FeedMessage("play", card="wild")]
    frames()
    assert app.sm.current == "colour"
    tap(screen(app).ids.red)
    assert t.ids.die.color_in_play == "red" and ctl.snapshot()["current"] == "Ann"
    app.feed = None


def test_dice_table_shows_the_state_and_the_turn_buttons(app):
    ctl = start(app)
    t = screen(app)
    assert app.sm.current == "dicetable"
    assert t.ids.die.label == "red-3" and t.color_in_play == "red"
    assert "RED (circle)" in t.colour_text and t.ids.pouch.text == "Pouch 9 dice"
    assert "UNO Dice · Round 1 · to 200" in t.round_text
    badges = t.ids.ring.badges
    assert [b.count_label.text for b in badges] == ["5 dice"] * 3
    assert badges[0].current and not badges[1].current
    assert clipped(t) == []
    assert not t.ids.reroll.disabled and t.ids.draw.disabled and t.ids.pass_.disabled
    assert t.ids.challenge.disabled and t.ids.undo.disabled is False
    tap(t.ids.reroll)
    assert t.ids.reroll.disabled and not t.ids.draw.disabled
    assert "re-rolled" in t.centre_text
    tap(t.ids.draw)
    assert badges[0].count_label.text == "6 dice" and t.ids.pouch.text == "Pouch 8 dice"
    assert not t.ids.pass_.disabled and t.ids.draw.disabled
    tap(t.ids.pass_)
    assert ctl.snapshot()["current"] == "Ben" and badges[1].current
    tap(t.ids.undo)
    assert ctl.snapshot()["current"] == "Ann" and not t.ids.pass_.disabled


def test_enter_a_die_wild_draw4_colour_then_challenge(app):
    ctl = start(app)
    t = screen(app)
    tap(t.ids.enter)
    picker = popups()[-1]
    tap(picker.colour_buttons["blue"])
    assert picker.face_buttons["6"].disabled and not picker.face_buttons["3"].disabled
    tap(picker.back_button)
    tap(picker.colour_buttons["wild"])
    tap(picker.face_buttons["wild-draw4"])
    assert ctl.game.events[-1] == {"type": "play", "die": "wild-draw4"}
    colour = screen(app)
    assert app.sm.current == "colour" and colour.ids.who.text == "Ann chooses the colour"
    assert not colour.ids.challenge.disabled
    assert colour.ids.challenge.text == "Challenge Ann's Wild Draw 4" and clipped(colour) == []
    tap(colour.ids.yellow)
    t = screen(app)
    assert app.sm.current == "dicetable" and t.ids.die.color_in_play == "yellow"
    assert "YELLOW (diamond)" in t.colour_text and t.ids.ring.badges[1].count_label.text == "9 dice"
    assert t.ids.challenge.text == "Challenge\nAnn's +4" and clipped(t) == []
    tap(t.ids.challenge)
    assert [b.count_label.text for b in t.ids.ring.badges] == ["9 dice", "5 dice", "5 dice"]
    assert t.ids.die.label == "red-3" and t.ids.challenge.disabled
    assert "Challenge! Ann takes the Wild Draw 4 back" in t.message


def test_illegal_die_from_the_camera_is_asked_taken_back_or_allowed(app):
    ctl = start(app)
    ctl.camera_play("blue-5")
    frames()
    question = popups()[-1]
    assert question.title_label.text == "Not allowed: Ann played blue 5"
    assert "does not match the red 3" in question.message_label.text
    tap(question.buttons["Take it back"])
    assert not popups() and len(ctl.game.events) == 2
    assert screen(app).message == "Ann takes blue 5 back."
    ctl.camera_play("green-6")
    frames()
    tap(popups()[-1].buttons["Allow it"])
    assert ctl.game.events[-1] == {"type": "play", "die": "green-6", "override": True}
    assert screen(app).ids.die.label == "green-6" and not popups()


def test_uno_countdown_and_catch_on_the_dice_table(app):
    ctl = start(app, players=["Ann", "Ben"])
    for n in range(1, 4):
        ctl.play_by_hand(f"red-{n}")
        ctl.play_by_hand(f"red-{n + 1}")
    ctl.play_by_hand("red-5")                           # Ann down to one die, no UNO
    frames()
    t = screen(app)
    assert t.ids.ring.badges[0].count_label.text == "UNO? 5"
    assert t.ids.uno.text == "UNO!\nAnn" and t.ids.catch.text == "Catch\nAnn"
    tap(t.ids.catch)
    assert t.ids.ring.badges[0].count_label.text == "3 dice"
    assert t.message == "Ann was caught without UNO: 2 dice."


def test_a_dice_game_is_resumed_onto_the_dice_table(app):
    ctl = start(app)
    ctl.reroll()
    snap = ctl.snapshot()
    ctl.session = None                                  # as after a restart
    app.game_started()
    frames()
    ng = screen(app)
    assert app.sm.current == "newgame"
    assert ng.resume_text == "Resume: Ann, Ben, Cat (UNO Dice, 0 rounds played)"
    tap(ng.ids.resume)
    t = screen(app)
    assert app.sm.current == "dicetable" and ctl.snapshot() == snap
    assert t.ids.reroll.disabled and not t.ids.draw.disabled


def test_round_over_lists_dice_and_types_points(app):
    ctl = start(app)
    ctl.session.game.state.counts[0] = 1                # a short round, for the screen only
    ctl.session.game.state.uno_called[0] = True
    ctl.play_by_hand("red-4")
    frames()
    ro = screen(app)
    assert app.sm.current == "roundover" and ro.title == "Round 1: Ann went out!"
    assert ro.player == "Ben" and ro.kept == "Ben: the companion counted 5 dice"
    assert ro.ids.add.text == "Add a die"
    from companion.camerafeed import FeedMessage

    feed = app.feed = QueueFeed()
    tap(ro.ids.count)
    assert feed.counts == 1 and ro.counting
    feed.waiting = [FeedMessage("count", cards=("blue-2", "wild"))]   # the dice in view
    frames()
    assert not ro.counting
    assert "The camera sees 2 dice" in ro.message
    chips = ro.ids.chips.children[::-1]
    assert [c.text for c in chips] == ["blue 2  ×", "Wild  ×"]
    assert ro.ids.total.text == "2 dice, 52 points" and "counted 5" in ro.warning
    tap(ro.ids.add)
    picker = popups()[-1]
    assert picker.colour_buttons["wild"].text == "Wild" and clipped(ro) == []
    pick_die(picker, "yellow-draw2")
    assert ro.cards == ["blue-2", "wild", "yellow-draw2"]
    assert ro.ids.total.text == "3 dice, 72 points"
    tap(ro.ids.confirm)
    assert ctl.game.events[-1] == {"type": "hand", "player": "Ben",
                                   "dice": ["blue-2", "wild", "yellow-draw2"]}
    assert ro.player == "Cat"
    tap(ro.ids.points)
    pad = popups()[-1]
    for key in ("1", "2", "OK"):
        tap(pad.key_buttons[key])
    assert ro.results and "Ann: +84 this round, 84 in all" in texts(ro)
    app.feed = None


def test_a_whole_dice_round_by_taps(app, newgame):
    """Bots at a simulated dice table decide; every event is made by tapping the screens
    (dice entered with the die picker, the hand left listed die by die)."""
    ctl = app.controller
    players = ["Ann", "Ben"]
    sim = DiceTable(players, random.Random(1943), target=200)   # a short round with every tap
    ng = newgame
    ng.set_mode("dice")
    ng.players = list(players)
    ng.scoring, ng.strict_uno, ng.uno_timer_s = "standard", False, 5
    ng.refresh()
    tap(ng.ids.target_200)
    tap(ng.ids.start)
    sim.send(ng.game_event())
    hands, kinds = 0, set()
    while not ctl.snapshot()["rounds"]:
        event = sim.next_event()
        kinds.add(event["type"])
        n = len(ctl.game.events)
        hands += tap_for(app, event)
        assert len(ctl.game.events) == n + 1, f"{event} did not go in: {ctl.message}"
        if event["type"] != "hand":
            assert ctl.game.events[-1] == event
        sim.send(event)
    ro = screen(app)
    assert app.sm.current == "roundover" and ro.results and hands == 1
    assert kinds == {"start", "play", "reroll", "draw", "pass", "uno", "catch", "color",
                     "challenge", "hand"}
    want = sim.game.snapshot()
    assert ctl.snapshot()["rounds"] == want["rounds"]
    assert [p["score"] for p in ctl.snapshot()["players"]] == [p["score"] for p in want["players"]]
    winner = want["rounds"][0]["winner"]
    assert ro.title == f"Round 1 won by {winner}"
    tap(ro.ids.next)
    scores = screen(app)
    assert app.sm.current == "scores"
    assert any(t.startswith(f"Round 1: {winner} went out") for t in texts(scores))
    tap(scores.ids.next_round)
    s = screen(app)
    assert app.sm.current == "dicestart"
    assert s.hint == f"{winner} won the last round, rolls the centre die and begins."
    assert not s.player_buttons


def tap_for(app, event: dict) -> int:
    """Do on the screen what a player would for ``event``; 1 for a hand counted."""
    sm = app.sm
    kind = event["type"]
    s = sm.current_screen
    table = sm.get_screen("dicetable")
    if kind == "start":
        assert sm.current == "dicestart"
        if "first" in event:
            tap(s.player_buttons[event["first"]])
        tap(s.ids.enter)
        pick_die(popups()[-1], event["center"])
    elif kind == "play":
        assert sm.current == "dicetable"
        tap(table.ids.enter)
        pick_die(popups()[-1], event["die"])
    elif kind == "reroll":
        tap(table.ids.reroll)
    elif kind == "draw":
        tap(table.ids.draw)
    elif kind == "pass":
        tap(table.ids.pass_)
    elif kind == "uno":
        tap(table.ids.uno)
        if popups():
            tap(popups()[-1].buttons[event["player"]])
    elif kind == "catch":
        assert table.ids.catch.text == f"Catch\n{event['player']}"
        tap(table.ids.catch)
    elif kind == "challenge":
        tap(s.ids.challenge)
    elif kind == "color":
        assert sm.current == "colour"
        tap(s.ids[event["color"]])
    elif kind == "hand":
        assert sm.current == "roundover" and s.player == event["player"]
        for label in event["dice"]:
            tap(s.ids.add)
            pick_die(popups()[-1], label)
        assert s.cards == event["dice"] and not s.warning
        tap(s.ids.confirm)
        return 1
    else:
        raise AssertionError(f"no tap for {event}")
    return 0


def test_die_view_draws_each_kind_of_face(app):
    from companion.ui.widgets.dieview import DieView

    die = DieView(size_hint=(None, None), size=(200, 160))
    app.sm.current_screen.add_widget(die)
    try:
        frames()
        assert die._text.text == "no die yet"
        for label, symbol in (("red-6", "6"), ("blue-skip", "SKIP"), ("green-reverse", "REVERSE"),
                              ("yellow-draw2", "DRAW\n2"), ("wild", "WILD"),
                              ("wild-draw4", "WILD\nDRAW 4")):
            die.label = label
            frames(1)
            assert die._text.text == symbol
            assert die._text.texture_size[0] <= die._text.width        # inside the disc
        die.label, die.color_in_play = "wild", "green"
        frames(1)
        greens = [c for c in die.canvas.before.children if getattr(c, "rgba", None) ==
                  list(T.CARD["green"])]
        assert len(greens) >= 3                        # border, rim and the shapes
        die.label = "yellow-3"
        frames(1)
        assert die._text.color == [0, 0, 0, 1]          # black on the white disc, not yellow
        assert die.die_box()[2] == 160                  # square, fitted into the box
    finally:
        die.parent.remove_widget(die)
