"""Values as a person says them: a card by its name, yes or no, a number as the language writes it,
a list as a list is said, a text param by the words the rule file gives its values, steps as steps.

Read wherever a value reaches a sentence: a `{param}` in a rule file's `text:` or `why:`, a param's
line in `kural rules`, a constant in the words of an expression (dsl/teach/words.py).
"""
from __future__ import annotations

import re

from kural.interpreter.numbers import value_key

from .wording import Phrase, fill, joined, number

PARAM_REF = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::([a-z0-9.]+))?\}")  # {name}, {name:acc} (Turkish endings)

WORDS = {  # the values' own words
    "yes": {"en": "yes", "tr": "evet"},
    "no": {"en": "no", "tr": "hayır"},
    "no_card": {"en": "no card", "tr": "hiçbir kart"},
    "of_suit": {"en": "the {rank} of {suit}", "tr": "{suit} {rank}"},
    "step_first": {"en": "{value} until {until}", "tr": "{until:dat} kadar {value}"},
    "step_then": {"en": "then {value} until {until}", "tr": "sonra {until:dat} kadar {value}"},
    "step_first_clause": {"en": "{value} until {until}", "tr": "{until} kadar {value}"},  # until: a clause
    "step_then_clause": {"en": "then {value} until {until}", "tr": "sonra {until} kadar {value}"},
    "step_last": {"en": "then {value}", "tr": "sonra {value}"},
    "step_only": {"en": "{value}", "tr": "{value}"},
    "you": {"en": "you", "tr": "sen"},
    "sides_two": {"en": "{a} against {b}", "tr": "{a} bir tarafta, {b} karşı tarafta"},
    "sides_many": {"en": "in partnerships: {teams}", "tr": "takımlar halinde: {teams}"},
    "sides_alone": {"en": "each for themselves", "tr": "herkes kendi adına oynar"},
    "with_count": {"en": "with {n} players, {sides}", "tr": "{n} oyuncuyla, {sides}"},
    "as_many": {"en": "{seats}, as many as play", "tr": "{seats} (oyuncu sayısı kadar)"},
    "or": {"en": "or", "tr": "ya da"},
}

TABLE_VALUES = ("players", "seats", "sides")  # what a rule's words may name of the table besides the params


def word(key: str, lang: str, **values) -> Phrase:
    entry = WORDS[key]
    return fill(entry.get(lang) or entry["en"], (), **values)


def card_name(deck, card: int | None, lang: str) -> Phrase:
    """A card by its name in the deck's words: the 7 of diamonds (karo 7'li), the queen of spades (maça kızı),
    the joker; a themed deck's own names (deck.names), in each language its own."""
    if card is None:
        return word("no_card", lang)
    names = deck.names.get(lang) or deck.names["en"]
    if deck.rank[card] == 0:
        return Phrase(names["joker"])
    suit, rank = names["suits"][deck.suit[card]], names["ranks"][deck.rank[card] - 1]
    if lang != "tr":
        return fill(WORDS["of_suit"]["en"], rank=rank, suit=suit)
    if rank.isdigit():  # karo 7'li, sinek 10'lu
        return Phrase(f"{suit} {Phrase(rank).inflect('li')}")
    return Phrase(f"{suit} {Phrase(rank).inflect('poss3')}", p3=True)  # maça kızı, kupa ası


def rank_name(deck, rank: int, lang: str) -> str:
    names = deck.names.get(lang) or deck.names["en"]
    if rank == 0:
        return names["joker"]
    return names["ranks"][rank - 1] if 1 <= rank <= len(names["ranks"]) else number(rank, lang)


def suit_name(deck, suit: int, lang: str) -> str:
    names = deck.names.get(lang) or deck.names["en"]
    return names["suits"][suit] if 0 <= suit < len(names["suits"]) else number(suit, lang)


def numbers(items: list, lang: str) -> Phrase:
    """A list of numbers: 100, 200 and 300 (100, 200 ve 300)."""
    return joined([number(x, lang) for x in items], lang)


def steps(pairs: list, lang: str, until=None) -> Phrase:
    """A list of [from, value] steps as steps are said: 10 until 50, then 20 (50'ye kadar 10, sonra 20),
    as step_value reads them (interpreter/runtime.py: the last step reached counts, the first one below
    them all). `until` says a threshold as its sentence reaches it ("your partnership's total reaches
    50"): a function of the threshold's number, else the number alone."""
    pairs = [p for p in pairs if isinstance(p, list) and len(p) == 2]
    said = (lambda n: until(number(n, lang))) if until else (lambda n: Phrase(number(n, lang)))
    parts = []
    for i, (_, value) in enumerate(pairs):
        more = i + 1 < len(pairs)
        key = ("step_first" if more else "step_only") if i == 0 else ("step_then" if more else "step_last")
        key += "_clause" if until and more else ""
        parts.append(word(key, lang, value=number(value, lang), until=said(pairs[i + 1][0]) if more else ""))
    return Phrase(", ".join(parts))


def table_value(name: str, counts: list[int], seats: dict, teams_of, lang: str) -> Phrase:
    """A value of the table as a rule's words name it (`{players}`, `{seats}`, `{sides}`), true for every
    player count the game allows (`counts`; the book is one for all of them): the number of players ("2, 3
    or 4"); the seats in turn order, the person's own as "you"; who plays with whom (two partnerships, one
    against the other; each for themselves; or each count's). `teams_of(n)`: the teams of n players."""
    if name == "players":
        return joined([number(n, lang) for n in counts], lang, str(word("or", lang)))
    names = [str(n) for n in (seats.get(lang) or seats.get("en") or [])]
    you = str(word("you", lang))
    names = [you if i == 0 and n.casefold() == you else n for i, n in enumerate(names)]  # mid-sentence: "you"
    if name == "seats":
        said = joined(names[:max(counts)], lang)
        return said if len(counts) == 1 else word("as_many", lang, seats=said)
    by_said: dict[str, list[str]] = {}  # the counts that play alike, said once
    for n in counts:
        by_said.setdefault(str(_sides(names, teams_of(n), lang)), []).append(number(n, lang))
    if len(by_said) == 1:
        return Phrase(next(iter(by_said)))
    return Phrase("; ".join(str(word("with_count", lang, n=joined(ns, lang, str(word("or", lang))), sides=said))
                            for said, ns in by_said.items()))


def _sides(names: list[str], teams: list, lang: str) -> Phrase:
    if all(len(team) == 1 for team in teams) and len(teams) != 2:  # (two alone: "you against Can")
        return word("sides_alone", lang)
    sides = [joined([names[s] for s in team], lang) for team in teams]
    if len(sides) == 2:
        return word("sides_two", lang, a=sides[0], b=sides[1])
    return word("sides_many", lang, teams=Phrase("; ".join(sides)))


def said(value, info: dict, deck, lang: str) -> str:
    """A param's value as a person says it: `info` is the param's (its type, and `shown_as`, the rule
    file's words for some of its values)."""
    shown = (info.get("shown_as") or {}).get(value_key(value))
    if shown:
        return shown.get(lang) or shown.get("en") or str(value)
    kind = info.get("type")
    if kind == "card":
        return card_name(deck, value, lang)  # a Phrase: knows it ends in a possessive (maça kızı)
    if kind == "bool" or isinstance(value, bool):
        return str(word("yes" if value else "no", lang))
    if kind == "list" or isinstance(value, list):
        if value and all(isinstance(x, list) for x in value):
            return str(steps(value, lang))
        return str(numbers(value, lang))
    if isinstance(value, (int, float)):
        return number(value, lang)
    return str(value)


def ending(text: str, spec: str, lang: str) -> str:
    """`{name:acc}` in a sentence: the value with its Turkish endings (dsl/wording.py); in English, the value."""
    if lang != "tr":
        return text
    try:
        return str((text if isinstance(text, Phrase) else Phrase(text)).inflect(spec))
    except ValueError:  # an ending the language does not have: the value alone
        return text

