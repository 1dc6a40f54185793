"""Records: a game's whole story as JSON, and replaying one through the engine.

A record is also a save file: resuming a game is replaying its moves.
"""
from __future__ import annotations

import json

from .engine import apply, new_game, result
from .errors import RecordError
from .legal import legal_moves
from .messages import Msg
from .state import Move, State

FORMAT = "kural-record/1"


def param_text(g, value, kind: str):
    if kind == "card":
        return None if value is None else g.deck.code[value]
    return value


def keepable(path: str) -> bool:
    """Can a record keep this rule file's path, and read it back? Only a name that prints as itself: not a
    line break or another control character, nor bytes that are not UTF-8 (Python's surrogate escapes)."""
    return path.isprintable()


def check_paths(g) -> None:
    """RecordError if a rule file the game was read from outside games/ has a path a record cannot keep:
    a record of it could be written but never replayed or resumed."""
    for path in [g.source, *g.files.get("sha256", {})] if g.files else []:
        if path and not keepable(path):
            shown = path.encode("unicode_escape", "backslashreplace").decode("ascii")
            raise RecordError(Msg("rule_path_unkept", path=shown))


def start(g, seed: int, seats: list[str], s: State) -> dict:
    check_paths(g)
    hand = g.zone(g.hand_zone)
    deal = s.deal
    zones = {}
    for z in g.zones:
        if z.name == g.hand_zone:
            continue
        if z.max_groups:  # a group zone: its non-empty groups (per seat or team: a list of them per owner)
            areas = [group_codes(g, z, deal, owner) for owner in (g.units(z.per) if z.per != "none" else [None])]
            zones[z.name] = areas if z.per != "none" else areas[0]
        elif z.per != "none":  # a list per seat, or per team
            zones[z.name] = [[g.deck.code[c] for c in deal[z.first_id + i]] for i in g.units(z.per)]
        else:
            zones[z.name] = [g.deck.code[c] for c in deal[z.first_id]]
    return {
        "format": FORMAT,
        **rules_of(g),
        "seed": seed,
        "seats": list(seats),
        **({"teams": teams_of(g)} if uses_teams(g) else {}),
        "deal": {"hands": [[g.deck.code[c] for c in deal[hand.first_id + i]] for i in range(g.players)],
                 "zones": zones},
        "moves": [],
    }


def rules_of(g) -> dict:
    """What a record says of the rules a game is played under: enough for load_for_record to load them again."""
    return {
        "game": g.id,
        **({"rules": g.source} if g.source else {}),
        "variants": list(g.variants),
        **({"files": g.files} if g.files else {}),  # rule files outside games/: paths to load and sha256
        "params": {k: param_text(g, p["value"], p["type"]) for k, p in g.param_info.items()},
    }


def group_codes(g, z, zones, owner) -> list[list[str]]:
    """One owner's non-empty groups of a group zone, as lists of codes; `zones` is a list or a dict by id."""
    get = zones.get if isinstance(zones, dict) else (lambda i, d=None: zones[i])
    return [[g.deck.code[c] for c in get(i, [])] for i in g.owner_ids(z, owner) if get(i, [])]


def uses_teams(g) -> bool:
    """A record names the teams when seats play together, or when the result is per team."""
    return g.partnered or g.result.per == "team" or g.totals_per == "team"


def teams_of(g) -> list[list[int]]:
    return [list(team) for team in g.teams]


def entry(g, seat: int, move: Move, legal: list[Move] | None = None) -> dict:
    """A move as a record shows it: seat, name, the cards chosen, other choices by name."""
    index, values = move
    m = g.moves[index]
    out = {"seat": seat, "move": m.name, "cards": []}
    code = g.deck.code
    for choice, value in zip(m.choices, values):
        if choice.of_cards:
            out["cards"].append(code[value])
        elif choice.of_card_lists:
            out[choice.name] = [code[c] for c in value]
        elif choice.of_groups:  # a group by its number in its area, from 1
            out[choice.name] = g.group_number(value)
        else:
            out[choice.name] = value
    if legal is not None:
        out["legal"] = [_bare(entry(g, seat, other)) for other in legal]
    return out


def deal_entry(g, by_zone: dict[int, list[int]]) -> dict:
    """A deal after the first (a new round, or more cards when the hands are empty), as the moves list
    shows it: the cards each hand and each other zone received, in the order they were dealt."""
    code = g.deck.code
    hand = g.zone(g.hand_zone)
    hands = [[code[c] for c in by_zone.get(hand.first_id + i, [])] for i in range(g.players)]
    zones = {}
    for z in g.zones:
        if z.name == g.hand_zone:
            continue
        if z.max_groups:
            areas = [group_codes(g, z, by_zone, owner) for owner in (g.units(z.per) if z.per != "none" else [None])]
            if any(areas):
                zones[z.name] = areas if z.per != "none" else areas[0]
        elif z.per != "none":
            cards = [[code[c] for c in by_zone.get(z.first_id + i, [])] for i in g.units(z.per)]
            if any(cards):
                zones[z.name] = cards
        elif by_zone.get(z.first_id):
            zones[z.name] = [code[c] for c in by_zone[z.first_id]]
    return {"deal": {"hands": hands, "zones": zones}}


def same_deal(g, given: dict, told: dict) -> bool:
    """Is a record's deal entry the one the rules give? A record written before a new round's deal told
    the deck's order leaves it out: the rest must agree."""
    deck = g.zone_instance(g.deck_zone_id)[0].name
    if deck not in told.get("deal", {}).get("zones", {}):
        given = {"deal": {**given["deal"], "zones": {k: v for k, v in given["deal"]["zones"].items() if k != deck}}}
    return given == told


def play(entries: list[dict], g, s: State, move: Move, legal: list[Move] | None = None) -> None:
    """Apply a move and write it to a record's moves, followed by the deals it brought about."""
    entries.append(entry(g, s.me, move, legal))
    dealt = len(s.deals)
    apply(s, move)
    entries.extend(deal_entry(g, d) for _, d in s.deals[dealt:])


def moves_of(g, s: State) -> list[dict]:
    """The moves list of a state's record: each move, and each later deal where it happened."""
    out, deals = [], s.deals
    k = 0
    for i, (seat, move) in enumerate(s.history):
        while k < len(deals) and deals[k][0] <= i:
            out.append(deal_entry(g, deals[k][1]))
            k += 1
        out.append(entry(g, seat, move))
    out += [deal_entry(g, d) for _, d in deals[k:]]
    return out


def played_moves(record: dict) -> list[dict]:
    """A record's moves without its deal entries."""
    return [e for e in record.get("moves", []) if not (isinstance(e, dict) and "deal" in e)]


def _bare(e: dict) -> dict:
    e.pop("seat", None)
    return e


def finish(record: dict, s: State) -> dict:
    record["result"] = result(s)
    return record


def dumps(record: dict) -> str:
    """One line of JSON; the same game gives the same bytes."""
    return json.dumps(record, ensure_ascii=False, separators=(", ", ": "))


def match(s: State, e: dict) -> Move | None:
    """The legal move that a record entry names, or None. A group of cards may be listed in any order."""
    groups = {c.name for m in s.g.moves for c in m.choices if c.of_card_lists}
    want = _unordered({k: v for k, v in e.items() if k not in ("legal", "seat")}, groups)
    for move in legal_moves(s):
        mine = entry(s.g, s.me, move)
        mine.pop("seat")
        if _unordered(mine, groups) == want:
            return move
    return None


def _unordered(e: dict, groups: set) -> dict:
    return {k: sorted(v, key=str) if k in groups and isinstance(v, list) else v for k, v in e.items()}


def _same_moves(a: list, b: list) -> bool:
    key = lambda e: json.dumps(e, sort_keys=True)  # noqa: E731
    return sorted(map(key, a)) == sorted(map(key, b))


def replay(g, record: dict, upto: int | None = None) -> tuple[State, list[str]]:
    """Play a record's moves again (the first `upto` moves only, if given); the problems found (empty when
    it reproduces exactly). Deal entries are checked against the deals the rules give, not played."""
    problems: list[str] = []
    s = new_game(g, int(record.get("seed", 0)))
    again = start(g, record.get("seed", 0), record.get("seats", []), s)
    if again.get("teams") != record.get("teams"):
        problems.append(f"the teams differ: the rules give {again.get('teams')}, the record {record.get('teams')}")
    elif again["deal"] != record.get("deal"):
        problems.append("the deal differs from the one this seed and these rules give")
    moves = record.get("moves", [])
    played = told = 0
    for i, e in enumerate(moves):
        if problems:
            break
        if isinstance(e, dict) and "deal" in e:
            if told >= len(s.deals) or s.deals[told][0] != len(s.history):
                problems.append(f"entry {i + 1}: the rules deal no cards here")
            elif not same_deal(g, deal_entry(g, s.deals[told][1]), e):
                problems.append(f"entry {i + 1}: the deal differs from the one this seed and these rules give")
            told += 1
            continue
        if upto is not None and played >= upto:
            break
        if told < len(s.deals) and s.deals[told][0] <= len(s.history):
            problems.append(f"entry {i + 1}: the record leaves out the deal the rules give before it")
            break
        played += 1
        _replay_move(g, s, e, played, problems)
    if upto is None and not problems and told != len(s.deals):
        problems.append(f"the record tells {told} deals after the first; the rules give {len(s.deals)}")
    if upto is None and not problems and "result" in record:
        if not s.over:
            problems.append("the record ends before the game does")
        elif result(s) != record["result"]:
            problems.append(f"the result differs: the rules give {json.dumps(result(s), ensure_ascii=False)}")
    return s, problems


def _replay_move(g, s: State, e: dict, n: int, problems: list[str]) -> None:
    if s.over:
        problems.append(f"move {n}: the game was already over")
        return
    seat = e.get("seat")
    if type(seat) is not int or seat != s.me:  # a seat is a number: "2" or true is not seat 2 or 1
        written = seat if type(seat) is int else f"{json.dumps(seat)[:40]} (not a seat number)"
        problems.append(f"move {n}: it is seat {s.me}'s turn, not seat {written}'s")
        return
    move = match(s, e)
    if move is None:
        problems.append(f"move {n}: {e.get('move')} {' '.join(e.get('cards', []))} is not legal here")
        return
    if "legal" in e and not _same_moves(e["legal"], [_bare(entry(g, s.me, m)) for m in legal_moves(s)]):
        problems.append(f"move {n}: the legal moves listed are not the ones the rules give")
    apply(s, move)
