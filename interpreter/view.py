"""What one seat may see: every zone as its visibility allows, and the vars."""
from __future__ import annotations

from dataclasses import dataclass, field

from .state import State


@dataclass
class ZoneView:
    name: str
    title: dict[str, str]
    owner: int | None  # the seat it belongs to; None for a shared zone (and a team's zone)
    layout: str
    count: int
    cards: list[int] | None  # None when this seat may not see them
    team: int | None = None  # the team a per-team zone belongs to (its seats are its owners)
    group: int | None = None  # a group zone: the group's number in its owner's area, from 1 (one view per group)
    yours: dict = field(default_factory=dict)  # its name when it is the viewer's own (the rule file's words), or empty


def view(s: State, seat: int) -> dict:
    """A seat's view of the state. Hidden cards are never in it, only their count."""
    g = s.g
    zones = []
    for z in g.zones:
        if z.per_team:  # `visible: owner`: every seat of the team sees it
            for team in range(len(g.teams)):
                mine = g.team_of[seat] == team
                for zid in _instances(g, z, team, s):
                    cards = s.zones[zid]
                    zones.append(ZoneView(z.name, z.title, None, z.layout, len(cards),
                                          _visible(z.visible, seat if mine else None, seat, cards), team,
                                          _number(g, z, zid)))
            continue
        owners = range(g.players) if z.per_seat else [None]
        for owner in owners:
            for zid in _instances(g, z, owner, s):
                cards = s.zones[zid]
                zones.append(ZoneView(z.name, z.title, owner, z.layout, len(cards),
                                      _visible(z.visible, owner, seat, cards), group=_number(g, z, zid), yours=z.yours))
    values = {}
    for v in g.vars:
        if v.per_group:  # the value of each group in play
            values[v.name] = {i: s.vars[v.slot + i] for z in g.zones if z.max_groups
                              for owner in (g.units(z.per) if z.per != "none" else [None])
                              for i in _instances(g, z, owner, s)}
        else:
            values[v.name] = s.vars[v.slot:v.slot + g.var_span(v)] if v.per != "none" else s.vars[v.slot]
    return {"seat": seat, "to_move": s.me, "over": s.over, "zones": zones, "vars": values,
            "moves_played": len(s.history)}


def _instances(g, z, owner, s: State) -> list[int]:
    """An owner's zone instance, or a group zone's non-empty groups."""
    ids = g.owner_ids(z, owner)
    return [i for i in ids if s.zones[i]] if z.max_groups else ids


def _number(g, z, zid: int) -> int | None:
    return g.group_number(zid) if z.max_groups else None


def _visible(visibility: str, owner: int | None, seat: int, cards: list[int]) -> list[int] | None:
    if visibility == "all" or (visibility == "owner" and owner == seat):
        return list(cards)
    if visibility == "top":
        return cards[-1:]
    return None
