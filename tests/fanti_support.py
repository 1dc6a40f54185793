"""Shared helpers for the engine-level Fanti tests (RULES.md section 2, N1-N15).

Not a test module: it loads Fanti through the public API, builds positions
for single-rule tests by placing cards directly, plays bot games (with
records), and loads the independent reference checker. The rules
themselves are restated in the tests, never taken from here.
"""
from __future__ import annotations


from kural.dsl.loader import load
from kural.interpreter import record
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import new_game
from kural.interpreter.legal import legal_moves

from by_path import ROOT, load_by_path  # noqa: F401  (ROOT: the tests that use these helpers take it from here)
SUITS = "SHDC"
RANKS = "A23456789TJQK"
FULL_DECK = frozenset(r + s for s in SUITS for r in RANKS)
VARIANTS = ("capture-optional", "tie-shared", "guardian-takes-guardians")
# The base game, each variant alone, and all of them at once.
VARIANT_COMBOS = [(), ("capture-optional",), ("tie-shared",), ("guardian-takes-guardians",), VARIANTS]
PLAYERS = (2, 3, 4)




ref = load_by_path("fanti_ref", "tests/reference/fanti_ref.py")

_GAMES: dict = {}


def game(variants=(), sets=(), players=4):
    """A loaded GameDef, cached per (variants, sets, players): loading is the slow part."""
    key = (tuple(variants), tuple(sets), players)
    if key not in _GAMES:
        _GAMES[key] = load("fanti", variants=list(variants), sets=list(sets), players=players)
    return _GAMES[key]


# ----------------------------------------------------------------- cards
def card(g, code: str) -> int:
    c = g.deck.card_of_code(code)
    assert c is not None, code
    return c


def codes(g, cards) -> list[str]:
    return [g.deck.code[c] for c in cards]


# ----------------------------------------------------------------- zones
def zone_id(g, name: str, seat: int = 0) -> int:
    return g.zone(name).first_id + seat


def hand_id(g, seat: int) -> int:
    return zone_id(g, "hand", seat)


def pile_id(g, seat: int) -> int:
    return zone_id(g, "pile", seat)


def table_id(g) -> int:
    return zone_id(g, "table")


def stock_id(g) -> int:
    return zone_id(g, "stock")


def discard_id(g) -> int:
    return zone_id(g, "discard")


def hand_codes(g, s, seat: int) -> list[str]:
    return codes(g, s.zones[hand_id(g, seat)])


def pile_codes(g, s, seat: int) -> list[str]:
    return codes(g, s.zones[pile_id(g, seat)])


def table_codes(g, s) -> list[str]:
    return codes(g, s.zones[table_id(g)])


def var_slot(g, name: str) -> int:
    return next(v.slot for v in g.vars if v.name == name)


def last_capturer(g, s) -> int:
    return s.vars[var_slot(g, "last_capturer")]


def dealer(g, s) -> int:
    return s.vars[var_slot(g, "dealer")]


# ----------------------------------------------------------------- moves
def legal_set(g, s) -> set[tuple[str, frozenset]]:
    """The legal moves as (card played, the set of cards it takes): the rule's vocabulary."""
    play = g.move("play").index
    out = set()
    for index, (c, taken) in legal_moves(s):
        assert index == play
        out.add((g.deck.code[c], frozenset(codes(g, taken))))
    return out


def play_of(g, code: str, taken=()):
    return (g.move("play").index, (card(g, code), [card(g, c) for c in taken]))


def find_play(g, s, code: str, taken=()):
    """The legal move playing `code` and taking exactly `taken` (any order); AssertionError if none."""
    want = (code, frozenset(taken))
    for move in legal_moves(s):
        _, (c, got) = move
        if (g.deck.code[c], frozenset(codes(g, got))) == want:
            return move
    raise AssertionError(f"{code} taking {sorted(taken)} is not a legal move: {sorted(legal_set(g, s))}")


# ------------------------------------------------------------- positions
def position(g, me: int, table, hand, others=None, piles=None, stock=None, discard=(), seed: int = 0,
             last=-1):
    """A state where `me` is to move holding exactly `hand`, with `table` on the table.

    others: {seat: [codes]} for other hands (unnamed hands are empty);
    piles: {seat: [codes]} for the captured piles; stock: the stock's cards
    (top = last), default: every card not placed elsewhere; discard: the
    discarded cards. last: the last capturer (-1: nobody). Zones and `where`
    are both rewritten, so every card is in exactly one place.
    """
    s = new_game(g, seed)
    placed = {table_id(g): list(table), hand_id(g, me): list(hand), discard_id(g): list(discard)}
    for seat, cs in (others or {}).items():
        assert seat != me
        placed[hand_id(g, seat)] = list(cs)
    for seat, cs in (piles or {}).items():
        placed[pile_id(g, seat)] = list(cs)
    if stock is not None:
        placed[stock_id(g)] = list(stock)
    placed = {zid: [card(g, c) for c in cs] for zid, cs in placed.items()}
    used = [c for cs in placed.values() for c in cs]
    assert len(set(used)) == len(used), "a card placed twice"
    unplaced = [c for c in range(g.deck.size) if c not in set(used)]
    if stock is None:
        placed[stock_id(g)] = unplaced
    else:
        assert not unplaced, f"cards placed nowhere: {codes(g, unplaced)}"
    for z in s.zones:
        z.clear()
    for zid, cs in placed.items():
        s.zones[zid] = list(cs)
    for zid, cs in enumerate(s.zones):
        for c in cs:
            s.where[c] = zid
    s.vars[var_slot(g, "last_capturer")] = last
    s.me, s.step = me, 0
    s.cache.clear()
    return s


# ----------------------------------------------------------------- games
def play_game(g, seed: int, bot_kind: str = "random", with_legal: bool = False, on_state=None,
              on_move=None, chooser=None):
    """Play one bot game with its record; return (record, final state).

    on_state(s, moves) is called before every move with the legal moves;
    on_move(before, move, s) after it, `before` being a copy of the state
    before the move. chooser(s, moves) replaces the bot if given.
    """
    s = new_game(g, seed)
    rec = record.start(g, seed, g.seats["en"][:g.players], s)
    bot = make_bot(bot_kind, seed)
    while not s.over:
        moves = legal_moves(s)
        if on_state is not None:
            on_state(s, moves)
        move = chooser(s, moves) if chooser is not None else bot.choose(s, moves)
        before = s.copy() if on_move is not None else None
        record.play(rec["moves"], g, s, move, moves if with_legal else None)
        if on_move is not None:
            on_move(before, move, s)
    record.finish(rec, s)
    return rec, s
