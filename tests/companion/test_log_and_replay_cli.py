"""The table log (DESIGN 4) and `uno-companion replay` / `simulate` as a user meets them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import LogError
from companion.log import dump_event, read_log, read_log_numbered

GAME = '{"type":"game","mode":"dare","players":["Ann","Ben"]}\n'
GAMES = Path(__file__).parent.parent / "data" / "games"


def write(tmp_path, text, name="game.jsonl"):
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("text,line,words", [
    (GAME + "{not json\n", 2, "not JSON"),
    (GAME + '{"type":"jump"}\n', 2, "unknown event type"),
    (GAME + '{"type":"play","card":"purple-9"}\n', 2, "not a card label"),
    (GAME + '{"type":"uno","player":"Zed"}\n', 2, "unknown player"),
    ('{"type":"deal","dealer":"Ann"}\n', 1, "starts with a game line"),
    (GAME + "[1, 2]\n", 2, "one JSON object"),
    ('{"type":"game","mode":"dare","players":["Ann"]}\n', 1, "2-10 players"),
])
def test_bad_input_names_the_line(tmp_path, text, line, words):
    with pytest.raises(LogError) as err:
        read_log(write(tmp_path, text))
    assert err.value.line == line and words in str(err.value)


def test_blank_lines_keep_line_numbers(tmp_path):
    path = write(tmp_path, GAME + "\n" + '{"type":"deal","dealer":"Ann"}\n')
    assert [n for n, _ in read_log_numbered(path)] == [1, 3]


def test_dump_event_puts_type_first():
    line = dump_event({"card": "red-3", "type": "play"})
    assert line == '{"type":"play","card":"red-3"}'
    assert json.loads(line) == {"type": "play", "card": "red-3"}


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, input=stdin, timeout=60)


def test_replay_prints_the_state_json():
    out = run_cli("replay", str(GAMES / "starter_wild_dare.jsonl"))
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)
    assert list(state) == ["mode", "round", "phase", "dealer", "current", "direction", "top",
                           "color", "players", "draw_pile", "pending_dare", "winner", "rounds",
                           "rejected"]
    assert state["rejected"][0]["line"] == 10 and "yellow-4" in state["rejected"][0]["reason"]


def test_replay_strict_stops_at_first_rejection(capsys):
    code = main(["replay", "--strict", str(GAMES / "starter_wild_dare.jsonl")])
    captured = capsys.readouterr()
    assert code == 1 and "line 10" in captured.err
    state = json.loads(captured.out)
    assert state["current"] == "Cat" and state["players"][2]["cards"] == 7  # stopped there


def test_replay_reads_standard_input():
    out = run_cli("replay", "-", stdin=GAME + '{"type":"deal","dealer":"Ben"}\n')
    assert out.returncode == 0 and json.loads(out.stdout)["dealer"] == "Ben"


@pytest.mark.parametrize("content", [None, b"\xff\xfe\x00binary", b'{"type":"game"\n'])
def test_replay_unreadable_log_exits_2_without_traceback(tmp_path, content):
    path = tmp_path / "log.jsonl"
    if content is not None:
        path.write_bytes(content)
    out = run_cli("replay", str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.strip()


def test_simulate_reports_games_per_second():
    out = run_cli("simulate", "--games", "5", "--players", "3", "--seed", "4")
    assert out.returncode == 0, out.stderr
    assert "invariants held after every event" in out.stdout and "games/s" in out.stdout


def test_terminal_demo_plays_a_game_to_its_end():
    out = run_cli("demo", "--terminal", "--target", "100")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1].endswith("wins the game.")
