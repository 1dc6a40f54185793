"""Shared helpers for the Kanasta rule tests (RULES.md §3a, C1-C22; games/canasta.yaml).

Not a test module: it loads the game once, builds positions for single-rule
tests by placing cards directly (every card in exactly one zone, `where`
kept in step), reads and writes the game's variables by name, and finds
moves by what they do. The rules themselves are restated in the tests.
"""
from __future__ import annotations

from kural.cli.simulate import SEAT_STRIDE
from node_oracle import compiled
from kural.interpreter.bots import make_bot
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves, refusal

FI_SIZE = 11
_GAME = []


def game():
    """The base game (4 players), loaded once: loading is the slow part."""
    if not _GAME:
        _GAME.append(compiled("canasta"))  # never read back from the cache: C22's tests ask its game_end's node
    return _GAME[0]


# ----------------------------------------------------------------- cards
def cards_of(g, codes, taken=None) -> list[int]:
    """One physical card per code; a code given twice takes the deck's second copy."""
    taken = set() if taken is None else taken
    out = []
    for code in codes:
        c = next((c for c in range(g.deck.size) if g.deck.code[c] == code and c not in taken), None)
        assert c is not None, f"no free card {code}"
        taken.add(c)
        out.append(c)
    return out


def codes(g, cards) -> list[str]:
    return [g.deck.code[c] for c in cards]


# ----------------------------------------------------------------- zones
def zid(g, name: str, owner: int = 0) -> int:
    return g.zone(name).first_id + owner


def hand(g, seat: int) -> int:
    return zid(g, "hand", seat)


def picked(g, seat: int) -> int:
    return zid(g, "picked", seat)


def area(g, team: int) -> list[int]:
    """The group zone ids of a partnership's melds."""
    return g.owner_ids(g.zone("laid"), team)


def groups(g, s, team: int) -> list[int]:
    """The non-empty melds of a partnership (zone ids)."""
    return [z for z in area(g, team) if s.zones[z]]


def zone_codes(g, s, z: int) -> list[str]:
    return codes(g, s.zones[z])


# ----------------------------------------------------------------- vars
def _var(g, name: str):
    return next(v for v in g.vars if v.name == name)


def var(g, s, name: str, index: int = 0):
    """A variable's value: `index` is the seat, team or group zone id of a per-seat/team/group var."""
    return s.vars[_var(g, name).slot + index]


def set_var(g, s, name: str, value, index: int = 0) -> None:
    s.vars[_var(g, name).slot + index] = value
    s.cache.clear()


# ------------------------------------------------------------- positions
def position(g, me: int, step: str = "meld", hands=None, melds=None, pile=(), fi1=None, fi2=None,
             picked_=None, stock=None, rest: str = "stock", opened=(), fi_taken=(0, 0), totals=(0, 0),
             forced=(0, 0), kinds=None, seed: int = 1):
    """A state where `me` is to move in `step` ("draw": a turn's start; "meld": after the draw).

    hands: {seat: [codes]} (unnamed hands are empty); melds: {team: [[codes], ...]}, laid as that
    partnership's groups 1, 2, ...; pile: the discard pile (top = last); fi1/fi2: the fi packets
    (None: 11 cards not placed elsewhere, []: taken); picked_: {seat: [codes]}; stock: its cards
    (top = last; None: every card not placed elsewhere); rest: where the cards not placed go when
    the stock is given ("pile": under the pile). opened: the seats that have opened; fi_taken,
    totals, forced: per partnership; kinds: {(team, group number from 0): canasta_kind}.
    """
    s = new_game(g, seed)
    taken: set[int] = set()
    placed: dict[int, list[int]] = {}
    for seat, cs in (hands or {}).items():
        placed[hand(g, seat)] = cards_of(g, cs, taken)
    for team, ms in (melds or {}).items():
        for z, cs in zip(area(g, team), ms):
            placed[z] = cards_of(g, cs, taken)
    placed[zid(g, "pile")] = cards_of(g, pile, taken)
    for seat, cs in (picked_ or {}).items():
        placed[picked(g, seat)] = cards_of(g, cs, taken)
    if stock is not None:
        placed[zid(g, "stock")] = cards_of(g, stock, taken)
    for name, given in (("fi1", fi1), ("fi2", fi2)):
        if given is not None:
            placed[zid(g, name)] = cards_of(g, given, taken)
    free = [c for c in range(g.deck.size) if c not in taken]
    for name, given in (("fi1", fi1), ("fi2", fi2)):
        if given is None:
            placed[zid(g, name)], free = free[:FI_SIZE], free[FI_SIZE:]
    if stock is None:
        placed[zid(g, "stock")] = free
    elif free:
        assert rest == "pile", f"cards placed nowhere: {codes(g, free)}"
        placed[zid(g, "pile")] = free + placed[zid(g, "pile")]
    for z in s.zones:
        z.clear()
    for z, cs in placed.items():
        s.zones[z] = list(cs)
    for z, cs in enumerate(s.zones):
        for c in cs:
            s.where[c] = z
    assert sorted(c for z in s.zones for c in z) == list(range(g.deck.size))
    for seat in opened:
        set_var(g, s, "opened", 1, seat)
    for team in (0, 1):
        set_var(g, s, "fi_taken", fi_taken[team], team)
        set_var(g, s, "forced", forced[team], team)
    s.totals = list(totals)
    for (team, n), kind in (kinds or {}).items():
        set_var(g, s, "canasta_kind", kind, area(g, team)[n])
    s.me, s.step = me, g.step_index[step]
    s.cache.clear()
    return s


# ----------------------------------------------------------------- moves
def moves_named(g, s, name: str) -> list:
    return [mv for mv in legal_moves(s) if g.moves[mv[0]].name == name]


def _face_key(g, values) -> tuple:
    out = []
    for v in values:
        if isinstance(v, list):
            out.append(tuple(sorted(g.deck.code[c] for c in v)))
        else:
            out.append(v)
    return tuple(out)


def find(g, s, name: str, *values):
    """The legal `name` move with these choices (cards by code; a meld as a list of codes, any order;
    a group by its zone id); None if there is none."""
    want = []
    for v in values:
        if isinstance(v, (list, tuple)):
            want.append(tuple(sorted(v)))
        elif isinstance(v, str):
            want.append(v)
        else:
            want.append(v)
    for mv in moves_named(g, s, name):
        got = []
        for c, v in zip(g.moves[mv[0]].choices, mv[1]):
            if c.of_card_lists:
                got.append(tuple(sorted(g.deck.code[x] for x in v)))
            elif c.of_cards:
                got.append(g.deck.code[v])
            else:
                got.append(v)
        if tuple(got) == tuple(want):
            return mv
    return None


def play(g, s, name: str, *values) -> None:
    """Play the legal `name` move with these choices; AssertionError (with the refusal) if it is not legal."""
    mv = find(g, s, name, *values)
    assert mv is not None, f"{name} {values} is not legal: {why_not(g, s, name, *values)}"
    apply(s, mv)


def instance(g, s, name: str, *values) -> tuple:
    """A move's choice values built from codes in the mover's hand (for refusal()): cards by code,
    a meld as a list of codes, a group as its zone id."""
    m = g.move(name)
    mine = list(s.zones[hand(g, s.me)])
    out = []
    for c, v in zip(m.choices, values):
        if c.of_card_lists:
            out.append(_take(g, mine, v))
        elif c.of_cards:
            out.append(_take(g, mine, [v])[0])
        else:
            out.append(v)
    return m.index, tuple(out)


def _take(g, pool: list[int], wanted) -> list[int]:
    got = []
    for code in wanted:
        c = next(c for c in pool if g.deck.code[c] == code)
        pool.remove(c)
        got.append(c)
    return got


def why_not(g, s, name: str, *values):
    """The rule that refuses the move (the failing check's rule), None if every check passes."""
    index, vals = instance(g, s, name, *values)
    check = refusal(s, index, vals)
    return None if check is None else check.rule


def turn(g, s, discard_code: str | None = None) -> None:
    """A quiet turn for the seat to move: draw, then discard `discard_code` (default: the card drawn)."""
    play(g, s, "draw")
    code = discard_code or g.deck.code[s.zones[hand(g, s.me)][-1]]
    play(g, s, "discard", code)


# ------------------------------------------------------- seeded bot games
def heuristic_game(g, seed: int):
    """The game `kural simulate --seed SEED -n 1 --bots heuristic` plays: its state and its bots
    (each seat's bot seeded as simulate seeds it)."""
    return new_game(g, seed), [make_bot("heuristic", seed * SEAT_STRIDE + seat) for seat in range(g.players)]


def bots_to_move(g, seed: int, moves: int):
    """The heuristic bots' game of this seed after that many moves (the record's move number)."""
    s, bots = heuristic_game(g, seed)
    while len(s.history) < moves and not s.over:
        apply(s, bots[s.me].choose(s, legal_moves(s)))
    assert len(s.history) == moves, f"the game of seed {seed} ends before move {moves}"
    return s


def bots_to_the_end_of_hand(g, seed: int, hand_no: int):
    """The heuristic bots' game of this seed just after hand `hand_no` (from 1) is scored, and each
    partnership's melds (by codes) as they were before the move that ended it."""
    s, bots = heuristic_game(g, seed)
    melds: list = []
    while s.rounds_played < hand_no and not s.over:
        if s.rounds_played == hand_no - 1:
            melds = [[zone_codes(g, s, z) for z in groups(g, s, team)] for team in range(len(g.teams))]
        apply(s, bots[s.me].choose(s, legal_moves(s)))
    assert s.rounds_played == hand_no, f"the game of seed {seed} ends before hand {hand_no}"
    return s, melds
