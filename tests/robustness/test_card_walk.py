"""Finding the card files (walk.py, project.py): nothing under cards/ is skipped in silence or read through a link.

FIFOs, devices, dangling links, links to folders and unreadable folders are reported (E104/E105) at
their path; any depth of folders is walked without recursion; two games with one id, or a game id
that is a Python keyword, are errors at check time rather than a silent overwrite or a crash in build.
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from compiler.load import walk


@pytest.fixture
def project(mini_game) -> Path:
    return mini_game.parent.parent


def findings(ostraka, project: Path, *args: str) -> tuple[int, list[tuple[str, str, str]]]:
    result = ostraka("check", "--format", "json", *args, cwd=project)
    assert "Traceback" not in result.output
    data = result.json()
    assert not [d for d in data["diagnostics"] if d["code"] == "E901"], data
    return result.exit_code, [(d["code"], d["file"], d["message"]) for d in data["diagnostics"]]


@pytest.fixture
def outside(tmp_path_factory) -> Path:
    """A folder outside the project (the project is tmp_path itself)."""
    return tmp_path_factory.mktemp("outside")


def test_special_files_under_cards_are_reported(ostraka, project, mini_game, outside):
    os.mkfifo(mini_game / "fifo.yaml")
    (mini_game / "zero.yaml").symlink_to("/dev/zero")
    (mini_game / "dangling.yaml").symlink_to(project / "nowhere.yaml")
    elsewhere = outside / "outside.yaml"
    elsewhere.write_text((mini_game / "good.yaml").read_text().replace("id: good", "id: outside"))
    (mini_game / "outside.yaml").symlink_to(elsewhere)
    code, found = findings(ostraka, project)
    assert code == 1
    files = {f: (c, m) for c, f, m in found}
    for name in ("fifo.yaml", "zero.yaml", "dangling.yaml", "outside.yaml"):
        assert files[f"cards/mini/{name}"][0] == "E105", found
    assert "not a regular file" in files["cards/mini/fifo.yaml"][1]
    assert "symbolic link" in files["cards/mini/zero.yaml"][1]


def test_a_link_to_a_folder_is_reported_not_followed(ostraka, project, mini_game, outside):
    elsewhere = outside
    (elsewhere / "card.yaml").write_text("id: [broken\n")  # would be an E101 if it were read
    (mini_game / "more").symlink_to(elsewhere, target_is_directory=True)
    code, found = findings(ostraka, project)
    assert code == 1
    assert [(c, f) for c, f, _m in found] == [("E105", "cards/mini/more")]


def test_cards_itself_a_link_out_of_the_project_is_reported(ostraka, tmp_path, mini_game):
    real = mini_game.parent.parent
    project = tmp_path / "linked"
    project.mkdir()
    (project / "cards").symlink_to(real / "cards", target_is_directory=True)
    code, found = findings(ostraka, project)
    assert code == 1
    assert [(c, f) for c, f, _m in found] == [("E105", "cards")]
    assert "outside the project" in found[0][2]


def test_an_unreadable_folder_is_reported(ostraka, project, mini_game, monkeypatch):
    locked = mini_game / "locked"
    locked.mkdir()
    (locked / "card.yaml").write_text("id: [broken\n")
    locked.chmod(0)
    try:
        os.listdir(locked)
        readable = True
    except PermissionError:
        readable = False
    if readable:  # root reads any folder: make the listing fail as it does for everyone else
        real = os.scandir

        def scandir(path="."):
            if Path(path) == locked:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real(path)

        monkeypatch.setattr(walk.os, "scandir", scandir)
    code, found = findings(ostraka, project)
    locked.chmod(0o755)
    assert code == 1
    assert ("E105", "cards/mini/locked", "cannot read folder: Permission denied") in found


def _nest(top: Path, depth: int) -> None:
    """`depth` folders one inside the other (by descriptor: the path would exceed PATH_MAX)."""
    top.mkdir()
    fd = os.open(top, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir("d", dir_fd=fd)
        inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    os.close(fd)


def _unnest(top: Path) -> None:
    """Remove what _nest made, a level at a time (shutil.rmtree, and pytest's clean-up, recurse)."""
    if not top.is_dir():
        return
    while (top / "d").is_dir():
        if (top / "d" / "d").is_dir():
            os.rename(top / "d" / "d", top / "up")
            os.rmdir(top / "d")
            os.rename(top / "up", top / "d")
        else:
            os.rmdir(top / "d")
    os.rmdir(top)


@pytest.fixture
def nested(mini_game):
    top = mini_game / "deep"
    yield top
    _unnest(top)


def test_1500_nested_folders_are_a_located_error_not_a_recursion_error(ostraka, project, nested):
    _nest(nested, 1500)
    code, found = findings(ostraka, project)
    assert code == 1
    assert [c for c, _f, _m in found] == ["E104"]
    assert found[0][1] == "cards/mini/deep" + "/d" * walk.MAX_DEPTH


def test_a_folder_beside_the_games_is_walked_the_same_way(ostraka, project):
    """find_game_dirs looks for card files in a folder without game.yaml with the same bounded walk."""
    _nest(project / "cards" / "deep", walk.MAX_DEPTH + 2)
    assert findings(ostraka, project) == (0, [])  # nothing to read there: no finding, no crash
    (project / "cards" / "deep" / "d" / "stray.yaml").write_text("id: stray\n")
    code, found = findings(ostraka, project)
    assert (code, [(c, f) for c, f, _m in found]) == (1, [("E305", str(project / "cards" / "deep"))])


def test_card_files_within_the_depth_limit_are_read(ostraka, project, mini_game):
    folder = mini_game.joinpath(*["d"] * walk.MAX_DEPTH)
    folder.mkdir(parents=True)
    (mini_game / "good.yaml").rename(folder / "good.yaml")
    code, found = findings(ostraka, project)
    assert (code, found) == (0, [])


def test_two_games_with_one_id_are_an_error_at_both(ostraka, project, mini_game):
    shutil.copytree(mini_game, project / "cards" / "copy")
    code, found = findings(ostraka, project)
    assert code == 1
    assert sorted((c, f) for c, f, _m in found) == [("E303", "cards/copy/game.yaml"), ("E303", "cards/mini/game.yaml")]
    result = ostraka("build", cwd=project)
    assert result.exit_code == 1 and not (project / "generated").exists()


@pytest.mark.parametrize("word", ["class", "match"])
def test_a_game_id_that_is_a_python_keyword_is_refused_at_check(ostraka, project, mini_game, word):
    game = mini_game / "game.yaml"
    game.write_text(game.read_text().replace("id: mini", f"id: {word}"))
    result = ostraka("check", "--format", "json", cwd=project)
    assert result.exit_code == 1
    found = [(d["code"], d["file"], d["line"], d["column"]) for d in result.json()["diagnostics"]]
    assert found == [("E205", "cards/mini/game.yaml", 2, 5)]
    result = ostraka("build", cwd=project)
    assert result.exit_code == 1 and "E901" not in result.output
