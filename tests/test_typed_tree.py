"""Issue 36, "everything reads the same tree": the compiler's walk gives each part of a rule file its node
of the typed tree (dsl/typed.py) on the piece it checks (dsl/piece.py `C.typed`), and that very node is
what the teaching layer reads of the part; there is no second tree recorded beside the walk (no
dsl/recording.py, no frames of nodes keyed by the parse's trees)."""
from __future__ import annotations

import importlib.util

import pytest

from kural.dsl.building import game as building
from kural.dsl.compiler import Compiler
from kural.dsl.loader import load
from kural.dsl.typed import Typed


@pytest.fixture(autouse=True)
def cold(tmp_path, monkeypatch):
    """Every load here builds its game: an empty cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_the_words_of_a_part_are_the_typed_node_its_piece_was_checked_as(monkeypatch):
    """Issue 36: the node the words keep for an expression (a guard, a round's end, a result) is the one
    the compiler's piece carries, the same object, not a copy recorded apart."""
    seen = []
    real = building._Builder.expr_at

    def expr_at(self, comp, path, src, locals_, expect=None):
        out = real(self, comp, path, src, locals_, expect)
        seen.append((path, out))
        return out
    monkeypatch.setattr(building._Builder, "expr_at", expr_at)
    g = load("canasta", ["351"])
    parts = g.words().parts
    assert len(seen) > 20, "canasta's rule file has many expressions: the case this test is about"
    for path, out in seen:
        assert isinstance(out.typed, Typed) and parts[path] is out.typed, path


def test_no_second_tree_is_recorded_beside_the_walk():
    """Issue 36: no recording mode of the compiler: its module is gone, and a compiler keeps no frames of
    nodes by the id of the parse's trees."""
    assert importlib.util.find_spec("kural.dsl.recording") is None
    comp = Compiler({}, None, {})
    assert not hasattr(comp, "frames")


def test_card_lookup_fusion_is_a_pass_over_the_programs_nodes():
    """Issue 36 (fusion as a pass, ir -> ir): an `or` of two tables about one card becomes one table, the
    cards either passes; an `and` of them, and a term about another card, are left as they are."""
    from kural.dsl import ir
    from kural.dsl.lookups import fuse_card_lookups

    def table(passes, name="card"):
        return ir.Lookup("bool", passes, ir.Local("card", name))
    other = table([True, False, False], "c2")
    fused = fuse_card_lookups(ir.Chain("bool", "or", [table([True, False, False]), other,
                                                       table([False, False, True])]), 3)
    assert isinstance(fused, ir.Chain) and len(fused.terms) == 2 and fused.terms[1] is other
    assert fused.terms[0].table == [True, False, True] and fused.terms[0].key.name == "card"
    both = ir.Chain("bool", "and", [table([True, False, False]), table([False, False, True])])
    assert fuse_card_lookups(both, 3) is both


def test_the_walk_makes_no_node_of_the_program_lowering_does(monkeypatch):
    """Issue 36 (lowering as one visitor): while the compiler's walk resolves and checks a rule file it
    makes typed nodes only; every node of the program (dsl/ir.py) of a part is made by the `Lower` visitor
    (dsl/lowering.py) from a typed node, none by code of dsl/compiler.py (its checks and folds included)."""
    import os
    import sys

    import kural
    from kural.dsl import ir
    made_by, root = {}, os.path.dirname(kural.__file__)

    def spy(cls):
        real = cls.__init__

        def init(self, *args, **kwargs):
            where = os.path.relpath(sys._getframe(1).f_code.co_filename, root).replace(os.sep, "/")
            made_by.setdefault(where, set()).add(cls.__name__)
            real(self, *args, **kwargs)
        monkeypatch.setattr(cls, "__init__", init)
    for cls in vars(ir).values():
        if isinstance(cls, type) and issubclass(cls, ir.Node) and cls is not ir.Node:
            spy(cls)
    load("canasta", ["351"])
    assert "dsl/lowering.py" in made_by, made_by  # (the spy sees the nodes made)
    assert "dsl/compiler.py" not in made_by, made_by["dsl/compiler.py"]


def test_a_typed_node_lowers_to_the_parts_program_node_made_afresh(monkeypatch):
    """Issue 36: a part's typed node carries all lowering needs (types, constants, what its names resolve
    to): lowering each part's typed tree again, with no node kept from the walk, makes new nodes of the
    same shape as the part's program."""
    from dataclasses import fields

    from kural.dsl import ir
    from kural.dsl.lowering import Lower

    parts = []
    real = Compiler.expr

    def expr(self, text, locals_=None, expect=None):
        out = real(self, text, locals_, expect)
        parts.append(out)
        return out
    monkeypatch.setattr(Compiler, "expr", expr)
    load("fantan", [])

    def shape(x):
        if isinstance(x, ir.Node):
            return (type(x).__name__, *(shape(getattr(x, f.name)) for f in fields(x)))
        if isinstance(x, (list, tuple)):
            return tuple(shape(y) for y in x)
        return x.__qualname__ if callable(x) else x

    def forget(t, seen):
        if isinstance(t, Typed) and id(t) not in seen:
            seen.add(id(t))
            t.base = t.lowered = None
            for x in [*t.children, *(t.low or [])]:
                forget(x, seen)
    lowered = [out for out in parts if not out.is_const and out.node is None]
    assert len(lowered) > 10, "fantan's guards and conditions: the case this test is about"
    for out in lowered:
        before = out.ir
        forget(out.typed, set())
        again = Lower().visit(out.typed)
        assert again is not before and shape(again) == shape(before)


def test_folding_is_a_pass_from_typed_node_to_typed_node():
    """Issue 36 (folding as a pass, node -> node): a node of the typed tree whose parts are constants folds
    to one constant node holding its value (`2 * 3`: 6; a test known at load: its branch); a node with a part
    known only in play is given back as it is."""
    from kural.dsl.folding import FOLD
    from kural.dsl.typed import const, word

    def num(n):
        return const(n, "num", ptype="num")
    product = Typed("arith", [num(2), word("*"), num(3)], "num")
    folded = FOLD.visit(product)
    assert folded.data == "const" and folded.value == 6 and folded.ptype == "num"
    seat = Typed("var", [word("me")], "num", info=("local", "me"))
    assert FOLD.visit(Typed("arith", [seat, word("*"), num(3)], "num")) is not None
    assert FOLD.visit(Typed("arith", [seat, word("*"), num(3)], "num")).data == "arith"
    yes, no = num(1), Typed("arith", [seat, word("+"), num(1)], "num")
    assert FOLD.visit(Typed("cond", [const(True, "bool"), yes, no], "num")) is yes
    assert FOLD.visit(Typed("cond", [const(False, "bool"), yes, no], "num")) is no


def test_the_walk_folds_by_the_pass(monkeypatch):
    """Issue 36: the compiler's walk, and the guards' versions made from its tree (dsl/specialize.py), fold
    through the folding pass (dsl/folding.py), not by code of their own: the params' tests and negations
    canasta's rule file folds at load, and the branches a version's parts decide, are the pass's."""
    from kural.dsl import compiler, specialize
    from kural.dsl.folding import Fold

    folded = []

    class Spy(Fold):
        def visit(self, t):
            out = super().visit(t)
            if out is not t:
                folded.append(t.data)
            return out
    monkeypatch.setattr(compiler, "FOLD", Spy())
    monkeypatch.setattr(specialize, "FOLD", compiler.FOLD)
    load("canasta", ["351"])
    assert {"cond", "not_", "neg"} <= set(folded), sorted(set(folded))
