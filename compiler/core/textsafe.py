"""A card's name or text on every surface it reaches, made inert there.

Card data is untrusted text: a name may hold ESC sequences (an OSC title change), BEL, backspaces,
DEL, C1 controls or a right-to-left override, a CSV formula (`=HYPERLINK(...)`), Markdown or HTML
(`<img src=...>`, `@someone`, `</details>`). Each output has its own way to keep it text:

- a terminal, a log, HTML, PDF text: `visible` writes every unsafe character as a Python escape;
- JSON: `json_safe` writes them as JSON escapes (the data round-trips unchanged);
- CSV: `csv_cell` also neutralises a cell that a spreadsheet would run as a formula (OWASP: a
  leading `=`, `+`, `-`, `@`, tab or carriage return gets a `'` before it);
- xlsx: `sheet_cell` (the file format cannot hold most controls at all);
- Markdown (a pull-request comment): `markdown` escapes its punctuation and HTML, and breaks
  mentions and bare links, so a name renders as the characters it is.
"""

from __future__ import annotations

import html
import re
from typing import Any

# Control characters (C0 but tab and newline, DEL, C1) and the bidirectional overrides that make a
# terminal or a log show something else than the text.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """Every unsafe character written as a Python escape (ESC as \\x1b), visible and inert."""
    return UNSAFE.sub(_escape, text)


def one_line(text: str) -> str:
    """`visible`, with a line break written as \\n too: a value that must not start a line of its own."""
    return visible(text).replace("\n", "\\n")


def json_safe(text: str) -> str:
    """A JSON document (json.dumps with ensure_ascii=False) with the unsafe characters that JSON
    leaves raw (C1 controls, DEL, bidirectional overrides) written as \\u escapes: they occur only
    inside strings, so the document means the same."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet shows as text: controls made visible, a formula start neutralised.
    Numbers stay numbers (a negative number is not a formula)."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START):
        value = "'" + value
    return visible(value)


def sheet_cell(value: Any) -> Any:
    """An xlsx cell's text: the characters the format cannot hold (and the other unsafe ones) made visible."""
    return visible(value) if isinstance(value, str) else value


# What can start emphasis, code, a link or an image, strike-through, or end a table cell, where
# data stands (in a cell or after a heading's #s, never at the start of a line: breaks are spaces).
_MD_PUNCT = re.compile(r"([\\`*_\[\]|~])")


def markdown(text: Any) -> str:
    """Text for a Markdown table cell or heading: shown as the characters it is. HTML escaped,
    Markdown punctuation backslashed, line breaks as spaces, an @mention and a bare link broken
    (a zero-width space after the @ and in ://), controls made visible."""
    out = visible(str(text)).replace("\r", " ").replace("\n", " ")
    out = html.escape(out, quote=False)
    out = _MD_PUNCT.sub(r"\\\1", out)
    return out.replace("@", "@\u200b").replace("://", ":\u200b//")


def code_span(text: str) -> str:
    """Inline code: Markdown and HTML stay literal inside it; a backtick cannot end it early, a pipe
    cannot end the table cell, a line break cannot end the row."""
    body = visible(text).replace("`", "'").replace("\n", " ").replace("\r", " ").replace("|", "\\|")
    return f"`{body}`"


def finalize(value: Any) -> Any:
    """Jinja's `finalize` for the HTML outputs: a plain string (card data) has its controls made
    visible before autoescaping; Markup (the templates' own, already escaped) passes as it is."""
    return visible(value) if type(value) is str else value
