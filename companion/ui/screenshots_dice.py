"""The UNO Dice part of ``make screenshots``: a dice game played by bots at a simulated
dice table (seeded), through the same app, saving each dice screen and pop-up."""

from __future__ import annotations

import random

from companion.engine.dice_faces import DieFace

DICE_PLAYERS = ["Ann", "Benedikt", "Cat", "Dan"]


def dice_shots(shots) -> None:
    """Play a dice game through ``shots.app`` (a ``Shots`` whose card game is over) and save
    the dice screens: new game, start, die picker, table, colour with challenge, the UNO
    countdown, an illegal die, round over, scores."""
    from companion.engine.dice import LAST_WILD_DRAW4
    from companion.tablesim_dice import DiceBotStyle, DiceTable

    app, ctl = shots.app, shots.ctl
    sm = app.sm
    ctl.abandon()
    app.game_started()
    shots.frames()
    newgame = sm.get_screen("newgame")
    newgame.set_mode("dice")
    newgame.players = list(DICE_PLAYERS)
    newgame.target = 300
    newgame.refresh()
    shots.save("dice-newgame")
    newgame.start()
    shots.frames()
    shots.save("dice-start")

    sim = DiceTable(list(DICE_PLAYERS), random.Random(5), target=300,
                    style=DiceBotStyle(call_uno=0.0, catch=0.0, cheat=1.0, challenge=0.0))
    sim.send(ctl.game.events[0])
    start = sim.next_event()
    ctl.choose_first(start["first"])
    start_screen = sm.get_screen("dicestart")
    start_screen.enter_center()
    start_screen.picker.choose_colour(DieFace.from_label(start["center"]).color)
    shots.save("dice-picker-centre")
    shots.close_popups()
    ctl.play_by_hand(start["center"])
    sim.send(start)
    shots.frames()
    shots.save("dice-table")

    shots.play_until(sim, lambda ctl: ctl.state.rerolled, "a re-roll")
    shots.save("dice-table-rerolled")
    shots.play_until(sim, lambda ctl: ctl.phase == "color" and LAST_WILD_DRAW4 in ctl.state.extra,
                     "a Wild Draw 4")
    shots.save("dice-colour-challenge")
    event = sim.next_event()
    ctl.submit(event, "bot")
    sim.send(event)
    shots.frames()
    shots.save("dice-table-challenge")
    table = sm.get_screen("dicetable")
    bad = next(label for label in ("red-1", "yellow-2", "green-3", "blue-4")
               if not ctl.playable(label))
    ctl.camera_play(bad)
    shots.save("dice-illegal-die")
    shots.close_popups()
    ctl.take_back_illegal()
    table.tap_enter_die()
    table.picker.choose_colour(ctl.state.color or "red")
    shots.save("dice-picker")
    shots.close_popups()
    shots.play_until(sim, lambda ctl: ctl.state.uno_window is not None, "a player down to one die")
    shots.save("dice-uno-countdown")
    shots.play_until(sim, lambda ctl: ctl.phase == "hands", "the end of the round")
    ro = sm.get_screen("roundover")
    st = ctl.state
    seat = next(s for s in range(st.n) if s != st.round_winner)
    dice = [sim.face(d).label for d in sim.hands[seat]]
    ro.camera_counted(dice[:-1] + ["wild"])
    shots.frames()
    shots.save("dice-roundover-count")
    shots.play_until(sim, lambda ctl: ctl.phase != "hands", "the round's points")
    shots.save("dice-roundover-points")
    ro.next()
    shots.frames()
    shots.save("dice-scores")
    app.scores_seen()
    shots.frames()
    shots.save("dice-start-round-2")
