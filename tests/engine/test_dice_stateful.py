"""UNO Dice under random event streams and bot games (hypothesis).

Whatever arrives - legal or not, in any order - the engine only accepts or rejects with a
reason (any other exception fails the test), a rejection changes nothing, the 25 dice stay
in hands, centre and pouch, and a round ends exactly when a hand is empty. Bots rolling the
assumed dice play whole games with the table's dice checked against the engine after every
event.
"""

import random

import pytest
from hypothesis import HealthCheck, event, example, given, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.engine import COLORS, Game, IllegalEventError
from companion.engine import state as S
from companion.engine.dice_faces import all_face_labels

LABELS = all_face_labels()
NAMES = ["Ann", "Ben", "Cat", "Dan"]


class DiceMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(2, 4), scoring=st.sampled_from(["standard", "penalty"]),
                goal=st.sampled_from([30, 200, 500]))
    def start(self, n, scoring, goal):
        self.g = Game()
        self.players = NAMES[:n]
        self.g.apply({"type": "game", "mode": "dice", "players": self.players,
                      "scoring": scoring, "target": goal})

    def send(self, ev):
        before = self.g.snapshot()
        st_before = self.g.state
        try:
            self.g.apply(ev)
        except IllegalEventError as err:
            assert str(err)
            assert self.g.snapshot() == before, "a rejected event changed the state"
            return False
        event(f"accepted {ev['type']}")
        if ev["type"] in ("play", "draw", "pass", "reroll") and st_before.phase == S.PLAY:
            actor = st_before.current
            victim = st_before.next_seat(actor)
            changed = {i for i, (a, b) in enumerate(zip(st_before.counts, self.g.state.counts))
                       if a != b}
            assert changed <= {actor, victim}, "someone else's dice changed"
            if ev["type"] == "reroll":
                assert not changed, "a re-roll changed a count"
        return True

    @rule(label=st.sampled_from(LABELS), who=st.sampled_from(NAMES + [None]))
    def start_round(self, label, who):
        ev = {"type": "start", "center": label}
        if who in self.players:
            ev["first"] = who
        self.send(ev)

    @rule(label=st.sampled_from(LABELS), matching=st.booleans(), override=st.booleans())
    def play(self, label, matching, override):
        colour = self.g.state.color
        if matching and colour and not label.startswith("wild"):
            label = f"{colour}-{label.split('-', 1)[1]}"
        ev = {"type": "play", "die": label}
        if override:
            ev["override"] = True
        self.send(ev)

    @rule(kind=st.sampled_from(["reroll", "draw", "pass", "challenge"]))
    def step(self, kind):
        self.send({"type": kind})

    @rule(colour=st.sampled_from(COLORS))
    def color(self, colour):
        self.send({"type": "color", "color": colour})

    @rule(i=st.integers(0, 3), kind=st.sampled_from(["uno", "catch", "challenge"]))
    def by_player(self, i, kind):
        self.send({"type": kind, "player": self.players[i % len(self.players)]})

    @rule(i=st.integers(0, 3), dice=st.lists(st.sampled_from(LABELS), max_size=12))
    def hand(self, i, dice):
        self.send({"type": "hand", "player": self.players[i % len(self.players)], "dice": dice})

    @precondition(lambda self: self.g.state.phase == S.HANDS)
    @rule(points=st.integers(0, 200))
    def hand_points(self, points):
        st_ = self.g.state
        seat = next(s for s in range(st_.n) if s != st_.round_winner and s not in st_.hands)
        assert self.send({"type": "hand", "player": st_.players[seat], "points": points})

    @rule(i=st.integers(0, 3))
    def wrong_player(self, i):
        """An event naming a player whose turn it is not is always refused."""
        st_ = self.g.state
        name = self.players[i % len(self.players)]
        if st_.acting is not None and st_.players[st_.acting] != name:
            assert not self.send({"type": "reroll", "player": name})

    @rule(k=st.integers(1, 15), pick=st.integers(0, 7))
    def advance(self, k, pick):
        """A few sensible steps, so streams reach the ends of rounds and games, and the
        re-roll / draw / pass and Wild Draw 4 / challenge paths."""
        for _ in range(k):
            st_ = self.g.state
            phase = st_.phase
            if phase == S.START:
                ev = {"type": "start", "center": f"{COLORS[pick % 4]}-{pick % 6 + 1}",
                      "first": self.players[pick % len(self.players)]}
                if st_.last_winner is not None:
                    ev.pop("first")
            elif phase == S.PLAY and pick == 5:
                ev = {"type": "draw" if st_.rerolled and not st_.drew else
                      "pass" if st_.drew else "reroll"}
                if ev["type"] == "draw" and self.g.draw_pile() == 0:
                    ev = {"type": "pass"}
            elif phase == S.PLAY and pick == 6:
                ev = {"type": "play", "die": "wild-draw4"}
            elif phase in (S.PLAY, S.COLOR) and pick == 7 and "wild_draw4" in st_.extra:
                ev = {"type": "challenge"}
            elif phase == S.PLAY:
                kinds = ["1", "2", "skip", "reverse", "draw2", "3", "4", "5"]
                ev = {"type": "play", "die": f"{st_.color}-{kinds[pick]}"}
            elif phase == S.COLOR:
                ev = {"type": "color", "color": COLORS[pick % 4]}
            elif phase == S.HANDS:
                seat = next(s for s in range(st_.n) if s != st_.round_winner and s not in st_.hands)
                ev = {"type": "hand", "player": st_.players[seat], "points": 20 * pick + 7}
            else:
                return
            self.send(ev)
            if pick == 6 and k % 2:
                pick = 7   # next step: challenge the Wild Draw 4
            elif ev["type"] == "challenge":
                pick = k % 5

    @rule()
    def undo(self):
        self.send({"type": "undo"})

    @invariant()
    def twenty_five_dice(self):
        st_ = self.g.state
        event(f"reached phase {st_.phase}")
        pouch = self.g.draw_pile()
        assert pouch >= 0 and min(st_.counts) >= 0
        if st_.round:
            assert st_.discard == 1
            assert sum(st_.counts) + pouch + st_.discard == 25
        else:
            assert pouch == 25

    @invariant()
    def a_round_ends_exactly_when_a_hand_is_empty(self):
        st_ = self.g.state
        if st_.round == 0 or st_.phase == S.GAME_OVER:
            return
        if st_.phase == S.START:
            return
        empty = [seat for seat, c in enumerate(st_.counts) if c == 0]
        if st_.phase == S.HANDS:
            assert empty == [st_.round_winner]
        else:
            assert not empty, (empty, st_.phase)


TestDiceMachine = DiceMachine.TestCase
TestDiceMachine.settings = settings(max_examples=80, stateful_step_count=100, deadline=None,
                                    suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=20, deadline=None)
@example(seed=47331, n=4, scoring="standard", catch=0.0, call=0.0, cheat=1.0, challenge=1.0)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 4),
       scoring=st.sampled_from(["standard", "penalty"]), catch=st.floats(0, 1),
       call=st.floats(0, 1), cheat=st.floats(0, 1), challenge=st.floats(0, 1))
def test_bots_rolling_real_dice_keep_all_25_accounted_for(seed, n, scoring, catch, call, cheat,
                                                          challenge):
    """The simulated table holds the 25 (assumed) dice; after every event of whole games the
    engine's counts, pouch and centre die equal the dice in hands, pouch and centre."""
    from companion.tablesim_dice import DiceBotStyle, DiceTable

    sim = DiceTable([f"P{i}" for i in range(n)], random.Random(seed), target=150,
                    scoring=scoring,
                    style=DiceBotStyle(catch=catch, call_uno=call, cheat=cheat,
                                       challenge=challenge))
    kinds = set()
    for ev, _ in sim.play():   # sim.check() runs after every event
        kinds.add(ev["type"])
    assert sim.game.over and sim.game.snapshot()["winner"]
    # A re-roll is not in every game: a table whose every turn has a playable die (seed
    # 47331, four players, always cheating and challenging) wins in one round without one.
    # That the bots do re-roll is checked on ordinary games below.
    assert {"start", "play", "hand"} <= kinds


@pytest.mark.parametrize("seed", range(5))
def test_bots_at_an_ordinary_table_reroll_draw_and_pass(seed):
    """The bot games above exercise the whole turn: re-roll, draw and pass too."""
    from companion.tablesim_dice import DiceBotStyle, DiceTable

    sim = DiceTable(["P0", "P1", "P2"], random.Random(seed), target=150, scoring="standard",
                    style=DiceBotStyle())
    kinds = {ev["type"] for ev, _ in sim.play()}
    assert {"start", "play", "reroll", "draw", "pass", "hand", "game"} <= kinds
