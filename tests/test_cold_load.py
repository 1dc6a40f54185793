"""A cold load (no kept game, dsl/gamecache.py) does each piece of work once: what these tests check is
the behaviour the cold-load figure of benchmarks/bench_load.py rests on, so that it cannot silently come
undone (no timings here). Every guarantee stays: errors at file:line:col, the same game."""
from __future__ import annotations

import pytest

from dsl import loader
from dsl.errors import RuleError


def test_a_variant_reads_its_base_game_once(monkeypatch):
    """The base game of a variant is named twice (the game, the variant's `extends`): it is read, parsed
    and composed once, and the load lists it once among the files a kept game is checked against."""
    read = []
    real = loader.load_text
    monkeypatch.setattr(loader, "load_text", lambda text, name: read.append(name) or real(text, name))
    r = loader.resolve("canasta", ["351"])
    assert sorted(read) == sorted({name for name in read}) and len(read) == 2, read
    assert [named for named, _, _ in r.src.files_read] == read


def test_an_error_in_a_base_game_is_still_at_its_place(tmp_path):
    """A base game read once still gives its own file:line:col to an error in it, met through a variant."""
    base = tmp_path / "mygame.yaml"
    base.write_text("game:\n  id: mygame\n  title: {en: x, tr: x}\nmoves:\n  go:\n    when: count(hand(me)) >\n",
                    encoding="utf-8")
    (tmp_path / "mygame").mkdir()
    variant = tmp_path / "mygame" / "v.yaml"
    variant.write_text("extends: mygame\nvariant:\n  id: v\n", encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        loader.load(str(base), [str(variant)])
    assert str(caught.value).startswith(f"{base}:"), caught.value
