"""`ostraka diff A B`: what changed in the card data between two git revisions or two directories.

Each side is loaded the way `check` loads it (nothing is written to either): games and cards
added, removed and changed, each changed field and effect, the designer's text and the English
rendered from the effects before and after, and every example whose outcome changed (all examples
run on both sides, so a change to one card shows in the examples of the cards that read it).
A git revision is read with `git archive` into a temporary directory: no network, no checkout.

With `--simulate GAME` the balance change is added (diff_balance.py): the same seeded games played
on both sides, and what differs significantly.
"""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.diagnostics import Diagnostic, Severity, plural
from ..core.textsafe import code_span, json_safe, markdown, visible
from ..model.compiled import CompiledGame
from ..pipeline.project import Run, load


class DiffError(Exception):
    """A side that cannot be read (not a directory, not a revision of this repository)."""


@dataclass
class Side:
    label: str
    run: Run
    games: dict[str, CompiledGame] = field(default_factory=dict)
    root: Path | None = None  # the project directory the side was loaded from (holding cards/)

    @property
    def errors(self) -> int:
        return sum(1 for d in set(self.run.report.items) if d.level is Severity.ERROR)


# ----------------------------------------------------------------------------- reading a side


def _git(repo: Path, *args: str, binary: bool = False) -> Any:
    result = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=not binary)
    if result.returncode != 0:
        message = result.stderr.decode(errors="replace") if binary else result.stderr
        raise DiffError(message.strip().splitlines()[-1] if message.strip() else f"git {args[0]} failed")
    return result.stdout


def _from_git(rev: str, project: Path, scratch: Path) -> tuple[Path, list[Diagnostic]]:
    """Extract `rev`'s cards/ (of the project at `project`) under scratch; return the project root
    there, and an E105 for each link the revision commits to an absolute path or out of the tree
    (not extracted, as check never reads through one)."""
    try:
        top = Path(_git(project, "rev-parse", "--show-toplevel").strip())
        _git(project, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except (DiffError, OSError) as exc:
        raise DiffError(f"'{rev}' is neither a directory nor a git revision of {project}: {exc}") from None
    prefix = project.resolve().relative_to(top.resolve()).as_posix()
    cards = "cards" if prefix == "." else f"{prefix}/cards"
    listed = _git(top, "ls-tree", "-d", "--name-only", rev, cards).strip()
    refused: list[Diagnostic] = []
    if listed:
        archive = _git(top, "archive", "--format=tar", rev, cards, binary=True)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            for member in tar.getmembers():
                try:
                    tar.extract(member, scratch, filter="data")
                except tarfile.FilterError as exc:
                    name = member.name if prefix == "." else member.name.removeprefix(f"{prefix}/")
                    refused.append(
                        Diagnostic(
                            "E105",
                            f"cannot read file: {rev} commits it as a symbolic link to "
                            f"{'an absolute path' if isinstance(exc, tarfile.AbsoluteLinkError) else 'outside the tree'}; "
                            "card files are read only from inside the project",
                            name,
                            hint="commit the file itself instead of a link to it",
                        )
                    )
    root = scratch if prefix == "." else scratch / prefix
    (root / "cards").mkdir(parents=True, exist_ok=True)  # a revision without cards/: every card is added
    return root, refused


def read_side(spec: str, project: Path, scratch: Path) -> Side:
    """A directory (a project holding cards/, or cards/ itself, or one game's directory), else a git revision."""
    path = Path(spec)
    if path.is_dir():
        root = path.resolve()
        if not (root / "cards").is_dir():
            run = load([root], root.parent)
            return Side(spec, run, {g.id: g for g in run.games}, root.parent)
        run = load([], root)
    else:
        root, refused = _from_git(spec, project, scratch)
        run = load([], root)
        run.report.extend(refused)
    return Side(spec, run, {g.id: g for g in run.games}, root)


# ----------------------------------------------------------------------------- comparing


def _effects(card: Any) -> list[Any]:
    return [e.model_dump(by_alias=True, exclude_none=True, exclude_defaults=True) for e in card.effects]


def _flat(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(", ", ": "))


def _card_summary(game: CompiledGame, cid: str) -> dict[str, Any]:
    card = game.cards[cid]
    source = game.sources[cid]
    return {"id": cid, "name": card.name, "kind": card.kind, "file": source.file, "line": source.line}


def _field_changes(ca: Any, cb: Any) -> list[dict[str, Any]]:
    fields = []
    for name in ("name", "kind"):
        if getattr(ca, name) != getattr(cb, name):
            fields.append({"field": name, "before": getattr(ca, name), "after": getattr(cb, name)})
    for name in sorted(set(ca.fields) | set(cb.fields)):
        before, after = ca.fields.get(name), cb.fields.get(name)
        if before != after:
            fields.append({"field": name, "before": before, "after": after})
    if list(ca.reconstructed) != list(cb.reconstructed):
        fields.append({"field": "reconstructed", "before": list(ca.reconstructed), "after": list(cb.reconstructed)})
    return fields


def _effect_changes(ca: Any, cb: Any) -> list[dict[str, Any]]:
    """Effects compared by position (1-based); one missing on a side is None there."""
    ea, eb = _effects(ca), _effects(cb)
    pairs = [(ea[i] if i < len(ea) else None, eb[i] if i < len(eb) else None) for i in range(max(len(ea), len(eb)))]
    return [
        {"index": i + 1, "before": before, "after": after} for i, (before, after) in enumerate(pairs) if before != after
    ]


def _example_changes(ca: Any, cb: Any) -> dict[str, list[str]]:
    xa = {x.name: x.model_dump(by_alias=True) for x in ca.examples}
    xb = {x.name: x.model_dump(by_alias=True) for x in cb.examples}
    return {
        "added": [n for n in xb if n not in xa],
        "removed": [n for n in xa if n not in xb],
        "changed": [n for n in xb if n in xa and xa[n] != xb[n]],
    }


def _before_after(before: Any, after: Any) -> dict[str, Any] | None:
    return {"before": before, "after": after} if before != after else None


def _card_changes(a: CompiledGame, b: CompiledGame, cid: str, en_a: Any, en_b: Any) -> dict[str, Any] | None:
    ca, cb = a.cards[cid], b.cards[cid]
    fields, effects, examples = _field_changes(ca, cb), _effect_changes(ca, cb), _example_changes(ca, cb)
    text = _before_after(ca.text.strip(), cb.text.strip())
    english = _before_after(en_a.card(ca), en_b.card(cb))
    if not (fields or effects or text or english or any(examples.values())):
        return None
    return {
        **_card_summary(b, cid),
        "fields": fields,
        "effects": effects,
        "text": text,
        "english": english,
        "examples": examples,
    }


def _outcomes(game: CompiledGame) -> dict[tuple[str, str], dict[str, Any]]:
    from ..pipeline.check.examples import run_example

    out = {}
    for cid, card in game.cards.items():
        for example in card.examples:
            try:
                outcome = run_example(game, example)
                out[(cid, example.name)] = {"passed": outcome.passed, "message": outcome.message}
            except Exception as exc:  # noqa: BLE001 - reported as the outcome, as check reports it
                out[(cid, example.name)] = {"passed": False, "message": f"could not run ({type(exc).__name__})"}
    return out


def _game_changes(a: CompiledGame, b: CompiledGame) -> list[str]:
    da = a.game.model_dump(by_alias=True, exclude_none=True)
    db = b.game.model_dump(by_alias=True, exclude_none=True)
    return sorted(k for k in set(da) | set(db) if da.get(k) != db.get(k))


def _one_side(gid: str, ga: CompiledGame | None, gb: CompiledGame | None) -> dict[str, Any]:
    """A game on one side only: every card of it added or removed."""
    present = gb or ga
    assert present is not None
    return {
        "id": gid,
        "name": present.game.name,
        "status": "added" if ga is None else "removed",
        "game_changes": [],
        "added": [_card_summary(gb, c) for c in gb.cards] if gb else [],
        "removed": [_card_summary(ga, c) for c in ga.cards] if ga else [],
        "changed": [],
        "outcomes": [],
    }


def _outcome_changes(ga: CompiledGame, gb: CompiledGame) -> list[dict[str, Any]]:
    """The examples of both sides whose outcome differs."""
    before, after = _outcomes(ga), _outcomes(gb)
    return [
        {"card": cid, "example": name, "before": before[(cid, name)], "after": result}
        for (cid, name), result in after.items()
        if (cid, name) in before and before[(cid, name)] != result
    ]


def _game_entry(gid: str, ga: CompiledGame, gb: CompiledGame, examples: bool) -> dict[str, Any] | None:
    """A game on both sides: what changed in it, or None when nothing did."""
    from ..render.english import English

    en_a, en_b = English(ga.game, ga.cards), English(gb.game, gb.cards)
    changed = [c for c in (_card_changes(ga, gb, cid, en_a, en_b) for cid in gb.cards if cid in ga.cards) if c]
    outcomes = _outcome_changes(ga, gb) if examples else []
    entry = {
        "id": gid,
        "name": gb.game.name,
        "status": "changed",
        "game_changes": _game_changes(ga, gb),
        "added": [_card_summary(gb, c) for c in gb.cards if c not in ga.cards],
        "removed": [_card_summary(ga, c) for c in ga.cards if c not in gb.cards],
        "changed": changed,
        "outcomes": outcomes,
    }
    if entry["game_changes"] or entry["added"] or entry["removed"] or changed or outcomes:
        return entry
    return None


def compare(a: Side, b: Side, examples: bool = True) -> dict[str, Any]:
    """The differences between two sides, as plain data (the json format)."""
    games: list[dict[str, Any]] = []
    for gid in sorted(set(a.games) | set(b.games)):
        ga, gb = a.games.get(gid), b.games.get(gid)
        if ga is None or gb is None:
            games.append(_one_side(gid, ga, gb))
        elif (entry := _game_entry(gid, ga, gb, examples)) is not None:
            games.append(entry)
    return {"a": a.label, "b": b.label, "errors": {"a": a.errors, "b": b.errors}, "games": games}


def diff(spec_a: str, spec_b: str, project: Path, examples: bool = True, simulate: Any = None) -> dict[str, Any]:
    """`simulate`: a diff_balance.Balance to add the balance change (played while both sides exist)."""
    with tempfile.TemporaryDirectory(prefix="ostraka-diff-") as scratch:
        a = read_side(spec_a, project, Path(scratch) / "a")
        b = read_side(spec_b, project, Path(scratch) / "b")
        result = compare(a, b, examples)
        if simulate is not None:
            from .diff_balance import balance

            result["balance"] = balance(a, b, simulate, result, Path(scratch))
        return result


# ----------------------------------------------------------------------------- rendering


def headline(result: dict[str, Any]) -> str:
    games = result["games"]
    added = sum(len(g["added"]) for g in games)
    removed = sum(len(g["removed"]) for g in games)
    changed = sum(len(g["changed"]) for g in games)
    outcomes = sum(len(g["outcomes"]) for g in games)
    if not games:
        return f"no changes between {result['a']} and {result['b']}"
    return (
        f"{result['a']} -> {result['b']}: {plural(added, 'card')} added, {removed} removed, {changed} changed; "
        f"{plural(outcomes, 'example')} with a different outcome"
    )


def _outcome_word(o: dict[str, Any]) -> str:
    return "passes" if o["passed"] else f"fails: {o['message']}"


def _errors_note(result: dict[str, Any]) -> list[str]:
    notes = []
    for side in ("a", "b"):
        if result["errors"][side]:
            notes.append(
                f"{result[side]} has {plural(result['errors'][side], 'error')} (run ostraka check there): "
                "cards in files with errors are left out of this comparison"
            )
    return notes


def render_text(result: dict[str, Any]) -> str:
    lines = [headline(result), *(f"note: {n}" for n in _errors_note(result))]
    for g in result["games"]:
        lines.append("")
        lines.append(f"{g['name']} ({g['id']})" + ("" if g["status"] == "changed" else f": game {g['status']}"))
        if g["game_changes"]:
            lines.append(f"  game.yaml changed: {', '.join(g['game_changes'])}")
        for c in g["added"]:
            lines.append(f"  + {c['id']} ({c['kind']}) {c['file']}:{c['line']}")
        for c in g["removed"]:
            lines.append(f"  - {c['id']} ({c['kind']}) was in {c['file']}")
        for c in g["changed"]:
            lines.append(f"  ~ {c['id']} ({c['kind']}) {c['file']}:{c['line']}")
            for f in c["fields"]:
                lines.append(f"      {f['field']}: {_flat(f['before'])} -> {_flat(f['after'])}")
            for e in c["effects"]:
                lines.append(f"      effect {e['index']}: {_flat(e['before'])}")
                lines.append(f"      {' ' * len(str(e['index']))}      -> {_flat(e['after'])}")
            for label, key in (("text", "text"), ("English", "english")):
                if c[key]:
                    lines.append(f"      {label} before: {c[key]['before']}")
                    lines.append(f"      {label} after:  {c[key]['after']}")
            for what, names in c["examples"].items():
                if names:
                    lines.append(f"      examples {what}: {', '.join(names)}")
        for o in g["outcomes"]:
            lines.append(
                f"  example '{o['example']}' of {o['card']}: {_outcome_word(o['before'])} -> {_outcome_word(o['after'])}"
            )
    if "balance" in result:
        from .diff_balance import text_lines

        lines += text_lines(result["balance"])
    return "\n".join(lines)


def _md(text: Any) -> str:
    """Data in a table cell or a heading: shown as its characters (textsafe.markdown: no HTML, no
    link, no mention, no pipe or line break ending the row)."""
    return markdown(text)


def _code(value: Any) -> str:
    return code_span(_flat(value))


def render_markdown(result: dict[str, Any]) -> str:
    lines = ["### ostraka diff", "", _md(headline(result))]
    lines += ["", *(f"> {_md(n)}" for n in _errors_note(result))] if _errors_note(result) else []
    for g in result["games"]:
        lines += ["", f"#### {_md(g['name'])}" + ("" if g["status"] == "changed" else f" (game {g['status']})")]
        if g["game_changes"]:
            lines += ["", f"game.yaml changed: {_md(', '.join(g['game_changes']))}"]
        if g["added"] or g["removed"]:
            lines += ["", "| | card | kind | file |", "| --- | --- | --- | --- |"]
            lines += [
                f"| added | {code_span(c['id'])} {_md(c['name'])} | {_md(c['kind'])} | {_md(c['file'])}:{c['line']} |"
                for c in g["added"]
            ]
            lines += [
                f"| removed | {code_span(c['id'])} {_md(c['name'])} | {_md(c['kind'])} | {_md(c['file'])} |"
                for c in g["removed"]
            ]
        for c in g["changed"]:
            lines += [
                "",
                f"**{_md(c['name'])}** ({code_span(c['id'])}, {_md(c['kind'])}, {_md(c['file'])}:{c['line']})",
                "",
                "| | before | after |",
                "| --- | --- | --- |",
            ]
            lines += [f"| {_md(f['field'])} | {_code(f['before'])} | {_code(f['after'])} |" for f in c["fields"]]
            lines += [f"| effect {e['index']} | {_code(e['before'])} | {_code(e['after'])} |" for e in c["effects"]]
            for label, key in (("text", "text"), ("English", "english")):
                if c[key]:
                    lines.append(f"| {label} | {_md(c[key]['before'])} | {_md(c[key]['after'])} |")
            for what, names in c["examples"].items():
                if names:
                    lines.append(f"| examples {what} | | {_md(', '.join(names))} |")
        if g["outcomes"]:
            lines += ["", "| example | card | before | after |", "| --- | --- | --- | --- |"]
            lines += [
                f"| {_md(o['example'])} | {code_span(o['card'])} | {_md(_outcome_word(o['before']))} | {_md(_outcome_word(o['after']))} |"
                for o in g["outcomes"]
            ]
    if "balance" in result:
        from .diff_balance import markdown_lines

        lines += markdown_lines(result["balance"])
    return "\n".join(lines) + "\n"


def render(result: dict[str, Any], fmt: str) -> str:
    if fmt == "json":
        return json_safe(json.dumps(result, indent=2, ensure_ascii=False, sort_keys=True))
    return render_markdown(result) if fmt == "markdown" else visible(render_text(result))
