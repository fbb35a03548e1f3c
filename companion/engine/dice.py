"""UNO Dice (seed 004), with our reading where the sheet is silent (DESIGN.md section 5).

What differs from UNO Dare!: a round starts with a rolled centre die instead of a deal and a
starter card; a turn may re-roll the whole hand and then draw one die; the replaced centre
die goes back into the pouch (so the "discard pile" is always the one centre die), and an
empty pouch is never refilled; Draw 2 and Wild Draw 4 make the next player draw (the engine
applies that draw when the die is played, clamped to what the pouch holds); a Wild Draw 4
may be challenged until the next player begins; with two players every Reverse, Skip,
Draw 2 and Wild Draw 4 is followed by another play of the same player.

The game-line options of UNO Dare! (``dare_keeps_turn``, ``two_player_reverse_skips``) do not
apply: the dice sheet says itself what two players do.
"""

from __future__ import annotations

from . import dice_faces as F
from . import state as S
from .cards import COLORS
from .dice_faces import DieFace
from .errors import IllegalEventError
from .state import TableState
from .variant import Variant

#: st.extra keys: whose turn follows the colour choice; the last Wild Draw 4, challengeable.
AFTER_COLOR = "after_color"
LAST_WILD_DRAW4 = "wild_draw4"


class DiceVariant(Variant):
    name = "dice"
    title = "UNO Dice"
    deck_size = F.DICE_COUNT
    hand_size = F.HAND_SIZE
    min_players = 2
    max_players = 4
    label_fields = ("die", "dice", "center")
    reshuffles = False
    piece = "die"
    pieces = "dice"
    play_field = "die"
    hand_field = "dice"
    between_rounds_phase = S.START

    def parse_label(self, label: str) -> DieFace:
        return DieFace.from_label(label)

    def new_state(self, event: dict, house_rules: tuple[str, ...] = ()) -> TableState:
        st = super().new_state(event, house_rules)
        st.phase = S.START
        return st

    # --- matching --------------------------------------------------------------------------
    def describe_top(self, st: TableState) -> str:
        top = st.top
        if top.is_wild:
            return f"the {top.label} (colour {st.color})"
        return f"the {top.color} {top.symbol}"

    def mismatch_reason(self, st: TableState, die: DieFace) -> str:
        top = st.top
        match = f"a {st.color} die"
        if not top.is_wild:
            match += f", any {top.symbol}"
        return f"{die.label} does not match {self.describe_top(st)}: play {match} or a wild"

    def pouch(self, st: TableState) -> int:
        return self.draw_pile(st)

    def phase_reason(self, st: TableState) -> str:
        who = st.players[st.acting] if st.acting is not None else None
        if st.phase == S.PLAY:
            return f"it is {who}'s turn to play, re-roll or draw"
        if st.phase == S.HANDS:
            return "the round is over: count the dice left in each hand"
        return super().phase_reason(st)

    # --- round start ---------------------------------------------------------------------------
    def on_start(self, st: TableState, event: dict, notices: list[str]) -> None:
        """Seed 004 Set up / The Center Die: five dice each, a centre die showing a number;
        its roller goes first; later rounds are begun by the last round's winner."""
        self.require_phase(st, S.START)
        center = self.parse_label(event["center"])
        if not center.is_number:
            raise IllegalEventError(
                f"a command can never start the game ({center.label}): re-roll the centre die "
                "until a number shows"
            )
        first = event.get("first")
        if st.last_winner is None:
            if first is None:
                raise IllegalEventError(
                    "name who rolled the centre die (\"first\"): that player goes first"
                )
            seat = st.seat_of(first)
        else:
            seat = st.last_winner
            if first is not None and st.seat_of(first) != seat:
                raise IllegalEventError(
                    f"the winner of the last round, {st.players[seat]}, begins this round"
                )
        st.round += 1
        st.counts = [self.hand_size] * st.n
        st.uno_called = [False] * st.n
        st.discard = 1
        st.top = center
        st.color = center.color
        st.direction = S.CLOCKWISE
        st.current = seat
        st.chooser = None
        st.pending_dare = None
        st.uno_window = None
        st.drew = False
        st.rerolled = False
        st.round_winner = None
        st.hands, st.hand_counts = {}, {}
        st.extra = {}
        st.phase = S.PLAY

    # --- a turn ----------------------------------------------------------------------------------
    def begin(self, st: TableState, seat: int) -> None:
        """``seat`` plays, re-rolls or draws: an UNO window of someone else closes (seed 004,
        'if they have already played a die or re-rolled'), and so does the chance to
        challenge the last Wild Draw 4."""
        if st.uno_window is not None and st.uno_window != seat:
            self.close_uno_window(st)
        st.extra.pop(LAST_WILD_DRAW4, None)

    def on_play(self, st: TableState, event: dict, notices: list[str]) -> None:
        seat, die = self.checked_play(st, event)
        victim = st.next_seat(seat)
        before = None
        if die.kind == F.WILD_DRAW4:
            before = {
                "offender": seat, "victim": victim, "current": st.current,
                "direction": st.direction, "top": st.top, "color": st.color,
                "drew": st.drew, "rerolled": st.rerolled, "uno_window": st.uno_window,
                "uno_called": (st.uno_called[seat], st.uno_called[victim]),
            }
        self.begin(st, seat)
        # The new die replaces the centre die, which goes back into the pouch: discard stays 1.
        st.counts[seat] -= 1
        st.top = die
        st.color = die.color
        st.drew = False
        st.rerolled = False
        if die.draws:
            # Seed 004: 'must draw 2 dice ... If the pouch does not have enough dice, take
            # only what is left'; Wild Draw 4: 'pick 4 dice from the draw pile (if available)'.
            drawn = self.take(st, victim, die.draws, notices, partial=True)
            notices.append("forced_draw")
            if before is not None:
                before["drawn"] = drawn
                st.extra[LAST_WILD_DRAW4] = before
        if st.counts[seat] == 0:
            # Last die: a Draw 2 / Wild Draw 4 still makes the next player draw (counted in
            # the score); no colour is chosen.
            self.end_round(st, seat, notices)
            return
        self.after_count_drop(st, seat, notices)
        two = st.n == 2
        if die.kind == F.REVERSE:
            st.direction = -st.direction
            st.current = seat if two else st.next_seat(seat)
        elif die.kind in (F.SKIP, F.DRAW2):
            st.current = st.next_seat(seat, 2)
        elif die.is_wild:
            st.extra[AFTER_COLOR] = st.next_seat(seat, 2 if die.draws else 1)
            st.chooser = seat
            st.phase = S.COLOR
        else:
            st.current = st.next_seat(seat)
        if two and die.kind in (F.REVERSE, F.SKIP, F.DRAW2, F.WILD_DRAW4):
            notices.append("play_again")

    def on_reroll(self, st: TableState, event: dict, notices: list[str]) -> None:
        """Seed 004 Begin play 3: 'If you cannot (or choose not to) make a play, re-roll your
        entire hand.' The counts do not change."""
        self.require_phase(st, S.PLAY)
        seat = self.check_actor(st, event)
        name = st.players[seat]
        if st.drew:
            raise IllegalEventError(f"{name} has drawn already: play the drawn die or pass")
        if st.rerolled:
            raise IllegalEventError(f"{name} has re-rolled already: play a die or draw one")
        self.begin(st, seat)
        st.rerolled = True

    def on_draw(self, st: TableState, event: dict, notices: list[str]) -> None:
        """Seed 004 Begin play 4: after the re-roll, 'a new die (if available) must be drawn'."""
        self.require_phase(st, S.PLAY)
        seat = self.check_actor(st, event)
        name = st.players[seat]
        if st.drew:
            raise IllegalEventError(f"{name} has drawn already: play the drawn die or pass")
        if not st.rerolled:
            raise IllegalEventError(f"{name} re-rolls the whole hand before drawing a die")
        if self.pouch(st) == 0:
            raise IllegalEventError(f"the pouch is empty: {name}'s turn is over (pass)")
        self.begin(st, seat)
        self.take(st, seat, 1, notices, partial=False)
        if st.uno_window == seat:
            st.uno_window = None  # two dice again: nothing to catch
        st.drew = True

    def on_pass(self, st: TableState, event: dict, notices: list[str]) -> None:
        """Seed 004 Begin play 4: 'If you cannot (or choose not to) play this die, your turn
        is over' - also when the pouch had no die to draw."""
        self.require_phase(st, S.PLAY)
        seat = self.check_actor(st, event)
        if not st.drew and not (st.rerolled and self.pouch(st) == 0):
            raise IllegalEventError(
                f"{st.players[seat]} plays a die, or re-rolls and draws one, before passing"
            )
        st.drew = False
        st.rerolled = False
        st.current = st.next_seat(seat)

    def on_color(self, st: TableState, event: dict, notices: list[str]) -> None:
        self.require_phase(st, S.COLOR)
        self.check_actor(st, event)
        color = event["color"]
        if color not in COLORS:
            raise IllegalEventError(f"choose red, yellow, green or blue, not {color!r}")
        st.color = color
        st.chooser = None
        st.current = st.extra.pop(AFTER_COLOR)
        st.drew = False
        st.rerolled = False
        st.phase = S.PLAY

    # --- the Wild Draw 4 challenge -----------------------------------------------------------
    def on_challenge(self, st: TableState, event: dict, notices: list[str]) -> None:
        """Seed 004 Wild Draw 4: 'If an opponent catches you playing this die illegally, you
        must take back the die and draw 4 dice (if available) from the pouch yourself!'

        Our reading (DESIGN.md section 5): the play is undone - the die back in the
        offender's hand, the victim's draw back in the pouch, the centre die, colour,
        direction and turn as they were - and the offender draws 4, then goes on with the
        turn. Allowed until the next player begins (plays, re-rolls or draws). A Wild Draw 4
        that was the last die cannot be illegal: the hand held no other die.
        """
        last = st.extra.get(LAST_WILD_DRAW4)
        if last is not None and st.phase == S.HANDS:
            raise IllegalEventError(
                "a Wild Draw 4 played as the last die is always allowed: no other die was "
                "left in the hand"
            )
        if last is None or st.phase not in (S.PLAY, S.COLOR):
            raise IllegalEventError(
                "there is no Wild Draw 4 to challenge: a challenge comes right after one is "
                "played, before the next player begins"
            )
        offender, victim = last["offender"], last["victim"]
        challenger = event.get("player")
        if challenger is not None and st.seat_of(challenger) == offender:
            raise IllegalEventError(f"{challenger} played the Wild Draw 4: an opponent challenges")
        st.extra.pop(LAST_WILD_DRAW4)
        st.extra.pop(AFTER_COLOR, None)
        st.counts[victim] -= last["drawn"]
        st.counts[offender] += 1
        st.uno_called[offender], st.uno_called[victim] = last["uno_called"]
        st.current = last["current"]
        st.direction = last["direction"]
        st.top = last["top"]
        st.color = last["color"]
        st.drew = last["drew"]
        st.rerolled = last["rerolled"]
        st.uno_window = last["uno_window"]
        st.chooser = None
        st.phase = S.PLAY
        self.take(st, offender, 4, notices, partial=True)
        holder = st.uno_window
        if holder is not None and (st.counts[holder] != 1 or st.uno_called[holder]):
            st.uno_window = None
        notices.append("penalty")

    # --- the end of a round ----------------------------------------------------------------------
    def on_hand(self, st: TableState, event: dict, notices: list[str]) -> None:
        """Seed 004 Ending the Round: the winner 'scores points for the dice held in his/her
        opponent's hand(s)'."""
        super().on_hand(st, event, notices)
