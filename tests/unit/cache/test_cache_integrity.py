"""The cache is never a way to change results: corrupt bytes, forged entries, junk and links.

A corrupt byte anywhere in `.ostraka/cache.sqlite` gives the results of a check without the cache;
entries are signed with a per-cache secret (HMAC-SHA256), so an entry whose plain sha256 was
recomputed is refused; undecodable, oversized and junk rows are misses and are evicted; a
`.ostraka/`, cache file or key that is a symbolic link turns the cache off without an error; and
`build` never takes parsed data from the cache.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import stat
from pathlib import Path

import pytest
from test_cache import Project, check

from compiler.cache import store as cache_store
from compiler.cache.cache import CACHE_DIR, DB_NAME, Cache, NullCache, forget, key_path


@pytest.fixture
def project(tmp_path) -> Project:
    return Project(tmp_path)


@pytest.fixture(autouse=True)
def _own_cache_key(tmp_path_factory):
    """A cache key (cache/key.py) of each test's own, not the user's: these tests replace and break it.
    (Its own MonkeyPatch: a test's monkeypatch.undo() must not undo it.)"""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("OSTRAKA_KEY_DIR", str(tmp_path_factory.mktemp("cache-key")))
        yield


def db_of(project: Project) -> Path:
    return project.root / CACHE_DIR / DB_NAME


def rows(project: Project) -> dict[str, tuple]:
    with sqlite3.connect(db_of(project)) as db:
        return {k: (s, v, u) for k, s, v, u in db.execute("SELECT key, sum, value, used FROM entries")}


def write_rows(project: Project, changes: dict[str, tuple]) -> None:
    db = sqlite3.connect(db_of(project))
    db.executemany("INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?)", [(k, *v) for k, v in changes.items()])
    db.commit()
    db.close()


def test_one_corrupt_byte_anywhere_gives_the_uncached_results(project, monkeypatch):
    expected = check(project.root, NullCache())[:2]
    check(project.root, Cache(project.root))
    good = db_of(project).read_bytes()
    # Bytes of the header, then bytes spread over every page.
    positions = list(range(0, 100, 3)) + list(range(100, len(good), max(1, len(good) // 70)))
    for n, pos in enumerate(positions):
        broken = bytearray(good)
        broken[pos] = (broken[pos] + 1 + n % 255) % 256
        db_of(project).write_bytes(bytes(broken))
        assert check(project.root, Cache(project.root))[:2] == expected, f"byte {pos}"
    # And the CLI on a corrupt file: the same findings, no internal error.
    from click.testing import CliRunner

    from compiler.cli.main import cli

    broken = bytearray(good)
    broken[len(good) // 2] ^= 0xFF
    db_of(project).write_bytes(bytes(broken))
    monkeypatch.chdir(project.root)
    forget()
    result = CliRunner().invoke(cli, ["check", "--format", "json"])
    assert "E901" not in result.output
    assert (
        json.loads(result.output[result.output.index("{") :])["diagnostics"] == json.loads(expected[0])["diagnostics"]
    )


def test_an_entry_forged_to_match_a_plain_sha256_is_refused(project):
    project.apply("break_c")  # a finding for the forgery to hide
    expected = check(project.root, NullCache())[:2]
    assert '"code": "E101"' in expected[0]
    check(project.root, Cache(project.root))
    forged = {}
    for key, (_sum, value, used) in rows(project).items():
        # Claim every example passed and every file is clean, and fix up a plain checksum.
        fake = value.replace('"failed":1', '"failed":0').replace('"diags":[{', '"diags":[],"x":[{')
        forged[key] = (hashlib.sha256(fake.encode()).hexdigest(), fake, used)
    assert any('"diags":[{' in value for _s, value, _u in rows(project).values())  # the finding, cached
    write_rows(project, forged)
    store = Cache(project.root)
    assert check(project.root, store)[:2] == expected
    assert store.stats["hit"] == 0 and store.stats["bad"] == len(forged)
    # The refused entries were replaced by good ones: the next run uses them.
    again = Cache(project.root)
    assert check(project.root, again)[:2] == expected and again.stats["bad"] == 0 and again.stats["hit"] > 0


def test_an_entry_signed_with_another_key_or_moved_to_another_key_is_refused(project):
    expected = check(project.root, NullCache())[:2]
    check(project.root, Cache(project.root))
    stored = rows(project)
    keys = sorted(stored)
    # Swap the values of two entries (each still carrying its own valid signature).
    a, b = keys[0], keys[1]
    write_rows(project, {a: stored[b], b: stored[a]})
    store = Cache(project.root)
    assert check(project.root, store)[:2] == expected and store.stats["bad"] >= 2
    # A new secret: every old entry is void.
    key_path().unlink()
    store = Cache(project.root)
    assert check(project.root, store)[:2] == expected and store.stats["hit"] == 0


def test_the_secret_is_private_and_a_readable_one_is_replaced(project):
    check(project.root, Cache(project.root))
    key = key_path()
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    old = key.read_text()
    assert len(old) == 64
    key.chmod(0o644)  # others could read it, and so forge entries: not trusted
    store = Cache(project.root)
    check(project.root, store)
    assert store.stats["hit"] == 0
    assert key.read_text() != old and stat.S_IMODE(key.stat().st_mode) == 0o600


def _signed(project: Project, key: str, value: str, used: int) -> tuple:
    store = Cache(project.root)
    signature = store._sign(key, value)
    store.close()
    return signature, value, used


def test_undecodable_and_oversized_entries_are_misses_and_evicted(project, monkeypatch):
    expected = check(project.root, NullCache())[:2]
    check(project.root, Cache(project.root))
    stored = rows(project)
    keys = sorted(stored)
    used = stored[keys[0]][2]
    bomb = "[" * 200_000 + "]" * 200_000  # validly signed (as a bug might store it), too deep to decode
    write_rows(
        project,
        {
            keys[0]: _signed(project, keys[0], bomb, used),
            keys[1]: _signed(project, keys[1], '{"not": "what was stored"}', used),
        },
    )
    monkeypatch.setattr(cache_store, "MAX_ENTRY_CHARS", 100_000)  # the bomb is now also oversized
    store = Cache(project.root)
    assert check(project.root, store)[:2] == expected
    after = rows(project)
    assert after[keys[0]][1] != bomb and after[keys[1]][1] != '{"not": "what was stored"}'  # rewritten
    monkeypatch.undo()
    write_rows(project, {keys[0]: _signed(project, keys[0], bomb, used)})
    store = Cache(project.root)
    assert check(project.root, store)[:2] == expected and store.stats["bad"] == 1


def test_junk_rows_are_evicted(project):
    check(project.root, Cache(project.root))
    write_rows(
        project,
        {
            "junk-never-asked": ("0" * 64, "x" * 1000, 1),
            "junk-from-the-future": ("0" * 64, "{}", 10**12),
            "junk-no-run": ("0" * 64, "{}", "soon"),
        },
    )
    check(project.root, Cache(project.root))
    assert not [k for k in rows(project) if k.startswith("junk")]


@pytest.mark.parametrize("what", [".ostraka", "cache.sqlite", "key", "cache.sqlite-journal"])
def test_a_linked_cache_is_not_used_and_nothing_is_written_through_it(project, tmp_path_factory, what):
    expected = check(project.root, NullCache())[:2]
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    directory = project.root / CACHE_DIR
    if what == ".ostraka":
        directory.symlink_to(elsewhere, target_is_directory=True)
    else:
        check(project.root, Cache(project.root))
        target = key_path() if what == "key" else directory / what
        victim = elsewhere / "victim"
        victim.write_bytes(target.read_bytes() if target.exists() else b"keep")
        if target.exists():
            target.unlink()
        target.symlink_to(victim)
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    store = Cache(project.root)
    assert check(project.root, store)[:2] == expected
    assert not store.usable and store.stats["hit"] == 0 and store.stats["bad"] == 0  # not used at all
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before


def test_a_dangling_link_in_the_cache_directory_is_not_followed(project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    directory = project.root / CACHE_DIR
    directory.mkdir()
    (directory / ".gitignore").symlink_to(elsewhere / "created-through-a-link")
    check(project.root, Cache(project.root))
    assert list(elsewhere.iterdir()) == []


def test_build_never_takes_parsed_data_from_the_cache(project, ostraka):
    """Even a validly signed entry that lies (a bug, or someone holding the key) does not reach generated/."""
    check(project.root, Cache(project.root))
    forged = {}
    for key, (_sum, value, used) in rows(project).items():
        if '"Sawmill A"' in value:
            fake = value.replace('"Sawmill A"', '"Forged Name"')
            forged[key] = _signed(project, key, fake, used)
    assert forged
    write_rows(project, forged)
    forget()
    result = ostraka("build", "--out", str(project.root / "out"), cwd=project.root)
    assert result.exit_code == 0, result.output
    written = (project.root / "out" / "tiny" / "cards.json").read_text()
    assert "Sawmill A" in written and "Forged Name" not in written
    forget()
    assert ostraka("build", "--check", "--out", str(project.root / "out"), cwd=project.root).exit_code == 0


def test_the_key_is_kept_outside_the_folder_ci_caches(project, tmp_path_factory, monkeypatch):
    """CI caches and restores .ostraka/ (a pull request's run can write what the next restores): the
    key that signs the entries is not in it, so a restored folder signed elsewhere is not trusted."""
    expected = check(project.root, NullCache())[:2]
    check(project.root, Cache(project.root))
    assert not (project.root / CACHE_DIR / "key").exists()
    assert project.root not in key_path().parents and stat.S_IMODE(key_path().stat().st_mode) == 0o600
    for path in (project.root / CACHE_DIR).iterdir():  # no file of the folder holds the key
        assert key_path().read_bytes() not in path.read_bytes()
    warm = Cache(project.root)
    check(project.root, warm)
    assert warm.stats["hit"] > 0
    monkeypatch.setenv("OSTRAKA_KEY_DIR", str(tmp_path_factory.mktemp("another-machine")))
    restored = Cache(project.root)  # the same folder, restored where another key signs
    assert check(project.root, restored)[:2] == expected
    assert restored.stats["hit"] == 0


def test_the_key_follows_xdg_state_home(monkeypatch, tmp_path):
    monkeypatch.delenv("OSTRAKA_KEY_DIR")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert key_path() == tmp_path / "state" / "ostraka" / "cache-key"
