"""Prove the deals a study left open, a deal per worker at a time: a background run that resumes.

    nice -n 19 .venv/bin/python tools/prove_study.py [--study results/winrate-100000]
        [--limit POSITIONS] [--first POSITIONS] [--deal CODE ...] [--jobs N]

For each deal the study left without an answer that its later file does not decide
yet (`results/winrate-100000-later.tsv`), the tool runs the proof of `tools/prove.py`
(`crescent.solver.proof.prove`, the free ranks chosen by the refinement) with a limit
of positions per search that grows tenfold from `--first` to `--limit`, and `PER_DEAL`
times that limit in all. A deal proven unwinnable gets its line in the later file at
once, and the site's Win rate page counts it at its next build.

Each attempt is a line of the proof log (`results/winrate-100000-proofs.tsv`), with
its outcome: `unwinnable`, `open` (the limit ran out), or `not-proven` (some start
has every suit's game won even with no rank free, or not followed: no larger limit
helps). The loop, its log and how a killed run resumes: `tools/study_log.py`.

Run it at the lowest priority, in its own autogroup:

    setsid nice -n 19 .venv/bin/python tools/prove_study.py >> /tmp/prove.out 2>&1 &
    echo 19 > /proc/$!/autogroup
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.codes import GameCode  # noqa: E402
from crescent.position import Position  # noqa: E402
from crescent.solver.proof import prove  # noqa: E402
from crescent.solver.results import Result  # noqa: E402
from crescent.solver.state import from_position  # noqa: E402
from tools.study_log import Outcome, command_line, run_over_open_deals  # noqa: E402

OUTCOMES: Final = {True: "unwinnable", None: "open", False: "not-proven"}
PER_DEAL: Final = 100
"""An attempt is left open once its searches have taken this many times its limit in all:
a deal split into thousands of starts (CR1-N-AAAARQZ: 8,361,411 positions at a limit of
10,000) waits for the next limit instead of holding up every deal after it."""


def prove_deal(code: str, limit: int) -> Outcome:
    """The proof of `code` with `limit` positions per search."""
    start = from_position(Position.start(GameCode.parse(code).piles()))
    proof = prove(start, limit, total=limit * PER_DEAL)
    decided = Result(code, "unwinnable", 0, None, proof.positions) if proof.lost else None
    return Outcome(OUTCOMES[proof.lost], proof.positions, decided)


def main() -> int:
    """Prove what can be proven; the exit status is 0 unless a file cannot be read."""
    run = command_line(__doc__.split("\n", 1)[0], 100_000, "search")
    final = [OUTCOMES[False]]
    return run_over_open_deals(
        run.study, "proofs", run.steps, prove_deal, final, run.only, run.jobs
    )


if __name__ == "__main__":
    sys.exit(main())
