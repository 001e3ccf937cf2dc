"""`make bench`: the figures of docs/benchmarks.md, measured in one run on this machine.

Each section is a function returning the lines it prints; other modules add theirs to SECTIONS.
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
import time
from pathlib import Path

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent


def _best_of(fn, repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def check_vs_parse() -> list[str]:
    """`ostraka check` on all cards against the bare ruamel.yaml parse of the same files."""
    from compiler.pipeline.check.checks import check_all
    from compiler.pipeline.project import load

    files = sorted((ROOT / "cards").rglob("*.yaml"))

    def parse() -> None:
        yaml = YAML(typ="safe", pure=True)
        for path in files:
            yaml.load(path.read_text(encoding="utf-8"))

    def check() -> None:
        run = load([ROOT / "cards"], ROOT)
        check_all(run)

    check()  # warm imports and caches of the interpreter itself
    parse_s = _best_of(parse)
    check_s = _best_of(check)
    return [
        f"files: {len(files)}",
        f"bare ruamel parse: {parse_s * 1000:.1f} ms",
        f"ostraka check (validate, resolve, run every example): {check_s * 1000:.1f} ms",
        f"check/parse ratio: {check_s / parse_s:.2f}",
    ]


# name, "module:function"; a module that does not exist yet is skipped with a note.
SECTIONS = [
    ("the command line (cold check, warm check, --help)", "bench.workflow:cli"),
    ("check against parse", "bench.__main__:check_vs_parse"),
    ("generated handlers", "bench.handlers:run"),
    ("designer workflow", "bench.workflow:run"),
    ("language server and edit checks", "bench.lsp:run"),
    ("simulation, local processes", "bench.simulation:run"),
    ("whole games", "bench.games:run"),
    ("the engine: bare loop, simulate, trials, MCTS, memory", "bench.engine:run"),
]


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def main() -> None:
    """Every section, or those whose title holds one of the words given (`python -m bench "command line"`)."""
    wanted = sys.argv[1:]
    print(f"machine: {machine()}, load average {os.getloadavg()[0]:.1f} at the start")
    for title, target in SECTIONS:
        if wanted and not any(word in title for word in wanted):
            continue
        module_name, function = target.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError:
            print(f"\n## {title}: not available")
            continue
        print(f"\n## {title}")
        for line in getattr(module, function)():
            print(line)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
