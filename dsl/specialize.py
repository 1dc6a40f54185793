"""A move's guard, specialised to the position.

The true/false parts of a guard that do not depend on the move's choices
(`empty(table)`, `can(play)`) have one value for all the options tried in a
position. At load, the guard is compiled once for every combination of
their values, with those values as constants: folded, tabulated, its dead
branches gone. In play, the parts are worked out once per position and the
matching version is used: no compiling while playing. When a part cannot
be worked out alone (a part the whole guard might never reach, such as
`rank(top(pile)) > 3` of an empty pile), the general guard decides, which
is always right, only slower.

A fixed part may hold a rule of its own (`any(groups(x), g => count(g) > 6)`):
its argument is its own, not a choice. The fixed parts that give a number
(`count(hand(me))`, a define such as the cards to keep), and the true/false
ones past the versions' five, are remembered instead: the versions read each
through an ir.SlotRead, worked out at its first use in the position (so it fails
where and when the part itself would) and read again for the other options.

A version is compiled with its parts' values given (Compiler.overrides): a part that holds no
other such part is not compiled again in each version, it is taken as it compiled once as a fixed
part, its type and its number of parts (which a rule around it counts in its weight) included.
"""
from __future__ import annotations

import itertools

from . import ir
from .compiler import Compiler
from .errors import RuleError

MAX_PARTS = 5  # 2**5 versions of a guard at most
SLOT_TYPES = ("bool", "num", "str")  # parts with a plain value, that a guard may be given to read again


class Specializer:
    """A move's guard, its versions chosen at load, as nodes: the fixed true/false parts that pick a
    version (`part_nodes`), the parts remembered for the position (`slots`, each an ir.SlotRead) and
    each version's checks (`version_nodes`: by the parts' values, the checks' nodes, "never" when no
    option passes, or None when the general guard decides). The generated module picks the version
    (dsl/backend/options.py)."""

    def __init__(self, comp: Compiler, sources: list, locals_: dict[str, str]):
        parts, values, trees = {}, {}, {}
        for src in sources:
            for tree, compiled, count in comp.fixed_parts(src, locals_):
                if compiled.type in SLOT_TYPES:
                    text = comp.repr_of(tree)
                    (parts if compiled.type == "bool" else values).setdefault(text, compiled)
                    trees.setdefault(text, (tree, count))
        keys = list(parts)[:MAX_PARTS]
        self.part_nodes = [parts[k].ir for k in keys]  # the typed program of each part (dsl/backend/)
        for k in list(parts)[MAX_PARTS:]:  # true/false parts past the versions: remembered, like numbers
            values.setdefault(k, parts[k])
        slots = {k: ir.SlotRead(c.type, i, c.ir) for i, (k, c) in enumerate(values.items())}
        self.slots = list(slots.values())
        self.version_nodes = {}
        comp.known_parts = _known_parts(comp, {**parts, **values}, trees)
        try:
            for vals in itertools.product((False, True), repeat=len(keys)):
                self.version_nodes[vals] = _compile(comp, sources, locals_, {**slots, **dict(zip(keys, vals))})
        finally:
            comp.known_parts = {}

    def __bool__(self) -> bool:
        return bool(self.part_nodes or self.slots)


def _known_parts(comp: Compiler, compiled: dict, trees: dict) -> dict[str, tuple]:
    """The parts given a value that hold no other such part, through the defines they name: compiling
    one again in a version would give what it gave as a fixed part (its type, its number of parts), so
    the versions take that instead of compiling it 2**5 times. A part holding another is compiled again,
    as before (the other's value may fold it)."""
    known = {}
    for text, c in compiled.items():
        tree, count = trees[text]
        if comp.inner_texts(tree, set()).isdisjoint(compiled):
            known[text] = (c.type, c.elem, count)
    return known


def _compile(comp: Compiler, sources: list, locals_: dict, values: dict):
    """The guard's checks for one combination of the parts' values, as nodes of the typed program
    (None: the general guard decides; "never": no option passes)."""
    comp.overrides = values
    try:
        checks = [comp.expr(src, locals_, "bool") for src in sources]
    except RuleError:  # a combination that cannot compile cannot arise in play either
        return None
    finally:
        comp.overrides = None
    if any(c.is_const and not c.const for c in checks):
        return "never"
    return [c.ir for c in checks if not c.is_const]
