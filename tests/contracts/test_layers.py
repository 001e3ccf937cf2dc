"""The import graph of compiler/ is a stack of layers (ARCHITECTURE.md, "The folders are the layers").

Every import counts for the layers: at the top of a module, inside a function, under
`if TYPE_CHECKING:`. A module may import its own layer or a lower one, never a higher one. No set of
modules imports itself round a circle, annotations included (a type checker follows those), and
`from package import module` imports the package's `__init__` too, as Python runs it first.
Read with `ast` only: nothing is imported, so the test costs a few milliseconds.
"""

from __future__ import annotations

import ast
from pathlib import Path

from repo_paths import REPO

PACKAGE = REPO / "compiler"

# The folders of compiler/, lowest first: a module may import its own folder or a lower one. Two
# folders on one line stand side by side (neither imports the other). `compiler/__init__.py` (the
# versions) is the ground floor; `compiler/__main__.py` stands with the command line.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("compiler", "compiler.core", "compiler.load"),
    ("compiler.lang",),
    ("compiler.model",),
    ("compiler.decide",),
    ("compiler.runtime",),
    ("compiler.codegen",),
    ("compiler.render", "compiler.cache"),
    ("compiler.pipeline",),
    ("compiler.tools",),
    ("compiler.simulate",),
    ("compiler.outputs",),
    ("compiler.lsp",),
    ("compiler.cli", "compiler.__main__"),
)


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def layer(module: str) -> int:
    best, rank = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            within = module == prefix or (prefix != "compiler" and module.startswith(prefix + "."))
            if within and len(prefix) > best:
                best, rank = len(prefix), index
    assert rank >= 0, f"{module} is in no layer: add it to LAYERS and to ARCHITECTURE.md"
    return rank


def _known(name: str) -> str | None:
    """The module of the compiler an imported name lies in (None: not the compiler's)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _annotations_only(tree: ast.Module) -> set[int]:
    """The ids of the import statements under `if TYPE_CHECKING:`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found |= {id(inner) for stmt in node.body for inner in ast.walk(stmt)}
    return found


def imports(module: str) -> list[tuple[int, str, bool]]:
    """(line, imported module of the compiler, whether only for annotations) for every import
    statement in a module."""
    path = MODULES[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _annotations_only(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            parent = package[: len(package) - node.level + 1] if node.level else []
            base = ".".join(parent + ([node.module] if node.module else []))
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
            # `from package import module` runs the package's __init__ first: it is imported too
            if node.module is None or f"{base}.__init__" in _INITS:
                names.append(base)
        else:
            continue
        for name in names:
            target = _known(name)
            if target is not None and target != module:
                found.append((node.lineno, target, id(node) in typing_only))
    return found


_INITS = {f"{m}.__init__" for m, path in MODULES.items() if path.name == "__init__.py"}
GRAPH = {module: imports(module) for module in MODULES}


def test_no_lower_layer_imports_a_higher_one() -> None:
    wrong = [
        f"{MODULES[m].relative_to(PACKAGE.parent)}:{line}: {m} (layer {layer(m)}) imports {t} (layer {layer(t)})"
        for m, found in GRAPH.items()
        for line, t, _typing in found
        if layer(t) > layer(m)
    ]
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def _cycle(within: str | None = None, outside: str | None = None, graph=None) -> list[str] | None:
    """One circle of imports, as the modules round it, or None; an import for annotations alone
    counts (a type checker follows it). `within`/`outside`: only modules under / not under that prefix."""

    def kept(m: str) -> bool:
        return (within is None or m.startswith(within)) and (outside is None or not m.startswith(outside))

    graph = GRAPH if graph is None else graph
    edges = {m: sorted({t for _line, t, _typing in found if kept(t)}) for m, found in graph.items() if kept(m)}
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    for start in edges:
        if state.get(start):
            continue
        path, stack = [start], [iter(edges[start])]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(edges[nxt]))
    return None


def test_no_import_circle() -> None:
    cycle = _cycle()
    assert cycle is None, "an import circle: " + " -> ".join(cycle or [])


def test_the_checks_see_what_they_must() -> None:
    """The graph is read right: a relative import inside a function is found, and so is a circle."""
    assert any(t == "compiler.lang.model" for _l, t, _typing in GRAPH["compiler.model.compiled"])
    assert ("compiler.runtime.context", True) in {(t, typing) for _l, t, typing in GRAPH["compiler.runtime.cards"]}
    assert layer("compiler.runtime.interpreter") > layer("compiler.lang.model") > layer("compiler.core.diagnostics")
    assert layer("compiler.model.game") < layer("compiler.pipeline.project")
    # `from . import common` in a command module imports the package's face as well
    assert "compiler.cli" in {t for _l, t, _typing in GRAPH["compiler.cli.cards"]}
    assert _runtime_layer("compiler.runtime.state") < _runtime_layer("compiler.runtime.costs")
    assert _runtime_layer("compiler.runtime.board.hexes") == _runtime_layer("compiler.runtime.interpreter")
    assert _runtime_layer("compiler.runtime.judging") < _runtime_layer("compiler.runtime.flow")
    planted = {"a": [(1, "b", True)], "b": [(1, "c", False)], "c": [(1, "a", False)], "d": []}
    assert _cycle(graph=planted) == ["a", "b", "c", "a"]
    assert _cycle(graph=planted, outside="c") is None


# Inside compiler/runtime/, lowest first (ARCHITECTURE.md, "The runtime"): a module imports its own
# group or a lower one. The board's verbs stand with the effects; a module not listed fails the test.
RUNTIME_LAYERS: tuple[tuple[str, ...], ...] = (
    ("compiler.runtime",),  # the package's face
    # state: the game state, who answers, seats, card filters, the context's protocol, chance
    ("state", "decider", "seats", "filters", "context", "chance"),
    # the rules of payment: standing effects, supplies, plans, paying, costs, wild units, trade events
    ("standing", "supplies", "payment", "plans", "paying", "costs", "wild", "trading"),
    # effects: the interpreter and the verbs it carries out
    (
        "cards",
        "choices",
        "tracks",
        "reading",
        "effects",
        "heard",
        "builds",
        "building",
        "spaces",
        "board",
        "interpreter",
    )
    + ("trace",),
    # moves: what a move or an option would do, judged or tried; an example's trigger; an episode
    ("judging", "sure", "deck", "when", "machine"),
    # the flow runner: the program, deals, menus, atomic steps, the game state, what a player sees
    ("program", "dealing", "menus", "atomic", "flow", "view", "guess"),
)


def _runtime_layer(module: str) -> int:
    if module == "compiler.runtime":
        return 0
    name = module.removeprefix("compiler.runtime.").split(".")[0]
    for index, names in enumerate(RUNTIME_LAYERS):
        if name in names:
            return index
    raise AssertionError(f"{module} is in no layer of the runtime: add it to RUNTIME_LAYERS and ARCHITECTURE.md")


def test_the_runtime_is_layered_too() -> None:
    """State, the rules of payment, effects, moves and the flow runner import only downward."""
    runtime = [m for m in MODULES if m == "compiler.runtime" or m.startswith("compiler.runtime.")]
    wrong = [
        f"{MODULES[m].relative_to(PACKAGE.parent)}:{line}: {m} imports {t}"
        for m in runtime
        for line, t, _typing in GRAPH[m]
        if t.startswith("compiler.runtime") and _runtime_layer(t) > _runtime_layer(m)
    ]
    assert not wrong, "imports against the runtime's layers:\n" + "\n".join(wrong)
