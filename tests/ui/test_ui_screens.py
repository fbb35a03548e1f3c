"""Each screen driven by simulated touches on the offscreen window; what it shows is checked."""

import numpy as np

from uikit import button_in, frames, popups, tap, texts

PLAYERS = ["Ann", "Ben", "Cat"]


def game_line(players=PLAYERS, dare_list="family", **options):
    opts = {"uno_timer_s": 5, "uno_auto_penalty": False}
    opts.update(options)
    return {"type": "game", "mode": "dare", "players": list(players), "dare_list": dare_list,
            "target": 500, "scoring": "standard", "options": opts}


def start(app, players=PLAYERS, dealer="Cat", starter="red-5", **kw):
    """A game under way: Cat deals, the starter card is read; Ann is up."""
    app.controller.new_game(game_line(players, **kw))
    app.game_started()
    app.controller.deal(dealer)
    app.controller.camera_play(starter)
    frames()


def screen(app):
    return app.sm.current_screen


def test_new_game_typed_names_and_start(app):
    ng = app.sm.get_screen("newgame")
    ng.players = []
    ng.refresh()
    frames()
    assert app.sm.current == "newgame"
    assert ng.ids.start.disabled
    for name in ("Ann", "Bo"):
        tap(ng.ids.add_player)
        keyboard = popups()[-1]
        for ch in name:
            tap(keyboard.key_buttons[ch.upper()])
        assert keyboard.shown.text == name + "_"       # capital first, then small letters
        tap(keyboard.key_buttons["OK"])
    assert ng.players == ["Ann", "Bo"]
    assert "1. Ann" in texts(ng) and "2. Bo" in texts(ng)
    tap(button_in(ng, "Down"))                         # Ann moves after Bo
    assert ng.players == ["Bo", "Ann"]
    tap(ng.ids.list_daredevil)
    tap(ng.ids.target_down)
    tap(ng.ids.scoring_penalty)
    tap(ng.ids.strict_uno)
    tap(ng.ids.timer_up)
    tap(ng.ids.start)
    assert app.sm.current == "deal"
    st = app.controller.state
    assert st.players == ["Bo", "Ann"] and st.dare_list == "daredevil"
    assert st.target == 450 and st.scoring == "penalty"
    assert st.options["uno_auto_penalty"] is True and st.options["uno_timer_s"] == 6


def test_names_and_house_rules_are_shown_as_text_not_markup(app):
    ng = app.sm.get_screen("newgame")
    ng.players = ["[b]Zed[/b]", "Ann"]
    ng.house_rules = ["Say [color=ff0000]red[/color] three times."] + [""] * 15
    ng.dare_list = "house"
    ng.refresh()
    tap(ng.ids.start)
    app.controller.deal("Ann")
    app.controller.camera_play("red-5")
    app.controller.camera_play("red-dare-1")           # Zed dares Ann with House Rule 1
    frames()
    dare = screen(app)
    assert app.sm.current == "dare"
    label = dare.ids.text
    assert label.text == "Say [color=ff0000]red[/color] three times." and not label.markup
    app.controller.dare("done")
    frames()
    badge = app.sm.get_screen("table").ids.ring.badges[0]
    assert badge.name_label.text == "[b]Zed[/b]" and not badge.name_label.markup


def test_house_rules_editor_types_a_dare(app):
    ng = app.sm.get_screen("newgame")
    ng.house_rules = [""] * 16
    tap(ng.ids.edit_house)
    assert app.sm.current == "houserules"
    rows = app.sm.get_screen("houserules").ids.dare_rows.children[::-1]
    tap(rows[2].children[0])                           # dare 3
    keyboard = popups()[-1]
    for ch in "HOP":
        tap(keyboard.key_buttons[ch])
    tap(keyboard.key_buttons["OK"])
    assert ng.house_rules[2] == "Hop"
    tap(app.sm.get_screen("houserules").ids.back)
    assert app.sm.current == "newgame"


def test_resume_is_offered_and_brings_the_game_back(app):
    start(app)
    app.controller.camera_play("red-7")
    snap = app.controller.snapshot()
    app.controller.session = None                      # as after a restart
    app.game_started()
    frames()
    ng = screen(app)
    assert app.sm.current == "newgame" and ng.resume_text.startswith("Resume: Ann, Ben, Cat")
    tap(ng.ids.resume)
    assert app.sm.current == "table"
    assert app.controller.snapshot() == snap


def test_deal_tap_dealer_then_starter_by_hand(app):
    app.controller.new_game(game_line())
    app.game_started()
    frames()
    deal = screen(app)
    assert app.sm.current == "deal" and "who deals" in deal.title
    tap(deal.player_buttons["Ben"])
    assert deal.flip and "Ben deals" in deal.title
    tap(button_in(deal, "Enter the starter card"))
    picker = popups()[-1]
    tap(picker.colour_buttons["green"])
    tap(picker.face_buttons["4"])
    assert app.sm.current == "table"
    assert app.controller.snapshot()["top"] == "green-4"
    assert screen(app).ids.card.label == "green-4"


def test_draw_for_dealer_from_the_camera(app):
    app.controller.new_game(game_line())
    app.game_started()
    frames()
    deal = screen(app)
    tap(button_in(deal, "Draw for dealer"))
    assert deal.drawing and deal.ids.hint.text == "Ann: show a card to the camera."
    app.controller.camera_play("blue-3")
    app.controller.camera_play("red-8")
    frames()
    assert deal.ids.hint.text == "Cat: show a card to the camera."
    tap(button_in(deal, "Enter Cat's card"))
    picker = popups()[-1]
    tap(picker.colour_buttons["yellow"])
    tap(picker.face_buttons["skip"])
    assert app.controller.snapshot()["dealer"] == "Ben" and deal.flip


def test_table_shows_the_game_and_the_buttons_act(app):
    start(app)
    table = screen(app)
    assert app.sm.current == "table"
    assert table.ids.card.label == "red-5" and table.colour_text.strip() == "RED (circle)"
    seats = {b.name: b for b in table.ids.ring.badges}
    assert seats["Ann"].current and seats["Ann"].count_label.text == "7 cards"
    assert "Ann" in table.centre_text and "clockwise" in table.centre_text
    assert table.ids.pass_.disabled
    tap(table.ids.draw)
    assert seats["Ann"].count_label.text == "8 cards" and table.ids.draw.disabled
    tap(table.ids.pass_)
    assert app.controller.snapshot()["current"] == "Ben"
    assert seats["Ben"].current and not seats["Ann"].current
    tap(table.ids.undo)
    assert app.controller.snapshot()["current"] == "Ann" and not table.ids.pass_.disabled
    assert table.ids.message.text.startswith("Undone")
    app.controller.camera_play("red-reverse")
    frames()
    assert table.direction == "counterclockwise" and "counter" in table.centre_text


def test_enter_a_card_greys_out_what_does_not_match(app):
    start(app)
    table = screen(app)
    tap(table.ids.enter)
    picker = popups()[-1]
    tap(picker.colour_buttons["blue"])
    assert picker.face_buttons["5"].disabled is False  # any 5 matches
    assert picker.face_buttons["7"].disabled is True
    tap(picker.face_buttons["5"])
    assert app.controller.snapshot()["top"] == "blue-5"


def test_illegal_camera_play_asks_and_allow_overrides(app):
    start(app)
    app.controller.camera_play("blue-7")
    frames()
    question = popups()[-1]
    assert "Not allowed: Ann played blue 7" in question.title_label.text
    assert "does not match" in question.message_label.text
    assert app.buzzer.played[-1] == "illegal"
    tap(question.buttons["Allow it"])
    assert not popups()
    events = app.controller.game.events
    assert events[-1] == {"type": "play", "card": "blue-7", "override": True}
    assert screen(app).ids.card.label == "blue-7"


def test_illegal_camera_play_taken_back(app):
    start(app)
    n = len(app.controller.game.events)
    app.controller.camera_play("green-9")
    frames()
    tap(popups()[-1].buttons["Take it back"])
    assert not popups() and len(app.controller.game.events) == n
    assert "takes green 9 back" in screen(app).ids.message.text
    # the camera then sees the card go: nothing more happens
    app.controller.camera_take_back("green-9")
    assert len(app.controller.game.events) == n


def test_uno_countdown_on_the_seat_then_uno_tap(app):
    start(app, players=["Ann", "Ben"], dealer="Ben")
    ctl = app.controller
    for ann, ben in zip(["red-1", "red-3", "red-6", "red-8", "red-1"],
                        ["red-2", "red-4", "red-7", "red-9", "red-2"]):
        ctl.camera_play(ann)
        ctl.camera_play(ben)
    ctl.camera_play("red-3")                           # Ann: one card left
    frames()
    table = screen(app)
    ann = table.ids.ring.badges[0]
    assert ann.countdown == "5" and ann.count_label.text == "UNO? 5"
    assert table.ids.catch.text == "Catch\nAnn" and not table.ids.catch.disabled
    app.clock.now += 2.2
    frames()
    assert ann.countdown == "3"
    tap(table.ids.uno)                                 # Ann and Ben (holding 2) may call
    who = popups()[-1]
    tap(who.buttons["Ann"])
    assert ann.countdown == "" and table.ids.catch.disabled
    assert ann.count_label.text == "1 card  UNO"


def test_catch_tap(app):
    start(app, players=["Ann", "Ben"], dealer="Ben")
    ctl = app.controller
    for ann, ben in zip(["red-1", "red-3", "red-6", "red-8", "red-1"],
                        ["red-2", "red-4", "red-7", "red-9", "red-2"]):
        ctl.camera_play(ann)
        ctl.camera_play(ben)
    ctl.camera_play("red-3")
    frames()
    table = screen(app)
    tap(table.ids.catch)
    assert table.ids.ring.badges[0].count_label.text == "3 cards"
    assert app.buzzer.played[-1] == "penalty"


def test_dare_screen_failed_adds_two_cards(app):
    start(app)
    app.controller.camera_play("red-dare-3")
    frames()
    dare = screen(app)
    assert app.sm.current == "dare"
    assert dare.ids.who.text == "Ben, a dare!"
    assert dare.ids.number.text == "Dare 3 · Family list"
    assert dare.ids.text.text == "Name five fruits in ten seconds."
    tap(dare.ids.failed)
    assert app.sm.current == "table"
    assert app.controller.snapshot()["players"][1]["cards"] == 9
    assert app.buzzer.played[-1] == "penalty"


def test_colour_screen_after_a_wild_dare(app):
    start(app)
    app.controller.camera_play("wild-dare-2")
    frames()
    assert app.sm.current == "colour"
    colour = screen(app)
    assert colour.ids.who.text == "Ann chooses the colour"
    assert "BLUE" in colour.ids.blue.text and "square" in colour.ids.blue.text
    tap(colour.ids.blue)
    assert app.sm.current == "dare"                    # Ben still has the dare to answer
    tap(screen(app).ids.done)
    table = screen(app)
    assert table.color_in_play == "blue" and "BLUE (square)" in table.colour_text


def _round_over(app):
    """Ann goes out in a 3-player game; Ben and Cat hold cards."""
    start(app)
    ctl = app.controller
    ctl.state.counts[0] = 1                            # a short round, for the screen only
    ctl.session.game.state.uno_called[0] = True
    ctl.camera_play("red-9")
    frames()


def test_round_over_camera_count_corrections_keypad_then_points(app):
    _round_over(app)
    ro = screen(app)
    assert app.sm.current == "roundover" and ro.title == "Round 1: Ann went out!"
    assert ro.player == "Ben" and "counted 7 cards" in ro.kept
    ro.camera_counted(["blue-7", "wild-dare-3", "red-2"])   # what the camera sees
    frames()
    chips = ro.ids.chips.children[::-1]
    assert [c.text for c in chips] == ["blue 7  ×", "Wild Dare 3  ×", "red 2  ×"]
    assert "counted 7" in ro.warning                   # 3 listed, 7 kept
    tap(chips[2])                                      # red 2 was not Ben's
    assert ro.cards == ["blue-7", "wild-dare-3"]
    assert ro.ids.total.text == "2 cards, 57 points"
    tap(ro.ids.confirm)
    assert ro.player == "Cat"
    tap(ro.ids.points)
    pad = popups()[-1]
    for key in ("3", "0", "OK"):
        tap(pad.key_buttons[key])
    assert ro.results and ro.title == "Round 1 won by Ann"
    assert "Ann: +87 this round, 87 in all" in texts(ro)
    tap(ro.ids.next)
    scores = screen(app)
    assert app.sm.current == "scores" and "after round 1" in scores.title
    assert "Round 1: Ann went out; Ann +87" in texts(scores)
    assert scores.ids.chart.totals == [[87, 0, 0]]
    tap(scores.ids.next_round)
    assert app.sm.current == "deal" and "Ann deals" in screen(app).title


def test_menu_opens_scores_and_camera_check(app):
    start(app)
    table = screen(app)
    tap(table.ids.menu)
    tap(popups()[-1].buttons["Scores"])
    scores = screen(app)
    assert app.sm.current == "scores" and scores.ids.next_round.text == "Back to the game"
    tap(scores.ids.next_round)
    assert app.sm.current == "table"
    app.feed = FakeFeed()
    tap(table.ids.menu)
    tap(popups()[-1].buttons["Camera check"])
    cam = screen(app)
    assert app.sm.current == "camera"
    frames()
    assert cam.ids.preview.texture is not None and cam.ids.preview.texture.size == (64, 48)
    assert cam.seen == "green 7 (93% sure)"
    assert len(cam.ids.preview.canvas.after.children) > 0   # the outline
    tap(cam.ids.back)
    assert app.sm.current == "table"


def test_new_game_from_the_menu_leaves_the_old_one(app):
    start(app)
    old = app.controller.session.game_id
    tap(screen(app).ids.menu)
    tap(popups()[-1].buttons["New game"])
    tap(popups()[-1].buttons["Yes, new game"])
    assert app.sm.current == "newgame"
    assert app.controller.journal.game(old).status == "abandoned"


class FakeFeed:
    """A camera feed with one fixed frame and sighting."""

    reads_cards = True
    running = True
    fps = 12.0
    recognizer = None

    def latest(self):
        from companion.camerafeed import Preview

        image = np.zeros((48, 64, 3), np.uint8)
        corners = np.array([[10, 10], [30, 10], [30, 40], [10, 40]], np.float32)
        return Preview(image, 1, "green-7", 0.93, corners, self.fps)

    def poll(self):
        return []

    def stop(self):
        pass


def test_a_gpio_button_press_reaches_the_engine_on_the_main_thread(app):
    import threading

    from uikit import wait_until

    start(app)
    seen = []
    applied = app.controller.submit

    def submit(event, source="tap"):
        seen.append((threading.current_thread() is threading.main_thread(), source))
        return applied(event, source)

    app.controller.submit = submit
    try:
        # what run's ButtonPanel callback does on gpiozero's thread
        press = threading.Thread(
            target=lambda: app.post(lambda: app.controller.button_action("draw")))
        press.start()
        press.join()
        wait_until(lambda: seen, what="the button press")
    finally:
        del app.controller.submit
    assert seen == [(True, "button")]
    assert app.controller.snapshot()["players"][0]["cards"] == 8
    assert screen(app).ids.pass_.disabled is False
