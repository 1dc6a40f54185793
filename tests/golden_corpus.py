"""The golden corpus: sha256 of the records of fixed seeds, for every bundled game and variant.

Not a test module. `python tests/golden_corpus.py --write` records the hashes in
tests/golden/hashes.json (without --write it checks them, exit 1 on a change); tests/test_golden.py plays the same games and checks
that every hash is still the same, so a rebuild of the engine keeps every game
the same game. A hash that must change is changed by --write, in a commit that
says why.

Each config is a game (a bundled one, or a test game of tests/games/ as a user's own file), one variant file (or none), a player count the game
allows, and a bot kind for every seat; each plays seeds 1..SEEDS with --legal
(every move carries the legal moves offered), and the hash is of the record's
JSON line exactly as `kural simulate --record` writes it.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
HASHES = HERE / "golden" / "hashes.json"
sys.path[:0] = [str(HERE), str(HERE.parent)]  # run as a script from anywhere
SEEDS = 20
BOTS = ("random", "heuristic")
# Random bots never end a game that is a race to thousands of points; such a game
# runs to the move bound. This many moves of it are enough to pin the engine.
MOVE_CAP = 3000


OWN_GAMES = "tests/games"  # the test games of other genres, played as a user's own rule files


def own_game_files() -> list[str]:
    return sorted(f"{OWN_GAMES}/{p.name}" for p in (HERE / "games").glob("*.yaml"))


def located(game: str) -> str:
    """A bundled game's id as it is, an own game's file from the repository's root wherever this runs
    (its record names the file by that path: the hash is taken of the record with the path as given)."""
    return str(HERE.parent / game) if game.startswith(OWN_GAMES) else game


def configs() -> list[tuple[str, tuple[str, ...], int, str]]:
    from kural.dsl.errors import RuleError
    from kural.dsl.loader import load
    from all_games import game_ids, variant_ids
    out = []
    combos = [(game, [()] + [(v,) for v in variant_ids(game)]) for game in game_ids()]
    for game, variants in combos + [(f, [()]) for f in own_game_files()]:
        for combo in variants:
            for players in range(1, 9):  # every count the game allows: the others are refused at load
                try:
                    load(located(game), list(combo), players=players)
                except RuleError:
                    continue
                out.extend((game, combo, players, bots) for bots in BOTS)
    return out


def key(game: str, combo: tuple, players: int, bots: str) -> str:
    return f"{'+'.join((game,) + combo)}/{players}p/{bots}"


def hashes_of(game: str, combo: tuple, players: int, bots: str, seeds: range) -> list[str]:
    from kural.cli.simulate import play_one
    from kural.dsl.loader import load
    from kural.interpreter import record
    g = load(located(game), list(combo), players=players)
    g.max_moves = min(g.max_moves, MOVE_CAP)
    seats = list(g.seats.get("en") or []) + [f"#{i + 1}" for i in range(len(g.seats.get("en") or []), g.players)]
    out = []
    for seed in seeds:
        _, rec = play_one(g, seed, [bots] * g.players, True, True, seats)
        rec = json.loads(record.dumps(rec).replace(located(game), game)) if game != located(game) else rec
        out.append(hashlib.sha256(record.dumps(rec).encode()).hexdigest())
    return out


def compute(only: str | None = None) -> dict[str, list[str]]:
    table = {}
    for cfg in configs():
        k = key(*cfg)
        if only and only not in k:
            continue
        t = time.perf_counter()
        table[k] = hashes_of(*cfg, range(1, SEEDS + 1))
        print(f"{k}: {time.perf_counter() - t:.1f} s", file=sys.stderr)
    return table


def main() -> None:
    from hash_corpus import write_or_check  # (this folder is on the path: run as a script or by pytest)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write tests/golden/hashes.json")
    ap.add_argument("--only", help="configs whose key contains this text")
    a = ap.parse_args()
    write_or_check(compute(a.only), HASHES, a.write, "configs", a.only)


if __name__ == "__main__":
    main()
