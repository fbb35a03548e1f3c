"""A simulated UNO Dice table: 25 real dice (the ASSUMED faces of
``companion.engine.dice_set``), a pouch, rolls, visible hands, and bots that play by sending
table-log events, exactly as the camera and the taps would.

``simulate --mode dice`` plays whole games through it and checks after every event that the
25 dice are all in hands, the centre or the pouch, and that the engine's counts, pouch and
centre die equal this table's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.engine import Game
from companion.engine import state as S
from companion.engine.dice import LAST_WILD_DRAW4
from companion.engine.dice_faces import DICE_COUNT, HAND_SIZE, WILD_DRAW4, DieFace
from companion.engine.dice_set import dice_set
from companion.tablesim import BotLoop, InvariantError, favourite_colour

#: A die on the table: (which of the 25, which of its six faces is up).
Die = tuple[int, int]


@dataclass
class DiceBotStyle:
    """How the bots at the table behave: the probabilities make the logs varied."""

    call_uno: float = 0.85       # calls UNO when due
    catch: float = 0.5           # someone catches a player who forgot
    reroll_anyway: float = 0.05  # re-rolls although a die is playable
    play_drawn: float = 0.85     # plays a playable drawn die
    play_wild: float = 0.3       # plays a wild die although another die would do
    cheat: float = 0.3           # plays a Wild Draw 4 while holding the colour in play
    challenge: float = 0.8       # an illegal Wild Draw 4 is challenged


@dataclass
class DiceTable(BotLoop):
    players: list[str]
    rng: random.Random
    target: int = 500
    scoring: str = "standard"
    options: dict = field(default_factory=dict)
    style: DiceBotStyle = field(default_factory=DiceBotStyle)

    def __post_init__(self) -> None:
        self.faces = dice_set()
        self.game = Game()
        self.hands: list[list[Die]] = [[] for _ in self.players]
        self.pouch: list[int] = list(range(DICE_COUNT))
        self.center: Die | None = None
        self._plan: tuple[list[list[Die]], Die] | None = None
        self._last_wd4: dict | None = None
        self._challenge_decided = True

    def face(self, die: Die) -> DieFace:
        return self.faces[die[0]][die[1]]

    def roll(self, index: int) -> Die:
        return (index, self.rng.randrange(6))

    # --- the physical table ------------------------------------------------------------------
    def _take(self, seat: int, k: int) -> list[Die]:
        """Draw up to ``k`` dice from the pouch (what is left, if fewer), each rolled."""
        got = []
        for _ in range(k):
            if not self.pouch:
                break
            index = self.pouch.pop(self.rng.randrange(len(self.pouch)))
            got.append(self.roll(index))
        self.hands[seat].extend(got)
        return got

    def _plan_start(self) -> Die:
        """Seed 004 Set up: every die back in the pouch, five each, rolled; the centre die
        rolled until a number shows."""
        pouch = list(range(DICE_COUNT))
        self.rng.shuffle(pouch)
        hands = [[self.roll(pouch.pop()) for _ in range(HAND_SIZE)] for _ in self.players]
        center = self.roll(pouch.pop())
        for _ in range(1000):
            if self.face(center).is_number:
                break
            center = self.roll(center[0])
        else:
            raise InvariantError(f"die {center[0]} shows no number face")
        self._plan = (hands, center)
        return center

    def _mirror(self, event: dict, before: S.TableState) -> None:
        """Do on the real table what the accepted event says happened."""
        kind = event["type"]
        if kind == "start":
            assert self._plan is not None
            self.hands, self.center = self._plan
            used = {d[0] for hand in self.hands for d in hand} | {self.center[0]}
            self.pouch = [i for i in range(DICE_COUNT) if i not in used]
            self._plan = None
        elif kind == "play":
            self._play(before, DieFace.from_label(event["die"]))
        elif kind == "reroll":
            seat = before.current
            self.hands[seat] = [self.roll(index) for index, _ in self.hands[seat]]
        elif kind == "draw":
            self._take(before.current, 1)
        elif kind == "catch":
            self._take(before.seat_of(event["player"]), 2)
        elif kind == "challenge":
            self._take_back_wild_draw4()

    def _play(self, before: S.TableState, face: DieFace) -> None:
        seat = before.current
        hand = self.hands[seat]
        if before.drew and self.face(hand[-1]) == face:
            die = hand.pop()
        else:
            die = next(d for d in hand if self.face(d) == face)
            hand.remove(die)
        previous = self.center
        assert previous is not None
        self.pouch.append(previous[0])
        self.center = die
        if face.draws:
            victim = before.next_seat(seat)
            drawn = self._take(victim, face.draws)
            if face.kind == WILD_DRAW4:
                illegal = any(self.face(d).color == before.color for d in hand)
                self._last_wd4 = {"offender": seat, "victim": victim, "die": die,
                                  "previous": previous, "drawn": drawn, "illegal": illegal}
                self._challenge_decided = False

    def _take_back_wild_draw4(self) -> None:
        """The challenged die back to its player, the victim's dice back in the pouch, the
        previous centre die out of the pouch again, and four dice for the offender."""
        last = self._last_wd4
        assert last is not None and self.center == last["die"]
        victim_hand = self.hands[last["victim"]]
        for die in last["drawn"]:
            victim_hand.remove(die)
            self.pouch.append(die[0])
        self.hands[last["offender"]].append(last["die"])
        previous = last["previous"]
        if previous[0] not in self.pouch:
            raise InvariantError("the previous centre die left the pouch before the challenge")
        self.pouch.remove(previous[0])
        self.center = previous
        self._take(last["offender"], 4)
        self._last_wd4 = None

    def send(self, event: dict) -> tuple[str, ...]:
        before = self.game.state
        notices = self.game.apply(event)
        if before is not None:
            self._mirror(event, before)
        return notices

    def check(self) -> None:
        """25 dice in hands, centre and pouch; the engine's counts, pouch and centre die are
        this table's."""
        st = self.game.state
        counts = [len(h) for h in self.hands]
        on_table = sum(counts) + len(self.pouch) + (self.center is not None)
        if on_table != DICE_COUNT:
            raise InvariantError(f"{on_table} dice on the table, not {DICE_COUNT}")
        if sorted([d[0] for h in self.hands for d in h] + self.pouch
                  + ([self.center[0]] if self.center else [])) != list(range(DICE_COUNT)):
            raise InvariantError("a die is in two places at once")
        if st.round == 0:
            return
        if counts != st.counts:
            raise InvariantError(f"hands {counts} but the engine counts {st.counts}")
        if self.game.draw_pile() != len(self.pouch) or st.discard != 1:
            raise InvariantError(
                f"pouch {len(self.pouch)} but the engine says {self.game.draw_pile()} "
                f"(centre {st.discard})"
            )
        if st.top != self.face(self.center):
            raise InvariantError(f"centre die {self.face(self.center)} but the engine has {st.top}")
        if st.phase == S.HANDS and st.counts[st.round_winner]:
            raise InvariantError("a round ended with the winner holding dice")
        if st.phase == S.PLAY and min(st.counts) == 0:
            raise InvariantError("play goes on although a hand is empty")

    # --- the bots ---------------------------------------------------------------------------------
    def next_event(self) -> dict:
        """What the table does next, decided by the bots from what they hold."""
        st = self.game.state
        rng, style = self.rng, self.style
        if st is None:
            return {"type": "game", "mode": "dice", "players": list(self.players),
                    "target": self.target, "scoring": self.scoring, "options": dict(self.options)}
        if st.phase == S.START:
            center = self.face(self._plan_start())
            event = {"type": "start", "center": center.label}
            if st.round == 0:
                event["first"] = rng.choice(self.players)
            return event
        if not self._challenge_decided and LAST_WILD_DRAW4 in st.extra:
            self._challenge_decided = True
            last = self._last_wd4
            if last and last["illegal"] and rng.random() < style.challenge:
                return {"type": "challenge", "player": st.players[last["victim"]]}
        if st.uno_window is not None and rng.random() < style.catch / 2:
            return {"type": "catch", "player": st.players[st.uno_window]}
        if st.phase == S.COLOR:
            return {"type": "color", "color": favourite_colour(
                (self.face(d).color for d in self.hands[st.chooser]), self.rng)}
        if st.phase == S.HANDS:
            for seat, name in enumerate(st.players):
                if seat != st.round_winner and seat not in st.hands:
                    return {"type": "hand", "player": name,
                            "dice": [self.face(d).label for d in self.hands[seat]]}
        seat = st.current
        hand = [self.face(d) for d in self.hands[seat]]
        playable = [f for f in hand if self._may_play(st, hand, f)]
        if st.drew:
            drawn = hand[-1]
            if drawn in playable and rng.random() < style.play_drawn:
                return {"type": "play", "die": drawn.label}
            return {"type": "pass"}
        if playable and (st.rerolled or rng.random() >= style.reroll_anyway):
            if len(hand) == 2 and not st.uno_called[seat] and rng.random() < style.call_uno:
                return {"type": "uno", "player": st.players[seat]}
            plain = [f for f in playable if not f.is_wild]
            wild = [f for f in playable if f.is_wild]
            pick = wild if wild and (not plain or rng.random() < style.play_wild) else plain
            return {"type": "play", "die": rng.choice(pick).label}
        if not st.rerolled:
            return {"type": "reroll"}
        if self.game.draw_pile():
            return {"type": "draw"}
        return {"type": "pass"}

    def _may_play(self, st: S.TableState, hand: list[DieFace], face: DieFace) -> bool:
        if not self.game.variant.playable(st, face):
            return False
        if face.kind != WILD_DRAW4:
            return True
        holds_colour = any(f.color == st.color for f in hand)
        return not holds_colour or self.rng.random() < self.style.cheat
