"""One module and one ``.kv`` file per screen; ``SCREENS`` lists them in routing order."""

SCREENS: tuple[tuple[str, str], ...] = (
    ("newgame", "companion.ui.screens.newgame:NewGameScreen"),
    ("houserules", "companion.ui.screens.houserules:HouseRulesScreen"),
    ("deal", "companion.ui.screens.deal:DealScreen"),
    ("table", "companion.ui.screens.table:TableScreen"),
    ("dicestart", "companion.ui.screens.dicestart:DiceStartScreen"),
    ("dicetable", "companion.ui.screens.dicetable:DiceTableScreen"),
    ("dare", "companion.ui.screens.dare:DareScreen"),
    ("colour", "companion.ui.screens.colour:ColourScreen"),
    ("roundover", "companion.ui.screens.roundover:RoundOverScreen"),
    ("scores", "companion.ui.screens.scores:ScoresScreen"),
    ("camera", "companion.ui.screens.camera:CameraScreen"),
)
