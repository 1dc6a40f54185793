"""Cold start: how long `kural --help`, `kural list` and `kural rules GAME` take
as fresh processes, the way a user runs them (the installed `kural` script, or
`python -m kural.cli.main` where it is not installed).

    python benchmarks/bench_coldstart.py                    # 7 runs of each command
    python benchmarks/bench_coldstart.py -n 15 --rules fanti
    python benchmarks/bench_coldstart.py --compare /path/to/another/checkout

Each command runs once unmeasured first (as after the first use of an install:
bytecode and the parser cache written), then N times. Printed per command: the
median wall-clock time, the median CPU time of the process (user + sys; what
other processes on a busy machine take from it shows in the wall clock, much
less in CPU), and the total of `python -X importtime` (the modules' own import
times, summed), with the packages that cost most. With --compare, another
checkout (for example an older commit, unpacked with `git archive`) is measured
in the same run, alternating with this one, so both see the same load.
"""
from __future__ import annotations

import argparse
import atexit
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def kural_command(checkout: Path) -> list[str]:
    """What a user types: for this checkout the installed script beside this Python (else the module);
    another checkout by its module, under the name its layout gives it (see env_for)."""
    script = shutil.which("kural", path=str(Path(sys.executable).parent)) if checkout == ROOT else None
    if script:
        return [sys.executable, script]
    return [sys.executable, "-m", "kural.cli.main" if (checkout / "__init__.py").exists() else "cli.main"]


_LINKS = Path(tempfile.mkdtemp(prefix="kural-coldstart-"))
atexit.register(shutil.rmtree, _LINKS, True)


def env_for(checkout: Path) -> dict:
    """The environment of a command of `checkout`: its code first on the path. A checkout laid out as the
    package `kural` (its root's __init__.py) through a folder where `kural` names it; an older one, whose
    folders were top-level names, as it is."""
    path = checkout
    if (checkout / "__init__.py").exists():
        path = _LINKS / str(abs(hash(str(checkout))))
        if not path.exists():
            path.mkdir()
            (path / "kural").symlink_to(checkout, target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(PYTHONPATH=str(path), COLUMNS="100")
    return env


def run_once(argv: list[str], checkout: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + sys) of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=checkout, env=env_for(checkout), stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, timeout=120)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(argv)} in {checkout} failed ({proc.returncode}):\n{proc.stderr.decode()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def import_times(argv: list[str], checkout: Path) -> tuple[float, Counter]:
    """`python -X importtime`: the total of the modules' own times (ms), and that total per top package."""
    proc = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], cwd=checkout, env=env_for(checkout),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120, text=True)
    per_package: Counter = Counter()
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = line[len("import time:"):].split("|")
        per_package[name.strip().split(".")[0]] += int(self_us) / 1000
    return sum(per_package.values()), per_package


def measure(commands: dict[str, list[str]], checkouts: list[Path], n: int) -> dict:
    """Median wall and CPU seconds, and import times, per (checkout, command); runs alternate between checkouts."""
    samples: dict = {(c, name): [] for c in checkouts for name in commands}
    for name, args in commands.items():
        for checkout in checkouts:
            run_once(kural_command(checkout) + args, checkout)  # unmeasured: writes bytecode and caches
        for _ in range(n):
            for checkout in checkouts:
                samples[checkout, name].append(run_once(kural_command(checkout) + args, checkout))
    figures = {}
    for (checkout, name), runs in samples.items():
        total, per_package = import_times(kural_command(checkout) + commands[name], checkout)
        figures[checkout, name] = (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs),
                                   total, per_package)
    return figures


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7, help="measured runs per command (default 7)")
    parser.add_argument("--rules", default="fantan", metavar="GAME", help="the game of `kural rules` (default fantan)")
    parser.add_argument("--compare", type=Path, action="append", default=[], metavar="CHECKOUT",
                        help="another checkout to measure in the same run; repeatable")
    args = parser.parse_args(argv)
    commands = {"--help": ["--help"], "list": ["list"], f"rules {args.rules}": ["rules", args.rules]}
    checkouts = [ROOT, *(c.resolve() for c in args.compare)]
    figures = measure(commands, checkouts, args.n)
    print(f"{' '.join(kural_command(ROOT)[1:])}: {args.n} runs each, medians; Python {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.2f}")
    for checkout in checkouts:
        print(f"\n{checkout}")
        print(f"  {'command':<20}{'wall s':>8}{'cpu s':>8}{'imports ms':>12}  costliest imports (ms)")
        for name in commands:
            wall, cpu, total, per_package = figures[checkout, name]
            top = ", ".join(f"{pkg} {ms:.0f}" for pkg, ms in per_package.most_common(5))
            print(f"  {'kural ' + name:<20}{wall:>8.3f}{cpu:>8.3f}{total:>12.0f}  {top}")


if __name__ == "__main__":
    main()
