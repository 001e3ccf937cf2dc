"""A real headless Chromium for the tests that look at a page as a person would (sheets, reports,
replays): `make test` installs it; screenshots and PDFs are kept under build/test-artifacts/."""

from __future__ import annotations

import shutil
import subprocess
import tempfile

import pytest

from repo_paths import REPO

ARTIFACTS = REPO / "build" / "test-artifacts"  # a folder per kind of page beneath


def find_chromium() -> str | None:
    """The first Chromium on PATH, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="session")
def chromium():
    """The Chromium binary, for a whole session (a test without it is skipped, never passed)."""
    path = find_chromium()
    if path is None:
        pytest.skip("headless Chromium is not installed: `make test` installs it (apt-get install chromium)")
    return path


def run_chromium(binary: str, args: list[str]) -> subprocess.CompletedProcess:
    """Chromium headless on a throwaway profile, so that runs never share or leave state."""
    profile = tempfile.mkdtemp(prefix="ostraka-chromium-")
    try:
        return subprocess.run(
            [
                binary,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--no-first-run",
                f"--user-data-dir={profile}",
                "--hide-scrollbars",
                *args,
            ],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)
