"""What one seat may see: every zone as its visibility allows, and the vars."""
from __future__ import annotations

from dataclasses import dataclass

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


def view(s: State, seat: int) -> dict:
    """A seat's view of the state. Hidden cards are never in it, only their count."""
    g = s.g
    zones = []
    for z in g.zones:
        if z.per_team:  # `visible: owner`: every seat of the team sees it
            for team in range(len(g.teams)):
                cards = s.zones[z.first_id + team]
                mine = g.team_of[seat] == team
                zones.append(ZoneView(z.name, z.title, None, z.layout, len(cards),
                                      _visible(z.visible, seat if mine else None, seat, cards), team))
            continue
        owners = range(g.players) if z.per_seat else [None]
        for owner in owners:
            cards = s.zones[z.first_id + (owner or 0)]
            zones.append(ZoneView(z.name, z.title, owner, z.layout, len(cards), _visible(z.visible, owner, seat, cards)))
    values = {}
    for v in g.vars:
        values[v.name] = s.vars[v.slot:v.slot + g.span(v.per)] if v.per != "none" else s.vars[v.slot]
    return {"seat": seat, "to_move": s.me, "over": s.over, "zones": zones, "vars": values,
            "moves_played": len(s.history)}


def _visible(visibility: str, owner: int | None, seat: int, cards: list[int]) -> list[int] | None:
    if visibility == "all" or (visibility == "owner" and owner == seat):
        return list(cards)
    if visibility == "top":
        return cards[-1:]
    return None
