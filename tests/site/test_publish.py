"""The way to publish: the GitHub Pages workflow builds what `make build` builds, with the
site's address, and deploys it; the README tells the people who run the site how."""

from __future__ import annotations

from typing import Any

import yaml

from tests.site.conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def _workflow() -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return data


def test_the_pages_workflow_builds_with_the_sites_address_and_deploys_it() -> None:
    workflow = _workflow()
    assert workflow[True]["push"]["branches"] == ["main"]  # YAML reads the key `on` as true
    build = workflow["jobs"]["build"]["steps"]
    runs = [step for step in build if step.get("run") == "make build"]
    assert len(runs) == 1
    assert runs[0]["env"]["CRESCENT_SITE_URL"] == "${{ steps.pages.outputs.base_url }}/"
    uses = [step.get("uses", "").split("@")[0] for step in build]
    assert uses.index("actions/configure-pages") < uses.index("actions/upload-pages-artifact")
    upload = next(s for s in build if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "site", "where `make build` writes the site"
    python = next(s for s in build if s.get("uses", "").startswith("actions/setup-python"))
    assert python["with"]["python-version-file"] == ".python-version"
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_the_readme_says_how_to_publish_with_both_files() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Publishing", 1)[1].split("\n## ", 1)[0]
    files = (".github/workflows/pages.yml", "_headers")
    for needed in (*files, "CRESCENT_SITE_URL", "frame-ancestors"):
        assert needed in section, needed
