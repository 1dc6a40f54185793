"""Random-bot Fantan playouts per second: the kural interpreter against
plain hand-written Python Fantans, in the same run: plain_fantan.py (the
fast one, a frontier of playable cards) and simple_fantan.py (each card of
the hand tested against the table, as the interpreter does).

    python benchmarks/bench_fantan.py            # 3000 games each, best of 3
    python benchmarks/bench_fantan.py -n 500 --repeat 1

Both play the base rules (RULES.md F1–F8) with uniformly random players,
from the same seeds. The interpreter's figure includes everything a
`kural simulate` game does except writing records: dealing, legal moves
from the rule file's guards, applying moves, and the result.
"""
from __future__ import annotations

import argparse
import sys

from timing import best_rate, interpreter_games, load, yardstick  # first: it puts the repository on the path


def plain_games(plain, seeds) -> int:
    return sum(plain.play_random_game(seed)["moves"] for seed in seeds)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3000, help="games per run (default 3000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per side; the best counts (default 3)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.n)
    g = load("fantan")
    plain, simple = yardstick("plain_fantan"), yardstick("simple_fantan")
    kural_rate, kural_moves = best_rate(lambda: interpreter_games(g, seeds), args.n, args.repeat)
    plain_rate, plain_moves = best_rate(lambda: plain_games(plain, seeds), args.n, args.repeat)
    simple_rate, simple_moves = best_rate(lambda: plain_games(simple, seeds), args.n, args.repeat)
    print(f"games per run: {args.n}, best of {args.repeat}, Python {sys.version.split()[0]}")
    print(f"kural interpreter         : {kural_rate:10,.0f} games/s  ({kural_moves:.1f} moves/game)")
    print(f"plain Python (frontier)   : {plain_rate:10,.0f} games/s  ({plain_moves:.1f} moves/game)")
    print(f"plain Python (card by card): {simple_rate:9,.0f} games/s  ({simple_moves:.1f} moves/game)")
    print(f"ratio interpreter/plain (frontier)    : {kural_rate / plain_rate:.2f}")
    print(f"ratio interpreter/plain (card by card): {kural_rate / simple_rate:.2f}")


if __name__ == "__main__":
    main()
