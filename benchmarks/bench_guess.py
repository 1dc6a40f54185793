"""How much of the other hands the search bot's memory guesses right (interpreter/search.py, Memory).

    python benchmarks/bench_guess.py                      # Fantan, 40 games, at seat 0's sixth choice
    python benchmarks/bench_guess.py --game fanti -n 20 --choice 4

Heuristic bots play every seat; a Memory watches for seat 0 from its first move. At that seat's K-th move of
the round it reports, over the cards seat 0 cannot place (the unknown cards of the hidden places): how many
its guess holds in their real place before the walk (the memory's guess: what it saw and what forced moves
taught it), and, averaged over 20 samples of 200 Metropolis steps each, after it; how many a guess of the
same counts dealt at random would place right (chance); and the log likelihood of the other seats' past
moves under the guess before and after the walk and under the real deal. Where the walk's likelihood is
near the real deal's and its cards right are near chance, many deals explain the moves as well as the
real one: what the moves tell of the hands is little, whatever the walk.
"""
from __future__ import annotations

import argparse
import importlib
import random
import statistics

from timing import PREFIX, apply, legal, load, new_game, seat_bots  # first: it puts the engine on the path

from bench_search import show_real  # noqa: E402

search = importlib.import_module(PREFIX + "interpreter.search")

SAMPLES = 20  # guesses drawn after the walk, each STEPS further on
STEPS = 200


def placed_right(memory, s) -> int:
    """The unknown cards of the memory's guess that are where they really are."""
    zones = memory.shadow.zones
    return sum(1 for zid, place in memory.slots if zones[zid][place] in s.zones[zid])


def by_chance(memory) -> float:
    """The cards right, on average, where the unknown cards are dealt at random into the same places."""
    counts: dict = {}
    for zid, _ in memory.slots:
        counts[zid] = counts.get(zid, 0) + 1
    total = sum(counts.values())
    return sum(n * n for n in counts.values()) / total if total else 0.0


def likelihood(memory) -> float:
    return sum(memory._term(i) for i in range(len(memory.past)))


def one(g, seed: int, choice: int) -> tuple | None:
    s = new_game(g, seed)
    bots = seat_bots(["heuristic"] * g.players, seed)
    memory, rng, seen = search.Memory(0), random.Random(seed), 0
    while not s.over:
        if s.me == 0:
            memory.update(s, rng)
            seen += 1
            if seen == choice:
                break
        apply(s, bots[s.me].choose(s, legal(s)))
    if s.over or not memory.slots:
        return None
    memory.most = float("inf")  # no choice's budget here: the walk goes as far as asked
    before, start = placed_right(memory, s), likelihood(memory)
    after = []
    for _ in range(SAMPLES):
        memory.wander(rng, STEPS)
        after.append(placed_right(memory, s))
    walked = likelihood(memory)
    unknown, chance = len(memory.slots), by_chance(memory)
    show_real(memory, s)  # the guess made the real deal (nothing left to guess)
    return unknown, chance, before, statistics.fmean(after), start, walked, likelihood(memory)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="fantan", help="a bundled game")
    ap.add_argument("-n", "--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--choice", type=int, default=6, help="seat 0's move of the round at which to look")
    args = ap.parse_args()
    g = load(args.game, [], [])
    rows = [row for row in (one(g, args.seed + i, args.choice) for i in range(args.games)) if row is not None]
    if not rows:
        raise SystemExit(f"no game of {args.game} reached seat 0's move {args.choice} with a card to guess")
    unknown, chance, before, after, start, walked, real = (statistics.fmean(column) for column in zip(*rows))
    print(f"{args.game}: {len(rows)} games, at seat 0's move {args.choice}: {unknown:.1f} cards it cannot place;"
          f" right by chance {chance:.1f}, in the memory's guess {before:.1f}, after the walk {after:.1f}")
    print(f"  log likelihood of the others' moves: the memory's guess {start:.1f}, after the walk {walked:.1f},"
          f" the real deal {real:.1f}")


if __name__ == "__main__":
    main()
