"""The sections and keys a rule file may have, and what kind of value each takes.

A key not listed here is refused with a "did you mean"; a value of the wrong
kind is refused with its place. `*` stands for a name the file chooses (a
zone, a move, a param ...), whose value has the shape given.
"""
from __future__ import annotations

import difflib

from .errors import Loc, Problem, RuleError
from .yamlload import LDict, LList, loc_of

TEXT = {"en": "str", "tr": "str"}  # a sentence in both languages
EXPR = "expr"  # a string (or number/bool) in the rules language
EFFECTS = "effects"  # a string of effects separated by ; or a list of them

CHECK = {"check": EXPR, "rule": "str", "why": TEXT}
WHY = {"rule": "str", "en": "str", "tr": "str"}  # a refusal: the rule it applies and its words

SCHEMA = {
    "extends": "str",
    "variant": {"id": "str", "title": TEXT, "about": TEXT, "rule": "str"},
    "game": {"id": "str", "title": TEXT, "about": TEXT, "lang": "str", "players": "int",
             "allowed_players": ["int"], "seats": {"en": ["str"], "tr": ["str"]}, "hand_zone": "str",
             "max_moves": "int", "teams": {"*": [["int"]]}},
    "deck": {"copies": "int", "jokers": "int", "starts_in": "str", "symbols": ["str"], "labels": ["any"],
             "names": {"*": {"suits": ["str"], "ranks": ["str"], "joker": "str"}},
             "values": {"*": {"*": "num"}}},
    "params": {"*": "param"},
    "zones": {"*": {"per": "str", "kind": "str", "max_groups": "int", "visible": "str", "layout": "str",
                    "title": TEXT}},
    "vars": {"*": {"per": "str", "start": EXPR, "scope": "str", "rule": "str", "title": TEXT,
                   "shown_as": {"*": TEXT}}},
    "define": {"*": "define"},
    "moves": {"*": {"title": TEXT, "rules": ["str"], "choose": {"*": EXPR}, "when": "checks",
                    "do": EFFECTS, "next": "str"}},
    "flow": {"round": {"setup": EFFECTS, "first": EXPR, "turn": [{"step": "str", "moves": ["str"]}],
                       "next": EXPR, "after_move": EFFECTS, "end": EXPR, "score": EFFECTS},
             "end": EXPR},
    "result": {"per": "str", "winner": EXPR, "score": EXPR, "score_title": TEXT, "fields": {"*": EXPR},
               "field_titles": {"*": TEXT}},
    "round_result": {"per": "str", "points": EXPR, "points_title": TEXT, "fields": {"*": EXPR}, "field_titles": {"*": TEXT}},
    "bot": [{"move": "str", "prefer": EXPR, "tip": TEXT}],
    "melds": {"min_size": "any", "sets": "any", "runs": "any", "ace": "str", "wild": EXPR, "max_wilds": "any",
              "natural_in_place": "any", "run_natural_core": "any", "points": "str", "wild_points": "str",
              "why": {"size": WHY, "shape": WHY, "wilds": WHY, "core": WHY}},  # see docs/language.md §2.4
    "text": {"*": TEXT},
}

PARAM = {"value": "any", "type": "str", "rule": "str", "text": TEXT, "min": "num", "max": "num", "one_of": ["any"]}


DEFINE = {"value": EXPR, "title": TEXT, "shown": "bool"}  # a named expression, with the words that name it in the rules


def define_parts(spec) -> tuple:
    """A define's expression and its title ({en, tr}; None when it has none): `name: expr`, or
    `name: {value: expr, title: {en: ..., tr: ...}}`, which the rules printer names instead of spelling out."""
    if isinstance(spec, dict):
        return spec.get("value"), spec.get("title")
    return spec, None


def check(data: LDict) -> None:
    problems: list[Problem] = []
    _walk(data, SCHEMA, data.loc, "", problems)
    if problems:
        raise RuleError(problems)


def _walk(value, shape, loc: Loc, path: str, problems: list[Problem]) -> None:
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            problems.append(Problem(loc, f"`{path or 'the file'}` must be a mapping (key: value lines)",
                                    f"found {_kind(value)}"))
            return
        for key, item in value.items():
            sub = shape.get(key, shape.get("*"))
            key_loc = value.key_loc(key) if isinstance(value, LDict) else loc
            if sub is None:
                close = difflib.get_close_matches(key, [k for k in shape if k != "*"], n=1)
                hint = f"did you mean `{close[0]}`?" if close else "known keys: " + ", ".join(k for k in shape)
                where = f"in `{path}`" if path else "at the top of the file"
                problems.append(Problem(key_loc, f"unknown key `{key}` {where}", hint))
                continue
            item_loc = value.val_loc(key) if isinstance(value, LDict) else loc
            _walk(item, sub, item_loc, f"{path}.{key}" if path else key, problems)
        return
    if isinstance(shape, list):
        if not isinstance(value, list):
            problems.append(Problem(loc, f"`{path}` must be a list", f"found {_kind(value)}; write [a, b] or - lines"))
            return
        for i, item in enumerate(value):
            item_loc = value.locs[i] if isinstance(value, LList) else loc
            _walk(item, shape[0], item_loc, f"{path}[{i}]", problems)
        return
    _leaf(value, shape, loc, path, problems)


def _leaf(value, shape: str, loc: Loc, path: str, problems: list[Problem]) -> None:
    loc = loc_of(value, loc)
    if shape == "any":
        return
    if shape == "param":
        if isinstance(value, dict):
            _walk(value, PARAM, loc, path, problems)
        return
    if shape == "define":
        if isinstance(value, dict):
            _walk(value, DEFINE, loc, path, problems)
            if "value" not in value:
                problems.append(Problem(loc, f"`{path}` has no `value:`", "name: {value: <expression>, title: {en: ..., tr: ...}}"))
        else:
            _leaf(value, EXPR, loc, path, problems)
        return
    if shape == "checks":
        if isinstance(value, list):
            _walk(value, [CHECK], loc, path, problems)
        else:
            _leaf(value, EXPR, loc, path, problems)
        return
    if shape == EFFECTS:
        if isinstance(value, list):
            for i, item in enumerate(value):
                _leaf(item, EXPR, value.locs[i] if isinstance(value, LList) else loc, f"{path}[{i}]", problems)
        else:
            _leaf(value, EXPR, loc, path, problems)
        return
    if shape == EXPR:
        if isinstance(value, (dict, list)) or value is None:
            problems.append(Problem(loc, f"`{path}` must be an expression of the rules language", f"found {_kind(value)}"))
        return
    ok = {"str": isinstance(value, str), "int": isinstance(value, int) and not isinstance(value, bool),
          "num": isinstance(value, (int, float)) and not isinstance(value, bool), "bool": isinstance(value, bool)}[shape]
    if not ok:
        want = {"str": "a text", "int": "a whole number", "num": "a number", "bool": "true or false"}[shape]
        problems.append(Problem(loc, f"`{path}` must be {want}", f"found {_kind(value)}"))


def _kind(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    return f"the text {value!r}"
