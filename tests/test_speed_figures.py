"""Issue 36's figures are measured by scripts of benchmarks/ (docs/speed.md): these tests show that each
script measures what the figure says, on a few games (no time is asserted: a figure is a benchmark's)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"


def test_whole_process_figure_runs_both_programs_as_processes():
    """Issue 36: Fantan random games/s ÷ the plain Fantan, whole process, one worker: both sides are
    fresh processes playing the same number of games, and the ratio is printed by the clock and by CPU."""
    out = subprocess.run([sys.executable, str(BENCH / "bench_process.py"), "-n", "20", "--rounds", "1"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.startswith("20 random Fantan games a process, one worker, 1 rounds")
    for what in ("wall", "CPU"):
        ratio = re.search(rf"games/s of kural ÷ plain, {what}\s*: median ([0-9.]+)", out)
        assert ratio is not None and float(ratio.group(1)) > 0, out


def _bench_canasta():
    sys.path.insert(0, str(BENCH))
    try:
        import bench_canasta
    finally:
        sys.path.remove(str(BENCH))
    return bench_canasta


def test_kanasta_figure_tells_the_same_games_from_others():
    """Issue 36: Kanasta's CPU ratio holds only for the same games: the digest of a run is the same for the
    same games played again, and another for other games (here, other seeds)."""
    bench = _bench_canasta()
    g = bench.load("canasta", ["351"], [], 2)
    digests = [bench.measure(g, seeds, 1, True)[5] for seeds in (range(1, 2), range(1, 2), range(2, 3))]
    assert digests[0] == digests[1] != digests[2]


def test_a_run_on_a_pipe_imports_no_progress_bar():
    """Issue 36 (process start): `kural simulate` whose stderr is no terminal shows no progress bar, and
    does not import rich's progress module (with its live display and spinners) for it: a plain line (read
    before typer is imported, cli/quick.py) and one that typer reads (`--games=3`)."""
    for games in (["-n", "3"], ["--games=3"]):
        code = ("import atexit, sys\n"
                f"sys.argv = ['kural', 'simulate', 'fantan', *{games!r}, '--bots', 'random', '--workers', '1']\n"
                "atexit.register(lambda: sys.stderr.write(repr(sorted(m for m in sys.modules\n"
                "                                                     if m.startswith('rich.progress')))))\n"
                "from kural.cli.main import main\n"
                "main()\n")
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert "games per second" in proc.stdout or "games_per_second" in proc.stdout, proc.stdout + proc.stderr
        assert proc.stderr.endswith("[]"), proc.stderr
