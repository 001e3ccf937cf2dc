"""HTML to PDF with WeasyPrint (imported here: only the PDF commands need it), written beside the
target and renamed into place, so a failed or interrupted run leaves the previous file whole."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..core.progress import progress

TEMPLATES = Path(__file__).parent / "templates"


def html_to_pdf(html: str, path: Path, label: str) -> Path:
    from weasyprint import HTML  # noqa: PLC0415

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with progress(f"ostraka: writing {label} to {path.name}"):
        data = HTML(string=html, base_url=str(TEMPLATES)).write_pdf()
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path
