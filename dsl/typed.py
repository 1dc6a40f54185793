"""The typed tree: each expression and effect of a rule file as the compiler checked it (dsl/compiler.py),
the one tree every reader of a rule file reads (the teaching layer, dsl/teach/; `kural diff`).

Its nodes are the grammar's kinds (compare, call, cond, or_ ...), each with the type the compiler gave it,
whose children are the parts as checked. A constant the compiler folded (a param, a literal, a condition
on params) is one `const` node holding its value; a titled define is a `named` node that keeps its
title's name and the define's own tree; an untitled define is its tree, inlined; a branch of `if` whose
test folded is that branch alone. Names of zones, vars, moves and the built-ins stay names (the rule
file's one namespace), so the words can say them by their titles. The compiler makes each part's node
where it checks the part (dsl/piece.py `C.typed`), beside the part's node of the program (dsl/ir.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Const:
    """A value known at load: a literal, a param (`param` names it), or folded from them."""

    value: Any
    kind: str  # num, card, bool, str, none, list, cards
    param: str | None = None


NO_VALUE = object()  # a part whose value is not known at load


@dataclass(eq=False, slots=True)
class Typed:
    """A node of the program as compiled: `data` the grammar's kind of it, `children` its parts (nodes,
    Words, None), `type` the compiler's type of it (num, bool, card, cards, zone, family, area, list, str,
    move, none, any), None where the compiler gave the part no type of its own (the name of a var that is
    indexed). Plain data, not the parser's tree: every load keeps it, and the cache keeps it too
    (dsl/gamecache.py). A titled define (`named`) keeps its title, its words when it does not hold, its
    body, and the arguments of the call its title names (`args`).

    Beside what the words read, a node carries what lowering needs to make its node of the program
    (dsl/lowering.py), which the cache does not keep: `ptype` and `elem` the program's type of it and of its
    items, `value` its constant (NO_VALUE: none), `info` what its name or shape resolved to (a var's slot, a
    zone's id, a notion, a table, a loop's weight ...), `low` the nodes it lowers from where they are not its
    children (the words of a chain are flat, a var read at an index lowers from its index alone), `wrap` what
    the program does to it where it stands (a zone read as its cards, a part about one card read from its
    table), `said` the node the words read in its place (a statement whose test folded: the branch that
    applies), and its lowered node, kept once made (`base` before `wrap`, `lowered` after)."""

    data: str
    children: list
    type: str | None = None
    title: dict | None = None
    title_not: dict | None = None
    body: Any = None
    ptype: str | None = None
    elem: str | None = None
    value: Any = NO_VALUE
    info: Any = None
    low: list | None = None
    wrap: tuple = ()
    said: Any = None
    base: Any = None
    lowered: Any = None
    args: dict | None = None  # a titled define's: the nodes of the call's arguments its title names

    def __init__(self, data: str, children: list, type_: str | None = None, title: dict | None = None,
                 title_not: dict | None = None, body: Any = None, ptype: str | None = None, info: Any = None,
                 args: dict | None = None):
        self.data, self.children, self.type = data, children, type_
        self.title, self.title_not, self.body, self.args = title, title_not, body, args
        self.ptype, self.elem, self.value, self.info, self.low = ptype or type_, None, NO_VALUE, info, None
        self.wrap, self.said, self.lowered = (), None, None  # (`base`: set when it is first wrapped)

    @property
    def words(self) -> "Typed":
        """The node the words read for this one: itself, or what it says in its place (`said`)."""
        return self if self.said is None else self.said

    def wrapped(self, *how) -> None:
        """What the program does to this part where it stands, after making its own node (dsl/lowering.py
        `wrap_<kind>`); its lowered node is made again."""
        if not self.wrap:
            self.base = self.lowered  # its own node, if made already
        self.wrap += (how,)
        self.lowered = None

    def __reduce__(self):  # made again from its fields (the cache keeps thousands: no state dict each)
        if self.title is None and self.title_not is None and self.body is None:
            return Typed, (self.data, self.children, self.type)
        if self.args:
            return Typed, (self.data, self.children, self.type, self.title, self.title_not, self.body, None, None,
                           self.args)
        return Typed, (self.data, self.children, self.type, self.title, self.title_not, self.body)

    # equal as the parser's trees are: by kind and parts
    def __eq__(self, other) -> bool:
        return isinstance(other, Typed) and self.data == other.data and self.children == other.children

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def walk(self):
        """This node and every node below it (a titled define's body too), parents first."""
        yield self
        for x in [*self.children, self.body]:
            if isinstance(x, Typed):
                yield from x.walk()


class Word(str):
    """A word of the rule file in a node (a name, an operator): the parser's token as plain data."""

    __slots__ = ()

    @property
    def value(self) -> str:
        return str(self)

    def __reduce__(self):
        return Word, (str(self),)


def word(x):
    """A leaf of the parser's tree (a token, or None) as a node keeps it: one Word per text, so that a name
    said hundreds of times is one object, which the cache's pickle writes once (a word is never changed)."""
    if not isinstance(x, str):
        return x
    text = str(x)
    known = _KNOWN_WORDS.get(text)
    if known is None:
        if len(_KNOWN_WORDS) >= MAX_WORDS:  # (the names of every rule file this process loaded: kept bounded)
            _KNOWN_WORDS.clear()
        known = _KNOWN_WORDS[text] = Word(text)
    return known


_KNOWN_WORDS: dict[str, Word] = {}
MAX_WORDS = 100_000


def const(value, kind: str, param: str | None = None, ptype: str | None = None) -> Typed:
    """A constant's node: `kind` its words' kind of value, `ptype` the program's type of it."""
    t = Typed("const", [Const(value, kind, param)], kind, ptype=ptype)
    t.value = value
    return t


def const_of(t) -> Const | None:
    """The constant a node holds, if it is one."""
    if isinstance(t, Typed) and t.data == "const":
        return t.children[0]
    return None


def is_bool_const(t) -> bool:
    c = const_of(t)
    return c is not None and c.kind == "bool"


def const_kind(out) -> str:
    if out.type == "list" and out.elem == "card":
        return "cards"
    if out.type in ("zone", "family", "area", "move"):
        return out.type
    return out.type if out.type != "any" else kind_of_value(out.const)


def kind_of_value(x) -> str:
    """The kind of a value known at load, where the compiler gave it none of its own."""
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, (int, float)):
        return "num"
    if x is None:
        return "none"
    if isinstance(x, list):
        return "list"
    return "str"
