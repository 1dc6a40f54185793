"""A checked node worked out at load by the one meaning it has: the code the backend writes for it.

Folding a pure part whose arguments are constants (`value_of`), and tabulating a pure rule about one card
for every card of the deck (`table_of`), both write the node's source with the expression writer
(dsl/backend/expressions.py) as one function, compile it once per distinct source, and run it with no
state among the names the module's header binds (the header run once): what a part gives at load is what
the generated module gives in play. The code is made from checked nodes only (every literal by repr, every other value handed to the module by name, as the backend
does); no text of a rule file is ever run.
"""
from __future__ import annotations

from typing import Any

from .. import ir
from .expressions import Expr
from .module import HEADER, Frame, Module, Writer
from .statements import Stmts

_CODE: dict[str, Any] = {}  # a function's source -> its compiled module: equal sources compiled once
KEPT_SOURCES = 4096  # distinct sources kept compiled (a bundled game has some hundreds)


def value_of(node: ir.Node) -> Any:
    """The value of a part that reads no state and no local, worked out by its generated code. It raises
    what that code raises (a part that fails at load is left to play time by the caller)."""
    if isinstance(node, ir.Const):
        return node.value
    return function_of(node)()


def table_of(node: ir.Node, local: str, size: int) -> list:
    """The part's value for every value 0..size-1 of the one local it reads (every card of the deck),
    by its generated code compiled once and called for each. Raises what the code raises for any of them."""
    if isinstance(node, ir.Const):
        return [node.value] * size
    f = function_of(node, local)
    return [f(card) for card in range(size)]


def function_of(node: ir.Node, *locals_: str):
    """The node as a Python function of its locals, in order, and of the state `s` last (None: a part
    that reads no state), written by the backend as the generated module writes it (a part placed in the
    rule file, ir.Located, names that place when it fails). Compiled once per distinct source."""
    module = Module()
    frame = Frame(module)
    params = [frame.bind(name) for name in locals_]
    w = Writer()
    w.depth = 1
    Stmts(Expr(frame), w).value(node, "value")
    head = f"def _value({', '.join([*params, 's=None'])}):"
    # module.lines: the functions its parts call (Expr.looped); a part remembered for the position (a guard's version, dsl/specialize.py) is worked out at its first use
    unset = [f"    {name} = _UNSET" for name in frame.slots.values()]
    source = "\n".join([*module.written, *module.lines, head, *unset, *w.lines, "    return value", ""])
    return _ran(source, {**_header_names(), **module.constants, **module.objects})["_value"]


def _ran(source: str, namespace: dict) -> dict:
    """Source the backend wrote (from checked nodes only) run in `namespace`: compiled once per distinct source."""
    code = _CODE.get(source)
    if code is None:
        if len(_CODE) >= KEPT_SOURCES:
            _CODE.clear()
        code = _CODE[source] = compile(source, "<kural value>", "exec")
    exec(code, namespace)
    return namespace


def _header_names() -> dict:
    """What the module's header binds (its imports), run once: compiling it again before every function
    cost most of a fold's time. A function then has in scope what it has in the generated module."""
    global _HEADER_NAMES
    if _HEADER_NAMES is None:
        _HEADER_NAMES = _ran(HEADER, {})
    return _HEADER_NAMES


_HEADER_NAMES: dict | None = None
