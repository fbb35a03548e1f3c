"""`uno-companion replay` and `simulate --mode dice` for UNO Dice, as a user meets them."""

import json
from pathlib import Path

import pytest

from companion.cli import main

GAMES = Path(__file__).parent.parent / "data" / "games"


def test_replay_a_dice_log(capsys):
    code = main(["replay", str(GAMES / "dice_two_players.jsonl")])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    state = json.loads(captured.out)
    assert state["mode"] == "dice" and state["top"] == "blue-6" and state["draw_pile"] == 15
    assert [r["line"] for r in state["rejected"]] == [6, 15, 28, 29]


def test_replay_strict_stops_at_the_first_rejected_dice_event(capsys):
    code = main(["replay", "--strict", str(GAMES / "dice_challenge_empty_pouch.jsonl")])
    captured = capsys.readouterr()
    assert code == 1 and "line 3" in captured.err and "re-rolls" in captured.err
    assert json.loads(captured.out)["players"][2]["cards"] == 5


def test_replay_a_dice_log_with_a_card_label_names_the_line(tmp_path, capsys):
    log = tmp_path / "dice.jsonl"
    log.write_text('{"type":"game","mode":"dice","players":["Ann","Ben"]}\n'
                   '{"type":"start","first":"Ann","center":"red-dare-3"}\n')
    code = main(["replay", str(log)])
    captured = capsys.readouterr()
    assert code == 2 and "line 2" in captured.err and "not a die face label" in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("players", ["2", "4"])
def test_simulate_dice_games(players, capsys):
    code = main(["simulate", "--mode", "dice", "--games", "3", "--players", players,
                 "--seed", "7", "--target", "200"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"3 games, {players} players" in out and "invariants held after every event" in out


@pytest.mark.parametrize("players", ["1", "5"])
def test_simulate_dice_is_for_two_to_four_players(players, capsys):
    code = main(["simulate", "--mode", "dice", "--players", players])
    assert code == 2 and "UNO Dice is for 2-4 players" in capsys.readouterr().err
