"""Random event streams against the engine (hypothesis stateful testing).

Whatever arrives - legal or not, in any order - the engine only ever accepts or rejects
with a reason (never another exception), a rejection changes nothing, the 108 cards stay
accounted for, only the player whose turn it is acts, and a round ends exactly when a hand
is empty.
"""

from hypothesis import HealthCheck, event, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.engine import COLORS, Game, IllegalEventError, all_labels
from companion.engine import state as S

LABELS = all_labels() + ["red-dare", "wild-dare"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


class EngineMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(2, 5), scoring=st.sampled_from(["standard", "penalty"]),
                goal=st.sampled_from([30, 100, 500]), keeps=st.booleans(), rev=st.booleans())
    def start(self, n, scoring, goal, keeps, rev):
        self.g = Game()
        self.players = NAMES[:n]
        self.g.apply({"type": "game", "mode": "dare", "players": self.players, "scoring": scoring,
                      "target": goal, "options": {"dare_keeps_turn": keeps,
                                                    "two_player_reverse_skips": rev}})

    def send(self, event):
        before = self.g.snapshot()
        st_before = self.g.state
        try:
            self.g.apply(event)
        except IllegalEventError as err:
            assert str(err)
            assert self.g.snapshot() == before, "a rejected event changed the state"
            return False
        if event["type"] in ("play", "draw", "pass") and st_before.phase == S.PLAY:
            actor = st_before.current
            changed = [i for i, (a, b) in enumerate(zip(st_before.counts, self.g.state.counts)) if a != b]
            assert set(changed) <= {actor}, "someone other than the current player acted"
        return True

    @rule(dealer=st.sampled_from(NAMES + [None]))
    def deal(self, dealer):
        self.send({"type": "deal"} if dealer is None or dealer not in self.players
                  else {"type": "deal", "dealer": dealer})

    @rule(label=st.sampled_from(LABELS))
    def flip(self, label):
        self.send({"type": "flip", "card": label})

    @rule(label=st.sampled_from(LABELS), matching=st.booleans(), override=st.booleans())
    def play(self, label, matching, override):
        st_ = self.g.state
        if matching and st_.color:
            label = f"{st_.color}-{label.split('-', 1)[1]}" if not label.startswith("wild") else label
        event = {"type": "play", "card": label}
        if override:
            event["override"] = True
        self.send(event)

    @rule()
    def draw(self):
        self.send({"type": "draw"})

    @rule()
    def pass_(self):
        self.send({"type": "pass"})

    @rule(color=st.sampled_from(COLORS))
    def color(self, color):
        self.send({"type": "color", "color": color})

    @rule(outcome=st.sampled_from(["done", "failed", "declined"]))
    def dare(self, outcome):
        self.send({"type": "dare", "outcome": outcome})

    @rule(i=st.integers(0, 4), kind=st.sampled_from(["uno", "catch"]))
    def uno_or_catch(self, i, kind):
        self.send({"type": kind, "player": self.players[i % len(self.players)]})

    @rule(i=st.integers(0, 4), cards=st.lists(st.sampled_from(LABELS), max_size=8))
    def hand(self, i, cards):
        self.send({"type": "hand", "player": self.players[i % len(self.players)], "cards": cards})

    @precondition(lambda self: self.g.state.phase == S.HANDS)
    @rule(points=st.integers(0, 200))
    def hand_points(self, points):
        st_ = self.g.state
        for seat, name in enumerate(st_.players):
            if seat != st_.round_winner and seat not in st_.hands:
                self.send({"type": "hand", "player": name, "points": points})
                return

    @rule(i=st.integers(0, 4))
    def wrong_player(self, i):
        """An event naming a player whose turn it is not is always refused."""
        st_ = self.g.state
        name = self.players[i % len(self.players)]
        if st_.acting is not None and st_.players[st_.acting] != name:
            assert not self.send({"type": "draw", "player": name})

    @rule(k=st.integers(1, 12), outcome=st.sampled_from(["done", "failed", "declined"]),
          pick=st.integers(0, 3))
    def advance(self, k, outcome, pick):
        """A few sensible steps (a legal card, a colour, an answer), so streams reach the end
        of rounds and games and not only their first turns."""
        for _ in range(k):
            st_ = self.g.state
            phase = st_.phase
            if phase == S.DEAL:
                event = {"type": "deal", "dealer": self.players[pick % len(self.players)]}
            elif phase == S.FLIP:
                event = {"type": "flip", "card": ["red-5", "blue-skip", "green-reverse",
                                                  "yellow-dare-3"][pick]}
            elif phase == S.PLAY:
                label = f"{st_.color}-{pick + 1}" if st_.color else "wild-dare-1"
                event = {"type": "play", "card": label}
            elif phase == S.COLOR:
                event = {"type": "color", "color": COLORS[pick]}
            elif phase == S.DARE:
                event = {"type": "dare", "outcome": outcome}
            elif phase == S.HANDS:
                seat = next(s for s in range(st_.n) if s != st_.round_winner and s not in st_.hands)
                event = {"type": "hand", "player": st_.players[seat], "points": 10 * pick + 5}
            else:
                return
            self.send(event)

    @rule()
    def undo(self):
        self.send({"type": "undo"})

    @invariant()
    def cards_are_conserved(self):
        st_ = self.g.state
        event(f"reached phase {st_.phase}")
        pile = self.g.draw_pile()
        assert pile >= 0 and st_.discard >= 0 and min(st_.counts) >= 0
        if st_.round:
            assert sum(st_.counts) + pile + st_.discard == 108

    @invariant()
    def round_ends_exactly_when_a_hand_is_empty(self):
        st_ = self.g.state
        if st_.round == 0 or st_.phase == S.DEAL:
            return
        empty = [seat for seat, c in enumerate(st_.counts) if c == 0]
        ending = st_.phase in (S.HANDS, S.GAME_OVER) or (
            st_.phase == S.DARE and st_.pending_dare.ends_round)
        if st_.phase == S.GAME_OVER:
            return
        assert bool(empty) == ending, (empty, st_.phase)
        if ending:
            assert empty == [st_.round_winner]


TestEngineMachine = EngineMachine.TestCase
TestEngineMachine.settings = settings(max_examples=150, stateful_step_count=120, deadline=None,
                                      suppress_health_check=[HealthCheck.too_slow])


def test_bots_with_hidden_hands_keep_every_card_accounted_for():
    """The simulated table holds the real 108 cards; after every event of whole games the
    engine's counts equal the cards in hands, draw pile and discard."""
    import random

    from hypothesis import given

    from companion.tablesim import BotStyle, SimTable

    @settings(max_examples=25, deadline=None)
    @given(seed=st.integers(0, 2**32), n=st.integers(2, 10),
           scoring=st.sampled_from(["standard", "penalty"]),
           catch=st.floats(0, 1), call=st.floats(0, 1), keeps=st.booleans())
    def one_game(seed, n, scoring, catch, call, keeps):
        sim = SimTable([f"P{i}" for i in range(n)], random.Random(seed), target=150,
                       scoring=scoring, options={"dare_keeps_turn": keeps},
                       style=BotStyle(catch=catch, call_uno=call))
        for _ in sim.play():   # sim.check() runs after every event
            pass
        assert sim.game.over and sim.game.snapshot()["winner"]

    one_game()
