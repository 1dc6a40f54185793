"""The heuristic bot against random ones, per bundled game: its win share ÷ the fair share (issue 14's figure).

    python benchmarks/bench_bots.py                        # every bundled game, 1,000 games each
    python benchmarks/bench_bots.py -n 200 --game fantan
    python benchmarks/bench_bots.py --game canasta -n 20 --set "targets=[1000]"   # Kanasta to a low target

One heuristic seat among random ones, the seat rotated game by game; where the game has partnerships, the
heuristic bots play a whole partnership (every seat of one team, the team rotated) against random ones.
Its share is 1 for a game it wins alone, 1/k for a win shared by k winners, 0 otherwise; the fair share is
1 ÷ the seats (or teams) that can win. The same seeds give the same figures.
"""
from __future__ import annotations

import argparse
import time

from timing import apply, games_dir, legal, load, new_game, result, seat_bots  # first: it puts the engine on the path

from bench_search import searching_seats, units_of  # noqa: E402


def share_of(g, seed: int, i: int, strong: str = "heuristic", weak: str = "random") -> float:
    """The `strong` side's share of game i (seed `seed`): seat i (or team i), the rest played by `weak`."""
    mine = searching_seats(g, i)
    bots = seat_bots([strong if seat in mine else weak for seat in range(g.players)], seed)
    s = new_game(g, seed)
    while not s.over:
        apply(s, bots[s.me].choose(s, legal(s)))
    winners = result(s)["winners"]
    return len(units_of(g, mine) & set(winners)) / len(winners) if winners else 0.0


def ratio(g, n: int, seed: int, strong: str = "heuristic", weak: str = "random") -> float:
    """The strong side's mean share over n games, seats rotated, ÷ the fair share."""
    fair = len(units_of(g, searching_seats(g, 0))) / g.span(g.result.per)
    return sum(share_of(g, seed + i, i, strong, weak) for i in range(n)) / n / fair


def bench(game_id: str, n: int, seed: int, variants: list[str], sets: list[str]) -> None:
    g = load(game_id, variants, sets)
    began = time.perf_counter()
    r = ratio(g, n, seed)
    fair = len(units_of(g, searching_seats(g, 0))) / g.span(g.result.per)
    print(f"{' '.join([game_id, *variants, *sets])}: {n} games, heuristic "
          f"{'partnership' if g.partnered else 'seat'} wins {r * fair:.1%} (fair {fair:.1%}):"
          f" share / fair = {r:.2f}; {time.perf_counter() - began:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help="a bundled game (default: every one)")
    ap.add_argument("--variant", dest="variants", action="append", default=[], help="a variant of the game")
    ap.add_argument("--set", dest="sets", action="append", default=[], help="NAME=VALUE: a param of the game")
    args = ap.parse_args()
    for game_id in args.game or sorted(p.stem for p in games_dir().glob("*.yaml")):
        bench(game_id, args.games, args.seed, args.variants, args.sets)


if __name__ == "__main__":
    main()
