"""Every bundled game and variant, found in games/ (never named here).

Not a test module. The generic tests (fuzzed play, records) run over what
this finds, so a game added to games/ is held to them without a line of
test code: each game alone, each of its variant files with it, every pair
of its variants (or neighbouring pairs when there are many), and all its
variants at once. A combination of variants that the loader refuses as
contradictory is left out; a base game or a single variant that fails to
load is an error.
"""
from __future__ import annotations

import functools
from itertools import combinations

from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.dsl.rulefiles import variant_dir
from kural.dsl.paths import games_dir
from kural.dsl.yamlload import LDict, LList

MAX_ALL_PAIRS = 6  # with more variants than this, only neighbouring pairs (in name order)


def game_ids() -> list[str]:
    return sorted(p.stem for p in games_dir().glob("*.yaml"))


def variant_ids(game: str) -> list[str]:
    return sorted(p.stem for p in variant_dir(games_dir() / f"{game}.yaml").glob("*.yaml"))


@functools.lru_cache(maxsize=None)
def loaded(game: str, variants: tuple = ()):
    """A GameDef, cached: loading is the slow part."""
    return load(game, list(variants))


@functools.lru_cache(maxsize=None)
def configs(game: str) -> tuple[tuple[str, ...], ...]:
    """The variant combinations of one game that the fuzzer plays (the base game first)."""
    names = variant_ids(game)
    out: list[tuple[str, ...]] = [()] + [(v,) for v in names]
    pairs = list(combinations(names, 2)) if len(names) <= MAX_ALL_PAIRS else list(zip(names, names[1:]))
    extra = pairs + ([tuple(names)] if len(names) > 2 else [])
    for combo in extra:
        try:
            loaded(game, combo)
        except RuleError:  # contradictory variants may be refused at load; that is not play
            continue
        out.append(combo)
    return tuple(out)


def all_configs() -> list[tuple[str, tuple[str, ...]]]:
    return [(game, combo) for game in game_ids() for combo in configs(game)]


def config_id(game: str, combo: tuple) -> str:
    return "+".join((game,) + tuple(combo))


WHOLE_GAME_MOVES = 2000  # a game played whole through `kural play` in a test must end within this many moves


@functools.lru_cache(maxsize=None)
def short_game_ids() -> list[str]:
    """The games a test may play whole through the command line (a subprocess, a person answering "1" at
    every prompt): those that random bots end within WHOLE_GAME_MOVES moves. Measured, never named: a
    race to thousands of points (Kanasta) is left to its own pipe test, played to a low target."""
    from kural.interpreter.bots import make_bot
    from kural.interpreter.engine import apply, new_game
    from kural.interpreter.legal import legal_moves
    out = []
    for game in game_ids():
        g = loaded(game)
        s = new_game(g, 1)
        bots = [make_bot("random", seat) for seat in range(g.players)]
        while not s.over and len(s.history) < WHOLE_GAME_MOVES:
            apply(s, bots[s.me].choose(s, legal_moves(s)))
        if s.over and not s.aborted:
            out.append(game)
    return out


def texts_of(value):
    """Every text of a loaded rule file (its mappings' values and lists' items, depth first): what the
    parser tests feed the expression parser."""
    if isinstance(value, LDict):
        for v in value.values():
            yield from texts_of(v)
    elif isinstance(value, LList):
        for v in value:
            yield from texts_of(v)
    elif isinstance(value, str):
        yield str(value)
