# Two commands for a newcomer: `make demo` and `make test`. Both create .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Kivy with no display (DESIGN.md section 7); gpiozero on its own mock pins.
export SDL_VIDEODRIVER ?= offscreen
export KIVY_WINDOW ?= sdl2
export KIVY_NO_ARGS := 1
export KIVY_NO_CONSOLELOG := 1
export KIVY_HOME := $(CURDIR)/.kivy
export GPIOZERO_PIN_FACTORY ?= mock
export GPIOZERO_MOCK_PIN_CLASS ?= mockpwmpin

.PHONY: demo test bench screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/uno-companion demo

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/uno-companion simulate --games 10000 --players 4 --seed 1

clean:
	rm -rf $(VENV) .kivy .pytest_cache .hypothesis
