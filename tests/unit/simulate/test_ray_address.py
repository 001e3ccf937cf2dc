"""`--ray ADDRESS` in both documented forms (`HOST:PORT`, `ray://HOST:PORT`, whose Ray Client
`ray[client]` is installed): nothing listening is one line at once; a listener that never answers is
our own timeout (`--ray-timeout`), one line; neither leaves a staging folder. Only loopback is used."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from repo_paths import REPO


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _simulate(tmp_path: Path, address: str, *extra: str) -> subprocess.CompletedProcess:
    args = ["simulate", "seven_wonders", "--players", "3", "--games", "2", "--out", str(tmp_path / "run")]
    return subprocess.run(
        [sys.executable, "-m", "compiler", *args, "--ray", address, *extra],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _one_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ostraka: error:"), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


@pytest.mark.parametrize("form", ["127.0.0.1:{port}", "ray://127.0.0.1:{port}"], ids=["gcs", "client"])
def test_nothing_listening_is_one_line_at_once(tmp_path, form):
    line = _one_line(_simulate(tmp_path, form.format(port=_free_port())))
    assert "nothing answers at 127.0.0.1" in line
    assert [p.name for p in tmp_path.iterdir()] == []


def test_a_listener_that_never_answers_times_out_by_our_clock(tmp_path):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])  # accepted, never answered
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    try:
        port = server.getsockname()[1]
        line = _one_line(_simulate(tmp_path, f"ray://127.0.0.1:{port}", "--ray-timeout", "3"))
    finally:
        server.close()
        for conn in held:
            conn.close()
    assert "within 3 s" in line and "--ray-timeout" in line, line
    assert [p.name for p in tmp_path.iterdir()] == []


def test_a_malformed_address_is_one_line(tmp_path):
    line = _one_line(_simulate(tmp_path, "no-port-here"))
    assert "HOST:PORT or ray://HOST:PORT" in line


def test_the_ray_client_is_installed():
    import grpc  # noqa: F401
    from ray.util.client import ray as client  # noqa: F401  (ray[client]: grpcio)
