"""A move's legal options: its guard written as a loop over each choice's options, one version per
value of the position's fixed parts (dsl/specialize.py), and the function that picks the version.
"""
from __future__ import annotations

from kural.interpreter.messages import Msg

from .. import ir
from .expressions import Expr
from .module import Frame, Module, StateLocals, Writer
from .walks import has_rule, holds, reads_any


def legal_options(module: Module, g, m) -> str:
    """The function that gives move m's legal choice tuples in a position (interpreter/legal.py
    `instances`): its guard specialised to the position's fixed parts, each version written out."""
    spec = m.specialize
    if spec is None or not m.choices:
        if len(m.choices) > 1:  # its step's moves_N takes the moves themselves, written by a twin of legal_N
            module.as_moves[m.index] = _options_version(module, g, m, None, f"listed_{m.index}", as_moves=True)
        return _options_version(module, g, m, None, f"legal_{m.index}")
    names = {}
    for vals, checks in spec.version_nodes.items():
        if checks == "never" and module.no_options is not None:  # one function gives every such version's none
            names[vals] = module.no_options
            continue
        names[vals] = _options_version(module, g, m, checks, f"legal_{m.index}_" + "".join("01"[v] for v in vals))
        if checks == "never":
            module.no_options = names[vals]
    general = _options_version(module, g, m, None, f"legal_{m.index}_any")
    table = None
    if len(spec.part_nodes) > 1:
        table = module.new("versions")
        module.lines.append(f"{table} = {{" + ", ".join(f"{vals!r}: {name}" for vals, name in names.items()) + "}")
        module.lines.append("")
    module.versions[m.index] = (names, general, table)  # what step_moves writes inline
    w = Writer()
    w.indent()
    state = StateLocals("cache")  # (as every function whose parts share keys of the position's cache: Module.picked)
    _pick_version(module, m, w, "version", state)
    w.line("return version(s, first_only)")
    module.lines += [f"def legal_{m.index}(s, first_only=False):"] + state.head() + w.lines + [""]
    return f"legal_{m.index}"


def _pick_version(module: Module, m, w: "Writer", target: str, state: StateLocals | None = None) -> None:
    """target = the version of move m's options function for this position (dsl/specialize.py); `state`:
    the state's locals of the function it is written in."""
    names, general, table = module.versions[m.index]
    spec = m.specialize
    if not spec.part_nodes:
        w.line(f"{target} = {names[()]}")
        return
    expr = Expr(_picking(module, state))
    parts = [expr(p) for p in spec.part_nodes]
    frame = expr.frame
    w.line("try:")
    if table is None:
        w.line(f"    {target} = {names[(True,)]} if {parts[0]} else {names[(False,)]}")
    else:
        w.line(f"    {target} = {table}[({', '.join(f'bool({p})' for p in parts)},)]")
    w.line("except _FAILURES:  # a part that fails alone: the general guard decides")
    w.line(f"    {target} = {general}")


def _picking(module: Module, state: StateLocals | None = None) -> Frame:
    """The frame of the parts that pick a guard's version: they read no choice and nothing changes the
    state while a position's moves are listed, so each is kept in the position's cache, one key for the
    same part of every move (a step's moves ask the same things of the position)."""
    frame = Frame(module, state)
    frame.varying, frame.picked = set(), module.picked
    return frame


def _options_version(module: Module, g, m, checks, name: str, as_moves: bool = False) -> str:
    """One version of the options function: checks None for the general guard, "never" when no
    option passes (then its options are not even listed, as interpreter/legal.py does). as_moves (a
    move of several choices): each option written as its move, (index, choices), for the step's list."""
    frame = Frame(module, StateLocals("cache"))  # a guard never replaces the position's cache: one lookup
    expr = Expr(frame)
    module.reading = {}  # (the constants read, for step_moves, which may write its loop there: Module.inline)
    w = Writer()
    body = Writer()
    body.depth = 1
    for choice in m.choices:  # bound first: the guard reads them
        frame.bind(choice.name)
    frame.varying, frame.picked = set(frame.names), module.picked  # (parts that read no choice: as when picking)
    if len(m.choices) > 1 and _alone_in_its_steps(g, m):  # no other move of the position reads its parts: they
        frame.local_keeps = {}  # are this function's locals (a move of one choice: its loop may be written elsewhere)
    if len(m.choices) > 1:  # (each earlier choice's Python name, with nothing bound to it yet)
        frame.per_choice = {(frame.names[c.name], None): None for c in m.choices[:-1]}
    if checks is None:
        checks = [c.node for c in m.checks]
    # a guard changes nothing: the one comprehension of a move of one choice (_single) reads the places of
    # cards as a local, bound after the choice's list is made (only its test reads it)
    where = _one_comprehension(g, m, checks)
    if where:
        frame.state.may.add("where")
    test = None if checks == "never" else _guard(expr, checks)
    frame.state.may.discard("where")
    body.line("out = []")
    if checks == "never":
        body.line("return out")
    elif not m.choices:
        body.line(f"if {test}:" if test is not None else "if False:")
        body.indent()
        body.line("out.append(())")
        body.dedent()
        body.line("return out")
    elif len(m.choices) == 1:
        _single(module, g, m, frame, expr, body, test, name)
    else:
        _product(module, g, m, frame, expr, body, test, _always(checks), as_moves, _joining(expr, m, checks))
    w.line(f"def {name}(s):" if as_moves else f"def {name}(s, first_only=False):")
    w.indent()
    w.lines += frame.state.head(but="where")  # (where: bound in the body, after the list is made: _single)
    for slot in frame.slots.values():
        w.line(f"{slot} = _UNSET")
    if frame.local_keeps:
        w.line(" = ".join(frame.local_keeps.values()) + " = None  # the parts kept for the position, not worked out yet")
    module.lines += w.lines + body.lines + [""]
    module.reading = None
    return name


def _alone_in_its_steps(g, m) -> bool:
    """Is move m the only move of every step that offers it, with no version of its guard to pick (whose
    parts the position's cache shares)? Then the parts its options read are read by nothing else there."""
    steps = [step for step in g.steps if m.index in step.moves]
    return m.specialize is None and bool(steps) and all(len(step.moves) == 1 for step in steps)


def _guard(expr: Expr, checks: list) -> str:
    """All of a move's checks. Checks that each look up one card's wanted cards in one zone, with the
    same cards passing outright (a row opened and a card next to it), are one test: (p or a) and
    (p or b) is p or (a and b), so a card that passes is looked up once."""
    if not checks:
        return "True"
    lookups = [c for c in checks if isinstance(c, ir.CardLookups) and not c.every and len(c.pairs) == 1]
    if len(lookups) == len(checks) > 1 and len({(expr(c.card), c.zone) for c in lookups}) == 1 and \
            all(c.pairs[0][0] == lookups[0].pairs[0][0] for c in lookups):
        card, zone, passes = expr(lookups[0].card), lookups[0].zone, lookups[0].pairs[0][0]
        wanted = [expr.card_lookup(card, zone, [False] * len(passes), c.pairs[0][1]) for c in lookups]
        head = f"{expr.m.constant(passes)}[{card}] or " if any(passes) else ""
        return f"({head}({' and '.join(wanted)}))"
    return " and ".join(expr(c) for c in checks)


def _domain(module, m, choice, frame, expr, w, items: str, statements: bool = False, once: str | None = None) -> int:
    """The options of a choice, their trial paid from the move's work budget (interpreter/budget.py).
    statements: a list picked by a test written as `if` statements (_options_lines); `once` the line that
    keeps each option once where the list may offer one twice. Gives the place in w.lines of the charge
    (three lines: the payment, the test, the raise)."""
    if statements and not choice.domain_is_zone:
        _options_lines(expr, choice.node, items, w, once)
    else:
        domain = expr(choice.node)
        w.line(f"{items} = {expr.state('zones')}[{domain}]" if choice.domain_is_zone else f"{items} = {domain}")
    charge = len(w.lines)
    w.line(f"s.work -= len({items})" if m.guard_weight == 1 else f"s.work -= {m.guard_weight} * len({items})")
    w.line("if s.work < 0:")
    w.indent()
    w.line(f"raise _exhausted({module.place(m.where)}, {module.place(Msg('choices_of', name=m.name))})")
    w.dedent()
    return charge


def _options_lines(expr: Expr, node: ir.Node, items: str, w: Writer, once: str | None = None) -> None:
    """`items = ` a choice's list, as statements: `if test:` for a list that a test picks, `if not items:` for
    `or_else`, and a list joined to one that a test picks or leaves empty added to only when the test
    holds. The same parts are worked out in the same order as the expression's; only the branch taken is
    run, and no list is made to be joined with an empty one. A part kept whole for the position
    (Expr.kept) is written as one expression, as are the others. `once` (a line) follows each list that
    may offer one option twice (_distinct_items: a list of a notion that offers each once does not)."""
    frame = expr.frame
    whole = frame.varying is not None and has_rule(node) and not reads_any(node, frame.varying)
    if isinstance(node, ir.Cond):
        w.line(f"if {expr(node.test)}:")
        _indented(w, lambda: _options_lines(expr, node.yes, items, w, once))
        w.line("else:")
        _indented(w, lambda: _options_lines(expr, node.no, items, w, once))
    elif isinstance(node, ir.Call) and getattr(node.write, "or_else", False) and not whole:
        first, then = node.args
        _options_lines(expr, first, items, w, once)
        w.line(f"if not {items}:")  # (a list is false exactly when it is empty, as `or` tests it)
        _indented(w, lambda: _options_lines(expr, then, items, w, once))
    elif isinstance(node, ir.Joined) and isinstance(node.b, ir.Cond) and _empty_list(node.b.no):
        _options_lines(expr, node.a, items, w, once)
        w.line(f"if {expr(node.b.test)}:")
        w.line(f"    {items} = [*{items}, *{expr(node.b.yes)}]")
        if once is not None:
            w.line(f"    {once}")
    else:
        w.line(f"{items} = {expr(node)}")
        if once is not None and not _distinct_items(node):
            w.line(once)


def _distinct_items(node: ir.Node) -> bool:
    """Does this list offer no option twice (as move keys: interpreter/legal.py move_key)? A constant list
    of at most one item, or a notion that says so of what it gives (its writer's `distinct`)."""
    if isinstance(node, ir.Const):
        return type(node.value) is list and len(node.value) <= 1
    return isinstance(node, ir.Call) and getattr(node.write, "distinct", False)


def _indented(w: Writer, write) -> None:
    w.indent()
    write()
    w.dedent()


def _empty_list(node: ir.Node) -> bool:
    return isinstance(node, ir.Const) and type(node.value) is list and not node.value


def _single(module, g, m, frame, expr, w, test, name) -> None:
    choice = m.choices[0]
    var = frame.names[choice.name]
    test = test if test is not None else "False"
    start = len(w.lines)
    charge = _domain(module, m, choice, frame, expr, w, "items") - start
    twins = choice.of_cards and g.deck_has_twins
    if not twins and not frame.slots:  # the common case, as one comprehension (see _one_comprehension)
        if "where" in frame.state.read:
            w.line("where = s.where  # a guard changes nothing: the list stays the state's")
        # step_moves may write it there (the lines bind `where` themselves; the function `cache`)
        module.inline[name] = Inline([line[4:] for line in w.lines[start:]], var, test, charge,
                                     [a for a in frame.state.read if a != "where"], list(module.reading))
        w.line("if first_only:")
        w.indent()
        w.line(f"for {var} in items:")
        w.line(f"    if {test}:")
        w.line(f"        return [({var},)]")
        w.line("return []")
        w.dedent()
        w.line(f"return [({var},) for {var} in items if {test}]")
        return
    if twins:
        w.line(f"faces, seen = {module.constant(g.deck.face)}, set()")
    w.line(f"for {var} in items:")
    w.indent()
    if twins:
        w.line(f"if faces[{var}] in seen:")
        w.line("    continue")
        w.line(f"seen.add(faces[{var}])")
    w.line(f"if {test}:")
    w.indent()
    w.line(f"out.append(({var},))")
    w.line("if first_only:")
    w.line("    break")
    w.dedent()
    w.dedent()
    w.line("return out")


def _joining(expr: Expr, m, checks) -> str | None:
    """A check of the guard (all must hold) that a card joins the meld an earlier choice names, whose table
    is found once per option of that choice (library's can_join): the source of the last choice's cards
    that table lets join, in their order, to try instead of all of them; else None."""
    if checks == "never" or len(m.choices) < 2:
        return None
    frame = expr.frame
    last = frame.names[m.choices[-1].name]
    for node in checks:
        joins = getattr(getattr(node, "write", None), "joins", None) if isinstance(node, ir.Call) else None
        if joins is None:
            continue
        zone, card, held_table = joins
        if isinstance(card, ir.Local) and frame.names.get(card.name) == last:
            held = held_table(expr)
            if held is not None:
                return held
    return None


def _product(module, g, m, frame, expr, w, test, always: bool, as_moves: bool = False,
             joining: str | None = None) -> None:
    """The options of a move of several choices, a loop per choice; `always`: every option is legal (no
    test written)."""
    test = test if test is not None else "False"
    pyvars = []
    last = len(m.choices) - 1
    merge = m.has_card_lists or (m.has_cards and g.deck_has_twins)  # two ♠8 are one option
    # The instances of two different options of an earlier choice differ as moves when those options differ
    # as keys (tests/node_oracle.py _Merge): the cards of a zone, in a deck without twins, always do. Then
    # only the last choice's options after the same earlier ones are compared, and only when two or more.
    merge_last = merge and (m.choices[last].of_cards or m.choices[last].of_card_lists) \
        and all(_options_differ(g, c) for c in m.choices[:last])
    start = None
    for i, choice in enumerate(m.choices):
        items = f"items{i}"
        # every option legal (no guard): two ways of offering one option are merged in the options themselves,
        # and only where the list may hold such twins (_options_lines), not in the moves made of them
        merged = i == last and merge_last and always and not choice.domain_is_zone
        once = f"{items} = _distinct_options(s.g, s.g.moves[{m.index}].choices[{last}], {items})" if merged else None
        _domain(module, m, choice, frame, expr, w, items, statements=True, once=once)
        var = frame.names[choice.name]
        pyvars.append(var)
        if i == last and merge_last and not always:
            start = module.new("i")
            w.line(f"{start} = len(out)")
        elif i == last and merge_last and not merged:  # every option passes: its instances are the last len(options) of out
            start = f"len(out) - len({items})"
        if i == last and as_moves and always:  # (the common case: one option, such as a card that
            # takes nothing or one capture, added without a loop)
            values = f"({m.index}, ({', '.join(pyvars)},))"
            w.line(f"if len({items}) == 1:")
            w.line(f"    {var} = {items}[0]")
            w.indent()
            _per_choice_lines(frame, var, w)
            w.dedent()
            w.line(f"    out.append({values})")
            w.line("else:")
            w.indent()
        if i == last and joining is not None:  # only the cards the meld's table lets join (see _joining)
            w.line(f"for {var} in ({items} if {joining} is None else filter({joining}.__getitem__, {items})):")
        else:
            w.line(f"for {var} in {items}:")
        w.indent()
        _per_choice_lines(frame, var, w)
    one_apart = as_moves and always  # the last choice's one option written apart (above)
    if not always:
        w.line(f"if {test}:")
        w.indent()
    values = f"({', '.join(pyvars)},)"
    w.line(f"out.append(({m.index}, {values}))" if as_moves else f"out.append({values})")
    if not as_moves:  # the step's list wants them all
        w.line("if first_only:")
        w.line("    return out")
    if not always:
        w.dedent()
    for i in range(last, -1, -1):
        w.dedent()
        if i == last:
            if start is not None and one_apart:
                w.line(f"if len(items{last}) > 1:")
                w.line(f"    _distinct_last_moves(s.g, s.g.moves[{m.index}].choices[{last}], out, {start})")
            if one_apart:
                w.dedent()
            elif start is not None:
                w.line(f"if len(out) - {start} > 1:" if not always else f"if len(items{last}) > 1:")
                merge_fn = "_distinct_last_moves" if as_moves else "_distinct_last"
                w.line(f"    {merge_fn}(s.g, s.g.moves[{m.index}].choices[{last}], out, {start})")
            w.line("if len(out) > _RAW_LEGAL:  # before twins are merged: memory stays bounded")
            w.line(f"    raise _too_many({module.place(m.where)}, {module.place(m.name)})")
        elif not as_moves:
            w.line("if first_only and out:")
            w.line("    return out")
    if merge and start is None and not merged:  # (merged: in the last choice's options)
        w.line(f"if len(out) > 1:")
        w.line(f"    out = _distinct_moves(s.g, s.g.moves[{m.index}], out)" if as_moves else
               f"    out = _distinct(s.g, s.g.moves[{m.index}], out)")
    w.line("return out")


def _options_differ(g, choice) -> bool:
    """Do the options of this choice always differ as move keys (tests/node_oracle.py _Merge)? The cards of a
    zone in a deck without twins; values that are not cards from a list that offers each once (the groups
    of an area)."""
    if choice.of_cards or choice.of_card_lists:
        return choice.domain_is_zone and choice.of_cards and not g.deck_has_twins
    return not choice.domain_is_zone and _distinct_items(choice.node)


def _per_choice_lines(frame: Frame, var: str, w: Writer) -> None:
    """What the guard reads once per option of the choice `var` (e.g. a meld's join table), named here."""
    for (of, source), name in (frame.per_choice or {}).items():
        if of == var and source is not None:
            w.line(f"{name} = {source}")


class Inline:
    """A move's options of one choice, one comprehension, as step_moves may write them where it lists
    its moves: the lines that make the list `items` (one level out), the choice's Python name and the
    guard's test, where the charge for trying the options begins in the lines, and the state's locals
    (StateLocals) and the constants (Module.reading) they read."""

    __slots__ = ("lines", "var", "test", "charge", "state", "consts")

    def __init__(self, lines: list, var: str, test: str, charge: int, state: list, consts: list):
        self.lines, self.var, self.test, self.charge, self.state, self.consts = lines, var, test, charge, state, consts


def _one_comprehension(g, m, checks) -> bool:
    """Are move m's options listed by one comprehension (_single): one choice, a deck without twins to
    merge, and no remembered part (dsl/specialize.py) read by its guard or its list?"""
    if checks == "never" or len(m.choices) != 1 or (m.choices[0].of_cards and g.deck_has_twins):
        return False
    return not any(holds(node, ir.SlotRead) for node in [m.choices[0].node, *checks])


def _always(checks) -> bool:
    """Is every option legal: no check, or one that is true as written (the guard _guard writes: `True`)?"""
    return checks != "never" and (not checks or len(checks) == 1 and isinstance(checks[0], ir.Const)
                                  and checks[0].value is True)
