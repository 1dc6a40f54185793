"""Shared helpers for the engine-level Fantan tests (RULES.md section 1).

Not a test module: it plays games through the public engine API, builds
positions for rule tests, and loads the independent reference checker.
The rule text itself is restated in the tests, never taken from here.
"""
from __future__ import annotations


from kural.dsl.loader import load
from kural.interpreter import record
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves

from by_path import ROOT, load_by_path  # noqa: F401  (ROOT: the tests that use these helpers take it from here)
SUITS = "SHDC"
RANKS = "A23456789TJQK"
FULL_DECK = {r + s for s in SUITS for r in RANKS}

# Base game, each variant alone, and combinations that make variants meet.
VARIANT_COMBOS = [
    (),
    ("maca7",),
    ("any7",),
    ("pass-fee",),
    ("free-pass",),
    ("maca7", "pass-fee"),
    ("any7", "free-pass"),
    ("maca7", "free-pass", "pass-fee"),
    ("any7", "free-pass", "pass-fee"),
]




ref = load_by_path("fantan_ref", "tests/reference/fantan_ref.py")

_GAMES: dict = {}


def game(variants=(), sets=()):
    """A loaded GameDef, cached per (variants, sets): loading is the slow part."""
    key = (tuple(variants), tuple(sets))
    if key not in _GAMES:
        _GAMES[key] = load("fantan", variants=list(variants), sets=list(sets))
    return _GAMES[key]


def rank_of(code: str) -> int:
    """1 (A) .. 13 (K), as RULES.md orders ranks."""
    return RANKS.index(code[0]) + 1


def codes(g, cards) -> list[str]:
    return [g.deck.code[c] for c in cards]


def card(g, code: str) -> int:
    c = g.deck.card_of_code(code)
    assert c is not None, code
    return c


def hand_id(g, seat: int) -> int:
    return g.zone("hand").first_id + seat


def table_id(g) -> int:
    return g.zone("table").first_id


def hand_codes(g, s, seat: int) -> set[str]:
    return set(codes(g, s.zones[hand_id(g, seat)]))


def table_codes(g, s) -> set[str]:
    return set(codes(g, s.zones[table_id(g)]))


def legal_set(g, s) -> set[tuple[str, tuple[str, ...]]]:
    """The legal moves as (move name, card codes): the rule's vocabulary."""
    return {(g.moves[i].name, tuple(codes(g, v))) for i, v in legal_moves(s)}


def play_of(g, code: str):
    return (g.move("play").index, (card(g, code),))


def pass_of(g):
    return (g.move("pass").index, ())


def position(g, me: int, table: list[str], hand: list[str], seed: int = 0, others=None):
    """A state where `me` is to move with exactly `hand`, `table` on the table.

    The remaining cards go round the other seats (or as `others` says:
    {seat: [codes]}, the rest still dealt round). Zones and `where` are
    both rewritten, so cards stay conserved.
    """
    s = new_game(g, seed)
    placed = {table_id(g): [card(g, c) for c in table], hand_id(g, me): [card(g, c) for c in hand]}
    for seat, cs in (others or {}).items():
        placed[hand_id(g, seat)] = [card(g, c) for c in cs]
    used = {c for cs in placed.values() for c in cs}
    assert len(used) == sum(len(cs) for cs in placed.values()), "a card placed twice"
    rest = [c for c in range(g.deck.size) if c not in used]
    free_seats = [seat for seat in range(g.players) if hand_id(g, seat) not in placed]
    for z in s.zones:
        z.clear()
    for zid, cs in placed.items():
        s.zones[zid] = list(cs)
    for i, c in enumerate(rest):
        s.zones[hand_id(g, free_seats[i % len(free_seats)])].append(c)
    for zid, cs in enumerate(s.zones):
        for c in cs:
            s.where[c] = zid
    s.me, s.step = me, 0
    s.cache.clear()
    return s


def play_game(g, seed: int, bot_kind: str = "random", with_legal: bool = True, on_state=None):
    """Play one bot game; return (record, final state). on_state(s, moves) is
    called before every move, with the legal moves offered."""
    s = new_game(g, seed)
    rec = record.start(g, seed, g.seats["en"], s)
    bot = make_bot(bot_kind, seed)
    while not s.over:
        moves = legal_moves(s)
        if on_state is not None:
            on_state(s, moves)
        move = bot.choose(s, moves)
        rec["moves"].append(record.entry(g, s.me, move, moves if with_legal else None))
        apply(s, move)
    record.finish(rec, s)
    return rec, s
