"""Issue 36, the cold load figure (load + compile canasta + 351, cache cold): a cold load does each piece of
its work once and only where it is used. These tests pin the waste that was taken out, so that it does not
come back: each fails on the code before them (main at dd0d6ab)."""
from __future__ import annotations

import sys

import pytest

from kural.dsl.typed import Typed, Word
from kural.dsl.compiler import Compiler
from kural.dsl.loader import load


@pytest.fixture(autouse=True)
def cold(tmp_path, monkeypatch):
    """Every load here is a cold one: an empty cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_words_recorded_only_for_the_parts_kept(monkeypatch):
    """Issue 36: the typed tree (dsl/typed.py) is what the teaching layer reads of each part of the rule file,
    and what lowering makes its program from (dsl/lowering.py); a part compiled outside one (each of a guard's
    versions, dsl/specialize.py) has typed nodes for lowering only, so none of what only the words read is
    built for it: no titled define's `named` node, no name that is not a value, no flat words of a chain.
    Before, every part compiled built its words (some two fifths of them thrown away)."""
    outside = []
    real_node, real_init = Typed.__init__, Compiler.__init__
    compilers = []

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        compilers.append(self)

    def node(self, data, *args, **kwargs):  # a node the compiler makes (itself, or by typed.const)
        caller = sys._getframe(1)
        caller = caller.f_back if caller.f_code.co_filename.endswith("typed.py") else caller
        real_node(self, data, *args, **kwargs)
        if caller.f_code.co_filename.endswith("compiler.py") and not compilers[-1].part:
            outside.append(self)
    monkeypatch.setattr(Compiler, "__init__", init)
    monkeypatch.setattr(Typed, "__init__", node)
    g = load("canasta", ["351"])
    assert any(m.specialize for m in g.moves), "canasta's guards have versions: the case this test is about"
    assert outside, "the versions' parts have typed nodes: lowering reads them"
    assert not [t.data for t in outside if t.data == "named" or (t.data == "var" and t.ptype is None)]
    assert not [t for t in outside if t.data in ("or_", "and_") and t.children]
    assert g.words().parts[("flow", "round", "end")] is not None  # the parts kept still have theirs


def test_folds_compile_the_module_header_once(monkeypatch):
    """Issue 36: a part folded or tabulated at load runs the code its node writes (dsl/backend/evaluate.py),
    with the names the generated module's header binds. The header is run once per process, not compiled
    again before each function a cold load of canasta + 351 folds with (most of its compile)."""
    import builtins
    from kural.dsl.backend import evaluate
    from kural.dsl.backend.module import HEADER
    monkeypatch.setattr(evaluate, "_CODE", {})
    monkeypatch.setattr(evaluate, "_HEADER_NAMES", None)
    texts = []
    real = builtins.compile

    def compile_(source, *args, **kwargs):
        if isinstance(source, str) and sys._getframe(1).f_code.co_filename.endswith("evaluate.py"):
            texts.append(source)
        return real(source, *args, **kwargs)
    monkeypatch.setattr(builtins, "compile", compile_)
    load("canasta", ["351"])
    monkeypatch.undo()
    first_import = HEADER.splitlines()[1]
    assert len(texts) > 3, "canasta + 351 folds parts with several functions: the case this test is about"
    assert sum(first_import in text for text in texts) == 1


def test_a_word_is_kept_once():
    """Issue 36: the words tree names the rule file's names hundreds of times (`card`, `me`, a define): each
    text is one Word, so the cache's pickle of the words (dsl/gamecache.py) writes it once and refers to it
    after; before, every mention was a Word of its own, made again and pickled again."""
    words = {}
    nodes = [node for node in load("canasta", ["351"]).words().parts.values() if isinstance(node, Typed)]
    mentions = [leaf for node in nodes for n in node.walk() for leaf in n.children if isinstance(leaf, Word)]
    for leaf in mentions:
        assert words.setdefault(str(leaf), leaf) is leaf, f"{leaf!r} is more than one Word"
    assert len(mentions) > 2 * len(words), "canasta's names are said many times: the case this test is about"


def test_pruning_the_cache_lists_its_folder_once(tmp_path, monkeypatch):
    """Issue 36: every cold load keeps a game and its compiled module, and prunes the cache after each
    (dsl/paths.py prune). It reads the folder once, telling names by their ends: no glob (whose patterns
    were compiled again in each process), and the least recently used files of that kind still go, with
    parts of files an hour old; files of another kind stay."""
    import os
    from pathlib import Path
    from kural.dsl.paths import prune
    for i in range(4):
        (tmp_path / f"game-{i}.pickle").write_bytes(b"")
        os.utime(tmp_path / f"game-{i}.pickle", (1000 + i, 1000 + i))
    (tmp_path / "game-9.pickle.77.part").write_bytes(b"")
    os.utime(tmp_path / "game-9.pickle.77.part", (1, 1))
    (tmp_path / "game-8.pickle.78.part").write_bytes(b"")  # being written now
    (tmp_path / "program-1.marshal").write_bytes(b"")

    def no_glob(*args, **kwargs):
        raise AssertionError("glob while pruning")
    monkeypatch.setattr(Path, "glob", no_glob)
    prune(tmp_path, "game-", ".pickle", 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == \
        ["game-2.pickle", "game-3.pickle", "game-8.pickle.78.part", "program-1.marshal"]


def test_the_module_is_compiled_in_pieces_that_keep_its_lines(monkeypatch):
    """Issue 36: Python holds the syntax tree of all it compiles at once; the played part of Kanasta's module
    compiled whole took some 5 MB more memory (new pages at every cold load). It is compiled in pieces of
    about a hundred lines (dsl/backend/program.py _compiled), each with the others' lines blank: together
    they are the part, each function is at its line of the module, and the compile holds far less."""
    import tracemalloc
    from kural.dsl.backend import program
    texts, peaks = [], []
    real = program._compiled

    def watched(text, key, *args):
        tracemalloc.start()
        try:
            return real(text, key, *args)
        finally:
            peaks.append(tracemalloc.get_traced_memory()[1] - tracemalloc.get_traced_memory()[0])
            tracemalloc.stop()
            texts.append(text)
    monkeypatch.setattr(program, "_compiled", watched)
    g = load("canasta", ["351"])
    (played,) = texts
    assert peaks[0] < 2_500_000, f"the compile held {peaks[0]} bytes more at its peak"
    lines = g.program.source.splitlines()
    for fn in [*g.program.legal, *g.program.apply, g.program.start_game]:  # (end_round: compiled at a round's end)
        assert lines[fn.__code__.co_firstlineno - 1].startswith(f"def {fn.__name__}("), fn.__name__
    assert len(played.splitlines()) == len(lines)


def test_a_part_about_a_card_is_tabulated_once(monkeypatch):
    """Issue 36: a pure part about one card is worked out for every card of the deck at load (dsl/compiler.py
    tabulate). A define is compiled again at each use (several checks, moves and preferences): the same part
    about the same card has the same table, worked out once per load, not once per use."""
    from kural.dsl import compiler
    asked = []
    real = compiler.table_of

    def counted(node, local, size):
        caller = sys._getframe(1).f_locals  # (_Unit.tabulate's: the part's tree and its card)
        asked.append((id(caller["t"]), caller["name"]))
        return real(node, local, size)
    monkeypatch.setattr(compiler, "table_of", counted)
    g = load("canasta", ["351"])
    assert any(m.specialize for m in g.moves)
    assert asked and len(asked) == len(set(asked))
