"""The rules language in words: a phrase per grammar construct, in English and Turkish.

`kural rules`, `diff`, `graph` and `explain` print conditions, values and
effects as sentences. Nothing here knows a game: every sentence is built
from the construct phrases below (`CONSTRUCTS`, one per node kind of
grammar.lark and a few common shapes of them), the library's own phrases
(`interpreter.library.LIBRARY[name].text` and `.forms`), and the rule file's
names and titles (zones, vars, moves, cards, seats). So a variant someone
writes today is explained without anyone writing text for it.

Templates: `{0}`, `{1}` ... are the arguments' phrases; `{x}` the argument
of a rule `x => ...`; `{me}` the player the sentence speaks to. A Turkish
argument may carry case endings after a colon, applied to its last word
with vowel harmony: `{0:gen}` (-ın), `{0:acc}` (-ı), `{0:dat}` (-a),
`{0:loc}` (-da), `{0:abl}` (-dan), `{0:poss3}` (-ı, "its"), `{0:poss2}`
(-ın, "your"), `{0:pl}` (-lar); chained with dots (`{1:poss3.dat}`). A
template ending in `~` ends in a possessive ("kartın sayısı~"), so a case
ending after it takes the buffer n ("sayısına").

Params are constants: their values are folded in (`if start_card == none
then ... else ...` reads as the branch that applies), and defines are
inlined, so the words say what this game, with these variants, does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from interpreter.library import LIBRARY
from .compiler import parse_flat
from .schema import define_parts
from .yamlload import LStr

LANGS = ("en", "tr")

# ---------------------------------------------------------------- phrases
# One phrase per construct of grammar.lark (by the node kinds the parser
# gives), and per common shape of one (`rank(x) == 7`, `x == none` ...).
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
    "==": {"en": "{0} is {1}", "tr": "{0} ile {1} eşit"},
    "!=": {"en": "{0} is not {1}", "tr": "{0} ile {1} eşit değil"},
    "<": {"en": "{0} is less than {1}", "tr": "{0}, {1} değerinden küçük"},
    "<=": {"en": "{0} is at most {1}", "tr": "{0} en çok {1}"},
    ">": {"en": "{0} is more than {1}", "tr": "{0}, {1} değerinden büyük"},
    ">=": {"en": "{0} is at least {1}", "tr": "{0} en az {1}"},
    "card==": {"en": "{0} is {1}", "tr": "{0}, {1}"},
    "card!=": {"en": "{0} is not {1}", "tr": "{0}, {1} değil"},
    "is_none": {"en": "{0} is not set", "tr": "{0} belirsiz"},
    "not_none": {"en": "{0} is set", "tr": "{0} belli"},
    "rank_is": {"en": "{0} is {1}", "tr": "{0} bir {1}"},
    "rank_is_not": {"en": "{0} is not {1}", "tr": "{0} {1} değil"},
    "suit_is": {"en": "the suit of {0} is {1}", "tr": "{0:gen} rengi {1}"},
    "suit_is_not": {"en": "the suit of {0} is not {1}", "tr": "{0:gen} rengi {1} değil"},
    "same_suit": {"en": "{0} is of the same suit as {1}", "tr": "{0} ile {1} aynı renkten"},
    "not_same_suit": {"en": "{0} is not of the same suit as {1}", "tr": "{0} ile {1} aynı renkten değil"},
    "same_rank": {"en": "{0} has the same rank as {1}", "tr": "{0} ile {1} aynı sayıda"},
    "not_same_rank": {"en": "{0} does not have the same rank as {1}", "tr": "{0} ile {1} aynı sayıda değil"},
    # contains, not_contains
    "in": {"en": "{0} is in {1}", "tr": "{0}, {1} içinde"},
    "not_in": {"en": "{0} is not in {1}", "tr": "{0}, {1} içinde değil"},
    "in_list": {"en": "{0} is one of {1}", "tr": "{0}, şunlardan biri: {1}"},  # x in [a, b]
    "not_in_list": {"en": "{0} is none of {1}", "tr": "{0}, şunlardan hiçbiri değil: {1}"},
    "group": {"en": "({0})", "tr": "({0})"},  # a sum inside a product, a conditional value inside a sum
    # arith (ADD_OP, MUL_OP), neg
    "+": {"en": "{0} plus {1}", "tr": "{0} artı {1}"},
    "-": {"en": "{0} minus {1}", "tr": "{0} eksi {1}"},
    "*": {"en": "{0} times {1}", "tr": "{0} çarpı {1}"},
    "/": {"en": "{0} divided by {1}", "tr": "{0} bölü {1}"},
    "//": {"en": "{0} divided by {1}, rounded down", "tr": "{0} bölü {1} (aşağı yuvarlanmış)"},
    "%": {"en": "the remainder of {0} divided by {1}", "tr": "{0:gen} {1} ile bölümünden kalan~"},
    "neg": {"en": "minus {0}", "tr": "eksi {0}"},
    "joined": {"en": "{0}, together with {1}", "tr": "{0}, bunlara ek olarak {1}"},  # list + list
    # cond: if c then a else b
    "if_then": {"en": "if {0}, then {1}", "tr": "{0} ise {1}"},  # a condition with `else true`
    "if_then_else": {"en": "if {0}, then {1}, otherwise {2}", "tr": "{0} ise {1}, değilse {2}"},
    "value_if": {"en": "{1} if {0}, otherwise {2}", "tr": "{0} ise {1}, değilse {2}"},
    # index, list, literals
    "index": {"en": "item {1} of {0}", "tr": "{0:gen} {1}. öğesi~"},
    "list_sep": {"en": ", ", "tr": ", "},
    "list_last": {"en": " and ", "tr": " ve "},
    "list_or": {"en": " or ", "tr": " ya da "},  # the last item of the list in `x in [a, b]`
    "list_empty": {"en": "nothing", "tr": "hiçbir şey"},
    "true": {"en": "always", "tr": "her zaman"},
    "false": {"en": "never", "tr": "hiçbir zaman"},
    "yes": {"en": "yes", "tr": "evet"},
    "no": {"en": "no", "tr": "hayır"},
    "none": {"en": "nothing", "tr": "hiçbiri"},
    "no_card": {"en": "no card", "tr": "hiçbir kart"},
    "string": {"en": "“{0}”", "tr": "“{0}”"},
    "card": {"en": "the {0}", "tr": "{0}"},
    "rank_a": {"en": "a {0}", "tr": "{0}"},
    "ranks_1": {"en": "one rank", "tr": "1"},  # has(zone, suit(x), rank(x) - 1): one rank below x
    "ranks_n": {"en": "{0} ranks", "tr": "{0}"},
    "rank_an": {"en": "an {0}", "tr": "{0}"},
    # names: choices, the player spoken to, seats, zones, vars, value tables
    "choice_card": {"en": "the card", "tr": "seçilen kart"},
    "choice_named_card": {"en": "the card {0}", "tr": "seçilen kart ({0})"},
    "choice_cards": {"en": "the chosen cards ({0})", "tr": "seçilen kartlar ({0})"},
    "choice": {"en": "the chosen {0}", "tr": "seçilen {0}"},
    "choice_zone_group": {"en": "the chosen group ({0})", "tr": "seçilen küme ({0})"},
    "me": {"en": "you", "tr": "sen"},
    "me_mover": {"en": "the player who moved", "tr": "hamleyi yapan oyuncu"},
    "me_last": {"en": "the player who made the last move", "tr": "son hamleyi yapan oyuncu"},
    "seat_local": {"en": "the player", "tr": "oyuncu"},
    "seat_number": {"en": "the player in seat {0} ({1})", "tr": "{0}. koltuktaki oyuncu ({1})"},
    "seats": {"en": "the players", "tr": "oyuncular"},
    "players": {"en": "the number of players", "tr": "oyuncu sayısı~"},
    "rounds_played": {"en": "the number of rounds played", "tr": "oynanan tur sayısı~"},
    "moves_played": {"en": "the number of moves made", "tr": "yapılan hamle sayısı~"},
    "totals": {"en": "the players' totals", "tr": "oyuncuların toplam puanları~"},
    "totals_teams": {"en": "the partnerships' totals", "tr": "takımların toplam puanları~"},
    # teams (game.teams): the local `team` of a result per team, the built-in `teams`, a team's zone or var
    "team_local": {"en": "the partnership", "tr": "takım"},
    "group_local": {"en": "the group", "tr": "grup"},
    "teams": {"en": "the partnerships", "tr": "takımlar"},
    "ours": {"en": "your partnership's {0}", "tr": "senin takımının {0:poss3}"},
    "teams_own": {"en": "the partnership's {0}", "tr": "takımın {0:poss3}"},
    "of_team": {"en": "the {0} of the partnership of {1}", "tr": "{1:gen} takımının {0:poss3}"},
    "var_all_teams": {"en": "the {0} of every partnership", "tr": "her takımın {0:poss3}"},
    "total": {"en": "total points", "tr": "toplam puan"},
    "dealer": {"en": "the dealer", "tr": "dağıtıcı"},
    "zone": {"en": "the {0}", "tr": "{0}"},
    "zone_family": {"en": "{0}", "tr": "{0}"},  # a per-seat zone named alone: each player's own
    "mine": {"en": "your {0}", "tr": "senin {0:poss2}"},
    "players_own": {"en": "the player's {0}", "tr": "oyuncunun {0:poss3}"},
    "of_seat": {"en": "the {0} of {1}", "tr": "{1:gen} {0:poss3}"},
    "var": {"en": "the {0}", "tr": "{0}"},
    "var_all": {"en": "the {0} of every player", "tr": "her oyuncunun {0:poss3}"},
    "table_value": {"en": "the {0} of {1}", "tr": "{1:gen} {0} değeri~"},
    "move_name": {"en": "{0}", "tr": "{0}"},
    # effects: assign (ASSIGN_OP), if_stmt, block
    "=": {"en": "set {0} to {1}", "tr": "{0:acc} {1} yap"},
    "+=": {"en": "add {1} to {0}", "tr": "{0:dat} {1} ekle"},
    "-=": {"en": "take {1} from {0}", "tr": "{0:abl} {1} düş"},
    "if_do": {"en": "if {0}, {1}", "tr": "{0} ise {1}"},
    "if_do_else": {"en": "if {0}, {1}; otherwise {2}", "tr": "{0} ise {1}; değilse {2}"},
    "for_do": {"en": "for each {0} of {1}: {2}", "tr": "{1} içindeki her {0} için: {2}"},
    "then_sep": {"en": ", then ", "tr": ", sonra "},  # statements of a block { a; b }
    "effects_sep": {"en": "; ", "tr": "; "},  # statements of an effect list
    "nothing_done": {"en": "nothing happens", "tr": "hiçbir şey olmaz"},
    # a preference of the bot without a tip
    "prefer": {"en": "prefer moves for which {0}", "tr": "«{0}» olan hamleleri seç"},
    "prefer_more": {"en": "prefer moves with a higher {0}", "tr": "{0} daha büyük olan hamleleri seç"},
}


def phrase(key: str, lang: str) -> str:
    entry = CONSTRUCTS[key]
    return entry.get(lang) or entry["en"]


# ------------------------------------------------------- Turkish endings
_VOWELS = "aeıioöuüâîû"
_BACK = "aıouâû"
_ROUND = "oöuüû"
_HARD = "çfhkpsşt"
_UNITS = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"]
_TENS = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"]
_LETTERS = {"a": "a", "b": "be", "c": "ce", "ç": "çe", "d": "de", "e": "e", "f": "fe", "g": "ge", "ğ": "ge",
            "h": "he", "ı": "ı", "i": "i", "j": "je", "k": "ka", "l": "le", "m": "me", "n": "ne", "o": "o",
            "ö": "ö", "p": "pe", "q": "kü", "r": "re", "s": "se", "ş": "şe", "t": "te", "u": "u", "ü": "ü",
            "v": "ve", "w": "ve", "x": "iks", "y": "ye", "z": "ze"}
_SOFT_STEMS = {"renk": "reng", "kalp": "kalb"}  # one-syllable words that soften all the same


def _lower_tr(text: str) -> str:
    return text.replace("I", "ı").replace("İ", "i").lower()


def _spoken_number(text: str) -> str:
    whole, _, frac = text.partition(".")
    digits = frac.rstrip("0") or whole
    n = int(digits) if digits.isdigit() else 0
    if n == 0:
        return "sıfır"
    if n % 10:
        return _UNITS[n % 10]
    if n % 100:
        return _TENS[(n // 10) % 10]
    if n % 1000:
        return "yüz"
    return "bin" if n % 1_000_000 else "milyon"


def _sound(word: str) -> tuple[str, bool]:
    """How the end of a word sounds, and whether endings go after an apostrophe (numbers, codes, names)."""
    core = word.strip(".,;:!?")
    if not core:
        return "e", True
    if re.fullmatch(r"[0-9]+([.,][0-9]+)?", core):
        return _spoken_number(core.replace(",", ".")), True
    if any(ch.isdigit() for ch in core) or (core.isupper() and len(core) <= 3) or \
            not any(ch in _VOWELS for ch in _lower_tr(core)):
        tail = re.findall(r"[0-9]+|[^0-9]", core)[-1]
        if tail.isdigit():
            return _spoken_number(tail), True
        return _LETTERS.get(_lower_tr(tail), "e"), True
    return _lower_tr(core), core[0].isupper()


def _ending(sound: str, case: str, p3: bool) -> str:
    vowels = [ch for ch in sound if ch in _VOWELS]
    last = vowels[-1] if vowels else "e"
    back, rounded = last in _BACK, last in _ROUND
    a = "a" if back else "e"
    i = ("u" if rounded else "ı") if back else ("ü" if rounded else "i")
    after_vowel = sound[-1] in _VOWELS
    d = "t" if sound[-1] in _HARD else "d"
    buffer = "n" if p3 else "y"
    if case == "gen":
        return ("n" + i + "n") if after_vowel else (i + "n")
    if case == "acc":
        return (buffer + i) if after_vowel else i
    if case == "dat":
        return (buffer + a) if after_vowel else a
    if case == "loc":
        return ("n" if p3 else "") + d + a
    if case == "abl":
        return ("n" if p3 else "") + d + a + "n"
    if case == "poss3":
        return ("s" + i) if after_vowel else i
    if case == "poss2":
        return "n" if after_vowel else (i + "n")
    if case == "pl":
        return "l" + a + "r"
    raise ValueError(f"unknown case ending `{case}`")


def inflect(text: str, case: str, p3: bool = False) -> str:
    """`text` with a Turkish case ending on its last word: inflect("senin el", "loc") ... """
    tail = ""
    group = re.search(r"\s*\([^()]*\)$", text)
    if group and group.start() > 0:  # "seçilen kart (c)": the ending goes on "kart"
        text, tail = text[:group.start()], text[group.start():]
    stripped = text.rstrip("»”\"')")
    closing = text[len(stripped):]
    head, _, word = stripped.rpartition(" ")
    sound, apostrophe = _sound(word)
    end = _ending(sound, case, p3 and not apostrophe)
    if closing or apostrophe:
        return f"{stripped}{closing}'{end}{tail}"
    stem = word
    if end[0] in _VOWELS:
        low = _lower_tr(word)
        if low in _SOFT_STEMS:
            stem = word[: len(word) - len(low)] + _SOFT_STEMS[low]
        elif sum(ch in _VOWELS for ch in low) > 1 and low[-1] in "pçk":
            stem = word[:-1] + ("g" if low.endswith("nk") else {"p": "b", "ç": "c", "k": "ğ"}[low[-1]])
    return (head + " " if head else "") + stem + end + tail


class Phrase(str):
    """A piece of a sentence that knows whether it ends in a possessive (Turkish buffer n)."""

    p3: bool = False

    def __new__(cls, text: str = "", p3: bool = False):
        self = super().__new__(cls, text)
        self.p3 = p3
        return self

    def inflect(self, spec: str) -> "Phrase":
        text, p3 = str(self), self.p3
        for case in spec.split("."):
            text = inflect(text, case, p3)
            p3 = case == "poss3"
        return Phrase(text, p3)


_FIELD = re.compile(r"\{(\w+)(?::([\w.]+))?\}")


def fill(template: str, args=(), **named) -> Phrase:
    """A template with its fields filled by phrases, Turkish endings applied."""
    p3 = template.endswith("~")
    template = template.rstrip("~")
    last: list = [None]

    def sub(m):
        key, spec = m.group(1), m.group(2)
        value = args[int(key)] if key.isdigit() else named[key]
        value = value if isinstance(value, Phrase) else Phrase(str(value))
        out = value.inflect(spec) if spec else value
        if m.end() == len(template):
            last[0] = out
        return str(out)
    text = _FIELD.sub(sub, template)
    if last[0] is not None:
        p3 = p3 or last[0].p3
    return Phrase(text, p3)


def capital(text: str, lang: str) -> str:
    """The first letter in upper case (Turkish i -> İ)."""
    if not text:
        return text
    first = text[0]
    if lang == "tr" and first in "iı":
        first = "İ" if first == "i" else "I"
    else:
        first = first.upper()
    return first + text[1:]


# ------------------------------------------------------------------ folding
@dataclass
class Const:
    """A value known when the rule file is read: a literal, a param, or worked out from them."""

    value: Any
    kind: str  # num, card, bool, str, none, list, seats


def _const(t) -> Const | None:
    if isinstance(t, Tree) and t.data == "const":
        return t.children[0]
    return None


def _mk(value, kind) -> Tree:
    return Tree("const", [Const(value, kind)])


@dataclass
class Context:
    """Who `me` is and what the local names (choices, `seat`, a rule's argument) stand for."""

    me: str = "me"  # construct key: me, me_mover, me_last
    locals: dict = field(default_factory=dict)  # name -> (kind, Phrase)


class Speaker:
    """Says a game's expressions and effects in one language."""

    def __init__(self, g, data: dict | None, lang: str):
        self.g = g
        self.lang = lang if lang in LANGS else "en"
        self.deck = g.deck
        given = dict((data or {}).get("define") or {})
        self.defines = {name: define_parts(spec)[0] for name, spec in given.items()}
        # a define with a title is named, not spelled out, where it is used (the rules list it once)
        self.named = {name: define_parts(spec)[1] for name, spec in given.items() if define_parts(spec)[1]}
        self.params = g.param_info
        self.zones = {z.name: z for z in g.zones}
        self.vars = {v.name: v for v in g.vars}
        self.moves = {m.name: m for m in g.moves}

    # ------------------------------------------------------------- public
    def p(self, key: str, *args, **named) -> Phrase:
        return fill(phrase(key, self.lang), args, **named)

    def condition(self, text, ctx: Context | None = None) -> str:
        return self.finish(self.say(self.tree(text, "expr"), ctx or Context()))

    def value(self, text, ctx: Context | None = None, seat: bool = False) -> str:
        t = self.tree(text, "expr")
        ctx = ctx or Context()
        return self.finish(self.say_seat(t, ctx) if seat else self.say(t, ctx))

    def finish(self, text: str) -> str:
        """Agreement the templates cannot know: English `you is` -> `you are`."""
        if self.lang == "en":
            for wrong, right in _YOU:
                text = wrong.sub(right, text)
        return str(text)

    def effects(self, value, ctx: Context | None = None) -> str:
        """An effect list (a string of statements, or a YAML list of them) in words."""
        if value is None:
            return str(self.p("nothing_done"))
        items = value if isinstance(value, list) else [value]
        ctx = ctx or Context()
        parts = []
        for item in items:
            tree = self.tree(item, "effects")
            parts += [str(self.say_stmt(x, ctx)) for x in tree.children if x is not None and not _is_nothing(x)]
        return self.finish(phrase("effects_sep", self.lang).join(parts)) if parts else str(self.p("nothing_done"))

    def kind_of(self, text, ctx: Context | None = None) -> str:
        return self.kind(self.tree(text, "expr"), ctx or Context())

    def literal(self, value, kind: str) -> str:
        """A param's value in words."""
        return str(self.say_const(Const(value, kind), Context()))

    def card(self, card: int) -> str:
        return str(self.say_const(Const(card, "card"), Context()))

    def move_locals(self, m, ctx: Context | None = None) -> Context:
        """A context where the move's choices have their phrases: `the card`, `the chosen target` ..."""
        ctx = Context(ctx.me if ctx else "me", dict(ctx.locals) if ctx else {})
        cards = [c for c in m.choices if c.of_cards]
        for c in m.choices:
            name = c.name.replace("_", " ")
            if c.of_cards:
                ph = self.p("choice_card") if len(cards) == 1 else self.p("choice_named_card", name)
                ctx.locals[c.name] = ("card", ph)
            elif c.of_card_lists:
                ctx.locals[c.name] = ("cards", self.p("choice_cards", name))
            elif c.of_groups:  # a group of a group zone
                ctx.locals[c.name] = ("zone", self.p("choice_zone_group", name))
            else:
                ctx.locals[c.name] = ("any", self.p("choice", name))
        return ctx

    def seat_context(self, ctx: Context | None = None) -> Context:
        """A context with the local `seat` (results, per-seat var starts)."""
        ctx = Context(ctx.me if ctx else "me", dict(ctx.locals) if ctx else {})
        ctx.locals["seat"] = ("seat", self.p("seat_local"))
        return ctx

    def team_context(self, ctx: Context | None = None) -> Context:
        """A context with the local `team` (results and round results per team, per-team var starts)."""
        ctx = Context(ctx.me if ctx else "me", dict(ctx.locals) if ctx else {})
        ctx.locals["team"] = ("team", self.p("team_local"))
        return ctx

    def group_context(self, ctx: Context | None = None) -> Context:
        """A context with the local `group` (per-group var starts)."""
        ctx = Context(ctx.me if ctx else "me", dict(ctx.locals) if ctx else {})
        ctx.locals["group"] = ("zone", self.p("group_local"))
        return ctx

    def per_context(self, per: str, ctx: Context | None = None) -> Context:
        """The context of something worked out per seat (`seat`), per team (`team`) or per group (`group`)."""
        if per == "group":
            return self.group_context(ctx)
        return self.team_context(ctx) if per == "team" else self.seat_context(ctx)

    def title(self, texts: dict | None, default: str) -> str:
        if not texts:
            return default
        return texts.get(self.lang) or texts.get("en") or default

    # ------------------------------------------------------------ parsing
    def tree(self, text, start: str):
        if isinstance(text, bool):
            text = "true" if text else "false"
        elif text is None:
            text = "none"
        tree = parse_flat(str(text), start)
        return self.fold(tree, frozenset(), frozenset())

    def fold(self, t, bound: frozenset, expanding: frozenset):
        """The tree with defines inlined and everything known at load worked out."""
        if not isinstance(t, Tree):
            return t
        k = t.data
        if k == "number":
            text = t.children[0].value
            return _mk(float(text) if "." in text else int(text), "num")
        if k == "card":
            return _mk(self.deck.card_of_code(t.children[0].value), "card")
        if k == "string":
            return _mk(t.children[0].value[1:-1], "str")
        if k in ("true", "false"):
            return _mk(k == "true", "bool")
        if k == "none":
            return _mk(None, "none")
        if k == "var":
            return self.fold_name(t, t.children[0].value, bound, expanding)
        if k == "lambda_":
            name = t.children[0].value
            return Tree(k, [t.children[0], self.fold(t.children[1], bound | {name}, expanding)])
        if k == "for_stmt":
            name = t.children[0].value
            return Tree(k, [t.children[0], self.fold(t.children[1], bound, expanding),
                            self.fold(t.children[2], bound | {name}, expanding)])
        kids = [self.fold(c, bound, expanding) if isinstance(c, Tree) else c for c in t.children]
        if k in ("or_", "and_"):
            return self.fold_chain(k, kids)
        if k == "not_":
            c = _const(kids[0])
            return _mk(not c.value, "bool") if c is not None else Tree(k, kids)
        if k == "cond":
            c = _const(kids[0])
            if c is not None:
                return kids[1] if c.value else kids[2]
            return Tree(k, kids)
        if k == "if_stmt":
            c = _const(kids[0])
            if c is not None:
                return kids[1] if c.value else (kids[2] if len(kids) > 2 else Tree("block", []))
            return Tree(k, kids)
        if k == "compare":
            a, op, b = kids
            ca, cb = _const(a), _const(b)
            if ca is not None and cb is not None:
                value = self.compare_consts(ca, op.value, cb)
                if value is not None:
                    return _mk(value, "bool")
            return Tree(k, kids)
        if k == "arith":
            a, op, b = kids
            ca, cb = _const(a), _const(b)
            if ca is not None and cb is not None and ca.kind == cb.kind == "num":
                try:
                    return _mk(_ARITH[op.value](ca.value, cb.value), "num")
                except (ZeroDivisionError, TypeError):
                    pass
            return Tree(k, kids)
        if k == "neg":
            c = _const(kids[0])
            if c is not None and c.kind == "num":
                return _mk(-c.value, "num")
            return Tree(k, kids)
        if k == "list":
            items = [x for x in kids if x is not None]
            consts = [_const(x) for x in items]
            if all(c is not None for c in consts):
                kind = "cards" if consts and all(c.kind == "card" for c in consts) else "list"
                return _mk([c.value for c in consts], kind)
            return Tree(k, items)
        if k == "call":
            return self.fold_call(Tree(k, kids))
        return Tree(k, kids)

    def fold_name(self, t, name: str, bound, expanding):
        if name in bound:
            return t
        if name in self.named:
            return t
        if name in self.defines and name not in expanding:
            inner = parse_flat(str(self.defines[name]), "expr")
            return self.fold(inner, bound, expanding | {name})
        if name in self.params and name not in bound:
            info = self.params[name]
            return _mk(info["value"], info["type"])
        if name == "players":
            return _mk(self.g.players, "num")
        if name == "seats":
            return _mk(list(range(self.g.players)), "seats")
        if name == "teams":
            return _mk(list(range(len(self.g.teams))), "teams")
        return t

    def fold_chain(self, kind: str, kids: list):
        absorbing = kind == "or_"
        terms = []
        for x in kids:
            parts = x.children if isinstance(x, Tree) and x.data == kind else [x]
            for y in parts:
                c = _const(y)
                if c is not None and c.kind == "bool":
                    if bool(c.value) == absorbing:
                        return _mk(absorbing, "bool")
                    continue
                terms.append(y)
        if not terms:
            return _mk(not absorbing, "bool")
        return terms[0] if len(terms) == 1 else Tree(kind, terms)

    def fold_call(self, t):
        name = t.children[0].value
        args = [a for a in t.children[1:] if a is not None]
        consts = [_const(a) for a in args]
        if not args or any(c is None for c in consts):
            return t
        values = [c.value for c in consts]
        deck, n = self.deck, self.g.players
        if any(v is None for v in values):
            return t
        try:
            if name in deck.values and len(values) == 1:
                return _mk(deck.values[name][values[0]], "num")
            if name == "rank":
                return _mk(deck.rank[values[0]], "num")
            if name == "suit":
                return _mk(deck.suit[values[0]], "num")
            if name == "same_face":
                return _mk(deck.face[values[0]] == deck.face[values[1]], "bool")
            if name == "is_joker":
                return _mk(deck.rank[values[0]] == 0, "bool")
            if name == "abs":
                return _mk(abs(values[0]), "num")
            if name == "next":
                return _mk((values[0] + 1) % n, "num")
            if name == "prev":
                return _mk((values[0] - 1) % n, "num")
        except (TypeError, IndexError):
            return t
        return t

    def compare_consts(self, a: Const, op: str, b: Const):
        x, y = a.value, b.value
        if "card" in (a.kind, b.kind):
            x = None if x is None else self.deck.face[x] if a.kind == "card" else x
            y = None if y is None else self.deck.face[y] if b.kind == "card" else y
        if op == "==":
            return x == y
        if op == "!=":
            return x != y
        if isinstance(x, (int, float)) and isinstance(y, (int, float)) and not isinstance(x, bool):
            return _COMPARE[op](x, y)
        return None

    # -------------------------------------------------------------- kinds
    def kind(self, t, ctx: Context) -> str:
        c = _const(t)
        if c is not None:
            return c.kind
        if not isinstance(t, Tree):
            return "any"
        k = t.data
        if k in ("or_", "and_", "not_", "compare", "contains", "not_contains"):
            return "bool"
        if k == "arith" and t.children[1].value == "+":
            kinds = {self.kind(t.children[0], ctx), self.kind(t.children[2], ctx)}
            return "list" if kinds & {"list", "cards", "zone"} else "num"
        if k in ("arith", "neg"):
            return "num"
        if k == "cond":
            return self.kind(t.children[1], ctx)
        if k == "list":
            return "list"
        if k == "index":
            return "num"
        if k == "var":
            name = t.children[0].value
            if name in ctx.locals:
                return ctx.locals[name][0]
            if name in self.zones:
                return "family" if self.zones[name].per_seat else "zone"
            if name in self.vars:
                per = self.vars[name].per
                return "nums" if per != "none" else ("seat" if name == "dealer" else "num")
            if name in self.moves:
                return "move"
            if name == "me":
                return "seat"
            if name in self.named:
                return self.kind(self.fold(parse_flat(str(self.defines[name]), "expr"), frozenset(), frozenset()), ctx)
            return "num"
        if k == "call":
            name = t.children[0].value
            if name in self.zones:
                return "zone"
            if name in self.deck.values:
                return "num"
            fn = LIBRARY.get(name)
            if fn is None:
                return "any"
            if name in ("next", "prev", "holder"):
                return "seat"
            if name == "team":
                return "team"
            if name in ("partners", "members"):
                return "seats"
            if fn.returns_from is not None:
                return self.kind(t.children[1 + fn.returns_from], ctx)
            return fn.returns
        return "any"

    # ------------------------------------------------------------- saying
    def say(self, t, ctx: Context, nested: str | None = None) -> Phrase:
        """An expression as a phrase. `nested` is the chain (or_/and_) it stands in, if any."""
        c = _const(t)
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
            if v is None:
                return self.p("no_card")
            return self.p("card", self.deck.long_name(v, self.lang))
        if kind == "bool":
            return self.p("true" if v else "false")
        if kind == "none" or v is None:
            return self.p("none")
        if kind == "str":
            return self.p("string", v)
        if kind == "seats":
            return self.p("seats")
        if kind == "teams":
            return self.p("teams")
        if kind == "list" and v and all(isinstance(x, list) for x in v):  # pairs: [0, 10], [50, 20]
            return self.join([Phrase("[" + ", ".join(_num(y) for y in x) + "]") for x in v])
        if kind in ("list", "cards"):
            return self.join([self.say_const(Const(x, "card" if kind == "cards" else _kind_of_value(x)), ctx)
                              for x in v])
        if kind == "num":
            return Phrase(_num(v))
        return Phrase(str(v))

    def join(self, items: list, last_key: str = "list_last") -> Phrase:
        if not items:
            return self.p("list_empty")
        if len(items) == 1:
            return items[0]
        sep, last = phrase("list_sep", self.lang), phrase(last_key, self.lang)
        return Phrase(sep.join(items[:-1]) + last + items[-1], items[-1].p3)

    def say_seat(self, t, ctx: Context) -> Phrase:
        """A seat: a constant number reads as that seat's player."""
        c = _const(t)
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
            title = self.title(z.title, name)
            return self.p("zone_family" if z.per_seat else "zone", title)
        if name in self.vars:
            v = self.vars[name]
            if name == "dealer" and not v.title:
                return self.p("dealer")
            title = self.title(v.title, name.replace("_", " "))
            return self.p("var_all" if v.per_seat else "var_all_teams" if v.per_team else "var", title)
        if name in self.moves:
            return self.p("move_name", self.title(self.moves[name].title, name))
        if name == "totals" and self.g.totals_per == "team":
            return self.p("totals_teams")
        if name in ("rounds_played", "moves_played", "totals"):
            return self.p(name)
        if name in self.named:
            return Phrase(self.title(self.named[name], name.replace("_", " ")))
        return Phrase(name.replace("_", " "))

    def owned(self, title: str, seat_tree, ctx: Context) -> Phrase:
        """A per-seat zone or var of one seat: your hand, the player's hand, the hand of p; a per-team
        one of one team: your partnership's pile, the partnership's pile, the pile of the partnership of p."""
        if isinstance(seat_tree, Tree) and seat_tree.data == "var":
            name = seat_tree.children[0].value
            if name == "me" and ctx.me == "me" and name not in ctx.locals:
                return self.p("mine", title)
            if name in ctx.locals and ctx.locals[name][1] == self.p("seat_local"):
                return self.p("players_own", title)
            if name in ctx.locals and ctx.locals[name][1] == self.p("team_local"):
                return self.p("teams_own", title)
        if _call_name(seat_tree) == "team" and len(seat_tree.children) > 1:  # x(team(...)): that seat's partnership
            seat = seat_tree.children[1]
            if isinstance(seat, Tree) and seat.data == "var" and seat.children[0].value == "me" \
                    and ctx.me == "me" and "me" not in ctx.locals:
                return self.p("ours", title)
            return self.p("of_team", title, self.say_seat(seat, ctx))
        return self.p("of_seat", title, self.say_seat(seat_tree, ctx))

    def say_index(self, t, ctx: Context) -> Phrase:
        base, idx = t.children
        if isinstance(base, Tree) and base.data == "var" and base.children[0].value == "totals":
            return self.owned(str(self.p("total")), idx, ctx)
        if isinstance(base, Tree) and base.data == "var" and base.children[0].value in self.vars:
            v = self.vars[base.children[0].value]
            if v.per != "none":
                return self.owned(self.title(v.title, v.name.replace("_", " ")), idx, ctx)
        return self.p("index", self.say(base, ctx), self.say(idx, ctx))

    def say_list(self, t, ctx: Context) -> Phrase:
        return self.join([self.say(x, ctx) for x in t.children])

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
        c = _const(t)
        if c is not None and c.kind == "bool":
            return self.say_const(Const(not c.value, "bool"), ctx)
        if isinstance(t, Tree):
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
                return self.say_compare(Tree("compare", [a, Token("COMP_OP", flipped), b]), ctx)
            if k == "contains":
                return self.say_not_contains(t, ctx)
            if k == "not_contains":
                return self.say_contains(t, ctx)
            if k == "cond":
                test, yes, no = t.children
                return self.say_cond(Tree("cond", [test, Tree("not_", [yes]), Tree("not_", [no])]), ctx, nested)
            if k == "call":
                said = self.say_call(t, ctx, negate=True)
                if said is not None:
                    return said
            if k == "var" or k == "index":
                return self.p("not_value", self.say(t, ctx))
        return self.p("not", self.say(t, ctx))

    def say_cond(self, t, ctx: Context, nested=None) -> Phrase:
        test, yes, no = t.children
        cy, cn = _const(yes), _const(no)
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
        ca, cb = _const(a), _const(b)
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
                return self.p("suit_is" if op == "==" else "suit_is_not", self.say(x, ctx), self.suit_word(cb.value))
            if _call_name(b) == shape:
                key = ("same_" if op == "==" else "not_same_") + shape
                return self.p(key, self.say(x, ctx), self.say(b.children[1], ctx))
        left, right = self.say(a, ctx), self.say(b, ctx)
        if op in ("==", "!=") and "card" in (self.kind(a, ctx), self.kind(b, ctx)):
            return self.p("card" + op, left, right)
        if op in ("==", "!=") and "seat" in (self.kind(a, ctx), self.kind(b, ctx)):
            left, right = self.say_seat(a, ctx), self.say_seat(b, ctx)
        return self.p(op, left, right)

    def rank_word(self, rank) -> Phrase:
        names = (self.deck.names.get(self.lang) or self.deck.names["en"])["ranks"]
        if isinstance(rank, int) and 1 <= rank <= len(names):
            word = names[rank - 1]
        elif rank == 0:
            word = (self.deck.names.get(self.lang) or self.deck.names["en"])["joker"]
        else:
            word = _num(rank)
        an = re.match(r"(?i)[aeio]|8|11\b|18\b", word) is not None
        return self.p("rank_an" if an else "rank_a", word)

    def suit_word(self, suit) -> Phrase:
        names = (self.deck.names.get(self.lang) or self.deck.names["en"])["suits"]
        return Phrase(names[suit]) if isinstance(suit, int) and 0 <= suit < len(names) else Phrase(_num(suit))

    def say_contains(self, t, ctx: Context, key: str = "in") -> Phrase:
        x, coll = t.children
        c = _const(coll)
        listed = (isinstance(coll, Tree) and coll.data == "list") or (c is not None and c.kind in ("list", "cards"))
        seat = self.kind(x, ctx) == "seat"
        if listed and c is not None:
            kind = "card" if c.kind == "cards" else None
            words = self.join([self.say_seat(_mk(v, "num"), ctx) if seat else
                               self.say_const(Const(v, kind or _kind_of_value(v)), ctx) for v in c.value], "list_or")
        elif listed:
            words = self.join([self.say(x, ctx) for x in coll.children], "list_or")
        else:
            words = self.say(coll, ctx)
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
        if isinstance(t, Tree) and (t.data == "cond" or (t.data == "arith" and not (
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
            return self.owned(self.title(z.title, name), args[0], ctx) if args else self.say_var(Tree("var", [t.children[0]]), ctx)
        if name in self.deck.values:
            return self.p("table_value", name.replace("_", " "), self.say(args[0], ctx))
        fn = LIBRARY[name]
        template, said = self.library_words(fn, args, ctx, negate)
        if template is None:
            return None
        return template

    def library_words(self, fn, args, ctx: Context, negate: bool):
        """A library call in words: its shape's form if one fits, else its text (or `full` form)."""
        lang = self.lang
        form, shaped = self.shape(fn, args, ctx)
        key = form
        if negate:
            key = "no" if form is None else "no_" + form
            if key not in fn.forms:
                return None, None
        if key is not None and key in fn.forms:
            template = fn.forms[key].get(lang) or fn.forms[key]["en"]
        else:
            template = fn.text.get(lang) or fn.text["en"]
        if shaped is not None:
            return fill(template, shaped, me=self.p(ctx.me)), True
        named = {"me": self.p(ctx.me)}
        phrases = []
        for i, a in enumerate(args):
            if isinstance(a, Tree) and a.data == "lambda_":
                var = a.children[0].value
                elem = self.kind(args[0], ctx) if args else "any"
                inner = Context(ctx.me, dict(ctx.locals))
                inner.locals[var] = ({"cards": "card", "zone": "card", "seats": "seat", "teams": "team"}.get(elem, "any"),
                                     Phrase(var))
                named["x"] = Phrase(var)
                phrases.append(self.say(a.children[1], inner))
            elif fn.args[i].rstrip("?") == "num" and fn.name in ("next", "prev", "deal") and i != 2:
                phrases.append(self.say_seat(a, ctx))
            else:
                phrases.append(self.say(a, ctx))
        return fill(template, phrases, **named), False

    def shape(self, fn, args, ctx: Context):
        """A form of a notion for a common shape of its arguments, and the phrases it takes."""
        if fn.name == "has" and len(args) == 3:
            zone, suit, rank = args
            cs, cr = _const(suit), _const(rank)
            if cs is not None and cr is not None:
                cards = self.deck.cards_of(cr.value, cs.value)
                if cards:
                    return "card", [self.say(zone, ctx), self.say_const(Const(cards[0], "card"), ctx)]
            if _call_name(suit) == "suit":
                x = suit.children[1]
                if cr is not None:
                    return "suit_of", [self.say(zone, ctx), self.say(x, ctx), self.rank_word(cr.value).split(" ")[-1]]
                if isinstance(rank, Tree) and rank.data == "arith" and rank.children[1].value in "+-" \
                        and _call_name(rank.children[0]) == "rank" and rank.children[0].children[1] == x \
                        and _const(rank.children[2]) is not None:
                    k = _const(rank.children[2]).value
                    form = "above" if (rank.children[1].value == "+") == (k > 0) else "below"
                    steps = self.p("ranks_1") if abs(k) == 1 else self.p("ranks_n", _num(abs(k)))
                    return form, [self.say(zone, ctx), self.say(x, ctx), steps]
        if fn.name == "count" and len(args) == 1 and _call_name(args[0]) == "groups":  # groups, not cards
            return "items", [self.say(args[0], ctx)]
        if fn.name == "abs" and len(args) == 1 and isinstance(args[0], Tree) and args[0].data == "arith" \
                and args[0].children[1].value == "-":
            a, _, b = args[0].children
            return "difference", [self.say(a, ctx), self.say(b, ctx)]
        if "of_me" in fn.forms and len(args) == 1 and isinstance(args[0], Tree) and args[0].data == "var" \
                and args[0].children[0].value == "me" and ctx.me == "me" and "me" not in ctx.locals:
            return "of_me", []  # team(me), partners(me): your partnership, your partners
        if "full" in fn.forms and len(args) == len(fn.args) and fn.args[-1].endswith("?"):
            return "full", None
        return None, None

    # ------------------------------------------------------------ effects
    def say_stmt(self, t, ctx: Context) -> Phrase:
        k = t.data
        if k == "block":
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
            return self.p(op.value, self.say(target, ctx), self.say(value, ctx))
        if k == "call":
            return self.say_call(t, ctx)
        return self.say(t, ctx)


def _is_nothing(t) -> bool:
    return isinstance(t, Tree) and t.data == "block" and not [c for c in t.children if c is not None]


def _call_name(t) -> str | None:
    if isinstance(t, Tree) and t.data == "call":
        return t.children[0].value
    return None


def _kind_of_value(x) -> str:
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, (int, float)):
        return "num"
    if x is None:
        return "none"
    if isinstance(x, list):
        return "list"
    return "str"


def _num(v) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


_YOU = [(re.compile(r"\byou is\b"), "you are"), (re.compile(r"\byou has\b"), "you have"),
        (re.compile(r"\byou does\b"), "you do")]

_ARITH = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b,
          "//": lambda a, b: a // b, "%": lambda a, b: a % b}
_COMPARE = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def construct_coverage() -> set[str]:
    """The node kinds of the grammar (what the parser can give) that `Speaker` has words for."""
    return {name[4:] for name in dir(Speaker) if name.startswith("say_")}


__all__ = ["CONSTRUCTS", "Context", "Phrase", "Speaker", "capital", "fill", "inflect", "phrase", "LStr"]
