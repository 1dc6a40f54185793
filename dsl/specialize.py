"""A move's guard, specialised to the position.

The true/false parts of a guard that do not depend on the move's choices
(`empty(table)`, `can(play)`) have one value for all the options tried in a
position. At load, the guard's typed tree (dsl/typed.py) is given each
combination of their values by a pass, node -> node, and folded: its dead
branches gone. In play, the parts are worked out once per position and the
matching version is used: no compiling while playing. When a part cannot
be worked out alone (a part the whole guard might never reach, such as
`rank(top(pile)) > 3` of an empty pile), the general guard decides, which
is always right, only slower.

A fixed part may hold a rule of its own (`any(groups(x), g => count(g) > 6)`):
its argument is its own, not a choice. The fixed parts that give a number
(`count(hand(me))`, a define such as the cards to keep), and the true/false
ones past the versions' five, are remembered instead: the versions read each
through a `slot` node (an ir.SlotRead), worked out at its first use in the
position (so it fails where and when the part itself would) and read again for
the other options.
"""
from __future__ import annotations

import itertools

from . import ir
from .compiler import Compiler
from .folding import FOLD
from .lowering import LOWER
from .piece import C, overridden
from .typed import NO_VALUE, Typed

MAX_PARTS = 5  # 2**5 versions of a guard at most
SLOT_TYPES = ("bool", "num", "str")  # parts with a plain value, that a guard may be given to read again


class Specializer:
    """A move's guard, its versions chosen at load, as nodes: the fixed true/false parts that pick a
    version (`part_nodes`), the parts remembered for the position (`slots`, each an ir.SlotRead) and
    each version's checks (`version_nodes`: by the parts' values, the checks' nodes, "never" when no
    option passes, or None when the general guard decides). The generated module picks the version
    (dsl/backend/options.py)."""

    def __init__(self, comp: Compiler, sources: list, checks: list[C], locals_: dict[str, str]):
        parts: list[C] = []  # the true/false ones, each once, in the order the checks name them
        values: list[C] = []
        for src in sources:
            for part in comp.fixed_parts(src, locals_):
                if part.type in SLOT_TYPES and part.typed is not None:
                    found = parts if part.type == "bool" else values
                    if not any(_same(part.typed, other.typed) for other in found):
                        found.append(part)
        values += [p for p in parts[MAX_PARTS:] if not any(_same(p.typed, v.typed) for v in values)]
        parts = parts[:MAX_PARTS]  # (those past the versions' five: remembered, like numbers)
        self.part_nodes = [p.ir for p in parts]  # the typed program of each part (dsl/backend/)
        self.slots = [ir.SlotRead(p.type, i, p.ir) for i, p in enumerate(values)]
        trees = [c.typed for c in checks if not c.is_const]  # (a check true whatever happens is no check)
        given, marks = parts + values, {}
        by_kind = _by_kind(given)
        for tree in trees:
            _mark(tree, by_kind, marks)
        self.version_nodes = {}
        for vals in itertools.product((False, True), repeat=len(parts)):
            self.version_nodes[vals] = _version(trees, Given(given, [*vals, *self.slots], marks))

    def __bool__(self) -> bool:
        return bool(self.part_nodes or self.slots)


class NoVersion(Exception):
    """A combination of the parts' values that folds to what no play can give (a division by zero, a
    number too large): the general guard decides there."""


def _mark(t, parts: dict[str, list], marks: dict[int, int | None]) -> bool:
    """Marks the nodes of `t` that are a fixed part (the part's index) or hold one (None), by their ids;
    whether `t` is or holds one. (Worked out once for a guard: its versions visit only the nodes marked.)"""
    if t.__class__ is not Typed or t.value is not NO_VALUE:
        return False
    inner = False
    for kid in (t.low if t.low is not None else t.children):
        inner = _mark(kid, parts, marks) or inner
    own = next((i for i, part in parts.get(_meant(t).data, ()) if _same(part.typed, t)), None)
    if own is not None or inner:
        marks[id(t)] = own
        return True
    return False


def _by_kind(given: list[C]) -> dict[str, list]:
    """The parts by the kind of node they lower as: (index, part)."""
    out: dict[str, list] = {}
    for i, part in enumerate(given):
        out.setdefault(_meant(part.typed).data, []).append((i, part))
    return out


class Given:
    """A pass over the typed tree, node -> node, as dsl/folding.py's: each fixed part (found as its typed
    node, the same part as trees are: `_mark`) given its value or a read of it remembered for the position,
    and every node above one folded again (a chain's terms, a branch whose test is known, a constant part)."""

    def __init__(self, given: list[C], values: list, marks: dict[int, int | None]):
        self.given, self.values, self.marks = given, values, marks  # (values: each part's, or its ir.SlotRead)

    def visit(self, t):
        """`t` given the parts' values: its own parts first; a part that then folds to a constant is that
        constant, any other part given a value is that value (or its slot), as the walk compiled it."""
        marks = self.marks
        if id(t) not in marks:  # (neither a part nor holding one: the node as it is)
            return t
        kids = t.low if t.low is not None else t.children
        new = [self.visit(k) for k in kids]
        out = t if all(a is b for a, b in zip(new, kids)) else self.folded(t, new)
        i = marks[id(t)]
        if i is None or _is_known(out):
            return out
        part = self.given[i]
        return overridden(self.values[i], part.type, part.elem).typed  # (a new node at each place: a slot read too)

    def folded(self, t: Typed, kids: list) -> Typed:
        """`t` made again of its new parts, and folded as the compiler's walk folds it."""
        if t.data == "named":  # a titled define means its body
            return kids[0] if _is_known(kids[0]) else _again(t, kids)
        if t.data in ("and_", "or_"):
            return _chain(t, kids)
        out = _again(t, kids)
        if t.data == "cond" and _is_known(kids[2]) and kids[2].value is True:
            out.info, out.type = "or_else_true", "bool"  # (the shape of a guard, as the walk marks it)
        try:
            out = FOLD.visit(out)
        except ZeroDivisionError:
            raise NoVersion from None
        if out.data == "const" and out.ptype == "num" and out.value is None:  # (a float too large to hold)
            raise NoVersion
        return out


def _version(trees: list[Typed], given: Given):
    """The guard's checks for one combination of the parts' values, as nodes of the typed program
    (None: the general guard decides; "never": no option passes)."""
    try:
        checks = [given.visit(t) for t in trees]
    except NoVersion:
        return None
    if any(_is_known(c) and not c.value for c in checks):
        return "never"
    return [LOWER.visit(c) for c in checks if not _is_known(c)]


def _meant(t: Typed) -> Typed:
    """The node `t` lowers as: a titled define's is its body's (the words keep its title: a part compiled
    for the words has it, one compiled alone has not)."""
    while t.data == "named":
        t = t.low[0]
    return t


def _same(a: Typed, b: Typed) -> bool:
    """Are two nodes the same part of the program: the same kind, of the same parts (the words' names and
    constants, the nodes they lower from), a titled define read as its body?"""
    a, b = _meant(a), _meant(b)
    if a is b:
        return True
    if a.data != b.data or a.value != b.value or (a.value is NO_VALUE) != (b.value is NO_VALUE):
        return False
    xs, ys = (a.low if a.low is not None else a.children), (b.low if b.low is not None else b.children)
    if len(xs) != len(ys):
        return False
    for x, y in zip(xs, ys):
        if x.__class__ is Typed and y.__class__ is Typed:
            if not _same(x, y):
                return False
        elif x.__class__ is Typed or y.__class__ is Typed or x != y:
            return False
    return True


def _is_known(t) -> bool:
    return t.__class__ is Typed and not t.wrap and t.value is not NO_VALUE


def _again(t: Typed, kids: list) -> Typed:
    """A copy of `t` whose parts are `kids` (its lowering made anew; what the program does to it kept)."""
    out = Typed(t.data, t.children if t.low is not None else kids, t.type, t.title, t.title_not, t.body,
                t.ptype, t.info)
    out.elem, out.wrap = t.elem, t.wrap
    if t.low is not None:
        out.low = kids
    return out


def _chain(t: Typed, terms: list) -> Typed:
    """`a or b or c` (`and`) with some terms known: as the walk's chain, a term that decides it decides
    it, a term that cannot is left out, and one term left is that term."""
    absorbing = t.data == "or_"
    left = []
    for term in terms:
        if _is_known(term):
            if bool(term.value) == absorbing:
                return _const_bool(absorbing)
            continue
        left.append(term)
    if not left:
        return _const_bool(not absorbing)
    if len(left) == 1:
        return left[0]
    return _again(t, left)


def _const_bool(value: bool) -> Typed:
    return overridden(value, "bool", None).typed
