"""The ways in to a playable game: `load`, kept in the user's cache under the names given (dsl/gamecache.py);
`load_for_record`, the game a record was played under. Each resolves the rule files (dsl/rulefiles.py) and
builds the game (dsl/building/), with what the teaching layer reads of it (`GameDef.words`): one load
for play and for the words alike."""
from __future__ import annotations

import functools
import gc
import hashlib
import os
from contextlib import contextmanager
from pathlib import Path

from typing import TYPE_CHECKING

from kural.interpreter.gamedef import GameDef
from . import gamecache
from .files import MAX_FILE_BYTES, read_at_most
from .paths import games_dir

if TYPE_CHECKING:
    from .rulefiles import Resolved
    from .yamlload import LDict


def load(game: str, variants: list[str] | tuple = (), sets: list[str] | tuple = (),
         players: int | None = None) -> GameDef:
    """The playable definition of a game, with its variants, --set overrides and --players count:
    the one kept in the user's cache when the same files were loaded so before (dsl/gamecache.py)."""
    key = _cache_key(game, variants, sets, players)
    g = gamecache.fetch(key, _unchanged, GameDef) if key else None
    if g is not None:  # its words are read back when first asked for (GameDef.words)
        g.words_kept = functools.partial(_words_of, g.words_kept, game, tuple(variants), tuple(sets), players)
    else:
        from .rulefiles import resolve  # (here: a game read back from the cache needs no YAML, parser or compiler)
        with _collected_once():
            r = resolve(game, variants)
            g = _built(r, sets, players)
            g.recorded.units_of = functools.partial(_units_again, game, tuple(variants))
            if key:  # only a game that loaded without error is kept
                gamecache.keep(key, r.src.files_read, g)
            del r  # (the rule files as read, freed before the collection, which then does not go through them)
    return g


def _units_again(game: str, variants) -> dict:
    """The parts `kural diff` and lint compare, from the rule files read again when first asked for: a load
    that plays neither walks them nor keeps the rule data as read for them (the collection after the build
    would go through it), and the cache does not keep them."""
    from .building.teaching import units
    from .rulefiles import resolve
    return units(resolve(game, list(variants)).data)


def _words_of(kept, game: str, variants, sets, players):
    """A game's words kept in the cache, or, when they cannot be read back (the file gone or damaged since
    the game was read from it), those of the game built again, as a cache miss builds it."""
    words = kept()
    if words is None:
        from .rulefiles import resolve
        with _collected_once():
            words = _built(resolve(game, list(variants)), sets, players).words()
    else:
        words.units_of = functools.partial(_units_again, game, tuple(variants))
    return words


@contextmanager
def _collected_once():
    """Python's collection of reference cycles held off while a game is built, then run once over what
    the build made (the youngest generation, as Python would when it is next due): building makes
    tens of thousands of objects, nearly all kept, and each collection due on the way went through
    the young ones again (and now and then through every object of the process)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
            gc.collect(0)


def _cache_key(game: str, variants, sets, players) -> str | None:
    """What finds a kept game: the names given, and what decides which files they name (the current
    folder for a relative path, the games kural has); None when that cannot be told (a folder gone)."""
    try:
        where = (os.getcwd(), str(games_dir()), sorted(os.listdir(games_dir())))
    except OSError:
        return None
    given = [["text", s] if type(s) is not str else s for s in sets]  # "row_rank=8" typed (a TextValue) is not 8 given
    return gamecache.key_of(*where, game, list(variants), given, players)


def _unchanged(files) -> bool:
    """Are the rule files a kept game was read from (path as named, resolved, sha256) the same still?"""
    for named, resolved, digest in files:
        if os.path.realpath(named) != resolved:  # what Path.resolve gives, without its objects
            return False
        try:
            raw = read_at_most(resolved, MAX_FILE_BYTES)
        except OSError:
            return False
        if hashlib.sha256(raw).hexdigest() != digest:
            return False
    return True


def _head(path: Path, layer: LDict) -> dict:
    """A variant file's `variant:` section, its id filled in."""
    from .rulefiles import variant_id
    head = dict(layer.get("variant") or {}) if isinstance(layer.get("variant"), dict) else {}
    head["id"] = variant_id(path, layer)
    return head


def _built(r: Resolved, sets, players: int | None) -> GameDef:
    from .building.game import build
    from .rulefiles import bundled
    g = build(r.data, r.src, sets, players)
    g.recorded.heads = [_head(path, layer) for path, layer in r.layers[1:]]
    g.variants = r.variant_ids
    g.source = "" if bundled(r.path) else str(r.path.resolve())
    # what a record needs to read the same files again from anywhere (none for the bundled games)
    g.files = {"variants": r.variant_names, "sha256": dict(r.src.sha256)} if r.src.sha256 else {}
    g.rule_files = tuple(dict.fromkeys(resolved for _, resolved, _ in r.src.files_read))
    return g


def load_for_record(record: dict) -> GameDef:
    """The definition a record was played under: its game, variants and every param's value."""
    from .building.param_values import param_sets
    from .errors import RuleError
    from .record_rules import resolve_for_record, unshown
    r = resolve_for_record(record)
    sets = param_sets(record.get("params") or {})
    seats = record.get("seats")
    try:
        return _built(r, sets, len(seats) if isinstance(seats, list) else None)
    except RuleError as exc:
        raise unshown(exc, r.src.sha256) from None

