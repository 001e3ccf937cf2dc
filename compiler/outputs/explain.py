"""`ostraka explain`: one card, where it is defined, what it does and how it is tested.

The designer's text and the English rendered from the effects are printed one above the other,
followed by what the text check (textcheck.py) finds between them.
"""

from __future__ import annotations

import json
import textwrap

from ..model.compiled import CompiledGame
from ..model.game import Card
from ..pipeline.check.textcheck import Vocabulary, compare
from ..render.english import English

WIDTH = 100


def _block(label: str, text: str) -> list[str]:
    """'  text:     ...' with continuation lines aligned under the first."""
    head = f"  {label + ':':<10}"
    wrapped = textwrap.wrap(" ".join(text.split()), width=WIDTH - len(head)) or [""]
    return [head + wrapped[0]] + [" " * len(head) + line for line in wrapped[1:]]


def explain_card(game: CompiledGame, card: Card) -> str:
    en = English(game.game, game.cards)
    lines = [f"{card.name} ({card.kind} '{card.id}' of {game.game.name})", f"  defined at {game.sources[card.id]}"]
    for name, value in card.fields.items():
        mark = " (reconstructed)" if name in card.reconstructed else ""
        lines.append(f"  {name}: {json.dumps(value, ensure_ascii=False)}{mark}")
    other = [r for r in card.reconstructed if r not in card.fields]
    if other:
        lines.append(f"  reconstructed: {', '.join(other)}")
    lines += _block("text", card.text.strip() or "(none)")
    lines += _block("rendered", en.card(card))
    findings = compare(card, Vocabulary(game.game, game.cards), en)
    if not card.text.strip() or not card.effects:
        lines.append("  text check: nothing to compare")
    elif not findings:
        lines.append("  text check: the text agrees with the effects")
    else:
        lines.append(f"  text check: {len(findings)} disagreement{'s' if len(findings) != 1 else ''} (W501)")
        lines += [f"    - {f.message}" for f in findings]
    lines.append("  effects:")
    for effect in card.effects:
        lines.append(f"    - {en.effect(effect)}")
        lines.append(
            f"      {json.dumps(effect.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True), ensure_ascii=False)}"
        )
    lines.append(f"  examples ({len(card.examples)}):")
    for ex in card.examples:
        lines.append(f"    - {ex.name}: when {json.dumps(ex.when)} expect {json.dumps(ex.expect)}")
    return "\n".join(lines)


def trace_example(game: CompiledGame, card: Card, which: str) -> tuple[str, bool]:
    """`explain CARD --trace EXAMPLE`: the example (by name, or its number from 1) run with a trace:
    each value it changed, as its start plus each change and where it came from (why.py). Returns
    the text and whether the example was found."""
    from ..core.diagnostics import did_you_mean
    from ..pipeline.check.examples import compare, setup
    from ..pipeline.check.why import lines, traced

    names = [ex.name for ex in card.examples]
    if which.isdigit() and 1 <= int(which) <= len(names):
        example = card.examples[int(which) - 1]
    elif which in names:
        example = card.examples[names.index(which)]
    else:
        hint = did_you_mean(which, names) or f"its examples: {', '.join(repr(n) for n in names) or 'none'}"
        return f"'{card.id}' has no example '{which}' ({hint})", False
    found = traced(game, example, setup)
    head = f"  trace of example '{example.name}':"
    if found is None:
        return head + " it cannot be run (see ostraka check)", True
    state, entries = found
    said = lines(game, state, entries)
    out = [head] + [f"    {line}" for line in said or ["no value changed"]]
    problems = compare(game, state, example.expect)
    out.append("  " + ("the example holds" if not problems else "the example fails: " + "; ".join(problems)))
    return "\n".join(out), True
