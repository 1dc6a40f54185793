"""Kanasta playouts per second with the heuristic bots (the bots `kural simulate` uses to finish games),
and moves per second: the 5200 game and the 351 game.

    python benchmarks/bench_canasta.py                 # 4 games each, best of 2
    python benchmarks/bench_canasta.py -n 10 --repeat 1
    python benchmarks/bench_canasta.py --against 5e07999   # and the engine of that commit, same run
    python benchmarks/bench_canasta.py --no-plans --rules-of 5e07999 --against 5e07999   # the engine alone

There is no plain hand-written Kanasta to compare with (as there is for
Fantan and Fanti): the figures are the interpreter's alone, to follow from
one change to the next. `--no-plans` has the bots choose by their preferences
alone, without planning their turns (interpreter/plans.py): the bots of the
engines from before the plans, so that a ratio against one of them measures
the engine and not the plans' extra work. `--rules-of REV` plays the rule
files of that commit (with both flags, the two engines play the same games,
move for move: the ratio is the engine's alone). A game is whole: every hand until a partnership
reaches the target (C22, D11), with legal moves from the rule file's guards,
meld readings, the bots' preferences and each hand's scoring.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import tempfile
import time
from pathlib import Path

from timing import apply, engine_at, legal, load, make_bot, new_game, result  # first: it puts the engine on the path



GAMES = (("5200 game, 4 players", [], 4), ("351 game, 4 players", ["351"], 4), ("351 game, 2 players", ["351"], 2))


def heuristic_games(g, seeds, plans: bool = True, games: list | None = None) -> tuple[int, int]:
    """(moves, hands) over whole games with heuristic bots at every seat (plans: as `kural simulate`
    plays, else by the preferences alone; an engine from before the plans has only the latter). Each
    game's moves and result are appended to `games` if given (what shows two engines played the same games)."""
    moves = hands = 0
    for seed in seeds:
        s = new_game(g, seed)
        bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(g.players)]
        chooses = [bot.choose if plans else getattr(bot, "prefer", bot.choose) for bot in bots]
        while not s.over:
            apply(s, chooses[s.me](s, legal(s)))
        result(s)
        if s.aborted:
            raise SystemExit(f"seed {seed}: the game hit the move bound")
        moves += len(s.history)
        hands += s.rounds_played
        if games is not None:
            games.append(repr((s.history, result(s))))
    return moves, hands


def rules_of(rev: str, into: Path) -> str:
    """The path of commit `rev`'s games/canasta.yaml, written with its variant files under `into`."""
    root = Path(__file__).resolve().parent.parent
    names = subprocess.run(["git", "-C", str(root), "ls-tree", "-r", "--name-only", rev, "games/canasta.yaml",
                            "games/canasta/"], check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        text = subprocess.run(["git", "-C", str(root), "show", f"{rev}:{name}"], check=True,
                              capture_output=True, text=True).stdout
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        (into / name).write_text(text, encoding="utf-8")
    return str(into / "games" / "canasta.yaml")


def measure(g, seeds, repeat: int, plans: bool) -> tuple[float, float, float, float, float, str]:
    """Games/s and moves/s (the best run by the clock), moves and hands a game, the best run's CPU seconds
    (this process's, user + sys) and a digest of every game's moves and result."""
    best = cpu = None
    for _ in range(repeat):
        games: list = []
        start, cpu_start = time.perf_counter(), time.process_time()
        moves, hands = heuristic_games(g, seeds, plans, games)
        took, cpu_took = time.perf_counter() - start, time.process_time() - cpu_start
        best = took if best is None else min(best, took)
        cpu = cpu_took if cpu is None else min(cpu, cpu_took)
    n = len(seeds)
    return n / best, moves / best, moves / n, hands / n, cpu, hashlib.sha256("\n".join(games).encode()).hexdigest()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=4, help="games per run (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--repeat", type=int, default=2, help="runs; the best counts (default 2)")
    parser.add_argument("--against", metavar="REV", help="also measure the engine of this git commit "
                        "(a throwaway worktree), in the same run, and print the ratio of moves/s")
    parser.add_argument("--no-plans", action="store_true", help="the bots choose by their preferences alone, "
                        "without turn plans (to compare engines, not bots)")
    parser.add_argument("--rules-of", metavar="REV", help="play the Kanasta rule files of this git commit")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.n)
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        game = rules_of(args.rules_of, Path(tmp)) if args.rules_of else "canasta"
        for label, variants, players in GAMES:
            g = load(game, variants, [], players)
            figures[label] = measure(g, seeds, args.repeat, not args.no_plans)
    if args.json:
        print(json.dumps(figures))
        return
    old = {}
    if args.against:
        inner = ["-n", str(args.n), "--seed", str(args.seed), "--repeat", str(args.repeat), "--json"]
        inner += ["--no-plans"] if args.no_plans else []
        inner += ["--rules-of", args.rules_of] if args.rules_of else []
        old = json.loads(engine_at(args.against, inner, Path(__file__).resolve()))
    print(f"games per run: {args.n}, best of {args.repeat}, heuristic bots"
          + (" (preferences alone, no turn plans)" if args.no_plans else ""))
    for label, (games, moves, per_game, hands, cpu, digest) in figures.items():
        ratio = f"  {moves / old[label][1]:5.2f}x the moves/s of {args.against}" if label in old else ""
        print(f"{label:22} {games:6.2f} games/s  {moves:8.0f} moves/s  "
              f"{per_game:6.0f} moves and {hands:4.1f} hands a game  {cpu:6.3f} s CPU{ratio}")
    if old:
        same = all(old[label][5] == figures[label][5] for label in figures)
        mine, theirs = sum(f[4] for f in figures.values()), sum(old[label][4] for label in figures)
        print(f"CPU time of {args.against} ÷ now, the three games: {theirs:.3f} / {mine:.3f} s = {theirs / mine:.2f}; "
              + ("the same games, move for move" if same else "NOT the same games (the ratio compares different play)"))


if __name__ == "__main__":
    main()
