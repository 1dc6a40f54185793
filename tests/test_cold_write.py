"""Issue 36, the cold load figure (load + compile canasta + 351, cache cold, under 74 ms): what a cold load
reads and writes (the rule files' texts, the module's source, its code, the kept game) costs each piece of
work once. Each test fails on the code before it (main at 8a22ec1)."""
from __future__ import annotations

import collections
import pickle

import pytest

from kural.dsl import gamecache
from kural.dsl.loader import load


@pytest.fixture(autouse=True)
def cold(tmp_path, monkeypatch):
    """Every load here is a cold one: an empty cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_the_kept_game_tells_each_class_once(monkeypatch):
    """Issue 36: keeping a game (dsl/gamecache.py) refuses any class but kural's own and a few builtin ones.
    Each class is told once, not once for each of its objects (a cold load of canasta + 351 keeps some
    2 000 objects of a few tens of classes): a class that pickle makes again its own way is asked about
    once, whatever the number of its objects."""
    g = load("canasta", ["351"])
    asked = collections.Counter()
    real = gamecache._Pickler.allowed

    def allowed(cls):
        asked[cls] += 1
        return real(cls)
    monkeypatch.setattr(gamecache._Pickler, "allowed", staticmethod(allowed))
    monkeypatch.setattr(gamecache._Pickler, "ways", {}, raising=False)
    gamecache._pickled(g.without_nodes())
    plain = {cls: n for cls, n in asked.items() if cls.__reduce__ is object.__reduce__}
    assert len(plain) > 5, "classes pickled their own way: the case this test is about"
    # (twice: for its objects, and for the class itself, written by its name once in the pickle)
    assert max(plain.values()) <= 2, {cls.__qualname__: n for cls, n in plain.items() if n > 2}


def test_the_kept_game_still_refuses_what_is_not_plain_data():
    """Issue 36: a class told once is still refused every time: a game holding a function is not kept,
    whatever was pickled before it by the same pickler class."""
    g = load("fantan")
    gamecache._pickled(g.without_nodes())  # its classes told first
    g.extra_function = len
    with pytest.raises(pickle.PicklingError):
        gamecache._pickled(g.without_nodes())


def test_each_node_is_walked_once_per_module(monkeypatch):
    """Issue 36: writing the module asks of each node of the typed program what it holds, whether it holds
    a rule and which locals it reads (dsl/backend/walks.py), again for every part around it. A node's
    fields are read once per module, into one entry that answers all three: before, each question kept
    its own table of the node, and the fields were read by each walk."""
    from kural.dsl.backend import generate as generating, walks
    read = collections.Counter()
    real = walks._entry

    def entry(node):
        read[id(node)] += 1
        return real(node)
    monkeypatch.setattr(walks, "_entry", entry)
    monkeypatch.setattr(generating, "forget", lambda: None)  # the entries looked at below, then forgotten
    try:
        load("canasta", ["351"])
        assert len(read) > 500, "canasta's module is written from hundreds of nodes: the case this test is about"
        assert set(read.values()) == {1}
        assert len(walks._SEEN) == len(read)
    finally:
        walks.forget()


def test_a_table_is_told_a_literal_without_a_call_per_number(monkeypatch):
    """Issue 36: a constant handed to the module is written by repr only if its repr reads back as the same
    value (dsl/backend/module.py); a table's numbers and texts are told at once, and only its rows (and
    what they hold that is not a number or a text) one by one. Before, every number of a row that held a
    list was told by a call of its own."""
    from kural.dsl.backend import module
    calls = []
    real = module._has_literal

    def told(value, depth=0):
        calls.append(value)
        return real(value, depth)
    monkeypatch.setattr(module, "_has_literal", told)
    rows = [(i, "x", (i, i + 1)) for i in range(50)]
    assert module._has_literal(rows)
    assert len(calls) == 1 + 2 * len(rows)  # the table, each row, each row's pair
    calls.clear()
    assert not module._has_literal([(1, float("nan"))])  # (still refused: no literal reads back a nan)


def test_the_parser_reads_a_trees_place_without_the_property(monkeypatch):
    """Issue 36: each tree the parser's loop makes (dsl/parser_lalr.py) takes its place from its first and
    last symbols; a tree it made has its Meta, read as it is. Before, each was read through Lark's
    `Tree.meta` property, a call for every symbol of every tree (a cold load of canasta + 351 parses some
    1 000 trees); the places are Lark's still (tests/test_parser_lalr.py)."""
    from lark import Tree
    from kural.dsl import parsing
    asked = []
    real = Tree.meta

    def meta(self):
        asked.append(self)
        return real.fget(self)
    monkeypatch.setattr(Tree, "meta", property(meta))
    tree = parsing.table_parser().parse("count(hand(me)) > 2 and not empty(deck) or score(me) >= 10", "expr")
    assert tree is not None and tree.meta.line == 1
    asked.clear()
    parsing.table_parser().parse("count(hand(me)) > 2 and not empty(deck) or score(me) >= 10", "expr")
    assert asked == []
