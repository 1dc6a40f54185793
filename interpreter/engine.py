"""The engine: a game definition and a seed in, states and a result out.

The flow is a state machine: a game is rounds until `game_end`; a round is
its setup, then turns until `round_end`; a turn is steps, each offering
moves; a move's `next` says whether the turn goes on (a step name, or
`again`) or ends (the next seat comes from `next_seat`).
"""
from __future__ import annotations

import functools

from .budget import WORK_LIMIT
from .errors import RULE_FAILURES, PlayError, kept
from .messages import Msg
from .legal import closure_moves, legal_moves, move_key
from .runtime import seat_of
from .state import NOWHERE, Move, State, forget


def new_game(g, seed: int) -> State:
    s = State(g, seed)  # with the whole work budget
    try:
        for v in g.vars:
            _init_var(s, v)
        _start_round(s)
    except RULE_FAILURES as exc:
        raise PlayError.of(g.where.get("flow", g.source), Msg("setting_up_game"), exc) from None
    return s


@functools.lru_cache(maxsize=1024)
def _start_what(name: str) -> Msg:
    """What a var's start is called in its error, made once per name: a message is text formatted when
    made, and a game sets every var up at its start."""
    return Msg("start_what", name=name)


TOTAL_OF_POINTS = Msg("total_of_points")  # (made once: it names every round's totals)


def _init_var(s: State, v) -> None:
    what = _start_what(v.name)
    if v.per != "none":  # per seat (the local `seat`) or per team (the local `team`)
        for i in s.g.units(v.per):
            s.vars[v.slot + i] = kept(v.start(s, {v.per: i}), v.where, what)
    else:
        s.vars[v.slot] = kept(v.start(s, {}), v.where, what)


def _start_round(s: State) -> None:
    """Every card back in the deck zone, the round's vars, its setup and its first seat."""
    g = s.g
    for zone in s.zones:
        if zone:  # (a new game's are empty)
            zone.clear()
    deck_zone = g.deck_zone_id
    size = g.deck.size
    s.zones[deck_zone] = list(range(size))
    s.where = [deck_zone] * size + [NOWHERE]
    for v in g.vars:
        if v.scope == "round":
            _init_var(s, v)
    g.round_setup(s, {})
    if s.deal is not None:  # a later round: its deal is part of the story, as a record tells it
        _dealt(s, _dealt_cards(s.zones, deck_zone))
    me = s.me = g.first_seat(s, {})
    if not (isinstance(me, int) and 0 <= me < g.players):
        raise ValueError(Msg("first_not_seat", value=repr(me), last=g.players - 1))
    s.step = 0
    s.cache.clear()
    if s.deal is None:
        s.deal = list(map(list.copy, s.zones))  # every zone's cards, copied


def _dealt_cards(zones: list[list[int]], deck_zone: int) -> list[int]:
    """Every card out of the deck zone, zone by zone (a function of its own: no cell made for every round)."""
    return [c for z, cards in enumerate(zones) if z != deck_zone for c in cards]


def apply(s: State, move: Move) -> None:
    """Play a legal move (the caller has checked it) and advance the flow."""
    program = s.g.program
    if program is not None:  # the game's generated module (dsl/codegen.py)
        program.apply[move[0]](s, move)
        return
    g = s.g
    index, values = move
    m = g.moves[index]
    env = dict(zip(m.choice_names, values))
    s.history.append((s.me, move))
    s.work = WORK_LIMIT  # a new phase of the move: the whole budget (budget.renew, written out on this hot path)
    try:
        m.effects(s, env)
    except RULE_FAILURES as exc:
        raise PlayError.of(m.where, Msg("effects_what", name=m.name), exc) from None
    forget(s.cache)
    try:
        if g.after_move is not None:
            after_move(s, env)
        if g.round_end(s, env):
            end_round(s, env)
        elif m.next_step == "end":
            s.me = seat_of(g.next_seat(s, env), g.players)  # checked: everything read by `me` counts on it
            s.step = 0
        elif m.next_step != "again":
            s.step = g.step_index[m.next_step]
    except RULE_FAILURES as exc:
        raise PlayError.of(g.where.get("flow", g.source), Msg("flow_after", name=m.name), exc) from None
    if not s.over and len(s.history) >= g.max_moves:
        s.over = s.aborted = True


def after_move(s: State, env: dict) -> None:
    """The flow's own effects after a move; the cards they take from the deck (a new deal) are kept as a deal."""
    program = s.g.program
    if program is not None:  # the game's generated module (dsl/codegen.py): the same, written out
        program.after_move(s, env)
        return
    deck_zone = s.g.deck_zone_id
    before = s.zones[deck_zone][:]
    s.g.after_move(s, env)
    if s.zones[deck_zone] != before:  # the common case: the deck as it was, so no card left it
        deal_after(s, before)


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


def end_round(s: State, env: dict) -> None:
    g = s.g
    ended = _end_reason(s, env) if g.end_reasons else None  # as the round ended, before its score changes it
    g.round_score(s, env)
    if g.round_result is not None:
        _score_round(s, ended)
    s.rounds_played += 1
    if g.game_end(s, env):
        s.over = True
    else:
        _start_round(s)


def _end_reason(s: State, env: dict) -> str | None:
    """The name of the first of flow.round.end_reasons that holds, or None."""
    for reason in s.g.end_reasons:
        if reason.when(s, env):
            return reason.name
    return None


def _score_round(s: State, ended: str | None = None) -> None:
    """Every seat's (or team's) points for the round (added to its total) and the round's scoring sheet,
    with the reason the round ended (`ended`, a name of flow.round.end_reasons) when there is one."""
    g = s.g
    rr = g.round_result
    per, units = rr.per, g.units(rr.per)
    where = rr.where.get("points", g.source)
    values = _round_values(g)
    s.cache.clear()  # the round's score changed the state: the generated values keep what they share in it
    sheet = {"points": [kept(_plain(values[0](s, i)), where, "round_result.points") for i in units]}
    for name, value in zip(rr.fields, values[1:]):
        sheet[name] = [kept(_plain(value(s, i)), rr.where.get(name, where), f"round_result.fields.{name}")
                       for i in units]
    s.cache.clear()
    for i, points in enumerate(sheet["points"]):
        s.totals[i] = kept(s.totals[i] + points, where, TOTAL_OF_POINTS)
    sheet["totals"] = list(s.totals)
    if ended is not None:
        sheet["ended"] = ended
    s.sheets.append(sheet)


def _round_values(g) -> list:
    """The points and each field of a round's sheet as functions of (state, seat or team): the generated
    module's (dsl/codegen.py), or the closures'."""
    if g.program is not None:
        return g.program.round_values
    rr = g.round_result
    return [(lambda s, i, fn=fn: fn(s, {rr.per: i})) for fn in [rr.points, *rr.fields.values()]]


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
            program = s.g.program
            known = program.moves[s.step](s) if program is not None else closure_moves(s)
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


def result(s: State) -> dict:
    s.work = WORK_LIMIT  # a new phase: the whole budget (budget.renew, written out)
    try:
        return _result(s)
    except RULE_FAILURES as exc:
        raise PlayError.of(s.g.where.get("result", s.g.source), Msg("result_what"), exc) from None


def _result(s: State) -> dict:
    """Winners, scores and fields per seat, or per team (their indexes) with `result.per: team`; hands per seat."""
    g = s.g
    per = g.result.per
    where = g.result.where
    program = g.program
    if program is not None and program.result is not None:  # the game's generated module (dsl/codegen.py)
        winners, scores = program.result(s)
    else:
        winners, scores = [], []
        for i in g.units(per):
            env = {per: i}
            if g.result.winner(s, env):
                winners.append(i)
            scores.append(kept(_plain(g.result.score(s, env)), where.get("score", g.source), "result.score"))
    out = {"winners": winners, "scores": scores}
    first, code = g.hand_zone_id, g.deck.code.__getitem__
    hands = out["hands"] = []  # each card's code (loops here, not comprehensions: no cells made every game)
    for hand in s.zones[first:first + g.players]:
        hands.append(list(map(code, hand)))
    for name, expr in g.result.fields.items():
        out[name] = _field(s, g, name, expr)
    if g.round_result is not None:
        out["rounds"] = [sheet["points"] for sheet in s.sheets]
        out["round_sheets"] = [dict(sheet) for sheet in s.sheets]
    if s.aborted:
        out["aborted"] = True
    return out


def _field(s: State, g, name: str, expr) -> list:
    """A field of the result (result.fields), per seat or per team."""
    per, where = g.result.per, g.result.where.get(name, g.source)
    return [kept(_plain(expr(s, {per: i})), where, f"result.fields.{name}") for i in g.units(per)]


def _plain(v):
    return int(v) if isinstance(v, float) and v.is_integer() else v
