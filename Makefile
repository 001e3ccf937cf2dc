PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all test bench schema clean

all: $(STAMP)
	$(BIN)/ostraka build

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m compiler.bench

schema: $(STAMP)
	$(BIN)/ostraka schema --write

clean:
	rm -rf $(VENV) .pytest_cache .ostraka
