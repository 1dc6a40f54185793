"""Issue 36, "a notion is one object, no closure builders": what a part gives at load (a folded constant, a
table of a rule about one card, the wild cards of `melds:`) is worked out by the code its node writes
(dsl/backend/evaluate.py), the same code the generated module plays. The tests change a notion's writer
and see the load follow it: a second meaning beside the code would not."""
from __future__ import annotations

import types
from pathlib import Path

import pytest

from kural.dsl import ir
from kural.dsl.backend.evaluate import function_of, table_of, value_of
from kural.dsl.notions import LIBRARY
from kural.interpreter.engine import new_game
from kural.interpreter.legal import legal_moves

ROOT = Path(__file__).resolve().parents[1]


def fresh(path):
    """The game compiled from its file, never read back from the cache (a kept game is not compiled)."""
    from kural.dsl import loader, rulefiles
    return loader._built(rulefiles.resolve(str(path), []), [], None)


def with_var(tmp_path, start: str, **extra) -> Path:
    path = tmp_path / "g.yaml"
    lines = [f"extends: {ROOT / 'games' / 'fantan.yaml'}", "vars:", f"  x: {{start: '{start}'}}"]
    for section, text in extra.items():
        lines += [f"{section}:", text]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def rewritten(monkeypatch, name: str, source):
    """The notion `name` writing `source(argument sources)` instead of its own code."""
    monkeypatch.setattr(LIBRARY[name], "emit", lambda ctx, pieces: (lambda x, src: source(src, x, ctx)))


def test_a_pure_call_of_constants_is_folded_by_the_code_it_writes(tmp_path, monkeypatch):
    """A var's start `abs(-3)` is worked out at load by abs's writer: a writer that says otherwise is followed."""
    g = fresh(with_var(tmp_path, "abs(-3) + 1"))
    assert new_game(g, 1).vars[_slot(g, "x")] == 4
    rewritten(monkeypatch, "abs", lambda src, x, ctx: f"(100 + abs({src[0]}))")
    g = fresh(with_var(tmp_path, "abs(-3) + 1"))
    assert new_game(g, 1).vars[_slot(g, "x")] == 104


def test_a_rule_about_one_card_is_tabulated_by_the_code_it_writes(tmp_path, monkeypatch):
    """F4: `rank(card) == row_rank` is a table of the deck worked out at load; with rank written as
    rank + 1, the table (and so the moves offered) follows the writer: the 6s open the rows."""
    rewritten(monkeypatch, "rank", lambda src, x, ctx: f"({x.m.constant(ctx.deck.rank)}[{src[0]}] + 1)")
    g = fresh(ROOT / "games" / "fantan.yaml")
    sixes = {c for c in range(g.deck.size) if g.deck.rank[c] == 6}
    play = next(m for m in g.moves if m.name == "play")
    checks = [c.node for c in play.checks]
    tables = [n.table for n in _walk(checks) if isinstance(n, ir.Lookup) and type(n.table[0]) is bool]
    tables += [passes for n in _walk(checks) if isinstance(n, ir.CardLookups) for passes, _ in n.pairs]
    assert any({c for c, v in enumerate(t) if v} == sixes for t in tables)


def test_wild_cards_of_melds_are_worked_out_by_the_code_the_test_writes(tmp_path, monkeypatch):
    """`melds: wild:` is a rule about one card, worked out for every card by the code it writes."""
    path = ROOT / "tests" / "games" / "melds.yaml"  # C4: wild: is_joker(c) or rank(c) == 2
    g = fresh(path)
    twos = [g.deck.rank[c] == 2 for c in range(g.deck.size)]
    assert list(g.melds.wild) == [r == 0 or two for r, two in zip(g.deck.rank, twos)]
    rewritten(monkeypatch, "is_joker", lambda src, x, ctx: "False")
    assert list(fresh(path).melds.wild) == twos


def test_value_and_table_of_nodes():
    """The evaluator itself: a constant is its value; a node of one local is worked out for each value;
    a part that fails raises as the generated code would (a rank of none is a TypeError)."""
    assert value_of(ir.Const("num", 5)) == 5
    neg = ir.Binary("num", "-", ir.Const("num", 10), ir.Const("num", 4))
    assert value_of(neg) == 6
    assert table_of(ir.Binary("num", "*", ir.Local("num", "c"), ir.Const("num", 2)), "c", 4) == [0, 2, 4, 6]
    assert table_of(ir.Const("bool", True), "c", 3) == [True, True, True]
    with pytest.raises(ZeroDivisionError):
        table_of(ir.Binary("num", "//", ir.Const("num", 1), ir.Local("num", "c")), "c", 2)
    with pytest.raises(TypeError):
        value_of(ir.Lookup("num", [1, 2], ir.Const("none", None)))


def _walk(nodes):
    seen, todo = [], list(nodes)
    while todo:
        n = todo.pop()
        if isinstance(n, ir.Node):
            seen.append(n)
            todo += [v for v in vars(n).values() if isinstance(v, ir.Node)]
            todo += [x for v in vars(n).values() if isinstance(v, list) for x in v if isinstance(x, ir.Node)]
    return seen


def _slot(g, name):
    return next(v.slot for v in g.vars if v.name == name)


def _functions_in(obj, path="g", seen=None, found=None, writers=False):
    """The paths of every function reachable from a compiled game's fields (its program aside), a writer
    of a notion's code (ir.Call.write) aside: what a closure beside a node would show up as."""
    seen = set() if seen is None else seen
    found = [] if found is None else found
    if id(obj) in seen or isinstance(obj, (str, bytes, int, float, bool, type(None))):
        return found
    seen.add(id(obj))
    if isinstance(obj, types.FunctionType | types.MethodType | types.BuiltinFunctionType):
        found.append(path)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _functions_in(v, f"{path}[{k!r}]", seen, found, writers)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for i, v in enumerate(obj):
            _functions_in(v, f"{path}[{i}]", seen, found, writers)
    elif hasattr(obj, "__dict__") and type(obj).__module__.startswith("kural."):
        for k, v in vars(obj).items():
            if k == "program" or (isinstance(obj, ir.Call) and k == "write" and not writers):
                continue
            _functions_in(v, f"{path}.{k}", seen, found, writers)
    return found


@pytest.mark.parametrize("game,variants", [("canasta", ["351"]), ("fantan", []), ("fanti", [])])
def test_a_compiled_game_holds_nodes_only(game, variants):
    """Issue 36, no closure beside any node: a game as the compiler leaves it (every expression, effect,
    check, choice, preference and guard version) holds the typed program's nodes, and no function but
    the notions' writers that the nodes name."""
    from kural.dsl import loader, rulefiles
    g = loader._built(rulefiles.resolve(game, variants), [], None)
    assert all(c.node is not None for m in g.moves for c in m.checks)
    assert _functions_in(g, writers=True), "the walk reaches the nodes (and the writers they name)"
    assert _functions_in(g) == []


def test_every_notion_is_one_object_that_writes_its_code():
    """Issue 36, a notion is one object: its types, its words in both languages and the code it writes;
    no closure builder beside it."""
    for name, fn in LIBRARY.items():
        assert fn.emit is not None, f"{name} writes no code"
        assert set(fn.text) == {"en", "tr"} and all(fn.text.values()), name
        assert not hasattr(fn, "build"), f"{name} has a closure builder"


def test_a_part_worked_out_alone_names_its_place_when_it_fails():
    """A part placed in the rule file (a var's start, the game's end) asked alone by its code fails as
    the generated module does: naming where it was written."""
    from kural.interpreter.errors import PlayError
    located = ir.Located("num", ir.Lookup("num", [1, 2], ir.Local("num", "x")), "g.yaml:3:4", "flow.end")
    f = function_of(located, "x")
    assert f(1) == 2
    with pytest.raises(PlayError, match="g.yaml:3:4"):
        f(5)


def test_a_remembered_part_whose_code_fails_at_load_leaves_its_rule_to_play(tmp_path):
    """A guard's part fixed for the position (`rank(start_card)`, remembered for each version) inside a rule
    about one card is worked out by its code when the rule is tabulated; with no start card it fails (the
    rank of no card), so the rule is left to play, as before, and the game loads. F2: with no start card, a
    card of the opening rank opens the game and the first player starts."""
    path = tmp_path / "g.yaml"
    path.write_text(f"extends: {ROOT / 'games' / 'fantan.yaml'}\n"
                    "params:\n  start_card: {value: none, type: card}\n"
                    "moves:\n  play:\n    when:\n      - check: if empty(table) then opening else true\n"
                    "      - check: empty(table) or rank(card) == rank(start_card) or next_to_row\n",
                    encoding="utf-8")
    g = fresh(path)
    assert g.moves[0].specialize.slots  # the part is remembered, read by the versions
    s = new_game(g, 1)
    hand = s.zones[g.zone("hand").first_id + s.me]
    opened = {choices[0] for move, choices in legal_moves(s) if move == 0}
    assert s.me == 0 and opened == {c for c in hand if g.deck.rank[c] == 7}
