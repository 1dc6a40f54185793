"""Notions about seats and teams: the player after and before a seat, a seat's team, its partners and
a team's players (the teams are fixed at load for the player count)."""
from __future__ import annotations

from .registry import notion, writes


notion("next", ["num"], "num", "the player after {0}", "{0:abl} sonraki oyuncu", pure=True)

notion("prev", ["num"], "num", "the player before {0}", "{0:abl} önceki oyuncu", pure=True)

# a turn that skips seats out of the play (a player who passed in an auction, one out of the game): the
# seats still in are a list the rule file gives, `next_in(me, filter(seats, p => passed[p] == 0))`
notion("next_in", ["num", "list"], "num", "the next player after {0} among {1}", "{1} içinde {0:abl} sonraki oyuncu")

# the same the other way round, for a game whose direction of play is a param (Batak's `direction`)
notion("prev_in", ["num", "list"], "num", "the player before {0} among {1}", "{1} içinde {0:abl} önceki oyuncu")

# ------------------------------------------------------------------ teams
# The teams are fixed at load for the player count (game.teams; a count not listed: each seat alone).
notion("team", ["num"], "num", "the partnership of {0}", "{0:gen} takımı~", pure=True,
       of_me=("your partnership", "takımın"))

notion("partners", ["num"], "list", "the partners of {0}", "{0:gen} takım arkadaşları~", pure=True, gives="num",
       of_me=("your partners", "takım arkadaşların"))

notion("members", ["num"], "list", "the players of {0}", "{0:gen} oyuncuları~", pure=True, gives="num")


# ------------------------------------------------- their code (dsl/backend/)
@writes("partners")
def _write_partners(ctx, a):
    team_of, teams = ctx.team_of, ctx.teams
    others = [[p for p in teams[team_of[seat]] if p != seat] for seat in range(len(team_of))]
    return lambda x, src: f"{x.m.constant(others)}[_rt.seat_of({src[0]}, {len(team_of)})]"


@writes("next")
def _write_next(ctx, a):
    return _seat_step(lambda x, src: f"(({src[0]}) + 1) % {ctx.players}", 1, ctx.players)


@writes("next_in")
def _write_next_in(ctx, a):
    return lambda x, src: f"_rt.next_seat_in({src[0]}, {src[1]}, {ctx.players})"


@writes("prev_in")
def _write_prev_in(ctx, a):
    return lambda x, src: f"_rt.next_seat_in({src[0]}, {src[1]}, {ctx.players}, -1)"


@writes("prev")
def _write_prev(ctx, a):
    return _seat_step(lambda x, src: f"(({src[0]}) - 1) % {ctx.players}", -1, ctx.players)


def _seat_step(write, step: int, players: int):
    """A writer of the seat `step` places on from a seat, that also gives that seat for every seat as a
    table (`seats`): a turn's advance from `me`, always a seat, reads it there (dsl/backend/moves.py _next_seat)
    instead of working out a modulo on every move."""
    write.seats = [(seat + step) % players for seat in range(players)]

    def stepped(x, src):  # from a seat, a seat (Module.in_range)
        source = write(x, src)
        if x.m.in_range.get(src[0]) == ("seat", players):
            x.m.in_range[source] = ("seat", players)
        return source
    stepped.seats = write.seats
    return stepped


@writes("team")
def _write_team(ctx, a):
    def write(x, src):
        seats = len(ctx.team_of)
        if x.m.in_range.get(src[0]) == ("seat", seats):  # a seat's team: read without checking the seat
            source = f"{x.m.constant(list(ctx.team_of))}[{src[0]}]"
            x.m.in_range[source] = ("team", len(ctx.teams))
            return source
        return f"{x.m.constant(list(ctx.team_of))}[_rt.seat_of({src[0]}, {seats})]"
    return write


@writes("members")
def _write_members(ctx, a):
    return lambda x, src: f"_rt.team_members({x.m.constant(ctx.teams)}, {src[0]})"
