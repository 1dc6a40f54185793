"""Notions of a trick: the card that leads it, the card that wins it so far (the highest trump in it, else
the highest card of the suit led, the ace high), whether a card would win it as it stands, and who played a
card. A rule file keeps its trick in a zone of its own (`trick: {per: none, visible: all}`) and its trump
in a param or a var (a suit's number, or -1 for none): a game's follow-suit and overtake rules, a trick's
winner leading the next, are its own conditions written with these. (Names a rule file is unlikely to
have given its own defines and zones: a notion's name cannot be one.)"""
from __future__ import annotations

from .registry import notion, writes

notion("first_card", ["cards"], "card", "the first card of {0}", "{0:gen} ilk kartı~")

notion("winning_card", ["cards", "num"], "card", "the card that wins {0} with {1} as trumps",
       "{1} kozken {0:gen} kazanan kartı~")

notion("would_win", ["card", "cards", "num"], "bool", "{0} would win {1} with {2} as trumps",
       "{2} kozken {0} {1:acc} alırdı",
       no=("{0} would not win {1} with {2} as trumps", "{2} kozken {0} {1:acc} almazdı"))

notion("played_by", ["card"], "num", "the player who played {0}", "{0:acc} oynayan oyuncu")


# ------------------------------------------------- their code (dsl/backend/)
@writes("first_card")
def _write_first_card(ctx, a):
    return lambda x, src: f"({src[0]} or _rt.NO_TOP)[0]"


@writes("winning_card")
def _write_winning_card(ctx, a):
    deck = ctx.deck
    return lambda x, src: (f"_rt.winning_card({src[0]}, {src[1]}, {x.m.constant(deck.rank)}, "
                           f"{x.m.constant(deck.suit)})")


@writes("would_win")
def _write_would_win(ctx, a):
    deck = ctx.deck
    return lambda x, src: (f"_rt.would_win({src[0]}, {src[1]}, {src[2]}, {x.m.constant(deck.rank)}, "
                           f"{x.m.constant(deck.suit)})")


@writes("played_by")
def _write_played_by(ctx, a):
    return lambda x, src: f"_rt.played_by(s, {src[0]})"
