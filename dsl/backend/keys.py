"""The key that tells two parts alike: the same nodes, and notions that write them with the same values, so
that where versions are picked (Module.picked) the same part of several moves has one key in the position's
cache. Computed from the nodes and what their writers hold, never from the source written for them.
"""
from __future__ import annotations

from types import FunctionType

from kural.interpreter.messages import Msg

from .. import ir

_PLAIN = (bool, int, float, str, type(None))
_DEEP = 40  # what a writer holds is followed this deep; deeper, an object is itself only


class PartKey:
    """The key of one part written in `frame`: a local by its name in the rule file (two rules alike bind
    the same name: what they are is named by it; a frame binds its own Python name for it), one given a
    value (Expr.per_item) by that value, a remembered part by the order it is read in."""

    def __init__(self, frame):
        self.frame = frame
        self.inside: dict[str, int] = {}  # a rule's argument bound inside the part -> how many rules bind it
        self.slots: dict[int, int] = {}  # a remembered part (its index) -> its number in this part

    def of(self, value, depth: int = 0):
        if isinstance(value, _PLAIN):
            return type(value).__name__, value
        if depth > _DEEP:
            return "id", id(value)
        if isinstance(value, ir.Node):
            return self.node(value, depth)
        if isinstance(value, (list, tuple)):
            return type(value).__name__, tuple(self.of(v, depth + 1) for v in value)
        if isinstance(value, frozenset):
            return "frozenset", frozenset(self.of(v, depth + 1) for v in value)
        if isinstance(value, dict):
            return "dict", tuple((self.of(k, depth + 1), self.of(v, depth + 1)) for k, v in value.items())
        if isinstance(value, Msg):
            return "Msg", value.key, self.of(dict(value.values), depth + 1)
        if isinstance(value, FunctionType):  # a writer, or what it holds: its code and the values it closes over
            cells = tuple(self.of(c.cell_contents, depth + 1) for c in value.__closure__ or ())
            return "fn", value.__code__, cells
        if type(value).__name__ == "C":  # a compiled argument a writer holds (dsl/compiler.py): its node
            return "C", value.type, value.elem, self.of(value.node, depth + 1), \
                self.of(value.const, depth + 1) if value.node is None else None
        return "id", id(value)  # (an object handed to the module by its identity, as its name is)

    def node(self, n: ir.Node, depth: int):
        if isinstance(n, ir.Local):
            if n.name in self.inside:
                return "arg", n.name, self.inside[n.name]
            py = self.frame.names.get(n.name)  # a name the frame bound (new in each frame), or a value written
            return ("local", n.name) if py in self.frame.made else ("value", py)
        if isinstance(n, ir.Lambda):
            self.inside[n.name] = self.inside.get(n.name, 0) + 1
            try:
                return "rule", n.name, n.type, n.weight, n.where, self.of(n.body, depth + 1)
            finally:
                self.inside[n.name] -= 1
                if not self.inside[n.name]:
                    del self.inside[n.name]
        if isinstance(n, ir.SlotRead):
            return "slot", self.slots.setdefault(n.index, len(self.slots)), self.of(n.part, depth + 1)
        if isinstance(n, ir.Call):
            if getattr(n.write, "names_its_own", False):  # a notion that binds a name of its own: alike to none
                return "own", object()
            return "call", n.type, self.of(n.write, depth + 1), tuple(self.of(a, depth + 1) for a in n.args)
        return (type(n).__name__,) + tuple((k, self.of(v, depth + 1)) for k, v in vars(n).items())
