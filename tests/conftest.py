"""Settings for the whole suite, so plain ``pytest`` behaves as ``make test`` does:
Kivy with no display (never SDL's dummy driver, DESIGN.md section 7), gpiozero on its own
mock pins, and the companion's files in a throwaway folder instead of the user's."""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("KIVY_WINDOW", "sdl2")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", str(Path(__file__).resolve().parent.parent / ".kivy"))
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("GPIOZERO_MOCK_PIN_CLASS", "mockpwmpin")
os.environ.setdefault("UNO_COMPANION_HOME", tempfile.mkdtemp(prefix="uno-companion-tests-"))

# ``make test`` (and so CI) runs the hypothesis tests on the same examples every time, so a
# run turns red only for a change; plain ``pytest`` keeps exploring new examples.
from hypothesis import settings  # noqa: E402

settings.register_profile("repeatable", derandomize=True, database=None)
