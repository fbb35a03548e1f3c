"""The Dare Lists: which dare a number on a Dare / Wild Dare card stands for.

UNO Dare! ships four Dare List cards (Family, Daredevil, Show-off, House Rules; seeds 001,
002). The texts below are our own, written to be kind, family-friendly and doable at a
table; the printed cards' texts are not copied. House Rules is 16 slots the table fills in
(the configuration file's ``[house_rules] dares``).
"""

from __future__ import annotations

from .errors import IllegalEventError

FAMILY = (
    "Say the alphabet backwards from G to A.",
    "Do your best impression of a family pet until your next turn.",
    "Name five fruits in ten seconds.",
    "Hum a song until someone guesses it.",
    "Give a sincere compliment to the player on your right.",
    "Speak only in questions until your next turn.",
    "Balance a spoon on your nose for five seconds.",
    "Tell a joke that makes at least one player smile.",
    "Say three nice things about today.",
    "Keep one hand on your head until your next turn.",
    "Count to twenty in steps of two, clapping on every number.",
    "Describe your favourite meal without naming it; the table guesses.",
    "Say a tongue twister three times fast: 'red lorry, yellow lorry'.",
    "Swap seats with the player of your choice for one round.",
    "Make up a two-line rhyme about the player on your left.",
    "Stay perfectly still and silent until your next turn.",
)

DAREDEVIL = (
    "Do ten jumping jacks.",
    "Hold a plank for twenty seconds.",
    "Stand on one foot until your next turn.",
    "Play your next turn with your eyes closed (a neighbour guides your hand).",
    "Walk around the table backwards, once.",
    "Do five push-ups (knees allowed).",
    "Hold your cards behind your back until your next turn.",
    "Wiggle your ears or nose, and keep trying until someone laughs.",
    "Hop on the spot twelve times.",
    "Touch your toes ten times, counting out loud.",
    "Sit on the floor until your next turn.",
    "Spin around three times, then say your name backwards.",
    "Keep a coin on the back of your hand until your next turn.",
    "Do a wall-sit for fifteen seconds.",
    "Balance a card on your head until your next turn.",
    "Do your best robot dance for ten seconds.",
)

SHOW_OFF = (
    "Sing the chorus of any song.",
    "Talk like a pirate until your next turn.",
    "Strike three different model poses.",
    "Do a dramatic reading of the last card played.",
    "Show the table your best dance move.",
    "Give a one-minute speech on why you will win this game.",
    "Act out a movie scene; the table guesses the film.",
    "Do your best impression of someone at this table.",
    "Narrate the game like a sports commentator until your next turn.",
    "Invent a secret handshake with the player on your left.",
    "Perform an air-guitar solo for ten seconds.",
    "Tell the story of your day as if it were a fairy tale.",
    "Say everything in a whisper until your next turn.",
    "Make up a victory dance and perform it.",
    "Speak with an accent of the table's choice until your next turn.",
    "Take a bow and thank your imaginary fans.",
)

HOUSE = "house"

#: Dare List name -> its 16 dares (index 0 is dare number 1).
DARE_LISTS: dict[str, tuple[str, ...]] = {
    "family": FAMILY,
    "daredevil": DAREDEVIL,
    "show-off": SHOW_OFF,
}

_ALIASES = {
    "showoff": "show-off",
    "show_off": "show-off",
    "house-rules": HOUSE,
    "house_rules": HOUSE,
    "houserules": HOUSE,
}

LIST_NAMES: tuple[str, ...] = (*DARE_LISTS, HOUSE)


def canonical_list_name(name: str) -> str:
    """``Show-Off`` / ``show_off`` -> ``show-off``; raises for a list UNO Dare! does not have."""
    key = str(name).strip().lower().replace(" ", "-")
    key = _ALIASES.get(key, key)
    if key not in LIST_NAMES:
        raise IllegalEventError(
            f"unknown Dare List {name!r}: choose one of {', '.join(LIST_NAMES)}"
        )
    return key


def dare_text(list_name: str, number: int | None, house_rules: list[str] | tuple[str, ...] = ()) -> str | None:
    """The text of dare ``number`` on the chosen list; None when unknown or not filled in."""
    if number is None or not 1 <= number <= 16:
        return None
    if list_name == HOUSE:
        if number <= len(house_rules) and house_rules[number - 1].strip():
            return house_rules[number - 1].strip()
        return None
    return DARE_LISTS[list_name][number - 1]
