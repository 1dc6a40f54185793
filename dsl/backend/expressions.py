"""The expression visitor: a node of the typed program (dsl/ir.py) written as one Python expression,
one method per node kind. Parts with one value for the position are kept in its cache (or a local);
a rule given to a notion is a Rule, which its notion's writer (dsl/notions/) writes over its items.
"""
from __future__ import annotations

from keyword import iskeyword

from kural.interpreter.messages import Msg
from kural.interpreter.numbers import LIMIT

from .. import ir
from .keys import PartKey
from .module import Frame
from .walks import _parts, has_rule, reads_any


_OPS = {"+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">="}
_FIELDS = {"me": "s.me", "rounds_played": "s.rounds_played", "moves_played": "len(s.history)",
           "totals": "s.totals"}


def _kept_as_it_is(value) -> bool:
    """Does interpreter/errors.py kept() give this constant back as it is (a number in range, or no number)?"""
    return type(value) not in (int, float) or -LIMIT <= value <= LIMIT


_KEPT_NODES = (ir.Call, ir.Chain, ir.Not, ir.Cond)  # the parts Expr may keep for the position


class Rule:
    """A rule given to a notion, as the notion's writer sees it: `var` is bound to each item of
    `paid(items)`, which first pays the rule's calls from the work budget (interpreter/budget.py)."""

    def __init__(self, var: str, body: str, weight: int, where: str, what: str,
                 free: list[str] | None = None):
        self.var, self.body, self.weight, self.where, self.what = var, body, weight, where, what
        self.free = free  # the names of the function around it the body reads (None: it binds one there)

    def paid(self, items: str) -> str:
        return f"_rt.paid(s, {items}, {self.weight}, {self.where}, {self.what})"

    def over(self, items: str) -> str:
        """`for var in items`, paid: what a generator expression over the rule's items says."""
        return f"for {self.var} in {self.paid(items)}"


class Expr:
    """Writes a node as a Python expression, one method per node kind."""

    def __init__(self, frame: Frame):
        self.frame = frame
        self.m = frame.module

    def __call__(self, node: ir.Node) -> str:
        source = getattr(self, "v_" + type(node).__name__)(node)
        return self.kept(source, node) if self.keeps(node) else source

    def state(self, attr: str) -> str:
        """The source that reads the state's attribute `attr` (a local of the function where it may be)."""
        source = self.frame.state.attr(attr)
        return source if source[:2] == "s." else self.outer(source)

    def outer(self, name: str) -> str:
        """`name`, a local of the function being written, read here: a rule's body being written records
        it (Frame.outer), so that a loop of the module written from the body is handed it."""
        if self.frame.outer is not None:
            self.frame.outer[name] = None
        return name

    def binding(self, name: str) -> str:
        """`name`, bound here with := in the function being written: a rule's body that binds one stays
        in that function (Expr.looped)."""
        self.frame.binds = True
        return name

    def keeps(self, node: ir.Node) -> bool:
        """Is this part kept for the position (Expr.kept) where it is written here?"""
        varying = self.frame.varying
        if varying is None or not isinstance(node, _KEPT_NODES):  # asked first: has_rule walks the whole part
            return False
        if not isinstance(node, ir.Call):
            # a bot's preference asks it of every option: a test of parts worked out over lists (`not is_open
            # and not could_open`), the same for every option, is kept whole, not put together again each time
            return self.frame.per_option is not None and has_rule(node) and not reads_any(node, varying)
        # (a bot's preferences keep a list read for the position too: they ask for it once per option)
        # (and so does the picking of versions, where several moves' parts read the same list)
        lists = self.frame.per_option is not None or self.frame.picked is not None
        kept = has_rule(node) or (lists and node.type in ("list", "cards"))
        return kept and not reads_any(node, varying)

    def cannot_fail(self, node: ir.Node) -> bool:
        """Can this part, written here, not raise? `not`, `and`, `or`, `==` and `!=` of true, false, none,
        the cards of a zone known at load (one of the game's: Module.zone_count) and of notions whose writer says
        they fail only where their arguments do (`cannot_fail`, e.g. `empty`, or `can` of a move whose
        answer is a local here): then it is written without a `try` around it."""
        if self.keeps(node):  # (worked out into the position's cache: a part that may fail)
            return False
        if isinstance(node, ir.Const):
            return node.value is None or type(node.value) is bool
        if isinstance(node, ir.ZoneCards):
            zone = node.zone
            return isinstance(zone, ir.Const) and type(zone.value) is int and 0 <= zone.value < self.m.zone_count
        if isinstance(node, ir.Not):
            return self.cannot_fail(node.a)
        if isinstance(node, ir.Chain):
            return node.op in ("and", "or") and all(self.cannot_fail(t) for t in node.terms)
        if isinstance(node, ir.Binary):
            return node.op in ("==", "!=") and self.cannot_fail(node.a) and \
                self.cannot_fail(node.b)
        if isinstance(node, ir.Call):
            safe = getattr(node.write, "cannot_fail", None)
            return safe is not None and safe(self, node.args)
        return False

    def kept(self, source: str, node=None) -> str:
        """A part with one value for the position: worked out at its first use, kept in the position's cache
        (or, where the frame says so, in a local of the function: see Frame.local_keeps). `node`: the part,
        or what a notion's part is made of (its nodes and values), for its key where versions are picked."""
        local = self.frame.local_keeps
        if local is not None and not self.frame.in_rule:  # (none as a part's value: worked out again, the same)
            name = self.binding(local.get(source) or local.setdefault(source, self.m.new("t")))
            return f"({name} if {name} is not None else ({name} := {source}))"
        picked = self.frame.picked
        if picked is None:
            key = self.m.object(object())  # this part's own key in the position's cache
        else:  # one key for the same part wherever versions are picked (the names it binds aside)
            same = PartKey(self.frame).of(node)
            key = picked.get(same) or picked.setdefault(same, self.m.object(object()))
        cache = self.state("cache")
        return f"({cache}[{key}] if {key} in {cache} else {cache}.setdefault({key}, {source}))"

    def paid_first(self, rule: "Rule", items: str, count: int, rest: str) -> str:
        """`rest` after the rule's calls on `count` items (a constant list, not empty) are paid: `paid(items)
        and rest` (paid gives the items, a list that is not empty). A statement whose test this is pays
        first as a statement instead (Stmts.test: no call)."""
        source = f"({rule.paid(items)} and {rest})"
        self.m.paid_first[source] = (rule.weight * count, rule.where, rule.what, rest)
        return source

    def looped(self, kind: str, rule: "Rule", items: str, pay: bool = True) -> str | None:
        """any, all or count of a rule over items, as a call of a function of the module that loops and
        stops at its answer: a generator given to any() and closed early raised GeneratorExit in itself,
        and a count made a list (issue 36). The names of the function around it that the rule's body reads
        (rule.free, recorded as they were written: Expr.outer) are its arguments; a body that binds a name
        there (:=) stays as it was (None). `pay`: the items are paid
        here (rule.paid), not by what gives them."""
        free = rule.free
        if free is None:
            return None
        shape = (rule.body, rule.var, tuple(free))
        name = self.m.loops.get((kind, shape))
        if name is None:  # (the same rule's loop, wherever written, is one function: Frame.bind_argument)
            name = self.m.loops[(kind, shape)] = self._loop(kind, rule, free)
        return f"{name}({', '.join([rule.paid(items) if pay else items, *free])})"

    def _loop(self, kind: str, rule: "Rule", free: list[str]) -> str:
        """The function of the module that `looped` calls: its name."""
        name = self.m.new("l")
        test, found, rest = {"any": (rule.body, "return True", "return False"),
                             "all": (f"not {rule.body}", "return False", "return True"),
                             "count": (rule.body, f"{name} += 1", f"return {name}"),
                             "filter": (rule.body, f"{name}.append({rule.var})", f"return {name}")}[kind]
        head = [f"    {name} = 0"] if kind == "count" else [f"    {name} = []"] if kind == "filter" else []
        self.m.lines += [f"def {name}({', '.join(['items', *free])}):", *head, f"    for {rule.var} in items:",
                         f"        if {test}:", f"            {found}", f"    {rest}", ""]
        return name

    def v_Const(self, n: ir.Const) -> str:
        return self.m.literal(n.value)

    def v_Local(self, n: ir.Local) -> str:
        py = self.frame.names.get(n.name)
        assert py is not None, f"a local no generated function binds: {n.name}"
        # a name this function bound is read from the function around a rule's body; a local unrolled to its
        # value (Expr.per_item) is a literal or a constant of the module, read where it is
        return self.outer(py) if py in self.frame.made else py

    def v_StateField(self, n: ir.StateField) -> str:
        return _FIELDS[n.field]

    def v_VarRead(self, n: ir.VarRead) -> str:
        if n.index is None:
            return f"s.vars[{n.slot}]"
        index = self(n.index)
        if n.checked and self.m.in_range.get(index) != (n.per, n.span):
            index = f"_index({index}, {n.span}, {self.m.literal(n.per)})"
        return f"s.vars[{n.slot} + {index}]"

    def v_KeyOffset(self, n: ir.KeyOffset) -> str:
        return f"_rt.key_offset({self(n.key)}, {self.m.constant(n.offsets)}, {self.m.literal(n.name)})"

    def v_VarList(self, n: ir.VarList) -> str:
        return f"s.vars[{n.slot}:{n.slot + n.span}]"

    def v_ZoneCards(self, n: ir.ZoneCards) -> str:
        return f"{self.state('zones')}[{self(n.zone)}]"

    def v_OwnedZone(self, n: ir.OwnedZone) -> str:
        owner = self(n.owner)
        if n.span and self.m.in_range.get(owner) != (n.per, n.span):
            owner = f"_index({owner}, {n.span}, {self.m.literal(n.per)})"
        return f"({n.base} + {owner})" if n.per_owner == 1 else f"({n.base} + {owner} * {n.per_owner})"

    def v_Lookup(self, n: ir.Lookup) -> str:
        return f"{self.m.constant(n.table)}[{self(n.key)}]"

    def v_CardLookups(self, n: ir.CardLookups) -> str:
        in_rule, self.frame.in_rule = self.frame.in_rule, True  # (the card may be read in a generator)
        try:
            card = self(n.card)
        finally:
            self.frame.in_rule = in_rule
        terms = [self.card_lookup(card, n.zone, passes, wanted) for passes, wanted in n.pairs]
        return "(" + (" and " if n.every else " or ").join(terms) + ")"

    def card_lookup(self, card: str, zone: int, passes: list, wanted: list) -> str:
        """The card passes outright, or one of its wanted cards is in the zone. Each wanted card is
        one table of the deck (a card with fewer looks up the sentinel past the deck, in no zone)."""
        most = max((len(w) for w in wanted), default=0)
        size = len(wanted)
        test = []
        if any(passes):
            test.append(f"{self.m.constant(passes)}[{card}]")
        if most <= 3:
            for i in range(most):
                table = [w[i] if i < len(w) else size for w in wanted]
                test.append(f"{self.state('where')}[{self.m.constant(table)}[{card}]] == {zone}")
        else:
            test.append(f"any({self.state('where')}[x] == {zone} for x in {self.m.constant(wanted)}[{card}])")
        return "(" + " or ".join(test) + ")" if test else "False"

    def v_Cond(self, n: ir.Cond) -> str:
        return f"({self(n.yes)} if {self(n.test)} else {self(n.no)})"

    def v_Chain(self, n: ir.Chain) -> str:
        return "(" + f" {n.op} ".join(self(t) for t in n.terms) + ")"

    def v_Not(self, n: ir.Not) -> str:
        return f"(not {self(n.a)})"

    def v_Neg(self, n: ir.Neg) -> str:
        return f"(-{self(n.a)})"

    def v_Binary(self, n: ir.Binary) -> str:
        assert n.op in _OPS, n.op  # the grammar's operators only
        return f"({self(n.a)} {n.op} {self(n.b)})"

    def v_SameFace(self, n: ir.SameFace) -> str:
        return f"({self.m.constant(n.faces)}[{self(n.card)}] {'==' if n.want else '!='} {n.face})"

    def v_GroupOf(self, n: ir.GroupOf) -> str:
        index, groups = self(n.index), self.m.constant(n.groups)
        checked = f"_rt.group_of({index}, {groups}, {self.m.literal(n.name)})"
        if index.isidentifier() and not iskeyword(index):  # a name (a local, a constant), read twice: the check written out, the call only to fail
            return f"({index} if {index} in {groups} else {checked})"
        return checked

    def v_FaceCompare(self, n: ir.FaceCompare) -> str:
        faces = self.m.constant(n.faces)
        same = f"_rt.face_of({faces}, {self(n.a)}) == _rt.face_of({faces}, {self(n.b)})"
        return f"({same})" if n.want else f"(not ({same}))"

    def v_Items(self, n: ir.Items) -> str:
        return "[" + "".join(f"{self(item)}, " for item in n.items) + "]"

    def v_Joined(self, n: ir.Joined) -> str:
        return f"[*{self(n.a)}, *{self(n.b)}]"

    def v_Item(self, n: ir.Item) -> str:
        return f"{self(n.items)}[{self(n.index)}]"

    def v_Call(self, n: ir.Call) -> str:
        in_rule = self.frame.in_rule
        # a notion given a rule may write its arguments inside a comprehension (unless its writer says it
        # does not: `in_place`)
        self.frame.in_rule = in_rule or (any(isinstance(a, ir.Lambda) for a in n.args)
                                         and not getattr(n.write, "in_place", False))
        try:
            args = [self.rule(a) if isinstance(a, ir.Lambda) else self(a) for a in n.args]
        finally:
            self.frame.in_rule = in_rule
        if getattr(n.write, "asks_can", False):  # (a move's answer: a local known here, or bound with :=)
            self.frame.binds = True
        return n.write(self, args)

    def rule(self, n: ir.Lambda) -> "Rule":
        """A rule `x => body` given to a notion: its argument's Python name and its body's source."""
        frame = self.frame
        shadowed = frame.names.get(n.name)  # (a rule inside one whose argument has its name: restored after)
        var = frame.bind_argument(n.name)
        varying, outer, binds = frame.varying, frame.outer, frame.binds
        if varying is not None:
            frame.varying = varying | {n.name}
        frame.outer, frame.binds = {"s": None}, False  # (the state: read by nearly every body, always handed)
        frame.rules += 1
        try:
            body = self(n.body)
            read = frame.outer
            read.pop(var, None)  # (its own argument; a nested rule's left out its own)
            free = None if frame.binds else list(read)
        finally:
            frame.rules -= 1
            frame.varying, frame.outer, frame.binds = varying, outer, binds or frame.binds
            if shadowed is not None:
                frame.names[n.name] = shadowed
        if outer is not None:
            outer.update(read)
        return Rule(var, body, n.weight, self.m.literal(n.where), self.m.literal(Msg("rule_what", name=n.name)), free)

    def holds_rule(self, node: ir.Node) -> bool:
        return has_rule(node)

    def per_item(self, rule: ir.Lambda, values: list) -> list[str]:
        """The rule's body written once for each of a constant list's items, its argument that item
        (a writer that unrolls a rule over a few constant items, such as the seats)."""
        frame, name = self.frame, rule.name
        bound, varying = frame.names.get(name), frame.varying
        if varying is not None:  # as in rule(): a part that reads the argument is not kept for the position
            frame.varying = varying | {name}
        try:
            out = []
            for value in values:
                frame.names[name] = self.m.literal(value)
                out.append(self(rule.body))
            return out
        finally:
            frame.varying = varying
            if bound is None:
                frame.names.pop(name, None)
            else:
                frame.names[name] = bound

    def keyed_by(self, rule: ir.Lambda) -> list | None:
        """The one table through which a rule reads its argument, when it reads it only as table[argument]
        and the table's values are whole numbers or words (keys that equal only themselves): items of one
        key then give the rule one answer. Else None."""
        found: list = []

        def only_keyed(n) -> bool:
            if isinstance(n, ir.Lookup) and isinstance(n.key, ir.Local) and n.key.name == rule.name:
                found.append(n.table)
                return True
            if isinstance(n, ir.Local):
                return n.name != rule.name
            if isinstance(n, ir.Lambda) and n.name == rule.name:
                return False
            return all(only_keyed(part) for part in _parts(n))
        if not only_keyed(rule.body) or not found or any(table is not found[0] for table in found):
            return None
        table = found[0]
        return table if isinstance(table, list) and all(type(v) in (int, str) for v in table) else None

    def fixed(self, node: ir.Node) -> bool:
        """Has this part one value for the position here (nothing changes the state, and it reads none
        of the choices or rules' arguments around it)? A notion's writer may then keep what it works out."""
        varying = self.frame.varying
        return varying is not None and not reads_any(node, varying)

    def reads(self, node: ir.Node, name: str) -> bool:
        return reads_any(node, {name})

    def once_per_option(self, source: str, node: ir.Node) -> str:
        """`source` (a call that cannot fail, on the part `node`), worked out once per option when the
        part is one of the option's choices (see Frame.per_option); else `source` where it is."""
        per_option, frame = self.frame.per_option, self.frame
        if per_option is None or not isinstance(node, ir.Local) or node.name not in frame.choices \
                or frame.names.get(node.name) != frame.choices[node.name]:  # (a rule's argument of that name)
            return source
        if source not in per_option:
            per_option[source] = self.m.new("t")
        return self.outer(per_option[source])

    def once_per_choice(self, source: str, node: ir.Node) -> str | None:
        """The name `source` (which cannot fail and changes nothing) is bound to once per option of an
        earlier choice, when `node` names one and the move's options are listed here (Frame.per_choice);
        else None."""
        per_choice, frame = self.frame.per_choice, self.frame
        if per_choice is None or not isinstance(node, ir.Local):
            return None
        var = frame.names.get(node.name)
        if not any(var == v for v, _ in per_choice):
            return None
        return self.outer(per_choice.setdefault((var, source), self.m.new("t")))

    def v_SlotRead(self, n: ir.SlotRead) -> str:
        """Worked out at its first use in the position, then read again: it fails, if it fails, where
        and when the part itself would."""
        name = self.frame.slots.get(n.index)
        if name is None:
            name = self.frame.slots[n.index] = self.m.new("t")
        name = self.binding(name)
        return f"({name} if {name} is not _UNSET else ({name} := {self(n.part)}))"
