"""Cards and table events in the words a person at the table reads (screen and messages).

Labels (``red-dare-12``) are for logs and code; a screen says "red Dare 12". Kept apart
from the engine so the rules never depend on how the screen phrases things.
"""

from __future__ import annotations

from companion.engine.cards import COLOR_SHAPES, NUMBER, Card
from companion.engine.dice_faces import DieFace
from companion.engine.errors import LabelError

KIND_WORDS = {"skip": "Skip", "reverse": "Reverse", "dare": "Dare", "wild-dare": "Wild Dare"}
DIE_WORDS = {"skip": "Skip", "reverse": "Reverse", "draw2": "Draw 2", "wild": "Wild",
             "wild-draw4": "Wild Draw 4"}
DIE_SYMBOLS = {"skip": "SKIP", "reverse": "REVERSE", "draw2": "DRAW\n2", "wild": "WILD",
               "wild-draw4": "WILD\nDRAW 4"}


def card_name(label: str | None) -> str:
    """``red-7`` -> ``red 7``; ``blue-skip`` -> ``blue Skip``; ``wild-dare-5`` -> ``Wild Dare 5``;
    a die face that is no card (``yellow-draw2``, ``wild-draw4``) by ``die_name``."""
    if not label:
        return "no card"
    try:
        card = Card.from_label(label)
    except LabelError:
        return die_name(label)
    if card.kind == NUMBER:
        return f"{card.color} {card.number}"
    head = KIND_WORDS[card.kind] if card.is_wild else f"{card.color} {KIND_WORDS[card.kind]}"
    return head if card.number is None else f"{head} {card.number}"


def card_symbol(label: str | None) -> str:
    """What a card view prints large: the digit, or the action's short name and number."""
    if not label:
        return ""
    try:
        card = Card.from_label(label)
    except LabelError:
        return "?"
    if card.kind == NUMBER:
        return str(card.number)
    word = {"skip": "SKIP", "reverse": "REVERSE", "dare": "DARE", "wild-dare": "WILD\nDARE"}[card.kind]
    return word if card.number is None else f"{word}\n{card.number}"


def die_name(label: str | None) -> str:
    """``red-3`` -> ``red 3``; ``yellow-draw2`` -> ``yellow Draw 2``; ``wild-draw4`` ->
    ``Wild Draw 4``; anything else is shown as it is."""
    if not label:
        return "no die"
    try:
        face = DieFace.from_label(label)
    except LabelError:
        return str(label)
    if face.is_number:
        return f"{face.color} {face.number}"
    word = DIE_WORDS[face.kind]
    return word if face.is_wild else f"{face.color} {word}"


def die_symbol(label: str | None) -> str:
    """What a die view prints large: the number, or the command's short name."""
    if not label:
        return ""
    try:
        face = DieFace.from_label(label)
    except LabelError:
        return "?"
    return str(face.number) if face.is_number else DIE_SYMBOLS[face.kind]


def colour_words(color: str | None) -> str:
    """``blue`` -> ``BLUE (square)``: a colour always comes with its colour-blind shape."""
    if not color:
        return ""
    return f"{color.upper()} ({COLOR_SHAPES.get(color, '?')})"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def count_words(n: int, pieces: str) -> str:
    """``count_words(1, "dice")`` -> ``1 die``; ``(3, "cards")`` -> ``3 cards``."""
    if n == 1:
        return "1 die" if pieces == "dice" else f"1 {pieces[:-1]}"
    return f"{n} {pieces}"


def _who(snap: dict | None) -> str:
    return (snap or {}).get("current") or "?"


def _next_player(snap: dict) -> str | None:
    """Who sits next to the current player in the direction of play."""
    names = [p["name"] for p in snap.get("players") or ()]
    current = snap.get("current")
    if current not in names:
        return None
    step = 1 if snap.get("direction", "clockwise") == "clockwise" else -1
    return names[(names.index(current) + step) % len(names)]


def _count(snap: dict, name: str | None) -> int:
    for p in snap.get("players") or ():
        if p["name"] == name:
            return p["cards"]
    return 0


def describe_event(event: dict, before: dict | None, after: dict | None,
                   notices: tuple[str, ...] = (), undone: dict | None = None) -> str:
    """One line for the message bar about an accepted event: who did what, and what follows.

    ``before``/``after`` are the replay snapshots around the event; ``undone`` the event an
    undo dropped.
    """
    kind = event.get("type")
    after = after or {}
    dice = (after or before or {}).get("mode") == "dice"
    pieces = "dice" if dice else "cards"
    if kind == "game":
        text = "New game: " + ", ".join(p["name"] for p in after.get("players", []))
    elif kind == "deal":
        text = f"Round {after.get('round')}: {after.get('dealer')} deals. Turn over the starter card."
    elif kind == "flip":
        text = f"Starter card {card_name(event['card'])}."
        if after.get("current"):
            text += f" {after['current']} is up."
    elif kind == "start":
        center = die_name(event.get("center"))
        text = (f"Round {after['round']}: the centre die shows {center}. {after['current']} "
                "begins." if after.get("current") else f"the start of the round ({center}).")
    elif kind == "play":
        label = event.get("die") or event.get("card")
        text = f"{event.get('player') or _who(before)} played {card_name(label)}"
        if event.get("override"):
            text += " (allowed by the table)"
        text += "."
    elif kind == "reroll":
        text = f"{_who(before)} re-rolled the whole hand"
        text += ": play a die, or draw one." if after else "."
    elif kind == "draw":
        text = f"{_who(before)} drew a {'die' if dice else 'card'}."
    elif kind == "challenge":
        text = (f"Challenge! {after['current']} takes the Wild Draw 4 back and draws 4 dice."
                if after.get("current") else "the challenge of the Wild Draw 4.")
    elif kind == "pass":
        text = f"{_who(before)} passed."
    elif kind == "color":
        text = f"{_who(before)} chose {colour_words(event['color'])}."
    elif kind == "dare":
        text = {"done": "{} did the dare.", "failed": "{} failed the dare: 2 cards.",
                "declined": "{} drew 2 instead of the dare."}[event["outcome"]].format(_who(before))
    elif kind == "uno":
        text = f"{event['player']} called UNO!"
    elif kind == "catch":
        text = f"{event['player']} was caught without UNO: 2 {pieces}."
    elif kind == "hand":
        text = f"{event['player']}'s hand is counted."
    elif kind == "undo":
        # after an undo the table waits again for whoever made the undone move
        text = "Undone: " + (describe_event(undone, after, None) if undone else "the last event")
    else:
        text = f"{kind}."
    if "dare" in notices and after.get("pending_dare"):
        text += f" {after['pending_dare']['player']} is dared."
    if "forced_draw" in notices and before:
        victim = _next_player(before)
        drawn = _count(after, victim) - _count(before, victim)
        if victim and drawn > 0:
            text += f" {victim} draws {count_words(drawn, 'dice')}."
        elif victim:
            text += f" The pouch is empty: {victim} draws nothing."
    if "play_again" in notices:
        text += f" {event.get('player') or _who(before)} plays again."
    if "uno_window" in notices:
        one = "die" if dice else "card"
        text += f" {event.get('player') or _who(before)} has one {one} left: UNO?"
    if "reshuffle" in notices:
        text += " Reshuffle now: the discards (not the top card) become the draw pile."
    if "count_mismatch" in notices:
        text += " That is not the number of cards the companion counted."
    if "round_over" in notices:
        text += f" The round is over: count the {pieces} left in each hand."
    if "game_won" in notices:
        text += f" {after.get('winner')} wins the game!"
    elif "round_scored" in notices and after.get("rounds"):
        last = after["rounds"][-1]
        text += f" Round won by {last['winner']}."
    return text
