"""An oracle for the generated module: the game played by evaluating the nodes of its typed program.

Not a test module. Play runs only the generated module (dsl/backend/program.py Program); the tests that
check it against a second meaning of the same rule file put a NodeProgram in its place (`with oracle(g):`).
A NodeProgram answers the engine's calls (legal moves, the play of a move, the flow, the result, the
checks) by walking the nodes of dsl/ir.py over the state, one method per node kind: no module is
generated, nothing is kept for a position, no guard is specialised. It reads only the nodes and the plain
fields of a game (never a closure of the compiler: test_node_oracle.py holds it to that), so it is a meaning
of the rule file that shares with the backend only the notions' writers and their runtime (issue 36).

A notion (`ir.Call`) carries only its writer, which gives the Python source of its call: the oracle writes
that one call, its arguments as parameters, compiles it once per node and calls it with the arguments.
"""
from __future__ import annotations

import contextlib
import itertools
import operator

import kural.interpreter.compiled as _rt
from kural.dsl import ir
from kural.dsl.backend.expressions import Rule
from kural.interpreter.budget import MAX_LEGAL, WORK_LIMIT, exhausted, too_many_moves
from kural.interpreter.engine import deal_after, plain_number, reset_round, round_started, score_round, setup_done
from kural.interpreter.engine import window_close, window_goes_on, window_open
from kural.interpreter.errors import RULE_FAILURES, PlayError, kept
from kural.interpreter.legal import RAW_LEGAL, _key_of, _merge_last, distinct
from kural.interpreter.messages import Msg
from kural.interpreter.runtime import seat_of
from kural.interpreter.state import forget


def compiled(game: str, variants=(), sets=(), players=None):
    """The game compiled from its rule files, never read back from the cache: a kept game is plain data,
    its program and plain fields, without the typed program's nodes (issue 36)."""
    from kural.dsl import loader, rulefiles
    return loader._built(rulefiles.resolve(game, list(variants)), list(sets), players)


@contextlib.contextmanager
def oracle(g, **parts):
    """The game played by its nodes for a while (or only the named parts of its program: `apply=True`)."""
    program = g.program
    played = NodeProgram(g)
    if parts:
        mixed = _Mixed(program)
        for name in parts:
            setattr(mixed, name, getattr(played, name))
        played = mixed
    g.program = played
    try:
        yield played
    finally:
        g.program = program


class _Mixed:
    """The generated program with some of its parts the oracle's."""

    def __init__(self, program):
        self.__dict__.update(vars(program))


def node_of(part):
    """The node of a part of the game: the part itself, or the node it carries (`.node`), never its call."""
    return part if part is None or isinstance(part, ir.Node) else part.node


# ------------------------------------------------------------------ the nodes
_BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
           "//": operator.floordiv, "%": operator.mod, "==": operator.eq, "!=": operator.ne,
           "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_FIELDS = {"me": lambda s: s.me, "rounds_played": lambda s: s.rounds_played,
           "moves_played": lambda s: len(s.history), "totals": lambda s: s.totals}


class Nodes:
    """The value of an expression node (`value`) and the run of an effect node (`run`), over a state and
    the locals bound around it (`env`: a move's choices, a rule's argument, `seat` of a result)."""

    def __init__(self):
        self.calls: dict[int, tuple] = {}  # id of a Call node -> (the node, its call compiled)

    def value(self, n, s, env: dict):
        return getattr(self, "v_" + type(n).__name__)(n, s, env)

    def run(self, n, s, env: dict) -> None:
        getattr(self, "r_" + type(n).__name__)(n, s, env)

    # ---------------------------------------------------------- expressions
    def v_Const(self, n, s, env):
        return n.value

    def v_Local(self, n, s, env):
        return env[n.name]

    def v_StateField(self, n, s, env):
        return _FIELDS[n.field](s)

    def v_VarRead(self, n, s, env):
        if n.index is None:
            return s.vars[n.slot]
        i = self.value(n.index, s, env)
        return s.vars[n.slot + (_rt.index(i, n.span, n.per) if n.checked else i)]

    def v_KeyOffset(self, n, s, env):
        return _rt.key_offset(self.value(n.key, s, env), n.offsets, n.name)

    def v_VarList(self, n, s, env):
        return s.vars[n.slot:n.slot + n.span]

    def v_ZoneCards(self, n, s, env):
        return s.zones[self.value(n.zone, s, env)]

    def v_OwnedZone(self, n, s, env):
        owner = self.value(n.owner, s, env)
        if n.span:
            owner = _rt.index(owner, n.span, n.per)
        return n.base + owner * n.per_owner

    def v_Lookup(self, n, s, env):
        return n.table[self.value(n.key, s, env)]

    def v_CardLookups(self, n, s, env):
        card = self.value(n.card, s, env)
        holds = (passes[card] or any(s.where[c] == n.zone for c in wanted[card]) for passes, wanted in n.pairs)
        return all(holds) if n.every else any(holds)

    def v_Cond(self, n, s, env):
        return self.value(n.yes if self.value(n.test, s, env) else n.no, s, env)

    def v_Chain(self, n, s, env):
        for term in n.terms:  # the value of the first term that decides, as Python's `or` and `and`
            v = self.value(term, s, env)
            if bool(v) == (n.op == "or"):
                return v
        return v

    def v_Not(self, n, s, env):
        return not self.value(n.a, s, env)

    def v_Neg(self, n, s, env):
        return -self.value(n.a, s, env)

    def v_Binary(self, n, s, env):
        return _BINARY[n.op](self.value(n.a, s, env), self.value(n.b, s, env))

    def v_SameFace(self, n, s, env):
        return (n.faces[self.value(n.card, s, env)] == n.face) == n.want

    def v_GroupOf(self, n, s, env):
        return _rt.group_of(self.value(n.index, s, env), n.groups, n.name)

    def v_FaceCompare(self, n, s, env):
        a, b = _rt.face_of(n.faces, self.value(n.a, s, env)), _rt.face_of(n.faces, self.value(n.b, s, env))
        return (a == b) == n.want

    def v_Joined(self, n, s, env):
        return [*self.value(n.a, s, env), *self.value(n.b, s, env)]

    def v_Items(self, n, s, env):
        return [self.value(item, s, env) for item in n.items]

    def v_Item(self, n, s, env):
        return self.value(n.items, s, env)[self.value(n.index, s, env)]

    def v_SlotRead(self, n, s, env):
        return self.value(n.part, s, env)  # (worked out at every use: nothing is kept for the position)

    def v_Located(self, n, s, env):
        try:
            return self.value(n.body, s, env)
        except RULE_FAILURES as exc:
            raise PlayError.of(n.where, n.what, exc) from None

    def v_Call(self, n, s, env):
        return self.called(n, s, env, statement=False)

    # ---------------------------------------------------------- effects
    def r_Effects(self, n, s, env):
        for stmt in n.stmts:
            self.run(stmt, s, env)

    def r_Located(self, n, s, env):
        try:
            self.run(n.body, s, env)
        except RULE_FAILURES as exc:
            raise PlayError.of(n.where, n.what, exc) from None

    def r_IfStmt(self, n, s, env):
        self.run(n.yes if self.value(n.test, s, env) else n.no, s, env)

    def r_ForStmt(self, n, s, env):
        items = list(self.value(n.items, s, env))  # read once: the body may change it
        s.work -= n.weight * len(items)  # every pass paid before the first
        if s.work < 0:
            raise exhausted(n.where, Msg("loop_what", name=n.name))
        for item in items:
            env[n.name] = item
            self.run(n.body, s, env)

    def r_Assign(self, n, s, env):
        at = n.slot if n.index is None else n.slot + _rt.index(self.value(n.index, s, env), n.span, n.per)
        v = self.value(n.value, s, env)
        if n.op != "=":
            v = s.vars[at] + v if n.op == "+=" else s.vars[at] - v
        s.vars[at] = kept(v, n.where, n.shown)

    def r_Call(self, n, s, env):
        self.called(n, s, env, statement=True)

    # ---------------------------------------------------------- notions
    def called(self, n, s, env, statement: bool):
        """A notion's call: its writer's source for it, compiled once, run with its arguments (each a
        function that works it out, called where and as often as the source reads it)."""
        known = self.calls.get(id(n))
        if known is None:
            known = self.calls[id(n)] = (n, _Writing(statement).compiled(n))
        args = []
        for a in n.args:
            if isinstance(a, ir.Lambda):  # the rule's body for one item, its argument bound to the item
                args.append(lambda item, a=a: self.value(a.body, s, {**env, a.name: item}))
            else:
                args.append(lambda a=a: self.value(a, s, env))
        return known[1](s, lambda node: self.value(node, s, env), *args)


class _Names:
    """What a writer asks of the module (`x.m`): a name for a value handed to the call (no literal is
    written), a new name, and the sources known to be a seat (none here: every index is checked)."""

    def __init__(self):
        self.handed: dict[str, object] = {}
        self.count = itertools.count()
        self.in_range: dict = {}

    def new(self, prefix: str) -> str:
        return f"{prefix}{next(self.count)}"

    def constant(self, value) -> str:
        name = self.new("k")
        self.handed[name] = value
        return name

    object = literal = constant


class _Writing:
    """The `x` a notion's writer is handed: a call written alone, where nothing is kept for the position
    and no shape of a part is looked for (each such question answered so that the writer writes its plain
    call). A part the writer writes itself, `x(node)`, is worked out by the oracle where the source reads it."""

    def __init__(self, statement: bool):
        self.m, self.frame, self.statement = _Names(), _Frame(), statement

    def __call__(self, node) -> str:
        return f"_node({self.m.object(node)})"

    def state(self, attr: str) -> str:
        return f"s.{attr}"

    def fixed(self, node) -> bool:
        return False  # nothing is kept for the position

    def kept(self, source: str, node=None) -> str:
        return source

    def holds_rule(self, node) -> bool:
        return True  # (a rule is never written once per item of a constant list)

    def reads(self, node, name: str) -> bool:
        return True

    def keyed_by(self, rule):
        return None

    def once_per_option(self, source: str, node) -> str:
        return source

    def once_per_choice(self, source: str, node):
        return None

    def cannot_fail(self, node) -> bool:
        return False

    def looped(self, kind, rule, items, pay=True):
        return None  # the plain any/all/count over a generator or list, against which the module's loops are checked

    def compiled(self, n):
        """The function (s, _node, arguments...) that runs the call node `n` as its writer writes it."""
        params, sources = [], []
        for i, a in enumerate(n.args):
            params.append(f"a{i}")
            if isinstance(a, ir.Lambda):
                var = self.m.new("v")
                sources.append(Rule(var, f"a{i}({var})", a.weight, self.m.literal(a.where),
                                    self.m.literal(Msg("rule_what", name=a.name))))
            else:
                sources.append(f"a{i}()")
        source = n.write(self, sources)
        body = source.split("\n") if self.statement else [f"return {source}"]
        text = f"def call(s, _node, {', '.join(params)}):\n" + "".join(f"    {line}\n" for line in body)
        namespace = {"_rt": _rt, **self.m.handed}
        exec(compile(text, "<kural node oracle>", "exec"), namespace)  # a notion's own writer's source
        return namespace["call"]


class _Frame:
    """What a writer asks of the function it is written in: no move's `can` is known as a local."""

    def __init__(self):
        self.known_moves: dict = {}


# ------------------------------------------------------------------ the program
class NodeProgram:
    """What the engine asks of a game's program, answered by evaluating the nodes of its typed program."""

    def __init__(self, g):
        assert node_of(g.round_setup) is not None, "a game read back from the cache has no nodes: load it by compiled()"
        self.g, self.nodes = g, Nodes()
        n = len(g.moves)
        self.moves = [self._moves] * len(g.steps)
        self.legal = [lambda s, first_only=False, m=m: self.instances(s, m, first_only) for m in g.moves]
        self.apply = [self._apply] * n
        self.prefer = [lambda s, values, index=i: self._key(s, index, values) for i in range(n)]
        self.checks = [[self._of_choices(m, node_of(c)) for c in m.checks] for m in g.moves]
        self.domains = [[self._of_choices(m, node_of(c)) for c in m.choices] for m in g.moves]
        rr = g.round_result
        self.round_values = [] if rr is None else \
            [self._of_unit(rr.per, node_of(part)) for part in [rr.points, *rr.fields.values()]]
        self.fields = [self._field(name, node_of(part)) for name, part in g.result.fields.items()]
        self.after_move = None if g.after_move is None else self._after_move
        self.shown = [tuple(self._of_state(node_of(part)) for part in parts) for _, *parts in g.shown]
        self.meld_values = [(self._of_state(node_of(group), meld), self._of_state(node_of(cards), meld),
                             self._of_state(node_of(when))) for _, meld, group, cards, when, _ in g.meld_values]

    def value(self, part, s, env: dict):
        return self.nodes.value(node_of(part), s, env)

    def run(self, part, s, env: dict) -> None:
        self.nodes.run(node_of(part), s, env)

    def _of_choices(self, m, node):
        """A function of the state and the first of move m's choices (as many as are given)."""
        return lambda s, *values: self.nodes.value(node, s, dict(zip(m.choice_names, values)))

    def _of_unit(self, per: str, node):
        return lambda s, i: self.nodes.value(node, s, {per: i})

    def _of_state(self, node, local: str | None = None):
        if node is None:
            return None
        if local is None:
            return lambda s: self.nodes.value(node, s, {})
        return lambda s, v: self.nodes.value(node, s, {local: v})

    def _field(self, name: str, node):
        r, g = self.g.result, self.g
        where = r.where.get(name, g.source)
        return lambda s: [kept(plain_number(self.nodes.value(node, s, {r.per: i})), where, f"result.fields.{name}")
                          for i in g.units(r.per)]

    # ---------------------------------------------------------- the flow
    def start_game(self, s) -> None:
        for v in s.g.vars:
            self._start_var(s, v)
        self._start_round(s)

    def _start_var(self, s, v) -> None:
        what = Msg("start_what", name=v.name)
        if v.per == "none":
            s.vars[v.slot] = kept(self.value(v.start, s, {}), v.where, what)
            return
        for i in s.g.units(v.per):
            s.vars[v.slot + i] = kept(self.value(v.start, s, {v.per: i}), v.where, what)

    def _start_round(self, s) -> None:
        g = s.g
        reset_round(s)
        for v in g.vars:
            if v.scope == "round":
                self._start_var(s, v)
        self.run(g.round_setup, s, {})
        setup_done(s)
        round_started(s, self.value(g.first_seat, s, {}), g.players)

    def _apply(self, s, move) -> None:
        g = s.g
        index, values = move
        m = g.moves[index]
        env = dict(zip(m.choice_names, values))
        s.history.append((s.me, move))
        s.work = WORK_LIMIT
        try:
            self.run(m.effects, s, env)
        except RULE_FAILURES as exc:
            raise PlayError.of(m.where, Msg("effects_what", name=m.name), exc) from None
        forget(s.cache)
        try:
            if g.after_move is not None:
                s.g.program.after_move(s)
            step = g.steps[s.step]
            if self.value(g.round_end, s, env):
                s.g.program.end_round(s)
            elif s.window is not None and step.window is not None:  # a move in an open window (§5.1)
                until = step.window.until is not None and self.value(step.window.until, s, {})
                if until or not window_goes_on(s, index == step.window.passes):
                    window_close(s)
                    self._window_closed(s, step)
            elif m.next_step == "end":
                self._go_to(s, "end", env)
            elif m.next_step != "again":
                self._go_to(s, m.next_step, env)
        except RULE_FAILURES as exc:
            raise PlayError.of(g.where.get("flow", g.source), Msg("flow_after", name=m.name), exc) from None
        if not s.over and len(s.history) >= g.max_moves:
            s.over = s.aborted = True

    def _go_to(self, s, target: str, env: dict) -> None:
        """The turn goes on to `target`: the next seat's first step, or a step (a window opened as entered)."""
        g = s.g
        if target == "end":
            s.me = seat_of(self.value(g.next_seat, s, env), g.players)
            s.step = 0
            return
        s.step = g.step_index[target]
        window = g.steps[s.step].window
        if window is None:
            return
        closes = window.until is not None and self.value(window.until, s, {})
        if closes or not window_open(s, self.value(window.seats, s, {}), g.players):
            self._window_closed(s, g.steps[s.step])

    def _window_closed(self, s, step) -> None:
        """A window closed: its `after` (cards it takes from the deck kept as a deal), the round's end, else on."""
        if step.window.after is not None:
            before = s.zones[s.g.deck_zone_id][:]
            self.run(step.window.after, s, {})
            if s.zones[s.g.deck_zone_id] != before:
                deal_after(s, before)
        if self.value(s.g.round_end, s, {}):
            s.g.program.end_round(s)
        else:
            self._go_to(s, step.next_step, {})

    def _after_move(self, s) -> None:
        before = s.zones[s.g.deck_zone_id][:]  # the cards that leave the deck are a deal
        self.run(s.g.after_move, s, {})
        if s.zones[s.g.deck_zone_id] != before:
            deal_after(s, before)

    def end_round(self, s) -> None:
        g = s.g
        ended = next((r.name for r in g.end_reasons if self.value(r.when, s, {})), None)
        self.run(g.round_score, s, {})
        if g.round_result is not None:
            score_round(s, ended)
        s.rounds_played += 1
        if self.value(g.game_end, s, {}):
            s.over = True
        else:
            self._start_round(s)

    def result(self, s) -> tuple:
        g = s.g
        per, where = g.result.per, g.result.where
        winners, scores = [], []
        for i in g.units(per):
            if self.value(g.result.winner, s, {per: i}):
                winners.append(i)
            score = self.value(g.result.score, s, {per: i})
            scores.append(kept(plain_number(score), where.get("score", g.source), "result.score"))
        return winners, scores

    # ---------------------------------------------------------- moves
    def _moves(self, s) -> list:
        s.work = WORK_LIMIT
        g = s.g
        out: list = []
        for index in g.steps[s.step].moves:
            m = g.moves[index]
            try:
                found = self.instances(s, m)
            except RULE_FAILURES as exc:
                raise PlayError.of(m.where, Msg("choices_or_guard", name=m.name), exc) from None
            s.cache[index] = bool(found)  # (what `can` asks of the position)
            out += [(index, values) for values in found]
            if len(out) > MAX_LEGAL:
                raise too_many_moves(m.where, m.name)
        return out

    def _key(self, s, index: int, values: tuple) -> tuple:
        g = s.g
        env = dict(zip(g.moves[index].choice_names, values))
        return tuple(float(self.value(p, s, env)) if p.move in (None, index) else 0.0 for p in g.bot)

    def guard(self, m):
        """Move m's guard: all its checks hold for the choices bound in env."""
        checks = [node_of(c) for c in m.checks]
        return lambda s, env: all(self.nodes.value(c, s, env) for c in checks)

    def domain(self, s, m, choice, env: dict):
        """A choice's options given the choices before it, their trial paid from the move's work budget."""
        items = self.nodes.value(node_of(choice), s, env)
        if choice.domain_is_zone:
            items = s.zones[items]
        s.work -= m.guard_weight * len(items)
        if s.work < 0:
            raise exhausted(m.where, Msg("choices_of", name=m.name))
        return items

    def instances(self, s, m, first_only: bool = False) -> list[tuple]:
        """The choice tuples of move m that are legal now, each option tried by the guard."""
        guard, env = self.guard(m), {}
        if not m.choices:
            return [()] if guard(s, env) else []
        if len(m.choices) == 1:
            return self._single(s, m, guard, env, first_only)
        out: list[tuple] = []
        merge = None
        if not first_only and (m.has_card_lists or (m.has_cards and s.g.deck_has_twins)):
            merge = _Merge(s.g)
        self.product(s, m, guard, 0, env, [], out, first_only, merge)
        if merge is not None and merge.everywhere and len(out) > 1:
            out = distinct(s.g, m, out)
        return out

    def _single(self, s, m, guard, env, first_only):
        choice, out = m.choices[0], []
        faces = s.g.deck.face if (choice.of_cards and s.g.deck_has_twins) else None
        seen = set()
        for v in self.domain(s, m, choice, env):
            if faces is not None:  # two cards of one face are one option
                if faces[v] in seen:
                    continue
                seen.add(faces[v])
            env[choice.name] = v
            if guard(s, env):
                out.append((v,))
                if first_only:
                    break
        return out

    def product(self, s, m, guard, i, env, picked, out, first_only, merge) -> None:
        """The options of choice i and those after it, given the choices picked before it."""
        choice = m.choices[i]
        if i == len(m.choices) - 1:
            start = len(out)
            items = self.domain(s, m, choice, env)
            for v in items:
                env[choice.name] = v
                if not m.checks or guard(s, env):
                    out.append((*picked, v))
                    if first_only:
                        return
            if merge is not None and len(out) - start > 1 and not merge.everywhere:
                merge.last(choice, out, start)
            if len(out) > RAW_LEGAL:
                raise too_many_moves(m.where, m.name)
            return
        items = self.domain(s, m, choice, env)
        if merge is not None and not merge.everywhere and not merge.options_differ(choice, items):
            merge.everywhere = True
        for v in items:
            env[choice.name] = v
            picked.append(v)
            self.product(s, m, guard, i + 1, env, picked, out, first_only, merge)
            picked.pop()
            if first_only and out:
                return


class _Merge:
    """Two options that are one move (two ♠8 of a double deck) merged: among the last choice's options
    after the same earlier ones, or over all the options when an earlier choice's options may be twins."""

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


def value_of(part, s, env: dict | None = None):
    """The value of one part of a game (`g.game_end`, a check ...) in state s, by its node."""
    return Nodes().value(node_of(part), s, {} if env is None else env)
