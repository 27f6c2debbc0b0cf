"""Search the deals a study left open with beam attempts: a background run that resumes.

    nice -n 19 .venv/bin/python tools/beam_study.py [--study results/winrate-100000]
        [--limit POSITIONS] [--first POSITIONS] [--deal CODE ...] [--jobs N]

For each deal the study left without an answer that its later file does not decide
yet (`results/winrate-100000-later.tsv`), the tool runs beam attempts
(`crescent.solver.beam.beam_solve`) within a limit of positions that grows tenfold
from `--first` to `--limit`. A won deal's line is replayed through the rules
(`crescent.solver.study.check_line`) before it goes to the later file, and the
site's Win rate page counts it at its next build. A beam attempt only finds wins:
a deal it leaves `open` may still be won, or proven lost by `tools/prove_study.py`.

Each attempt is a line of the beam log (`results/winrate-100000-suit-beams.tsv`), with
its outcome, `won` or `open`; `results/winrate-100000-beams.tsv` logs the beam from
before it left out the starts with a suit lost on its own. The log's lines at 2,000,000
positions are from the beam that tested only each start's share of its best ends (before
`Beam.depth`); the lines after them, from the beam as it is. The loop, its log and how a
killed run resumes: `tools/study_log.py`. Run it at the lowest priority, in its own
autogroup:

    setsid nice -n 19 .venv/bin/python tools/beam_study.py >> /tmp/beams.out 2>&1 &
    echo 19 > /proc/$!/autogroup
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crescent.codes import GameCode  # noqa: E402
from crescent.position import Position  # noqa: E402
from crescent.solver.beam import beam_solve  # noqa: E402
from crescent.solver.results import Result  # noqa: E402
from crescent.solver.study import LineRefused, check_line  # noqa: E402
from tools.study_log import Outcome, command_line, run_over_open_deals  # noqa: E402


def search_deal(code: str, limit: int) -> Outcome:
    """Beam attempts on `code` within `limit` positions; a win's line is checked first (one
    the rules refuse stops the run, naming the deal and the move)."""
    start = Position.start(GameCode.parse(code).piles())
    solution = beam_solve(start, limit)
    if solution.line is None:
        return Outcome("open", solution.positions)
    try:
        check_line(code, start, solution.line)
    except LineRefused as error:  # a solver bug: the run stops, and nothing is written
        raise SystemExit(f"{error}: the beam's line was not recorded") from None
    won = Result(code, "won", solution.moves, None, solution.positions)
    return Outcome("won", solution.positions, won)


def main() -> int:
    """Search what can be won; the exit status is 0 unless a file cannot be read."""
    run = command_line(__doc__.split("\n", 1)[0], 1_000_000, "deal")
    return run_over_open_deals(
        run.study, "suit-beams", run.steps, search_deal, only=run.only, jobs=run.jobs
    )


if __name__ == "__main__":
    sys.exit(main())
