"""The speed-up of `kural simulate --workers N` and `--ray` over one worker, for the same games.

    python benchmarks/bench_workers.py --game fantan -n 4000            # 1 worker against 2, 5 rounds
    python benchmarks/bench_workers.py --game canasta -n 40 --workers 2
    python benchmarks/bench_workers.py --game fantan -n 10000 --ray     # against a local Ray instance

Each round runs one worker and N workers on the same seeds, in turn (A B, then B A: timing.interleaved,
the host's speed drifts), as `kural simulate` plays them (cli/simulate.py run, with its counting, no
records); the figure is the median of the rounds' ratios. The processes' CPU time is printed too: the
CPU seconds that N workers spend in all against one worker's (above 1 is the cost of the processes:
start, sending outcomes back) tells what a quiet machine's ratio can be where this one is shared.

With --ray, a local Ray instance is started once before the rounds (its start, several seconds, is
printed apart: a cluster is started once for many runs), then each round's Ray run sends the games as
tasks to it.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time

from timing import interleaved, load, paired_ratio  # first: it puts the repository on the path

from cli import parallel, simulate  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (the workers of a finished run)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="fantan", help="a game id (default fantan)")
    parser.add_argument("-n", type=int, default=4000, help="games per run (default 4000)")
    parser.add_argument("--bots", default="random", help="bot kind of every seat (default random)")
    parser.add_argument("--workers", type=int, default=2, help="workers against one (default 2)")
    parser.add_argument("--ray", action="store_true", help="a local Ray instance against one worker")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    args = parser.parse_args(argv)
    g = load(args.game)
    kinds, seats = [args.bots] * g.players, [f"#{i}" for i in range(g.players)]
    if args.ray:
        import ray
        began = time.perf_counter()
        ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
        print(f"local Ray instance started in {time.perf_counter() - began:.1f} s "
              f"({int(ray.cluster_resources().get('CPU', 0))} CPUs)")
    many = f"ray" if args.ray else f"{args.workers} workers"
    cpu: dict = {"1 worker": [], many: []}

    def side(name: str, workers: int, ray: str | None):
        def play() -> int:
            before = cpu_seconds()
            totals = simulate.run(g, args.n, 1, kinds, seats, workers=workers, ray=ray)
            cpu[name].append(cpu_seconds() - before)
            return totals.moves
        return play
    rates, moves = interleaved({"1 worker": side("1 worker", 1, None),
                                many: side(many, args.workers, parallel.LOCAL if args.ray else None)},
                               args.n, args.repeat)
    print(f"{args.game}, {args.n} games a run ({moves['1 worker']:.0f} moves a game), bots {args.bots}, "
          f"{args.repeat} rounds, {parallel.cores()} cores, Python {sys.version.split()[0]}")
    for name in rates:
        print(f"{name:>10}: best {max(rates[name]):9,.1f} games/s; CPU {min(cpu[name]):.2f}-{max(cpu[name]):.2f} s a run")
    print(f"speed-up {many} / 1 worker: {paired_ratio(rates, many, '1 worker')}")
    if not args.ray:
        print(f"CPU of {many} / 1 worker: {sum(cpu[many]) / sum(cpu['1 worker']):.2f} "
              f"(the processes' cost; a quiet machine's speed-up is at most {args.workers} / this)")


if __name__ == "__main__":
    main()
