"""An oracle for the generated module: the game played by the closures the compiler checked it with.

Not a test module. Play runs only the generated module (dsl/backend/program.py Program); the tests that check it
against another reading of the same rule file put a ClosureProgram in its place (`with closures(g):`),
which answers the engine's calls (legal moves, the play of a move, the flow, the result, the checks)
by the closures dsl/compiler.py made beside the typed program. It is the engine's closure path as it was
before the whole game was generated (issue 36), kept here, outside the package, as a second meaning to
compare with.
"""
from __future__ import annotations

import contextlib

from kural.interpreter.budget import MAX_LEGAL, WORK_LIMIT, exhausted, too_many_moves
from kural.interpreter.engine import _dealt, _dealt_cards, deal_after, reset_round, round_started
from kural.interpreter.errors import RULE_FAILURES, PlayError, kept
from kural.interpreter.legal import RAW_LEGAL, _key_of, _merge_last, distinct
from kural.interpreter.runtime import seat_of
from kural.interpreter.messages import Msg
from kural.interpreter.state import forget


def compiled(game: str, variants=(), sets=(), players=None):
    """The game compiled from its rule files, never read back from the cache: only such a game has the
    compiler's closures (a kept game is plain data, its program and plain fields: issue 36)."""
    from kural.dsl import loader, rulefiles
    return loader._built(rulefiles.resolve(game, list(variants)), list(sets), players)


@contextlib.contextmanager
def closures(g, **parts):
    """The game played by its closures for a while (or only the named parts of its program: `apply=True`)."""
    program = g.program
    oracle = ClosureProgram(g)
    if parts:
        mixed = _Mixed(program)
        for name in parts:
            setattr(mixed, name, getattr(oracle, name))
        oracle = mixed
    g.program = oracle
    try:
        yield oracle
    finally:
        g.program = program


class _Mixed:
    """The generated program with some of its parts the closures'."""

    def __init__(self, program):
        self.__dict__.update(vars(program))


class ClosureProgram:
    """What the engine asks of a game's program, answered by the closures."""

    def __init__(self, g):
        assert g.round_setup is not None, "a game read back from the cache has no closures: load it by compiled()"
        self.g = g
        n = len(g.moves)
        self.moves = [self._moves] * len(g.steps)
        self.legal = [lambda s, first_only=False, m=m: instances(s, m, first_only) for m in g.moves]
        self.apply = [self._apply] * n
        self.prefer = [lambda s, values, index=i: self._key(s, index, values) for i in range(n)]
        self.checks = [[lambda s, *values, c=c, m=m: c.test(s, dict(zip(m.choice_names, values))) for c in m.checks]
                       for m in g.moves]
        self.domains = [[lambda s, *values, c=c, m=m: c.domain(s, dict(zip(m.choice_names, values))) for c in m.choices]
                        for m in g.moves]
        rr = g.round_result
        self.round_values = [] if rr is None else \
            [(lambda s, i, fn=fn: fn(s, {rr.per: i})) for fn in [rr.points, *rr.fields.values()]]
        self.fields = [lambda s, expr=expr: [kept(_plain(expr(s, {g.result.per: i})), g.result.where.get(name, g.source),
                                                  f"result.fields.{name}") for i in g.units(g.result.per)]
                       for name, expr in g.result.fields.items()]
        self.after_move = None if g.after_move is None else self._after_move

    # ------------------------------------------------------------------ the flow
    def start_game(self, s) -> None:
        for v in s.g.vars:
            _init_var(s, v)
        self._start_round(s)

    def _start_round(self, s) -> None:
        g = s.g
        reset_round(s)
        for v in g.vars:
            if v.scope == "round":
                _init_var(s, v)
        g.round_setup(s, {})
        if s.deal is not None:
            _dealt(s, _dealt_cards(s.zones, g.deck_zone_id))
        round_started(s, g.first_seat(s, {}), g.players)

    def _apply(self, s, move) -> None:
        g = s.g
        index, values = move
        m = g.moves[index]
        env = dict(zip(m.choice_names, values))
        s.history.append((s.me, move))
        s.work = WORK_LIMIT
        try:
            m.effects(s, env)
        except RULE_FAILURES as exc:
            raise PlayError.of(m.where, Msg("effects_what", name=m.name), exc) from None
        forget(s.cache)
        try:
            if g.after_move is not None:
                s.g.program.after_move(s)
            if g.round_end(s, env):
                s.g.program.end_round(s)
            elif m.next_step == "end":
                s.me = seat_of(g.next_seat(s, env), g.players)
                s.step = 0
            elif m.next_step != "again":
                s.step = g.step_index[m.next_step]
        except RULE_FAILURES as exc:
            raise PlayError.of(g.where.get("flow", g.source), Msg("flow_after", name=m.name), exc) from None
        if not s.over and len(s.history) >= g.max_moves:
            s.over = s.aborted = True

    def _after_move(self, s) -> None:
        deck_zone = s.g.deck_zone_id
        before = s.zones[deck_zone][:]
        s.g.after_move(s, {})
        if s.zones[deck_zone] != before:
            deal_after(s, before)

    def end_round(self, s) -> None:
        from kural.interpreter.engine import score_round
        g, env = s.g, {}
        ended = next((r.name for r in g.end_reasons if r.when(s, env)), None)
        g.round_score(s, env)
        if g.round_result is not None:
            score_round(s, ended)
        s.rounds_played += 1
        if g.game_end(s, env):
            s.over = True
        else:
            self._start_round(s)

    def result(self, s) -> tuple:
        g = s.g
        per, where = g.result.per, g.result.where
        winners, scores = [], []
        for i in g.units(per):
            env = {per: i}
            if g.result.winner(s, env):
                winners.append(i)
            scores.append(kept(_plain(g.result.score(s, env)), where.get("score", g.source), "result.score"))
        return winners, scores

    # ------------------------------------------------------------------ moves
    def _moves(self, s) -> list:
        s.work = WORK_LIMIT
        g = s.g
        out: list = []
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

    def _key(self, s, index: int, values: tuple) -> tuple:
        g = s.g
        env = dict(zip(g.moves[index].choice_names, values))
        return tuple(float(p.score(s, env)) if p.move in (None, index) else 0.0 for p in g.bot)


def _plain(v):
    return int(v) if isinstance(v, float) and v.is_integer() else v


def _init_var(s, v) -> None:
    what = Msg("start_what", name=v.name)
    if v.per != "none":
        for i in s.g.units(v.per):
            s.vars[v.slot + i] = kept(v.start(s, {v.per: i}), v.where, what)
    else:
        s.vars[v.slot] = kept(v.start(s, {}), v.where, what)


def instances(s, m, first_only: bool = False) -> list[tuple]:
    """The choice tuples of move m that are legal now, by its guard's closures."""
    guard = m.specialize(s) if m.specialize is not None else m.guard
    if getattr(guard, "__name__", None) == "_never":  # no option can pass here
        return []
    env: dict = {}
    choices = m.choices
    if not choices:
        return [()] if guard(s, env) else []
    if len(choices) == 1:
        return _single(s, m, choices[0], guard, env, first_only)
    out: list[tuple] = []
    merge = None
    if not first_only and (m.has_card_lists or (m.has_cards and s.g.deck_has_twins)):
        merge = _Merge(s.g)
    _product(s, m, guard, 0, env, [], out, first_only, merge)
    if merge is not None and merge.everywhere and len(out) > 1:
        out = distinct(s.g, m, out)
    return out


class _Merge:
    def __init__(self, g):
        self.faces, self.twins = g.deck.face, g.deck_has_twins
        self.everywhere = False

    def options_differ(self, choice, items) -> bool:
        if len(items) < 2 or (choice.domain_is_zone and choice.of_cards and not self.twins):
            return True
        try:
            keys = {_key_of(choice, v, self.faces) for v in items}
        except TypeError:
            return False
        return len(keys) == len(items)

    def last(self, choice, out: list, start: int) -> None:
        try:
            _merge_last(self.faces, choice, out, start)
        except TypeError:
            self.everywhere = True


def _domain(s, m, choice, env: dict):
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
    if i == len(m.choices) - 1:
        name, start = choice.name, len(out)
        items = _domain(s, m, choice, env)
        if not m.checks and m.specialize is None:
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
        if len(out) > RAW_LEGAL:
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
