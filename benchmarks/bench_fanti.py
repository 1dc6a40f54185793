"""Random-bot Fanti playouts per second: the kural interpreter against a
plain hand-written Python Fanti (plain_fanti.py), in the same run.

    python benchmarks/bench_fanti.py                 # 300 games a run, 9 rounds, 4 players
    python benchmarks/bench_fanti.py -n 300 --repeat 3 --players 2

Both play RULES.md section 2 (N1-N15) with the default decisions and
uniformly random players (every legal (card, capture) pair equally
likely), from the same seeds. Each round runs both programs once, in turn (timing.interleaved:
the host's speed drifts, and a round's runs see the same machine); the figure is the median of the
rounds' ratios. The interpreter's figure includes everything
a `kural simulate` game does except writing records: dealing, legal moves
from the rule file's guards and capture groups, applying moves, round
scoring and the result.
"""
from __future__ import annotations

import argparse
import sys

from timing import interleaved, interpreter_games, load, paired_ratio, yardstick  # first: it puts the repository on the path


def plain_games(plain, seeds, players: int) -> int:
    return sum(plain.play_random_game(seed, players)["moves"] for seed in seeds)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300, help="games per run (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--repeat", type=int, default=9, help="rounds, each running both programs once (default 9)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players (default 4)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.n)
    g = load("fanti", [], [], args.players)
    plain = yardstick("plain_fanti")
    rates, moves = interleaved({"kural": lambda: interpreter_games(g, seeds),
                                "plain": lambda: plain_games(plain, seeds, args.players)}, args.n, args.repeat)
    print(f"games per run: {args.n}, {args.repeat} rounds, {args.players} players, "
          f"Python {sys.version.split()[0]}; best rates:")
    print(f"kural interpreter: {max(rates['kural']):10,.0f} games/s  ({moves['kural']:.1f} moves/game)")
    print(f"plain Python     : {max(rates['plain']):10,.0f} games/s  ({moves['plain']:.1f} moves/game)")
    print(f"ratio interpreter/plain: {paired_ratio(rates, 'kural', 'plain')}")

if __name__ == "__main__":
    main()
