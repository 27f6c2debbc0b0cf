"""hooks/templates.py: Jinja's compiled templates kept between builds."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader

from hooks.templates import template_cache

TEMPLATE = "{% for n in numbers %}<li>{{ n * 2 }}</li>{% endfor %}"


def rendered(folder: Path, base: Path, source: str) -> str:
    """`page.html` with `source` in `folder`, rendered by a new environment with the cache."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "page.html").write_text(source, encoding="utf-8")
    env = Environment(loader=FileSystemLoader(folder), bytecode_cache=template_cache(base))
    return env.get_template("page.html").render(numbers=[1, 2])


def test_a_template_is_compiled_once_whatever_its_folder(tmp_path: Path) -> None:
    """Two copies of a project share the entry of a template they both hold; the cached
    code renders as the compiled one did."""
    base = tmp_path / "cache"
    assert rendered(tmp_path / "one", base, TEMPLATE) == "<li>2</li><li>4</li>"
    entries = list(base.glob("templates-*/*.cache"))
    assert len(entries) == 1
    assert rendered(tmp_path / "two", base, TEMPLATE) == "<li>2</li><li>4</li>"
    assert list(base.glob("templates-*/*.cache")) == entries


def test_an_edited_template_is_compiled_again_into_an_entry_of_its_own(tmp_path: Path) -> None:
    base = tmp_path / "cache"
    rendered(tmp_path / "one", base, TEMPLATE)
    edited = TEMPLATE.replace("* 2", "* 3")
    assert rendered(tmp_path / "one", base, edited) == "<li>3</li><li>6</li>"
    assert len(list(base.glob("templates-*/*.cache"))) == 2
    assert rendered(tmp_path / "one", base, TEMPLATE) == "<li>2</li><li>4</li>"
