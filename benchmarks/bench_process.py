"""Fantan random games/s of `kural simulate` ÷ the plain hand-written Fantan, whole process: each side is a
fresh process that plays N random games from start to exit (issue 36).

    python benchmarks/bench_process.py                     # 10,000 games, 7 interleaved rounds
    python benchmarks/bench_process.py -n 2000 --rounds 5
    python benchmarks/bench_process.py --against 84ccd4a   # and the kural of that commit, same rounds

The kural side is what a user types for one worker, `kural simulate fantan -n N --bots random --workers 1
--seed 1` (its statistics printed as the table, on a pipe); the plain side is `python
benchmarks/plain_fantan.py -n N --seed 1` (the same rules, F1-F8, and the same policy: a uniform choice among
the legal plays; it keeps the at most 8 playable cards of the table). Beside it, simple_fantan.py, the same
rules written card by card (each card of the hand tested against the table, as kural's guard does), as a
second yardstick. All therefore pay their interpreter's start, and kural its imports, the load of the rule
file (from kural's cache, as on any run after the first: a cache folder of the benchmark's own) and its
summary. Each side runs once unmeasured first (Python's bytecode and kural's cache written, as on a user's
machine: PYTHONDONTWRITEBYTECODE is dropped), then the sides run in turn, round by round, in an order that
alternates; the figure is the median of the rounds' ratios, by the wall clock and by the processes' CPU time
(user + sys).
"""
from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
YARDSTICKS = {"plain": "plain_fantan.py", "card by card": "simple_fantan.py"}  # the figure's, and a second one


def env_for(checkout: Path, links: Path) -> dict:
    """The children's environment: `checkout` imported as the package kural (through a folder where
    `kural` names it), bytecode kept, no language or debug setting of this shell."""
    path = links / str(abs(hash(str(checkout))))
    if not path.exists():
        path.mkdir()
        (path / "kural").symlink_to(checkout, target_is_directory=True)
    drop = ("KURAL_LANG", "KURAL_DEBUG", "PYTHONDONTWRITEBYTECODE", "PYTHONPATH")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    # a cache of this run's own, as a user's is: on a host that several people use under one account, the
    # shared one keeps the last 64 games loaded by all of them, and a game pruned is compiled again in a round
    env.update(PYTHONPATH=str(path), COLUMNS="100", XDG_CACHE_HOME=str(links))
    return env


def run_once(argv: list[str], env: dict | None) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + sys) of one process, from its start to its exit."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({proc.returncode}):\n{proc.stderr.read().decode()}")
    proc.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime


def checkout_of(rev: str, into: Path) -> Path:
    """A throwaway worktree of commit `rev` (removed at exit)."""
    tree = into / f"engine-{rev}"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach", str(tree), rev], check=True)
    atexit.register(subprocess.run, ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)])
    return tree


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=10_000, help="games each process plays (default 10000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds, each running every side once (default 7)")
    parser.add_argument("--against", metavar="REV", help="also run the kural of this git commit, in the same rounds")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="kural-process-"))
    atexit.register(shutil.rmtree, tmp, True)
    games = ["-n", str(args.n), "--seed", str(args.seed)]
    kural = [sys.executable, "-m", "kural.cli.main", "simulate", "fantan", *games, "--bots", "random", "--workers", "1"]
    sides = {"kural": (kural, env_for(ROOT, tmp))}
    if args.against:
        sides[f"kural {args.against}"] = (kural, env_for(checkout_of(args.against, tmp), tmp))
    plain_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for name, script in YARDSTICKS.items():
        sides[name] = ([sys.executable, str(ROOT / "benchmarks" / script), *games], plain_env)
    for command, env in sides.values():
        run_once(command, env)  # unmeasured: bytecode and kural's cache written
    times: dict = {name: [] for name in sides}
    names = list(sides)
    for r in range(args.rounds):
        for name in (names if r % 2 == 0 else names[::-1]):
            times[name].append(run_once(*sides[name]))
    print(f"{args.n} random Fantan games a process, one worker, {args.rounds} rounds; Python "
          f"{sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f}")
    for name, runs in times.items():
        print(f"  {name:<16} wall {statistics.median(w for w, _ in runs):6.3f} s   "
              f"CPU {statistics.median(c for _, c in runs):6.3f} s   (medians)")
    for name in names[:-len(YARDSTICKS)]:
        for yardstick in YARDSTICKS:
            for what, i in (("wall", 0), ("CPU", 1)):
                ratios = sorted(p[i] / k[i] for k, p in zip(times[name], times[yardstick]))
                print(f"games/s of {name} ÷ {yardstick}, {what:4}: median {statistics.median(ratios):.3f} "
                      f"(range {ratios[0]:.3f}-{ratios[-1]:.3f})")


if __name__ == "__main__":
    main()
