"""What refuses a card file before or while it is parsed: its size, its lines and flow items, its
brackets on one line, another YAML version, and a composer's refusal turned into a located finding."""

from __future__ import annotations

from ruamel.yaml.composer import MaxDepthExceededError
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.reader import ReaderError

from ..core.diagnostics import Diagnostic
from .positions import line_col

MAX_FILE_BYTES = 1_000_000
MAX_NODES = 50_000  # values constructed from one file, aliases expanded
MAX_DEPTH = 64
MAX_INT = 10**9
# Lines plus flow items ('[', '{', ','): counted in C before parsing, so a file that would take the
# pure-Python parser long is refused at once. The largest real card file has about 1,300.
MAX_UNITS = 10_000
MAX_DOCUMENTS = 2


def _units(text: str) -> int:
    """Lines (a CR alone ends a line too, for YAML as for us) plus flow items."""
    lines = text.count("\n") + text.count("\r") - text.count("\r\n")
    return lines + text.count(",") + text.count("[") + text.count("{")


def refused(text: str, file: str) -> Diagnostic | None:
    """What refuses a text before any YAML is parsed: its size, its lines and flow items, its brackets
    on one line (counted in C), another YAML version."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        return Diagnostic(
            "E104", f"file is larger than {MAX_FILE_BYTES:,} bytes", file, 1, 1, "split the cards into several files"
        )
    if _units(text) > MAX_UNITS:
        return Diagnostic(
            "E104",
            f"file refused: more than {MAX_UNITS:,} lines and flow items",
            file,
            1,
            1,
            "split the cards into several files",
        )
    # The pure-Python scanner is quadratic in the flow brackets opened on one line; no card needs 64.
    # (Lines are looked at only when the whole text has that many.)
    crowded = text.count("[") + text.count("{") > MAX_DEPTH
    for number, row in enumerate(text.splitlines() if crowded else [], 1):
        if row.count("[") + row.count("{") > MAX_DEPTH:
            return Diagnostic(
                "E104",
                f"file refused: more than {MAX_DEPTH} flow brackets ('[', '{{') on one line",
                file,
                number,
                1,
                "write nested lists and mappings in block style, one level per line",
            )
    version = _version_directive(text)
    if version is not None:
        wanted, line_no, col = version
        return Diagnostic(
            "E101",
            f"YAML {wanted} is not read here: card files are YAML 1.2",
            file,
            line_no,
            col,
            "remove the %YAML line (YAML 1.1 reads yes/no/on/off as booleans and 017 as octal)",
        )
    return None


def syntax_problem(exc: Exception, text: str, file: str) -> Diagnostic:
    """A composer's refusal as a finding at its mark (ruamel asserts on some directives)."""
    if isinstance(exc, MaxDepthExceededError):
        mark = exc.problem_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return Diagnostic("E104", f"nesting deeper than {MAX_DEPTH} levels", file, line, col)
    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or exc.context or "invalid YAML"
        return Diagnostic(
            "E101",
            f"YAML syntax error: {problem}",
            file,
            line,
            col,
            "check the indentation and the quoting on this line",
        )
    if isinstance(exc, RecursionError):
        return Diagnostic("E104", f"nesting deeper than {MAX_DEPTH} levels", file, 1, 1)
    if isinstance(exc, ReaderError):  # a character YAML does not allow (NUL, ESC, ...): at that character
        at = exc.position if isinstance(exc.position, int) and 0 <= exc.position <= len(text) else 0
        line, col = line_col(text, at)
        return Diagnostic(
            "E101",
            f"YAML error: {exc}".splitlines()[0],
            file,
            line,
            col,
            "remove the character: card files hold printable text only",
        )
    return Diagnostic("E101", f"YAML error: {exc}".splitlines()[0], file, 1, 1)


def _version_directive(text: str) -> tuple[str, int, int] | None:
    """A `%YAML` directive asking for another version than 1.2: (its version, line, column). Under
    1.1 the same text means other values (`yes` a boolean, `017` fifteen), and ruamel cannot read
    1.0 or 1.3 at all, so only 1.2 (or no directive) is accepted. A directive starts a line."""
    for number, line in enumerate(text.splitlines() if "%YAML" in text else [], 1):
        if line.startswith("%YAML"):
            parts = line.split()
            version = parts[1] if len(parts) > 1 else ""
            if version != "1.2":
                return version or "(no version)", number, 1
    return None
