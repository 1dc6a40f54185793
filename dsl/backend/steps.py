"""A step's legal moves (moves_N): each move's options listed in the rule file's order, written in place
where a version is picked by one part, with whether a move listed before can be played known as a
local for a later move's `can`.
"""
from __future__ import annotations

from kural.interpreter.budget import MAX_LEGAL, WORK_LIMIT
from kural.interpreter.messages import Msg

from .expressions import Expr
from .module import Module, StateLocals, Writer, def_line
from .options import _guard, _pick_version, _picking
from .walks import asked_moves


def step_moves(module: Module, g, index: int, step) -> str:
    """The legal moves of a step, in the rule file's order (interpreter/legal.py `legal_moves`)."""
    w = Writer()
    w.indent()
    state = StateLocals("cache")  # (listing moves never replaces the position's cache: one lookup)
    module.reading = {}  # (what its head binds as defaults: def_line)
    renew = True  # the phase's whole budget, first (unless the first move's charge renews it: _folded)
    can: dict[str, str] = {}  # a move listed before (its index as written) -> the local that says if it can be played
    readers = _can_readers(module, g, step)
    pending = None  # the first move's `can` local, bound just before the move after it (see _step_move_alone)
    most = 0  # the most moves listed so far (None: no bound known), so that MAX_LEGAL is checked only where it may be passed
    for place, i in enumerate(step.moves):
        m = g.moves[i]
        first = place == 0  # the first move's moves are the list begun (`out`), the others added to it
        most = None if most is None or _most_options(g, m) is None else most + _most_options(g, m)
        bounded = most is not None and most <= MAX_LEGAL
        read = bool(readers[place])
        if not m.choices:
            pending = _step_move_alone(module, g, m, w, can, first, bounded, read, pending, readers[0] == [place], state)
            continue
        if pending is not None:
            w.line(pending[1])
            pending = None
        inlined = _inline_options(module, g, m, w, first, can, bounded, read, state)
        if inlined is not None:
            renewed, pending = inlined
            renew = renew and not renewed
            continue
        w.line("try:")
        w.indent()
        if i in module.versions:
            _pick_version(module, m, w, "version", state)
            w.line(f"found = [({i}, values) for values in version(s)]")
        elif i in module.as_moves:
            w.line(f"found = {module.as_moves[i]}(s)")
        else:
            w.line(f"found = [({i}, values) for values in legal_{i}(s)]")
        w.dedent()
        pending = _listed(module, m, w, first, can, bounded=bounded, read=read)
    if not step.moves:
        w.line("out = []")
    w.line("return out")
    lines = (["    " + _RENEW] if renew else []) + state.head() + w.lines
    reads, module.reading = ({"_WORK_LIMIT": None} if renew else {}) | module.reading, None
    module.lines += [def_line(f"moves_{index}", "s", reads)] + lines + [""]
    return f"moves_{index}"


def _can_readers(module: Module, g, step) -> list[list[int]]:
    """For each move of the step, the places of the moves after it whose guard reads whether it can be
    played (`can`) from the local it binds: a move without choices, whose guard is written in the step
    (_step_move_alone), asking of a move listed before it (the last listing of that move)."""
    keys = [repr(i) for i in step.moves]  # (a move as `can` names it: its index as written)
    out: list[list[int]] = [[] for _ in step.moves]
    for place, i in enumerate(step.moves):
        if g.moves[i].choices:
            continue
        for key in {k for c in g.moves[i].checks for k in asked_moves(c.node, module)}:
            listed = [p for p in range(place) if keys[p] == key]
            if listed:
                out[listed[-1]].append(place)
    return out


_RENEW = "s.work = _WORK_LIMIT  # a new phase of the move: the whole budget (interpreter/budget.py)"


def _most_options(g, m) -> int | None:
    """The most legal moves move m can offer in a position: one without choices one, one card of a zone
    at most a card of the deck each (a card is in one zone, once); None where no bound is known here."""
    if not m.choices:
        return 1
    if len(m.choices) == 1 and m.choices[0].domain_is_zone and m.choices[0].of_cards:
        return g.deck.size
    return None


def _inline_options(module: Module, g, m, w: Writer, first: bool, can: dict, bounded: bool, read: bool,
                    state: StateLocals):
    """Move m's options written where its step lists its moves, as moves, when each version of its
    guard is one loop and one part picks the version: (whether the first move's charge renews the work
    budget itself (see _folded), the line of its `can` still to bind (_listed)); None (nothing written)
    otherwise."""
    versions = module.versions.get(m.index)
    if versions is None or m.specialize.slots or len(m.specialize.part_nodes) != 1:
        return None
    names, general, table = versions
    if any(names[vals] not in module.inline for vals in ((True,), (False,))):
        return None
    frame = _picking(module, state)
    expr = Expr(frame)
    part = expr(m.specialize.part_nodes[0])
    safe = expr.cannot_fail(m.specialize.part_nodes[0])  # then one `if` picks the version: no general one to fall to
    renewed = first and safe and _bounded_charge(g, m)
    w.line("try:")
    w.indent()
    if safe:
        branches = (((True,), f"if {part}:"), ((False,), "else:"))
    else:
        w.line("try:")
        w.line(f"    known = True if {part} else False")
        w.line("except _FAILURES:  # a part that fails alone: the general guard decides")
        w.line("    known = None")
        w.line("if known is None:")
        w.line(f"    found = [({m.index}, values) for values in {general}(s)]")
        branches = (((True,), "elif known:"), ((False,), "else:"))
    listed = "out" if first and safe else "found"  # the first move's moves begin the step's list
    choice = m.choices[0]
    for vals, word in branches:
        inline = module.inline[names[vals]]
        lines, var, test = inline.lines, inline.var, inline.test
        state.reads(inline.state)
        for name in inline.consts:
            module.read(name)
        w.line(word)
        w.indent()
        for line in _folded(module, g, m, lines, inline.charge) if renewed else lines:
            w.line(line)
        w.line(f"{listed} = []")
        w.line(f"for {var} in items:  # a loop, not a comprehension: no function made and called each time")
        w.line(f"    if {test}:")
        w.line(f"        {listed}.append({_one_choice_move(module, g, m, choice, var)})")
        w.dedent()
    w.dedent()
    return renewed, _listed(module, m, w, first, can, bounded=bounded, into_out=listed == "out", read=read)


def _bounded_charge(g, m) -> bool:
    """Can the first charge of a phase, for trying move m's options, not run out of the budget? Its one
    choice is over a zone's cards, at most the deck's (a card is in one zone, once)."""
    choice = m.choices[0]
    return choice.domain_is_zone and m.guard_weight * g.deck.size <= WORK_LIMIT


def _folded(module: Module, g, m, lines: list[str], at: int) -> list[str]:
    """An options loop's charge (its three lines at `at`: Inline.charge) as the first of its phase: the whole
    budget renewed and the charge paid in one line, and no check (_bounded_charge: it cannot run out). The
    budget left is read from a table by the zone's size (a zone holds at most the deck's cards): no
    arithmetic on the path of every move."""
    left = module.constant([WORK_LIMIT - m.guard_weight * n for n in range(g.deck.size + 1)])
    return lines[:at] + [f"s.work = {left}[len(items)]  # a new phase: the whole budget less this loop's charge"] \
        + lines[at + 3:]


def _one_choice_move(module: Module, g, m, choice, var: str) -> str:
    """The move of move m with one choice of value `var`: a card's is taken from a table of them all
    (a move is a tuple, never changed: one per card serves every position)."""
    if choice.domain_is_zone and choice.of_cards:  # a zone's cards: ints 0 .. the deck's size - 1
        return f"{module.constant([(m.index, (card,)) for card in range(g.deck.size)])}[{var}]"
    return f"({m.index}, ({var},))"


def _listed(module: Module, m, w: Writer, first: bool, can: dict, alone: bool = False, bounded: bool = False,
            into_out: bool = False, ok: str | None = None, read: bool = False) -> tuple | None:
    """After `try: found = [its legal moves]` (alone: `ok = its guard`, a move without choices; or no
    `try` and `ok` the guard itself, one that cannot fail): a failure named as the move's, whether it can
    be played in a local where a later move's guard here reads it (`read`: its `can`; `can` elsewhere
    reads the position's legal moves), and its moves added to the step's (budget.MAX_LEGAL, checked unless
    `bounded`: the step's moves so far cannot be more). The first move's local, when nothing is written
    after it, is given back (its `can` key, its line): bound just before the next move, unless that move
    reads `out` itself (_step_move_alone)."""
    if ok is None:
        ok = "ok"
        w.line("except _FAILURES as exc:")
        w.line(f"    raise _PlayError.of({module.place(m.where)}, "
               f"{module.place(Msg('choices_or_guard', name=m.name))}, exc) from None")
    check = [] if bounded else ["if len(out) > _MAX_LEGAL:",
                                f"    raise _too_many({module.place(m.where)}, {module.place(m.name)})"]
    known = can[repr(m.index)] = module.new("c")
    if not first:
        w.line(f"if {ok}:" if alone else "if found:")
        if read:
            w.line(f"    {known} = True")
        w.line(f"    out.append(({m.index}, ()))" if alone else "    out += found")
        for line in check:
            w.line("    " + line)
        if read:
            w.line("else:")
            w.line(f"    {known} = False")
        return None
    if alone:
        w.line(f"out = [({m.index}, ())] if {ok} else []")
    elif not into_out:  # (else its moves were listed into `out` itself)
        w.line("out = found")
    tested = (repr(m.index), f"{known} = True if out else False") if read else None
    if tested is not None and check:
        w.line(tested[1])
        tested = None
    for line in check:
        w.line(line)
    return tested


def _step_move_alone(module: Module, g, m, w: Writer, can: dict, first: bool, bounded: bool, read: bool,
                     pending: tuple | None, only_reader: bool, state: StateLocals) -> tuple | None:
    """A move without choices, in its step's legal moves: its guard written out there (whether a
    move listed before it in the step can be played is known: a local, `can`). `pending`: the first
    move's local, not bound yet; a guard that cannot fail, right after it and its only reader, reads
    `out` instead (nothing has been added to it in between), and the local is never bound."""
    frame = _picking(module, state)  # (a guard without choices reads none: its parts are kept as a picking's are)
    frame.known_moves = dict(can)
    expr = Expr(frame)
    safe = all(expr.cannot_fail(c.node) for c in m.checks)  # (`not can(play)`, say: whether it is known)
    if pending is not None and safe and only_reader:
        frame.known_moves[pending[0]] = "out"
    elif pending is not None:
        w.line(pending[1])
    test = _guard(expr, [c.node for c in m.checks])
    if safe:
        return _listed(module, m, w, first, can, alone=True, bounded=bounded, ok=test, read=read)
    w.line("try:")
    w.line(f"    ok = {test}")
    return _listed(module, m, w, first, can, alone=True, bounded=bounded, read=read)
