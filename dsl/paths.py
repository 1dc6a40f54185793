"""Where the grammar and the bundled games are, installed or in a checkout, and where a cache may go."""
from __future__ import annotations

import os
import time
from pathlib import Path

# The package kural is the checkout's root (pyproject.toml maps it so), installed or not: the grammar
# and the bundled games are beside dsl/ in both.
_ROOT = Path(__file__).resolve().parent.parent


def grammar_path() -> Path:
    return _ROOT / "grammar.lark"


def games_dir() -> Path:
    return _ROOT / "games"


def cache_dir() -> Path | None:
    """The user's cache folder for kural ($XDG_CACHE_HOME/kural, else ~/.cache/kural), made if need be;
    None when it cannot be (no home folder, a read-only one) or when it is not the user's own or others
    can write to it: kural then works without a cache."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    try:
        root = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"  # a relative XDG path is ignored
        folder = root / "kural"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        mode = folder.stat()
    except (OSError, RuntimeError):  # RuntimeError: Path.home() finds no home
        return None
    # What is kept there is run (compiled modules, kept games), as Python runs its .pyc files: only
    # from a folder that is the user's own and that nobody else can write to.
    if hasattr(os, "getuid") and (mode.st_uid != os.getuid() or mode.st_mode & 0o022):
        return None
    return folder


def prune(folder: Path, prefix: str, suffix: str, most: int) -> None:
    """At most `most` files `prefix*suffix` stay in a cache folder (the least recently used go), and no part
    of a file (`prefix*.part`) left by a process that stopped while writing: the folder cannot grow
    without bound. One listing of the folder, names told by their ends (a glob compiled a pattern for each
    look: every cold load prunes twice), and only the files of this kind looked at."""
    kept, parts = [], []
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if name.startswith(prefix):
                if name.endswith(suffix):
                    kept.append(entry)
                elif name.endswith(".part"):
                    parts.append(entry)
    if len(kept) > most:
        kept.sort(key=lambda e: e.stat().st_mtime, reverse=True)
        for old in kept[most:]:
            Path(old.path).unlink(missing_ok=True)
    for part in parts:
        if part.stat().st_mtime < time.time() - 3600:  # an hour old: no write takes that long
            Path(part.path).unlink(missing_ok=True)
