"""A compiled piece of a rule file: its type, its value when known at load, its node of the typed tree
(dsl/typed.py: the part as checked, what its words read) and its node of the program (dsl/ir.py), the
one meaning it has: the backend writes its code, and load works a constant part out by that code
(dsl/backend/evaluate.py). Also what a part given its value for a guard's version is."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import ir

NO_CONST = object()


@dataclass
class C:
    """A compiled piece: its type, its value when known at load, its items' type, its node of the program
    and its node of the typed tree."""

    type: str
    const: Any = NO_CONST
    elem: str | None = None  # for lists: the type of their items
    node: Any = None  # its meaning as a node of the program (dsl/ir.py); None: a constant (see `ir`)
    typed: Any = None  # the part as checked (dsl/typed.py); None for a part given its value (`overridden`)

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
        raise AssertionError(f"a compiled part of type {self.type} with no node: every part is written as code")

    def with_typed(self, typed) -> "C":
        """This piece with `typed` as its node of the typed tree (a new piece: pieces are shared)."""
        return C(self.type, self.const, self.elem, self.node, typed)


def const(value, type_: str, elem: str | None = None) -> C:
    return C(type_, value, elem)


def overridden(known, type_: str, elem: str | None) -> C:
    """A part given its value for a guard's version (dsl/specialize.py): that value, or a read of the
    part remembered for the position (an ir.SlotRead, made anew for each place it stands)."""
    if isinstance(known, ir.SlotRead):
        return C(type_, elem=elem, node=ir.SlotRead(type_, known.index, known.part))
    return const(known, type_, elem)
