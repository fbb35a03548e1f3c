# Two commands for a newcomer: `make demo` (`make demo-dice` for UNO Dice) and `make test`.
# Both create .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Kivy keeps its settings inside the work tree, and reads no command-line options of ours.
export KIVY_HOME := $(CURDIR)/.kivy
export KIVY_NO_ARGS := 1
# Tests and screenshots: Kivy with no display (DESIGN.md section 7), gpiozero on its mock pins.
HEADLESS := SDL_VIDEODRIVER=offscreen KIVY_WINDOW=sdl2 KIVY_NO_CONSOLELOG=1 \
	GPIOZERO_PIN_FACTORY=mock GPIOZERO_MOCK_PIN_CLASS=mockpwmpin

.PHONY: demo demo-dice test bench screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/uno-companion demo

demo-dice: $(STAMP)
	$(BIN)/uno-companion demo --mode dice --players Ann,Ben,Cat

# The hypothesis tests on the same examples every run (tests/conftest.py's profile): a CI
# run is red only for a change. `pytest` alone explores new examples.
test: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest --hypothesis-profile=repeatable

bench: $(STAMP)
	$(BIN)/uno-companion simulate --games 10000 --players 4 --seed 1

# Every screen at 800x480 and 720x1280, as PNG files in screenshots/ (look at them).
screenshots: $(STAMP)
	$(HEADLESS) UNO_COMPANION_HOME=$$(mktemp -d) $(BIN)/python -m companion.ui.screenshots screenshots/

clean:
	rm -rf $(VENV) .kivy .pytest_cache .hypothesis
