"""What a node holds and reads, found by walking the typed program (dsl/ir.py) once per node while one
module is generated: the parts of a node, whether it holds a rule, which locals it reads, whether a
statement can move cards. `forget` empties what was found when the module is done.
"""
from __future__ import annotations

from .. import ir


# What the walks below found of each node, while one module is generated (generate empties them after):
# a part is asked about again by every part around it, and by each frame that writes it. Each entry
# holds its node, so that the id it is kept under is that node's for as long as the entry lives.
_PARTS: dict[int, tuple] = {}


_RULES: dict[int, tuple] = {}


_READS: dict[int, tuple] = {}


def forget() -> None:
    """What the walks found, forgotten: it is of one module's nodes only (generate calls it when done)."""
    _PARTS.clear()
    _RULES.clear()
    _READS.clear()


def _parts(node):
    """The nodes a node holds, directly (in its fields, or in a list field)."""
    known = _PARTS.get(id(node))
    if known is None:
        parts = []
        for value in vars(node).values():
            if isinstance(value, ir.Node):
                parts.append(value)
            elif isinstance(value, list) and any(issubclass(kind, ir.Node) for kind in set(map(type, value))):
                parts += [v for v in value if isinstance(v, ir.Node)]  # (a table of values, told at once: none)
        known = _PARTS[id(node)] = (node, tuple(parts))
    return known[1]


def has_rule(node) -> bool:
    """Does the part hold a rule `x => ...` (work over a list, worth keeping for the position)?"""
    known = _RULES.get(id(node))
    if known is None:
        known = _RULES[id(node)] = (node, isinstance(node, ir.Lambda) or any(has_rule(part) for part in _parts(node)))
    return known[1]


def reads_any(node, names: set) -> bool:
    """Does the part read one of these locals (itself, or through a part it holds)?"""
    read = _locals_read(node)
    return read is None or not read.isdisjoint(names)


def _locals_read(node) -> frozenset | None:
    """The locals a part reads, itself or through the parts it holds (a rule's own argument aside);
    None: any."""
    known = _READS.get(id(node))
    if known is None:
        if isinstance(node, ir.Local):
            read = frozenset((node.name,))
        elif isinstance(node, ir.Lambda):
            inner = _locals_read(node.body)
            read = None if inner is None else inner - {node.name}
        else:
            read = frozenset()
            for part in _parts(node):
                inner = _locals_read(part)
                if inner is None:
                    read = None
                    break
                read |= inner
        known = _READS[id(node)] = (node, read)
    return known[1]


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
