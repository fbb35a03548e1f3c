"""``uno-companion bench held`` runs and prints what it measured."""

from __future__ import annotations

from companion.cli import main


def test_bench_held_runs_on_a_handful_of_scenes(capsys):
    assert main(["bench", "held", "--seed", "1", "-n", "6"]) == 0
    out = capsys.readouterr().out
    assert "bench held: 6 held-up webcam scenes, seed 1" in out
    assert "held card wholly in frame (" in out and "no-card scenes (" in out
    assert "ms per frame (top_card): median" in out
    assert "per condition (cards wholly in frame):" in out
