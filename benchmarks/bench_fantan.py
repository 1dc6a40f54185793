"""Random-bot Fantan playouts per second: the kural interpreter against
plain hand-written Python Fantans, in the same run: plain_fantan.py (the
fast one, a frontier of playable cards) and simple_fantan.py (each card of
the hand tested against the table, as the interpreter does).

    python benchmarks/bench_fantan.py            # 1000 games a run, 9 rounds
    python benchmarks/bench_fantan.py -n 500 --repeat 3

Both play the base rules (RULES.md F1–F8) with uniformly random players,
from the same seeds. Each round runs every program once, in turn (timing.interleaved: the
host's speed drifts, and a round's runs see the same machine); the figure is the median of the
rounds' ratios. The interpreter's figure includes everything a
`kural simulate` game does except writing records: dealing, legal moves
from the rule file's guards, applying moves, and the result.
"""
from __future__ import annotations

import argparse
import sys

from timing import interleaved, interpreter_games, load, paired_ratio, yardstick  # first: it puts the repository on the path


def plain_games(plain, seeds) -> int:
    return sum(plain.play_random_game(seed)["moves"] for seed in seeds)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--repeat", type=int, default=9, help="rounds, each running every program once (default 9)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.n)
    g = load("fantan")
    plain, simple = yardstick("plain_fantan"), yardstick("simple_fantan")
    rates, moves = interleaved({"kural": lambda: interpreter_games(g, seeds),
                                "plain": lambda: plain_games(plain, seeds),
                                "simple": lambda: plain_games(simple, seeds)}, args.n, args.repeat)
    print(f"games per run: {args.n}, {args.repeat} rounds, Python {sys.version.split()[0]}; best rates:")
    print(f"kural interpreter          : {max(rates['kural']):10,.0f} games/s  ({moves['kural']:.1f} moves/game)")
    print(f"plain Python (frontier)    : {max(rates['plain']):10,.0f} games/s  ({moves['plain']:.1f} moves/game)")
    print(f"plain Python (card by card): {max(rates['simple']):10,.0f} games/s  ({moves['simple']:.1f} moves/game)")
    print(f"ratio interpreter/plain (frontier)    : {paired_ratio(rates, 'kural', 'plain')}")
    print(f"ratio interpreter/plain (card by card): {paired_ratio(rates, 'kural', 'simple')}")

if __name__ == "__main__":
    main()
