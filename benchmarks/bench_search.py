"""The search bot against the heuristic bot, per bundled game: its win share ÷ the fair share, and how long
it thinks a move at its budget (issue 14's figures).

    python benchmarks/bench_search.py                      # every bundled game, 40 games each, default budget
    python benchmarks/bench_search.py -n 200 --game fantan
    python benchmarks/bench_search.py --game canasta -n 4 --set "targets=[1000]"   # Kanasta to a low target
    python benchmarks/bench_search.py --think 0.5s         # a time budget (not reproducible)
    python benchmarks/bench_search.py -n 400 --game fantan --per-game base.jsonl             # each game's share kept
    python benchmarks/bench_search.py -n 400 --game fantan --search CONFIDENCE=2 --against base.jsonl  # paired
    python benchmarks/bench_search.py -n 200 --game fantan --reveal 0.5     # the search shown half the hidden cards

`--search NAME=VALUE` sets one of the search bot's constants (interpreter/search.py) for the run, to try
another setting; `--against FILE` compares, seed by seed, with a run kept by `--per-game`: the same deals,
so their luck cancels out of the difference (the games part where the moves differ). `--reveal SHARE`
measures what information is worth to the search, not the bot: its memory is shown where each of a fixed
share of the cards really is (drawn per game and seat), as if it had seen them; 1 is a search that sees
every hand.

One search seat among heuristic ones, the seat rotated game by game; where the game has partnerships,
the search plays a whole partnership (every seat of one team, the team rotated) against heuristic ones.
Its share is 1 for a game it wins alone, 1/k for a win shared by k winners, 0 otherwise; the fair share is
1 ÷ the seats (or teams) that can win. Think time is per move of the search seats, in seconds of wall
clock and of this process's CPU (the machine may be shared: CPU time is the steadier figure), over all
their moves and over those with a choice (a position with one legal move is played without search).
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import time
from pathlib import Path

from timing import PREFIX, apply, games_dir, legal, load, new_game, result, seat_bots  # first: it puts the engine on the path



def searching_seats(g, i: int) -> list[int]:
    """Game i's search seats: seat i mod the seats, or every seat of team i mod the teams."""
    if g.partnered:
        return list(g.teams[i % len(g.teams)])
    return [i % g.players]


def one_game(g, seed: int, i: int, think: str | None, times: list) -> float:
    """The search side's share of game i (seed `seed`); each of its moves' think time appended to `times`."""
    mine = searching_seats(g, i)
    bots = seat_bots(["search" if seat in mine else "heuristic" for seat in range(g.players)], seed, think)
    s = new_game(g, seed)
    while not s.over:
        moves = legal(s)
        seat = s.me
        wall, cpu = time.perf_counter(), time.process_time()
        move = bots[seat].choose(s, moves)
        if seat in mine:
            times.append((time.perf_counter() - wall, time.process_time() - cpu, len(moves) > 1))
        apply(s, move)
    if s.aborted:
        print(f"  seed {seed}: the game hit the move bound")
    winners = result(s)["winners"]
    return len(units_of(g, mine) & set(winners)) / len(winners) if winners else 0.0


def units_of(g, seats: list[int]) -> set[int]:
    """What the result names as winners for these seats: the seats, or their teams where it is per team."""
    return {g.team_of[seat] for seat in seats} if g.result.per == "team" else set(seats)


def bench(game_id: str, n: int, seed: int, think: str | None, variants: list[str], sets: list[str],
          per_game: str | None = None, against: str | None = None) -> None:
    g = load(game_id, variants, sets)
    times: list = []
    began = time.perf_counter()
    label = " ".join([game_id, *variants, *sets])
    shares = {}
    for i in range(n):
        cpu = time.process_time()
        shares[seed + i] = one_game(g, seed + i, i, think, times)
        if per_game:
            with open(per_game, "a", encoding="utf-8") as out:  # a line a game: an interrupted run keeps its games
                out.write(json.dumps({"game": label, "seed": seed + i, "share": shares[seed + i],
                                      "cpu": round(time.process_time() - cpu, 3)}) + "\n")
    share = sum(shares.values())
    fair = len(units_of(g, searching_seats(g, 0))) / g.span(g.result.per)
    walls = [w for w, _, _ in times]
    cpus = [c for _, c, _ in times]
    chosen = [c for _, c, choice in times if choice]
    print(f"{' '.join([game_id, *variants, *sets])}: {n} games, search {'partnership' if g.partnered else 'seat'}"
          f" wins {share / n:.1%} (fair {fair:.1%}): share / fair = {share / n / fair:.2f}")
    print(f"  think a move: median {statistics.median(walls):.3f} s wall, {statistics.median(cpus):.3f} s CPU"
          f" over {len(times)} moves; {statistics.median(chosen) if chosen else 0:.3f} s CPU over the"
          f" {len(chosen)} with a choice; max {max(walls):.2f} s wall; {time.perf_counter() - began:.0f} s in all")
    if against:
        paired(label, shares, fair, against)


def paired(label: str, shares: dict, fair: float, against: str) -> None:
    """This run's share ÷ fair less the kept run's, seed by seed, with its standard error."""
    with open(against, encoding="utf-8") as kept_file:
        kept = {row["seed"]: row["share"] for row in map(json.loads, kept_file) if row["game"] == label}
    seeds = sorted(set(shares) & set(kept))
    if len(seeds) < 2:
        print(f"  against {against}: fewer than 2 of these seeds kept for {label}")
        return
    ahead = [(shares[x] - kept[x]) / fair for x in seeds]
    mean = statistics.fmean(ahead)
    error = statistics.stdev(ahead) / math.sqrt(len(ahead))
    print(f"  against {against}, the same {len(seeds)} seeds: share / fair {mean:+.3f} ± {error:.3f} (standard error)")


def set_search(settings: list[str]) -> None:
    """--search NAME=VALUE: a constant of the search bot for this run (an int, or a float where it is one)."""
    search = importlib.import_module(PREFIX + "interpreter.search")
    for setting in settings:
        name, _, value = setting.partition("=")
        old = getattr(search, name, None)
        if not name.isupper() or isinstance(old, bool) or not isinstance(old, (int, float)):
            raise SystemExit(f"--search {setting}: {name} is not a number of interpreter/search.py")
        try:
            number = float(value)
        except ValueError:
            raise SystemExit(f"--search {setting}: {value!r} is not a number") from None
        if isinstance(old, int) and not number.is_integer():
            raise SystemExit(f"--search {setting}: {name} is a whole number")
        setattr(search, name, int(number) if isinstance(old, int) else number)


def reveal(share: float) -> None:
    """--reveal SHARE: for this run, the search seat's memory knows the real place of each card of a share
    of the deck (the same cards all game, drawn from the game's seed and the seat), hidden or not: after
    each update, every such card the memory still guesses is swapped into its real place and known. A
    measure of what the cards the search cannot see are worth to it; it reads the real state, as no bot may."""
    search = importlib.import_module(PREFIX + "interpreter.search")
    update = search.Memory.update

    def update_shown(memory, s, rng) -> None:
        update(memory, s, rng)
        pick = random.Random(f"reveal/{s.seed}/{memory.seat}")
        show_real(memory, s, {c for c in range(len(s.where)) if pick.random() < share})

    search.Memory.update = update_shown


def show_real(memory, s, shown: set | None = None) -> None:
    """Every card the memory guesses that is in `shown` (None: every one) swapped into its real place in
    s and known, as if the seat had seen it; the memory's guessed places are the others."""
    shadow, known = memory.shadow, memory.known
    for zid, place in memory.slots:
        real = s.zones[zid][place]
        if (shown is None or real in shown) and real not in known:
            if shadow.zones[zid][place] != real:
                memory._swap(shadow.zones[zid][place], real)
            known.add(real)
    memory.slots = [(zid, place) for zid, place in memory.slots if shadow.zones[zid][place] not in known]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help="a bundled game (default: every one)")
    ap.add_argument("--think", default=None, help="the search bot's budget: iterations (1000, the default) or seconds (0.5s)")
    ap.add_argument("--variant", dest="variants", action="append", default=[], help="a variant of the game")
    ap.add_argument("--set", dest="sets", action="append", default=[], help="NAME=VALUE: a param of the game")
    ap.add_argument("--search", action="append", default=[], help="NAME=VALUE: a constant of interpreter/search.py")
    ap.add_argument("--per-game", help="a file to append each game's share to, a JSON line a game")
    ap.add_argument("--against", help="a file kept by --per-game: this run's shares compared seed by seed")
    ap.add_argument("--reveal", type=float, metavar="SHARE", help="show the search the real place of this share of the "
                    "cards (0 to 1): what the hidden cards are worth to it; not the bot")
    args = ap.parse_args()
    if args.reveal is not None and not 0 <= args.reveal <= 1:
        raise SystemExit(f"--reveal {args.reveal}: a share of the cards, from 0 to 1")
    if args.against and not Path(args.against).is_file():
        raise SystemExit(f"--against {args.against}: no such file (a run's --per-game file)")
    set_search(args.search)
    if args.reveal:
        reveal(args.reveal)
    for game_id in args.game or sorted(p.stem for p in games_dir().glob("*.yaml")):
        bench(game_id, args.games, args.seed, args.think, args.variants, args.sets, args.per_game, args.against)


if __name__ == "__main__":
    main()
