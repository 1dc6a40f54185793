"""A game's params and their values: each declared with its form, changed by a variant, by `--set` (or a
record's or a program's values, given as --set texts), and checked against the form where the value was
written. Also how a value is shown in a message and how a --set text is read."""
from __future__ import annotations

import re

from kural.interpreter.cards import Deck, parse_code
from kural.interpreter.messages import Msg
from kural.interpreter.numbers import RANGE_TEXT, describe, from_text, is_number, value_key
from ..errors import Loc, Problem, RuleError, close_match
from ..params import fits, kind_words, line as param_line, list_shape, set_form
from ..values import PARAM_REF, ending, said
from ..yamlload import MAX_DEPTH, load_value
from .transform import Part

MAX_LIST_ITEMS = 1_000  # numbers in one list param, those of its inner lists counted


class TextValue(str):
    """A `name=value` of --set whose value is a text given as one (a program's or a record's), not typed:
    its value is taken as the text it is, as a variant's YAML text is, never read again as a number,
    a bool or a list ("false" is not False)."""

    def __new__(cls, name, value: str):
        made = super().__new__(cls, f"{name}={value}")
        made.value = value
        return made


def param_sets(params) -> list[str]:
    """Param values (a record's, or a program's {name: value}) as the `name=value` texts of --set, which
    --set's reader then checks as it checks what a user types; a text value stays a text (TextValue)."""
    return [TextValue(k, v) if isinstance(v, str) else f"{k}={_set_text(v)}" for k, v in params.items()]


def _set_text(value, depth: int = 0) -> str:
    """A value as --set would be written; a list nested past a rule file's depth is written only that far
    (and one level more, which the reader refuses), so that no list, however deep, recurses here."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        if depth > MAX_DEPTH:
            return "[]"
        return "[" + ", ".join(repr(v) if isinstance(v, str) else _set_text(v, depth + 1) for v in value) + "]"
    return str(value)


class ParamsPart:
    """The builder's (dsl/building/game.py) `params:` section."""

    def param(self, spec: Part) -> dict:
        """A param of `params:` (`name: value`, or in full `name: {value: ..., type: ...}`): its form, its
        value as the files give it, and its words."""
        name = spec.name
        if "value" not in spec:  # a short form is read as {value: ...}: only a full form can lack it
            raise RuleError.at(spec.value_at, Msg("param_has_no_value", name=name),
                               Msg("param_full_example", name=name))
        raw, loc, declared = spec["value"], spec.val_loc("value"), spec.get("type")
        # the form is the declaration's: a variant, --set or the API changes the value, never its form
        first, first_loc = spec.below.get("value", (raw, loc))
        kind = str(declared) if declared else _infer_type(first)
        return {"type": kind, "raw": raw, "file_raw": raw, "loc": loc, "at": spec.at,
                "declared": first, "declared_loc": first_loc,
                "shape": list_shape(first) if kind == "list" and isinstance(first, list) else None,
                "rule": spec.get("rule"), "text": self.text(spec.get("text"), ""),
                "min": spec.get("min"), "max": spec.get("max"),
                "one_of": list(spec["one_of"]) if spec.get("one_of") else None,
                "shown_as": {self.words_key(kind, k): self.text(v, str(k)) for k, v in (spec.get("shown_as") or {}).items()}}

    def words_key(self, kind: str, key) -> str:
        """How a param's words for a value are keyed: as the value is (value_key); a card param's words are
        written by the card's code and keyed by the card that code gives."""
        card = self.deck.card_of_code(str(key)) if kind == "card" else None
        return value_key(card if card is not None else key)

    def params(self, section: Part) -> tuple[dict, dict]:
        """`params:`: each param's value once --set (self.sets) has changed it, checked against its form."""
        info: dict[str, dict] = dict(section.value)
        deck, sets = self.deck, self.sets
        for i, item in enumerate(sets):
            name, sep, raw = str(item).partition("=")
            name, raw = name.strip(), raw.strip()
            loc = Loc("--set", i + 1, 1)
            if not sep or not name:
                raise RuleError.at(loc, Msg("not_name_value", item=item), Msg("example_set_start_card"))
            if name not in info:
                close = close_match(name, list(info))
                hint = (Msg("did_you_mean", close_0=close[0]) if close else
                        Msg("params_list", names=", ".join(info)) if info else Msg("game_has_no_params"))
                raise RuleError.at(loc, Msg("game_has_no_param", name=name), hint, str(item))
            try:
                info[name]["raw"] = item.value if isinstance(item, TextValue) else read_set_value(raw)
            except RuleError as exc:  # one line that names the --set, whatever was wrong inside its value
                first = exc.problems[0]
                raise RuleError.at(loc, Msg("set_value_wrong", name=name, message=first.message),
                                   param_line(name, {**info[name], "raw": info[name]["file_raw"]}),
                                   str(item)) from None
            info[name]["loc"] = loc
        values = {}
        for name, p in info.items():
            try:
                values[name] = self.param_value(name, p, deck)
            except RuleError as exc:
                raise self.param_problem(exc.problems[0], name, p) from None
            p["value"] = values[name]
        self.param_info = info
        self.words_name_params(info)
        return values, info

    def words_name_params(self, info: dict) -> None:
        """A param's words for a value may name another param in braces (`{trick_points}`), said with that
        param's value in this game as a rule's words are; one level: the words of the param named are
        taken as written, so no cycle of params naming each other can go on."""
        written = {name: {k: dict(v) for k, v in p["shown_as"].items()} for name, p in info.items()}
        for name, p in info.items():
            for key, words in p["shown_as"].items():
                for lang, text in words.items():
                    if "{" not in text:
                        continue

                    def value(match, lang=lang, own=name):
                        other = info.get(match.group(1))
                        if other is None or match.group(1) == own:
                            return match.group(0)
                        spoken = said(other["value"], {**other, "shown_as": written[match.group(1)]}, self.deck,
                                      lang)
                        return ending(spoken, match.group(2), lang) if match.group(2) else str(spoken)
                    words[lang] = PARAM_REF.sub(value, text)

    def param_problem(self, problem: Problem, name: str, p: dict) -> RuleError:
        """A value that does not fit its param: a bad --set shows the param's line (its form and an
        example); a variant's value is blamed where the variant wrote it, with the base's declaration."""
        if problem.loc.file == "--set":
            shown = {**p, "raw": p["file_raw"]}  # the --set value did not fit: the files' value and its form
            return RuleError.at(problem.loc, problem.message, param_line(name, shown), problem.text)
        base = p["declared_loc"] if p["declared_loc"] != problem.loc else None
        return RuleError.at(problem.loc, problem.message, problem.hint, problem.text, base,
                            self.line_of(base) if base else "")

    def param_value(self, name: str, p: dict, deck: Deck):
        raw, kind, loc = p["raw"], p["type"], p["loc"]
        if kind == "card":
            if raw is None or (isinstance(raw, str) and raw.lower() == "none"):
                return None
            card = deck.card_of_code(str(raw)) if isinstance(raw, str) else None
            if card is None:
                raise RuleError.at(loc, Msg("param_needs_card_code", name=name, shown_raw=shown_value(raw)),
                                   Msg("ranks_t_j_q"))
            return card
        if kind == "bool":
            if not isinstance(raw, bool):
                raise RuleError.at(loc, Msg("param_true_false_not", name=name, shown_raw=shown_value(raw)),
                                   Msg("write_true_false"))
            return raw
        if kind == "num":
            if isinstance(raw, bool) or not isinstance(raw, (int, float)):
                raise RuleError.at(loc, Msg("param_number_not", name=name, shown_raw=shown_value(raw)),
                                   Msg("write_number_such"))
            if p["min"] is not None and raw < p["min"] or p["max"] is not None and raw > p["max"]:
                raise RuleError.at(loc,
                                   Msg("param_must_between_not", name=name, p_min=p['min'], p_max=p['max'],
                                       shown_raw=shown_value(raw)),
                                   Msg("bounds_are_param_s"))
            return raw
        if kind == "list":
            value = _number_list(name, raw, loc)
            if p["shape"] and not fits(p["shape"], value):
                raise RuleError.at(loc, Msg("param_list_form", name=name, kind=kind_words(p),
                                            shown_raw=shown_value(raw)),
                                   Msg("list_form_example", example=set_form(p["declared"])))
            return value
        if p.get("one_of") and str(raw) not in [str(x) for x in p["one_of"]]:
            raise RuleError.at(loc,
                               Msg("param_one_not", name=name, value=', '.join(map(str, p['one_of'])),
                                   shown_raw=shown_value(raw)),
                               Msg("choices_are_param_s"))
        return str(raw)


def _number_list(name: str, raw, loc: Loc) -> list:
    """A list param: numbers, or lists of numbers (pairs such as [[0, 10], [50, 20]])."""
    size = sum(len(x) if isinstance(x, list) else 1 for x in raw) if isinstance(raw, list) else 0
    if size > MAX_LIST_ITEMS:
        raise RuleError.at(loc, Msg("param_holds_numbers_list", name=name, size=size, MAX_LIST_ITEMS=MAX_LIST_ITEMS),
                           Msg("card_game_s_thresholds"))
    if isinstance(raw, list) and raw and (all(is_number(x) for x in raw) or all(
            isinstance(x, list) and x and all(is_number(y) for y in x) for x in raw)):
        return [list(x) if isinstance(x, list) else x for x in raw]
    raise RuleError.at(loc, Msg("param_list_numbers_lists", name=name, shown_raw=shown_value(raw)),
                       Msg("list_param_example"))


def _infer_type(raw) -> str:
    if isinstance(raw, list):
        return "list"
    if isinstance(raw, bool):
        return "bool"
    if isinstance(raw, (int, float)):
        return "num"
    if isinstance(raw, str) and parse_code(raw):
        return "card"
    return "str"


def shown_value(raw) -> str:
    """A value as a message shows it: a number never as thousands of digits, a text never as a page."""
    if is_number(raw):
        return describe(raw)
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


INT_TEXT = re.compile(r"[-+]?[0-9]+")
FLOAT_TEXT = re.compile(r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?|[-+]?[0-9]+[eE][-+]?[0-9]+")


def read_set_value(raw: str):
    """A --set value as YAML would read it: 12, 1.5, true, 7S, none, [100] or [[0, 10], [50, 20]].
    A list is read with a rule file's bounds (depth, size, numbers); a number must be one a game
    can hold (`nan`, `inf` and 5,000 digits are refused, not read as a float): RuleError otherwise."""
    if raw.startswith("["):
        return load_value(raw, "--set")
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    is_int, is_float = INT_TEXT.fullmatch(raw), FLOAT_TEXT.fullmatch(raw)
    if not (is_int or is_float):
        return raw
    value = from_text(raw, int if is_int else float)
    if value is None:
        raise RuleError.at(Loc("--set", 1, 1), Msg("not_number_game_can", shown_raw=shown_value(raw), RANGE_TEXT=RANGE_TEXT),
                           Msg("write_number_such_within"))
    return value
