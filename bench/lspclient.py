"""A small Language Server Protocol client over stdio: drives `ostraka lsp` as an editor does.

Used by tests/unit/lsp/test_lsp.py and by the bench (bench/lsp.py). Messages are read on a thread of their
own; a request from the server (a refresh, a registration) is answered with an empty result.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any


class ServerError(Exception):
    pass


class Client:
    def __init__(self, root: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.root = Path(root).resolve()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "compiler", "lsp", *args],
            cwd=self.root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
        )
        self.versions: dict[str, int] = {}
        self._next = 0
        self._responses: dict[int, Any] = {}
        self._arrived = threading.Condition()
        self.notifications: list[dict] = []  # every notification, in order, with the time it arrived ("at")
        self._queue: queue.Queue = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._stderr: list[bytes] = []
        threading.Thread(target=self._drain, daemon=True).start()

    # ---------------------------------------------------------------- wire

    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self._stderr.append(line)

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = 0
            while True:
                line = out.readline()
                if not line:
                    with self._arrived:
                        self._arrived.notify_all()
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            message = json.loads(out.read(length))
            with self._arrived:
                if "id" in message and "method" in message:  # a request of the server's
                    self._send({"id": message["id"], "result": None})
                    self.notifications.append({**message, "at": time.perf_counter()})
                elif "id" in message:
                    self._responses[message["id"]] = message
                else:
                    self.notifications.append({**message, "at": time.perf_counter()})
                self._arrived.notify_all()

    # ---------------------------------------------------------------- requests and notifications

    def request(self, method: str, params: Any = None, timeout: float = 120) -> Any:
        self._next += 1
        ident = self._next
        self._send({"id": ident, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self._arrived:
            while ident not in self._responses:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise ServerError(f"no answer to {method}: {self.stderr()[-2000:]}")
                self._arrived.wait(min(left, 0.5))
            response = self._responses.pop(ident)
        if "error" in response:
            raise ServerError(f"{method}: {response['error']}")
        return response.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def wait_for(self, test, timeout: float = 120, after: int = 0) -> dict:
        """The first notification from index `after` on that passes `test`."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                for message in self.notifications[after:]:
                    if test(message):
                        return message
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise ServerError(f"no such notification: {self.stderr()[-2000:]}")
                self._arrived.wait(min(left, 0.5))

    def stderr(self) -> str:
        return b"".join(self._stderr).decode("utf-8", "replace")

    # ---------------------------------------------------------------- an editor's moves

    def uri(self, path: Path | str) -> str:
        return (self.root / path).resolve().as_uri()

    def initialize(self, **options: Any) -> dict:
        result = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": self.root.as_uri(),
                "capabilities": {"workspace": {"codeLens": {"refreshSupport": True}}},
                "initializationOptions": options,
            },
        )
        self.notify("initialized", {})
        return result

    def open(self, path: Path | str, text: str | None = None) -> str:
        uri = self.uri(path)
        if text is None:
            text = (self.root / path).read_text(encoding="utf-8")
        self.versions[uri] = 1
        self.notify(
            "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}
        )
        return uri

    def change(self, path: Path | str, text: str) -> None:
        """The whole text replaced (a client may also send ranges; pygls applies either)."""
        uri = self.uri(path)
        self.versions[uri] = self.versions.get(uri, 1) + 1
        self.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": self.versions[uri]}, "contentChanges": [{"text": text}]},
        )

    def edit(self, path: Path | str, line: int, start: int, end: int, text: str) -> None:
        """A range of one line replaced, as an editor sends a keystroke."""
        uri = self.uri(path)
        self.versions[uri] = self.versions.get(uri, 1) + 1
        change = {"range": {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}}
        self.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": self.versions[uri]}, "contentChanges": [{**change, "text": text}]},
        )

    def checked(self, after: int = 0, timeout: float = 120) -> int:
        """Wait for the end of the next check from notification index `after` on (the server logs
        "ostraka: checked" once it has published its findings); the index of that log."""
        message = self.wait_for(
            lambda m: m.get("method") == "window/logMessage" and m["params"]["message"].startswith("ostraka: checked"),
            timeout,
            after,
        )
        return self.notifications.index(message)

    def diagnostics(self, path: Path | str, after: int = 0, timeout: float = 120) -> list[dict]:
        """The diagnostics the next check (from notification index `after` on) published for a file."""
        uri = self.uri(path)
        end = self.checked(after, timeout)
        for message in reversed(self.notifications[after:end]):
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]
        raise ServerError(f"the check published nothing for {path}")

    def at(self, method: str, path: Path | str, line: int, character: int, **extra: Any) -> Any:
        return self.request(
            method,
            {"textDocument": {"uri": self.uri(path)}, "position": {"line": line, "character": character}, **extra},
        )

    def close(self) -> int:
        """shutdown, then exit: the server's exit code."""
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
        except (ServerError, BrokenPipeError, OSError):
            pass
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
