"""Notions about melds, read by the rule file's `melds:` section (interpreter/melds.py): whether cards
form a meld and its kind, points, wild and natural cards; the melds cards can make; whether cards
can be added to a meld; a hand's best partition into melds and the cards it can lay off on melds
(interpreter/partition.py)."""
from __future__ import annotations

from kural.interpreter.messages import Msg
from .registry import NeedsSection, notion, writes
from .shapes import one_card, plain_zone


def _meld_rules(ctx, name: str):
    rules = getattr(ctx, "melds", None)
    if rules is None:
        raise NeedsSection(Msg("needs_melds_section", name=name),
                           Msg("add_melds_rule_file"))
    return rules


# the summary's field each notion reads of the best reading of a group of cards (interpreter/melds.py)
SUMMARY_FIELDS = {"is_meld": "legal", "meld_kind": "kind", "meld_points": "points", "meld_wilds": "wilds",
                  "meld_naturals": "naturals"}

notion("is_meld", ["cards"], "bool", "{0} form a meld", "{0} bir per oluşturuyor", pure=True,
       no=("{0} do not form a meld", "{0} bir per oluşturmuyor"))
notion("meld_kind", ["cards"], "str", "the kind of meld {0} form (set or run)",
       "{0:gen} oluşturduğu per türü~", pure=True,
       # its values in words, `meld_kind(g) == "run"`: g is a run (dsl/teach/words.py)
       **{"is:run": ("{0} is a run", "{0} sıralı per"), "is:set": ("{0} is a set", "{0} aynı sayılı per"),
          "not:run": ("{0} is not a run", "{0} sıralı per değil"),
          "not:set": ("{0} is not a set", "{0} aynı sayılı per değil")})
notion("meld_points", ["cards"], "num", "the points of {0} as a meld", "{0:gen} per olarak puanı~", pure=True)
notion("meld_wilds", ["cards"], "num", "the number of wild cards in {0} standing for another card",
       "{0} içinde başka kartın yerine geçen joker sayısı~", pure=True)
notion("meld_naturals", ["cards"], "num", "the number of natural cards (standing for themselves) in the meld {0}",
       "{0} perindeki doğal (kendi yerindeki) kart sayısı~", pure=True)
notion("melds_in", ["cards"], "list", "the melds that can be made from {0}", "{0:ins} yapılabilecek perler",
       gives="cards")
notion("can_join", ["cards", "cards"], "bool", "{1} can be added to {0}",
       "{1} {0:dat} eklenebilir", pure=True,
       no=("{1} cannot be added to {0}", "{1} {0:dat} eklenemez"))


# A hand's best partition into disjoint melds (issue 38): the fewest `points` left out, ties broken by the
# deck's order (interpreter/partition.py); Gin's deadwood and the knocker's melds, and the cards a hand lays
# off on melds, one after another (a 5 on 6-7-8 lets the 4 follow).
notion("deadwood", ["cards", "list?"], "cards", "the deadwood of {0}",
       "{0:gen} en iyi dizilişte boşta kalan kartları~", gives="card",
       full=("the deadwood of {0} once it lays off what it can on {1}",
             "{0:gen} kartlarından, {1:dat} işlenebilenler işlendikten sonra boşta kalanlar"))
notion("best_melds", ["cards"], "list", "the melds of the best arrangement of {0}",
       "{0:gen} en iyi dizilişteki perleri~", gives="cards")
notion("lay_offs", ["cards", "list"], "cards", "the cards of {0} that can be laid off on {1}",
       "{0} içinden {1:dat} işlenebilecek kartlar", gives="card")


# ------------------------------------------------- their code (dsl/backend/)
def _write_summary(name: str, field: str):
    def emit(ctx, a):
        _meld_rules(ctx, name)

        def write(x, src):  # (the reading of an option's meld, read once however many fields are asked)
            return f"{x.once_per_option(f'{x.m.object(ctx.melds)}.summary({src[0]})', a[0].node)}.{field}"
        return write
    return emit


for _name in ("is_meld", "meld_kind", "meld_points", "meld_wilds", "meld_naturals"):
    writes(_name)(_write_summary(_name, SUMMARY_FIELDS[_name]))


@writes("melds_in")
def _write_melds_in(ctx, a):
    _meld_rules(ctx, "melds_in")
    return lambda x, src: f"_rt.melds_of({x.m.object(ctx.melds)}, {src[0]})"


@writes("can_join")
def _write_can_join(ctx, a):
    _meld_rules(ctx, "can_join")
    card = one_card(a[1].node)

    def held_table(x) -> str | None:
        """The name of the table of the meld an earlier choice of the move names, found once for every card
        tried on it (Expr.once_per_choice), or None."""
        rules = x.m.object(ctx.melds)
        return x.once_per_choice(f"_rt.join_table_at({rules}, {x.state('zones')}, {x(a[0].node.zone)})", a[0].node.zone)

    def write(x, src):
        rules = x.m.object(ctx.melds)
        if card is not None and plain_zone(a[0].node):  # a meld's table kept is read in place, without a
            # call (asked of every card of a hand with every meld): `(*meld,)` is the key join_table keeps it by
            table = f"({rules}._joins.get((*{src[0]},)) or {rules}.join_table({src[0]}))"
            held = held_table(x)
            return f"{table if held is None else f'({held} or {table})'}[{x(card)}]"
        if card is not None:  # can_join(meld, [card]): the card looked up in the meld's join table
            return f"{rules}.join_table({src[0]})[{x(card)}]"
        return f"{x.m.object(ctx.melds)}.joins({src[0]}, {src[1]})"
    if card is not None and plain_zone(a[0].node):  # a guard that holds only for the cards the table lets
        # join: the options of the card are those first (dsl/backend/options.py _product), the others never tried
        write.joins = (a[0].node.zone, card, held_table)
    return write


def _melds_list(piece, name: str) -> None:
    """The melds a card is laid off on are a list of melds: one list of cards (a zone, a hand) is refused at
    the call, where each of its cards would be read as a group."""
    if piece.type in ("cards", "zone") or (piece.type == "list" and piece.elem == "card"):
        raise NeedsSection(Msg("needs_melds_not_cards", name=name), Msg("example_melds_list"))


@writes("deadwood")
def _write_deadwood(ctx, a):
    _meld_rules(ctx, "deadwood")
    if len(a) == 1:
        return lambda x, src: f"_rt.deadwood_of(s, {x.m.object(ctx.melds)}, {src[0]})"
    _melds_list(a[1], "deadwood")
    return lambda x, src: f"_rt.deadwood_of(s, {x.m.object(ctx.melds)}, {src[0]}, {src[1]}, {x.state('zones')})"


@writes("best_melds")
def _write_best_melds(ctx, a):
    _meld_rules(ctx, "best_melds")
    return lambda x, src: f"_rt.best_melds_of(s, {x.m.object(ctx.melds)}, {src[0]})"


@writes("lay_offs")
def _write_lay_offs(ctx, a):
    _meld_rules(ctx, "lay_offs")  # (the melds may be groups of a group zone: read from the state's zones)
    _melds_list(a[1], "lay_offs")
    return lambda x, src: f"_rt.lay_offs_of(s, {x.m.object(ctx.melds)}, {src[0]}, {src[1]}, {x.state('zones')})"
