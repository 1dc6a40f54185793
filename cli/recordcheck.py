"""The shape of a record or save as read: every field of the format (interpreter/record.py writes it)
has its type checked before anything uses it, and a wrong one is named (`moves[3].seat`).

A record is outside input: it may have been edited, damaged or made to attack. Checked here, the
engine and the CLI can trust a seat to be a whole number, a card to be text, a list to be a list.
The values themselves (is this card in the deck, is it seat 2's turn) are the replay's to check.
"""
from __future__ import annotations

from kural.interpreter.numbers import is_number


def _error(field: str, want: str):
    from .saves import RecordFileError  # one error type for every way a record cannot be used
    return RecordFileError("bad_field", field=field, want=want)


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
    if v is None or isinstance(v, (str, bool)) or is_number(v):
        return True
    return isinstance(v, list) and all(is_number(x) or (isinstance(x, list) and all(map(is_number, x))) for x in v)


def _choice_value(v) -> bool:
    """A choice of a move besides its cards: a group's number, a value, or a list of card codes."""
    return v is None or isinstance(v, (str, bool)) or is_number(v) or \
        (isinstance(v, list) and all(isinstance(x, str) or is_number(x) for x in v))


def _need(ok: bool, field: str, want: str) -> None:
    if not ok:
        raise _error(field, want)


def check_record(data) -> dict:
    """The record, if every field it has is of its type; else RecordFileError naming the first that is not."""
    _need(isinstance(data, dict), "record", "kind_mapping")
    _need(isinstance(data.get("game"), str), "game", "kind_text")
    for key in ("format", "rules"):
        _need(isinstance(data.get(key, ""), str), key, "kind_text")
    _need(_whole(data.get("seed")), "seed", "kind_whole")
    _need(_texts(data.get("variants", [])), "variants", "kind_texts")
    _need(_texts(data.get("seats", [])), "seats", "kind_texts")
    _files(data.get("files", {}))
    params = data.get("params", {})
    _need(isinstance(params, dict), "params", "kind_mapping")
    for name, value in params.items():
        _need(_param_value(value), f"params.{name}", "kind_param")
    teams = data.get("teams", [])
    _need(isinstance(teams, list) and all(isinstance(t, list) and all(map(_whole, t)) for t in teams),
          "teams", "kind_teams")
    if "deal" in data:
        _deal(data["deal"], "deal")
    moves = data.get("moves")
    _need(isinstance(moves, list), "moves", "kind_list")
    for i, entry in enumerate(moves, 1):
        _entry(entry, f"moves[{i}]")
    _need(isinstance(data.get("result", {}), dict), "result", "kind_mapping")
    _cli(data.get("cli", {}))
    return data


def _files(files) -> None:
    _need(isinstance(files, dict), "files", "kind_mapping")
    _need(_texts(files.get("variants", [])), "files.variants", "kind_texts")
    hashes = files.get("sha256", {})
    _need(isinstance(hashes, dict) and all(isinstance(h, str) for h in hashes.values()), "files.sha256",
          "kind_mapping")


def _deal(deal, field: str) -> None:
    _need(isinstance(deal, dict), field, "kind_mapping")
    _need(_codes(deal.get("hands", []), 2), f"{field}.hands", "kind_cards")
    zones = deal.get("zones", {})
    _need(isinstance(zones, dict), f"{field}.zones", "kind_mapping")
    for name, cards in zones.items():
        _need(_codes(cards, 3), f"{field}.zones.{name}", "kind_cards")


def _entry(entry, field: str, in_legal: bool = False) -> None:
    """A move (seat, move, cards, its other choices by name, the legal moves offered) or a later deal."""
    _need(isinstance(entry, dict), field, "kind_mapping")
    if "deal" in entry and not in_legal:
        _deal(entry["deal"], f"{field}.deal")
        return
    if not in_legal:
        _need(_whole(entry.get("seat")), f"{field}.seat", "kind_whole")
    _need(isinstance(entry.get("move"), str), f"{field}.move", "kind_text")
    _need(_texts(entry.get("cards", [])), f"{field}.cards", "kind_cards")
    for name, value in entry.items():
        if name == "legal" and not in_legal:
            _need(isinstance(value, list), f"{field}.legal", "kind_list")
            for j, other in enumerate(value, 1):
                _entry(other, f"{field}.legal[{j}]", in_legal=True)
        elif name not in ("seat", "move", "cards"):
            _need(_choice_value(value), f"{field}.{name}", "kind_choice")


def _cli(cli) -> None:
    """What `kural play` keeps in its save: the person's seat (none: bots only), the bots, the language."""
    _need(isinstance(cli, dict), "cli", "kind_mapping")
    human = cli.get("human")
    _need(human is None or _whole(human), "cli.human", "kind_seat")
    for key in ("bots", "lang"):
        _need(isinstance(cli.get(key, ""), str), f"cli.{key}", "kind_text")
