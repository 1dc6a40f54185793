"""The engine: a game definition and a seed in, states and a result out.

The flow is a state machine: a game is rounds until `game_end`; a round is
its setup, then turns until `round_end`; a turn is steps, each offering
moves; a move's `next` says whether the turn goes on (a step name, or
`again`) or ends (the next seat comes from `next_seat`). The game's generated
module decides it (dsl/backend/moves.py apply_move, flow.py start_round and
end_round); the engine starts a game, hands each move to the module, and
keeps the generic parts the module calls (a round's cards back in the deck,
its deal, its scoring sheet).
"""
from __future__ import annotations

from .budget import WORK_LIMIT
from .errors import RULE_FAILURES, PlayError, kept
from .messages import Msg
from .legal import legal_moves, move_key
from .state import Move, State


def new_game(g, seed: int, s: State | None = None) -> State:
    """A game dealt from `seed`; or set up on `s`, a new state given its own generator (interpreter/chance.py)."""
    if s is None:
        s = State(g, seed)  # with the whole work budget
    try:
        g.program.start_game(s)  # every var's start, then the first round (dsl/backend/flow.py start_game)
    except RULE_FAILURES as exc:
        raise PlayError.of(g.where.get("flow", g.source), Msg("setting_up_game"), exc) from None
    return s


TOTAL_OF_POINTS = Msg("total_of_points")  # (made once: it names every round's totals)


# ------------------------------------------------ what a round's generated start and end call
class RoundOver(Exception):
    """The round of a bot's plan ended (State.planned): the plan stops there, so its copy is neither
    scored nor dealt again (interpreter/plans.py). Not a rule's failure: the generated module lets it through."""


def reset_round(s: State) -> None:
    """Every card back in the deck zone, in the deck's order, before a round's vars and setup."""
    if s.planned:
        raise RoundOver
    for zone in s.zones:
        if zone:  # (a new game's are empty)
            zone.clear()
    g = s.g
    order, where = g.deck_lists
    s.zones[g.deck_zone_id] = order.copy()
    s.where = where.copy()


def setup_done(s: State) -> None:
    """A later round's setup dealt cards: that deal is part of the story, as a record tells it, with the
    deck's order after it (its cards bottom first), so that a referee follows every card drawn later in
    the round without playing the rules again (issue 38.9)."""
    if s.deal is not None:
        deck = s.g.deck_zone_id
        _dealt(s, _dealt_cards(s.zones, deck))
        s.deals[-1][1][deck] = list(s.zones[deck])


def round_started(s: State, first, players: int) -> None:
    """The round's first seat (flow.round.first), checked to be a seat; the first round's cards kept as its deal."""
    s.me = first
    if not (isinstance(first, int) and 0 <= first < players):
        raise ValueError(Msg("first_not_seat", value=repr(first), last=players - 1))
    s.step = 0
    s.window = None  # (a round that ended inside a window closed it)
    s.cache.clear()
    if s.deal is None:
        s.deal = list(map(list.copy, s.zones))  # every zone's cards, copied


# ------------------------------------------------ what a window's generated flow calls (dsl/backend/moves.py)
def window_open(s: State, seats, players: int) -> bool:
    """A window opens: its seats (flow.round.turn's `window.seats`, each checked to be a seat) are asked
    in that order, the first now; False, and nothing changed, when the list is empty (it closes at once)."""
    asked = tuple(seats)
    for p in asked:
        if type(p) is not int or not 0 <= p < players:
            raise ValueError(Msg("window_seat_not_seat", value=repr(p), last=players - 1))
    if not asked:
        return False
    s.window = (s.me, asked, 0, 0)
    s.me = asked[0]
    return True


def window_goes_on(s: State, passed: bool) -> bool:
    """After a move in the open window: the next seat of its list is asked (True), unless every seat of it
    has passed since the last other move (False: it closes). Each pass brings the close one seat nearer,
    so a window where nobody plays anything else closes after one round of its seats."""
    owner, asked, at, passes = s.window
    passes = passes + 1 if passed else 0
    if passes >= len(asked):
        return False
    at = at + 1 if at + 1 < len(asked) else 0
    s.window = (owner, asked, at, passes)
    s.me = asked[at]
    return True


def window_close(s: State) -> None:
    """The window closes: the turn is again the seat's whose move opened it."""
    s.me = s.window[0]
    s.window = None


def _dealt_cards(zones: list[list[int]], deck_zone: int) -> list[int]:
    """Every card out of the deck zone, zone by zone (a function of its own: no cell made for every round)."""
    return [c for z, cards in enumerate(zones) if z != deck_zone for c in cards]


def apply(s: State, move: Move) -> None:
    """Play a legal move (the caller has checked it) and advance the flow: the move's function of the
    game's generated module (dsl/backend/moves.py apply_move), which plays its effects and the flow after it."""
    s.g.program.apply[move[0]](s, move)


def deal_after(s: State, before: list[int]) -> None:
    """The deck was `before` and is no longer: the cards that left it, if any, are kept as a deal."""
    where, deck_zone = s.where, s.g.deck_zone_id
    left = s.zones[deck_zone]
    if before[:len(left)] == left:  # dealt from the top, the common case: the cards past what is left
        gone = before[len(left):][::-1]
    else:
        gone = [c for c in reversed(before) if where[c] != deck_zone]  # top first: the order they were dealt
    if gone:
        _dealt(s, gone)
        s.cache.clear()


def _dealt(s: State, cards: list[int]) -> None:
    by_zone: dict[int, list[int]] = {}
    for c in cards:
        by_zone.setdefault(s.where[c], []).append(c)
    s.deals.append((len(s.history), by_zone))


def score_round(s: State, ended: str | None = None) -> None:
    """Every seat's (or team's) points for the round (added to its total) and the round's scoring sheet,
    with the reason the round ended (`ended`, a name of flow.round.end_reasons) when there is one."""
    if s.planned:
        raise RoundOver
    g = s.g
    rr = g.round_result
    units = g.units(rr.per)
    where = rr.where.get("points", g.source)
    values = g.program.round_values
    s.cache.clear()  # the round's score changed the state: the generated values keep what they share in it
    sheet = {"points": [kept(plain_number(values[0](s, i)), where, "round_result.points") for i in units]}
    for name, value in zip(rr.fields, values[1:]):
        sheet[name] = [kept(plain_number(value(s, i)), rr.where.get(name, where), f"round_result.fields.{name}")
                       for i in units]
    s.cache.clear()
    for i, points in enumerate(sheet["points"]):
        s.totals[i] = kept(s.totals[i] + points, where, TOTAL_OF_POINTS)
    sheet["totals"] = list(s.totals)
    if ended is not None:
        sheet["ended"] = ended
    s.sheets.append(sheet)


def find_move(s: State, wanted: Move) -> Move | None:
    """The legal move equal to `wanted`, comparing cards by face (two ♠8 are one move)."""
    key = move_key(s.g, wanted)
    for move in legal_moves(s):
        if move_key(s.g, move) == key:
            return move
    return None


def moves_to_play(s: State) -> list[Move]:
    """The legal moves of the seat to move, for a game that goes on: the engine's one policy for a
    position that is not over and offers no legal move. Such a game can be neither played on nor
    called finished (nobody won, and its record would not replay), so it is an error of the rule file,
    at the step that offers nothing."""
    cache = s.cache
    if cache.legal is None and not s.over:  # a new position: legal_moves written out (the hot path of every move)
        ahead = cache.ahead  # a plan that reached this position on a copy has its legal moves (plans.py)
        known = ahead(s) if ahead is not None else None
        if known is None:
            known = s.g.program.moves[s.step](s)
        cache.legal = known
        if known:
            return known.copy()  # a list of the caller's own, as legal_moves gives
    moves = legal_moves(s)
    if moves or s.over:
        return moves
    raise no_move(s)


def no_move(s: State) -> PlayError:
    """The error of a position that is not over and offers no legal move (its own function: the names it
    reads are no cells that every call of moves_to_play would make)."""
    g = s.g
    step = g.steps[s.step]
    names = ", ".join(f"`{g.moves[i].name}`" for i in step.moves)
    return PlayError(step.where or g.where.get("flow", g.source),
                     Msg("seat_has_no_legal", me=s.me, len_s_history_1=len(s.history) + 1, name=step.name, names=names),
                     Msg("every_position_must_offer"))


def result(s: State, hands: bool = True) -> dict:
    """The result of a game (the record's `result`); without its `hands` when not `hands` (the statistics of
    `kural simulate` count none: the codes of the cards left were 1% of a short random game)."""
    s.work = WORK_LIMIT  # a new phase: the whole budget (budget.renew, written out)
    try:
        return _result(s, hands)
    except RULE_FAILURES as exc:
        raise PlayError.of(s.g.where.get("result", s.g.source), Msg("result_what"), exc) from None


def _result(s: State, with_hands: bool) -> dict:
    """Winners, scores and fields per seat, or per team (their indexes) with `result.per: team`; hands per seat."""
    g = s.g
    program = g.program
    winners, scores = program.result(s)  # the game's generated module (dsl/backend/flow.py result_values)
    out = {"winners": winners, "scores": scores}
    if with_hands:
        first, code = g.hand_zone_id, g.deck.code.__getitem__
        hands = out["hands"] = []  # each card's code (loops here, not comprehensions: no cells made every game)
        for hand in s.zones[first:first + g.players]:
            hands.append(list(map(code, hand)))
    for name, values in zip(g.result.fields, program.fields):
        out[name] = values(s)
    if g.round_result is not None:
        out["rounds"] = [sheet["points"] for sheet in s.sheets]
        out["round_sheets"] = [dict(sheet) for sheet in s.sheets]
    if s.aborted:
        out["aborted"] = True
    return out


def plain_number(v):
    """A whole float as the int it is (a score of 3.0 is kept and shown as 3); anything else as it is."""
    return int(v) if isinstance(v, float) and v.is_integer() else v
