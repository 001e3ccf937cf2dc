"""The Language Server Protocol over stdio (pygls): findings as you type, hover, definitions,
references, completion and a code lens that runs a card's examples.

Every request reads the workspace (workspace.py); a change is checked after a short pause
(`debounce`, so that a burst of keystrokes costs one check) and the findings of every file whose
findings changed are published, the edited file's and those of any file the edit broke or fixed.
Whatever a request meets, the server answers or stays silent: it never stops on bad data.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import sys
import time
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..core.diagnostics import Diagnostic, Severity
from ..render.english import English
from . import symbols
from .examples import Result, actual, run_card
from .symbols import NUMBER, Symbol, classify, definition, is_key, token_at, uses
from .workspace import Model, Workspace

RUN_EXAMPLES = "ostraka.runExamples"
DEBOUNCE = 0.05  # seconds of quiet after a keystroke before the text is checked

log = logging.getLogger("ostraka.lsp")


def _uri(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


def _path(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri).resolve()


class Server:
    """The protocol's side of the workspace: positions, URIs and lsprotocol types."""

    def __init__(self, debounce: float = DEBOUNCE, cache: bool = True) -> None:
        self.ls = LanguageServer("ostraka", __version__)
        self.debounce = debounce
        self.cache = cache
        self.ws: Workspace | None = None
        self.published: dict[str, tuple] = {}  # display path -> what was last published for it
        self.results: dict[tuple[str, str], Result] = {}  # (display path, card id) -> its examples' last run
        self.generation = 0
        self.checked = 0  # checks done (for tests and the bench: a check after each change)
        self._register()

    # ---------------------------------------------------------------- wiring

    def _register(self) -> None:
        ls = self.ls

        @ls.feature(lsp.INITIALIZE)
        def initialize(params: lsp.InitializeParams) -> None:
            root = None
            if params.workspace_folders:
                root = _path(params.workspace_folders[0].uri)
            elif params.root_uri:
                root = _path(params.root_uri)
            elif params.root_path:
                root = Path(params.root_path)
            options = params.initialization_options or {}
            if isinstance(options, dict) and isinstance(options.get("debounce_ms"), int | float):
                self.debounce = max(0.0, float(options["debounce_ms"]) / 1000)
            self.ws = Workspace(root or Path.cwd(), self.cache)

        @ls.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
        async def did_open(params: lsp.DidOpenTextDocumentParams) -> None:
            self.workspace(params.text_document.uri).open(_path(params.text_document.uri), params.text_document.text)
            await self.schedule(0.0)

        @ls.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
        async def did_change(params: lsp.DidChangeTextDocumentParams) -> None:
            uri = params.text_document.uri
            text = ls.workspace.get_text_document(uri).source  # pygls applied the changes
            self.workspace(uri).change(_path(uri), text)
            await self.schedule(self.debounce)

        @ls.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
        async def did_save(params: lsp.DidSaveTextDocumentParams) -> None:
            self.workspace(params.text_document.uri).changed_on_disk([_path(params.text_document.uri)])

        @ls.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
        async def did_close(params: lsp.DidCloseTextDocumentParams) -> None:
            self.workspace(params.text_document.uri).close(_path(params.text_document.uri))
            await self.schedule(self.debounce)

        @ls.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
        async def watched(params: lsp.DidChangeWatchedFilesParams) -> None:
            if self.ws is None:
                return
            self.ws.changed_on_disk([_path(change.uri) for change in params.changes])
            await self.schedule(self.debounce)

        @ls.feature(lsp.TEXT_DOCUMENT_HOVER)
        def hover(params: lsp.HoverParams) -> lsp.Hover | None:
            return self.guarded(self.hover, params)

        @ls.feature(lsp.TEXT_DOCUMENT_DEFINITION)
        def definition_(params: lsp.DefinitionParams) -> list[lsp.Location] | None:
            return self.guarded(self.definition, params)

        @ls.feature(lsp.TEXT_DOCUMENT_REFERENCES)
        def references(params: lsp.ReferenceParams) -> list[lsp.Location] | None:
            return self.guarded(self.references, params)

        @ls.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[":", " ", "{", "["]))
        def completion(params: lsp.CompletionParams) -> lsp.CompletionList | None:
            return self.guarded(self.completion, params)

        @ls.feature(lsp.TEXT_DOCUMENT_CODE_LENS)
        def code_lens(params: lsp.CodeLensParams) -> list[lsp.CodeLens] | None:
            return self.guarded(self.code_lens, params)

        @ls.command(RUN_EXAMPLES)
        def run_examples(*arguments: Any) -> dict | None:
            return self.guarded(self.run_examples, list(arguments))

    def workspace(self, uri: str) -> Workspace:
        if self.ws is None:
            self.ws = Workspace(_path(uri).parent, self.cache)
        return self.ws

    def guarded(self, handler, params):
        """A request's answer; a failure of ours is logged and answered with nothing, never a stop."""
        try:
            return handler(params)
        except Exception as exc:  # noqa: BLE001 - a request must not take the server down
            log.exception("ostraka lsp: %s failed", getattr(handler, "__name__", "request"))
            self.ls.window_log_message(
                lsp.LogMessageParams(lsp.MessageType.Error, f"ostraka: internal error: {type(exc).__name__}: {exc}")
            )
            return None

    # ---------------------------------------------------------------- checking

    async def schedule(self, delay: float) -> None:
        """Check after `delay` seconds unless another change comes first."""
        self.generation += 1
        mine = self.generation
        if delay:
            await asyncio.sleep(delay)
        if mine != self.generation or self.ws is None:
            return
        self.check_and_publish()

    def check_and_publish(self) -> None:
        ws = self.ws
        if ws is None:
            return
        start = time.perf_counter()
        try:
            findings = ws.check()
        except Exception as exc:  # noqa: BLE001 - the server keeps running; the last findings stand
            log.exception("ostraka lsp: check failed")
            self.ls.window_log_message(
                lsp.LogMessageParams(lsp.MessageType.Error, f"ostraka: internal error: {type(exc).__name__}: {exc}")
            )
            return
        self.checked += 1
        open_files = {ws.display(path) for path in ws.sources.texts}
        for display in sorted(set(findings) | set(self.published) | open_files):
            items = findings.get(display, [])
            key = tuple(items)
            if self.published.get(display) == key and display not in open_files:
                continue  # an open file hears after every check (the editor shows it as checked)
            path = ws.path(display)
            text = ws.text_of(path)
            self.ls.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=_uri(path), diagnostics=[self.diagnostic(d, text) for d in items])
            )
            if items:
                self.published[display] = key
            else:
                self.published.pop(display, None)
        for d in ws.unplaced:
            self.ls.window_log_message(lsp.LogMessageParams(lsp.MessageType.Warning, d.location() + ": " + d.message))
        self.ls.window_log_message(
            lsp.LogMessageParams(
                lsp.MessageType.Log,
                f"ostraka: checked in {time.perf_counter() - start:.3f} s: {ws.run.report.summary() if ws.run else ''}",
            )
        )

    def diagnostic(self, d: Diagnostic, text: str) -> lsp.Diagnostic:
        ws = self.ws
        assert ws is not None
        related = [
            lsp.DiagnosticRelatedInformation(
                location=lsp.Location(
                    uri=_uri(ws.path(r.file)) if r.file else "",
                    range=_range(ws.text_of(ws.path(r.file)) if r.file else "", r.line, r.column),
                ),
                message=r.message,
            )
            for r in d.related
        ]
        return lsp.Diagnostic(
            range=_range(text, d.line, d.column),
            message=d.message + (f"\nhint: {d.hint}" if d.hint else ""),
            severity=lsp.DiagnosticSeverity.Error if d.level is Severity.ERROR else lsp.DiagnosticSeverity.Warning,
            code=d.code,
            source="ostraka",
            related_information=related or None,
        )

    # ---------------------------------------------------------------- what is under the cursor

    def _at(self, uri: str, position: lsp.Position) -> tuple[Workspace, Path, str, Model | None]:
        ws = self.workspace(uri)
        path = _path(uri)
        lines = ws.text_of(path).split("\n")
        line = lines[position.line] if 0 <= position.line < len(lines) else ""
        return ws, path, line, ws.model_for(path)

    def _symbol(self, uri: str, position: lsp.Position) -> tuple[Symbol, Model, tuple[int, int]] | None:
        _ws, _path_, line, model = self._at(uri, position)
        found = token_at(line, position.character)
        if model is None or found is None:
            return None
        word, start, end = found
        symbol = classify(model.game.game, model.cards, word, is_key(line, end))
        return (symbol, model, (start, end)) if symbol is not None else None

    # ---------------------------------------------------------------- hover

    def hover(self, params: lsp.HoverParams) -> lsp.Hover | None:
        ws, path, line, model = self._at(params.text_document.uri, params.position)
        number = token_at(line, params.position.character, NUMBER)
        if number is not None and model is not None:
            said = self._expectation(ws, path, model, params.position.line + 1, number[1] + 1)
            if said is not None:
                return _hover(said, params.position.line, number[1], number[2])
        found = self._symbol(params.text_document.uri, params.position)
        if found is None:
            return None
        symbol, model, (start, end) = found
        text = self._describe(symbol, model)
        return _hover(text, params.position.line, start, end) if text else None

    def _expectation(self, ws: Workspace, path: Path, model: Model, line: int, col: int) -> str | None:
        """For a number in an example's expect: what the example actually gives there."""
        run = ws.run
        doc = run.documents.get(ws.display(path)) if run is not None else None
        if doc is None or doc.data is None or doc.text != ws.text_of(path):
            return None
        at = symbols.path_at(doc, line, col)
        if at is None or "examples" not in at:
            return None
        i = at.index("examples")
        if len(at) < i + 3 or at[i + 2] != "expect" or not isinstance(at[i + 1], int):
            return None
        entity = doc.data
        for part in at[:i]:
            entity = entity[part]
        card_id = entity.get("id") if isinstance(entity, dict) else None
        card = model.game.cards.get(card_id) if isinstance(card_id, str) else None
        if card is None:
            return None
        example = card.examples[at[i + 1]] if at[i + 1] < len(card.examples) else None
        differs = actual(model.game, card, at[i + 1], at[i + 2 :])
        name = example.name if example is not None else ""
        if differs is None:
            return f"✓ example '{name}': as expected"
        return f"✗ example '{name}': {differs}"

    def _describe(self, symbol: Symbol, model: Model) -> str:
        game = model.game.game
        if symbol.what == "card":
            card = model.cards[symbol.name]
            english = English(game, model.cards).card(card)
            parts = [f"**{card.name}** · {card.kind} `{card.id}`"]
            if card.text:
                parts.append(card.text.strip())
            parts.append(f"*As compiled:* {english}")
            return "\n\n".join(parts)
        if symbol.what == "primitive":
            found = symbols.primitive(symbol.name)
            assert found is not None
            family, cls = found
            return _primitive_doc(family, cls)
        if symbol.what == "field":
            spec = game.kinds[symbol.section].fields[symbol.name]
            what = spec.type + (f" of {spec.of}" if spec.of else "")
            if spec.values:
                what += ": " + ", ".join(map(str, spec.values))
            required = ", required" if spec.required else ""
            return f"**{symbol.name}**: field of {symbol.section} ({what}{required})" + (
                f"\n\n{spec.description}" if spec.description else ""
            )
        noun: Any = getattr(game, symbol.section, {}).get(symbol.name)
        lines = [f"**{symbol.name}**: {symbol.what} of {game.name}"]
        for attribute in ("label", "description", "start", "min", "max", "spaces", "zone", "shared", "each_player"):
            value = getattr(noun, attribute, None)
            if value not in (None, "", False) and not (attribute == "min" and value == 0):
                lines.append(f"- {attribute}: {value}")
        if symbol.section == "params":
            lines.append(f"- value: {noun}")
        return "\n".join(lines)

    # ---------------------------------------------------------------- definition, references

    def definition(self, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
        found = self._symbol(params.text_document.uri, params.position)
        if found is None:
            return None
        symbol, model, _span = found
        ws = self.ws
        assert ws is not None
        if symbol.what == "card":
            source = model.sources[symbol.name]
            target = ws.path(source.file)
            return [lsp.Location(_uri(target), _range(ws.text_of(target), source.line, source.column))]
        if symbol.what == "primitive":
            prim = symbols.primitive(symbol.name)
            assert prim is not None
            file = inspect.getsourcefile(prim[1])
            if not file:
                return None
            line = inspect.getsourcelines(prim[1])[1]
            return [lsp.Location(_uri(Path(file)), lsp.Range(lsp.Position(line - 1, 0), lsp.Position(line - 1, 0)))]
        game_file = ws.path(model.game.game_file)
        where = definition(ws.documents.get(model.game.game_file), symbol)
        if where is None:
            return None
        return [lsp.Location(_uri(game_file), _range(ws.text_of(game_file), *where))]

    def references(self, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
        found = self._symbol(params.text_document.uri, params.position)
        if found is None:
            return None
        symbol, model, _span = found
        ws = self.ws
        assert ws is not None
        folder = model.game.directory
        declared = definition(ws.documents.get(model.game.game_file), symbol)
        out: list[lsp.Location] = []
        for display, doc in sorted(ws.documents.items()):
            path = ws.path(display)
            if not path.is_relative_to(folder):
                continue
            text: str | None = None
            for line, col in sorted(set(uses(doc, symbol))):
                if (
                    not params.context.include_declaration
                    and display == model.game.game_file
                    and (line, col) == declared
                ):
                    continue
                if symbol.what == "card" and not params.context.include_declaration:
                    source = model.sources.get(symbol.name)
                    if source is not None and source.file == display and _is_id_line(doc, line, symbol.name):
                        continue
                text = ws.text_of(path) if text is None else text
                out.append(lsp.Location(_uri(path), _range(text, line, col)))
        return out

    # ---------------------------------------------------------------- completion

    def completion(self, params: lsp.CompletionParams) -> lsp.CompletionList | None:
        ws, path, line, model = self._at(params.text_document.uri, params.position)
        before = line[: params.position.character]
        typed = next((m.group(0) for m in symbols.WORD.finditer(before) if m.end() == len(before)), "")
        value = ":" in before.split("#", 1)[0] or before.rstrip().endswith(("[", "{", ","))
        items: list[lsp.CompletionItem] = []

        def add(label: str, kind: lsp.CompletionItemKind, detail: str, doc: str, first: bool) -> None:
            if typed and not label.lower().startswith(typed.lower()):
                return
            items.append(
                lsp.CompletionItem(
                    label=label,
                    kind=kind,
                    detail=detail,
                    documentation=lsp.MarkupContent(lsp.MarkupKind.Markdown, doc) if doc else None,
                    sort_text=("0" if first else "1") + label,
                )
            )

        for family in symbols.FAMILIES:
            for name, cls in sorted(symbols.REGISTRY.get(family, {}).items()):
                add(name, lsp.CompletionItemKind.Function, family, _primitive_doc(family, cls), not value)
        if model is not None:
            game = model.game.game
            for kind_name, kind in game.kinds.items():
                for name, spec in kind.fields.items():
                    add(
                        name,
                        lsp.CompletionItemKind.Field,
                        f"field of {kind_name} ({spec.type})",
                        spec.description,
                        not value,
                    )
            for section, name, _spec in symbols.nouns(game):
                item_kind = lsp.CompletionItemKind.Event if section == "triggers" else lsp.CompletionItemKind.Variable
                add(
                    name,
                    item_kind,
                    symbols.SECTIONS[section],
                    self._describe(Symbol(symbols.SECTIONS[section], name, section), model),
                    value,
                )
            for cid, card in model.cards.items():
                add(cid, lsp.CompletionItemKind.Reference, f"{card.kind}: {card.name}", card.text, value)
        return lsp.CompletionList(is_incomplete=False, items=items)

    # ---------------------------------------------------------------- code lens, run examples

    def code_lens(self, params: lsp.CodeLensParams) -> list[lsp.CodeLens] | None:
        ws = self.workspace(params.text_document.uri)
        path = _path(params.text_document.uri)
        model = ws.model_for(path)
        if model is None:
            return []
        display = ws.display(path)
        lenses = []
        for cid, source in sorted(model.sources.items(), key=lambda item: item[1].line):
            if source.file != display:
                continue
            card = model.cards[cid]
            done = self.results.get((display, cid))
            title = done.title() if done is not None else f"▶ run {len(card.examples)} example(s) of {cid}"
            lenses.append(
                lsp.CodeLens(
                    range=lsp.Range(lsp.Position(source.line - 1, 0), lsp.Position(source.line - 1, 0)),
                    command=lsp.Command(title=title, command=RUN_EXAMPLES, arguments=[params.text_document.uri, cid]),
                )
            )
        return lenses

    def run_examples(self, arguments: list) -> dict | None:
        if len(arguments) < 2 or not all(isinstance(a, str) for a in arguments[:2]):
            return None
        uri, card_id = arguments[0], arguments[1]
        ws = self.workspace(uri)
        path = _path(uri)
        run = ws.run
        game = next((g for g in run.games if card_id in g.cards), None) if run is not None else None
        if game is None or run is None:
            self.ls.window_show_message(
                lsp.ShowMessageParams(lsp.MessageType.Warning, f"ostraka: no card '{card_id}' loaded; fix its file")
            )
            return None
        result = run_card(game, card_id, run.documents)
        self.results[(ws.display(path), card_id)] = result
        message = f"{card_id}: {result.title()}" + "".join(f"\n{m}" for m in result.messages)
        self.ls.window_show_message(
            lsp.ShowMessageParams(lsp.MessageType.Error if result.failed else lsp.MessageType.Info, message)
        )
        refresh = self.ls.client_capabilities.workspace
        if refresh is not None and refresh.code_lens is not None and refresh.code_lens.refresh_support:
            self.ls.workspace_code_lens_refresh(None)
        return result.as_json()

    def start(self) -> None:
        self.ls.start_io()


# ---------------------------------------------------------------------------- helpers


def _range(text: str, line: int, column: int) -> lsp.Range:
    """The range of the token a finding points at: its word, number or run of non-blanks."""
    lines = text.split("\n")
    row = max(line - 1, 0)
    start = max(column - 1, 0)
    source = lines[row] if row < len(lines) else ""
    start = min(start, len(source))
    end = start
    while end < len(source) and not source[end].isspace() and source[end] not in ",:]}#":
        end += 1
    if end == start and start < len(source):
        end = start + 1
    return lsp.Range(lsp.Position(row, start), lsp.Position(row, end))


def _hover(text: str, line: int, start: int, end: int) -> lsp.Hover:
    return lsp.Hover(
        contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, text),
        range=lsp.Range(lsp.Position(line, start), lsp.Position(line, end)),
    )


def _primitive_doc(family: str, cls: Any) -> str:
    import yaml

    example = yaml.safe_dump(cls.example, sort_keys=False, default_flow_style=None, allow_unicode=True).strip()
    lines = [f"**{cls.name}** ({family})", "", cls.summary, "", "```yaml", example, "```"]
    fields = getattr(cls.args, "model_fields", None)
    if fields:
        lines.append("")
        for name, info in fields.items():
            lines.append(f"- `{info.alias or name}`" + (f": {info.description}" if info.description else ""))
    return "\n".join(lines)


def _is_id_line(doc: Any, line: int, card_id: str) -> bool:
    text = doc.line_text(line) or ""
    return text.strip().lstrip("- ").startswith("id:") and card_id in text


def main(debounce: float = DEBOUNCE, cache: bool = True) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    Server(debounce, cache).start()
