"""The play of a move (apply_N: its effects, then the flow after it), the flow's own effects after every
move (after_move), and the heuristic bot's preferences for a move's options (prefer_N).
"""
from __future__ import annotations

from kural.interpreter.messages import Msg

from .. import ir
from .expressions import Expr
from .module import Frame, Module, StateLocals, Writer, def_line
from .statements import Stmts
from .walks import _moves_cards


# after_move's lines are written out in the play of every move (no call on every move) when they are at
# most this many characters; longer, every move calls the one after_move: each copy costs every cold load
# its compiling (some 0.5 ms a kB, once per move) and play one more body of code to keep in the caches,
# where a call costs a fraction of a microsecond a move
MAX_INLINED_AFTER_MOVE = 1_000


def apply_move(module: Module, g, m) -> str:
    """The function that plays move m (the caller has checked it is legal) and advances the flow:
    interpreter/engine.py `apply`, written out for this move."""
    # a move never replaces the state's list of zones (only their cards change): one lookup
    frame = Frame(module, StateLocals("zones"))
    expr = Expr(frame)
    w = Writer()
    w.depth = 1
    stmts = Stmts(expr, w)
    module.reading = {}  # (what its head binds as defaults: def_line)
    names = [frame.bind(c.name) for c in m.choices]
    if names:
        w.line(f"{', '.join(names)}, = move[1]")
    w.line("history = s.history  # (a move's effects and flow add no other list of moves)")
    w.line("history.append((s.me, move))")
    w.line(f"s.work = {module.read('_WORK_LIMIT')}  # a new phase of the move: the whole budget (interpreter/budget.py)")
    w.line("try:")
    w.indent()
    stmts.block(m.effects)
    w.dedent()
    w.line("except _FAILURES as exc:")
    what = module.place(Msg("effects_what", name=m.name))
    w.line(f"    raise _PlayError.of({module.place(m.where)}, {what}, exc) from None")
    w.line("cache = s.cache")
    w.line("cache.legal = None  # the position changed: what it worked out is forgotten (interpreter/state.py forget)")
    w.line("if cache:")
    w.line("    _emptied(cache)")
    w.line("try:")
    w.indent()
    if module.after_lines is not None:  # after_move's own lines, written out here: no call on every move
        frame.state.reads(module.after_reads)
        for name in module.after_consts:
            module.read(name)
        for line in module.after_lines:
            w.line(line)
    elif g.after_move is not None:  # the module's own (after_move below), called after every move
        w.line("after_move(s)")
    stmts.value(g.round_end, "ends")
    w.line("if ends:")
    w.line("    end_round(s)")
    windows = [i for i, step in enumerate(g.steps) if step.window is not None and m.index in step.moves]
    if windows:  # played in a window: the window says what comes next (docs/language.md §5.1)
        alone = all(step.window is not None for step in g.steps if m.index in step.moves)
        w.line("else:" if alone else "elif s.window is not None:")
        w.indent()
        for k, i in enumerate(windows):
            if len(windows) > 1:
                w.line(f"{'if' if k == 0 else 'elif'} s.step == {i}:")
                w.indent()
            _in_window(module, g, stmts, w, g.steps[i], m.index == g.steps[i].window.passes)
            if len(windows) > 1:
                w.dedent()
        w.dedent()
        if alone:
            w.dedent()
            return _apply_end(module, g, m, w, frame)
    if m.next_step == "end" or (m.next_step != "again" and len(g.steps) > 1):
        w.line("else:")
        w.indent()
        _go_to(module, g, stmts, w, m.next_step)
        w.dedent()
    w.dedent()
    return _apply_end(module, g, m, w, frame)


def _go_to(module: Module, g, stmts: Stmts, w: Writer, target: str) -> None:
    """The turn goes on to `target`: `end` (the next seat's turn, at the first step), or a step of the
    turn; a window is opened as it is entered, and one that closes at once goes on as it says."""
    one_step = len(g.steps) == 1  # then s.step is 0 all along: nothing to write
    if target == "end":
        _next_seat(module, g, stmts, w)
        if not one_step:
            w.line("s.step = 0")
        return
    index = g.step_index[target]
    w.line(f"s.step = {index}")
    step = g.steps[index]
    if step.window is None:
        return
    until = step.window.until
    if until is not None:
        stmts.value(until, "closes")
        w.line("if not closes:")
        w.indent()
    stmts.value(step.window.seats, "asked")
    w.line("try:")
    w.line(f"    closes = not _rt.window_open(s, asked, {g.players})")
    w.line("except _FAILURES as exc:")
    where = getattr(step.window.seats, "where", g.source)
    w.line(f"    raise _PlayError.of({module.place(where)}, {module.place(getattr(step.window.seats, 'what', 'window'))}, "
           "exc) from None")
    if until is not None:
        w.dedent()
    w.line("if closes:  # nobody to ask, or the window's `until` holds: it closes at once")
    w.indent()
    _closing(module, g, stmts, w, step)
    w.dedent()


def _in_window(module: Module, g, stmts: Stmts, w: Writer, step, passed: bool) -> None:
    """After a move in a window: the next seat asked, unless the window closes (every seat asked has passed
    since the last other move, or its `until` holds); then the turn is its opener's again, going on as the
    window's `next:` says."""
    if step.window.until is not None:
        stmts.value(step.window.until, "closes")
        w.line(f"if closes or not _rt.window_goes_on(s, {passed}):")
    else:
        w.line(f"if not _rt.window_goes_on(s, {passed}):")
    w.indent()
    w.line("_rt.window_close(s)")
    _closing(module, g, stmts, w, step)
    w.dedent()


def _closing(module: Module, g, stmts: Stmts, w: Writer, step) -> None:
    """A window closed: its `after` effects (the cards they take from the deck's zone kept as a deal, as
    after_move's are), then the round's end checked again, else the turn goes on as the window says
    (a window's next is checked at load to be no window: no window opens another here)."""
    after = step.window.after
    if after is None or not getattr(after, "stmts", True):
        _go_to(module, g, stmts, w, step.next_step)
        return
    deck = g.deck_zone_id
    if _moves_cards(after):
        w.line("before = None  # the deck as it was, once a statement that can move cards is reached")
    _DealWatch(stmts.expr, w, deck).block(after)
    if _moves_cards(after):
        w.line(f"if before is not None and {stmts.expr.state('zones')}[{deck}] != before:")
        w.line("    _rt.deal_after(s, before)")
    stmts.value(g.round_end, "ends")
    w.line("if ends:")
    w.line("    end_round(s)")
    w.line("else:")
    w.indent()
    _go_to(module, g, stmts, w, step.next_step)
    w.dedent()


def _apply_end(module: Module, g, m, w: Writer, frame: Frame) -> str:
    """The end of apply_N: a failure of the flow named as the flow's, the game's bound on moves."""
    w.line("except _FAILURES as exc:")
    w.line(f"    raise _PlayError.of({module.place(g.where.get('flow', g.source))}, "
           f"{module.place(Msg('flow_after', name=m.name))}, exc) from None")
    w.line("if len(history) >= s.g.max_moves and not s.over:  # the game's bound, which a caller may lower")
    w.line("    s.over = s.aborted = True")
    lines = frame.state.head() + w.lines
    reads, module.reading = module.reading, None
    module.lines += [def_line(f"apply_{m.index}", "s, move", reads)] + lines + [""]
    return f"apply_{m.index}"


def _next_seat(module: Module, g, stmts: Stmts, w: Writer) -> None:
    """s.me = the seat to move when a turn ends (flow.round.next). Where that is a fixed step from `me` (its
    writer gives the seat for every seat as a table: next(me), prev(me)), me is always a seat (the round's
    first is checked to be one, and every turn's step takes a seat to a seat), so the seat is read from
    that table by me: no modulo worked out on every move."""
    node = g.next_seat
    body = node.body if isinstance(node, ir.Located) else node
    seats = getattr(getattr(body, "write", None), "seats", None)
    if seats is None or not isinstance(node, ir.Located) or not (
            len(body.args) == 1 and isinstance(body.args[0], ir.StateField) and body.args[0].field == "me"):
        w.line("try:")  # checked to be a seat: every part read by `me` counts on it (Module.in_range)
        w.line(f"    s.me = _rt.seat_of({stmts.expr(body)}, {g.players})")
        w.line("except _FAILURES as exc:")
        w.line(f"    raise _PlayError.of({module.place(getattr(node, 'where', g.source))}, "
               f"{module.place(getattr(node, 'what', 'flow.round.next'))}, exc) from None")
        return
    w.line("try:")
    w.line(f"    s.me = {module.constant(seats)}[s.me]")
    w.line("except _FAILURES as exc:")
    w.line(f"    raise _PlayError.of({module.place(node.where)}, {module.place(node.what)}, exc) from None")


def preferences(module: Module, g, m) -> str:
    """The heuristic bot's key for an option of move m: each `bot:` preference's score, in order,
    0 for a preference about another move (interpreter/bots.py)."""
    frame = Frame(module, StateLocals("cache"))  # (scoring changes nothing: the position's cache, one lookup)
    expr = Expr(frame)
    names = [frame.bind(c.name) for c in m.choices]
    frame.varying = set(frame.names)
    frame.choices, frame.per_option = dict(frame.names), {}
    # a part of the position (that reads no choice) has the key the legal moves gave it in the position's
    # cache: the bot scores the options of the position whose moves were just listed (a hand's melds)
    frame.picked = module.picked
    scores = [f"float({expr(p.node)})" if p.move in (None, m.index) else None for p in g.bot]
    w = Writer()
    w.line(f"def prefer_{m.index}(s, values):")
    w.indent()
    w.lines += frame.state.head()
    if names:
        w.line(f"{', '.join(names)}, = values")
    for source, name in frame.per_option.items():
        w.line(f"{name} = {source}")
    what, hint = module.literal(Msg("preference_for", name=m.name)), module.literal(Msg("preference_hint"))
    keys = []
    for p, score in zip(g.bot, scores):  # each in a try of its own: a failure names the preference that failed
        if score is None:  # a preference about another move: 0
            keys.append("0.0")
            continue
        keys.append(module.new("p"))
        w.line("try:")
        w.line(f"    {keys[-1]} = {score}")
        w.line("except _FAILURES as exc:")
        w.line(f"    raise _PlayError.of({module.literal(p.where or g.source)}, {what}, exc, {hint}) from None")
    w.line(f"return ({''.join(key + ', ' for key in keys)})")
    module.lines += w.lines + [""]
    return f"prefer_{m.index}"


def after_move(module: Module, g) -> str:
    """The flow's own effects after every move (interpreter/engine.py `after_move` runs them). The deck's
    cards are copied only on the ways that reach a statement that can move cards: the cards that leave
    the deck are a deal, and most moves pass no such statement (a new deal when every hand is empty)."""
    frame = Frame(module, StateLocals("zones"))  # (as in apply_move, which may write these lines out)
    expr = Expr(frame)
    w = Writer()
    w.depth = 1
    node, deck = g.after_move, g.deck_zone_id
    module.reading = {}  # (the constants its lines read, for the play of a move that writes them out)
    if _moves_cards(node):
        w.line("before = None  # the deck as it was, once a statement that can move cards is reached")
    _DealWatch(expr, w, deck).block(node)
    if _moves_cards(node):
        w.line(f"if before is not None and {expr.state('zones')}[{deck}] != before:")
        w.line("    _rt.deal_after(s, before)")
    module.lines += ["def after_move(s):"] + frame.state.head() + w.lines + [""]
    if sum(map(len, w.lines)) <= MAX_INLINED_AFTER_MOVE:  # (see apply_move)
        module.after_lines = [line[4:] for line in w.lines]
        module.after_reads = list(frame.state.read)
        module.after_consts = list(module.reading)
    module.reading = None
    return "after_move"


class _DealWatch(Stmts):
    """after_move's statements, the deck's cards copied (`before = ...`) just before the first statement
    that can move cards on each way through them: inside an `if` (or a `try` around one) when it is the
    only such statement of its list, since a way that skips it then moves no card; otherwise before the
    first, and nothing further is copied."""

    def __init__(self, expr: Expr, w: Writer, deck: int):
        super().__init__(expr, w)
        self.deck, self.watching = deck, True

    def __call__(self, node: ir.Node) -> None:
        if not self.watching or not _moves_cards(node):
            return super().__call__(node)
        if isinstance(node, (ir.IfStmt, ir.Located)) or \
                (isinstance(node, ir.Effects) and sum(map(_moves_cards, node.stmts)) == 1):
            return super().__call__(node)  # (each branch, the try's body, the one statement: watched in turn)
        self.w.line(f"before = {self.expr.state('zones')}[{self.deck}][:]  # the deck: the cards that leave it are a deal")
        self.watching = False
        try:
            super().__call__(node)
        finally:
            self.watching = True
