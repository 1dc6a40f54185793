"""The backend's listings: sha256 of the generated module of every game, as `kural compile` prints it.

Not a test module. `python tests/backend_listing.py --write` records, in tests/golden/programs.json, the
hash of the listing (the module's source, then the constants and objects it is handed) of every
bundled game, each variant, each player count the game allows, and the test games of tests/games/;
without --write it checks them (exit 1 on a change, naming the configs that changed). A rebuild of the
backend (dsl/backend/) keeps every module byte for byte; a hash that must change is changed by --write,
in a commit that says what changed in the source and why (issue 36). Games are built afresh, never
read back from the user's cache (a kept game keeps the module it was generated with), and each is read
by its file's path from the checkout's root (a bundled one as games/ID.yaml): the places the module
names are the same wherever the checkout is, and so is the module (a short place is written inline).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "golden" / "programs.json"
sys.path[:0] = [str(HERE), str(HERE.parent)]  # run as a script from anywhere


def games() -> list[tuple[str, tuple[str, ...], int]]:
    """Every (game, variants, players) of the golden corpus, once (the corpus plays each with two bots)."""
    from golden_corpus import configs
    return list(dict.fromkeys((game, combo, players) for game, combo, players, _bots in configs()))


def listing(game: str, combo: tuple, players: int) -> str:
    """The listing of the game's module, read from the checkout's root by its file's relative path."""
    from kural.dsl.loader import load
    path = game if game.endswith(".yaml") else f"games/{game}.yaml"
    return load(path, list(combo), players=players).program.listing()


def listing_hash(game: str, combo: tuple, players: int) -> str:
    return hashlib.sha256(listing(game, combo, players).encode()).hexdigest()


def compute() -> dict[str, str]:
    return {f"{'+'.join((game,) + combo)}/{players}p": listing_hash(game, combo, players)
            for game, combo, players in games()}


def main() -> None:
    from hash_corpus import write_or_check  # (this folder is on the path: run as a script or by pytest)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write tests/golden/programs.json")
    a = ap.parse_args()
    os.chdir(HERE.parent)  # (the places are relative to the checkout's root)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache  # built afresh: no kept game, no kept code
        table = compute()
    write_or_check(table, PROGRAMS, a.write, "modules")


if __name__ == "__main__":
    main()
