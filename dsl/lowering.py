"""Lowering: the node of the program (dsl/ir.py) of a node of the typed tree (dsl/typed.py), one visitor
over the tree the compiler's walk checked (dsl/compiler.py). The walk resolves names and types and says in
each node what lowering needs (its program type, its constant, what its name resolved to, `info`); a
`lower_<kind>` method makes the node of that kind, from its parts' lowered nodes, and a `wrap_<kind>` what
the program does to a part where it stands (a zone read as its cards, a part about one card read from its
table). Each node's lowering is made once and kept on it, so that the walk may lower a part early (to
fold it, to tabulate it, to hear a notion refuse its arguments) and the part around it reuses it.
"""
from __future__ import annotations

from . import ir, piece as _piece
from .lookups import fuse_card_lookups
from .typed import NO_VALUE, Typed


class Lower:
    """Makes the node of the program of a typed node: `visit(node)`."""

    def __init__(self):
        self.by_kind = {name[len("lower_"):]: getattr(self, name) for name in dir(self) if name.startswith("lower_")}

    def visit(self, t: Typed) -> ir.Node:
        done = t.lowered
        if done is None:
            if t.wrap:  # its own node (kept from before it was wrapped), then what is done to it where it stands
                done = t.base
                if done is None:
                    done = t.base = self.own(t)
                for how in t.wrap:
                    done = getattr(self, "wrap_" + how[0])(t, done, *how[1:])
            else:
                done = ir.Const(t.ptype, t.value) if t.value is not NO_VALUE else self.by_kind[t.data](t)
            t.lowered = done
        return done

    def own(self, t: Typed) -> ir.Node:
        """The node of `t` itself: its constant, or the node its kind makes."""
        if t.value is not NO_VALUE:
            return ir.Const(t.ptype, t.value)
        return self.by_kind[t.data](t)

    def parts(self, t: Typed) -> list:
        """The lowered nodes of the parts `t` is made from, in order."""
        return [self.visit(x) for x in (t.low if t.low is not None else t.children) if x.__class__ is Typed]

    # ------------------------------------------------------------ what a part is where it stands
    def wrap_zone_cards(self, t, node):
        return ir.ZoneCards("cards", node)

    def wrap_lookup(self, t, node, table, name):
        return ir.Lookup(t.ptype, table, ir.Local("card", name))

    def wrap_group_of(self, t, node, groups, name):
        return ir.GroupOf("zone", node, groups, name)

    # ------------------------------------------------------------ names
    def lower_var(self, t):
        how = t.info
        if how[0] == "local":
            return ir.Local(t.ptype, how[1])
        if how[0] == "var":
            return ir.VarRead(t.ptype, how[1])  # (a number, or a card var's card)
        if how[0] == "vars":
            return ir.VarList("list", how[1], how[2])
        return how[1].ir  # a built-in: its node, made before any rule is read

    def lower_named(self, t):
        return self.visit(t.low[0])  # a titled define means its body

    def lower_slot(self, t):
        index, part = t.info
        return ir.SlotRead(t.ptype, index, part)

    # ------------------------------------------------------------ calls
    def lower_call(self, t):
        how = t.info
        if how[0] == "owned":
            _, base, per_owner, span, per = how
            (owner,) = self.parts(t)
            return ir.OwnedZone(t.ptype, base, owner, per_owner, span, per)
        if how[0] == "table":
            (card,) = self.parts(t)
            return ir.Lookup("num", how[1], card)
        _, fn, ctx = how
        piece = self.piece
        pieces = [piece(x) for x in (t.low if t.low is not None else t.children) if x.__class__ is Typed]
        node = fn.lower(ctx, pieces) if fn.lower is not None else None  # the notion's own node, or its code
        if node is None:
            node = ir.Call(t.ptype, fn.emit(ctx, pieces), [p.ir for p in pieces])
        return node

    def piece(self, t: Typed):
        """An argument as a notion's writer reads it (dsl/notions/registry.py): its type, its constant and
        its node, as it stands in the call."""
        C = _piece.C
        if not t.wrap:
            if t.value is not NO_VALUE:
                return C(t.ptype, t.value, t.elem)
            return C(t.ptype, elem=t.elem, node=self.visit(t))
        type_, elem = t.ptype, t.elem  # what it is where it stands: a zone read as its cards is cards
        for how in t.wrap:
            type_, elem = ("cards", "card") if how[0] == "zone_cards" else ("zone", None) if how[0] == "group_of" \
                else (type_, elem)
        return C(type_, elem=elem, node=self.visit(t))

    def lower_lambda_(self, t):
        name, weight, where = t.info
        return ir.Lambda("fn", name, self.visit(t.children[1]), weight, where)

    # ------------------------------------------------------------ expressions
    def lower_index(self, t):
        how = t.info
        if how is None:
            base, index = self.parts(t)
            return ir.Item(t.ptype, base, index)
        (index,) = self.parts(t)
        if how[0] == "group":
            return ir.VarRead("num", how[1], index, checked=False)
        if how[0] == "keyed":  # the key's place among the keys, checked there
            _, slot, span, keys, name = how
            return ir.VarRead(t.ptype, slot, ir.KeyOffset("num", index, _offsets(keys), name), span, "key",
                              checked=False)
        _, slot, span, per = how
        return ir.VarRead(t.ptype, slot, index, span, per)

    def lower_cond(self, t):
        test, yes, no = self.parts(t)
        if t.info == "or_else_true":  # `if a then b else true`, the shape of a guard
            return ir.Chain("bool", "or", [ir.Not("bool", test), yes])
        return ir.Cond(t.ptype, test, yes, no)

    def lower_or_(self, t):
        return fuse_card_lookups(ir.Chain("bool", "or", self.parts(t)), t.info)

    def lower_and_(self, t):
        return ir.Chain("bool", "and", self.parts(t))

    def lower_not_(self, t):
        return ir.Not("bool", *self.parts(t))

    def lower_neg(self, t):
        return ir.Neg("num", *self.parts(t))

    def lower_arith(self, t):
        a, b = self.parts(t)
        if t.info == "joined":  # list + list
            return ir.Joined(t.ptype, a, b)
        return ir.Binary("num", t.children[1], a, b)

    def lower_compare(self, t):
        a, b = self.parts(t)
        how = t.info
        if how is None:
            return ir.Binary("bool", t.children[1], a, b)
        if how[0] == "same_face":  # a card against a card known at load
            return ir.SameFace("bool", a, how[1], how[2], how[3])
        return ir.FaceCompare("bool", a, b, how[1], how[2])

    def lower_contains(self, t):
        node = ir.Call("bool", _contains_writer(t.info), self.parts(t))  # the generated module's code
        return ir.Not("bool", node) if t.data == "not_contains" else node

    lower_not_contains = lower_contains

    def lower_list(self, t):
        return ir.Items(t.ptype, self.parts(t))

    # ------------------------------------------------------------ effects
    def lower_effects(self, t):
        nodes = self.parts(t)
        return nodes[0] if len(nodes) == 1 else ir.Effects("effect", nodes)

    lower_block = lower_effects

    def lower_if_stmt(self, t):
        test, yes, *no = self.parts(t)
        return ir.IfStmt("effect", test, yes, no[0] if no else ir.Effects("effect", []))

    def lower_for_stmt(self, t):
        name, weight, where = t.info
        items, body = self.parts(t)
        return ir.ForStmt("effect", name, items, body, weight, where)

    def lower_assign(self, t):
        slot, span, per, op, where, shown = t.info
        *index, value = self.parts(t)
        if isinstance(per, tuple):  # a keyed var: ("key", its keys, its name)
            _, keys, name = per
            index, per = [ir.KeyOffset("num", index[0], _offsets(keys), name)], "key"
        return ir.Assign("effect", slot, index[0] if index else None, span, per, op, value, where, shown)


def _offsets(keys: tuple) -> dict:
    """A keyed var's keys by their place."""
    return {k: i for i, k in enumerate(keys)}


def _contains_writer(how):
    """The code of `x in coll` (dsl/backend/): a card in a zone looked up by its face where it is
    (interpreter/runtime.py has_in), a card in a list by its face, anything else by equality."""
    if how[0] == "zone":
        _, cards_of_face, faces = how

        def write(w, src):
            return f"_rt.has_in(s, {w.m.constant(cards_of_face)}[{w.m.constant(faces)}[{src[0]}]], {src[1]})"
    elif how[0] == "faces":
        faces = how[1]

        def write(w, src):
            faces_src = w.m.constant(faces)
            return f"_rt.face_in({faces_src}, {faces_src}[{src[0]}], {src[1]})"
    else:
        def write(w, src):
            return f"({src[0]} in {src[1]})"
    return write


LOWER = Lower()
