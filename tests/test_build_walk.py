"""The game is built by one walk of the rule file along the table of dsl/schema.py (issue 36: "one
transformer builds it from the parse, driven by the schema table"): each part whose Key names a
builder is built by that method, bottom-up, with its children built and its defaults filled."""
from __future__ import annotations

import json
import re

import pytest
from pathlib import Path

from kural.dsl import schema
from kural.dsl.building import transform
from kural.dsl.building.game import _Builder
from kural.dsl.yamlload import load_text

ROOT = Path(__file__).resolve().parents[1]


class Recorder:
    """A builder that says which of its methods the walk called, and with what."""

    def __init__(self):
        self.calls = []

    def at(self, loc):
        return (loc.line, loc.col)

    def __getattr__(self, name):
        if name.startswith("enter_"):
            raise AttributeError(name)

        def method(part):
            self.calls.append((name, part.name, part))
            return f"{name}:{part.name}"
        return method


def test_issue_36_each_zone_is_built_by_the_method_the_table_names_before_its_section():
    """issue 36: a method per table node, called bottom-up: every zone first, then `zones` with the
    zones already built, in the file's order."""
    data = load_text("zones:\n  hand: {per: seat}\n  pile: {}\n", "t.yaml")
    rec = Recorder()
    built = transform.section(rec, data, "zones")
    assert [(c[0], c[1]) for c in rec.calls] == [("zone", "hand"), ("zone", "pile"), ("zones", "zones")]
    assert built == "zones:zones"
    assert dict(rec.calls[-1][2].items()) == {"hand": "zone:hand", "pile": "zone:pile"}


def test_issue_36_a_key_left_out_gets_the_default_the_table_gives():
    """issue 36: defaults come from the table, a default that depends on a sibling (layout) too; what
    the file wrote is told apart from what was filled in."""
    data = load_text("zones:\n  hand: {per: seat}\n  pile: {visible: top}\n", "t.yaml")
    rec = Recorder()
    transform.section(rec, data, "zones")
    hand, pile = rec.calls[0][2], rec.calls[1][2]
    assert (hand["per"], hand["layout"], hand["kind"], hand["visible"]) == ("seat", "hand", "cards", "all")
    assert (pile["per"], pile["layout"], pile["visible"]) == ("none", "pile", "top")
    assert "per" in hand and "layout" not in hand
    assert hand.at == (2, 3)  # where the zone's key is written


def test_issue_36_a_param_written_short_is_read_as_its_full_form_at_its_place():
    """issue 36: the short form of an Either (`name: 5`) reaches the param's method as `{value: 5}`,
    placed where the value is written; a list value is a short form too."""
    data = load_text("params:\n  target: 5\n  steps: [1, 2]\n  full: {value: 3, min: 1}\n", "t.yaml")
    rec = Recorder()
    transform.section(rec, data, "params")
    parts = {c[1]: c[2] for c in rec.calls if c[0] == "param"}
    assert parts["target"]["value"] == 5 and parts["target"].val_loc("value").line == 2
    assert parts["steps"]["value"] == [1, 2]
    assert parts["full"]["value"] == 3 and parts["full"]["min"] == 1 and "min" in parts["full"]


def test_issue_36_a_section_left_out_is_built_from_its_defaults():
    """issue 36: a game with no `deck:` still has a deck: its method gets the table's defaults."""
    data = load_text("game: {id: x}\n", "t.yaml")
    rec = Recorder()
    transform.section(rec, data, "deck")
    (name, _, part), = rec.calls
    assert name == "deck" and not part.written
    assert (part["copies"], part["jokers"], part["starts_in"]) == (1, 0, "stock")


def _nodes(shape, seen=None):
    seen = set() if seen is None else seen
    shape = schema._full(shape.shape if isinstance(shape, schema.Key) else shape)
    if isinstance(shape, schema.Fields):
        keys = list(shape.keys.values())
    elif isinstance(shape, (schema.Named, schema.ListOf)):
        keys = [schema._key(shape.value if isinstance(shape, schema.Named) else shape.item)]
    else:
        return seen
    for key in keys:
        if key.node:
            seen.add(key.node)
        _nodes(key, seen)
    return seen


def test_issue_36_every_builder_the_table_names_is_a_method_of_the_builder():
    """issue 36: a newcomer reads the table and the methods it names: each one exists."""
    names = _nodes(schema.TABLE)
    assert {"game", "deck", "params", "param", "zones", "zone", "vars", "var", "moves", "move", "choice", "checks",
            "check", "flow", "step", "end_reasons", "end_reason", "result", "round_result", "bot", "tactic", "melds",
            "defines", "define", "texts", "glossary", "term"} <= names
    assert [n for n in sorted(names) if not callable(getattr(_Builder, n, None))] == []


def test_issue_36_the_walk_spells_no_section_or_key_of_the_table():
    """issue 36: "no hand-written walk restates what the table says": the walk names no key."""
    source = (ROOT / "dsl" / "building" / "transform.py").read_text(encoding="utf-8")
    code = re.sub(r'""".*?"""|__slots__ = [^\n]*', "", source, flags=re.S)
    words = set(re.findall(r'"([a-z_]+)"', code))
    keys = set()

    def gather(shape):
        shape = schema._full(shape.shape if isinstance(shape, schema.Key) else shape)
        if isinstance(shape, schema.Fields):
            for k, sub in shape.keys.items():
                keys.add(k)
                gather(sub)
        elif isinstance(shape, (schema.Named, schema.ListOf)):
            gather(schema._key(shape.value if isinstance(shape, schema.Named) else shape.item))
    gather(schema.TABLE)
    assert words & keys == set()


def test_issue_36_a_moves_choices_and_checks_are_built_before_the_move_and_a_lone_condition_is_a_list():
    """issue 36: bottom-up through a move: its choices, then each check (a lone `when:` condition read
    as the one-item list it stands for, placed where it is written), then the move, then `moves`."""
    data = load_text("moves:\n  play:\n    choose: {c: hand}\n    when: c == c\n", "t.yaml")
    rec = Recorder()
    transform.section(rec, data, "moves")
    assert [(c[0], c[1]) for c in rec.calls] == [("choice", "c"), ("check", 0), ("checks", "when"),
                                                   ("move", "play"), ("moves", "moves")]
    check = rec.calls[1][2]
    assert check["check"] == "c == c" and check.val_loc("check").line == 4
    assert rec.calls[3][2]["next"] == "end"  # the table's default


def test_issue_36_a_turns_steps_and_end_reasons_are_built_before_the_flow_and_a_tactic_before_the_bot():
    """issue 36: bottom-up through `flow:` (each step, each end reason, then the flow with them built;
    the round's keys left out given the table's defaults) and through `bot:`."""
    data = load_text("flow:\n  round:\n    turn: [{moves: [a]}, {step: two, moves: [b]}]\n    end: true\n"
                     "    end_reasons: {out: {when: true}}\n"
                     "bot: [{prefer: 1}]\n", "t.yaml")
    rec = Recorder()
    transform.section(rec, data, "flow")
    transform.section(rec, data, "bot")
    assert [(c[0], c[1]) for c in rec.calls] == [("step", 0), ("step", 1), ("end_reason", "out"),
                                                   ("end_reasons", "end_reasons"), ("flow", "flow"),
                                                   ("tactic", 0), ("bot", "bot")]
    flow = rec.calls[4][2]
    rnd = flow["round"]
    assert (rnd["first"], rnd["next"], flow["end"]) == (0, "next(me)", "true")
    assert rnd["turn"].value == ["step:0", "step:1"]


def test_issue_36_the_declarations_pass_reads_each_define_short_or_full_by_the_same_walk():
    """issue 36: a define is read once by the table's walk, short (`name: expr`) or full, for its
    expression, titles and arguments before the compiler exists (a second transformer, Lark style)."""
    from kural.dsl.building.game import Declarations
    data = load_text("define:\n  a: 1 + 1\n  b: {value: a, title: {en: bee}, title_not: {en: no bee}}\n"
                     "  c: {args: [x, y], value: x + y}\n", "t.yaml")
    declared = transform.section(Declarations(lambda loc: None), data, "define")
    assert declared["a"] == ("1 + 1", None, None, [], None)
    assert declared["c"] == ("x + y", None, None, ["x", "y"], None)
    assert declared["b"][0] == "a" and declared["b"][1] == {"en": "bee"} and declared["b"][2] == {"en": "no bee"}


def test_issue_36_the_teams_are_built_by_the_methods_the_table_names_after_the_player_counts():
    """issue 36: `game.teams` is no longer walked by hand: each team, then each count's teams, then the
    section, bottom-up after the id and the seats; a count reaches the player counts built before it
    (the table's order) through its parent."""
    data = load_text('game:\n  id: x\n  allowed_players: [2, 4]\n  teams: {"4": [[0, 2], [1, 3]]}\n', "t.yaml")
    rec = Recorder()
    transform.section(rec, data, "game")
    assert [(c[0], c[1]) for c in rec.calls] == [("game_id", "id"), ("seats", "seats"), ("team", 0), ("team", 1),
                                                   ("partnership", "4"), ("teams", "teams"), ("game", "game")]
    game = rec.calls[4][2].parent.parent
    assert (game["players"], game["allowed_players"]) == (4, [2, 4])  # the default, and as written
    assert rec.calls[2][2].value == [0, 2] and rec.calls[2][2].where.line == 4


def test_issue_36_the_teams_are_refused_after_the_id_and_the_player_counts_as_before(tmp_path):
    """issue 36: built by the walk, `game.teams` is still refused after what `game:` says first (its id,
    its player counts: a count not allowed is the count's mistake, not the teams'), then at the first
    wrong seat, at its place."""
    from kural.dsl.errors import RuleError
    from kural.dsl.loader import load
    bad_teams = '  teams: {"4": [[0, 9], [1, 3]]}\n'
    cases = {"  id: \"a\\u200bb\"\n": "game.id", "  players: 13\n": "between 1 and 12", "": "seat 9 does not exist"}
    for first, message in cases.items():
        path = tmp_path / "t.yaml"
        path.write_text("extends: fantan\nvariant: {id: t}\ngame:\n" + first + bad_teams, encoding="utf-8")
        with pytest.raises(RuleError) as err:
            load(str(path))
        problem = err.value.problems[0]
        assert message in problem.message, (first, problem)
        assert (problem.loc.line, problem.loc.col) == ((4, 7) if "id" in first else (4, 12) if first else (4, 21))


def _bounded_paths(shape, path=()):
    """The table's keys that bound how many entries they hold (`most`), each with its dotted path."""
    shape = schema._full(shape.shape if isinstance(shape, schema.Key) else shape)
    if isinstance(shape, schema.Fields):
        for k, sub in shape.keys.items():
            if sub.most:
                yield path + (k,), sub
            yield from _bounded_paths(sub, path + (k,))
    elif isinstance(shape, (schema.Named, schema.ListOf)):
        yield from _bounded_paths(schema._key(shape.value if isinstance(shape, schema.Named) else shape.item),
                                  path + ("x" if isinstance(shape, schema.Named) else 0,))


def test_issue_36_each_bound_of_the_table_is_checked_by_the_walk_at_the_first_entry_past_it():
    """issue 36 (and §3.11 of docs/language.md): the bounds on entries are data of the table, each key's
    `most` with the words its refusal says (`too_many`), checked by the walk before a child is built, at
    the first entry past the bound; no hand check lists them."""
    from kural.dsl.errors import RuleError
    bounded = list(_bounded_paths(schema.TABLE))
    assert {".".join(map(str, p)) for p, _ in bounded} >= {"params", "zones", "vars", "moves", "bot", "deck.values",
                                                            "moves.x.choose", "flow.round.turn",
                                                            "flow.round.end_reasons"}
    for path, key in bounded:
        assert key.too_many is not None, path
        many = [{} for _ in range(key.most + 1)] if isinstance(schema._full(key.shape), schema.ListOf) else \
            {f"e{i}": {} for i in range(key.most + 1)}
        data = many
        for step in reversed(path):
            data = [data] if step == 0 else {step: data}
        loaded = load_text(json.dumps(data), "t.yaml")
        rec = Recorder()
        with pytest.raises(RuleError) as err:
            transform.section(rec, loaded, path[0])
        problem = err.value.problems[0]
        assert problem.message.key == key.too_many.message and problem.hint.key == key.too_many.hint, path
        assert f"{key.most + 1}" in problem.message and f"{key.most}" in problem.message, path
        holder = loaded
        for step in path[:-1]:
            holder = holder[step]
        written = holder[path[-1]]
        where = holder.key_loc(path[-1]) if key.too_many.at_key else \
            written.locs[key.most] if isinstance(written, list) else written.key_loc(f"e{key.most}")
        assert problem.loc == where, (path, problem.loc, where)
        assert rec.calls == [], path  # refused before any of its entries is built


def test_issue_36_the_names_are_declared_by_the_keys_the_table_marks_and_each_kind_has_its_method():
    """issue 36: the file's one namespace is gathered by the walk's declaration phase from the table's keys
    marked `declares`, not by a hand list of sections: a name of each kind, where it is written, and the
    builder's method that says what a name of that kind stands for."""
    data = load_text("deck: {values: {points: {}}}\nparams: {p: 1}\nzones: {a: {}, b: {}}\nvars: {v: {}}\n"
                     "define: {d: 1}\nmoves: {m: {}, n: {}}\n", "t.yaml")
    declared = [(d.kind, d.name, d.index, d.part, (d.where.line, d.where.col)) for d in transform.declarations(data)]
    assert declared == [("table", "points", 0, "deck.values", (1, 17)), ("param", "p", 0, "params", (2, 10)),
                        ("zone", "a", 0, "zones", (3, 9)), ("zone", "b", 1, "zones", (3, 16)),
                        ("var", "v", 0, "vars", (4, 8)), ("define", "d", 0, "define", (5, 10)),
                        ("move", "m", 0, "moves", (6, 9)), ("move", "n", 1, "moves", (6, 16))]
    kinds = {key.declares for _, key in _declaring(schema.TABLE)}
    assert kinds == {"table", "param", "zone", "var", "define", "move"}
    assert all(callable(getattr(_Builder, "named_" + kind, None)) for kind in kinds)


def _declaring(shape, path=()):
    for k, sub in schema._full(shape).keys.items():
        if sub.declares:
            yield path + (k,), sub
        elif isinstance(schema._full(sub.shape), schema.Fields):
            yield from _declaring(sub.shape, path + (k,))


def test_issue_36_a_moves_bound_is_met_before_its_names_are_read():
    """issue 36 with §3.11: the declaration phase reads the moves' names before the moves are built; a file
    past the bound is refused there, at the first move past it, before any name is checked."""
    from kural.dsl.errors import RuleError
    most = schema.key_at("moves").most
    data = load_text("zones: {if: {}}\nmoves: {" + ", ".join(f"m{i}: {{}}" for i in range(most + 1)) + "}\n", "t.yaml")
    with pytest.raises(RuleError) as err:
        list(transform.declarations(data))
    assert err.value.problems[0].loc == data["moves"].key_loc(f"m{most}")


@pytest.mark.parametrize("variant, blamed", [
    ("vars:\n  opening: {start: 0}\n", "opening"),  # fantan defines `opening`: the variant's var is blamed
    ("zones:\n  dealer: {}\n", "dealer"),  # the dealer var every game has: the variant's zone is blamed
])
def test_issue_36_a_name_declared_twice_is_blamed_on_the_variants_line_not_on_its_bases(tmp_path, variant, blamed):
    """issue 36 (names gathered by the table's declaration phase) with 35.11's class (an error points at
    the user's file and line): a variant's declaration that takes a name its base (or the game itself)
    already has is refused at the variant's line, not at the base's declaration the user never wrote."""
    from kural.dsl.errors import RuleError
    from kural.dsl.loader import load
    path = tmp_path / "mine.yaml"
    path.write_text("extends: fantan\nvariant: {id: mine}\n" + variant, encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load(str(path))
    problem = err.value.problems[0]
    assert "declared twice" in problem.message and problem.loc.file == str(path), problem
    assert (problem.loc.line, problem.loc.col) == (4, 3)
    assert blamed in path.read_text(encoding="utf-8").splitlines()[problem.loc.line - 1]
