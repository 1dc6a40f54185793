"""The key that tells two parts alike: the same nodes, and notions that write them with the same values, so
that where versions are picked (Module.picked) the same part of several moves has one key in the position's
cache. Computed from the nodes and what their writers hold, never from the source written for them.
"""
from __future__ import annotations

from types import FunctionType

from kural.interpreter.messages import Msg

from .. import ir

_PLAIN = (bool, int, float, str, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)
_DEEP = 40  # what a writer holds is followed this deep; deeper, an object is itself only
# The keys of the nodes and writers found while one module is generated whose key is the same in every
# frame (no local given a value by Expr.per_item): a part is asked again by every kept part around it.
# Each entry holds its object, so that the id it is kept under is that object's while the entry lives.
_KNOWN: dict[int, tuple] = {}


def forget() -> None:
    """The keys found, forgotten: they are of one module's nodes (generate calls it when done)."""
    _KNOWN.clear()


class PartKey:
    """The key of one part written in `frame`: a local by its name in the rule file (two rules alike bind
    the same name: what they are is named by it; a frame binds its own Python name for it), one given a
    value (Expr.per_item) by that value."""

    def __init__(self, frame):
        self.frame = frame
        self.framed = 0  # how many keys so far depended on the frame (a local given a value, a name made anew)

    def of(self, value, depth: int = 0):
        if isinstance(value, _PLAIN):
            return type(value).__name__, value
        if depth > _DEEP:
            return "id", id(value)
        if isinstance(value, ir.Node):
            return self.node(value, depth)
        if isinstance(value, (list, tuple)):
            if _PLAIN_TYPES.issuperset(map(type, value)):  # a table of numbers or words: by its literal, as
                return type(value).__name__, repr(value)  # Module.constant names it
            return type(value).__name__, tuple(self.of(v, depth + 1) for v in value)
        if isinstance(value, frozenset):
            return "frozenset", frozenset(self.of(v, depth + 1) for v in value)
        if isinstance(value, dict):
            return "dict", tuple((self.of(k, depth + 1), self.of(v, depth + 1)) for k, v in value.items())
        if isinstance(value, Msg):
            return "Msg", value.key, self.of(dict(value.values), depth + 1)
        if isinstance(value, FunctionType):  # a writer, or what it holds: its code and the values it closes over
            return self.known(value, depth, self.function)
        if type(value).__name__ == "C":  # a compiled argument a writer holds (dsl/compiler.py): its node
            return "C", value.type, value.elem, self.of(value.node, depth + 1), \
                self.of(value.const, depth + 1) if value.node is None else None
        return "id", id(value)  # (an object handed to the module by its identity, as its name is)

    def known(self, value, depth: int, work):
        """work(value, depth), kept for the module when it did not depend on the frame."""
        found = _KNOWN.get(id(value))
        if found is not None:
            return found[1]
        framed = self.framed
        key = work(value, depth)
        if self.framed == framed:
            _KNOWN[id(value)] = (value, key)
        return key

    def function(self, value: FunctionType, depth: int):
        cells = tuple(self.of(c.cell_contents, depth + 1) for c in value.__closure__ or ())
        return "fn", value.__code__, cells

    def node(self, n: ir.Node, depth: int):
        if isinstance(n, ir.Local):
            py = self.frame.names.get(n.name)  # a name bound (new in each frame), or a value written for it
            if py in self.frame.made or py is None:
                return "local", n.name
            self.framed += 1  # (Expr.per_item: the value of this pass)
            return "value", py
        return self.known(n, depth, self.plain_node)

    def plain_node(self, n: ir.Node, depth: int):
        if isinstance(n, ir.Call):
            if getattr(n.write, "names_its_own", False):  # a notion that binds a name of its own: alike to none
                self.framed += 1  # (anew in every frame)
                return "own", object()
            return "call", n.type, self.of(n.write, depth + 1), tuple(self.of(a, depth + 1) for a in n.args)
        if isinstance(n, ir.Lambda):  # (its argument's name: what the rule is named by)
            return "rule", n.name, n.type, n.weight, n.where, self.of(n.body, depth + 1)
        return (type(n).__name__,) + tuple((k, self.of(v, depth + 1)) for k, v in vars(n).items())
