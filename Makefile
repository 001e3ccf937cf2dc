PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all test lint docs picture bench schema clean fuzz playthroughs stress

all: $(STAMP)
	$(BIN)/ostraka build
	$(BIN)/ostraka schema --write

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

# The browser and PDF tools the sheet tests use (headless Chromium, poppler's pdftoppm/pdftotext):
# installed from Debian's packages once, only when missing.
SYSTEM := $(VENV)/.system
$(SYSTEM): $(STAMP)
	@if command -v chromium >/dev/null && command -v pdftoppm >/dev/null; then :; \
	else echo "installing chromium and poppler-utils (apt-get)"; \
	  (apt-get install -y -q chromium poppler-utils || (apt-get update -q && apt-get install -y -q chromium poppler-utils)); fi
	touch $(SYSTEM)

# Types, lint and the docs site first (seconds; mypy keeps its cache in .mypy_cache/), then the suite.
test: $(STAMP) $(SYSTEM)
	$(BIN)/mypy compiler
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir $(SITE_CHECK)
	rm -rf $(SITE_CHECK)
	$(BIN)/python -m pytest

# The documentation site (mkdocs.yml), built into site/ (not committed): open site/index.html.
# --strict: a broken link, a missing page or a page left out of the nav is an error.
SITE_CHECK := .site-check
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# The same checks alone (the configuration is pyproject's [tool.mypy] and [tool.ruff]);
# `.venv/bin/ruff format .` lays the code out as the last one wants.
lint: $(STAMP)
	$(BIN)/mypy compiler
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The long fuzz run: 3 x 3,400 = 10,200 mutated card files through the whole pipeline (about an hour).
fuzz: $(STAMP)
	OSTRAKA_FUZZ_EXAMPLES=3400 $(BIN)/python -m pytest tests/robustness/test_fuzz.py -k mutations -p no:cacheprovider --hypothesis-show-statistics

# Large hostile inputs (tests marked `stress`, left out of plain pytest by pyproject's addopts).
stress: $(STAMP)
	$(BIN)/python -m pytest -m stress -p no:cacheprovider

# docs/report.png, the README's picture: a balance report rendered by headless Chromium, as the
# sheet tests render sheets. Remake it when the report's look changes, and commit it.
picture: $(STAMP) $(SYSTEM)
	$(BIN)/ostraka simulate seven_wonders --players 4 --games 200 --seed 1 --bots greedy,random,random,random \
	  --out build/picture >/dev/null
	chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
	  --disable-sync --no-first-run --user-data-dir=$$(mktemp -d) --hide-scrollbars --window-size=1000,1000 \
	  --screenshot=docs/report.png file://$(CURDIR)/build/picture/report.html

bench: $(STAMP)
	$(BIN)/python -m bench

# Golden playthroughs (tests/playthroughs/): a seeded random game of each game with a flow, at its
# fewest and most players. Regenerate after a change that changes play, and review the diff.
playthroughs: $(STAMP)
	$(BIN)/python -m compiler.tools.playthrough --write

# schema/*.json, .vscode/settings.json and the generated docs pages (docs/language/, commands, diagnostics).
schema: $(STAMP)
	$(BIN)/ostraka schema --write

clean:
	rm -rf $(VENV) .pytest_cache .ostraka .mypy_cache .ruff_cache site $(SITE_CHECK)
