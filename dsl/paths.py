"""Where the grammar and the bundled games are, installed or in a checkout."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def grammar_path() -> Path:
    installed = _HERE / "grammar.lark"  # a wheel carries it inside the package
    return installed if installed.exists() else _HERE.parent / "grammar.lark"


def games_dir() -> Path:
    installed = _HERE / "games"
    return installed if installed.is_dir() else _HERE.parent / "games"
