"""A seat's observation and information state as text and as a flat tensor of numbers, read from its view
alone (interpreter/view.py): the Python State's `observation_tensor(seat)` and
`information_state_tensor(seat)`, and the learning environments' observations (interpreter/rl.py).

The tensor's layout is read from the compiled game and named, segment by segment (`Tensors.layout`:
(name, first index, size, lowest, highest) each, so every number has known bounds):

- `zones`: every zone instance as seen from the seat (its own first, then the next seats in turn
  order; teams likewise from its own; a group zone's groups in number order), each as its number of
  cards followed by the count of each face the seat sees there (zeros where the cards are hidden);
- `vars`: every var, numbers as they are (cut to ±VAR_BOUND), true/false as 1/0, a choice's option
  (`type:` a choice) as its place among the options from 1, anything else 0; a var per seat or team from
  the seat's own on; a var per group for every group of the game's group zones;
- `to_move`: 1 at the offset of the seat to move from the seat (all 0 once the game is over);
- the information state adds `chosen`: for each seat from the seat on, 1 for each face that seat was
  seen to choose in a move this game (its own moves wholly; another's, the cards of it in the seat's
  sight now, as kural's search bot remembers them, interpreter/search.py Seen).
"""
from __future__ import annotations

from typing import Any

from .actions import ActionCodes
from .gamedef import GameDef, ZoneDef
from .state import State
from .view import view

VAR_BOUND = 2 ** 24  # a var's value is cut to within this (the largest whole number a float32 holds exactly)
Segment = tuple[str, int, int, float, float]  # name, first index, size, lowest value, highest value


class Tensors:
    """The observation and information state of any seat of one game (see the module's docstring)."""

    def __init__(self, g: GameDef, codes: ActionCodes):
        self.g = g
        self.codes = codes
        self.faces = codes.face_index
        self.width = 1 + len(self.faces)  # a zone instance: its count, then each face it may see
        self.places = _places(g)
        self.index = {place: i for i, place in enumerate(self.places)}
        zones = len(self.places) * self.width
        self.var_count = _var_count(g)
        self.observation_layout: list[Segment] = [
            ("zones", 0, zones, 0.0, float(g.deck.size)),
            ("vars", zones, self.var_count, -float(VAR_BOUND), float(VAR_BOUND)),
            ("to_move", zones + self.var_count, g.players, 0.0, 1.0)]
        self.observation_size = zones + self.var_count + g.players
        self.information_layout = self.observation_layout + [
            ("chosen", self.observation_size, g.players * len(self.faces), 0.0, 1.0)]
        self.information_size = self.observation_size + g.players * len(self.faces)

    def bounds(self, layout: list[Segment]) -> tuple[list[float], list[float]]:
        """Each number's lowest and highest value, in the tensor's order."""
        low: list[float] = []
        high: list[float] = []
        for _, _, size, lo, hi in layout:
            low += [lo] * size
            high += [hi] * size
        return low, high

    def observation(self, s: State, seat: int) -> list[float]:
        g = self.g
        out = [0.0] * self.observation_size
        team = g.team_of[seat]
        face_of = g.deck.face
        seen = view(s, seat)
        for z in seen["zones"]:
            per = "team" if z.team is not None else "seat" if z.owner is not None else "none"
            offset = (z.team - team) % len(g.teams) if per == "team" else (z.owner - seat) % g.players \
                if per == "seat" else 0
            at = self.index[(z.name, per, offset, z.group or 0)] * self.width
            out[at] = float(z.count)
            for card in z.cards or ():
                out[at + 1 + self.faces[face_of[card]]] += 1
        at = self._vars(out, len(self.places) * self.width, s, seen["vars"], seat, team)
        if not s.over:
            out[at + (s.me - seat) % g.players] = 1.0
        return out

    def information(self, s: State, seat: int, moves: list[SeenMove]) -> list[float]:
        """The observation, and the faces each seat was seen to choose in `moves` (seen_moves')."""
        out = self.observation(s, seat) + [0.0] * (self.g.players * len(self.faces))
        face_of, players, width = self.g.deck.face, self.g.players, len(self.faces)
        for who, index, values in moves:
            base = self.observation_size + ((who - seat) % players) * width
            for c, v in zip(self.g.moves[index].choices, values):
                for card in [v] if c.of_cards else v if c.of_card_lists else []:
                    if card is not None:
                        out[base + self.faces[face_of[card]]] = 1.0
        return out

    def _vars(self, out: list[float], at: int, s: State, values: dict[str, Any], seat: int, team: int) -> int:
        g = self.g
        group_ids = [i for z in g.zones if z.max_groups for owner in _owners(g, z, seat, team)
                     for i in g.owner_ids(z, owner)]
        for v in g.vars:
            value = values[v.name]
            if v.per_group:
                for k, zid in enumerate(group_ids):
                    out[at + k] = _number(value.get(zid, 0))
                at += len(group_ids)
            elif v.keys:  # a value per key, in the keys' order
                for k, x in enumerate(value):
                    out[at + k] = _number(x)
                at += len(v.keys)
            elif v.per_seat or v.per_team:
                n = g.span("team" if v.per_team else "seat")
                first = team if v.per_team else seat
                for k in range(n):
                    out[at + k] = _number(value[(first + k) % n])
                at += n
            elif v.type == "option":  # one of a choice's options: its place among them, from 1 (0: none yet)
                out[at] = float(v.options.index(value) + 1) if value in v.options else 0.0
                at += 1
            else:
                out[at] = _number(value)
                at += 1
        return at


SeenMove = tuple[int, int, tuple]  # (who, move index, its values with each card the seat does not know as None)


def seen_moves(s: State, seat: int, start: int = 0) -> list[SeenMove]:
    """The moves played from the `start`-th on as `seat` saw them: its own moves' cards all, another's the
    cards of it in the seat's sight now (a position drawn for a seat holds None for a move it may not
    know: that move is left out here, as the State that drew it keeps what the seat saw of it)."""
    in_sight = {c for z in view(s, seat)["zones"] for c in z.cards or ()}
    moves = s.g.moves
    out = []
    for entry in s.history[start:]:
        if entry is None:
            continue
        who, (index, values) = entry
        known = (lambda card: True) if who == seat else in_sight.__contains__
        seen = []
        for c, v in zip(moves[index].choices, values):
            seen.append((v if known(v) else None) if c.of_cards else
                        [x if known(x) else None for x in v] if c.of_card_lists else v)
        out.append((who, index, tuple(seen)))
    return out


def _places(g: GameDef) -> list[tuple[str, str, int, int]]:
    """Every zone instance as (zone, per, owner offset from the viewer's, group number or 0)."""
    out = []
    for z in g.zones:
        owners = range(len(g.teams)) if z.per_team else range(g.players) if z.per_seat else [0]
        for offset in owners:
            for group in (range(1, z.max_groups + 1) if z.max_groups else [0]):
                out.append((z.name, z.per, offset, group))
    return out


def _var_count(g: GameDef) -> int:
    groups = sum(len(g.units(z.per)) * z.max_groups if z.per != "none" else z.max_groups
                 for z in g.zones if z.max_groups)
    return sum(groups if v.per_group else g.var_span(v) for v in g.vars)


def _owners(g: GameDef, z: ZoneDef, seat: int, team: int) -> list[int | None]:
    if z.per == "team":
        return [(team + k) % len(g.teams) for k in range(len(g.teams))]
    if z.per == "seat":
        return [(seat + k) % g.players for k in range(g.players)]
    return [None]


def _number(value: Any) -> float:
    """A var as a number: numbers cut to ±VAR_BOUND, true/false as 1/0, anything else 0."""
    if isinstance(value, (int, float)) and value == value:
        return float(max(-VAR_BOUND, min(VAR_BOUND, value)))
    return 0.0


def observation_text(s: State, seat: int, seat_names: list[str]) -> str:
    """What `seat` sees, a line a zone instance and a line of vars: the observation as text."""
    g = s.g
    seen = view(s, seat)
    code = g.deck.code
    lines = [f"seat {seat} ({seat_names[seat]}); " + ("the game is over" if s.over else f"seat {s.me} to move")]
    for z in seen["zones"]:
        whose = f"[team {z.team}]" if z.team is not None else f"[{z.owner}]" if z.owner is not None else ""
        group = f" #{z.group}" if z.group else ""
        cards = " ".join(code[c] for c in z.cards) if z.cards is not None else f"{z.count} hidden" if z.count else ""
        if z.cards is not None and z.count > len(z.cards):
            cards = f"{z.count - len(z.cards)} hidden, {cards}"
        lines.append(f"{z.name}{whose}{group}: {cards or '-'}")
    values = ", ".join(f"{k}={v}" for k, v in seen["vars"].items())
    lines.append(f"vars: {values}")
    return "\n".join(lines)


def information_text(s: State, seat: int, seat_names: list[str], moves: list[SeenMove]) -> str:
    """The observation, then each move as `seat` saw it (seen_moves'; a card it does not know of as `?`)."""
    g = s.g
    code = g.deck.code
    lines = [observation_text(s, seat, seat_names), "moves:"]
    for who, index, values in moves:
        m = g.moves[index]
        words = [f"{who}:", m.name]
        for c, v in zip(m.choices, values):
            if c.of_cards or c.of_card_lists:
                words += ["?" if x is None else code[x] for x in ([v] if c.of_cards else v)]
            else:
                words.append(str(g.group_number(v)) if c.of_groups else str(v))
        lines.append(" ".join(words))
    return "\n".join(lines)
