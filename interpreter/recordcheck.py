"""The shape of a record or save as read: the one check of records, used by the CLI (cli/saves.py reads the
file, then calls parse) and by the API (kural.replay of a dict or of JSON text).

A record is outside input: it may have been edited, damaged or made to attack. Checked here, the
engine and the CLI can trust a seat to be a whole number, a card to be text, a list to be a list.
The values themselves (is this card in the deck, is it seat 2's turn) are the replay's to check.
Every refusal is a RecordError naming the first field that is wrong (`moves[3].seat`).
"""
from __future__ import annotations

import json

from .errors import RecordError
from .messages import Msg
from .numbers import LIMIT_TEXT, from_text, in_range
from .record import FORMAT
from .seeds import in_bounds

MAX_NESTING = 16  # lists and mappings inside one another; a record of any game needs 6

# What a field should be, made once: a record of a long game checks thousands of fields.
MAPPING, LIST, TEXT, TEXTS = Msg("kind_mapping"), Msg("kind_list"), Msg("kind_text"), Msg("kind_texts")
WHOLE, SEAT, CARDS, TEAMS = Msg("kind_whole"), Msg("kind_seat"), Msg("kind_cards"), Msg("kind_teams")
PARAM, CHOICE, SEED = Msg("kind_param"), Msg("kind_choice"), Msg("kind_seed", limit=LIMIT_TEXT)


# ---------------------------------------------------------------- JSON text
def parse(text: str) -> dict:
    """A record from its JSON text, read with every number a game may hold and checked field by field."""
    return check_record(loads(text))


def _number(convert):
    """json's reader of one kind of number: a number a game may hold (interpreter/numbers.py), or the error."""
    def parse_number(text: str) -> int | float:
        value = from_text(text, convert)
        if value is None:
            raise RecordError(Msg("bad_number", number=text[:24] + ("…" if len(text) > 24 else ""),
                                  limit=LIMIT_TEXT))
        return value
    return parse_number


_parse_int, _parse_float = _number(int), _number(float)


def _parse_constant(text: str):
    raise RecordError(Msg("bad_number", number=text, limit=LIMIT_TEXT))  # NaN, Infinity, -Infinity


def loads(text: str):
    """JSON with every number a game may hold (no NaN, no infinity, within numbers.LIMIT); its nesting is
    check_record's to bound."""
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:
        raise RecordError(Msg("too_deep", limit=MAX_NESTING)) from None
    except RecordError:
        raise
    except ValueError as exc:
        raise RecordError(Msg("not_json", error=str(exc)[:80])) from None


def _nesting(data) -> int:
    """How deep lists and mappings go (without recursion, so no depth can overflow the stack)."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_NESTING:
                todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


# ---------------------------------------------------------------- fields
def _error(field: str, want: Msg) -> RecordError:
    return RecordError(Msg("bad_field", field=field if len(field) <= 200 else field[:199] + "…", want=want))


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _texts(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _codes(v, depth: int) -> bool:
    """Card codes: a list of text, or lists of them `depth` levels down (a zone per seat, groups per owner)."""
    if not isinstance(v, list):
        return False
    return all(isinstance(x, str) or (depth > 1 and _codes(x, depth - 1)) for x in v)


def _param_value(v) -> bool:
    """What a param holds: text, a number, true/false, none, or a list of numbers or of lists of numbers."""
    if v is None or isinstance(v, (str, bool)) or in_range(v):
        return True
    return isinstance(v, list) and all(in_range(x) or (isinstance(x, list) and all(map(in_range, x))) for x in v)


def _choice_value(v) -> bool:
    """A choice of a move besides its cards: a group's number, a value, or a list of card codes."""
    return v is None or isinstance(v, (str, bool)) or in_range(v) or \
        (isinstance(v, list) and all(isinstance(x, str) or in_range(x) for x in v))


def _need(ok: bool, field: str, want: Msg) -> None:
    if not ok:
        raise _error(field, want)


def check_record(data) -> dict:
    """The record, if it is of a format kural reads and every field it has is of its type; else RecordError
    naming the first that is not. A dict from a program is held to what the JSON reader holds a file to."""
    _need(isinstance(data, dict), "record", MAPPING)
    if _nesting(data) > MAX_NESTING:
        raise RecordError(Msg("too_deep", limit=MAX_NESTING))
    for key in ("format", "rules"):
        _need(isinstance(data.get(key, ""), str), key, TEXT)
    if data.get("format", FORMAT) != FORMAT:  # a record without one is read as this format, as ever
        raise RecordError(Msg("record_format_unknown", format=data["format"][:40], known=FORMAT))
    _need(isinstance(data.get("game"), str), "game", TEXT)
    _need(_whole(data.get("seed")), "seed", WHOLE)
    _need(in_bounds(data["seed"]), "seed", SEED)
    _need(_texts(data.get("variants", [])), "variants", TEXTS)
    _need(_texts(data.get("seats", [])), "seats", TEXTS)
    _files(data.get("files", {}))
    params = data.get("params", {})
    _need(isinstance(params, dict), "params", MAPPING)
    for name, value in params.items():
        _need(_param_value(value), f"params.{name}", PARAM)
    teams = data.get("teams", [])
    _need(isinstance(teams, list) and all(isinstance(t, list) and all(map(_whole, t)) for t in teams),
          "teams", TEAMS)
    if "deal" in data:
        _deal(data["deal"], "deal")
    moves = data.get("moves")
    _need(isinstance(moves, list), "moves", LIST)
    for i, entry in enumerate(moves, 1):
        _entry(entry, f"moves[{i}]")
    _need(isinstance(data.get("result", {}), dict), "result", MAPPING)
    _cli(data.get("cli", {}))
    return data


def _files(files) -> None:
    _need(isinstance(files, dict), "files", MAPPING)
    _need(_texts(files.get("variants", [])), "files.variants", TEXTS)
    hashes = files.get("sha256", {})
    _need(isinstance(hashes, dict) and all(isinstance(h, str) for h in hashes.values()), "files.sha256", MAPPING)


def _deal(deal, field: str) -> None:
    _need(isinstance(deal, dict), field, MAPPING)
    _need(_codes(deal.get("hands", []), 2), f"{field}.hands", CARDS)
    zones = deal.get("zones", {})
    _need(isinstance(zones, dict), f"{field}.zones", MAPPING)
    for name, cards in zones.items():
        _need(_codes(cards, 3), f"{field}.zones.{name}", CARDS)


def _entry(entry, field: str, in_legal: bool = False) -> None:
    """A move (seat, move, cards, its other choices by name, the legal moves offered) or a later deal."""
    _need(isinstance(entry, dict), field, MAPPING)
    if "deal" in entry and not in_legal:
        _deal(entry["deal"], f"{field}.deal")
        return
    if not in_legal:
        _need(_whole(entry.get("seat")), f"{field}.seat", WHOLE)
    _need(isinstance(entry.get("move"), str), f"{field}.move", TEXT)
    _need(_texts(entry.get("cards", [])), f"{field}.cards", CARDS)
    for name, value in entry.items():
        if name == "legal" and not in_legal:
            _need(isinstance(value, list), f"{field}.legal", LIST)
            for j, other in enumerate(value, 1):
                _entry(other, f"{field}.legal[{j}]", in_legal=True)
        elif name not in ("seat", "move", "cards"):
            _need(_choice_value(value), f"{field}.{name}", CHOICE)


def _cli(cli) -> None:
    """What `kural play` keeps in its save: the person's seat (none: bots only), the bots, the language."""
    _need(isinstance(cli, dict), "cli", MAPPING)
    human = cli.get("human")
    _need(human is None or _whole(human), "cli.human", SEAT)
    for key in ("bots", "lang"):
        _need(isinstance(cli.get(key, ""), str), f"cli.{key}", TEXT)
