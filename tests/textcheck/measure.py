"""Print the text check's false-alarm rate on the corpus and its catch rate on the wrong texts.

    .venv/bin/python tests/textcheck/measure.py

The same corpus and the same wrong texts as tests/unit/pipeline/test_textcheck_corpus.py (which requires 0 false
alarms and every wrong text caught at its word); this prints the figures. A false
alarm is a W501 on a corpus card (its file in the checked copy); a catch is a wrong text with at
least one finding (the test also requires the expected one, at the word)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import test_textcheck_corpus as corpus  # noqa: E402

from compiler.cli.main import cli  # noqa: E402
from compiler.pipeline.check.textcheck import Vocabulary, compare  # noqa: E402
from compiler.pipeline.project import load  # noqa: E402
from compiler.render.english import English  # noqa: E402


def _copy(game: str, tmp: Path) -> Path:
    root = tmp / game
    shutil.copytree(corpus.REPO / "cards" / game, root / "cards" / game)
    for folder, path in corpus._sources(game):
        (root / "cards" / game / folder).mkdir(exist_ok=True)
        shutil.copy(path, root / "cards" / game / folder / path.name)
    return root


def _alarms(root: Path, game: str) -> list[dict]:
    old = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(cli, ["check", "--strict", "--no-cache", "--format", "json", f"cards/{game}"])
    finally:
        os.chdir(old)
    files = {file for file, _card in corpus._measured(game)}
    return [d for d in json.loads(result.output)["diagnostics"] if d["code"] == "W501" and d["file"] in files]


def _caught(root: Path, game: str) -> int:
    compiled = next(g for g in load([root / "cards" / game], root).games if g.id == game)
    vocab, en = Vocabulary(compiled.game, compiled.cards), English(compiled.game, compiled.cards)
    return sum(
        1
        for case in corpus.WRONG[game]
        if case["card"] in compiled.cards  # an older language may refuse a card
        and compare(compiled.cards[case["card"]].model_copy(update={"text": case["text"]}), vocab, en)
    )


def main() -> None:
    totals = [0, 0, 0, 0, 0]  # texts, cards with an alarm, alarms, wrong texts, caught
    with tempfile.TemporaryDirectory() as tmp:
        for game in corpus.GAMES:
            root = _copy(game, Path(tmp))
            alarms = _alarms(root, game)
            cards = len({(d["file"], d["message"].split(":")[0]) for d in alarms})
            row = [len(corpus._measured(game)), cards, len(alarms), len(corpus.WRONG[game]), _caught(root, game)]
            totals = [a + b for a, b in zip(totals, row)]
            print(
                f"{game:14} {row[0]:3} texts, {row[1]} with a false alarm ({row[2]} W501); {row[4]}/{row[3]} wrong texts caught"
            )
            for d in alarms:
                print(f"    {d['file']}:{d['line']}: {d['message']}")
    texts, cards, alarms, wrong, caught = totals
    print(
        f"{'all':14} {texts:3} texts, {cards} with a false alarm ({cards / texts:.0%}, {alarms} W501); "
        f"{caught}/{wrong} wrong texts caught ({caught / wrong:.0%})"
    )


if __name__ == "__main__":
    main()
