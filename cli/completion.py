"""What the shell completes after `kural`: game ids and rule files, a game's variants, bot kinds and
the names of a game's params for --set.

typer calls each function with the context of the command line typed so far (ctx.params), so a
variant or a param is completed for the game named before it on the line. A completion never fails
aloud: what does not read (a game that does not exist or does not load, a folder that cannot be
listed) completes nothing.
"""
from __future__ import annotations

import os
from pathlib import Path

from kural.dsl.errors import RuleError
from kural.dsl.paths import games_dir
from kural.interpreter.bots import KINDS

from kural.dsl.rulefiles import variant_files

RULE_SUFFIXES = (".yaml", ".yml")


def game_ids(ctx, incomplete: str) -> list[str]:
    """A game: the ids of the bundled games, and the rule files (and folders on the way to one)."""
    ids = [] if os.sep in incomplete else sorted(p.stem for p in games_dir().glob("*.yaml")
                                                 if p.stem.startswith(incomplete))
    return ids + rule_paths(incomplete, folders=not ids)


def variant_names(ctx, incomplete: str) -> list[str]:
    """A variant: the variant files of the game named earlier on the line (GAME, or diff's first file),
    and variant files by path."""
    base = _rule_file(ctx.params.get("game") or ctx.params.get("first"))
    names = [] if base is None or os.sep in incomplete else [
        p.stem for p in sorted(variant_files(base), key=lambda p: p.stem) if p.stem.startswith(incomplete)]
    return names + rule_paths(incomplete, folders=not names)


def param_names(ctx, incomplete: str) -> list[str]:
    """--set: `name=` for each param of the game named earlier on the line, with its variants."""
    game = ctx.params.get("game")
    if not game or "=" in incomplete:
        return []
    from kural.dsl.loader import load  # here: the rules compiler, only when a param is completed
    try:
        g = load(game, list(ctx.params.get("variant") or []))
    except (RuleError, OSError, ValueError):
        return []
    return [f"{name}=" for name in g.params if name.startswith(incomplete)]


def bot_kinds(ctx, incomplete: str) -> list[str]:
    """A bot kind, or the next kind of a comma list (`heuristic,ra` completes to `heuristic,random`)."""
    done, comma, last = incomplete.rpartition(",")
    return [done + comma + kind for kind in KINDS if kind.startswith(last)]


def rule_paths(incomplete: str, folders: bool = True) -> list[str]:
    """The rule files (.yaml, .yml) whose path starts with `incomplete`, and the folders (`name/`) that
    may hold one; hidden entries only when asked for with a leading dot."""
    head = incomplete[:incomplete.rfind(os.sep) + 1]
    start = incomplete[len(head):]
    try:
        entries = sorted(os.scandir(os.path.expanduser(head) or "."), key=lambda e: e.name)
    except OSError:
        return []
    out = []
    for entry in entries:
        if not entry.name.startswith(start) or (entry.name.startswith(".") and not start.startswith(".")):
            continue
        try:
            if entry.is_dir():
                if folders:
                    out.append(head + entry.name + os.sep)
            elif entry.name.endswith(RULE_SUFFIXES):
                out.append(head + entry.name)
        except OSError:
            continue
    return out


def _rule_file(game: str | None) -> Path | None:
    """The rule file a game id or path names, as the loader finds it (kural.dsl.rulefiles.find_game),
    without importing the rules compiler for a completion; None if there is none."""
    if not game:
        return None
    path = Path(game)
    candidate = path if path.suffix in RULE_SUFFIXES else games_dir() / f"{game}.yaml"
    return candidate if candidate.is_file() else None
