"""What the search bot's choices are worth on the real deal, against what seeing every hand would give.

    python benchmarks/bench_choices.py                    # Fantan, 42 games (seeds 1-42), seats rotated
    python benchmarks/bench_choices.py --game fanti -n 10 --deals 100

Games as benchmarks/bench_search.py plays them: one search seat among heuristic ones. At each of its
choices with more than one distinct move, every distinct move is played on a copy of the real position and
played out by the preferences (the search's playout) `--real` times; a move's value is its mean share of
the win there. Summed over the choices, against the preferences' pick: the gain of the search's move, of
the best move on the real deal (what a seat that sees every hand would pick, one move ahead), and of a
plain rollout's move (every move on `--deals` determinizations from the search's memory, the best mean
win). The search's share of the best is how much of the hands' information its choices use.
"""
from __future__ import annotations

import argparse
import importlib
import random

from timing import PREFIX, apply, legal, load, new_game, seat_bots  # first: it puts the engine on the path
from bench_search import searching_seats

search = importlib.import_module(PREFIX + "interpreter.search")


def values(bot, g, states: list, moves: list, seat: int, repeats: int) -> dict:
    """Each move's mean share of the win for `seat`, played on each state `repeats` times, then out."""
    unit = search.unit_of(g, seat)
    total = {search.move_key(g, m): 0.0 for m in moves}
    for state in states:
        for move in moves:
            for _ in range(repeats):
                copy = state.copy()
                apply(copy, move)
                total[search.move_key(g, move)] += bot._playout(copy, g)[2][unit]
    return {key: v / (len(states) * repeats) for key, v in total.items()}


def one_game(g, seed: int, i: int, deals: int, real: int) -> list[dict]:
    """The search seat's choices in game i: each move's gain over the preferences' pick on the real deal."""
    mine = searching_seats(g, i)[0]
    bots = seat_bots(["search" if k == mine else "heuristic" for k in range(g.players)], seed)
    rng = random.Random(seed)
    s = new_game(g, seed)
    gains = []
    while not s.over:
        moves = legal(s)
        distinct = list({search.move_key(g, m): m for m in moves}.values())
        bot = bots[s.me]
        move = bot.choose(s, moves)
        if s.me == mine and len(distinct) > 1:
            memory = bot.memories[mine]
            guessed = values(bot, g, [memory.sample(rng) for _ in range(deals)], distinct, mine, 1)
            truth = values(bot, g, [s], distinct, mine, real)
            pick = truth[bot.favoured]
            gains.append({"search": truth[search.move_key(g, move)] - pick, "best": max(truth.values()) - pick,
                          "rollout": truth[max(guessed, key=guessed.get)] - pick})
        apply(s, move)
    return gains


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="fantan")
    ap.add_argument("-n", "--games", type=int, default=42)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=300, help="determinizations of the plain rollout, a choice")
    ap.add_argument("--real", type=int, default=20, help="playouts of each move on the real deal")
    args = ap.parse_args()
    g = load(args.game, [], [])
    gains = [x for i in range(args.games) for x in one_game(g, args.seed + i, i, args.deals, args.real)]
    print(f"{args.game}: {args.games} games, {len(gains)} choices of the search seat; summed gain in won games "
          f"over the preferences' pick, on the real deal:")
    for name, say in (("search", "the search's move"), ("best", "the best move (seeing every hand)"),
                      ("rollout", f"a plain rollout's move ({args.deals} deals)")):
        print(f"  {say}: {sum(x[name] for x in gains):+.1f}")


if __name__ == "__main__":
    main()
