"""What a node holds and reads, found by walking the typed program (dsl/ir.py) once per node while one
module is generated: the parts of a node, whether it holds a rule, which locals it reads, whether a
statement can move cards. `forget` empties what was found when the module is done.
"""
from __future__ import annotations

from .. import ir


# What the walks below found of each node, while one module is generated (generate empties it after): a
# part is asked about again by every part around it, and by each frame that writes it. One entry a node,
# [the node, its parts, whether it holds a rule, the locals it reads] (_UNSET: not asked yet), kept under
# its id: the entry holds its node, so that the id is that node's for as long as the entry lives.
_SEEN: dict[int, list] = {}
_UNSET = object()
_NODE = ir.Node


def forget() -> None:
    """What the walks found, forgotten: it is of one module's nodes only (generate calls it when done)."""
    _SEEN.clear()


def _entry(node) -> list:
    """A node's entry, with the nodes it holds directly (in its fields, or in a list field)."""
    parts = []
    for value in node.__dict__.values():
        if isinstance(value, _NODE):
            parts.append(value)
        elif value.__class__ is list and value and not _PLAIN.issuperset(map(type, value)):
            parts += [v for v in value if isinstance(v, _NODE)]  # (a table of values, told at once: none)
    entry = _SEEN[id(node)] = [node, parts, _UNSET, _UNSET]
    return entry


_PLAIN = frozenset((int, str, bool, float, type(None), tuple))  # a list of these holds no node


def _parts(node):
    """The nodes a node holds, directly (in its fields, or in a list field)."""
    return (_SEEN.get(id(node)) or _entry(node))[1]


def has_rule(node) -> bool:
    """Does the part hold a rule `x => ...` (work over a list, worth keeping for the position)?"""
    entry = _SEEN.get(id(node)) or _entry(node)
    known = entry[2]
    if known is _UNSET:
        known = isinstance(node, ir.Lambda)
        if not known:
            for part in entry[1]:
                if has_rule(part):
                    known = True
                    break
        entry[2] = known
    return known


def reads_any(node, names: set) -> bool:
    """Does the part read one of these locals (itself, or through a part it holds)?"""
    read = _locals_read(node)
    return read is None or not read.isdisjoint(names)


def _locals_read(node) -> frozenset | None:
    """The locals a part reads, itself or through the parts it holds (a rule's own argument aside);
    None: any."""
    entry = _SEEN.get(id(node)) or _entry(node)
    read = entry[3]
    if read is _UNSET:
        if isinstance(node, ir.Local):
            read = frozenset((node.name,))
        elif isinstance(node, ir.Lambda):
            inner = _locals_read(node.body)
            read = None if inner is None else inner - {node.name}
        else:
            read = _NONE_READ
            for part in entry[1]:
                inner = _locals_read(part)
                if inner is None:
                    read = None
                    break
                if inner:
                    read = read | inner
        entry[3] = read
    return read


_NONE_READ = frozenset()


def _moves_cards(node: ir.Node) -> bool:
    """Can this statement move cards (or change the deck's order)? An assignment cannot, nor a test; any
    other effect (a notion's) is taken to."""
    if isinstance(node, ir.Assign):
        return False
    if isinstance(node, ir.Effects):
        return any(_moves_cards(st) for st in node.stmts)
    if isinstance(node, ir.IfStmt):
        return _moves_cards(node.yes) or _moves_cards(node.no)
    if isinstance(node, (ir.Located, ir.ForStmt)):
        return _moves_cards(node.body)
    return True


def asked_moves(node, module) -> set:
    """The moves a part asks whether they can be played (`can`, a notion whose writer says `asks_can`),
    each as the source the notion is given for it (a move's index by literal); a move named by anything
    but a constant is not one of these."""
    found = set()
    if isinstance(node, ir.Call) and getattr(node.write, "asks_can", False) and isinstance(node.args[0], ir.Const):
        found.add(module.literal(node.args[0].value))
    for part in _parts(node):
        found |= asked_moves(part, module)
    return found


def holds(node, kind: type) -> bool:
    """Is the part, or a part it holds, a node of this kind?"""
    return isinstance(node, kind) or any(holds(part, kind) for part in _parts(node))
