"""What UNO Dare! and UNO Dice share: seating, drawing, UNO calls and catches, counting
hands and scoring. A variant subclasses :class:`Variant` and supplies the handlers that
differ (as python-chess variants override a few named hooks).

Handlers take the state (a private copy: they may change it and raise half-way), the
event, and a list to which they append *notices* for the screen and buzzer:
``penalty``, ``dare``, ``uno_window``, ``round_over``, ``round_scored``, ``game_won``,
``reshuffle``, ``count_mismatch``.
"""

from __future__ import annotations

from typing import Any, Callable

from . import state as S
from .errors import EventFormatError, IllegalEventError
from .state import TableState

SCORINGS = ("standard", "penalty")

#: Rule options on the game line (DESIGN.md section 5) and their defaults.
DEFAULT_OPTIONS: dict[str, Any] = {
    "dare_keeps_turn": False,
    "two_player_reverse_skips": True,
    "uno_timer_s": 5,
    "uno_auto_penalty": False,
}

Handler = Callable[[TableState, dict, list], None]


class Variant:
    """One game's rules. Subclasses set the class attributes and add handlers."""

    name = ""
    title = "the game"
    piece = "card"          # what a hand holds, in messages
    pieces = "cards"
    deck_size = 0
    hand_size = 0
    min_players = 2
    max_players = 10
    #: which event fields carry labels this variant parses
    label_fields: tuple[str, ...] = ()
    #: a depleted draw pile is rebuilt from the discard pile (cards) or not (dice pouch)
    reshuffles = True
    #: the field naming what a play puts down, and what a reported hand lists
    play_field = "card"
    hand_field = "cards"

    def check_fields(self, event: dict) -> None:
        """A play or a hand in this game's own words: a card game has no dice, and back."""
        kind = event["type"]
        if kind == "play" and self.play_field not in event:
            raise EventFormatError(
                f'in {self.title} a play names its "{self.play_field}", '
                f'e.g. {{"type":"play","{self.play_field}":"red-3"}}'
            )
        if kind == "hand" and "points" not in event and self.hand_field not in event:
            raise EventFormatError(
                f'in {self.title} a hand lists its "{self.hand_field}" (or gives "points")'
            )

    def parse_label(self, label: str) -> Any:
        raise NotImplementedError

    # --- the game line -------------------------------------------------------------------
    def new_state(self, event: dict, house_rules: tuple[str, ...] = ()) -> TableState:
        players = event["players"]
        if not all(isinstance(p, str) and p.strip() for p in players):
            raise EventFormatError("players are named with non-empty text")
        if len(set(players)) != len(players):
            raise EventFormatError("two players share a name: give each a different one")
        if not self.min_players <= len(players) <= self.max_players:
            raise EventFormatError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {len(players)}"
            )
        target = event.get("target", 500)
        if target is None:
            target = 500
        if target <= 0:
            raise EventFormatError(f"the target score must be above 0, not {target}")
        scoring = event.get("scoring") or "standard"
        if scoring not in SCORINGS:
            raise EventFormatError(f"scoring is standard or penalty, not {scoring!r}")
        options = dict(DEFAULT_OPTIONS)
        for key, value in (event.get("options") or {}).items():
            if key not in DEFAULT_OPTIONS:
                raise EventFormatError(
                    f"unknown option {key!r} (known: {', '.join(DEFAULT_OPTIONS)})"
                )
            want = type(DEFAULT_OPTIONS[key])
            ok = isinstance(value, bool) if want is bool else (
                isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0)
            if not ok:
                raise EventFormatError(f"option {key!r} cannot be {value!r}")
            options[key] = value
        n = len(players)
        return TableState(
            mode=self.name, players=list(players), dare_list=None, target=target,
            scoring=scoring, options=options, house_rules=tuple(house_rules),
            counts=[0] * n, uno_called=[False] * n, scores=[0] * n,
        )

    # --- applying --------------------------------------------------------------------------
    def handler(self, kind: str) -> Handler | None:
        return getattr(self, "on_" + kind, None)

    def apply(self, st: TableState, event: dict, notices: list[str]) -> None:
        kind = event["type"]
        handle = self.handler(kind)
        if handle is None:
            raise IllegalEventError(f"{kind} events are not part of {self.title}")
        handle(st, event, notices)

    # --- shared rules ------------------------------------------------------------------------
    def playable(self, st: TableState, piece: Any) -> bool:
        """Match the top card (centre die) by colour, number or symbol; a wild matches anything
        (UNO Dare! seeds 002-003 'Let's Play'; UNO Dice seed 004 'Begin play' 1; whether a
        Wild Draw 4 was allowed is the table's challenge). After a wild only the chosen colour,
        or another wild, matches."""
        if piece.is_wild or piece.color == st.color:
            return True
        top = st.top
        return top is not None and not top.is_wild and piece.symbol == top.symbol

    def draw_pile(self, st: TableState) -> int:
        return self.deck_size - sum(st.counts) - st.discard

    def take(self, st: TableState, seat: int, k: int, notices: list[str], partial: bool) -> int:
        """Move ``k`` cards from the draw pile to a hand; reshuffle the discards if needed."""
        available = self.draw_pile(st)
        if available < k and self.reshuffles and st.discard > 1:
            st.discard = 1  # the top card stays; the rest is shuffled into a new draw pile
            st.reshuffles += 1
            notices.append("reshuffle")
            available = self.draw_pile(st)
        got = min(k, available)
        if got < k and not partial:
            raise IllegalEventError(
                f"there is nothing left to draw: every {self.piece} is in a hand"
            )
        st.counts[seat] += got
        if got:
            st.uno_called[seat] = False
        return got

    def require_phase(self, st: TableState, *phases: str) -> None:
        if st.phase in phases:
            return
        raise IllegalEventError(self.phase_reason(st))

    def phase_reason(self, st: TableState) -> str:
        """Why nothing but the expected event fits now, in the table's words."""
        who = st.players[st.acting] if st.acting is not None else None
        return {
            S.DEAL: "the round has not started: deal first",
            S.FLIP: "turn over the starter card first",
            S.START: "roll the centre die to start the round first",
            S.COLOR: f"{who} chooses the colour first",
            S.DARE: f"{who} must first do the dare or draw 2",
            S.HANDS: "the round is over: count the cards left in each hand",
            S.GAME_OVER: f"the game is over: {st.winner} won",
            S.PLAY: f"it is {who}'s turn to play or draw",
        }.get(st.phase, f"not now (phase {st.phase})")

    def checked_play(self, st: TableState, event: dict) -> tuple[int, Any]:
        """The seat and the card/die of a play event, once it is allowed now: in phase play,
        by the player whose turn it is, matching (or allowed by the table), from a hand that
        by the companion's count is not empty."""
        self.require_phase(st, S.PLAY)
        seat = self.check_actor(st, event)
        piece = self.parse_label(event[self.play_field])
        if not self.playable(st, piece) and not event.get("override"):
            raise IllegalEventError(self.mismatch_reason(st, piece))
        if st.counts[seat] < 1:
            raise IllegalEventError(
                f"by the companion's count {st.players[seat]} holds no {self.pieces} "
                f"(undo or enter the missed draw)"
            )
        return seat, piece

    def mismatch_reason(self, st: TableState, piece: Any) -> str:
        raise NotImplementedError

    def check_actor(self, st: TableState, event: dict) -> int:
        """The seat the event is for; an event naming someone else is refused."""
        seat = st.acting
        name = event.get("player")
        if name is not None and seat is not None and st.players[seat] != name:
            raise IllegalEventError(f"it is {st.players[seat]}'s turn, not {name}'s")
        assert seat is not None
        return seat

    def close_uno_window(self, st: TableState) -> None:
        st.uno_window = None

    def after_count_drop(self, st: TableState, seat: int, notices: list[str]) -> None:
        """A player who is down to one card without having called UNO may be caught."""
        if st.counts[seat] == 1 and not st.uno_called[seat]:
            st.uno_window = seat
            notices.append("uno_window")

    def on_uno(self, st: TableState, event: dict, notices: list[str]) -> None:
        if not st.in_round:
            raise IllegalEventError(f"UNO is called during a round ({self.phase_reason(st)})")
        seat = st.seat_of(event["player"])
        name = event["player"]
        if st.uno_called[seat]:
            raise IllegalEventError(f"{name} has already called UNO")
        count = st.counts[seat]
        about_to_play = count == 2 and seat == st.current and st.phase == S.PLAY
        if count != 1 and not about_to_play:
            raise IllegalEventError(
                f"{name} holds {count} {self.pieces}: UNO is called with one left "
                f"(or just before playing the second-to-last)"
            )
        st.uno_called[seat] = True
        if st.uno_window == seat:
            st.uno_window = None

    def on_catch(self, st: TableState, event: dict, notices: list[str]) -> None:
        if not st.in_round:
            raise IllegalEventError(f"no one can be caught now ({self.phase_reason(st)})")
        name = event["player"]
        seat = st.seat_of(name)
        if st.uno_window != seat:
            count = st.counts[seat]
            if count != 1:
                why = f"{name} holds {count} {self.pieces}, not one"
            elif st.uno_called[seat]:
                why = f"{name} called UNO"
            else:
                why = f"too late: the next player has begun, so {name} is safe"
            raise IllegalEventError(f"cannot catch {name}: {why}")
        self.take(st, seat, 2, notices, partial=True)
        st.uno_window = None
        notices.append("penalty")

    def end_round(self, st: TableState, winner: int, notices: list[str]) -> None:
        st.round_winner = winner
        st.uno_called[winner] = False  # an empty hand has nothing left to call UNO on
        st.uno_window = None
        st.current = None
        st.chooser = None
        st.phase = S.HANDS
        st.hands = {}
        st.hand_counts = {}
        notices.append("round_over")

    def hand_points(self, event: dict) -> tuple[int, int | None]:
        """(points, number of pieces or None) of a reported hand."""
        if "points" in event:
            return event["points"], None
        labels = event.get("cards", event.get("dice"))
        items = [self.parse_label(label) for label in labels]
        return sum(item.points for item in items), len(items)

    def on_hand(self, st: TableState, event: dict, notices: list[str]) -> None:
        self.require_phase(st, S.HANDS)
        name = event["player"]
        seat = st.seat_of(name)
        if seat == st.round_winner:
            raise IllegalEventError(f"{name} went out: there is nothing in that hand to count")
        if seat in st.hands:
            raise IllegalEventError(f"{name}'s hand is already counted (undo to correct it)")
        points, pieces = self.hand_points(event)
        st.hands[seat] = points
        if pieces is not None:
            st.hand_counts[seat] = pieces
            if pieces != st.counts[seat]:
                notices.append("count_mismatch")
        if len(st.hands) == st.n - 1:
            self.score_round(st, notices)

    def score_round(self, st: TableState, notices: list[str]) -> None:
        winner = st.round_winner
        assert winner is not None
        if st.scoring == "standard":
            # The winner collects the points left in the other hands.
            points = {name: 0 for name in st.players}
            points[st.players[winner]] = sum(st.hands.values())
        else:
            # Penalty scoring: each player collects the points left in their own hand.
            points = {name: st.hands.get(seat, 0) for seat, name in enumerate(st.players)}
        for seat, name in enumerate(st.players):
            st.scores[seat] += points[name]
        st.rounds.append({"winner": st.players[winner], "points": points})
        st.last_winner = winner
        notices.append("round_scored")
        if max(st.scores) >= st.target:
            if st.scoring == "standard":
                best = max(range(st.n), key=lambda s: (st.scores[s], s == winner))
            else:
                # Lowest total wins; a tie goes to the player who won this round, then seat order.
                best = min(range(st.n), key=lambda s: (st.scores[s], s != winner, s))
            st.winner = st.players[best]
            st.phase = S.GAME_OVER
            notices.append("game_won")
        else:
            st.phase = self.between_rounds_phase

    between_rounds_phase = S.DEAL

    # --- what a screen shows ----------------------------------------------------------------
    def snapshot(self, st: TableState) -> dict:
        """The replay JSON of DESIGN.md section 4 (without ``rejected``)."""
        pending = st.pending_dare
        return {
            "mode": st.mode,
            "round": st.round,
            "phase": st.phase,
            "dealer": st.players[st.dealer] if st.dealer is not None else None,
            "current": st.players[st.acting] if st.acting is not None else None,
            "direction": "clockwise" if st.direction == S.CLOCKWISE else "counterclockwise",
            "top": st.top.label if st.top is not None else None,
            "color": st.color,
            "players": [
                {"name": name, "cards": st.counts[seat], "score": st.scores[seat],
                 "uno": st.uno_called[seat]}
                for seat, name in enumerate(st.players)
            ],
            "draw_pile": self.draw_pile(st),
            "pending_dare": None if pending is None else {
                "player": st.players[pending.player],
                "number": pending.number,
                "text": pending.text,
            },
            "winner": st.winner,
            "rounds": [
                {"winner": r["winner"], "points": dict(r["points"])} for r in st.rounds
            ],
        }
