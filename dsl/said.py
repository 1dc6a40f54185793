"""The program as its words read it: each expression and effect of a rule file, as the compiler checked it.

The compiler records (`Compiler.recording`, dsl/recording.py) on every load, for the teaching layer
(dsl/teach/): every part of the rule file it compiles leaves a tree of `Said` nodes beside its node of the typed program:
the grammar's node kinds (compare, call, cond, or_ ...), each with the type the compiler gave it,
whose children are the parts as compiled. A constant the compiler folded (a param, a literal, a
condition on params) is one `const` node holding its value; a titled define is a `named` node that
keeps its title's name and the define's own tree; an untitled define is its tree, inlined; a branch
of `if` whose test folded is that branch alone. Names of zones, vars, moves and the built-ins stay
names (the rule file's one namespace), so the words can say them by their titles.

Nothing here folds: the nodes are built from what the compiler worked out (`of`). A part as written
(`Written`) is parsed only where `kural diff` or lint read it.
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


@dataclass(eq=False, slots=True)
class Said:
    """A node of the program as compiled: `data` the grammar's kind of it, `children` its parts (nodes,
    Words, None), `type` the compiler's type of it (num, bool, card, cards, zone, family, area, list, str,
    move, none, any), None where the compiler gave the part no type of its own (the name of a var that is
    indexed). Plain data, not the parser's tree: every load keeps it, and the cache keeps it too
    (dsl/gamecache.py). A titled define (`named`) keeps its title, its words when it does not hold, and
    its body."""

    data: str
    children: list
    type: str | None = None
    title: dict | None = None
    title_not: dict | None = None
    body: Any = None

    def __init__(self, data: str, children: list, type_: str | None = None, title: dict | None = None,
                 title_not: dict | None = None, body: Any = None):
        self.data, self.children, self.type = data, children, type_
        self.title, self.title_not, self.body = title, title_not, body

    def __reduce__(self):  # made again from its fields (the cache keeps thousands: no state dict each)
        if self.title is None and self.title_not is None and self.body is None:
            return Said, (self.data, self.children, self.type)
        return Said, (self.data, self.children, self.type, self.title, self.title_not, self.body)

    # equal as the parser's trees are: by kind and parts
    def __eq__(self, other) -> bool:
        return isinstance(other, Said) and self.data == other.data and self.children == other.children

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def walk(self):
        """This node and every node below it (a titled define's body too), parents first."""
        yield self
        for x in [*self.children, self.body]:
            if isinstance(x, Said):
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


def const(value, kind: str, param: str | None = None) -> Said:
    return Said("const", [Const(value, kind, param)], kind)


def const_of(t) -> Const | None:
    """The constant a node holds, if it is one."""
    if isinstance(t, Said) and t.data == "const":
        return t.children[0]
    return None


def is_bool_const(t) -> bool:
    c = const_of(t)
    return c is not None and c.kind == "bool"


def of(t, out, kids: dict, entry=None, title: dict | None = None, title_not: dict | None = None) -> Said:
    """The node for the part `t` of an expression, compiled as `out` (a kural.dsl.piece.C); `kids` holds
    the nodes of the parts compiled while compiling it (by the id of their tree); `entry` is the name
    `t` names (a var node), `title` a titled define's title (`title_not`: its words when it does not hold)."""
    kind = t.data
    if kind == "var":
        return _name(t, out, kids, entry, title, title_not)
    if kind == "cond":  # a test the compiler folded leaves the branch that applies
        test, yes, no = (kids.get(id(x)) for x in t.children)
        if is_bool_const(test):
            return yes if const_of(test).value else no
    if out.is_const and not (kind == "call" and out.type in ("zone", "area", "family")):
        return const(out.const, _const_kind(out))
    if kind in ("or_", "and_"):  # the terms that did not fold away (a constant that decides made `out` one)
        terms = []
        for x in t.children:  # a define's `or` inside an `or` is one chain: the same meaning, flat
            term = kids.get(id(x))
            if term is not None and not is_bool_const(term):
                terms += term.children if isinstance(term, Said) and term.data == kind else [term]
        if len(terms) == 1:
            return terms[0]
        return Said(kind, terms, "bool")
    return Said(kind, [_child(x, kids) for x in t.children], out.type)


def _name(t, out, kids: dict, entry, title: dict | None, title_not: dict | None) -> Said:
    name = t.children[0].value
    if entry is not None and entry.kind == "param":
        return const(out.const, _const_kind(out), param=name)
    if entry is not None and entry.kind == "define":
        (body,) = kids.values() or [None]
        if title:
            return Said("named", [word(t.children[0])], out.type, title=title, title_not=title_not, body=body)
        return body
    return Said("var", [word(t.children[0])], out.type)


def _child(x, kids: dict):
    """A child of a node: its compiled node, or (for a part not compiled on its own: a rule `x => ...`,
    the name of an indexed var) a node built from its own children."""
    if x is None or isinstance(x, str):
        return word(x)
    known = kids.get(id(x))
    if known is not None:
        return known
    return Said(x.data, [_child(y, kids) for y in x.children])


def written(t) -> Said:
    """A part as the rule file writes it: the parser's tree as plain nodes, nothing compiled or folded
    (what `kural diff` compares, dsl/teach/changes.py: the same tree however it is spaced or quoted)."""
    if t is None or isinstance(t, str):
        return word(t)
    return Said(t.data, [written(x) for x in t.children])


class Written:
    """An expression or effect list as the rule file writes it (`text`, read from the grammar's rule
    `start`), as `kural diff` compares it: equal to another when their trees (`tree`) are, however they
    are spaced or quoted. The tree is made on first use: a load keeps the text only (most parts are
    never compared), and the words cache keeps two texts, not a tree."""

    __slots__ = ("text", "start", "_tree")

    def __init__(self, text: str, start: str):
        self.text, self.start, self._tree = text, start, None

    def __reduce__(self):
        return Written, (self.text, self.start)

    def tree(self):
        """Its node (`written`), or its text when it does not parse (a part never compiled)."""
        if self._tree is None:
            from .parsing import parse_flat  # (only where parts are compared: a load never needs it)
            try:
                self._tree = written(parse_flat(self.text, self.start))
            except Exception:  # noqa: BLE001 - a part that does not parse is compared as written
                self._tree = self.text
        return self._tree

    def __eq__(self, other) -> bool:
        if not isinstance(other, Written):
            return NotImplemented
        same_text = self.text == other.text and self.start == other.start
        return same_text or self.tree() == other.tree()

    def __hash__(self) -> int:
        return hash(self.tree())

    def __repr__(self) -> str:
        return repr(self.tree())


def effects(t, kids: dict) -> Said:
    """An effect list as compiled: its statements, their expressions the compiler's (`kids`); an `if`
    whose test folded is the statement that applies (or nothing)."""
    if t is None or isinstance(t, str):
        return word(t)
    known = kids.get(id(t))
    if known is not None:
        return known
    if t.data == "if_stmt":
        test = kids.get(id(t.children[0]))
        if is_bool_const(test):
            if const_of(test).value:
                return effects(t.children[1], kids)
            rest = t.children[2] if len(t.children) > 2 else None
            return effects(rest, kids) if rest is not None else Said("block", [], "effect")
    return Said(t.data, [effects(x, kids) for x in t.children],
                "effect" if t.data in STATEMENTS else None)


STATEMENTS = ("effects", "block", "if_stmt", "for_stmt", "assign", "call")


def _const_kind(out) -> str:
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



@dataclass
class Recorded:
    """What every load keeps of a rule file for the teaching layer (GameDef.words), besides the playable
    game (the cache keeps it apart, read on first use: dsl/gamecache.py): every part's node and what it reads, where each part is written, and the rule files'
    lines, so that nothing teaching says needs the rule file read again.

    Parts are keyed by their place in the rule file, as the table of dsl/schema.py names it:
    ("moves", "play", "when", 0, "check"), ("flow", "round", "end"), ("round_result", "points") ..."""

    parts: dict  # place -> Said (an expression, or an effect list: an `effects` node)
    reads: dict  # place -> {param or define name -> {the defines it is read through, as tuples}}
    terms: dict  # define -> (its node where first used, the locals there, that place)
    define_titles: dict  # define -> its title {en, tr}, for the titled ones
    units: dict  # place -> (kind, its node as written, Loc, title Loc): what `kural diff` compares (dsl/schema.py units)
    lines: dict  # rule file -> its lines, to show a part as written
    heads: list  # each variant file's `variant:` section (id, title, about, rule), base first
    written: dict  # section -> its keys as the rule file wrote them (params, vars, zones ... declared)
    facts: dict = None  # what the game keeps nowhere else: allowed_players, value tables as written,
    # the params that `melds:` names, each var's rule, the glossary

    def merge_reads(self, place: tuple, reads: dict | None) -> None:
        mine = self.reads.setdefault(place, {})
        for name, via in (reads or {}).items():
            mine.setdefault(name, set()).update(via)
