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
import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from dsl.loader import load  # noqa: E402
from interpreter.bots import make_bot  # noqa: E402
from interpreter.engine import apply, new_game, result  # noqa: E402
from interpreter.legal import legal_moves  # noqa: E402


def _yardstick(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def interpreter_games(g, seeds) -> int:
    moves = 0
    for seed in seeds:
        s = new_game(g, seed)
        bot = make_bot("random", seed)
        while not s.over:
            apply(s, bot.choose(s, legal_moves(s)))
        result(s)
        moves += len(s.history)
    return moves


def plain_games(plain, seeds, players: int) -> int:
    return sum(plain.play_random_game(seed, players)["moves"] for seed in seeds)


def best_rate(run, n: int, repeat: int) -> tuple[float, float]:
    """Games per second (best of `repeat` runs) and mean moves per game."""
    best, moves = 0.0, 0
    for _ in range(repeat):
        start = time.perf_counter()
        moves = run()
        best = max(best, n / (time.perf_counter() - start))
    return best, moves / n


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per side; the best counts (default 3)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players (default 4)")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.n)
    g = load("fanti", [], [], args.players)
    plain = _yardstick("plain_fanti")
    kural_rate, kural_moves = best_rate(lambda: interpreter_games(g, seeds), args.n, args.repeat)
    plain_rate, plain_moves = best_rate(lambda: plain_games(plain, seeds, args.players), args.n, args.repeat)
    print(f"games per run: {args.n}, best of {args.repeat}, {args.players} players, "
          f"Python {sys.version.split()[0]}")
    print(f"kural interpreter: {kural_rate:10,.0f} games/s  ({kural_moves:.1f} moves/game)")
    print(f"plain Python     : {plain_rate:10,.0f} games/s  ({plain_moves:.1f} moves/game)")
    print(f"ratio interpreter/plain: {kural_rate / plain_rate:.2f}")


if __name__ == "__main__":
    main()
