"""Where legal moves are made: every instance of the current step's moves
whose choices are in their domains and whose guard holds."""
from __future__ import annotations

from .budget import MAX_LEGAL, WORK_LIMIT, exhausted, too_many_moves
from .errors import RULE_FAILURES, PlayError
from .messages import Msg
from .state import Move, State

RAW_LEGAL = 5 * MAX_LEGAL  # instances of one move found before two ways of offering one group are merged
NEVER = "_never"  # the guard dsl/specialize.py gives a position where a check that reads no choice is false


def legal_moves(s: State) -> list[Move]:
    """Every legal move of the seat to move, in the rule file's order (at most budget.MAX_LEGAL); worked
    out once per position (s.cache.legal, forgotten by every move), each caller given a list of its own."""
    if s.over:
        return []
    known = s.cache.legal
    if known is None:  # the generated module's moves_N (dsl/codegen.py) renews the work budget, as the closures do
        program = s.g.program
        known = s.cache.legal = program.moves[s.step](s) if program is not None else closure_moves(s)
    else:
        s.work = WORK_LIMIT  # a new phase of the move: the whole budget (budget.renew, written out on this hot path)
    return known[:]


def closure_moves(s: State) -> list[Move]:
    """The legal moves of the position from the closures (a game without its generated module)."""
    s.work = WORK_LIMIT
    g = s.g
    out: list[Move] = []
    for index in g.steps[s.step].moves:
        m = g.moves[index]
        try:
            found = instances(s, m)
        except RULE_FAILURES as exc:
            raise PlayError.of(m.where, Msg("choices_or_guard", name=m.name), exc) from None
        if found:
            s.cache[index] = True
            out += [(index, values) for values in found]
            if len(out) > MAX_LEGAL:
                raise too_many_moves(m.where, m.name)
        else:
            s.cache[index] = False
    return out


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
    """The choice tuples of move m that are legal now."""
    program = s.g.program
    if program is not None:  # the game's generated module (dsl/codegen.py)
        return program.legal[m.index](s, first_only)
    guard = m.specialize(s) if m.specialize is not None else m.guard
    if getattr(guard, "__name__", None) == NEVER:  # no option can pass here: its options are not even listed
        return []
    env = {}
    choices = m.choices
    if not choices:
        return [()] if guard(s, env) else []
    if len(choices) == 1:
        return _single(s, m, choices[0], guard, env, first_only)
    out: list[tuple] = []
    merge = None
    if not first_only and (m.has_card_lists or (m.has_cards and s.g.deck_has_twins)):  # two ♠8 are one option
        merge = _Merge(s.g, m)
    _product(s, m, guard, 0, env, [], out, first_only, merge)
    if merge is not None and merge.everywhere and len(out) > 1:
        out = distinct(s.g, m, out)
    return out


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
    """distinct for moves (index, choices), as the generated step lists them (dsl/codegen.py)."""
    seen, out = set(), []
    for move in found:
        key = move_key(g, move)
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out


class _Merge:
    """How two ways of offering one move are merged into one (move_key) while the choices are tried. Two
    instances that differ in an earlier choice differ as moves as long as every earlier choice's options
    differ as keys (the cards of a zone, in a deck without twins, always do): then only the options of
    the last choice tried after the same earlier ones are compared, and only when there are two or more.
    Otherwise (`everywhere`) the instances are all compared at the end, as move_key says."""

    __slots__ = ("faces", "twins", "everywhere")

    def __init__(self, g, m):
        self.faces, self.twins = g.deck.face, g.deck_has_twins
        self.everywhere = False

    def options_differ(self, choice, items) -> bool:
        """Do these options of an earlier choice all differ as keys?"""
        if len(items) < 2 or (choice.domain_is_zone and choice.of_cards and not self.twins):
            return True
        try:
            keys = {_key_of(choice, v, self.faces) for v in items}
        except TypeError:  # an option that is no key (a list of lists): compared at the end, as before
            return False
        return len(keys) == len(items)

    def last(self, choice, out: list, start: int) -> None:
        """Keep the first of the instances out[start:] (the last choice's options after the same earlier
        ones) that are one move."""
        try:
            _merge_last(self.faces, choice, out, start)
        except TypeError:  # compared at the end, as move_key does, with the same outcome
            self.everywhere = True


def distinct_last(g, choice, out: list, start: int) -> None:
    """_Merge.last for the generated module (dsl/codegen.py), whose earlier choices' options always differ
    as keys and whose last choice is of cards or of groups of cards (keys that are never unhashable)."""
    _merge_last(g.deck.face, choice, out, start)


def distinct_last_moves(g, choice, out: list, start: int) -> None:
    """distinct_last for moves (index, choices), as the generated step lists them (dsl/codegen.py)."""
    faces, seen, kept = g.deck.face, set(), []
    for move in out[start:]:
        key = _key_of(choice, move[1][-1], faces)
        if key not in seen:
            seen.add(key)
            kept.append(move)
    out[start:] = kept


def distinct_options(g, choice, items: list) -> list:
    """The options of a move's last choice, each key once (the first), when every option is legal: the moves
    made of them are those distinct_last_moves keeps of the moves made of them all (dsl/codegen.py)."""
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


def _domain(s: State, m, choice, env: dict):
    """The options of a choice, their trial paid from the move's work budget (interpreter/budget.py)."""
    items = choice.domain(s, env)
    if choice.domain_is_zone:
        items = s.zones[items]
    s.work -= m.guard_weight * len(items)
    if s.work < 0:
        raise exhausted(m.where, Msg("choices_of", name=m.name))
    return items


def _single(s, m, choice, guard, env, first_only):
    name, out = choice.name, []
    faces = s.g.deck.face if (choice.of_cards and s.g.deck_has_twins) else None
    seen = set()
    for v in _domain(s, m, choice, env):
        if faces is not None:
            if faces[v] in seen:
                continue
            seen.add(faces[v])
        env[name] = v
        if guard(s, env):
            out.append((v,))
            if first_only:
                break
    return out


def _product(s, m, guard, i, env, picked, out, first_only, merge):
    choice = m.choices[i]
    if i == len(m.choices) - 1:  # the last choice: its values are tried here, each with the guard
        name, start = choice.name, len(out)
        items = _domain(s, m, choice, env)
        if not m.checks and m.specialize is None:  # no guard: every option is legal
            out += [(*picked, v) for v in (items[:1] if first_only else items)]
            if first_only:
                return
        else:
            for v in items:
                env[name] = v
                if guard(s, env):
                    out.append((*picked, v))
                    if first_only:
                        return
        if merge is not None and len(out) - start > 1 and not merge.everywhere:
            merge.last(choice, out, start)
        if len(out) > RAW_LEGAL:  # before all are merged: memory stays bounded however choices multiply
            raise too_many_moves(m.where, m.name)
        return
    items = _domain(s, m, choice, env)
    if merge is not None and not merge.everywhere and not merge.options_differ(choice, items):
        merge.everywhere = True
    for v in items:
        env[choice.name] = v
        picked.append(v)
        _product(s, m, guard, i + 1, env, picked, out, first_only, merge)
        picked.pop()
        if first_only and out:
            return


def refusal(s: State, index: int, values: tuple):
    """Why move `index` with these choices is not legal: the first failing check, or None if legal."""
    m = s.g.moves[index]
    env = {c.name: v for c, v in zip(m.choices, values)}
    for check in m.checks:
        if not check.test(s, env):
            return check
    return None


def move_key(g, move: Move) -> tuple:
    index, values = move
    faces = g.deck.face
    return index, tuple([_key_of(c, v, faces) for c, v in zip(g.moves[index].choices, values)])


def _freeze(v):
    return tuple(v) if isinstance(v, list) else v
