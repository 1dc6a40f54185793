"""The typed program of a rule file: what an expression or an effect means, as nodes.

dsl/compiler.py builds these nodes while it checks a rule file: names are
resolved (a var is its slot, a zone its instance id, a param its value),
types are checked, constants are folded; every part keeps its type and the
place it was written (`where`, file:line:col). dsl/backend/ turns them into
Python source, one visitor method per node kind. A node holds values, never
a rule file's text: names are resolved to slots and ids, and a notion is a
`Call` whose writer gives its code: every part of a game is written as source.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(eq=False)
class Node:
    """A part of the program. `type` is the rules language's type (num, bool, card, cards, zone, ...)."""

    type: str


@dataclass(eq=False)
class Const(Node):
    """A value known at load: a literal, a param, or a part folded."""

    value: Any


@dataclass(eq=False)
class Local(Node):
    """A name bound where it is used: a move's choice, a rule's argument, `seat`/`team` of a result."""

    name: str


@dataclass(eq=False)
class StateField(Node):
    """A field of the state itself: the seat to move, rounds played, moves played, the totals."""

    field: str  # me | rounds_played | moves_played | totals


@dataclass(eq=False)
class VarRead(Node):
    """A var's value: slot + index when indexed (per seat, team or group), checked against `span`."""

    slot: int
    index: Node | None = None
    span: int = 0
    per: str = "none"  # what an index counts (seat, team), for the message when it is out of range
    checked: bool = True  # an index checked against span (a group's index is checked by `group_of`)


@dataclass(eq=False)
class KeyOffset(Node):
    """The place of a key among a keyed var's keys (`keys:`), checked: the index of a keyed var."""

    key: Node
    offsets: dict  # key -> its place
    name: str  # the var, for the message when the key is not one


@dataclass(eq=False)
class VarList(Node):
    """A per-seat or per-team var read whole: its values as a list."""

    slot: int
    span: int


@dataclass(eq=False)
class ZoneCards(Node):
    """The cards of a zone instance (a list the state owns: read, never kept)."""

    zone: Node


@dataclass(eq=False)
class OwnedZone(Node):
    """The instance id of a per-seat or per-team zone for one owner: base + owner * per_owner."""

    base: int
    owner: Node
    per_owner: int
    span: int  # owners there are; 0: not checked (a seat read as given)
    per: str = "seat"


@dataclass(eq=False)
class Lookup(Node):
    """A value from a table known at load, indexed by a card or a number (a value table, a pure rule of one card)."""

    table: list
    key: Node


@dataclass(eq=False)
class CardLookups(Node):
    """True when, for every (passes, wanted) pair, the card passes outright or one of its wanted
    cards is in `zone`: has(zone, suit(c), rank(c) - 1) and the like, fused and tabulated per card."""

    card: Node
    zone: int
    pairs: list  # [(passes: list[bool], wanted: list[tuple[int, ...]])]
    every: bool  # True: all pairs must hold (a move's checks); False: one is enough (`or`)


@dataclass(eq=False)
class Cond(Node):
    """`if test then yes else no`, as a value."""

    test: Node
    yes: Node
    no: Node


@dataclass(eq=False)
class Chain(Node):
    """`a or b or c` (absorbing True) or `a and b and c`: the value of the first term that decides."""

    op: str  # or | and
    terms: list


@dataclass(eq=False)
class Not(Node):
    """`not a`."""

    a: Node


@dataclass(eq=False)
class Neg(Node):
    """`-a`."""

    a: Node


@dataclass(eq=False)
class Binary(Node):
    """Arithmetic (+ - * / // %) or a comparison (== != < <= > >=) of two numbers or values."""

    op: str
    a: Node
    b: Node


@dataclass(eq=False)
class SameFace(Node):
    """A card compared with a card known at load, by face (two ♠8 of a double deck are one card)."""

    card: Node
    faces: list
    face: int
    want: bool


@dataclass(eq=False)
class GroupOf(Node):
    """A group of a group zone, checked: the index of a per-group var."""

    index: Node
    groups: frozenset
    name: str  # the var, for the message


@dataclass(eq=False)
class FaceCompare(Node):
    """Two cards (or none) compared by face: the two ♠8 of a double deck are the same card to a rule."""

    a: Node
    b: Node
    faces: list
    want: bool  # True: ==, False: !=


@dataclass(eq=False)
class Joined(Node):
    """`list + list`: a new list, the items of the first, then those of the second."""

    a: Node
    b: Node


@dataclass(eq=False)
class Items(Node):
    """A list written item by item, `[a, b]`, its items worked out in order (not all of them constants)."""

    items: list


@dataclass(eq=False)
class Item(Node):
    """An item of a list by its index: list[i]."""

    items: Node
    index: Node


@dataclass(eq=False)
class Call(Node):
    """A library notion that writes its own code: `write(expr, argument sources)` gives the source
    (made at load by the notion's `emit`, dsl/notions/, from its checked arguments)."""

    write: Callable
    args: list


@dataclass(eq=False)
class Lambda(Node):
    """A rule `x => body` given to a notion: `name` is bound to each item in turn."""

    name: str
    body: Node
    weight: int  # the parts of its body: what one call costs (interpreter/budget.py)
    where: str


@dataclass(eq=False)
class SlotRead(Node):
    """A part with one value per position (dsl/specialize.py), worked out at its first use in the position."""

    index: int
    part: Node


# ------------------------------------------------------------------ effects
@dataclass(eq=False)
class Effects(Node):
    """Statements run in order (a `do:` list)."""

    stmts: list


@dataclass(eq=False)
class Located(Node):
    """Effects that, failing in play, name where they were written and what they are."""

    body: Node
    where: str
    what: str


@dataclass(eq=False)
class IfStmt(Node):
    """`if test then yes else no`, as statements."""

    test: Node
    yes: Node
    no: Node


@dataclass(eq=False)
class ForStmt(Node):
    """`for x in list do ...`: the list read once, its passes paid from the work budget before the first."""

    name: str  # the local it binds
    items: Node
    body: Node
    weight: int  # the parts of its body: what one pass costs
    where: str


@dataclass(eq=False)
class Assign(Node):
    """`x = v`, `x += v`, `x -= v`, `x[i] = v` ...: the value kept in range (interpreter/errors.py `kept`)."""

    slot: int
    index: Node | None
    span: int
    per: str
    op: str  # = += -=
    value: Node
    where: str
    shown: str  # how the message names the var
