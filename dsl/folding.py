"""Folding: a pass over the typed tree (dsl/typed.py), node -> node, as Jinja2's optimizer is: a node whose
parts are constants becomes a constant node holding its value (`fold_<kind>`), any other is given back as
it is. The compiler's walk (dsl/compiler.py) runs it on each node it makes, its parts folded first; the
walk still decides what the errors need (a division by zero, a number out of range, a team past the last)
and which parts it compiles at all (a chain stops at its first term that decides it). A call of a pure
notion is worked out by the code its node writes (its lowering, dsl/lowering.py, run by
dsl/backend/evaluate.py): the value play would give.
"""
from __future__ import annotations

import operator

from .backend.evaluate import value_of
from .lowering import LOWER
from .typed import NO_VALUE, Typed, const, kind_of_value

COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
           ">": operator.gt, ">=": operator.ge}
ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
         "//": operator.floordiv, "%": operator.mod}
NOT_KNOWN = NO_VALUE


def known(t) -> object:
    """The value of a part known at load, or NOT_KNOWN (a zone read as its cards is not its id)."""
    if t.__class__ is Typed and not t.wrap:
        return t.value
    return NOT_KNOWN


def constant(t: Typed, value) -> Typed:
    """The constant node that stands for `t` once folded: its value, its program type and items' type."""
    ptype, elem = t.ptype, t.elem
    if ptype == "list" and elem == "card":
        kind = "cards"
    elif ptype in ("zone", "family", "area", "move"):
        kind = ptype
    else:
        kind = ptype if ptype != "any" else kind_of_value(value)
    out = const(value, kind, ptype=ptype)
    out.elem = elem
    return out


class Fold:
    """Folds a node of the typed tree: `visit(node)` gives its constant node, or the node itself."""

    def __init__(self):
        self.by_kind = {name[len("fold_"):]: getattr(self, name) for name in dir(self) if name.startswith("fold_")}

    def visit(self, t: Typed) -> Typed:
        fold = self.by_kind.get(t.data)
        return t if fold is None else fold(t)

    @staticmethod
    def values(t: Typed) -> list | None:
        """The values of the parts `t` is made from, when every one is known; else None."""
        out = []
        for x in (t.low if t.low is not None else t.children):
            if x.__class__ is Typed:
                if x.wrap or x.value is NOT_KNOWN:  # (`known`, inline: asked of most parts)
                    return None
                out.append(x.value)
        return out

    def fold_not_(self, t):
        values = self.values(t)
        return t if values is None else constant(t, not values[0])

    def fold_neg(self, t):
        values = self.values(t)
        return t if values is None else constant(t, -values[0])

    def fold_arith(self, t):
        """Two numbers (a division by zero raises ZeroDivisionError, for the walk to say; a float too large
        to hold folds to None, which the walk refuses as out of range)."""
        values = self.values(t)
        if values is None or t.info == "joined":
            return t
        try:
            value = ARITH[t.children[1]](*values)
        except OverflowError:
            value = None
        return constant(t, value)

    def fold_compare(self, t):
        values = self.values(t)
        if values is None:
            return t
        if t.info is None:
            return constant(t, COMPARE[t.children[1]](*values))
        faces, want = t.info[1], t.info[-1]  # cards are equal when their faces are
        face_a, face_b = (None if v is None else faces[v] for v in values)
        return constant(t, (face_a == face_b) == want)

    def fold_list(self, t):
        values = self.values(t)
        return t if values is None else constant(t, values)

    def fold_contains(self, t):
        """No card (a card param set to none) is in no zone and no list."""
        x = known(t.children[0])
        if x is None and t.children[1].ptype in ("zone", "cards", "list"):
            return constant(t, t.data == "not_contains")
        return t

    fold_not_contains = fold_contains

    def fold_cond(self, t):
        """The branch that applies, when the test is known (its words too: the branch as written)."""
        test = known(t.children[0])
        if test is NOT_KNOWN:
            return t
        return t.children[1] if test else t.children[2]

    def fold_call(self, t):
        how = t.info
        if how[0] == "owned":
            seat = known(t.children[1])
            return t if seat is NOT_KNOWN else named(t, how[1] + seat * how[2])
        if how[0] == "table":
            card = known(t.children[1])
            return t if card is NOT_KNOWN else constant(t, how[1][card])
        fn = how[1]
        if not fn.pure or self.values(t) is None:
            return t
        try:  # worked out by the code it writes: the value play would give
            value = value_of(LOWER.visit(t))
        except (TypeError, IndexError, KeyError):
            return t  # left to play time, where the value may differ
        return named(t, value) if t.ptype in ("zone", "area", "family") else constant(t, value)


def named(t: Typed, value) -> Typed:
    """`t` as written (a zone the words name by its owner), with its value known."""
    out = Typed(t.data, t.children, t.type, ptype=t.ptype, info=t.info)
    out.elem, out.value, out.low = t.elem, value, t.low
    return out


FOLD = Fold()
