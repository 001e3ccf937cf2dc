"""bench.opcodes --by-module: each engine's opcodes by the module that ran them, and the split the
3x target between the engines is read from (what both engines run, each one's own, and the most
the shared part could be for the handlers to be 3x the interpreter)."""

from __future__ import annotations

import pytest

from bench import opcodes


def test_split_reads_the_shared_part_as_each_modules_smaller_count():
    handlers = {"runtime": 100.0, "interp": 20.0, "generated": 10.0}
    interpreter = {"runtime": 104.0, "interp": 290.0, "selection": 6.0}
    parts = opcodes.split(handlers, interpreter)
    assert parts["shared"] == 120.0  # 100 of the runtime, 20 of the interpreter's module
    assert parts["handlers_own"] == 10.0
    assert parts["interpreter_own"] == 280.0
    # with the shared part at that bound, the engines' ratio is the target exactly
    bound = parts["shared_for_target"]
    assert (parts["interpreter_own"] + bound) / (parts["handlers_own"] + bound) == pytest.approx(opcodes.TARGET)
    # an engine whose own work is too large for the target leaves no room: the bound is 0
    assert opcodes.split({"g": 50.0}, {"t": 100.0})["shared_for_target"] == 0.0


def test_by_module_counts_a_real_game_on_each_engine():
    handlers = opcodes.count_by_module("peloponnes", 2, "handlers", games=1)
    interpreter = opcodes.count_by_module("peloponnes", 2, "interpreter", games=1)
    assert "generated/peloponnes/handlers.py" in handlers
    assert not any(module.startswith("generated/") for module in interpreter)
    assert handlers["compiler/runtime/flow.py"] > 0 and interpreter["compiler/runtime/flow.py"] > 0
    lines = opcodes.by_module_lines("peloponnes", 2, handlers, interpreter)
    (total,) = [line for line in lines if line.startswith("all ")]
    assert total.split()[1:] == [f"{sum(handlers.values()) / 1e3:,.1f}", f"{sum(interpreter.values()) / 1e3:,.1f}"]
    assert lines[-1].startswith("interpreter/handlers: ") and "for 3x the shared part" in lines[-1]
