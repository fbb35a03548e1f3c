"""Screens and pickers keep their widgets and retype them instead of making new ones: with a
software GL driver every widget made and dropped costs memory that is never given back, so
a game must not make widgets at every deal or at every card entered by touch."""

from uikit import button_in, frames, popups, tap

from companion.ui import theme as T

PLAYERS = ["Ann", "Ben", "Cat"]


def game_line():
    return {"type": "game", "mode": "dare", "players": list(PLAYERS), "dare_list": "family",
            "target": 500, "scoring": "standard",
            "options": {"uno_timer_s": 5, "uno_auto_penalty": False}}


def made_widgets(action) -> int:
    """How many widgets ``action()`` (and the frames after it) made."""
    from kivy.uix.widget import Widget

    made = []
    original = Widget.__init__

    def counting(self, **kwargs):
        made.append(type(self).__name__)
        original(self, **kwargs)

    Widget.__init__ = counting
    try:
        action()
        frames(2)
    finally:
        Widget.__init__ = original
    return len(made)


def test_deal_keeps_its_buttons_and_starter_card_through_deals(app):
    app.controller.new_game(game_line())
    app.game_started()
    frames()
    deal = app.sm.current_screen
    first = dict(deal.player_buttons)
    tap(first["Ben"])
    assert deal.flip and "Ben deals" in deal.title
    starter = deal.ids.body.children[0]
    tap(button_in(deal, "Undo the deal"))
    assert not deal.flip and deal.player_buttons == first
    assert all(deal.player_buttons[name] is first[name] for name in PLAYERS)
    # a deal and its undo again: the same widgets shown, none made
    assert made_widgets(lambda: tap(first["Cat"])) == 0
    assert deal.flip and "Cat deals" in deal.title and deal.ids.body.children == [starter]
    assert made_widgets(lambda: tap(button_in(deal, "Undo the deal"))) == 0
    assert [b.text for b in deal.ids.buttons.children][::-1] == ["Draw for dealer", "Menu"]


def test_a_screen_asks_again_with_its_kept_card_picker(app):
    app.controller.new_game(game_line())
    app.game_started()
    app.controller.deal("Cat")
    app.controller.camera_play("red-5")
    frames()
    table = app.sm.current_screen
    assert app.sm.current == "table"
    table.tap_enter_card()
    picker = popups()[-1]
    tap(picker.colour_buttons["blue"])
    blue_five = picker.face_buttons["5"]
    assert picker.face_buttons["7"].disabled and not blue_five.disabled
    tap(button_in(picker, "Cancel"))
    assert not popups()

    def ask_again():
        table.tap_enter_card()
        frames(1)
        tap(popups()[-1].colour_buttons["red"])

    assert made_widgets(ask_again) == 0
    assert popups()[-1] is picker and table.picker is picker
    assert picker.face_buttons["5"] is blue_five
    assert picker.title_label.text == "Which card did Ann play?"
    # retinted for red, and what may be played now is worked out again
    assert list(blue_five.tint) == list(T.CARD["red"])
    assert not picker.face_buttons["7"].disabled and not picker.face_buttons["skip"].disabled
    tap(picker.face_buttons["7"])
    assert not popups() and app.controller.snapshot()["top"] == "red-7"


def test_the_dare_numbers_of_a_kept_picker_answer_for_the_colour_chosen_last(app):
    app.controller.new_game(game_line())
    app.game_started()
    app.controller.deal("Cat")
    app.controller.camera_play("red-5")
    frames()
    table = app.sm.current_screen
    table.tap_enter_card()
    picker = popups()[-1]
    tap(picker.colour_buttons["wild"])
    tap(button_in(picker, "Cancel"))
    table.tap_enter_card()
    assert popups()[-1] is picker
    assert "Choose the card's colour first" in picker.grid.children[0].text
    tap(picker.colour_buttons["red"])
    tap(picker.face_buttons["dare"])
    tap(picker.face_buttons["3"])
    assert app.controller.snapshot()["top"].startswith("red-dare")


def test_a_choice_popup_asked_again_retypes_its_buttons_and_message(app):
    from companion.ui.widgets.keys import ChoicePopup

    said = []
    popup = ChoicePopup("First?", [(str(n), (lambda n=n: said.append(n)), T.BUTTON)
                                   for n in range(5)], message="Why not.")
    body = popup.title_label.parent
    assert popup.message_label.parent is body and len(popup.buttons) == 5
    four = popup.buttons["4"]

    def ask_again():
        popup.ask("Second?", [("yes", lambda: said.append("yes"), T.GOOD),
                              ("no", None, T.BAD)], cols=2)

    assert made_widgets(ask_again) == 0
    assert popup.title_label.text == "Second?" and popup.message_label.parent is None
    assert list(popup.buttons) == ["yes", "no"] and four.parent is None
    assert [b.text for b in popup._grid.children][::-1] == ["yes", "no"]
    popup.ask("Third?", [("a", lambda: said.append("a"), T.BUTTON)], message="Because.")
    # the message goes back between the title and the buttons
    assert body.children[::-1] == [popup.title_label, popup.message_label, popup._grid]
    assert popup.message_label.text == "Because."
    popup.open()
    tap(popup.buttons["a"])
    assert said == ["a"] and not popups()


def test_the_illegal_play_question_is_asked_again_with_its_kept_popup(app):
    app.controller.new_game(game_line())
    app.game_started()
    app.controller.deal("Cat")
    app.controller.camera_play("red-5")
    frames()
    app.controller.camera_play("blue-7")
    frames()
    question = popups()[-1]
    tap(question.buttons["Take it back"])
    assert not popups()

    def illegal_again():
        app.controller.camera_play("green-9")

    assert made_widgets(illegal_again) == 0
    assert popups()[-1] is question
    assert "Not allowed: Ann played green 9" in question.title_label.text
    tap(question.buttons["Allow it"])
    assert app.controller.game.events[-1] == {"type": "play", "card": "green-9",
                                              "override": True}


def test_the_new_game_keyboard_is_kept_and_starts_each_name_afresh(app):
    ng = app.sm.get_screen("newgame")
    app.manual = None
    ng.players = []
    ng.refresh()
    frames()
    assert app.sm.current == "newgame"
    tap(ng.ids.add_player)
    keyboard = popups()[-1]
    for ch in "Al":
        tap(keyboard.key_buttons[ch.upper()])
    tap(keyboard.key_buttons["OK"])

    def add_another():
        tap(ng.ids.add_player)

    assert made_widgets(add_another) == 0
    assert popups()[-1] is keyboard and keyboard.shown.text == "_"
    assert keyboard.title_label.text == "Player 2: type a name"
    assert keyboard.key_buttons["B"].text == "B"          # a capital first again
    for ch in "Bo":
        tap(keyboard.key_buttons[ch.upper()])
    tap(keyboard.key_buttons["OK"])
    assert ng.players == ["Al", "Bo"]


def test_a_kept_number_pad_starts_again_from_zero(app):
    from companion.ui.widgets.keys import NumberPad

    got = []
    pad = NumberPad("Points left in Ann's hand", got.append)
    pad.open()
    tap(pad.key_buttons["4"])
    tap(pad.key_buttons["2"])
    tap(pad.key_buttons["OK"])
    assert made_widgets(lambda: pad.start("Points left in Ben's hand",
                                          lambda n: got.append(-n))) == 0
    assert pad.shown.text == "0" and pad.title_label.text == "Points left in Ben's hand"
    pad.open()
    tap(pad.key_buttons["7"])
    tap(pad.key_buttons["OK"])
    assert got == [42, -7] and not popups()
