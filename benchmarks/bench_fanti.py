"""Random-bot Fanti playouts per second: the kural interpreter against a
plain hand-written Python Fanti (plain_fanti.py), in the same run.

    python benchmarks/bench_fanti.py                 # 1000 games each, best of 3, 4 players
    python benchmarks/bench_fanti.py -n 300 --repeat 1 --players 2

Both play RULES.md section 2 (N1-N15) with the default decisions and
uniformly random players (every legal (card, capture) pair equally
likely), from the same seeds. The interpreter's figure includes everything
a `kural simulate` game does except writing records: dealing, legal moves
from the rule file's guards and capture groups, applying moves, round
scoring and the result.
"""
from __future__ import annotations

import argparse
import sys

from timing import best_rate, interpreter_games, load, yardstick  # first: it puts the repository on the path


def plain_games(plain, seeds, players: int) -> int:
    return sum(plain.play_random_game(seed, players)["moves"] for seed in seeds)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per side; the best counts (default 3)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players (default 4)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.n)
    g = load("fanti", [], [], args.players)
    plain = yardstick("plain_fanti")
    kural_rate, kural_moves = best_rate(lambda: interpreter_games(g, seeds), args.n, args.repeat)
    plain_rate, plain_moves = best_rate(lambda: plain_games(plain, seeds, args.players), args.n, args.repeat)
    print(f"games per run: {args.n}, best of {args.repeat}, {args.players} players, "
          f"Python {sys.version.split()[0]}")
    print(f"kural interpreter: {kural_rate:10,.0f} games/s  ({kural_moves:.1f} moves/game)")
    print(f"plain Python     : {plain_rate:10,.0f} games/s  ({plain_moves:.1f} moves/game)")
    print(f"ratio interpreter/plain: {kural_rate / plain_rate:.2f}")


if __name__ == "__main__":
    main()
