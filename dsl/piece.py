"""A compiled piece of a rule file: its type, its value when known at load and its node of the typed tree
(dsl/typed.py: the part as checked, what its words read and what lowering reads), whose lowering
(dsl/lowering.py) is its node of the program (dsl/ir.py), the one meaning it has: the backend writes its
code, and load works a constant part out by that code (dsl/backend/evaluate.py). Also what a part given
its value for a guard's version is."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import ir
from . import lowering as _lowering
from .typed import NO_VALUE, Typed, const as typed_const, kind_of_value

NO_CONST = NO_VALUE


@dataclass
class C:
    """A compiled piece: its type, its value when known at load, its items' type and its node of the typed
    tree; `node` is a node of the program given outright (a built-in's, made before any rule is read)."""

    type: str
    const: Any = NO_CONST
    elem: str | None = None  # for lists: the type of their items
    node: Any = None  # a node of the program given outright (a built-in's); else its typed node's lowering
    typed: Any = None  # the part as checked (dsl/typed.py)

    @property
    def is_const(self) -> bool:
        return self.const is not NO_CONST

    @property
    def ir(self) -> ir.Node:
        """This part as a node of the program: its own node, or its constant."""
        if self.node is not None:
            return self.node
        if self.is_const:
            return ir.Const(self.type, self.const)
        if self.typed is not None:
            return _lowering.LOWER.visit(self.typed)
        raise AssertionError(f"a compiled part of type {self.type} with no node: every part is written as code")

    def with_typed(self, typed) -> "C":
        """This piece with `typed` as its node of the typed tree (a new piece: pieces are shared)."""
        return C(self.type, self.const, self.elem, self.node, typed)

    @property
    def words(self):
        """Its node as the words read it (dsl/typed.py `Typed.words`)."""
        return None if self.typed is None else self.typed.words


def const(value, type_: str, elem: str | None = None) -> C:
    return C(type_, value, elem)


def overridden(known, type_: str, elem: str | None) -> C:
    """A part given its value for a guard's version (dsl/specialize.py): that value, or a read of the
    part remembered for the position (a `slot` node, lowered to an ir.SlotRead made anew for each place it
    stands)."""
    if isinstance(known, ir.SlotRead):
        return C(type_, elem=elem, typed=Typed("slot", [], type_, info=(known.index, known.part)))
    kind = "cards" if type_ == "list" and elem == "card" else type_ if type_ != "any" else kind_of_value(known)
    return C(type_, known, elem, typed=typed_const(known, kind, ptype=type_))
