"""Issue 36, the cold load figure: what `kural diff` compares of each part (its expressions and effects as
written, dsl/said.py `Written`) is kept as text at load and made a tree only where two parts are compared.
The comparison is unchanged: two texts that parse to the same tree are the same part (F7, F8 below)."""
from __future__ import annotations

import pytest

from kural.dsl import said
from kural.dsl.typed import Typed
from kural.dsl.loader import load
from kural.dsl.teach import changes as diffing


@pytest.fixture(autouse=True)
def cold(tmp_path, monkeypatch):
    """Every load here is a cold one: an empty cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_a_load_makes_no_tree_of_the_parts_as_written(monkeypatch):
    """Issue 36: a cold load of canasta + 351 made the written tree of every expression and effect (and
    parsed 7 texts the compiler never parsed) for `kural diff`, which most loads never run. Now none."""
    made = []
    real = said.written
    monkeypatch.setattr(said, "written", lambda t: made.append(t) or real(t))
    g = load("canasta", ["351"])
    assert g.words().units, "the parts kural diff compares are still kept"
    assert made == []


def changes_of(tmp_path, body: str):
    path = tmp_path / "v.yaml"
    path.write_text("extends: fantan\nvariant: {id: v}\n" + body, encoding="utf-8")
    left, right, _, _ = diffing.sides("fantan", str(path))
    return [(c.kind, c.name, c.status) for c in diffing.compare(left, right, "en")]


def test_a_part_written_with_other_spacing_is_the_same_part(tmp_path):
    """Issue 36 (kural diff unchanged): F7's round end and F8's game end, written with other spacing and
    brackets, parse to the same trees: no change. A changed bound (F8: two hands) is one change."""
    same = "flow:\n  round:\n    end: \"empty( hand (me) )\"\n  end: (rounds_played)>=1\n"
    assert changes_of(tmp_path, same) == []
    other = "flow:\n  end: rounds_played >= 2\n"
    assert changes_of(tmp_path, other) == [("flow", "flow.end", "changed")]


def test_written_parts_compare_by_their_trees():
    """Issue 36: `Written` is equal to another exactly when their trees are; a text that does not parse
    is compared as written."""
    assert said.Written("a+ 1", "expr") == said.Written("a + 1", "expr")
    assert said.Written("a + 1", "expr") != said.Written("a + 2", "expr")
    assert said.Written("a +", "expr") != said.Written("a + 1", "expr")
    assert said.Written("a +", "expr") == said.Written("a +", "expr")


def test_the_collection_after_a_load_does_not_go_through_the_files_as_read(monkeypatch):
    """Issue 36: a cold load runs one collection of cycles over what the build made (dsl/loader.py
    `_collected_once`); the rule files as read (thousands of values, each with its place), which the
    game does not keep, are freed before it, not walked by it and freed after."""
    import gc
    import weakref
    from kural.dsl import rulefiles
    read, alive = [], []
    real = rulefiles.resolve

    def resolve(*args, **kwargs):
        r = real(*args, **kwargs)
        read.append(weakref.ref(r.data))
        return r

    def collecting(phase, info):
        if phase == "start" and read:
            alive.append(read[-1]() is not None)
    monkeypatch.setattr(rulefiles, "resolve", resolve)
    gc.callbacks.append(collecting)
    try:
        load("canasta", ["351"])
    finally:
        gc.callbacks.remove(collecting)
    assert read and alive and not alive[0]


def test_the_parts_as_written_are_read_back_from_the_cache():
    """Issue 36: the cache keeps the parts as written (texts) and reads them back (not built again):
    the same parts, and each compares as the built one does (by its tree)."""
    built = load("fantan", ["maca7"]).words().units
    read = load("fantan", ["maca7"])
    assert read.recorded is None  # (a game read back: its words come from the cache)
    units = read.words().units
    assert units == built
    texts = [v for _, v, *_ in units.values() if isinstance(v, said.Written)]
    assert texts and all(isinstance(t.tree(), Typed) for t in texts)
