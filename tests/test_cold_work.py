"""Issue 36, the cold load figure (load + compile canasta + 351, cache cold): a cold load does each piece of
its work once and only where it is used. These tests pin the waste that was taken out, so that it does not
come back: each fails on the code before them (main at dd0d6ab)."""
from __future__ import annotations

import pytest

from kural.dsl import said
from kural.dsl.compiler import Compiler
from kural.dsl.loader import load


@pytest.fixture(autouse=True)
def cold(tmp_path, monkeypatch):
    """Every load here is a cold one: an empty cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_words_recorded_only_for_the_parts_kept(monkeypatch):
    """Issue 36: the words tree (dsl/said.py) is what the teaching layer reads of each part of the rule file;
    a part compiled outside one (each of a guard's versions, dsl/specialize.py) has words nobody reads, so
    none are built for it. Before, every part compiled built its words (some two fifths of them thrown away)."""
    outside = []
    real_of, real_init = said.of, Compiler.__init__
    compilers = []

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        compilers.append(self)

    def of(*args, **kwargs):
        if not compilers[-1].part:
            outside.append(args[0].data)
        return real_of(*args, **kwargs)
    monkeypatch.setattr(Compiler, "__init__", init)
    monkeypatch.setattr(said, "of", of)
    g = load("canasta", ["351"])
    assert any(m.specialize for m in g.moves), "canasta's guards have versions: the case this test is about"
    assert outside == []
    assert g.words().parts[("flow", "round", "end")] is not None  # the parts kept still have theirs
