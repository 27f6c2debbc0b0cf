"""A broken diagram marker fails the build, naming the page file and line.

A marker broken in a translated page is found by a build of its language alone
(`one_language`), but the Bulgarian one: that case builds the whole site, in which
Bulgarian is the first language static-i18n builds nested in the English build, and
shows that such a nested build's failure stops the whole build with the same line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site.conftest import build_site, one_language


def _break(project: Path, page: str, old: str, new: str) -> int:
    path = project / "docs" / page
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text[: text.index(new)].count("\n") + 1


GOOD = "<!-- crescent:diagram game=won-game moment=before-move-10 -->"
WHOLE_BUILD = "index.bg.md"
"""The page whose broken marker is looked for in a build of the whole site."""


@pytest.mark.parametrize(
    ("page", "broken", "says"),
    [
        (
            "index.he.md",
            "<!-- crescent:diagram game=lost-game moment=before-move-10 -->",
            "unknown game 'lost-game'",
        ),
        (
            "index.md",
            "<!-- crescent:diagram game=won-game moment=before-move-999 -->",
            "has no “move-999”",
        ),
        (
            "index.bg.md",
            "<!-- crescent:diagram game=won-game moment=bfore-move-10 -->",
            "is not a moment",
        ),
        (
            "index.ru.md",
            "<!-- crescent:diagramm game=won-game moment=before-move-10 -->",
            "unknown marker kind 'diagramm'",
        ),
        ("index.tr.md", "<!-- crescent:diagram game=won-game -->", "missing: moment"),
        (
            "index.md",
            "<!-- crescent:diagram game=won-game moment=start colour=red -->",
            "unknown: colour",
        ),
        ("index.md", "<!-- crescent diagram game=won-game -->", "cannot read"),
        ("index.he.md", "<!-- crescent:win-rate results=winrate-9 -->", "unknown results"),
    ],
)
def test_a_broken_marker_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path, page: str, broken: str, says: str
) -> None:
    line = _break(project_copy, page, GOOD, broken)
    env = {} if page == WHOLE_BUILD else one_language(page)
    done = build_site(tmp_path / "site", project=project_copy, env=env)
    assert done.returncode != 0
    assert f"{page}:{line}: diagram marker:" in done.stderr
    assert says in done.stderr
    assert "Traceback" not in done.stderr


def test_a_broken_example_record_fails_the_build_by_name(
    project_copy: Path, tmp_path: Path
) -> None:
    record = project_copy / "docs/examples/won-game.json"
    record.write_text(
        record.read_text(encoding="utf-8").replace('"moves": [', '"moves": ["p1 p99",'),
        encoding="utf-8",
    )
    done = build_site(tmp_path / "site", project=project_copy)
    assert done.returncode != 0
    assert "won-game.json" in done.stderr and "p1 p99" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_example_record_in_another_encoding_fails_the_build_by_name(
    project_copy: Path, tmp_path: Path
) -> None:
    record = project_copy / "docs/examples/won-game.json"
    record.write_bytes(record.read_bytes().replace(b'"moves": [', b'"moves": ["\xe9",', 1))
    done = build_site(tmp_path / "site", project=project_copy, env=one_language("examples.he.md"))
    assert done.returncode != 0
    assert "won-game.json is not UTF-8 text (byte 0xe9" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_markers_are_checked_even_when_drawing_is_off(project_copy: Path, tmp_path: Path) -> None:
    _break(project_copy, "index.md", GOOD, GOOD.replace("before-move-10", "before-move-0"))
    done = build_site(tmp_path / "site", project=project_copy, env={"CRESCENT_DIAGRAMS": "off"})
    assert done.returncode != 0 and "is not a moment" in done.stderr


def test_a_broken_results_file_fails_the_build_with_its_line(
    project_copy: Path, tmp_path: Path
) -> None:
    results = project_copy / "results/winrate-100000/000000.tsv"
    lines = results.read_text(encoding="utf-8").splitlines()
    lines[4] = lines[4].replace("won", "maybe")
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = build_site(tmp_path / "site", project=project_copy)
    assert done.returncode != 0
    assert "win-rate.md:" in done.stderr and "results/winrate-100000/000000.tsv:5:" in done.stderr
    assert "unknown verdict 'maybe'" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("page", ["index.md", "about.he.md"])
def test_a_page_that_is_not_utf8_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path, page: str
) -> None:
    """A page saved in another encoding (a byte no UTF-8 text holds, on its line 3):
    MkDocs, reading it, would stop with a traceback."""
    path = project_copy / "docs" / page
    lines = path.read_bytes().split(b"\n")
    lines[2] = b"Caf\xe9 " + lines[2]
    path.write_bytes(b"\n".join(lines))
    done = build_site(tmp_path / "site", project=project_copy, env=one_language(page))
    assert done.returncode != 0
    assert f"docs/{page}:3: not UTF-8 text (byte 0xe9 at column 4)" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("front", "line", "says"),
    [
        ("---\ntitle: [Об игре\n---\n", 3, "the front matter between the --- lines is not YAML"),
        ("---\n- Об игре\n---\n", 2, "the front matter between the --- lines must be `key: value`"),
    ],
)
def test_front_matter_that_is_not_yaml_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path, front: str, line: int, says: str
) -> None:
    """MkDocs would show such front matter as text at the top of the page, and say nothing."""
    path = project_copy / "docs" / "about.ru.md"
    path.write_text(front + path.read_text(encoding="utf-8"), encoding="utf-8")
    done = build_site(tmp_path / "site", project=project_copy, env=one_language("about.ru.md"))
    assert done.returncode != 0
    assert f"docs/about.ru.md:{line}: {says}" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_link_broken_in_translating_fails_the_build_with_file_and_line(
    project_copy: Path, tmp_path: Path
) -> None:
    """`[CC BY-SA 4.0] (https://…)`, with a space: Markdown shows it as text, and MkDocs
    says nothing; the block no longer links where its English block does."""
    line = _break(project_copy, "about.ru.md", "[CC BY-SA 4.0](https", "[CC BY-SA 4.0] (https")
    done = build_site(tmp_path / "site", project=project_copy, env=one_language("about.ru.md"))
    assert done.returncode != 0
    assert f"docs/about.ru.md:{line}: structure: source.1: the links differ" in done.stderr
    assert "Traceback" not in done.stderr
