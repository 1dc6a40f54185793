"""Notions over a list and a rule `x => ...`: empty, count, any, all, filter, sum, max, min, leaders,
or_else, and the numbers worked out from them (step_value, abs). Their writers turn a rule of a known
shape into one plain loop or a lookup (dsl/notions/shapes.py, interpreter/rule_loops.py)."""
from __future__ import annotations

from kural.interpreter.messages import Msg

from .. import ir
from .registry import NeedsSection, notion, writes
from .shapes import cards_once, joining_card, key_pair, keyed_rule, plain_zone, rule_where


notion("empty", ["list"], "bool", "{0} is empty", "{0} boş", no=("{0} is not empty", "{0} boş değil"))

notion("count", ["list", "fn?"], "num", "the number of cards in {0}", "{0:loc.ki} kart sayısı~", elem="card", body="bool",
       full_items=("the number of {x} of {0} for which {1}", "{0} içinde «{1}» koşulunu sağlayanların ({x}) sayısı~"),
       full=("the number of cards {x} in {0} for which {1}",
             "{0:loc.ki} kartlardan «{1}» koşulunu sağlayanların ({x}) sayısı~"),
       items=("the number of {0}", "{0:gen} sayısı~"))

notion("any", ["list", "fn"], "bool", "for some {x} of {0}, {1}", "{0} içinde «{1}» koşulunu sağlayan bir {x} var",
       elem="item", body="bool",
       no=("for no {x} of {0}, {1}", "{0} içinde «{1}» koşulunu sağlayan hiçbir {x} yok"))

notion("all", ["list", "fn"], "bool", "for every {x} of {0}, {1}", "{0} içindeki her {x} «{1}» koşulunu sağlıyor",
       elem="item", body="bool",
       no=("not for every {x} of {0}, {1}", "{0} içindeki her {x} «{1}» koşulunu sağlamıyor"))

notion("filter", ["list", "fn"], "list", "those {x} of {0} for which {1}", "{0} içinden «{1}» koşulunu sağlayanlar ({x})",
       elem="item", body="bool", returns_from=0)

notion("sum", ["list", "fn?"], "num", "the sum of {0}", "{0:gen} toplamı~", elem="item", body="num",
       each_of=("the sum, for every {x} of {0}, of", "{0} içindeki her {x} için şunun toplamı"),
       full=("the sum of {1} for every {x} of {0}", "{0} içindeki her {x} için {1} toplamı~"))

notion("max", ["list", "fn?"], "num", "the largest of {0}", "{0} içinde en büyüğü~", elem="item", body="num",
       full=("the largest value of {1} for any {x} of {0}", "{0} içinde, {x} için {1} değerinin en büyüğü~"))

notion("step_value", ["list", "num"], "num",
       "the value of the steps {0} for {1} (each [from, value]: the last step reached counts, the first below it)",
       "{1} için {0} basamaklarının değeri (her biri [başlangıç, değer]: ulaşılan son basamak, altında ilki)",
       pure=True,
       # constant steps said as steps (dsl/values.py): {0} the steps, each threshold as `reached` says it
       steps=("{0}", "{0}"), reached=("{0} reaches {1}", "{0} {1:dat} ulaşana"))

notion("min", ["list", "fn?"], "num", "the smallest of {0}", "{0} içinde en küçüğü~", elem="item", body="num",
       full=("the smallest value of {1} for any {x} of {0}", "{0} içinde, {x} için {1} değerinin en küçüğü~"))

notion("leaders", ["list", "fn"], "list", "those {x} of {0} for whom {1} is largest",
       "{0} içinde {1} en büyük olanlar ({x})", elem="item", body="num", returns_from=0)

notion("or_else", ["list", "list"], "list", "{0} (or {1} when there are none)", "{0} (hiç yoksa {1})",
       returns_from=0)

notion("abs", ["num"], "num", "the absolute value of {0}", "{0:gen} mutlak değeri~", pure=True,
       difference=("the difference between {0} and {1}", "{0} ile {1} arasındaki fark~"))


# ------------------------------------------------- their code (dsl/backend/)
@writes("empty")
def _write_empty(ctx, a):
    def write(x, src):
        return f"(not {src[0]})"
    write.cannot_fail = lambda x, args: x.cannot_fail(args[0])  # (`not` fails only where its list does)
    return write


@writes("count")
def _write_count(ctx, a):
    if len(a) == 1:
        return lambda x, src: f"len({src[0]})"
    by_key = keyed_rule(a[1].node)
    body = getattr(a[1].node, "body", None)
    looked_up = isinstance(body, ir.Lookup) and isinstance(body.key, ir.Local) and body.key.name == a[1].node.name

    def write(x, src):
        if by_key is not None and x.fixed(a[0].node) and not x.reads(by_key[2], a[1].node.name):
            table, rule, other, alone = by_key
            if alone:
                # count(cards, c => key(c) == v), the cards fixed for the position: one tally of their keys
                # for the position, then a lookup of v (rank(c) == rank(card) for every card of a hand)
                return (f"_rt.tallied(s, {x.m.object(object())}, {src[0]}, {x.m.constant(table)}, {x(other)}, "
                        f"{rule.weight}, {rule_where(x, rule)})")
            # count(cards, c => key(c) == v and ...): the rule tried on the cards of key v only, the cards
            # sorted by key once for the position (suit(c) == suit(card) and ... for every card of a hand)
            # (the key first: the other cards stop there, as they would in the whole list; none: v not read)
            keyed = (f"_rt.of_key(s, {x.m.object(object())}, {src[0]}, {x.m.constant(table)}, {x(other)}, "
                     f"{rule.weight}, {rule_where(x, rule)})")
            counted = x.looped("count", src[1], keyed, pay=False) or f"len([1 for {src[1].var} in {keyed} if {src[1].body}])"
            return f"({counted} if {src[0]} else 0)"
        if looked_up:  # c => table[c] (a rule about each card alone): one loop, no generator made and run
            return f"_rt.counted(s, {src[0]}, {x.m.constant(body.table)}, {src[1].weight}, {src[1].where}, {src[1].what})"
        # (a list, counted: the items are all tried, as a generator's sum tries them, with no generator resumed
        # for each)
        return x.looped("count", src[1], src[0]) or f"len([1 {src[1].over(src[0])} if {src[1].body}])"
    return write


UNROLLED = 8  # any/all over a constant list of at most this many items (the seats): the rule written per item


def _write_any_all(builtin: str, joiner: str):
    """any and all. Over a short constant list (`seats`) and a rule without a rule inside, the rule's body (a
    true/false) is written once per item, joined by or / and (no generator made and run for a few seats),
    its calls paid first as a generator's are; otherwise the builtin over a generator."""
    def emit(ctx, a):
        values, rule = (a[0].const if a[0].is_const else None), a[1].node

        def write(x, src):
            if type(values) is list and 0 < len(values) <= UNROLLED and isinstance(rule, ir.Lambda) \
                    and not x.holds_rule(rule.body):
                terms = f" {joiner} ".join(x.per_item(rule, values))
                return x.paid_first(src[1], src[0], len(values), f"({terms})")  # the items paid, then the terms
            pair = key_pair(rule) if builtin == "any" else None
            if pair is not None:  # x => key(x) == key(z): one loop, no generator made and run
                table, other_table, other = pair
                return (f"_rt.any_of_key(s, {src[0]}, {src[1].weight}, {src[1].where}, {src[1].what}, "
                        f"{x.m.constant(table)}, {x.m.constant(other_table)}, {x(other)})")
            joining = joining_card(x, a[0].node, rule) if builtin == "any" else None
            if joining is not None:  # g => can_join(g, [card]) over groups fixed for the position: their tables
                # found once for the position, as they are reached, then each looked up by the card
                return (f"_rt.joins_any(s, {x.m.object(object())}, {x.m.object(ctx.melds)}, {src[0]}, "
                        f"{x(joining)}, {src[1].weight}, {src[1].where}, {src[1].what})")
            table = x.keyed_by(rule) if isinstance(rule, ir.Lambda) and x.holds_rule(rule.body) else None
            if table is not None:  # a rule (that loops) about each item's key alone: tried on the first item of each key
                firsts = f"_rt.first_of_each({x.m.constant(table)}, {src[1].paid(src[0])})"
                return x.looped(builtin, src[1], firsts, pay=False) or f"{builtin}({src[1].body} for {src[1].var} in {firsts})"
            return x.looped(builtin, src[1], src[0]) or f"{builtin}({src[1].body} {src[1].over(src[0])})"
        return write
    return emit


writes("any")(_write_any_all("any", "or"))
writes("all")(_write_any_all("all", "and"))


@writes("filter")
def _write_filter(ctx, a):
    rule = a[1].node
    body = getattr(rule, "body", None)
    looked_up = isinstance(body, ir.Lookup) and isinstance(body.key, ir.Local) and body.key.name == rule.name

    keyed = keyed_rule(rule)  # c => table[c] == v

    def write(x, src):
        if looked_up:  # c => table[c] (a rule about each card alone): one loop, no comprehension made and run
            return f"_rt.picked(s, {src[0]}, {x.m.constant(body.table)}, {src[1].weight}, {src[1].where}, {src[1].what})"
        if keyed is not None and keyed[3] and plain_zone(a[0].node) and not x.reads(keyed[2], rule.name) \
                and not x.holds_rule(keyed[2]):
            # c => table[c] == v, v the same for every card (rank(c) == rank(card)): v worked out once, when
            # there are cards to try it on (as the comprehension would), and one loop, no comprehension made
            # and run (nor a function with the choices it reads kept in cells)
            table, value = x.m.constant(keyed[0]), x(keyed[2])
            return (f"(_rt.picked_equal(s, {src[0]}, {table}, {value}, {src[1].weight}, {src[1].where}, "
                    f"{src[1].what}) if {src[0]} else [])")
        return x.looped("filter", src[1], src[0]) or f"[{src[1].var} {src[1].over(src[0])} if {src[1].body}]"
    write.cards_once = cards_once(a[0].node)  # some of a list of cards each once: each once (cards_once)
    return write


@writes("sum")
def _write_sum(ctx, a):
    if len(a) == 1:
        return lambda x, src: f"sum({src[0]})"
    return lambda x, src: f"sum([{src[1].body} {src[1].over(src[0])}])"  # (see count)


def _write_extreme(builtin: str):
    """max and min: of a list, or of a rule over a list; 0 for an empty one."""
    def emit(ctx, a):
        if len(a) == 1:
            return lambda x, src: f"{builtin}({src[0]}, default=0)"
        return lambda x, src: f"{builtin}(({src[1].body} {src[1].over(src[0])}), default=0)"
    return emit


writes("max")(_write_extreme("max"))
writes("min")(_write_extreme("min"))


@writes("abs")
def _write_abs(ctx, a):
    return lambda x, src: f"abs({src[0]})"


@writes("or_else")
def _write_or_else(ctx, a):
    # the second list is worked out only when the first is empty: a list is false exactly when it is empty
    # (no name bound with :=, which Python refuses where a comprehension's items are worked out)
    def write(x, src):
        return f"({src[0]} or {src[1]})"
    write.or_else = True  # the first list, or the second when it is empty: a writer of statements may say so
    return write


@writes("step_value")
def _write_step_value(ctx, a):
    """Steps known at load must be steps: [from, value] pairs of numbers, refused at the call otherwise."""
    known = a[0].const if a[0].is_const else None
    if known is not None and not (isinstance(known, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(n, (int, float)) for n in p) for p in known)):
        raise NeedsSection(Msg("step_value_needs_steps", known=known), Msg("example_list_param"))
    return lambda x, src: f"_rt.step_value({src[0]}, {src[1]})"


@writes("leaders")
def _write_leaders(ctx, a):
    """Each item with its value, in one pass paid first, then the items of the largest value."""
    return lambda x, src: f"_rt.leaders_in([({src[1].var}, {src[1].body}) {src[1].over(src[0])}])"
