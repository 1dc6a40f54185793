"""The flow of a game outside its moves: a new game and a new round, a round's end (why, its score, the
next round or the game's end), a round's scoring sheet, the result and its fields, and the parts a
refusal or the table asks for (each check and choice's options, the values shown).
"""
from __future__ import annotations

from kural.interpreter.messages import Msg
from kural.interpreter.numbers import LIMIT

from .. import ir
from .expressions import Expr
from .module import Frame, Module, Writer, _function
from .statements import Stmts


def result_values(module: Module, g) -> str | None:
    """The winners and the scores of the result, for every seat (or team): interpreter/engine.py
    `_result`, written out. None where the game has no winner or score to work out."""
    r = g.result
    if r.winner is None or r.score is None:
        return None
    frame = Frame(module)
    expr = Expr(frame)
    w = Writer()
    w.depth = 1
    stmts = Stmts(expr, w)
    var = frame.bind(r.per)
    w.line("winners, scores = [], []")
    w.line(f"for {var} in range({g.span(r.per)}):")
    w.indent()
    stmts.value(r.winner, "won")
    w.line("if won:")
    w.line(f"    winners.append({var})")
    stmts.value(r.score, "score")
    # a whole number within the range is kept as it is (_plain and _kept give it back): only others are asked
    limit = module.literal(LIMIT)
    w.line(f"scores.append(score if type(score) is int and -{limit} <= score <= {limit} else "
           f"_kept(_plain(score), {module.literal(r.where.get('score', g.source))}, 'result.score'))")
    w.dedent()
    w.line("return winners, scores")
    module.lines += ["def result_0(s):"] + w.lines + [""]
    return "result_0"


def round_values(module: Module, g) -> list[str]:
    """A round's points and each field of its scoring sheet for one seat (or team): one function each,
    worked out in the order interpreter/engine.py `score_round` asks. Nothing changes the state while
    they are: a part that is the same for every seat is worked out once and kept in the position's cache."""
    rr = g.round_result
    names = []
    for node in [rr.points, *rr.fields.values()]:
        frame = Frame(module)
        unit = frame.bind(rr.per)
        frame.varying = {rr.per}
        w = Writer()
        w.depth = 1
        Stmts(Expr(frame), w).value(node, "value")
        name = f"round_{len(names)}"
        module.lines += [f"def {name}(s, {unit}):"] + w.lines + ["    return value", ""]
        names.append(name)
    return names


def _var_starts(module: Module, g, vars_: list, w: Writer) -> None:
    """Each var's start value, for every seat, team or group it has one for (interpreter/engine.py
    `new_game`); its errors name where the start was written."""
    for v in vars_:
        frame = Frame(module)
        stmts = Stmts(Expr(frame), w)
        what, where = module.literal(Msg("start_what", name=v.name)), module.literal(v.where)
        if v.per == "none":
            stmts.value(v.start, "value")
            w.line(f"s.vars[{v.slot}] = _kept(value, {where}, {what})")
        else:
            unit = frame.bind(v.per)
            w.line(f"for {unit} in range({g.var_span(v)}):")
            w.indent()
            stmts.value(v.start, "value")
            w.line(f"s.vars[{v.slot} + {unit}] = _kept(value, {where}, {what})")
            w.dedent()


def start_game(module: Module, g) -> None:
    """A new game: every var's start, then the first round (interpreter/engine.py `new_game` calls it)."""
    w = Writer()
    w.depth = 1
    _var_starts(module, g, g.vars, w)
    w.line("start_round(s)")
    module.lines += ["def start_game(s):"] + w.lines + [""]


def start_round(module: Module, g) -> None:
    """A round: the cards back in the deck, the round's vars, its setup, its first seat (checked)."""
    frame = Frame(module)
    w = Writer()
    w.depth = 1
    w.line("_rt.reset_round(s)")
    _var_starts(module, g, [v for v in g.vars if v.scope == "round"], w)
    stmts = Stmts(Expr(frame), w)
    stmts(g.round_setup)
    w.line("_rt.setup_done(s)")
    stmts.value(g.first_seat, "first")
    w.line(f"_rt.round_started(s, first, {g.players})")
    _function(module, "def start_round(s):", frame, w)


def end_round(module: Module, g) -> None:
    """A round that ended: why (the first end reason that holds, before the score changes anything), its
    score and sheet, then the game's end or the next round."""
    frame = Frame(module)
    w = Writer()
    w.depth = 1
    stmts = Stmts(Expr(frame), w)
    w.line("ended = None")
    for i, reason in enumerate(g.end_reasons):
        if i:
            w.line("if ended is None:")
            w.indent()
        stmts.value(reason.when, "holds")
        w.line("if holds:")
        w.line(f"    ended = {module.literal(reason.name)}")
        if i:
            w.dedent()
    stmts(g.round_score)
    if g.round_result is not None:
        w.line("_rt.score_round(s, ended)")
    w.line("s.rounds_played += 1")
    stmts.value(g.game_end, "over")
    w.line("if over:")
    w.line("    s.over = True")
    w.line("else:")
    w.line("    start_round(s)")
    _function(module, "def end_round(s):", frame, w)


def result_fields(module: Module, g) -> list[str]:
    """Each field of the result (result.fields) for every seat or team: one function each."""
    r, names = g.result, []
    for name, expr in r.fields.items():
        frame = Frame(module)
        w = Writer()
        w.depth = 1
        var = frame.bind(r.per)
        w.line("out = []")
        w.line(f"for {var} in range({g.span(r.per)}):")
        w.indent()
        Stmts(Expr(frame), w).value(expr, "value")
        where = module.literal(r.where.get(name, g.source))
        w.line(f"out.append(_kept(_plain(value), {where}, {module.literal('result.fields.' + name)}))")
        w.dedent()
        w.line("return out")
        fn = f"field_{len(names)}"
        module.lines += [f"def {fn}(s):"] + w.lines + [""]
        names.append(fn)
    return names


def _of_choices(module: Module, m, count: int, node: ir.Node, name: str, value: bool = True) -> str:
    """A function of the state and move m's first `count` choices that gives `node`'s value."""
    frame = Frame(module)
    names = [frame.bind(c.name) for c in m.choices[:count]]
    w = Writer()
    w.depth = 1
    w.line(f"return {Expr(frame)(node)}")
    module.lines += [f"def {name}(s{''.join(', ' + n for n in names)}):"] + w.lines + [""]
    return name


def move_parts(module: Module, g, m) -> None:
    """Each check of move m as a test of the state and its choices (what a refusal runs: the same code as
    the legal list's), and each choice's options given the choices before it."""
    module.checks[m.index] = [_of_choices(module, m, len(m.choices), c.node, f"check_{m.index}_{j}")
                              for j, c in enumerate(m.checks)]
    module.domains[m.index] = [_of_choices(module, m, k, c.node, f"domain_{m.index}_{k}")
                               for k, c in enumerate(m.choices)]


def _of_state(module: Module, node, name: str, local: str | None = None) -> str | None:
    """A function of the state (and one local) that gives `node`'s value; None for no node."""
    if node is None:
        return None
    frame = Frame(module)
    w = Writer()
    w.depth = 1
    params = "s"
    if local is not None:
        py = frame.bind(local)
        params += f", {py}"
    w.line(f"return {Expr(frame)(node)}")
    module.lines += [f"def {name}({params}):"] + w.lines + [""]
    return name


def shown_values(module: Module, g) -> None:
    """The values the table shows: titled defines (`shown: true`), and each meld's (`of_meld`)."""
    for i, (_, value, when, out_of) in enumerate(g.shown):
        module.shown.append((_of_state(module, value, f"shown_{i}"), _of_state(module, when, f"shown_when_{i}"),
                             _of_state(module, out_of, f"out_of_{i}")))
    for i, (_, meld, of_group, of_cards, when, _var) in enumerate(g.meld_values):
        module.meld_values.append((_of_state(module, of_group, f"meld_group_{i}", meld),
                                   _of_state(module, of_cards, f"meld_cards_{i}", meld),
                                   _of_state(module, when, f"meld_when_{i}")))
