"""HTML to PDF with WeasyPrint (imported here: only the PDF commands need it), written through
core/writes.py: never through a link, beside the target and renamed into place, so a failed or
interrupted run leaves the previous file whole."""

from __future__ import annotations

from pathlib import Path

from ..core.progress import progress
from ..core.writes import write_file

TEMPLATES = Path(__file__).parent / "templates"


def html_to_pdf(html: str, path: Path, label: str, root: Path | None = None) -> Path:
    from weasyprint import HTML  # noqa: PLC0415

    path = Path(path)
    with progress(f"ostraka: writing {label} to {path.name}"):
        data = HTML(string=html, base_url=str(TEMPLATES)).write_pdf()
    return write_file(path, data, root)
