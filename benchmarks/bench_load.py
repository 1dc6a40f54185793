"""Loading a game: find, read, merge and check the rule files and compile every expression, each time
in a fresh process, with kural's cache cold (an empty $XDG_CACHE_HOME) and warm (the cache the first
load of the same game wrote).

    python benchmarks/bench_load.py                        # canasta + 351, 7 runs each, medians
    python benchmarks/bench_load.py -n 15 --game fanti --variant ""
    python benchmarks/bench_load.py --against 9135cf5      # and that commit's kural, in the same run
    python benchmarks/bench_load.py --imports-first        # the load call alone, what it imports imported first
    python benchmarks/bench_load.py --instructions --against 9135cf5   # the cold load call counted by valgrind

What is in the cache is whatever the loader keeps there (the loaded game itself, dsl/gamecache.py, and
the compiled module of its program): the figures measure it without knowing what it is. Printed
per case: the median of the load call itself (what a command pays after its imports), of the imports
it needs (`kural.dsl.loader` and what it brings), of the process's wall clock and of its CPU time (user +
sys; other processes on a busy machine show in the wall clock, much less in CPU), and the CPU time
of the load call alone.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
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
import importlib, json, os, sys, time
began = time.perf_counter()
from kural.dsl.loader import load
for name in os.environ.get("KURAL_BENCH_IMPORTS", "").split():
    try:
        importlib.import_module(name)
    except ImportError:  # (an extension's inner module, imported by its package only)
        pass
imported, cpu = time.perf_counter(), time.process_time()
if not os.environ.get("KURAL_BENCH_NO_LOAD"):
    load(sys.argv[1], [v for v in sys.argv[2:] if v])
done = time.perf_counter()
print(json.dumps({"imports": imported - began, "load": done - imported, "load_cpu": time.process_time() - cpu}))
"""


def importing(checkout: Path, links: Path) -> str:
    """A folder where `kural` names `checkout`: on PYTHONPATH, the package the children import is that
    checkout's, whatever kural this Python has installed."""
    path = links / str(abs(hash(str(checkout))))
    if not path.exists():
        path.mkdir(parents=True)
        (path / "kural").symlink_to(checkout, target_is_directory=True)
    return str(path)


# Run once per checkout with --imports-first: the modules a cold load imports (they are then imported
# before the load is timed, as the loaders of old did at their own import).
PROBE = """\
import json, sys
from kural.dsl.loader import load
before = set(sys.modules)
load(sys.argv[1], [v for v in sys.argv[2:] if v])
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def imported_by_load(cache: Path, game: str, variants: list[str], path: str) -> str:
    """The modules a cold load of the game imports, as one space-separated list."""
    env = dict(os.environ, PYTHONPATH=path, XDG_CACHE_HOME=str(cache))
    proc = subprocess.run([sys.executable, "-c", PROBE, game, *variants], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    return " ".join(json.loads(proc.stdout))


def load_once(cache: Path, game: str, variants: list[str], path: str, first: str = "") -> dict:
    """One load in a fresh process with $XDG_CACHE_HOME at `cache`, kural imported from `path`: its phases,
    wall and CPU seconds."""
    # Python's own .pyc files are written and read, as on a user's machine (an environment that
    # forbids them makes every import compile its source: that is Python's cold start, not kural's)
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG", "PYTHONDONTWRITEBYTECODE")}
    env.update(PYTHONPATH=path, XDG_CACHE_HOME=str(cache), KURAL_BENCH_IMPORTS=first)
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


def instructions(game: str, variants: list[str], path: str, first: str, cache: Path, with_load: bool) -> int:
    """The instructions valgrind counts in a fresh process that imports what the load imports and, if
    `with_load`, loads the game with an empty cache."""
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG", "PYTHONDONTWRITEBYTECODE")}
    env.update(PYTHONPATH=path, XDG_CACHE_HOME=str(cache), KURAL_BENCH_IMPORTS=first)
    if not with_load:
        env["KURAL_BENCH_NO_LOAD"] = "1"
    out = cache / "callgrind.out"
    proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                           CHILD, game, *variants], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        sys.exit(f"counting {game} {variants} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return int(re.search(r"Collected : (\d+)", proc.stderr).group(1))


def count_cold(game: str, variants: list[str], checkouts: dict[str, Path]) -> dict[str, int]:
    """For each checkout, the instructions of the cold load call alone: a process that imports what the
    load imports and loads, less one that only imports (each with an empty cache; .pyc files written first)."""
    with tempfile.TemporaryDirectory() as tmp:
        counts = {}
        for name, checkout in checkouts.items():
            path = importing(checkout, Path(tmp) / "links")
            first = imported_by_load(Path(tmp) / name / "probe", game, variants, path)
            load_once(Path(tmp) / name / "warm", game, variants, path, first)  # Python's .pyc files written
            for case in ("a", "b"):
                (Path(tmp) / name / case).mkdir(parents=True)
            imports = instructions(game, variants, path, first, Path(tmp) / name / "b", False)
            counts[name] = instructions(game, variants, path, first, Path(tmp) / name / "a", True) - imports
    return counts


def measure(game: str, variants: list[str], n: int, checkouts: dict[str, Path],
            imports_first: bool = False) -> dict[str, dict[str, dict]]:
    """For each checkout, medians of n cold loads (each with a cache folder of its own, empty) and n warm
    ones (all with the cache that one unmeasured load wrote first, and a second: a load whose game is
    read back may keep more), the checkouts in turn."""
    runs: dict[str, dict[str, list[dict]]] = {name: {"cold": [], "warm": []} for name in checkouts}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {name: importing(checkout, Path(tmp) / "links") for name, checkout in checkouts.items()}
        first = {name: imported_by_load(Path(tmp) / name / "probe", game, variants, path) if imports_first else ""
                 for name, path in paths.items()}
        for name, path in paths.items():
            for _ in range(2):  # writes the cache the warm loads read
                load_once(Path(tmp) / name / "warm", game, variants, path)
        for i in range(n):  # alternating, so that all see the same load of the machine
            for name, path in paths.items():
                runs[name]["cold"].append(load_once(Path(tmp) / name / f"cold-{i}", game, variants, path, first[name]))
                runs[name]["warm"].append(load_once(Path(tmp) / name / "warm", game, variants, path, first[name]))
    return {name: {case: {key: statistics.median(r[key] for r in rs) for key in rs[0]} for case, rs in by.items()}
            for name, by in runs.items()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7, help="measured loads per case (default 7)")
    parser.add_argument("--game", default="canasta", help="the game (default canasta)")
    parser.add_argument("--variant", action="append", metavar="NAME",
                        help="a variant; repeatable (default 351; --variant '' for none)")
    parser.add_argument("--against", metavar="REV", help="measure that commit's kural too, in the same run")
    parser.add_argument("--imports-first", action="store_true",
                        help="import every module a cold load imports before timing the load call (as a "
                             "loader that imports all it may need at its own import would)")
    parser.add_argument("--instructions", action="store_true",
                        help="count the cold load call alone in machine instructions (valgrind), which a busy "
                             "machine does not move, instead of timing it")
    args = parser.parse_args(argv)
    variants = [v for v in (args.variant if args.variant is not None else ["351"]) if v]
    with contextlib.ExitStack() as stack:
        checkouts = {"now": ROOT}
        if args.against:
            checkouts[args.against] = stack.enter_context(worktree_at(args.against))
        if args.instructions:
            counts = count_cold(args.game, variants, checkouts)
        else:
            figures = measure(args.game, variants, args.n, checkouts, args.imports_first)
    name = " + ".join([args.game, *variants])
    if args.instructions:
        print(f"load {name}, cache cold, the load call alone (its imports imported first), by valgrind:")
        for who, n in counts.items():
            print(f"  {who:<9}{n / 1e6:>10.1f} M instructions")
        return
    first = ", the modules it imports imported first" if args.imports_first else ""
    print(f"load {name}{first}: {args.n} fresh processes per case, medians; Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"  {'kural':<9}{'cache':<7}{'load + imports ms':>18}{'load ms':>9}{'load cpu ms':>13}{'imports ms':>12}"
          f"{'process wall ms':>17}{'process cpu ms':>16}")
    for who, by in figures.items():
        for case, f in by.items():
            print(f"  {who:<9}{case:<7}{1000 * (f['load'] + f['imports']):>18.1f}{1000 * f['load']:>9.1f}"
                  f"{1000 * f['load_cpu']:>13.1f}{1000 * f['imports']:>12.1f}{1000 * f['wall']:>17.1f}"
                  f"{1000 * f['cpu']:>16.1f}")


@contextlib.contextmanager
def worktree_at(rev: str):
    """A throwaway checkout of `rev` (git worktree), removed afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "kural"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach", str(tree), rev], check=True)
        try:
            yield tree
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)


if __name__ == "__main__":
    main()
