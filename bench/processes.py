"""Each process's share of a cold check: what bounds its wall-clock time on two cores.

`ostraka check` forks one worker (compiler/pipeline/parallel.py); the wall-clock time of the
whole is about the longer of the two paths: the parent's CPU (imports before the fork, its games,
putting the report together) and the fork time plus the worker's. A shared machine inflates wall
time; these CPU figures show the critical path without it. The process runs as `ostraka` does,
with os.fork and os._exit watched to read each process's CPU time (getrusage of itself: a forked
child starts from zero).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_WATCH = r"""
import os, resource, sys
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
seen = {}
fork, leave = os.fork, os._exit
def watched_fork():
    seen["fork"] = cpu()
    pid = fork()
    if pid == 0:
        seen.clear()
        seen["worker"] = True
    return pid
def report():
    role = "worker" if seen.get("worker") else "parent"
    os.write(2, f"\nPROCESS {role} {cpu():.4f} {seen.get('fork', -1):.4f}\n".encode())
def watched_exit(code):
    report()
    leave(code)
os.fork, os._exit = watched_fork, watched_exit
import atexit
atexit.register(lambda: None if seen.get("worker") else report())
sys.argv = ["ostraka", *sys.argv[1:]]
from compiler.cli.main import main
main()
"""


def shares(root: Path, env: dict[str, str], *args: str) -> tuple[float, float, float]:
    """One `ostraka ARGS` process in root: (the parent's CPU seconds, the parent's before the fork,
    the worker's); -1 where there was no fork."""
    proc = subprocess.run(
        [sys.executable, "-c", _WATCH, *args], cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    parent, fork, worker = -1.0, -1.0, -1.0
    for line in proc.stderr.decode(errors="replace").splitlines():
        if line.startswith("PROCESS parent "):
            parent, fork = (float(x) for x in line.split()[2:4])
        elif line.startswith("PROCESS worker "):
            worker = float(line.split()[2])
    return parent, fork, worker


def best_shares(root: Path, env: dict[str, str], repeat: int, *args: str) -> str:
    """The run with the shortest critical path of `repeat`, as a report line."""
    runs = [shares(root, env, *args) for _ in range(repeat)]
    parent, fork, worker = min(runs, key=lambda r: max(r[0], r[1] + r[2]))
    if worker < 0:
        return f"one process: {parent:.3f} CPU-s"
    return (
        f"parent {parent:.3f} CPU-s ({fork:.3f} before the fork), worker {worker:.3f}: "
        f"critical path {max(parent, fork + worker):.3f} CPU-s"
    )
