"""A simulated UNO Dare! table: a real shuffled deck, hidden hands, and bots that play by
sending table-log events, exactly as the camera and the taps would.

It is the engine's sparring partner: ``simulate`` plays thousands of games through it and
checks, after every event, that what the engine counted agrees with the cards on this
table; the demo and the tests use it to make realistic logs.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from companion.engine import Card, Game, deck
from companion.engine import state as S
from companion.engine.cards import COLORS


@dataclass
class BotStyle:
    """How the bots at the table behave: the probabilities make the logs varied."""

    call_uno: float = 0.85        # calls UNO when due
    catch: float = 0.5            # someone catches a player who forgot
    draw_anyway: float = 0.05     # draws although a card is playable
    play_drawn: float = 0.85      # plays a playable drawn card
    dare_done: float = 0.6
    dare_declined: float = 0.15   # the rest fail


class InvariantError(AssertionError):
    """The engine's counts and the simulated table disagree."""


class BotLoop:
    """What every simulated table shares: bots deciding, events sent, counts checked."""

    game: Game

    def next_event(self) -> dict:
        raise NotImplementedError

    def send(self, event: dict) -> tuple[str, ...]:
        raise NotImplementedError

    def check(self) -> None:
        raise NotImplementedError

    def play(self, max_events: int = 100_000, check: bool = True) -> Iterator[tuple[dict, tuple[str, ...]]]:
        """Play a whole game; yield each event with its notices."""
        for _ in range(max_events):
            if self.game.over:
                return
            event = self.next_event()
            notices = self.send(event)
            if check:
                self.check()
            yield event, notices
        raise InvariantError(f"the game did not end within {max_events} events")


def favourite_colour(colours: Iterable[str | None], rng: random.Random) -> str:
    """The colour a bot holds most of (any colour when it holds only wilds)."""
    counted = Counter(c for c in colours if c)
    return counted.most_common(1)[0][0] if counted else rng.choice(COLORS)


@dataclass
class SimTable(BotLoop):
    players: list[str]
    rng: random.Random
    target: int = 500
    scoring: str = "standard"
    dare_list: str = "family"
    options: dict = field(default_factory=dict)
    style: BotStyle = field(default_factory=BotStyle)

    def __post_init__(self) -> None:
        self.game = Game()
        self.hands: list[list[Card]] = [[] for _ in self.players]
        self.draw: list[Card] = []
        self.discard: list[Card] = []
        self.deck = self._numbered_deck()

    def _numbered_deck(self) -> list[Card]:
        """The 108 cards with the dare numbers 1-16 printed on the 16 dare cards."""
        cards = deck()
        numbers = list(range(1, 17))
        self.rng.shuffle(numbers)
        out = []
        for card in cards:
            if card.is_dare:
                card = Card(card.kind, card.color, numbers.pop())
            out.append(card)
        return out

    # --- the physical table ------------------------------------------------------------------
    def _take(self, seat: int, k: int) -> None:
        for _ in range(k):
            if not self.draw and len(self.discard) > 1:
                top = self.discard.pop()
                self.draw = self.discard
                self.rng.shuffle(self.draw)
                self.discard = [top]
            if not self.draw:
                return
            self.hands[seat].append(self.draw.pop())

    def _mirror(self, event: dict, before: S.TableState) -> None:
        """Do on the real table what the accepted event says happened."""
        kind = event["type"]
        if kind == "deal":
            cards = list(self.deck)
            self.rng.shuffle(cards)
            self.hands = [[cards.pop() for _ in range(7)] for _ in self.players]
            self.draw, self.discard = cards, []
        elif kind == "flip":
            self.discard.append(self.draw.pop())
        elif kind == "play":
            seat = before.current
            card = Card.from_label(event["card"])
            self.hands[seat].remove(card)
            self.discard.append(card)
        elif kind == "draw":
            self._take(before.current, 1)
        elif kind == "dare" and event["outcome"] != "done":
            self._take(before.pending_dare.player, 2)
        elif kind == "catch":
            self._take(before.seat_of(event["player"]), 2)

    def send(self, event: dict) -> tuple[str, ...]:
        before = self.game.state
        notices = self.game.apply(event)
        if before is not None:
            self._mirror(event, before)
        return notices

    def check(self) -> None:
        """The engine's counts equal the cards on the table, and all 108 are accounted for."""
        st = self.game.state
        counts = [len(h) for h in self.hands]
        if st.phase != S.DEAL and counts != st.counts:
            raise InvariantError(f"hands {counts} but the engine counts {st.counts}")
        if st.round and st.phase != S.DEAL:
            if self.game.draw_pile() != len(self.draw) or st.discard != len(self.discard):
                raise InvariantError(
                    f"draw pile {len(self.draw)}/{self.game.draw_pile()}, "
                    f"discard {len(self.discard)}/{st.discard}"
                )
            if sum(counts) + len(self.draw) + len(self.discard) != 108:
                raise InvariantError("cards were lost or made up")
        if self.game.draw_pile() < 0:
            raise InvariantError("negative draw pile")
        if st.phase == S.HANDS and st.round_winner is not None and st.counts[st.round_winner]:
            raise InvariantError("a round ended with the winner holding cards")
        if st.phase == S.PLAY and min(st.counts) == 0:
            raise InvariantError("play goes on although a hand is empty")

    # --- the bots ---------------------------------------------------------------------------------
    def next_event(self) -> dict:
        """What the table does next, decided by the bots from what they hold."""
        st = self.game.state
        rng, style = self.rng, self.style
        if st is None:
            return {"type": "game", "mode": "dare", "players": list(self.players),
                    "dare_list": self.dare_list, "target": self.target,
                    "scoring": self.scoring, "options": dict(self.options)}
        if st.phase == S.DEAL:
            if st.round == 0:
                return {"type": "deal", "dealer": rng.choice(self.players)}
            return {"type": "deal"}
        if st.phase == S.FLIP:
            return {"type": "flip", "card": self.draw[-1].label}
        if st.uno_window is not None and rng.random() < style.catch / 2:
            return {"type": "catch", "player": st.players[st.uno_window]}
        if st.phase == S.COLOR:
            return {"type": "color", "color": favourite_colour(
                (c.color for c in self.hands[st.chooser]), rng)}
        if st.phase == S.DARE:
            r = rng.random()
            outcome = "done" if r < style.dare_done else (
                "declined" if r < style.dare_done + style.dare_declined else "failed")
            return {"type": "dare", "outcome": outcome}
        if st.phase == S.HANDS:
            for seat, name in enumerate(st.players):
                if seat != st.round_winner and seat not in st.hands:
                    return {"type": "hand", "player": name,
                            "cards": [c.label for c in self.hands[seat]]}
        seat = st.current
        hand = self.hands[seat]
        playable = [c for c in hand if self.game.variant.playable(st, c)]
        if st.drew:
            drawn = hand[-1]
            if drawn in playable and rng.random() < style.play_drawn:
                return {"type": "play", "card": drawn.label}
            return {"type": "pass"}
        if playable and rng.random() >= style.draw_anyway:
            if len(hand) == 2 and not st.uno_called[seat] and rng.random() < style.call_uno:
                return {"type": "uno", "player": st.players[seat]}
            plain = [c for c in playable if not c.is_wild]
            return {"type": "play", "card": rng.choice(plain or playable).label}
        return {"type": "draw"}

