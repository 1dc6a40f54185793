"""Where legal moves are made: the game's generated module lists every instance of the current step's
moves whose choices are in their domains and whose guard holds (`moves_N`, written by dsl/backend/steps.py
and options.py); here it is asked once per position and kept, and a refusal runs the same checks."""
from __future__ import annotations

from .budget import MAX_LEGAL, WORK_LIMIT
from .state import Move, State

RAW_LEGAL = 5 * MAX_LEGAL  # instances of one move found before two ways of offering one group are merged


def legal_moves(s: State) -> list[Move]:
    """Every legal move of the seat to move, in the rule file's order (at most budget.MAX_LEGAL); worked
    out once per position (s.cache.legal, forgotten by every move), each caller given a list of its own."""
    if s.over:
        return []
    known = s.cache.legal
    if known is None:  # the generated module's moves_N (dsl/backend/steps.py) renews the work budget
        known = s.cache.legal = s.g.program.moves[s.step](s)
    else:
        s.work = WORK_LIMIT  # a new phase of the move: the whole budget (budget.renew, written out on this hot path)
    return known[:]


def any_legal(s: State, index: int) -> bool:
    """Has the seat to move a legal instance of this move? (Cached per position; a move of the step whose
    legal moves are known has one if it is among them: the generated moves_N keep no answer of their own.)"""
    cache = s.cache
    known = cache.get(index)
    if known is None:
        listed = cache.legal
        if listed is not None and index in s.g.steps[s.step].moves:
            known = any(move[0] == index for move in listed)
        else:
            known = bool(instances(s, s.g.moves[index], first_only=True))
        cache[index] = known
    return known


def instances(s: State, m, first_only: bool = False) -> list[tuple]:
    """The choice tuples of move m that are legal now (the game's generated module, dsl/backend/options.py)."""
    return s.g.program.legal[m.index](s, first_only)


def distinct(g, m, found: list[tuple]) -> list[tuple]:
    """One instance per move: two ways of offering the same group of cards (a sum that is also a pair)
    are one move."""
    seen, out = set(), []
    for values in found:
        key = move_key(g, (m.index, values))
        if key not in seen:
            seen.add(key)
            out.append(values)
    return out


def distinct_moves(g, m, found: list) -> list:
    """distinct for moves (index, choices), as the generated step lists them (dsl/backend/)."""
    seen, out = set(), []
    for move in found:
        key = move_key(g, move)
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out


def distinct_last(g, choice, out: list, start: int) -> None:
    """The last choice's options that are one move, merged, for the generated module (dsl/backend/), whose
    earlier choices' options always differ as keys and whose last choice is of cards or of groups of cards
    (keys that are never unhashable)."""
    _merge_last(g.deck.face, choice, out, start)


def distinct_last_moves(g, choice, out: list, start: int) -> None:
    """distinct_last for moves (index, choices), as the generated step lists them (dsl/backend/)."""
    faces, seen, kept = g.deck.face, set(), []
    for move in out[start:]:
        key = _key_of(choice, move[1][-1], faces)
        if key not in seen:
            seen.add(key)
            kept.append(move)
    out[start:] = kept


def distinct_options(g, choice, items: list) -> list:
    """The options of a move's last choice, each key once (the first), when every option is legal: the moves
    made of them are those distinct_last_moves keeps of the moves made of them all (dsl/backend/)."""
    if len(items) < 2:
        return items
    faces, seen, kept = g.deck.face, set(), []
    for v in items:
        key = _key_of(choice, v, faces)
        if key not in seen:
            seen.add(key)
            kept.append(v)
    return kept


def _merge_last(faces, choice, out: list, start: int) -> None:
    seen, kept = set(), []
    for values in out[start:]:
        key = _key_of(choice, values[-1], faces)
        if key not in seen:
            seen.add(key)
            kept.append(values)
    out[start:] = kept


def _key_of(choice, v, faces):
    """One choice's part of move_key: a card by its face, a group of cards by its faces in any order."""
    if choice.of_cards and v is not None:
        return faces[v]
    if choice.of_card_lists:
        return tuple(sorted([faces[x] for x in v]))
    return _freeze(v)


def refusal(s: State, index: int, values: tuple):
    """Why move `index` with these choices is not legal: its first failing check, or None if they all
    hold. Each check is tested by the generated module's function of it (dsl/backend/flow.py move_parts),
    the same code the legal list's guard is written from."""
    m = s.g.moves[index]
    for check, holds in zip(m.checks, s.g.program.checks[index]):
        if not holds(s, *values):
            return check
    return None


def move_key(g, move: Move) -> tuple:
    index, values = move
    faces = g.deck.face
    return index, tuple([_key_of(c, v, faces) for c, v in zip(g.moves[index].choices, values)])


def _freeze(v):
    return tuple(v) if isinstance(v, list) else v
