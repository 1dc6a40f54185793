"""Every section and key a rule file may have, in one declarative table (`TABLE`), and the checker
that reads it.

The table is the one list of keys: the checker below, the loader (defaults and allowed values),
`kural diff` and the teaching commands (the places that hold expressions), and the JSON Schema for
editors (`kural schema`, docs/rule-file.schema.json) all read it. A key not in it is refused with a
"did you mean"; a value of the wrong kind, or not among a key's allowed values, is refused at its
place.

Shapes: `Fields` is a mapping of fixed keys, each a `Key`; `Named` a mapping whose keys the file
chooses (a zone, a move, a param ...), all of one shape; `ListOf` a list; `Either` a full mapping
(or list) or a short form that stands for it (`when: <condition>` for `when: [{check: <condition>}]`).
Leaves are named by a word of LEAVES.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from .errors import Loc, Problem, RuleError, close_match
from kural.interpreter.messages import Msg
from .yamlload import LDict, LList, loc_of

# The leaves: what a value is, in the checker's words. `expr` and `effects` hold the rules language
# (an expression; effects separated by `;`, or a list of them); `count` and `flag` are a whole
# number or true/false that may instead name a param of that type (so that --set changes it).
LEAVES = {shape: Msg("leaf_" + shape) for shape in ("str", "int", "num", "bool", "any", "expr", "effects", "count",
                                                    "flag", "domain")}
EXPRESSIONS = ("expr", "effects", "domain")  # leaves written in the rules language (a domain: or a YAML list)
PARAM_NAMES = ("count", "flag")  # leaves that may name a param


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()  # a key with no default


@dataclass(frozen=True)
class ByKey:
    """A default that depends on a sibling key: `layout` is `hand` for a zone `per: seat`, else `pile`."""
    key: str
    values: dict
    otherwise: Any

    def of(self, mapping) -> Any:
        return self.values.get(str(mapping.get(self.key, "")), self.otherwise) if isinstance(mapping, dict) \
            else self.otherwise


@dataclass(frozen=True)
class TooMany:
    """What a file past a key's bound (`most`) is told, at the first entry past it: (message, hint) keys
    of interpreter/messages.py, and the message's own words for what it fills in: the entries written
    (`count`), the bound (`most`), the key's name (`name`), the name of the part holding it (`owner`)."""
    message: str
    hint: str
    count: str
    most: str
    name: str = ""
    owner: str = ""
    at_key: bool = False  # told where the key is written, not at the first entry past the bound


@dataclass(frozen=True)
class Key:
    """One key of a rule file's section: its shape, its words for the docs, its default and its bounds."""

    shape: Any  # a word of LEAVES or a shape
    doc: str  # one line, English
    default: Any = MISSING  # the value the loader takes when the key is left out (ByKey: it depends)
    default_doc: str = ""  # a default the table cannot hold as a value ("the game's id")
    allowed: tuple = ()  # the only values a text key may take
    refuse: tuple | None = None  # (message, hint) keys of interpreter/messages.py for a value not allowed, filled
    # with {value} {key} {name} {path} {allowed}
    missing: tuple | None = None  # (message, hint) keys: the checker refuses a mapping without this key ({path})
    required: bool = False  # the checker refuses a mapping without it (`key_missing`, named by its path); it
    # checks the merged file, so a variant file may leave it to its base
    kind: str = ""  # how `kural diff` names a change here (param, move, check ...); inherited below
    split: bool = False  # `kural diff` compares its parts one by one, not the whole
    whole: bool = False  # ... and the whole too (a move added or removed is one change)
    titles: str = ""  # the sibling key that holds the titles of its entries (fields -> field_titles)
    cites: bool = False  # its value (for a mapping of names: each name) is a rule number the file cites
    most: int = 0  # the most entries (items) it may hold, a bound of the loader (docs/language.md §3.11)
    too_many: TooMany | None = None  # what a file past `most` is told (dsl/building/transform.py checks it)
    node: str = ""  # the builder's method that builds a part of this key (dsl/building/transform.py)
    declares: str = ""  # each entry's name is declared in the file's one namespace as a name of this kind
    # (dsl/names.py): expressions anywhere may use it, and no other declaration may take it
    takes_away: bool = False  # an entry written `null` takes away what a lower layer wrote for it
    or_else: str = ""  # a mapping that has this other key instead needs not this one


@dataclass(frozen=True)
class Fields:
    """A mapping whose keys are known: each key's Key (or shape)."""

    keys: dict


@dataclass(frozen=True)
class Named:
    """A mapping whose keys the file names (moves, zones ...): each value of one shape."""

    value: Any  # a shape or a Key
    what: str = "a name"  # what the file names here


@dataclass(frozen=True)
class ListOf:
    """A list, each item of one shape."""

    item: Any  # a shape or a Key


@dataclass(frozen=True)
class Either:
    """A mapping (or list) in full, or one value standing for it in short."""

    full: Any  # a Fields (a mapping) or a ListOf (a list)
    short: str  # the leaf of the short form
    short_key: str  # the short form stands for {short_key: value} (in a one-item list, for a list)


def _key(x) -> Key:
    """A shape as the Key of a list's item or a name's value: made once per shape (the table's shapes
    are constants; a frozen Key of fifteen fields is dear to make at every item of every rule file)."""
    if isinstance(x, Key):
        return x
    known = _KEYS.get(id(x))
    if known is None or known[0] is not x:
        known = _KEYS[id(x)] = (x, Key(x, ""))  # x kept: its id stays its own
    return known[1]


_KEYS: dict[int, tuple] = {}


TEXT = Fields({"en": Key("str", "the sentence in English"), "tr": Key("str", "the sentence in Turkish (falls back to en)")})
WHY = Fields({"rule": Key("str", "the rule number the refusal applies", cites=True), "en": Key("str", "its words in English"),
              "tr": Key("str", "its words in Turkish")})
CHECK = Fields({
    "check": Key("expr", "a condition the move needs (the move's choices are names here)"),
    "rule": Key("str", "the rule number the check applies", cites=True),
    "why": Key(TEXT, "why a move is refused when the check fails")})
END_REASON = Fields({
    "when": Key("expr", "the condition that says the round ended this way (worked out before the round's score)",
                required=True),
    "rule": Key("str", "the rule number of this way of ending", cites=True),
    "text": Key(TEXT, "the words on the round's sheet ({me}: the player who made the last move)")})
PARAM = Fields({
    "value": Key("any", "the param's value: a number, true/false, a card code, a text or a list of numbers"),
    "type": Key("str", "what the value is", default_doc="worked out from the value",
                allowed=("num", "bool", "card", "str", "list"),
                refuse=("unknown_param_type", "param_types")),
    "rule": Key("str", "the rule number the param sets", cites=True),
    "text": Key(TEXT, "what the param means, for `kural rules`"),
    "min": Key("num", "the smallest value --set may give"), "max": Key("num", "the largest value --set may give"),
    "one_of": Key(ListOf("any"), "the values a text param may take"),
    "shown_as": Key(Named(TEXT, "a value"), "words for its values in the rules and in sentences that name it "
                    "({name}), keyed by value (true, false for a yes/no param)")})
DEFINE = Fields({
    "value": Key("expr", "the named expression", missing=("define_no_value", "define_example"), or_else="do"),
    "do": Key("effects", "instead of a value, named effects: called as a statement, `refill()` or `refill(me)` with "
              "`args`, they are done where they are called"),
    "args": Key(ListOf("str"), "its arguments' names, which its value uses: `is_penalty: {args: [c], value: ...}` is "
                "called `is_penalty(card)`, each argument an expression of the place that calls it"),
    "title": Key(TEXT, "the words that name it in the rules, instead of spelling it out"),
    "title_not": Key(TEXT, "its words when it does not hold (a condition): `you have not opened`"),
    "shown": Key("bool", "the screen shows its value for the player to move (needs a title)", default=False),
    "shown_when": Key("expr", "with `shown`: the screen shows it only while this holds"),
    "out_of": Key("expr", "with `shown`: the screen shows the value against this one, as `30 / 40`"),
    "of_meld": Key("str", "with `shown`: the value is one meld's, this name its cards (a group, or the cards a "
                   "move lays): the screen shows it beside each meld a move lays and each meld of the board "
                   "(`shown_on`), while `shown_when` holds"),
    "shown_on": Key("str", "with `of_meld`: a per-group var; the board shows the value beside the groups where it "
                    "is not 0 (without it, or \"\", only beside the moves)")})
# What a rule file may declare: far above the bundled games (at most 7 zones, 12 vars, 7 moves, 2 steps,
# lists of 3), low enough that loading and every per-position walk over them stay fast (docs/language.md §3.11)
# (defines are bounded by the parts they compile to, dsl/compiler.py; texts cost nothing to load)
SECTION_TOO_MANY = TooMany("has_entries_rule_file", "card_game_needs_far", count="n_section", most="bound",
                           name="name")
VAR_REFUSE = ("var_key_not_known", "var_per_scope")  # keys of interpreter/messages.py, filled with {value} {key} ...
PER_REFUSE = ("value_not_known", "result_per")
EFFECTS = "effects"


def _result_keys(value: str, value_doc: str, title_default: str, winner: dict | None = None) -> dict:
    keys = {
        "per": Key("str", "worked out for each seat or for each team", default="seat", allowed=("seat", "team"),
                   refuse=PER_REFUSE)} | (winner or {}) | {
        value: Key("expr", value_doc, required=True),
        f"{value}_title": Key(TEXT, f"the name of the {value} on the sheet", default=title_default),
        "fields": Key(Named(Key("expr", "", takes_away=True), "a field"),
                      "more values shown on the sheet (`seat` or `team` is a name here); a variant takes one away "
                      "with null", split=True, kind="field", titles="field_titles"),
        "field_titles": Key(Named(TEXT, "a field"), "the names of the fields on the sheet", split=True, kind="field"),
        "field_shown_as": Key(Named(Named(TEXT, "a value"), "a field"),
                              "words for some values of a field on the sheet, keyed by value (\"1\": made)",
                              split=True, kind="field")}
    return keys


TABLE = Fields({
    "extends": Key("str", "the game (its id) or the rule file (a .yaml beside this one) this file changes"),
    "variant": Key(Fields({
        "id": Key("str", "the variant's id, as --variant and records name it", default_doc="the file's name"),
        "title": Key(TEXT, "the variant's name"), "about": Key(TEXT, "one line about the variant"),
        "rule": Key("str", "the rule number of the variant")}), "what a variant file plays"),
    "game": Key(Fields({
        "id": Key("str", "the game's id (records, kural play ID)", required=True, node="game_id"),
        "title": Key(TEXT, "the game's name", default_doc="the id"),
        "about": Key(TEXT, "one line about the game", default=""),
        "lang": Key("str", "the language the rules were written in (tr, en)", default="en"),
        "players": Key("int", "the number of seats, 1 to 12, when --players is not given", default=4),
        "allowed_players": Key(ListOf("int"), "the player counts --players may choose", default_doc="[players]"),
        "seats": Key(Fields({"en": Key(ListOf("str"), "seat names in English, seat 0 first"),
                             "tr": Key(ListOf("str"), "seat names in Turkish (falls back to en)")}),
                     "the seats' names", default_doc="P1, P2 ...", node="seats"),
        "hand_zone": Key("str", "the per-seat zone that is the hand", default="hand"),
        "max_moves": Key("int", "a game that reaches this many moves is stopped and marked aborted", default=20_000),
        "round_title": Key(TEXT, "what one round is called at this game's table, in each language (a hand, a "
                           "deal: `{en: hand, tr: el}`); the table, the scoring sheets and simulate name rounds by it",
                           default_doc="{en: round, tr: tur}"),
        "bots": Key("str", "the bots simulate and compare play when --bots is not given: one that finishes this "
                    "game (random bots stop at max_moves in some games)", default="random",
                    allowed=("random", "heuristic")),
        "teams": Key(Named(Key(ListOf(Key(ListOf("int"), "", node="team")), "", node="partnership", takes_away=True),
                           "a player count"),
                     "for a player count (quoted: \"4\"), the partnerships, each a list of seats; null takes away "
                     "the count's partnerships a base game gave (a variant for another count)",
                     default_doc="each seat its own team", node="teams")}), "what the game is", kind="game", split=True,
        node="game"),
    "deck": Key(Fields({
        "copies": Key("int", "copies of the 52 standard cards, 0 to 8", default=1),
        "jokers": Key("int", "jokers, 0 to 16", default=0),
        "ranks": Key(ListOf("any"), "the ranks in play, by their codes (a short deck: [A, 6, 7, 8, 9, T, J, Q, K] "
                     "for 36 cards); the others are not in the game", default_doc="all 13: A 2 ... 10 J Q K"),
        "starts_in": Key("str", "the shared zone that holds the whole deck when a round starts", default="stock"),
        "symbols": Key(ListOf("str"), "the four suits' symbols, in the order S H D C", default=["♠", "♥", "♦", "♣"]),
        "labels": Key(ListOf("any"), "13 labels for the ranks on screen, A 2 ... 10 J Q K",
                      default_doc="A 2 ... 10 J Q K"),
        "names": Key(Named(Fields({
            "suits": Key(ListOf("str"), "the suits' names, S H D C"),
            "ranks": Key(ListOf("str"), "the ranks' names, A 2 ... K"),
            "joker": Key("str", "the joker's name")}), "a language"), "the cards' names by language"),
        "values": Key(Named(Named("num", "a rank, a card code or default"), "a value table"),
                      "value tables: a number for every card, by rank or card code (and `default`)",
                      split=True, most=50, titles="value_titles", declares="table",
                      too_many=TooMany("deck_values_has_tables", "card_game_needs_few", "n_tables",
                                       "MAX_VALUE_TABLES")),
        "value_titles": Key(Named(TEXT, "a value table"), "the value tables' names in the rules (points: "
                            "{en: points, tr: puan})", split=True, default_doc="the table's name")}),
        "the cards", kind="deck", split=True, node="deck"),
    "melds": Key(Fields({
        "min_size": Key("count", "the fewest cards of a meld", default=3),
        "sets": Key("flag", "cards of one rank are a meld", default=True),
        "runs": Key("flag", "cards of one suit in sequence are a meld", default=True),
        "ace": Key("str", "where an ace goes in a run", default="low", allowed=("low", "high", "both"),
                   refuse=("value_not_known", "ace_low_high")),
        "wild": Key("expr", "which cards are wild, from the card `c` alone", default_doc="none"),
        "max_wilds": Key("count", "the most wild cards of a meld", default_doc="no bound"),
        "natural_in_place": Key("flag", "a wild card in its own place and suit counts as itself", default=True),
        "run_natural_core": Key("count", "natural cards in sequence a run needs before a wild", default=0),
        "points": Key("str", "the value table of deck.values that gives a meld's points", default_doc="0 for every card"),
        "wild_points": Key("str", "the value table for a card used as a wild", default_doc="points"),
        "why": Key(Fields({reason: Key(WHY, f"the words for a meld refused by its {reason}")
                           for reason in ("size", "shape", "wilds", "core")}),
                   "the rule and words of each refusal (docs/language.md §2.4)")}),
        "what a meld is (docs/language.md §2.4)", kind="melds", split=True, node="melds"),
    "params": Key(Named(Key(Either(PARAM, "any", "value"), "", node="param"), "a param"),
                  "the game's settings (--set name=value): a value, or {value: ..., type: ..., rule: ...}",
                  kind="param", split=True, most=200, too_many=SECTION_TOO_MANY, node="params", declares="param"),
    "zones": Key(Named(Key(Fields({
        "per": Key("str", "one zone per seat, one per team, or one shared zone", default="none",
                   allowed=("seat", "team", "none"),
                   refuse=("zone_per", "zone_per_hint")),
        "kind": Key("str", "one list of cards, or several groups of cards (melds)", default="cards",
                    allowed=("cards", "groups"),
                    refuse=("zone_unknown_kind", "zone_kind_hint")),
        "max_groups": Key("int", "the most groups one owner's group zone may hold, 1 to 100 (kind: groups only)"),
        "visible": Key("str", "who sees the cards: the owner, everybody, nobody, the top card only", default="all",
                       allowed=("owner", "all", "none", "top"), refuse=("unknown_visibility", "visible_hint")),
        "layout": Key("str", "how the screen lays the cards out", default=ByKey("per", {"seat": "hand"}, "pile"),
                      default_doc="hand for a per-seat zone, else pile", allowed=("hand", "pile", "spread", "by_suit"),
                      refuse=("unknown_layout", "layout_hint")),
        "title": Key(TEXT, "the zone's name on screen", default_doc="the zone's name"),
        "yours": Key(TEXT, "its name on screen when it is the player's own, possessive and all (tr: elin)",
                     default_doc="your + its title")}), "", node="zone"), "a zone"),
        "the places cards can be", kind="zone", split=True, most=100, too_many=SECTION_TOO_MANY, node="zones",
        declares="zone"),
    "vars": Key(Named(Key(Fields({
        "per": Key("str", "one value per seat, per team, per group, or one", default="none",
                   allowed=("seat", "team", "group", "none"), refuse=VAR_REFUSE),
        "start": Key("expr", "the value at the start (`seat`, `team` or `group` is a name here)", default=0),
        "keys": Key(ListOf("any"), "one value for each of these keys, read and set by key: played[contract] "
                    "(numbers or texts, as a choice's options are written); the var alone is the list of them"),
        "type": Key("str", "what it holds: a number, a card, a suit, a seat, or one of the options of the choice of that "
                    "name (how the table and the rules say its value: ♥8, hearts, Can, or the option's words)", default="num"),
        "scope": Key("str", "set to its start once a game, or every round", default="game", allowed=("game", "round"),
                     refuse=VAR_REFUSE),
        "rule": Key("str", "the rule number the var keeps", cites=True),
        "title": Key(TEXT, "its name on screen and in the rules (a var without one is not shown)"),
        "shown": Key("bool", "the screen shows it (false: only the rules name it, by its title)", default=True),
        "shown_as": Key(Named(TEXT, "a value"), "words for its values on screen, keyed by value"),
        "says": Key(Named(Fields({
            "en": Key("str", "the sentence in English; {0} is the var's owner (a player, a partnership, a group)"),
            "tr": Key("str", "the sentence in Turkish"),
            "you": Key(TEXT, "the sentence when the owner is the player spoken to (Turkish marks the person on the "
                       "verb: açtın)")}), "a value or a comparison"),
            "what the rules say when the var has a value (\"1\") or passes a comparison (\">= 0\"): "
            "{0} has opened")}), "", node="var"), "a var"),
        "numbers the game keeps", kind="var", split=True, most=200, too_many=SECTION_TOO_MANY, node="vars",
        declares="var"),
    "define": Key(Named(Key(Either(DEFINE, "expr", "value"), "", node="define"), "a name"),
                  "named expressions: name: <expression>, or {value: ..., title: ..., shown: ...}",
                  kind="define", split=True, node="defines", declares="define"),
    "text": Key(Named(TEXT, "a rule number"), "the rules' words, by rule number ({param} shows its value)",
                kind="text", split=True, cites=True, node="texts"),
    "book": Key(ListOf(Key(Fields({
        "title": Key(TEXT, "the section's heading, in the game's own words", required=True),
        "rules": Key(ListOf(Key("str", "", cites=True)), "the rule numbers it holds, in the order a player "
                     "reads them (each has its words in `text:`)", required=True)}), "", node="book_section")),
        "the sections of the rules a player is handed (`kural rules`), in order; a rule left out of every "
        "section comes last", kind="book", split=True, most=40, too_many=SECTION_TOO_MANY, node="book"),
    "examples": Key(ListOf(Key(Fields({
        "rule": Key("str", "the rule it shows", required=True, cites=True),
        "needs": Key(ListOf(Key("str", "", cites=True)), "other rules it holds by, as written: where a variant restates "
                     "one, the example is not that variant's", default_doc="none"),
        "meld": Key("str", "cards by their codes, in the order laid (\"4S 5S 6S XJ 8S\"); several melds with + between "
                    "them (\"4S 5S 6S + 8H 8D 8C\")", default_doc="a position"),
        "points": Key("num", "what they score as a meld (several: together)", default_doc="they are no meld"),
        "zones": Key(Named(Key("str", ""), "a zone"), "a position: each zone's cards by their codes (a zone of the "
                     "seats: the first seat's); every card not named is in the deck's zone", default_doc="none"),
        "hand": Key("str", "a position: the cards in the hand of the seat to move (the first seat)", default_doc="none"),
        "plays": Key("str", "a position: the cards of that hand its moves may play now (the others none)",
                     default_doc="none"),
        "moves": Key(ListOf(Key("str", "")), "a position: every legal move there, as the table lists it (\"3S → 8H\": "
                     "the card played, then the cards it takes)", default_doc="none")}), "", node="example")),
        "examples beside the rules: cards and what they score as a meld, or that they are none; or a position and "
        "the cards of the hand that may be played; `kural rules` prints one only where the engine agrees, "
        "`kural validate` checks each", kind="examples", split=True,
        most=200, too_many=SECTION_TOO_MANY, node="examples"),
    "moves": Key(Named(Key(Fields({
        "title": Key(TEXT, "the move's name", default_doc="the move's name"),
        "rules": Key(ListOf(Key("str", "", cites=True)), "the rule numbers the move plays"),
        "choose": Key(Named(Key(Either(Fields({
            "from": Key("domain", "the options: an expression, or a YAML list of numbers, texts or cards",
                        default_doc="required"),
            "shown_as": Key(Named(TEXT, "an option"), "the options' names at the table, keyed by option; a name is "
                            "typed as the option too"),
            "title": Key(TEXT, "what is chosen, in the help and the rules (a bid, a suit)",
                         default_doc="the choice's name")}), "domain", "from"), "", node="choice"), "a choice"),
                      "what the player chooses: name: <zone or list> (an expression, or a YAML list of numbers, texts "
                      "or cards; earlier choices are names), or {from: <the options>, shown_as: {option: {en, tr}}, "
                      "title: {en, tr}}",
                      most=8,
                      too_many=TooMany("move_has_choices_move", "split_move_into_steps", "n_choose", "MAX_CHOICES",
                                       owner="mname")),
        "when": Key(Either(ListOf(Key(CHECK, "", node="check")), "expr", "check"),
                    "the checks the move needs: a condition, or a list of checks", kind="check", split=True,
                    node="checks"),
        "do": Key(EFFECTS, "what the move does", kind="effects"),
        "visible": Key("str", "who sees what the move chose: all, or only its player (owner: the others see the "
                       "move and how many cards, as a card laid face down)", default="all", allowed=("all", "owner")),
        "next": Key("str", "the step the turn goes on to: end, again, or a step's name", default="end")}),
        "", whole=True, split=True, node="move"), "a move"), "what a player may do", kind="move", split=True,
        most=100, too_many=SECTION_TOO_MANY, node="moves", declares="move"),
    "flow": Key(Fields({
        "round": Key(Fields({
            "setup": Key(EFFECTS, "what starts a round (the zones are empty, the deck in deck.starts_in)"),
            "first": Key("expr", "the seat that moves first", default=0),
            "turn": Key(ListOf(Key(Fields({"step": Key("str", "the step's name", default_doc="step1, step2 ..."),
                                           "title": Key(TEXT, "the step's name in the rules and on screen",
                                                        default_doc="its name"),
                                           "moves": Key(ListOf("str"), "the moves the step offers"),
                                           "window": Key(Fields({
                                               "seats": Key("expr", "the seats asked, in the order asked (a list "
                                                            "of seats, worked out as the window opens)",
                                                            default_doc="required"),
                                               "until": Key("expr", "a condition that closes the window at once "
                                                            "(checked as it opens and after every move in it)",
                                                            default_doc="never"),
                                               "pass": Key("str", "the step's move that passes: the window closes "
                                                           "when every seat asked has passed since the last "
                                                           "other move", default_doc="required"),
                                               "after": Key(EFFECTS, "what happens as the window closes (`me` is "
                                                            "again the seat whose move opened it); flow.round.end "
                                                            "is checked after it")}),
                                               "several seats act here, each asked in turn from a list, until all "
                                               "pass: a step no turn begins with, its moves' `next:` left out"),
                                           "next": Key("str", "a window's: where the turn goes when it closes: "
                                                       "end, or a step's name", default="end")}), "",
                                   node="step")),
                        "the steps of a turn, first one first", required=True, most=50,
                        missing=("flow_round_turn_missing", "turn_example"),
                        too_many=TooMany("turn_has_steps_may", "turn_needs_few_steps", "n_turn", "MAX_STEPS")),
            "next": Key("expr", "the seat that moves next", default="next(me)"),
            "after_move": Key(EFFECTS, "what follows every move"),
            "end": Key("expr", "when the round ends", required=True),
            "end_reasons": Key(Named(Key(END_REASON, "", node="end_reason"), "a reason"),
                               "why a round ended, said on its sheet: the first reason whose `when` holds as it ends",
                               split=True, most=20, node="end_reasons",
                               too_many=TooMany("end_reasons_more_than", "name_fewer_ways_round", "n_reasons",
                                                "most", at_key=True)),
            "score": Key(EFFECTS, "what is scored when a round ends")}), "a round", split=True),
        "end": Key("expr", "when the game ends (checked after every round)", default="true")}),
        "the order of play", kind="flow", split=True, node="flow"),
    "result": Key(Fields(_result_keys("score", "each seat's (or team's) score", "score", {
        "winner": Key("expr", "who wins: a condition of `seat` (or `team`)", required=True)})),
        "who wins and the sheet of the game", kind="result", split=True, node="result"),
    "round_result": Key(Fields(_result_keys("points", "what each seat (or team) scores in a round, added to its "
                                            "total", "points")),
                        "what each seat scores when a round ends", kind="result", split=True, node="round_result"),
    "glossary": Key(Named(Key(Fields({
        "term": Key(TEXT, "the term as each language writes it", default_doc="its name"),
        "means": Key(TEXT, "what it means, said once where the rules first use it"),
        "apostrophe": Key("bool", "Turkish writes its endings after an apostrophe, as a name's",
                          default=False)}), "", node="term"), "a term"),
        "the game's own terms, explained where `kural rules` first uses them",
        kind="glossary", split=True, node="glossary"),
    "bot": Key(ListOf(Key(Fields({
        "move": Key("str", "the move the tactic is for", default_doc="every move"),
        "prefer": Key("expr", "a condition (true counts 1) or a number: higher is better", required=True),
        "tip": Key(TEXT, "the tactic in words")}), "", node="tactic")), "the heuristic bot's tactics, best first",
        kind="bot", split=True, most=100, too_many=SECTION_TOO_MANY, node="bot"),
})


# --------------------------------------------------------------- reading the table
def key_at(path: str) -> Key:
    """The Key at a dotted path, `*` (or any name) for a name the file chooses and for a list's
    item: key_at("zones.*.per"), key_at("result.fields"); KeyError for a path the table has not."""
    shape, key = TABLE, None
    for step in path.split("."):
        shape = _full(shape)
        if isinstance(shape, Fields):
            key = shape.keys[step]
        elif isinstance(shape, (Named, ListOf)):
            key = _key(shape.value if isinstance(shape, Named) else shape.item)
        else:
            raise KeyError(path)
        shape = key.shape
    return key


def default(path: str, mapping=None) -> Any:
    """A key's default (a ByKey default read from `mapping`, the mapping the key is missing from)."""
    value = key_at(path).default
    if isinstance(value, ByKey):
        return value.of(mapping)
    return None if value is MISSING else value


def value(mapping, path: str) -> Any:
    """The value of the last key of `path` in `mapping`, or its default."""
    name = path.rsplit(".", 1)[-1]
    if isinstance(mapping, dict) and name in mapping:
        return mapping[name]
    return default(path, mapping)


def allowed(path: str) -> tuple:
    return key_at(path).allowed


def _full(shape):
    return shape.full if isinstance(shape, Either) else shape


def normal(shape, item):
    """A value as the full form of its shape: the short form of an Either stands for its short_key."""
    if isinstance(shape, Either) and not isinstance(item, (dict, list)):
        one = LDict({shape.short_key: item})
        loc = getattr(item, "loc", None)
        if loc is not None:
            one.loc = loc
            one.key_locs[shape.short_key] = one.val_locs[shape.short_key] = loc
        if isinstance(shape.full, ListOf):
            out = LList([one])
            out.locs = [loc] if loc is not None else []
            return out
        return one
    return item


def define_parts(spec) -> tuple:
    """A define's expression and its title ({en, tr}; None when it has none): `name: expr`, or
    `name: {value: expr, title: {en: ..., tr: ...}}`, which the rules printer names instead of spelling out."""
    if isinstance(spec, dict):
        return spec.get("value"), spec.get("title")
    return spec, None


@dataclass
class Place:
    """One value of a rule file where the table has a leaf: its path, its value and its Key."""
    path: tuple
    value: Any
    key: Key
    kind: str = ""  # the diff kind it inherits


def places(data, shape=TABLE, path: tuple = (), kind: str = "") -> Iterator[Place]:
    """Every leaf value of the rule data (keys in the table's order, names in the file's), with the
    Key the table gives it; the short form of an Either is walked as its full form (`when: c` as
    `when: [{check: c}]`)."""
    shape = _full(shape)
    if isinstance(shape, Fields) and isinstance(data, dict):  # in the table's order
        for name, key in shape.keys.items():
            if name in data:
                yield from _places_of(key, data[name], path + (name,), kind)
    elif isinstance(shape, Named) and isinstance(data, dict):
        for name, item in data.items():
            yield from _places_of(_key(shape.value), item, path + (name,), kind)
    elif isinstance(shape, ListOf) and isinstance(data, list):
        for i, item in enumerate(data):
            yield from _places_of(_key(shape.item), item, path + (i,), kind)


def _places_of(key: Key, item, path: tuple, kind: str) -> Iterator[Place]:
    kind = key.kind or kind
    if isinstance(key.shape, str):
        yield Place(path, item, key, kind)
        return
    yield from places(normal(key.shape, item), key.shape, path, kind)


def cited(data) -> list[str]:
    """Every rule number the rule data cites, once each: the values of the keys the table marks
    `cites`, and the names of a section of them (`text:`)."""
    found = [str(p.value) for p in places(data) if p.key.cites and p.value is not None]
    for name, key in TABLE.keys.items():
        if key.cites and isinstance(data.get(name), dict):
            found += [str(k) for k in data[name]]
    return list(dict.fromkeys(found))


def expressions(data) -> Iterator[Place]:
    """Every place that holds the rules language (expressions, effects) or may name a param."""
    for place in places(data):
        if place.key.shape in EXPRESSIONS + PARAM_NAMES and place.value is not None:
            yield place


@dataclass
class Unit:
    """A part of a rule file that `kural diff` compares as one."""
    path: tuple
    kind: str
    value: Any
    shape: Any = None  # the table's shape of `value` (an entry compared with its title: the entry's shape)


def units(data, shape=TABLE, path: tuple = (), kind: str = "") -> Iterator[Unit]:
    """The parts of the rule data that `kural diff` compares: a key the table marks `split` is
    compared part by part (each key, each named entry, each list item), any other as a whole; the
    entries of a key with `titles` are compared with their titles."""
    shape = _full(shape)
    if isinstance(shape, Fields):
        items = [(name, key, data[name]) for name, key in shape.keys.items() if name in data]  # the table's order
    elif isinstance(shape, Named):
        items = [(name, _key(shape.value), item) for name, item in data.items()]
    else:
        items = [(i, _key(shape.item), item) for i, item in enumerate(data)]
    titled = {shape.keys[k].titles: k for k in shape.keys if shape.keys[k].titles} if isinstance(shape, Fields) else {}
    for name, key, item in items:
        sub, here = key.kind or kind, path + (name,)
        if not sub or (key.split and item is None):  # not a part of the game (extends, variant), or empty
            continue
        if name in titled:  # the titles of entries compared with them; only a title with no entry alone
            item = {k: v for k, v in item.items() if k not in (data.get(titled[name]) or {})}
        if key.split and isinstance(normal(key.shape, item), (dict, list)) and not isinstance(key.shape, str):
            if key.whole:
                yield Unit(here, sub, None)
            if key.titles:
                titles = data.get(key.titles) or {}
                for entry, written in item.items():
                    yield Unit(here + (entry,), sub, [written, titles.get(entry)], _key(_full(key.shape).value).shape)
                continue
            yield from units(normal(key.shape, item), key.shape, here, sub)
        else:
            yield Unit(here, sub, item, key.shape)


# ------------------------------------------------------------------- the checker
def check(data: LDict) -> None:
    """Refuses a merged rule file (a variant over its base) that breaks the table: a key or value the
    table has not, a value of the wrong shape, a required key missing from a mapping the file has."""
    problems: list[Problem] = []
    _walk(data, TABLE, data.loc, "", "", problems)
    if problems:
        raise RuleError(problems)


def _walk(value, shape, loc: Loc, path: str, name: str, problems: list[Problem], at: Loc | None = None) -> None:
    """`name`: the nearest name the file chose above (a zone's, a var's), for messages; `at`: where a
    required key missing from this mapping is reported (the key that holds it, or the list's item)."""
    if isinstance(shape, Either):
        full = isinstance(value, list) if isinstance(shape.full, ListOf) else isinstance(value, dict)
        if full:
            _walk(value, shape.full, loc, path, name, problems, at)
        else:
            _leaf(value, shape.short, loc, path, problems)
        return
    if isinstance(shape, (Fields, Named)):
        if not isinstance(value, dict):
            problems.append(Problem(loc, Msg("must_mapping_key_value", path_or_the_file=path or 'the file'),
                                    Msg("found_kind", kind_value=_kind(value))))
            return
        fields = isinstance(shape, Fields)
        for key, item in value.items():
            sub = shape.keys.get(key) if fields else _key(shape.value)
            if sub is None:
                key_loc = value.key_loc(key) if isinstance(value, LDict) else loc
                close = close_match(key, list(shape.keys))
                hint = (Msg("did_you_mean", close_0=close[0]) if close else
                        Msg("known_keys", keys=", ".join(shape.keys)))
                where = Msg("in_path", path=path) if path else Msg("at_top_of_file")
                problems.append(Problem(key_loc, Msg("unknown_key", key=key, where=where), hint))
                continue
            item_loc = value.val_loc(key) if isinstance(value, LDict) else loc
            _key_value(item, sub, item_loc, f"{path}.{key}" if path else key, str(key),
                       str(key) if isinstance(shape, Named) else name, problems,
                       value.key_loc(key) if isinstance(value, LDict) else loc)
        if fields:
            _missing(value, shape, loc, at, path, problems)
        return
    if isinstance(shape, ListOf):
        if not isinstance(value, list):
            problems.append(Problem(loc, Msg("must_list", path=path),
                                    Msg("found_write_b_lines", kind_value=_kind(value))))
            return
        for i, item in enumerate(value):
            item_loc = value.locs[i] if isinstance(value, LList) else loc
            _key_value(item, _key(shape.item), item_loc, f"{path}[{i}]", "", name, problems)
        return
    _leaf(value, shape, loc, path, problems)


def _missing(value: dict, shape: Fields, loc: Loc, at: Loc | None, path: str, problems: list[Problem]) -> None:
    """The keys this mapping lacks that the table needs: a key's own `missing` words, else `required`
    (named by its path, a list's items alike: bot[].prefer). Only mappings the file has are checked,
    so a key required inside a section (result.winner) is not asked of a file without the section
    (`require` refuses a file without a section it cannot do without)."""
    for key, sub in shape.keys.items():
        if key in value or (sub.or_else and sub.or_else in value):
            continue
        if sub.missing:
            message, hint = sub.missing
            problems.append(Problem(loc_of(value, loc), Msg(message, path=path), Msg(hint)))
        elif sub.required:
            what = _LIST_ITEM.sub("[]", f"{path}.{key}" if path else key)
            problems.append(Problem(at or loc_of(value, loc), Msg("key_missing", what=what), Msg("add_key", key=key)))


def require(section: str, data: LDict) -> None:
    """Refuses a file without a section the game cannot do without (`result`), as the checker refuses
    the section without its required keys: the first one named, at the top of the file."""
    problems: list[Problem] = []
    if section not in data:
        _missing({}, _full(TABLE.keys[section].shape), data.loc, data.loc, section, problems)
    if problems:
        raise RuleError(problems[:1])


_LIST_ITEM = re.compile(r"\[\d+\]")


def _key_value(item, key: Key, loc: Loc, path: str, last: str, name: str, problems: list[Problem],
               at: Loc | None = None) -> None:
    before = len(problems)
    if item is None and key.takes_away:  # (the entry is taken away: nothing to check)
        return
    _walk(item, key.shape, loc, path, name, problems, at)
    if key.allowed and len(problems) == before and item not in key.allowed:
        message, hint = key.refuse or ("value_not_known", "key_allowed")
        words = dict(value=item, key=last, name=name, path=path, allowed=", ".join(key.allowed))
        problems.append(Problem(loc_of(item, loc), Msg(message, **words), Msg(hint, **words)))


def _leaf(value, shape: str, loc: Loc, path: str, problems: list[Problem]) -> None:
    loc = loc_of(value, loc)
    if shape in ("any", "count", "flag"):  # a count or a flag is checked by the loader, once params are known
        return
    if shape == EFFECTS:
        if isinstance(value, list):
            for i, item in enumerate(value):
                _leaf(item, "expr", value.locs[i] if isinstance(value, LList) else loc, f"{path}[{i}]", problems)
        else:
            _leaf(value, "expr", loc, path, problems)
        return
    if shape == "domain" and isinstance(value, list):  # a YAML list of plain values: the options as written
        for i, item in enumerate(value):
            if isinstance(item, (dict, list)) or item is None:
                problems.append(Problem(value.locs[i] if isinstance(value, LList) else loc,
                                        Msg("must_be_leaf", path=f"{path}[{i}]", LEAVES_shape=Msg("leaf_option")),
                                        Msg("found_kind", kind_value=_kind(item))))
        return
    if shape in ("expr", "domain"):
        if isinstance(value, (dict, list)) or value is None:
            problems.append(Problem(loc, Msg("must_expression_rules_language", path=path),
                                    Msg("found_kind", kind_value=_kind(value))))
        return
    if not _LEAF_TESTS[shape](value):
        problems.append(Problem(loc, Msg("must_be_leaf", path=path, LEAVES_shape=LEAVES[shape]),
                                Msg("found_kind", kind_value=_kind(value))))


_LEAF_TESTS = {  # what a leaf of each plain shape must hold (a bool is no number)
    "str": lambda value: isinstance(value, str),
    "int": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "num": lambda value: isinstance(value, (int, float)) and not isinstance(value, bool),
    "bool": lambda value: isinstance(value, bool),
}


def _kind(value) -> Msg:
    if value is None:
        return Msg("found_nothing")
    if isinstance(value, bool):
        return Msg("found_boolean", value=str(value).lower())
    if isinstance(value, dict):
        return Msg("found_mapping")
    if isinstance(value, list):
        return Msg("found_list")
    if isinstance(value, (int, float)):
        return Msg("found_number", value=value)
    return Msg("found_text", value=repr(value))


# ------------------------------------------------------------ the JSON Schema
JSON_LEAVES = {
    "str": {"type": "string"}, "int": {"type": "integer"}, "num": {"type": "number"}, "bool": {"type": "boolean"},
    "any": {}, "expr": {"type": ["string", "number", "boolean"]},
    "domain": {"anyOf": [{"type": ["string", "number", "boolean"]},
                         {"type": "array", "items": {"type": ["string", "number", "boolean"]}}]},
    "effects": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    "count": {"type": ["integer", "string", "null"]}, "flag": {"type": ["boolean", "string"]}}


SHARED = {"text": TEXT, "why": WHY, "check": CHECK, "param": PARAM, "define": DEFINE}  # $defs of the JSON Schema


def json_schema() -> dict:
    """The table as a JSON Schema (draft 2020-12) for editors. No key is required there: a variant
    file leaves every required key to the game it extends."""
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "kural rule file",
           "description": "A game or a variant file of the kural rules language (docs/language.md), generated "
                          "from the table of dsl/schema.py by `kural schema`. It checks the shape of a file; "
                          "`kural validate` checks its rules."}
    out.update(_json_shape(TABLE, shared=False))
    out["$defs"] = {name: _json_shape(shape, shared=False) for name, shape in SHARED.items()}
    return out


def _json_shape(shape, shared: bool = True) -> dict:
    if shared:
        for name, known in SHARED.items():
            if shape is known:
                return {"$ref": f"#/$defs/{name}"}
    if isinstance(shape, str):
        return dict(JSON_LEAVES[shape])
    if isinstance(shape, Fields):
        return {"type": "object", "properties": {k: _json_key(v) for k, v in shape.keys.items()},
                "additionalProperties": False}
    if isinstance(shape, Named):
        return {"type": "object", "additionalProperties": _json_key(_key(shape.value))}
    if isinstance(shape, ListOf):
        return {"type": "array", "items": _json_key(_key(shape.item))}
    return {"anyOf": [_json_shape(shape.full), _json_shape(shape.short)]}


def _json_key(key: Key) -> dict:
    words = key.doc + (" (required in a game that extends none)" if key.required else "") + \
        (f"; default: {key.default_doc}" if key.default_doc else "")
    out = {"description": words} if words else {}
    out.update(_json_shape(key.shape))
    if key.takes_away:
        out = {"description": out.pop("description", ""), "anyOf": [out, {"type": "null"}]}
    if key.allowed:
        out["enum"] = list(key.allowed)
    if key.default is not MISSING and not isinstance(key.default, ByKey):
        out["default"] = key.default
    if key.most:
        out["maxItems" if isinstance(key.shape, ListOf) else "maxProperties"] = key.most
    return out


__all__ = ["TABLE", "Key", "TooMany", "Fields", "Named", "ListOf", "Either", "ByKey", "MISSING", "check", "key_at",
           "default", "value", "allowed", "places", "expressions", "units", "define_parts", "json_schema", "normal"]
