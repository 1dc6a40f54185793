"""Loading a game: find, read, merge and check the rule files and compile every expression, each time
in a fresh process, with kural's cache cold (an empty $XDG_CACHE_HOME) and warm (the cache the first
load of the same game wrote).

    python benchmarks/bench_load.py                        # canasta + 351, 7 runs each, medians
    python benchmarks/bench_load.py -n 15 --game fanti --variant ""

What is in the cache is whatever the loader keeps there (the loaded game itself, dsl/gamecache.py, and
the compiled module of its program): the figures measure it without knowing what it is. Printed
per case: the median of the load call itself (what a command pays after its imports), of the imports
it needs (`kural.dsl.loader` and what it brings), of the process's wall clock and of its CPU time (user +
sys; other processes on a busy machine show in the wall clock, much less in CPU), and the CPU time
of the load call alone.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run in the fresh process: the time of the imports and of the load, in seconds, as JSON.
CHILD = """\
import json, sys, time
began = time.perf_counter()
from kural.dsl.loader import load
imported, cpu = time.perf_counter(), time.process_time()
load(sys.argv[1], [v for v in sys.argv[2:] if v])
done = time.perf_counter()
print(json.dumps({"imports": imported - began, "load": done - imported, "load_cpu": time.process_time() - cpu}))
"""


def load_once(cache: Path, game: str, variants: list[str]) -> dict:
    """One load in a fresh process with $XDG_CACHE_HOME at `cache`: its phases, wall and CPU seconds."""
    # Python's own .pyc files are written and read, as on a user's machine (an environment that
    # forbids them makes every import compile its source: that is Python's cold start, not kural's)
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG", "PYTHONDONTWRITEBYTECODE")}
    env.update(PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD, game, *variants], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"loading {game} {variants} failed ({proc.returncode}):\n{proc.stderr}")
    figures = json.loads(proc.stdout)
    figures.update(wall=wall, cpu=(after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return figures


def measure(game: str, variants: list[str], n: int) -> dict[str, dict]:
    """Medians of n cold loads (each with a cache folder of its own, empty) and n warm ones (all with
    the cache that one unmeasured load wrote first)."""
    runs: dict[str, list[dict]] = {"cold": [], "warm": []}
    with tempfile.TemporaryDirectory() as tmp:
        warm = Path(tmp) / "warm"
        load_once(warm, game, variants)  # writes the cache the warm loads read
        for i in range(n):  # alternating, so that both see the same load of the machine
            runs["cold"].append(load_once(Path(tmp) / f"cold-{i}", game, variants))
            runs["warm"].append(load_once(warm, game, variants))
    return {case: {key: statistics.median(r[key] for r in rs) for key in rs[0]} for case, rs in runs.items()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7, help="measured loads per case (default 7)")
    parser.add_argument("--game", default="canasta", help="the game (default canasta)")
    parser.add_argument("--variant", action="append", metavar="NAME",
                        help="a variant; repeatable (default 351; --variant '' for none)")
    args = parser.parse_args(argv)
    variants = [v for v in (args.variant if args.variant is not None else ["351"]) if v]
    figures = measure(args.game, variants, args.n)
    name = " + ".join([args.game, *variants])
    print(f"load {name}: {args.n} fresh processes per case, medians; Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"  {'cache':<8}{'load ms':>9}{'load cpu ms':>13}{'imports ms':>12}{'process wall ms':>17}"
          f"{'process cpu ms':>16}")
    for case, f in figures.items():
        print(f"  {case:<8}{1000 * f['load']:>9.1f}{1000 * f['load_cpu']:>13.1f}{1000 * f['imports']:>12.1f}"
              f"{1000 * f['wall']:>17.1f}{1000 * f['cpu']:>16.1f}")


if __name__ == "__main__":
    main()
