"""Kanasta heuristic games counted in machine instructions, for this checkout and another commit: the
figure of bench_canasta.py by a count that a shared, busy machine does not move (issue 36).

    python benchmarks/cost_canasta.py --against 84ccd4a        # seed 1 of each game
    python benchmarks/cost_canasta.py --against 84ccd4a -n 2   # seeds 1-2

The games are bench_canasta.py's three (the 5200 game with 4 players, the 351 game with 4 and 2), played
by the heuristic bots with their plans, with 84ccd4a's rule files on both sides (--rules-of). The engine
keeps readings between games, as in bench_canasta.py's best run: the games are played once to warm it,
then counted. `valgrind --tool=callgrind` counts a process that plays them once and one that plays them
twice; the difference is the second playing. Printed: the instructions of each side and their ratio.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import apply, engine_at, legal, load, make_bot, new_game, result  # first: it puts the engine on the path

from bench_canasta import GAMES, rules_of

SCRIPT = Path(__file__).resolve()


def play(rules: str, seeds: range, passes: int) -> None:
    games = [load(rules, variants, [], players) for _, variants, players in GAMES]
    for _ in range(passes):
        for g in games:
            for seed in seeds:
                s = new_game(g, seed)
                bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(g.players)]
                while not s.over:
                    apply(s, bots[s.me].choose(s, legal(s)))
                result(s)


def instructions(rules: str, n: int, passes: int, cache: str) -> int:
    """The instructions valgrind counts in a process that loads the games and plays them `passes` times."""
    with tempfile.TemporaryDirectory() as out:
        args = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg", sys.executable, str(SCRIPT),
                "--inner", str(passes), "--rules", rules, "-n", str(n)]
        env = dict(os.environ, XDG_CACHE_HOME=cache)
        done = subprocess.run(args, env=env, check=True, capture_output=True, text=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def count(rules: str, n: int) -> int:
    """The instructions of the games' second playing (the engine measured: this process's)."""
    with tempfile.TemporaryDirectory() as cache:
        # the games kept in the cache first, whole: a cold load keeps the part every game plays, the next
        # load the part compiled later (dsl/backend/program.py _later_code). Kept by one load only, that part
        # was compiled by the first process counted and read by the second: its compile was counted as play.
        for _ in range(2):
            subprocess.run([sys.executable, str(SCRIPT), "--inner", "0", "--rules", rules, "-n", str(n)], check=True,
                           env=dict(os.environ, XDG_CACHE_HOME=cache))
        return instructions(rules, n, 2, cache) - instructions(rules, n, 1, cache)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1, help="seeds 1..n of each game (default 1)")
    parser.add_argument("--against", metavar="REV", help="also count the engine of this git commit")
    parser.add_argument("--rules-of", metavar="REV", default="84ccd4a", help="the rule files' commit (default 84ccd4a)")
    parser.add_argument("--inner", type=int, help=argparse.SUPPRESS)  # play the games this many times
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)  # print this engine's count
    parser.add_argument("--rules", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner is not None:
        play(args.rules, range(1, args.n + 1), args.inner)
        return
    if args.count:
        print(count(args.rules, args.n))
        return
    with tempfile.TemporaryDirectory() as tmp:
        rules = rules_of(args.rules_of, Path(tmp))
        mine = count(rules, args.n)
        print(f"this checkout: {mine:,} instructions (seeds 1-{args.n} of the three games, warm)")
        if args.against:
            theirs = int(engine_at(args.against, ["--count", "--rules", rules, "-n", str(args.n)], SCRIPT))
            print(f"{args.against}: {theirs:,} instructions; {args.against} ÷ now = {theirs / mine:.3f}")


if __name__ == "__main__":
    main()
