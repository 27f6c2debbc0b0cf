"""A study's summary is kept in the build cache: the same summary, read once per study."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.solver.results import HEADER, ResultsError, read_study, summarize
from crescent_site.study import study_summary
from tests.site.conftest import ROOT


def entries(tmp_path: Path) -> list[Path]:
    """The study entries of the build cache (each a folder, with its lock beside it)."""
    return [p for p in (tmp_path / "cache" / "crescent-site").glob("study-*") if p.is_dir()]


def test_the_cached_summary_is_the_summary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    study = ROOT / "results" / "winrate-1000.tsv"
    made = study_summary(study)
    assert made == summarize(read_study(study))
    [entry] = entries(tmp_path)
    (entry / "summary.json").write_text(
        (entry / "summary.json").read_text().replace('"deals": 1000', '"deals": 7')
    )
    assert study_summary(study).deals == 7  # read from the cache, not the file


def test_a_changed_study_is_read_again_and_a_broken_one_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    study = tmp_path / "study.tsv"
    study.write_text(f"{HEADER}\nCR1-N-AAAAAAB\twon\t150\t0.5\t1000\n", encoding="utf-8")
    assert study_summary(study).won == 1
    study.write_text(f"{HEADER}\nCR1-N-AAAAAAB\tgave-up\t0\t0.5\t1000\n", encoding="utf-8")
    assert study_summary(study).gave_up == 1
    study.write_text(f"{HEADER}\nCR1-N-AAAAAAB\twon\n", encoding="utf-8")
    with pytest.raises(ResultsError):
        study_summary(study)
    with pytest.raises(ResultsError):  # raised again: nothing was kept of it
        study_summary(study)
    assert len(entries(tmp_path)) == 2
