"""Run the fuzz (tests/test_fuzz.py) in parts, one per game file, on several cores at once.

    python benchmarks/fuzz_parts.py                  # the long level, as many parts at once as cores
    python benchmarks/fuzz_parts.py --jobs 1 fanti   # one part alone
    python benchmarks/fuzz_parts.py --level short

A part is every test of one game file (its fuzzed play, every combination
with every bot, the copied state), found by collecting the tests and reading
the game from each test's id, so a game added to games/ is a part of its own.
Each part is its own pytest process; the parts start biggest deck first (the
dearest, as far as the rule files tell), so the cores end near together.
Prints each part's wall-clock and CPU time (user + system, of that process
alone) and the totals; exits 1 if a part failed, after printing its output.
No dependency beyond the test extra.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUZZ = "tests/test_fuzz.py"


def parts() -> dict[str, list[str]]:
    """Test ids of the fuzz, by game file: a test's parameter id is `game` or `game+variant+...`."""
    out = subprocess.run([sys.executable, "-m", "pytest", FUZZ, "--collect-only", "-q", "-o", "addopts="],
                         cwd=ROOT, env=_env("short"), capture_output=True, text=True, check=True).stdout
    by_game: dict[str, list[str]] = defaultdict(list)
    for line in out.splitlines():
        if "[" in line and line.startswith(FUZZ):
            by_game[line.split("[", 1)[1].rstrip("]").split("+")[0]].append(line)
    return dict(by_game)


def _env(level: str) -> dict:
    return {**os.environ, "KURAL_FUZZ": level, "PYTHONPATH": str(ROOT)}


def deck_size(game: str) -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from all_games import loaded
    return loaded(game).deck.size


def run(chosen: dict[str, list[str]], level: str, jobs: int) -> int:
    waiting = sorted(chosen, key=deck_size, reverse=True)
    running: dict[int, tuple] = {}  # pid -> game, its process, its output file, when it started
    failed, cpu_total, start = [], 0.0, time.monotonic()
    while waiting or running:
        while waiting and len(running) < jobs:
            game = waiting.pop(0)
            output = tempfile.TemporaryFile("w+")  # a file, not a pipe: a long failure report cannot block it
            proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-n", "0", *chosen[game]], cwd=ROOT, env=_env(level),
                                    stdout=output, stderr=subprocess.STDOUT, text=True)
            running[proc.pid] = (game, proc, output, time.monotonic())
        pid, status, usage = os.wait4(-1, 0)  # the one that ended, with its own CPU time
        if pid not in running:
            continue
        game, proc, output, began = running.pop(pid)
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, by wait4
        ok = proc.returncode == 0
        cpu = usage.ru_utime + usage.ru_stime
        cpu_total += cpu
        print(f"{game}: {len(chosen[game])} tests, {time.monotonic() - began:.0f} s wall, {cpu:.0f} s CPU, "
              f"{'passed' if ok else 'FAILED'}", flush=True)
        if not ok:
            failed.append(game)
            output.seek(0)
            print(output.read(), flush=True)
        output.close()
    print(f"all {len(chosen)} parts ({level}, {jobs} at once): {time.monotonic() - start:.0f} s wall, "
          f"{cpu_total:.0f} s CPU" + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="the parts to run (default: every game file)")
    ap.add_argument("--level", default="long", help="KURAL_FUZZ for every part (default: long)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parts at once (default: the cores)")
    args = ap.parse_args()
    every = parts()
    unknown = [g for g in args.games if g not in every]
    if unknown:
        print(f"no fuzz part for {', '.join(unknown)}; the parts are {', '.join(sorted(every))}", file=sys.stderr)
        return 2
    return run({g: every[g] for g in (args.games or every)}, args.level, max(1, args.jobs))


if __name__ == "__main__":
    sys.exit(main())
