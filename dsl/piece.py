"""A compiled piece of a rule file: its closure f(state, env), its type, its value when known at load,
and its node of the typed program (dsl/ir.py). Also what stands for a piece (a Slot, a constant given
for a guard's version) and how effects are put together, each keeping its node."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import ir

NO_CONST = object()


@dataclass
class C:
    """A compiled piece: its closure, its type, and its value when known at load."""

    fn: Callable
    type: str
    const: Any = NO_CONST
    elem: str | None = None  # for lists: the type of their items
    node: Any = None  # its meaning as a node of the typed program (dsl/ir.py); None: only its closure

    @property
    def is_const(self) -> bool:
        return self.const is not NO_CONST

    @property
    def ir(self) -> ir.Node:
        """This part as a node of the typed program: its own node, or its constant."""
        if self.node is not None:
            return self.node
        if self.is_const:
            return ir.Const(self.type, self.const)
        raise AssertionError(f"a compiled part of type {self.type} with no node: every part is written as code")


def const(value, type_: str, elem: str | None = None) -> C:
    def constant(s, e):
        return value
    constant.value = value  # lets library notions precompute with it
    return C(constant, type_, value, elem)


def overridden(known, type_: str, elem: str | None) -> C:
    """A part given its value for a guard's version (dsl/specialize.py): that value, or a Slot's read."""
    if isinstance(known, Slot):
        return C(known.read, type_, elem=elem, node=ir.SlotRead(type_, known.index, known.part))
    return const(known, type_, elem)


class Slot:
    """A part of an expression with one value per position (see dsl/specialize.py): compiled, through
    `overrides`, as `read`, which works the part out at its first use after `forget()` and then gives
    that value again. It fails, if it fails, where and when the part itself would."""

    def __init__(self, fn: Callable, index: int = 0, part=None):
        self.index, self.part = index, part  # its number among the guard's remembered parts, and its node
        cell = [NO_CONST]

        def read(s, e):
            value = cell[0]
            if value is NO_CONST:
                value = cell[0] = fn(s, e)
            return value
        self.read, self.cell = read, cell

    def forget(self) -> None:
        self.cell[0] = NO_CONST


def with_node(fn: Callable, node) -> Callable:
    """A compiled effect (or index) and its node in the typed program, which the backend writes."""
    if getattr(fn, "node", None) not in (None, node):  # a closure with a meaning of its own: wrapped, never overwritten
        inner = fn
        fn = lambda s, e: inner(s, e)  # noqa: E731
    fn.node = node
    return fn


def in_order(fns: list[Callable]) -> Callable:
    """Effects run one after another, as one closure."""
    if not fns:
        return lambda s, e: None
    if len(fns) == 1:
        return fns[0]

    def run(s, e):
        for f in fns:
            f(s, e)
    return run
