"""Not a test module: a test game with one piece of it replaced, loaded (or refused) from a temp folder."""
from __future__ import annotations

import pytest

from kural.dsl.errors import RuleError
from kural.dsl.loader import load


def refusal_of_edit(game_path, tmp_path, old: str, new: str, **load_args) -> RuleError:
    """Load the game with `old` replaced by `new` (once); the RuleError it must raise."""
    text = game_path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {game_path.name}: the test no longer edits what it means to"
    path = tmp_path / game_path.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RuleError) as info:
        load(str(path), **load_args)
    return info.value
