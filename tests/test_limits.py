"""Limits (issue 6): expression depth, rule-file size, alias expansion, define expansion and
moves per game are bounded. Hitting a bound is a clear RuleError at a place (or, for the move
bound, a game counted as aborted), never a hang, a RecursionError or a MemoryError.

Every case here is generated (in tmp_path) far past its bound, and timed: each must be
refused within a few seconds on the CI machine (two cores).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kural

from kural.dsl import compiler, schema, yamlload
from kural.dsl.errors import RuleError
from kural.dsl.building.game import DEFAULT_MAX_MOVES, MAX_MOVES
from kural.dsl.building.table import MAX_VAR_SLOTS, MAX_ZONE_INSTANCES
from kural.dsl.loader import load

ROOT = Path(__file__).resolve().parents[1]
QUICK = 5.0  # seconds: a bound is hit fast, or it is not a bound


def write(tmp_path: Path, text: str, name: str = "limit.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path, message: str) -> RuleError:
    """Loading fails with a RuleError (nothing else: no RecursionError) naming the file, quickly."""
    start = time.perf_counter()
    with pytest.raises(RuleError) as info:
        load(str(path))
    took = time.perf_counter() - start
    err = info.value
    assert took < QUICK, f"{took:.1f} s to refuse: {err}"
    first = err.problems[0]
    assert Path(first.loc.file).resolve() == path.resolve(), str(err)
    assert message in first.message, str(err)
    assert first.hint, str(err)
    return err


def guard(condition: str) -> str:
    """A variant of the bundled game whose pass move has this guard (quoted for YAML)."""
    quoted = condition.replace('"', '\\"')
    return f'extends: fantan\nmoves:\n  pass:\n    when: "{quoted}"\n'


def effects(statements: str) -> str:
    quoted = statements.replace('"', '\\"')
    return f'extends: fantan\nmoves:\n  play:\n    do: "{quoted}"\n'


# ---------------------------------------------------------------- expression depth
DEEP = 2_000  # far past compiler.MAX_DEPTH, far below the 10 000 characters an expression may have

NESTED = {
    "not": "not " * DEEP + "can(play)",
    "negation": "-" * DEEP + "1 < 0",
    "lists": "[" * 4_000 + "]" * 4_000 + " == []",
    "if-then-else": "if true then " * 400 + "true" + " else false" * 400,
    "indexing": "seats" + "[0]" * 1_500 + " == 0",
    "sum": "+".join(["1"] * DEEP) + " > 0",
    "calls": "abs(" * 1_500 + "1" + ")" * 1_500 + " > 0",
    "defines": None,  # a chain of defines, each using the one before
}


@pytest.mark.parametrize("kind", list(NESTED))
def test_a_deeply_nested_expression_is_a_clear_error_not_a_recursion_error(tmp_path, kind):
    assert compiler.MAX_DEPTH < 100 < DEEP
    if kind == "defines":
        lines = ["extends: fantan", "define:", "  d0: not can(play)"]
        lines += [f"  d{i}: not d{i - 1}" for i in range(1, DEEP)]
        lines += ["moves:", "  pass:", f"    when: d{DEEP - 1}"]
        text = "\n".join(lines) + "\n"
    else:
        text = guard(NESTED[kind])
    refused(write(tmp_path, text), f"nested more than {compiler.MAX_DEPTH} levels deep")


@pytest.mark.parametrize("opening, closing", [("{", "}"), ("if true then ", "")])
def test_deeply_nested_effects_are_a_clear_error(tmp_path, opening, closing):
    depth = 700 if closing == "" else DEEP
    text = effects(opening * depth + "move(card, table)" + closing * depth)
    refused(write(tmp_path, text), f"effects are nested more than {compiler.MAX_DEPTH} levels deep")


def test_empty_braces_nested_deep_are_a_syntax_error_not_a_crash(tmp_path):
    refused(write(tmp_path, effects("{" * 4_000 + "}" * 4_000)), "syntax error")


def test_parentheses_nest_as_deep_as_the_length_allows(tmp_path):
    """Brackets around brackets add no level: `((((x))))` is x."""
    g = load(str(write(tmp_path, guard("(" * 4_000 + "not can(play)" + ")" * 4_000))))
    assert g.id == "fantan"


def test_long_and_or_chains_load_without_recursion(tmp_path):
    """`a or b or c ...` of a thousand terms is one level, however long (within 10 000 characters)."""
    chain = " or ".join(["not can(play)", "moves_played < 0"] * 250)
    assert len(chain) < compiler.MAX_EXPR_CHARS
    assert load(str(write(tmp_path, guard(chain)))).id == "fantan"
    chain = " and ".join(["not can(play)", "moves_played >= 0"] * 250)
    assert load(str(write(tmp_path, guard(chain)))).id == "fantan"


def test_an_expression_longer_than_the_limit_is_refused_before_parsing(tmp_path):
    chain = " or ".join(["not can(play)"] * 2_000)
    assert len(chain) > compiler.MAX_EXPR_CHARS
    refused(write(tmp_path, guard(chain)), f"the limit is {compiler.MAX_EXPR_CHARS}")


def test_defines_copied_into_one_another_exponentially_are_refused_quickly(tmp_path):
    """d1 uses d0 three times, d2 uses d1 three times ...: 3**16 copies written out, 32 deep."""
    lines = ["extends: fantan", "define:", "  d0: rank(card) == row_rank"]
    lines += [f"  d{i}: d{i - 1} or d{i - 1} or d{i - 1}" for i in range(1, 17)]
    lines += ["moves:", "  play:", "    when: d16"]
    refused(write(tmp_path, "\n".join(lines) + "\n"), f"more than {compiler.MAX_PARTS} parts")


def test_guards_asking_about_many_other_moves_are_checked_for_cycles_quickly(tmp_path):
    """Forty moves, each asking `can` of the next three: every path is not walked (3**40)."""
    n = 40
    lines = ["extends: fantan", "moves:"]
    for i in range(n):
        asks = " and ".join(f"not can(m{j})" for j in range(i + 1, min(n, i + 4))) or "true"
        lines += [f"  m{i}:", f"    when: {asks}", "    do: move(top(stock), table)"]
    lines += ["flow:", "  round:", "    turn:",
              "      - {step: main, moves: [play, pass, " + ", ".join(f"m{i}" for i in range(n)) + "]}"]
    path = write(tmp_path, "\n".join(lines) + "\n")
    start = time.perf_counter()
    assert load(str(path)).id == "fantan"
    assert time.perf_counter() - start < QUICK
    # and the same moves with the last one asking about the first: a cycle, found as quickly
    path.write_text(path.read_text(encoding="utf-8").replace(f"  m{n - 1}:\n    when: true",
                                                            f"  m{n - 1}:\n    when: not can(m0)"), encoding="utf-8")
    refused(path, "depends on itself")


# ---------------------------------------------------------------- file size and YAML
def test_a_rule_file_over_the_size_limit_is_refused_without_reading_it_whole(tmp_path):
    path = write(tmp_path, "extends: fantan\n# " + "x" * (3 * yamlload.MAX_FILE_BYTES) + "\n")
    refused(path, f"rule files are limited to {yamlload.MAX_FILE_BYTES}")


def test_an_alias_bomb_is_refused_quickly(tmp_path):
    """Twelve lines that would expand to 10**12 values."""
    lines = ["extends: fantan", "text:", "  l0: &l0 {en: lol}"]
    for i in range(1, 13):
        lines.append(f"  l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]")
    refused(write(tmp_path, "\n".join(lines) + "\n"), f"more than {yamlload.MAX_NODES} values")


def test_a_long_text_repeated_by_aliases_is_refused(tmp_path):
    """Few values, but megabytes of text once expanded."""
    long_text = "x" * 200_000
    lines = ["extends: fantan", "text:", f"  a: &a {{en: {long_text}}}",
             "  b: [" + ", ".join(["*a"] * 40) + "]"]
    refused(write(tmp_path, "\n".join(lines) + "\n"), "characters of text")


def test_yaml_nested_thousands_deep_is_a_clear_error(tmp_path):
    for opening, closing in [("[", "]"), ("{a: ", "}")]:
        path = write(tmp_path, "extends: fantan\ntext:\n  F1: " + opening * 5_000 + "x" + closing * 5_000 + "\n")
        refused(path, f"nested more than {yamlload.MAX_DEPTH} levels deep")


def test_block_yaml_nested_deep_is_a_clear_error(tmp_path):
    lines = ["extends: fantan", "text:"] + [" " * (2 * i + 2) + f"k{i}:" for i in range(300)]
    refused(write(tmp_path, "\n".join(lines) + " x\n"), f"nested more than {yamlload.MAX_DEPTH} levels deep")


# ---------------------------------------------------------------- moves per game
def test_max_moves_must_be_within_its_bounds(tmp_path):
    for bad in (0, -5, MAX_MOVES + 1):
        refused(write(tmp_path, f"extends: fantan\ngame:\n  max_moves: {bad}\n"), "game.max_moves must be between")
    assert load("fantan").max_moves == DEFAULT_MAX_MOVES


def simulate(*args) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "simulate", *map(str, args), "--json"],
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT, env=env, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout)


STUCK = """\
# Nobody can ever play: passing is always legal, playing never (a guard that is false in play, not
# one that folds to false at load, which is refused). The hands never run out.
extends: fantan
variant: {{id: stuck}}
{game}moves:
  play:
    when: moves_played < 0
  pass:
    when: true
"""


def test_a_game_that_cannot_end_is_counted_as_aborted_at_its_move_bound(tmp_path):
    """Each game stops at the rule file's move bound and is counted as aborted, won by nobody and in no
    mean (issue 35.1); a run of more games than the first few stops once these all ended so (issue 35.4)."""
    path = write(tmp_path, STUCK.format(game="game:\n  max_moves: 300\n"), "stuck.yaml")
    start = time.perf_counter()
    stats = simulate(path, "-n", 5, "--seed", 3)
    assert time.perf_counter() - start < 30
    assert stats["games"] == 5 and stats["aborted"] == 5 and stats["finished"] == 0
    assert stats["mean_moves"] is None and sum(stats["wins_by_seat"]) == 0
    env = {k: v for k, v in os.environ.items() if k not in ("KURAL_LANG", "KURAL_DEBUG")}
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", "simulate", str(path), "-n", "25", "--lang", "en"],
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=120,
                          env={**env, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "(300 moves)" in proc.stderr


def test_the_default_move_bound_stops_a_game_that_cannot_end(tmp_path):
    path = write(tmp_path, STUCK.format(game=""), "stuck.yaml")
    stats = simulate(path, "-n", 2, "--bots", "heuristic")
    assert stats["aborted"] == 2 and stats["finished"] == 0
    state = kural.load(str(path)).new(seed=1)
    state.play_out("heuristic")
    assert state.is_over and len(state.record()["moves"]) == DEFAULT_MAX_MOVES


@pytest.mark.parametrize("command", [["rules", "--lang", "en"], ["graph"], ["diff"]])
def test_long_chains_are_printed_without_recursion(tmp_path, command):
    """A guard of hundreds of `or` terms loads (the compiler flattens chains); the teaching
    commands read the same flat trees, so they print it instead of failing with a RecursionError."""
    path = write(tmp_path, guard(" or ".join(["not can(play) or moves_played < 0"] * 250)))
    load(str(path))
    args = [command[0], "fantan", str(path)] if command[0] == "diff" else [command[0], str(path), *command[1:]]
    proc = subprocess.run([sys.executable, "-m", "kural.cli.main", *args], cwd=ROOT, capture_output=True, text=True,
                          encoding="utf-8", timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "RecursionError" not in proc.stderr


# ---------------------------------------------------------------- issue 11: sizes a file controls
def validate_bounded(tmp_path: Path, path: Path):
    """`kural validate` in a subprocess whose CPU time is bounded: a cost past its bound fails fast."""
    from cli_support import kural
    proc = kural(tmp_path, "validate", path, timeout=120, cpu=30)
    assert "Traceback" not in proc.out + proc.err, proc.err
    return proc


def test_three_thousand_group_zones_are_refused_at_once(tmp_path):
    """Issue 11 item 4: 3,000 group zones took over a minute to validate (each zone's group ids
    were added by copying the set of all before); the zone bound refuses them at the first past it."""
    lines = ["extends: fantan", "zones:"] + [f"  g{i}: {{kind: groups, max_groups: 100}}" for i in range(3000)]
    lines += ["vars:", "  added: {per: group, start: 0}"]
    path = write(tmp_path, "\n".join(lines) + "\n")
    proc = validate_bounded(tmp_path, path)
    assert proc.returncode == 2
    assert proc.err.startswith(f"{path}:100:3: `zones` has 3003 entries; a rule file may have at most "
                               f"{schema.key_at('zones').most}"), proc.err


def test_a_file_at_the_zone_and_var_bounds_validates(tmp_path):
    """Just within the bounds (97 group zones, 4 956 zone instances, 19 825 var values) a file loads,
    and fast enough for the CPU limit: the cost of loading grows with the file, not faster."""
    lines = ["extends: fantan", "zones:"] + [f"  g{i}: {{per: none, kind: groups, max_groups: 51}}"
                                             for i in range(97)]
    lines += ["vars:"] + [f"  a{i}: {{per: group, start: 0}}" for i in range(4)]
    path = write(tmp_path, "\n".join(lines) + "\n")
    g = load(str(path))
    assert g.zone_count <= MAX_ZONE_INSTANCES and g.var_slots <= MAX_VAR_SLOTS
    assert g.zone_count > MAX_ZONE_INSTANCES * 0.9
    proc = validate_bounded(tmp_path, path)
    assert proc.returncode == 0, proc.err


def test_a_megabyte_of_yaml_values_is_refused_while_composing(tmp_path):
    """A megabyte of `[1,1,1,...` took half a minute to compose before the value bound refused it;
    the composer stops at the bound."""
    path = write(tmp_path, "extends: fantan\ntext: [" + ",".join(["1"] * 490_000) + "]\n")
    assert path.stat().st_size < yamlload.MAX_FILE_BYTES
    proc = validate_bounded(tmp_path, path)
    assert proc.returncode == 2
    assert f"the file has more than {yamlload.MAX_NODES} values" in proc.err.splitlines()[0], proc.err


@pytest.mark.parametrize("section, entry, bound", [
    ("vars", "  v{i}: {{start: 0}}", "vars"),
    ("params", "  p{i}: {{value: 1, type: num}}", "params"),
    ("bot", "  - {{move: play, prefer: 1}}", "bot"),
])
def test_a_section_past_its_bound_is_refused_at_the_first_entry_past_it(tmp_path, section, entry, bound):
    limit = schema.key_at(bound).most
    lines = [f"extends: fantan\nvariant: {{id: many}}\n{section}:"] + [entry.format(i=i) for i in range(limit + 5)]
    path = write(tmp_path, "\n".join(lines) + "\n")
    err = refused(path, f"a rule file may have at most {limit}")
    assert err.problems[0].loc.line > limit  # past the first `limit` entries of this file


def test_the_loop_bound_is_far_above_the_bundled_games():
    """The worst nesting of the bundled games (Fanti: a rule over the deck inside one) is 2 704
    items; the bound refuses four rules nested over a 52-card deck (tests/bad_rules/loops_*)."""
    assert 52 * 52 * 52 < compiler.MAX_LOOP_WORK < 52 ** 4
