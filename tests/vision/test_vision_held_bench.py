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


class _Oracle:
    """A recogniser that answers from a table of frames (by identity): the truth, or a
    fixed wrong card."""

    def __init__(self, scenes, wrong=None):
        self.answers = {id(s.image): (wrong if wrong else s.label) for s in scenes}

    def top_card(self, frame):
        from vision.sighting import Sighting, no_card
        label = self.answers[id(frame)]
        return no_card() if label is None else Sighting(label, 1.0, None)


def test_the_tally_counts_right_and_wrong_answers():
    from vision.synthetic.held import held_set
    from vision.synthetic.held_bench import evaluate, report

    scenes = list(held_set(4, 10))
    whole = sum(s.label is not None and s.conditions["frame"] == "whole" for s in scenes)
    empty = sum(s.label is None for s in scenes)
    right = evaluate(scenes, _Oracle(scenes), explain=False)
    assert right.whole.n == whole and right.whole.correct == whole
    assert right.empty.n == empty == 2 and right.empty.wrong == 0 and right.wrong == []
    wrong = evaluate(scenes, _Oracle(scenes, wrong="green-skip"), explain=False)
    assert wrong.empty.wrong == 2
    assert len(wrong.wrong) == 10 - sum(s.label == "green-skip" for s in scenes)
    assert "called a card 100.00%" in report(wrong, 4, 10)
