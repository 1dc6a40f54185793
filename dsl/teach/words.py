"""The rules language in words: each node of the typed tree (dsl/typed.py) said in English or Turkish.

Nothing here knows a game: a sentence is built from the phrase of each construct (`CONSTRUCTS`, one per
node kind of grammar.lark and a few common shapes of them), the library's own phrases
(`kural.dsl.notions.LIBRARY[name].text` and `.forms`), values as a person says them (dsl/values.py)
and the rule file's names and titles (zones, vars, moves, defines, cards, seats) as the loader kept
them. So a variant someone writes today is explained without anyone writing text for it.

The program is read as the compiler left it: params are folded in (`if start_card == none then ...`
reads as the branch this game's params choose), untitled defines are inlined and titled ones said by
their titles. `say` gives a phrase; `block` gives, where a phrase would be too long to follow, the
structure kept: a value chosen by `if` as a list of cases, a long `and` or `or` as bullet points, a
long sum as its terms.

Templates: `{0}`, `{1}` ... are the arguments' phrases; `{x}` the argument of a rule `x => ...`; `{me}`
the player the sentence speaks to; Turkish endings after a colon (dsl/wording.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field


from ..notions import LIBRARY

from .. import values
from kural.interpreter.numbers import value_key
from ..typed import Const, Typed, Word, const_of, kind_of_value
from ..wording import LANGS, Phrase, capital, fill, joined, number
from .document import Bullet

# One phrase per construct of grammar.lark (by the node kinds the parser gives), and per common shape of
# one (`rank(x) == 7`, `x == none` ...). Turkish speaks to the player as `sen`; English as `you`.
CONSTRUCTS: dict[str, dict[str, str]] = {
    # conditions: or_, and_, not_
    "or": {"en": "{0} or {1}", "tr": "{0} ya da {1}"},
    "or_nested": {"en": "either {0}", "tr": "ya {0}"},  # an `or` inside an `and`: either a or b
    "or_nested_more": {"en": " or {0}", "tr": " ya da {0}"},
    "and": {"en": "{0} and {1}", "tr": "{0} ve {1}"},
    "and_nested": {"en": "both {0}", "tr": "hem {0}"},  # an `and` inside an `or`: both a and b
    "and_nested_more": {"en": " and {0}", "tr": " hem de {0}"},
    "not": {"en": "it is not so that {0}", "tr": "şu doğru değil: {0}"},
    "not_value": {"en": "not {0}", "tr": "{0} değil"},
    # compare (COMP_OP), with the shapes that read better
    "==": {"en": "{0} is {1}", "tr": "{0} {1:dat} eşit"},
    "!=": {"en": "{0} is not {1}", "tr": "{0} {1:dat} eşit değil"},
    "<": {"en": "{0} is less than {1}", "tr": "{0} {1:abl} küçük"},
    "<=": {"en": "{0} is at most {1}", "tr": "{0} en çok {1}"},
    ">": {"en": "{0} is more than {1}", "tr": "{0} {1:abl} büyük"},
    ">=": {"en": "{0} is at least {1}", "tr": "{0} en az {1}"},
    "is_word": {"en": "{0} is {1}", "tr": "{0} {1}"},  # a var's value by its words: the kind of g is clean
    "is_not_word": {"en": "{0} is not {1}", "tr": "{0} {1} değil"},
    "card==": {"en": "{0} is {1}", "tr": "{0} {1}"},
    "card!=": {"en": "{0} is not {1}", "tr": "{0} {1} değil"},
    "same==": {"en": "{0} is {1}", "tr": "{0}, {1}"},  # a seat or a partnership: who, not how many
    "same!=": {"en": "{0} is not {1}", "tr": "{0}, {1} değil"},
    "is_none": {"en": "{0} is not set", "tr": "{0} belli değil"},
    "not_none": {"en": "{0} is set", "tr": "{0} belli"},
    "rank_is": {"en": "{0} is {1}", "tr": "{0} bir {1}"},
    "rank_is_not": {"en": "{0} is not {1}", "tr": "{0} {1} değil"},
    "suit_is": {"en": "{0} is one of the {1}", "tr": "{0} {1} renginden"},
    "suit_is_not": {"en": "{0} is not one of the {1}", "tr": "{0} {1} renginden değil"},
    "same_suit": {"en": "{0} is of the same suit as {1}", "tr": "{0} ile {1} aynı renkten"},
    "not_same_suit": {"en": "{0} is not of the same suit as {1}", "tr": "{0} ile {1} aynı renkten değil"},
    "same_rank": {"en": "{0} has the same rank as {1}", "tr": "{0} ile {1} aynı sayıda"},
    "not_same_rank": {"en": "{0} does not have the same rank as {1}", "tr": "{0} ile {1} aynı sayıda değil"},
    "value_is": {"en": "{0} is {1}", "tr": "{0} {1}"},  # a notion's text value by its words: g is a run
    "value_is_not": {"en": "{0} is not {1}", "tr": "{0} {1} değil"},
    # contains, not_contains
    "in": {"en": "{0} is in {1}", "tr": "{0}, {1} içinde"},
    "not_in": {"en": "{0} is not in {1}", "tr": "{0}, {1} içinde değil"},
    "card_in": {"en": "{1} holds {0}", "tr": "{0}, {1} içinde"},
    "card_not_in": {"en": "{1} does not hold {0}", "tr": "{0}, {1} içinde değil"},
    "in_list": {"en": "{0} is one of {1}", "tr": "{0}, şunlardan biri: {1}"},  # x in [a, b]
    "not_in_list": {"en": "{0} is none of {1}", "tr": "{0}, şunlardan hiçbiri değil: {1}"},
    "group": {"en": "({0})", "tr": "({0})"},  # a sum inside a product, a conditional value inside a sum
    # arith (ADD_OP, MUL_OP), neg
    "+": {"en": "{0} plus {1}", "tr": "{0} artı {1}"},
    "-": {"en": "{0} minus {1}", "tr": "{0} eksi {1}"},
    "*": {"en": "{0} times {1}", "tr": "{0} çarpı {1}"},
    "/": {"en": "{0} divided by {1}", "tr": "{0} bölü {1}"},
    "//": {"en": "{0} divided by {1}, rounded down", "tr": "{0} bölü {1} (aşağı yuvarlanmış)"},
    "%": {"en": "the remainder of {0} divided by {1}", "tr": "{0:gen} {1:dat} bölümünden kalan"},
    "neg": {"en": "minus {0}", "tr": "eksi {0}"},
    "joined": {"en": "{0}, together with {1}", "tr": "{0}, bunlara ek olarak {1}"},  # list + list
    # cond: if c then a else b
    "if_then": {"en": "if {0}, then {1}", "tr": "{0} ise {1}"},  # a condition with `else true`
    "if_then_else": {"en": "if {0}, then {1}, otherwise {2}", "tr": "{0} ise {1}, değilse {2}"},
    "value_if": {"en": "{1} if {0}, otherwise {2}", "tr": "{0} ise {1}, değilse {2}"},
    "value_if_arg": {"en": "{2} (or {1} if {0})", "tr": "{2} ({0} ise {1})"},  # a value chosen by `if`, as an argument
    # the structure of a long value or condition (`block`)
    "case_if": {"en": "if {0}", "tr": "{0} ise"},
    "case_otherwise": {"en": "otherwise", "tr": "değilse"},
    "all_of": {"en": "all of these hold", "tr": "şunların hepsi doğru"},
    "any_of": {"en": "at least one of these holds", "tr": "şunlardan en az biri doğru"},
    "all_of_when": {"en": "when all of these hold", "tr": "şunların hepsi doğruysa"},  # a term that holds when ...
    "any_of_when": {"en": "when at least one of these holds", "tr": "şunlardan en az biri doğruysa"},
    "sum_of": {"en": "the sum of these", "tr": "şunların toplamı"},
    "do_if": {"en": "if {0}", "tr": "{0} ise"},  # a statement's `if`, its effects under it
    "do_then": {"en": "then", "tr": "o zaman"},
    "do_for": {"en": "for each {0} of {1}", "tr": "{1} içindeki her {0} için"},
    "term_plus": {"en": "plus", "tr": "artı"},
    "term_and": {"en": "and", "tr": "ve"},  # lists joined (list + list): not a sum
    "joined_all": {"en": "all of these together", "tr": "şunların hepsi bir arada"},
    "term_minus": {"en": "minus", "tr": "eksi"},
    "by_cases": {"en": "by cases", "tr": "duruma göre"},
    # a number compared with a value by cases: the comparison's lead, the cases under it
    "cases==": {"en": "{0} is", "tr": "{0} şuna eşit"},
    "cases!=": {"en": "{0} is not", "tr": "{0} şuna eşit değil"},
    "cases<": {"en": "{0} is less than", "tr": "{0} şundan küçük"},
    "cases<=": {"en": "{0} is at most", "tr": "{0} en çok"},
    "cases>": {"en": "{0} is more than", "tr": "{0} şundan büyük"},
    "cases>=": {"en": "{0} is at least", "tr": "{0} en az"},
    # index, list, literals
    "index": {"en": "item {1} of {0}", "tr": "{0:gen} {1}. öğesi~"},
    "list_or": {"en": "or", "tr": "ya da"},  # the last item of the list in `x in [a, b]`
    "list_empty": {"en": "nothing", "tr": "hiçbir şey"},
    "true": {"en": "always", "tr": "her zaman"},
    "false": {"en": "never", "tr": "hiçbir zaman"},
    "none": {"en": "nothing", "tr": "hiçbiri"},
    "no_cards": {"en": "the empty group (taking nothing)", "tr": "boş grup (hiçbir kart almamak)"},
    "string": {"en": "“{0}”", "tr": "“{0}”"},
    "rank_a": {"en": "a {0}", "tr": "{0}"},
    "rank_an": {"en": "an {0}", "tr": "{0}"},
    "ranks_1": {"en": "one rank", "tr": "1"},  # has(zone, suit(x), rank(x) - 1): one rank below x
    "ranks_n": {"en": "{0} ranks", "tr": "{0}"},
    # names: choices, the player spoken to, seats, zones, vars, value tables
    "choice_card": {"en": "the card", "tr": "kart"},
    "choice_named_card": {"en": "the card {0}", "tr": "{0} kartı"},
    "choice_cards": {"en": "the chosen cards", "tr": "seçilen kartlar"},
    "choice": {"en": "the chosen {0}", "tr": "seçilen {0}"},
    "choice_zone_group": {"en": "the chosen meld", "tr": "seçilen per"},
    "me": {"en": "you", "tr": "sen"},
    "me_mover": {"en": "the player who moved", "tr": "hamleyi yapan oyuncu"},
    "me_last": {"en": "the player who made the last move", "tr": "son hamleyi yapan oyuncu"},
    "seat_local": {"en": "the player", "tr": "oyuncu"},
    "seat_number": {"en": "{1}", "tr": "{1}"},  # a seat known at load: its player's name
    "seats": {"en": "the players", "tr": "oyuncular"},
    "players": {"en": "the number of players", "tr": "oyuncu sayısı~"},
    "rounds_played": {"en": "the number of rounds played", "tr": "oynanan tur sayısı~"},
    "moves_played": {"en": "the number of moves made", "tr": "yapılan hamle sayısı~"},
    "totals": {"en": "the players' totals", "tr": "oyuncuların toplam puanları~"},
    "totals_teams": {"en": "the partnerships' totals", "tr": "takımların toplam puanları~"},
    # teams (game.teams): the local `team` of a result per team, the built-in `teams`, a team's zone or var
    "team_local": {"en": "the partnership", "tr": "takım"},
    "your_team": {"en": "your partnership", "tr": "takımın"},
    "team_of": {"en": "the partnership of {0}", "tr": "{0:gen} takımı~"},
    "group_local": {"en": "the group", "tr": "grup"},
    "teams": {"en": "the partnerships", "tr": "takımlar"},
    "ours": {"en": "your partnership's {0}", "tr": "takımının {0:poss3}"},
    "teams_own": {"en": "the partnership's {0}", "tr": "takımın {0:poss3}"},
    "of_team": {"en": "the {0} of the partnership of {1}", "tr": "{1:gen} takımının {0:poss3}"},
    "of_a_team": {"en": "the {0} of {1}", "tr": "{1:gen} {0:poss3}"},  # a team named by a local
    "var_all_teams": {"en": "the {0} of every partnership", "tr": "her takımın {0:poss3}"},
    "total": {"en": "total points", "tr": "toplam puan"},
    "dealer": {"en": "the dealer", "tr": "dağıtan"},
    "zone": {"en": "the {0}", "tr": "{0}"},
    "zone_family": {"en": "{0}", "tr": "{0}"},  # a per-seat zone named alone: each player's own
    "mine": {"en": "your {0}", "tr": "{0:poss2}"},
    "players_own": {"en": "the player's {0}", "tr": "oyuncunun {0:poss3}"},
    "of_seat": {"en": "the {0} of {1}", "tr": "{1:gen} {0:poss3}"},
    "var": {"en": "the {0}", "tr": "{0}"},
    "var_all": {"en": "the {0} of every player", "tr": "her oyuncunun {0:poss3}"},
    "table_value": {"en": "the {0} of {1}", "tr": "{1:gen} {0:poss3}"},
    "move_name": {"en": "{0}", "tr": "{0}"},
    # effects: assign (ASSIGN_OP), if_stmt, for_stmt, block
    "=": {"en": "set {0} to {1}", "tr": "{0:acc} {1} yap"},
    "+=": {"en": "add {1} to {0}", "tr": "{0:dat} {1} ekle"},
    "-=": {"en": "take {1} from {0}", "tr": "{0:abl} {1} düş"},
    "+=the": {"en": "add {1} to {0}", "tr": "{0:dat} {1:acc} ekle"},  # a definite amount: Turkish marks it
    "-=the": {"en": "take {1} from {0}", "tr": "{0:abl} {1:acc} düş"},
    "now": {"en": "from now on {0}", "tr": "artık {0}"},  # a var set to a value it has words for
    "if_do": {"en": "if {0}, {1}", "tr": "{0} ise {1}"},
    "if_do_else": {"en": "if {0}, {1}; otherwise {2}", "tr": "{0} ise {1}; değilse {2}"},
    "for_do": {"en": "for each {0} of {1}: {2}", "tr": "{1} içindeki her {0} için: {2}"},
    "then_sep": {"en": ", then ", "tr": ", sonra "},  # statements of a block { a; b }
    "effects_sep": {"en": "; ", "tr": "; "},  # statements of an effect list
    "nothing_done": {"en": "nothing happens", "tr": "hiçbir şey olmaz"},
    # a preference of the bot without a tip
    "prefer": {"en": "prefer moves for which {0}", "tr": "şu hamleleri seç: {0}"},
    "prefer_more": {"en": "prefer moves with a higher {0}", "tr": "{0} daha büyük olan hamleleri seç"},
    "prefer_any": {"en": "any move will do", "tr": "herhangi bir hamle olur"},
}

# a Block's lead, by its kind (the lists of list + list are joined, not summed)
KIND_LEAD = {"cases": "by_cases", "all": "all_of", "any": "any_of", "sum": "sum_of", "joined": "joined_all"}
LONG = 80  # characters: a phrase longer than this is said with its structure kept (`block`)
_SEAT_NOTIONS = ("next", "prev", "holder")


def phrase(key: str, lang: str) -> str:
    entry = CONSTRUCTS[key]
    return entry.get(lang) or entry["en"]


@dataclass
class Context:
    """Who `me` is and what the local names (choices, `seat`, a rule's argument) stand for."""

    me: str = "me"  # construct key: me, me_mover, me_last
    locals: dict = field(default_factory=dict)  # name -> (kind, Phrase)


@dataclass
class Block:
    """A value or condition said with its structure: cases, all of, one of, a sum (`kind`), as bullets."""

    kind: str  # cases, all, any, sum, joined (lists joined)
    bullets: list
    lead: str = ""  # its own lead (a comparison with cases: "the cards in your hand are at least"), else the kind's


class Speaker:
    """Says a game's program in one language. `g` is any loaded game (its words, `g.words()`, are
    what every load keeps): its zones, vars, moves, deck and seats name things; `g.words()`
    holds the titles of its defines."""

    def __init__(self, g, lang: str):
        self.g = g
        self.lang = lang if lang in LANGS else "en"
        self.deck = g.deck
        recorded = g.words()
        self.define_titles = dict(recorded.define_titles) if recorded else {}
        self.zones = {z.name: z for z in g.zones}
        self.vars = {v.name: v for v in g.vars}
        self.moves = {m.name: m for m in g.moves}

    def option_words(self, keys) -> list | None:
        """The words of a choice whose options are these keys, each (a keyed var's keys said as the table
        says the options: `Kız almaz`, not `kiz`); None where no choice names exactly these options."""
        for m in self.g.moves:
            for c in m.choices:
                if c.shown_as and c.written is not None and [value_key(v) for v in c.written] == \
                        [value_key(k) for k in keys] and all(value_key(k) in c.shown_as for k in keys):
                    return [self.title(c.shown_as[value_key(k)], str(k)) for k in keys]
        return None

    # ------------------------------------------------------------- public
    def p(self, key: str, *args, **named) -> Phrase:
        return fill(self.agree(phrase(key, self.lang), args), args, **named)

    def agree(self, template: str, args) -> str:
        """English verbs after a plural subject (`{0}` standing for "the chosen cards"): is -> are ..."""
        if self.lang != "en" or not args or not getattr(args[0], "plural", False):
            return template
        return _PLURAL.sub(lambda m: m.group(1) + _PLURAL_VERBS[m.group(2)], template)

    def condition(self, node, ctx: Context | None = None) -> str:
        return self.finish(self.say(node, ctx or Context()))

    def value(self, node, ctx: Context | None = None, seat: bool = False) -> str:
        ctx = ctx or Context()
        return self.finish(self.say_seat(node, ctx) if seat else self.say(node, ctx))

    def effects(self, node, ctx: Context | None = None) -> str:
        """An effect list (an `effects` node) in words."""
        ctx = ctx or Context()
        parts = [str(self.say_stmt(x, ctx)) for x in (node.children if node is not None else [])
                 if x is not None and not _is_nothing(x)]
        return self.finish(phrase("effects_sep", self.lang).join(parts)) if parts else str(self.p("nothing_done"))

    def statements(self, node, ctx: Context | None = None) -> list[str]:
        """An effect list, one phrase per statement."""
        ctx = ctx or Context()
        return [self.finish(self.say_stmt(x, ctx)) for x in (node.children if node is not None else [])
                if x is not None and not _is_nothing(x)]

    def finish(self, text: str) -> str:
        """Agreement the templates cannot know: English `you is` -> `you are`, a plural subject's verb."""
        if self.lang == "en":
            for wrong, right in _YOU:
                text = wrong.sub(right, text)
        return str(text)

    def literal(self, value, kind: str) -> str:
        return str(self.say_const(Const(value, kind), Context()))

    def card(self, card: int) -> str:
        return str(values.card_name(self.deck, card, self.lang))

    def move_locals(self, m, ctx: Context | None = None) -> Context:
        """A context where the move's choices have their phrases: `the card`, `the chosen meld` ..."""
        ctx = Context(ctx.me if ctx else "me", dict(ctx.locals) if ctx else {})
        cards = [c for c in m.choices if c.of_cards]
        for c in m.choices:
            name = c.title.get(self.lang) or c.title.get("en") if c.title else c.name.replace("_", " ")
            if c.of_cards:
                ph = self.p("choice_card") if len(cards) == 1 else self.p("choice_named_card", name)
                ctx.locals[c.name] = ("card", ph)
            elif c.of_card_lists:
                ctx.locals[c.name] = ("cards", _plural(self.p("choice_cards", name)))
            elif c.of_groups:  # a group of a group zone
                ctx.locals[c.name] = ("zone", self.p("choice_zone_group", name))
            else:
                ctx.locals[c.name] = ("any", self.p("choice", name))
        return ctx

    def per_context(self, per: str, ctx: Context | None = None) -> Context:
        """The context of something worked out per seat (`seat`), per team (`team`) or per group (`group`)."""
        ctx = Context(ctx.me if ctx else "me", dict(ctx.locals) if ctx else {})
        name, kind, key = {"group": ("group", "zone", "group_local"), "team": ("team", "team", "team_local")}.get(
            per, ("seat", "seat", "seat_local"))
        ctx.locals[name] = (kind, self.p(key))
        return ctx

    def title(self, texts: dict | None, default: str) -> str:
        if not texts:
            return default
        return texts.get(self.lang) or texts.get("en") or default

    # -------------------------------------------------------------- kinds
    def kind(self, t, ctx: Context) -> str:
        """What a node is, for the words: the compiler's type, with seats and teams told apart."""
        c = const_of(t)
        if c is not None:
            return c.kind
        if not isinstance(t, Typed):
            return "any"
        k = t.data
        if k == "var":
            name = t.children[0].value
            if name in ctx.locals:  # a rule's argument: the compiler's type of it, where the words know none
                return ctx.locals[name][0] if ctx.locals[name][0] != "any" else getattr(t, "type", None) or "any"
            if name == "me" or (name == "dealer" and name in self.vars):
                return "seat"
            if name in self.zones:
                return "family" if self.zones[name].per_seat else "zone"
            if name in self.vars:
                return "nums" if self.vars[name].per != "none" else "num"
            if name == "seats":
                return "seats"
            if name == "teams":
                return "teams"
        if k == "call":
            name = t.children[0].value
            if name in _SEAT_NOTIONS:
                return "seat"
            if name == "team":
                return "team"
            if name in ("partners", "members"):
                return "seats"
        if k == "index" and _var_name(t.children[0]) in self.vars:
            return "num"
        return getattr(t, "type", None) or "any"

    # ------------------------------------------------------------- saying
    def say(self, t, ctx: Context, nested: str | None = None) -> Phrase:
        """A node as a phrase. `nested` is the chain (or_/and_) it stands in, if any."""
        c = const_of(t)
        if c is not None:
            return self.say_const(c, ctx)
        k = t.data
        handler = getattr(self, "say_" + k, None)
        if handler is None:
            raise ValueError(f"no words for `{k}`")
        if k in ("or_", "and_", "cond"):
            return handler(t, ctx, nested)
        return handler(t, ctx)

    def say_const(self, c: Const, ctx: Context) -> Phrase:
        v, kind = c.value, c.kind
        if kind == "card":
            return values.card_name(self.deck, v, self.lang)
        if kind == "bool":
            return self.p("true" if v else "false")
        if kind == "none" or v is None:
            return self.p("none")
        if kind == "str":
            info = self.g.param_info.get(c.param) if c.param else None
            return Phrase(values.said(v, info, self.deck, self.lang)) if info else self.p("string", v)
        if kind == "list" and v and all(isinstance(x, list) and len(x) == 2 and all(
                isinstance(y, (int, float)) for y in x) for x in v):  # [from, value] steps
            return values.steps(v, self.lang)
        if kind == "list" and v and all(x == [] for x in v):  # the empty group: taking nothing
            return self.p("no_cards")
        if kind in ("list", "cards"):
            return joined([self.say_const(Const(x, "card" if kind == "cards" else kind_of_value(x)), ctx)
                           for x in v], self.lang) if v else self.p("list_empty")
        if kind == "num":
            return Phrase(number(v, self.lang))
        return Phrase(str(v))

    def say_seat(self, t, ctx: Context) -> Phrase:
        """A seat: a constant number reads as that seat's player."""
        c = const_of(t)
        if c is not None and c.kind == "num" and isinstance(c.value, int) and 0 <= c.value < self.g.players:
            names = self.g.seats.get(self.lang) or self.g.seats.get("en") or []
            name = names[c.value] if c.value < len(names) else f"#{c.value + 1}"
            return self.p("seat_number", c.value, name)
        return self.say(t, ctx)

    def say_var(self, t, ctx: Context) -> Phrase:
        name = t.children[0].value
        if name in ctx.locals:
            return ctx.locals[name][1]
        if name == "me":
            return self.p(ctx.me)
        if name in self.zones:
            z = self.zones[name]
            return self.p("zone_family" if z.per_seat else "zone", self.title(z.title, name))
        if name in self.vars:
            v = self.vars[name]
            if name == "dealer" and not v.named:
                return self.p("dealer")
            title = self.title(v.named, name.replace("_", " "))
            return self.p("var_all" if v.per_seat else "var_all_teams" if v.per_team else "var", title)
        if name in self.moves:
            return self.p("move_name", self.title(self.moves[name].title, name))
        if name == "totals" and self.g.round_result is not None and self.g.round_result.per == "team":
            return self.p("totals_teams")
        if name in ("rounds_played", "moves_played", "totals", "players", "seats", "teams"):
            return self.p(name)
        return Phrase(name.replace("_", " "))

    def say_named(self, t, ctx: Context) -> Phrase:
        """A titled define: said by its title."""
        name = t.children[0].value
        title = self.title(self.define_titles.get(name), name.replace("_", " "))
        args = getattr(t, "args", None)
        out = fill(title, **{k: self.say(v, ctx) for k, v in args.items()}) if args and "{" in title \
            else Phrase(title)
        return _plural(out) if getattr(t, "type", None) in ("list", "cards") else out

    def owned(self, title: str, owner, ctx: Context, yours: str = "") -> Phrase:
        """A per-seat zone or var of one seat: your hand, the player's hand, the hand of p; a per-team
        one of one team: your partnership's pile, the partnership's pile, the pile of the partnership of p."""
        if isinstance(owner, Typed) and owner.data == "var":
            name = owner.children[0].value
            if name == "me" and ctx.me == "me" and name not in ctx.locals:
                return Phrase(yours) if yours else self.p("mine", title)
            if name in ctx.locals and ctx.locals[name][1] == self.p("seat_local"):
                return self.p("players_own", title)
            if name in ctx.locals and ctx.locals[name][1] == self.p("team_local"):
                return self.p("teams_own", title)
            if name in ctx.locals and ctx.locals[name][0] == "team":
                return self.p("of_a_team", title, ctx.locals[name][1])
        if _call_name(owner) == "team" and len(owner.children) > 1:  # x(team(...)): that seat's partnership
            seat = owner.children[1]
            if isinstance(seat, Typed) and seat.data == "var" and seat.children[0].value == "me" \
                    and ctx.me == "me" and "me" not in ctx.locals:
                return self.p("ours", title)
            return self.p("of_team", title, self.say_seat(seat, ctx))
        return self.p("of_seat", title, self.say_seat(owner, ctx))

    def say_index(self, t, ctx: Context) -> Phrase:
        base, idx = t.children
        name = _var_name(base)
        if name == "totals":
            return self.owned(str(self.p("total")), idx, ctx)
        if name in self.vars and self.vars[name].per != "none":
            v = self.vars[name]
            key = const_of(idx) if v.keys else None
            words = self.option_words(v.keys) if key is not None and key.value in v.keys else None
            if words:  # a keyed var at one of a choice's options: said by the option's words
                return self.p("of_seat", self.title(v.named, v.name.replace("_", " ")), words[v.keys.index(key.value)])
            return self.owned(self.title(v.named, v.name.replace("_", " ")), idx, ctx)
        return self.p("index", self.say(base, ctx), self.say(idx, ctx))

    def say_list(self, t, ctx: Context) -> Phrase:
        return joined([self.say(x, ctx) for x in t.children if x is not None], self.lang)

    def say_or_(self, t, ctx: Context, nested) -> Phrase:
        return self.chain(t.children, ctx, "or", nested)

    def say_and_(self, t, ctx: Context, nested) -> Phrase:
        return self.chain(t.children, ctx, "and", nested)

    def chain(self, terms, ctx: Context, kind: str, nested, negate: bool = False) -> Phrase:
        inner = "and_" if kind == "and" else "or_"
        parts = [self.say_not_of(x, ctx, inner) if negate else self.say(x, ctx, inner) for x in terms]
        if nested and nested != inner:  # an `or` inside an `and` (or the reverse): either ... or ...
            text = self.p(kind + "_nested", parts[0])
            for part in parts[1:]:
                text = Phrase(text + self.p(kind + "_nested_more", part), part.p3)
            return text
        out = parts[0]
        for part in parts[1:]:
            out = self.p(kind, out, part)
        return out

    def say_not_(self, t, ctx: Context) -> Phrase:
        return self.say_not_of(t.children[0], ctx)

    def say_not_of(self, t, ctx: Context, nested=None) -> Phrase:
        """The negation of t, said positively where a construct allows it."""
        c = const_of(t)
        if c is not None and c.kind == "bool":
            return self.say_const(Const(not c.value, "bool"), ctx)
        if isinstance(t, Typed):
            k = t.data
            if k == "not_":
                return self.say(t.children[0], ctx, nested)
            if k == "or_":  # not (a or b): not a and not b
                return self.chain(t.children, ctx, "and", nested, negate=True)
            if k == "and_":
                return self.chain(t.children, ctx, "or", nested, negate=True)
            if k == "compare":
                a, op, b = t.children
                flipped = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}[op.value]
                return self.say_compare(Typed("compare", [a, Word(flipped), b], "bool"), ctx)
            if k == "contains":
                return self.say_not_contains(t, ctx)
            if k == "not_contains":
                return self.say_contains(t, ctx)
            if k == "cond":
                test, yes, no = t.children
                return self.say_cond(Typed("cond", [test, Typed("not_", [yes], "bool"), Typed("not_", [no], "bool")],
                                          "bool"), ctx, nested)
            if k == "call":
                said = self.say_call(t, ctx, negate=True)
                if said is not None:
                    return said
            if k == "named":
                not_title = getattr(t, "title_not", None)
                if not_title:
                    return Phrase(self.title(not_title, ""))
            if k in ("var", "index", "named"):
                return self.p("not_value", self.say(t, ctx))
        return self.p("not", self.say(t, ctx))

    def say_cond(self, t, ctx: Context, nested=None) -> Phrase:
        test, yes, no = t.children
        cy, cn = const_of(yes), const_of(no)
        if self.kind(t, ctx) == "bool" or (cy and cy.kind == "bool") or (cn and cn.kind == "bool"):
            if cn is not None and cn.kind == "bool" and cn.value is True:  # if a then b else true
                return self.p("if_then", self.say(test, ctx, "cond"), self.say(yes, ctx, "cond"))
            if cy is not None and cy.kind == "bool" and cy.value is True:  # a or b
                return self.chain([test, no], ctx, "or", nested)
            if cn is not None and cn.kind == "bool" and cn.value is False:  # a and b
                return self.chain([test, yes], ctx, "and", nested)
            return self.p("if_then_else", self.say(test, ctx, "cond"), self.say(yes, ctx, "cond"),
                          self.say(no, ctx, "cond"))
        return self.p("value_if", self.say(test, ctx, "cond"), self.say(yes, ctx), self.say(no, ctx))

    def say_compare(self, t, ctx: Context) -> Phrase:
        a, op, b = t.children
        op = op.value
        ca, cb = const_of(a), const_of(b)
        if ca is not None and cb is None:  # the known side second: `7 == rank(card)` reads `rank(card) == 7`
            a, b, ca, cb = b, a, cb, ca
            op = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(op, op)
        if cb is not None and cb.value is None and op in ("==", "!="):
            return self.p("is_none" if op == "==" else "not_none", self.say(a, ctx))
        shape = _call_name(a)
        if op in ("==", "!=") and shape in ("rank", "suit"):
            x = a.children[1]
            if cb is not None and cb.kind == "num":
                if shape == "rank":
                    return self.p("rank_is" if op == "==" else "rank_is_not", self.say(x, ctx), self.rank_word(cb.value))
                return self.p("suit_is" if op == "==" else "suit_is_not", self.say(x, ctx),
                              Phrase(values.suit_name(self.deck, cb.value, self.lang)))
            if _call_name(b) == shape:
                key = ("same_" if op == "==" else "not_same_") + shape
                return self.p(key, self.say(x, ctx), self.say(b.children[1], ctx))
        fn = LIBRARY.get(_call_name(a) or "")
        key = f"{'is' if op == '==' else 'not'}:{cb.value}" if cb is not None and op in ("==", "!=") else ""
        if fn is not None and key in fn.forms:  # a notion's value in its own words: g is a run
            return self.library_words(fn, [x for x in a.children[1:] if x is not None], ctx, False, key)
        said = self.var_says(a, op, cb.value, ctx) if cb is not None else None
        if said is not None:
            return said
        if op in ("==", "!=") and cb is not None:
            words = self.value_words(a, cb.value)
            if words is not None:
                return self.p("is_word" if op == "==" else "is_not_word", self.say(a, ctx), words)
        left, right = self.say(a, ctx), self.say(b, ctx)
        if op in ("==", "!=") and "card" in (self.kind(a, ctx), self.kind(b, ctx)):
            return self.p("card" + op, left, right)
        if op in ("==", "!=") and {"seat", "team"} & {self.kind(a, ctx), self.kind(b, ctx)}:
            return self.p("same" + op, self.say_seat(a, ctx), self.say_seat(b, ctx))
        return self.p(op, left, right)

    def var_says(self, t, op: str, value, ctx: Context) -> Phrase | None:
        """A var's own sentence (`says:`) for this value or comparison, its owner in {0}: `opened[p] == 1`
        reads "p has opened"; to the player, its `you` form ("you have opened", "açtın")."""
        if isinstance(t, Typed) and t.data == "index":
            name, owner = _var_name(t.children[0]), t.children[1]
        else:
            name, owner = _var_name(t), None
        v = self.vars.get(name)
        if v is None or not v.says or not isinstance(value, (int, float)) or isinstance(value, bool):
            return None
        num = number(value)
        entry = v.says.get(num if op == "==" else f"{op}{num}")
        if entry is None:
            return None
        if _var_name(owner) == "me" and ctx.me == "me" and "me" not in ctx.locals and entry.get("you"):
            return Phrase(self.title(entry["you"], ""))
        who = self.owner_phrase(owner, ctx) if owner is not None else Phrase("")
        return fill(self.title(entry, ""), [who])

    def owner_phrase(self, owner, ctx: Context) -> Phrase:
        """Whose value a var holds: you, the player, your partnership, the partnership of p, g."""
        if _call_name(owner) == "team" and len(owner.children) > 1:
            seat = owner.children[1]
            if _var_name(seat) == "me" and ctx.me == "me" and "me" not in ctx.locals:
                return self.p("your_team")
            return self.p("team_of", self.say_seat(seat, ctx))
        return self.say_seat(owner, ctx)

    def value_for(self, target, value, ctx: Context) -> Phrase:
        """A value set into a var, in the var's words for its values where it has them (clean, half)."""
        c = const_of(value)
        if c is not None:
            return self.value_words(target, c.value) or self.say(value, ctx)
        if isinstance(value, Typed) and value.data == "cond":
            test, yes, no = value.children
            return self.p("value_if", self.say(test, ctx, "cond"), self.value_for(target, yes, ctx),
                          self.value_for(target, no, ctx))
        return self.say(value, ctx)

    def value_words(self, t, value) -> Phrase | None:
        """The words the rule file or the library gives a value of `t`: a var's `shown_as` (the kind of g
        is clean), a notion's own (`meld_kind`: a run)."""
        name = _var_name(t.children[0]) if isinstance(t, Typed) and t.data == "index" else _var_name(t)
        if name in self.vars:
            var = self.vars[name]
            words = var.shown_as.get(value)
            if words:
                return Phrase(self.title(words, str(value)))
            if isinstance(value, int) and not isinstance(value, bool):  # what it holds, by its type
                if var.type == "seat" and 0 <= value < self.g.players:
                    return self.say_seat(Typed("const", [Const(value, "num")], "num"), Context("me", {}))
                if var.type == "suit" and 0 <= value < len(self.deck.symbols):
                    return Phrase((self.deck.names.get(self.lang) or self.deck.names["en"])["suits"][value])
        return None

    def rank_word(self, rank) -> Phrase:
        word = values.rank_name(self.deck, rank, self.lang) if isinstance(rank, int) else number(rank, self.lang)
        an = re.match(r"(?i)[aeio]|8|11\b|18\b", word) is not None
        return self.p("rank_an" if an else "rank_a", word)

    def say_contains(self, t, ctx: Context, key: str = "in") -> Phrase:
        x, coll = t.children
        c = const_of(coll)
        listed = (isinstance(coll, Typed) and coll.data == "list") or (c is not None and c.kind in ("list", "cards"))
        seat = self.kind(x, ctx) == "seat"
        if listed and c is not None:
            kind = "card" if c.kind == "cards" else None
            words = joined([self.say_seat(Typed("const", [Const(v, "num")], "num"), ctx) if seat else
                            self.say_const(Const(v, kind or kind_of_value(v)), ctx) for v in c.value],
                           self.lang, phrase("list_or", self.lang))
        elif listed:
            words = joined([self.say(y, ctx) for y in coll.children], self.lang, phrase("list_or", self.lang))
        else:
            words = self.say(coll, ctx)
        if not listed and self.kind(x, ctx) == "card":
            return self.p("card_" + key, self.say(x, ctx), words)
        return self.p(key + "_list" if listed else key, self.say_seat(x, ctx) if seat else self.say(x, ctx), words)

    def say_not_contains(self, t, ctx: Context) -> Phrase:
        return self.say_contains(t, ctx, "not_in")

    def say_arith(self, t, ctx: Context) -> Phrase:
        a, op, b = t.children
        if op.value == "+" and {self.kind(a, ctx), self.kind(b, ctx)} & {"list", "cards", "zone"}:
            return self.p("joined", self.say(a, ctx), self.say(b, ctx))
        return self.p(op.value, self.operand(a, op.value, ctx, True), self.operand(b, op.value, ctx, False))

    def operand(self, t, op: str, ctx: Context, left: bool) -> Phrase:
        """An operand of + - * / in words, in parentheses where the order of operations needs them."""
        said = self.say(t, ctx)
        if isinstance(t, Typed) and (t.data == "cond" or (t.data == "arith" and not (
                left and t.children[1].value == op and op in "+*-"))):
            return self.p("group", said)
        return said

    def say_neg(self, t, ctx: Context) -> Phrase:
        return self.p("neg", self.say(t.children[0], ctx))

    def say_lambda_(self, t, ctx: Context) -> Phrase:
        return self.say(t.children[1], ctx)

    def say_call(self, t, ctx: Context, negate: bool = False) -> Phrase | None:
        name = t.children[0].value
        args = [a for a in t.children[1:] if a is not None]
        if name in self.zones:
            z = self.zones[name]
            return self.owned(self.title(z.title, name), args[0], ctx, self.title(z.yours, "") if z.yours else "")
        if name in self.deck.values:  # a value table by its title (deck.value_titles)
            titles = (self.g.words().facts or {}).get("value_titles", {}) if self.g.words() else {}
            return self.p("table_value", self.title(titles.get(name), name.replace("_", " ")), self.say(args[0], ctx))
        fn = LIBRARY[name]
        return self.library_words(fn, args, ctx, negate)

    def library_words(self, fn, args, ctx: Context, negate: bool, form: str | None = None) -> Phrase | None:
        """A library call in words: its shape's form if one fits (or the `form` asked), else its text."""
        lang = self.lang
        shaped = None
        if form is None:
            form, shaped = self.shape(fn, args, ctx)
        key = form
        if negate:
            key = "no" if form is None else "no_" + form
            if key not in fn.forms:
                return None
        you = ctx.me == "me" and "me" not in ctx.locals
        if you and ((key or "") + "_you").lstrip("_") in fn.forms:  # said to the player: Turkish marks the person
            key = ((key or "") + "_you").lstrip("_")
        if key is not None and key in fn.forms:
            template = fn.forms[key].get(lang) or fn.forms[key]["en"]
        else:
            template = fn.text.get(lang) or fn.text["en"]
        if shaped is not None:
            out = fill(self.agree(template, shaped), shaped, me=self.p(ctx.me))
            return _plural(out) if fn.returns == "list" else out
        named = {"me": self.p(ctx.me)}
        phrases = []
        for i, a in enumerate(args):
            if isinstance(a, Typed) and a.data == "lambda_":
                var = a.children[0].value
                elem = self.kind(args[0], ctx) if args else "any"
                inner = Context(ctx.me, dict(ctx.locals))
                inner.locals[var] = ({"cards": "card", "zone": "card", "seats": "seat", "teams": "team"}.get(elem, "any"),
                                     Phrase(var))
                named["x"] = Phrase(var)
                phrases.append(self.say(a.children[1], inner))
            elif fn.args[i].rstrip("?") == "num" and fn.name in ("next", "prev", "deal") and i != 2:
                phrases.append(self.say_seat(a, ctx))
            elif isinstance(a, Typed) and a.data == "cond" and self.kind(a, ctx) != "bool":  # the first pile (or ...)
                test, yes, no = a.children
                phrases.append(self.p("value_if_arg", self.say(test, ctx, "cond"), self.say(yes, ctx), self.say(no, ctx)))
            else:
                phrases.append(self.say(a, ctx))
        out = fill(self.agree(template, phrases), phrases, **named)
        return _plural(out) if fn.returns == "list" else out

    def shape(self, fn, args, ctx: Context):
        """A form of a notion for a common shape of its arguments, and the phrases it takes."""
        if fn.name == "has" and len(args) == 3:
            zone, suit, rank = args
            cs, cr = const_of(suit), const_of(rank)
            if cs is not None and cr is not None:
                cards = self.deck.cards_of(cr.value, cs.value)
                if cards:
                    return "card", [self.say(zone, ctx), values.card_name(self.deck, cards[0], self.lang)]
            if _call_name(suit) == "suit":
                x = suit.children[1]
                if cr is not None:
                    return "suit_of", [self.say(zone, ctx), self.say(x, ctx),
                                       Phrase(values.rank_name(self.deck, cr.value, self.lang))]
                if isinstance(rank, Typed) and rank.data == "arith" and rank.children[1].value in "+-" \
                        and _call_name(rank.children[0]) == "rank" and rank.children[0].children[1] == x \
                        and const_of(rank.children[2]) is not None:
                    k = const_of(rank.children[2]).value
                    form = "above" if (rank.children[1].value == "+") == (k > 0) else "below"
                    steps = self.p("ranks_1") if abs(k) == 1 else self.p("ranks_n", number(abs(k), self.lang))
                    return form, [self.say(zone, ctx), self.say(x, ctx), steps]
        if fn.name == "count" and self.kind(args[0], ctx) not in ("cards", "zone"):  # players, groups: not cards
            return ("items" if len(args) == 1 else "full_items"), None
        if fn.name == "abs" and len(args) == 1 and isinstance(args[0], Typed) and args[0].data == "arith" \
                and args[0].children[1].value == "-":
            a, _, b = args[0].children
            return "difference", [self.say(a, ctx), self.say(b, ctx)]
        if fn.name == "step_value" and len(args) == 2 and const_of(args[0]) is not None and "steps" in fn.forms:
            reached = fn.forms["reached"].get(self.lang) or fn.forms["reached"]["en"]
            at = self.say(args[1], ctx)
            return "steps", [values.steps(const_of(args[0]).value, self.lang, lambda n: fill(reached, [at, n]))]
        if "of_me" in fn.forms and len(args) == 1 and isinstance(args[0], Typed) and args[0].data == "var" \
                and args[0].children[0].value == "me" and ctx.me == "me" and "me" not in ctx.locals:
            return "of_me", []  # team(me), partners(me): your partnership, your partners
        if "full" in fn.forms and len(args) == len(fn.args) and fn.args[-1].endswith("?"):
            return "full", None
        return None, None

    # ------------------------------------------------------------ effects
    def say_stmt(self, t, ctx: Context) -> Phrase:
        k = t.data
        if k in ("block", "effects"):
            parts = [self.say_stmt(x, ctx) for x in t.children if x is not None and not _is_nothing(x)]
            if not parts:
                return self.p("nothing_done")
            return Phrase(phrase("then_sep", self.lang).join(parts))
        if k == "if_stmt":
            test = self.say(t.children[0], ctx, "cond")
            yes = self.say_stmt(t.children[1], ctx)
            if len(t.children) > 2 and t.children[2] is not None:
                return self.p("if_do_else", test, yes, self.say_stmt(t.children[2], ctx))
            return self.p("if_do", test, yes)
        if k == "for_stmt":
            var, items, body = t.children
            inner = Context(ctx.me, dict(ctx.locals))
            elem = self.kind(items, ctx)
            inner.locals[var.value] = ({"cards": "card", "zone": "card", "seats": "seat", "teams": "team"}.get(elem, "any"),
                                       Phrase(var.value))
            return self.p("for_do", Phrase(var.value), self.say(items, ctx), self.say_stmt(body, inner))
        if k == "assign":
            target, op, value = t.children
            c = const_of(value)
            said = self.var_says(target, "==", c.value, ctx) if c is not None and op.value == "=" else None
            if said is not None:
                return self.p("now", said)
            words = self.value_words(target, c.value) if c is not None and op.value == "=" else None
            if words is not None:
                return self.p("now", self.p("is_word", self.say(target, ctx), words))
            if self.kind(target, ctx) == "seat" or _var_name(target) == "dealer":
                return self.p(op.value, self.say(target, ctx), self.say_seat(value, ctx))
            key = op.value + ("the" if op.value != "=" and c is None else "")  # a number is no definite object
            return self.p(key, self.say(target, ctx), self.value_for(target, value, ctx))
        if k == "call":
            return self.say_call(t, ctx)
        return self.say(t, ctx)

    def statement_bullets(self, node, ctx: Context) -> list[Bullet]:
        """An effect list with its structure: a statement a line, an `if`'s effects under its condition (a
        long condition as its terms, then its effects), a loop's body under it."""
        out = []
        for x in (node.children if node is not None else []):
            if x is None or _is_nothing(x):
                continue
            k = x.data
            if k in ("block", "effects"):
                out += self.statement_bullets(x, ctx)
            elif k == "if_stmt":
                test = self.block(x.children[0], ctx)
                body = self.statement_bullets(Typed("block", [x.children[1]]), ctx)
                if isinstance(test, Block):
                    lead = fill(phrase("do_if", self.lang), [phrase({"all": "all_of", "any": "any_of"}.get(
                        test.kind, "by_cases"), self.lang)])
                    out.append(Bullet(capital(lead, self.lang) + ":", test.bullets))
                    out.append(Bullet(capital(phrase("do_then", self.lang), self.lang) + ":", body))
                else:
                    out.append(Bullet(capital(self.finish(fill(phrase("do_if", self.lang), [test])), self.lang) + ":",
                                      body))
                if len(x.children) > 2 and x.children[2] is not None and not _is_nothing(x.children[2]):
                    out.append(Bullet(capital(phrase("case_otherwise", self.lang), self.lang) + ":",
                                      self.statement_bullets(Typed("block", [x.children[2]]), ctx)))
            elif k == "for_stmt":
                var, items, body = x.children
                inner = Context(ctx.me, dict(ctx.locals))
                elem = self.kind(items, ctx)
                inner.locals[var.value] = ({"cards": "card", "zone": "card", "seats": "seat", "teams": "team"}.get(
                    elem, "any"), Phrase(var.value))
                lead = self.finish(fill(phrase("do_for", self.lang), [Phrase(var.value), self.say(items, ctx)]))
                out.append(Bullet(capital(lead, self.lang) + ":", self.statement_bullets(Typed("block", [body]), inner)))
            else:
                out.append(Bullet(capital(self.finish(self.say_stmt(x, ctx)), self.lang) + "."))
        return out

    # ---------------------------------------------------------- structure
    def block(self, t, ctx: Context) -> Phrase | Block:
        """A value or condition with its structure kept where a phrase would be hard to follow: a value
        chosen by `if` (nested, or chained) as its cases; a long `and` or `or` as its terms, one a line; a
        long sum as its terms. A short one is a phrase."""
        inline = self.say(t, ctx)
        if not isinstance(t, Typed) or const_of(t) is not None:
            return inline
        k = t.data
        if k == "cond":
            cases, otherwise = self.cases(t)
            nested = any(isinstance(y, Typed) and y.data == "cond" for _, y in cases) or \
                (isinstance(otherwise, Typed) and otherwise.data == "cond")
            if self.kind(t, ctx) == "bool" and len(cases) == 1 and not nested and len(inline) <= LONG:
                return inline
            if len(cases) >= 2 or nested or len(inline) > LONG:
                return Block("cases", self.case_bullets(cases, otherwise, ctx))
        if k in ("and_", "or_") and (len(t.children) >= 3 or len(inline) > LONG):
            return Block("all" if k == "and_" else "any", [self.bullet(x, ctx) for x in t.children])
        if k == "not_" and isinstance(t.children[0], Typed) and t.children[0].data in ("and_", "or_") \
                and len(inline) > LONG:  # not (a and b): not a or not b, one a line
            inner = t.children[0]
            return Block("any" if inner.data == "and_" else "all",
                         [Bullet(self.finish(self.say_not_of(x, ctx))) for x in inner.children])
        if k == "compare" and len(inline) > LONG:  # a number compared with a value by cases: at least, by case
            a, op, b = t.children
            if isinstance(b, Typed) and b.data == "cond" and self.kind(b, ctx) != "bool":
                lead = self.finish(self.p("cases" + op.value, self.say(a, ctx)))
                cases, otherwise = self.cases(b)
                return Block("cases", self.case_bullets(cases, otherwise, ctx), lead)
        if k == "call" and len(inline) > LONG:  # sum(list, x => a long body): the body under "for every x"
            fn = LIBRARY.get(t.children[0].value)
            args = [x for x in t.children[1:] if x is not None]
            if fn is not None and "each_of" in fn.forms and len(args) == 2 and isinstance(args[1], Typed) \
                    and args[1].data == "lambda_":
                var = args[1].children[0].value
                inner = Context(ctx.me, dict(ctx.locals))
                inner.locals[var] = ({"cards": "card", "zone": "card", "seats": "seat", "teams": "team"}.get(
                    self.kind(args[0], ctx), "any"), Phrase(var))
                body = self.nested_block(args[1].children[1], inner)
                lead = self.finish(fill(fn.forms["each_of"].get(self.lang) or fn.forms["each_of"]["en"],
                                        [self.say(args[0], ctx)], x=Phrase(var)))
                if isinstance(body, Block):  # its terms or cases under the lead; one of `all`/`any` says so
                    return Block(body.kind, body.bullets, lead + (" " + _lead_words(body, self.lang)
                                                                  if body.kind in ("all", "any") else ""))
                return Block("sum", [Bullet(self.finish(body))], lead)
        if k == "arith" and t.children[1].value in "+-":
            terms = _sum_terms(t)
            conds = any(isinstance(x, Typed) and x.data == "cond" for _, x in terms)
            if (len(terms) >= 3 or conds) and len(inline) > LONG:
                joined = t.children[1].value == "+" and \
                    {self.kind(t.children[0], ctx), self.kind(t.children[2], ctx)} & {"list", "cards", "zone"}
                bullets = []
                for i, (sign, x) in enumerate(terms):
                    said = self.block(x, ctx)
                    head = "" if i == 0 else phrase("term_and" if joined else "term_plus" if sign == "+"
                                                    else "term_minus", self.lang)
                    bullets.append(self.bullet_of(said, head, " "))
                return Block("joined" if joined else "sum", bullets)
        return inline

    def cases(self, t) -> tuple[list, object]:
        """`if a then x else if b then y else z` as [(a, x), (b, y)] and z."""
        cases = []
        while isinstance(t, Typed) and t.data == "cond":
            test, yes, no = t.children
            cases.append((test, yes))
            t = no
        return cases, t

    def case_bullets(self, cases: list, otherwise, ctx: Context) -> list[Bullet]:
        out = []
        for test, yes in cases:  # a case's value chosen by `if` again: its own cases, under it
            said = self.nested_block(yes, ctx)
            cond = self.block(test, ctx)
            if isinstance(cond, Block) and cond.kind in ("all", "any"):  # a long condition: its terms, then the value
                head = self.finish(fill(phrase("case_if", self.lang), [Phrase(_lead_words(cond, self.lang))]))
                out.append(Bullet(head + ":", cond.bullets + [self.bullet_of(said, phrase("do_then", self.lang))]))
                continue
            head = fill(phrase("case_if", self.lang), [self.say(test, ctx, "cond")])
            out.append(self.bullet_of(said, self.finish(head)))
        if otherwise is not None:
            out.append(self.bullet_of(self.nested_block(otherwise, ctx), phrase("case_otherwise", self.lang)))
        return out

    def nested_block(self, t, ctx: Context):
        """A case's value: an `if` in it is said as its own cases, however short."""
        if isinstance(t, Typed) and t.data == "cond" and self.kind(t, ctx) != "bool":
            cases, otherwise = self.cases(t)
            return Block("cases", self.case_bullets(cases, otherwise, ctx))
        return self.block(t, ctx)

    def bullet(self, t, ctx: Context) -> Bullet:
        return self.bullet_of(self.block(t, ctx), "")

    def bullet_of(self, said, head: str, joiner: str = ": ") -> Bullet:
        """A bullet: `head: phrase` (`head phrase` with joiner " "), or, for a block, `head:` (the block's
        lead when there is no head) and the block's bullets under it."""
        if isinstance(said, Block):
            lead = said.lead or phrase(KIND_LEAD[said.kind], self.lang)
            if head and said.lead:
                lead = f"{head} {said.lead}"
            elif head:
                lead = head if said.kind == "cases" else f"{head}{joiner.rstrip(':').rstrip() or ''} {lead}".strip()
            return Bullet(lead + ":", said.bullets)
        text = self.finish(said)
        return Bullet(f"{head}{joiner}{text}" if head else text)


def _lead_words(block: Block, lang: str) -> str:
    return block.lead or phrase(KIND_LEAD[block.kind], lang)


def _sum_terms(t) -> list[tuple[str, object]]:
    """a + b - c as [("+", a), ("+", b), ("-", c)], left to right."""
    terms = []
    while isinstance(t, Typed) and t.data == "arith" and t.children[1].value in "+-":
        a, op, b = t.children
        terms.append((op.value, b))
        t = a
    terms.append(("+", t))
    return list(reversed(terms))


def _plural(p: Phrase) -> Phrase:
    out = Phrase(str(p), p.p3)
    out.plural = True
    return out


def _is_nothing(t) -> bool:
    return isinstance(t, Typed) and t.data in ("block", "effects") and not [c for c in t.children if c is not None]


def _call_name(t) -> str | None:
    if isinstance(t, Typed) and t.data == "call":
        return t.children[0].value
    return None


def _var_name(t) -> str | None:
    if isinstance(t, Typed) and t.data == "var":
        return t.children[0].value
    return None


_PLURAL = re.compile(r"(\{0\} )(is|has|holds|does|was)\b")
_PLURAL_VERBS = {"is": "are", "has": "have", "holds": "hold", "does": "do", "was": "were"}
_NOT_OBJECT = r"(?<!after )(?<!before )(?<!than )"  # "the player after you has": `you` is no subject there
_YOU = [(re.compile(_NOT_OBJECT + r"\byou is\b"), "you are"),
        (re.compile(_NOT_OBJECT + r"\byou has\b"), "you have"),
        (re.compile(_NOT_OBJECT + r"\byou does\b"), "you do"),
        (re.compile(_NOT_OBJECT + r"\byou holds\b"), "you hold"),
        (re.compile(r"\bYou is\b"), "You are"), (re.compile(r"\bYou has\b"), "You have")]


def construct_coverage() -> set[str]:
    """The node kinds of the grammar (what the parser can give) that `Speaker` has words for."""
    return {name[4:] for name in dir(Speaker) if name.startswith("say_")}


__all__ = ["CONSTRUCTS", "Block", "Context", "Speaker", "capital", "construct_coverage", "phrase"]
