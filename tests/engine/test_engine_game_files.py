"""Data-driven games: each tests/data/games/NAME.jsonl is replayed and its state compared
with NAME.json beside it, written by hand from the rule sheets (rejected events are
compared by line number; their reasons are for people)."""

import json
from pathlib import Path

import pytest

from companion.engine import replay
from companion.log import read_log_numbered

GAMES = Path(__file__).parent.parent / "data" / "games"
LOGS = sorted(GAMES.glob("*.jsonl"))


def test_there_are_game_files():
    assert len(LOGS) >= 4


@pytest.mark.parametrize("log", LOGS, ids=[p.stem for p in LOGS])
def test_replay_gives_the_expected_state(log):
    expected = json.loads(log.with_suffix(".json").read_text())
    state = replay(read_log_numbered(log)).snapshot()
    assert [r["line"] for r in state["rejected"]] == [r["line"] for r in expected["rejected"]]
    assert all(r["reason"] for r in state["rejected"])
    state.pop("rejected"), expected.pop("rejected")
    assert state == expected
