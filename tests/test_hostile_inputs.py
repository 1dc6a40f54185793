"""What a user types or writes, under attack: param values of the wrong form, text that would
reorder the terminal's line, a record of another game, names no expression can write (issue 34.17-20).

The guarantees (docs/guarantees.md, "Params, names and what is echoed"):
- A param's form is its declaration's (a number, a list of numbers, a list of pairs ...); a value of
  another form is refused where it is given (--set, a variant, kural.load(params=...)), never in play.
- Text from the command line is echoed escaped, as text from records and saves is.
- `explain GAME --record FILE` refuses a record of another game.
- A declared name is one the grammar's NAME can write, or it is refused where it is declared.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cli_support import kural  # noqa: E402

import kural as api  # noqa: E402
from kural.dsl.errors import RuleError  # noqa: E402
from kural.dsl.loader import load  # noqa: E402

LIMITS = dict(timeout=90, cpu=30)
NESTED_TARGETS = "targets=[[1, 2], [3]]"  # C22: the targets are numbers (5200, 7200, 9200)


# ------------------------------------------------------------------ 34.17: a param's form
def test_a_list_of_lists_for_the_targets_is_refused_at_the_set_not_in_play():
    """issue 34.17, C22: the targets are a list of numbers; [[1, 2], [3]] is refused by --set itself."""
    with pytest.raises(RuleError) as err:
        load("canasta", sets=[NESTED_TARGETS])
    problem = err.value.problems[0]
    assert problem.loc.file == "--set" and "`targets`" in problem.message
    assert "list of numbers" in problem.message


def test_the_api_checks_a_param_s_form_as_the_set_does():
    """issue 34.17: kural.load(params=...) is checked at the same place as --set."""
    with pytest.raises(RuleError) as err:
        api.load("canasta", params={"targets": [[1, 2], [3]]})
    assert "`targets`" in err.value.problems[0].message


@pytest.mark.parametrize("game,params", [
    ("canasta", {"open_needs_run": "false"}),  # C8: a bool; the text "false" was read as False
    ("fantan", {"row_rank": "8"}),             # F4: a number; "8" was read as 8
    ("canasta", {"targets": "[5200]"}),        # C22: a list of numbers; the text was read as a list
    ("fanti", {"rounds": "3"}),
], ids=repr)
def test_the_api_takes_a_value_not_a_text_to_read_as_set_reads_one(game, params):
    """issue 34.17's class, "wherever the value comes from": a variant's `open_needs_run: "false"` is
    refused (a text for a bool), yet kural.load(params={"open_needs_run": "false"}) loaded a game with
    False, because the API's values were written as --set text and read again. A Python value is taken
    as a variant's YAML value is: a text is a text (good for a card, a choice), never a number or a bool."""
    with pytest.raises(RuleError) as err:
        api.load(game, params=params)
    assert f"`{next(iter(params))}`" in err.value.problems[0].message
    name, value = next(iter(params.items()))
    load(game, sets=[f"{name}={value}"])  # the same text typed after --set is read, as ever


def test_the_api_still_takes_texts_where_the_param_is_a_text():
    """Cards, choices and none are texts in a variant too (F4, N7)."""
    assert api.load("fantan", params={"start_card": "8D"}).params["start_card"] == "8D"
    assert api.load("fantan", params={"start_card": "none"}).params["start_card"] is None
    assert api.load("fanti", params={"capturing": "optional"}).params["capturing"] == "optional"
    assert api.load("fantan", params={"row_rank": 8, "start_card": None}).params["row_rank"] == 8


CARD_PARAMS = [(game, name) for game in ("canasta", "fantan", "fanti")
               for name, p in load(game).params.items() if p["type"] == "card"]


@pytest.mark.parametrize("game,name", CARD_PARAMS, ids=lambda x: str(x))
def test_a_card_param_set_to_none_plays(game, name):
    """issue 34.17's class (a value --set takes fails in play, blamed on the bundled file): `--set
    prize_one=none`, the example `kural params fanti` gives, failed at the end of the first round with
    "games/fanti.yaml:172:11: round_result.points failed while playing: a value is none", as `prize_one in
    pile(seat)` looked up no card. No card is in any zone or list: every card param of every bundled game
    set to none loads and plays a game to its end."""
    state = api.load(game, params={name: None}).new(seed=1)
    state.play_out("heuristic")
    assert state.is_over


def test_pairs_keep_their_length():
    """issue 34.17, C8: the opening minimums are pairs [from, minimum]; a pair of three is refused."""
    with pytest.raises(RuleError) as err:
        load("canasta", sets=["open_thresholds=[[0, 45, 1], [900, 90]]"])
    assert "lists of 2 numbers" in err.value.problems[0].message


def test_a_variant_s_value_has_the_form_the_base_declares(tmp_path):
    """issue 34.17: a variant that writes the targets as lists is refused at its own line."""
    variant = tmp_path / "nested.yaml"
    variant.write_text("extends: canasta\nvariant: {id: nested}\nparams:\n  targets: [[5200]]\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load("canasta", [str(variant)])
    problem = err.value.problems[0]
    assert (problem.loc.file, problem.loc.line) == (str(variant), 4)


def test_a_variant_cannot_turn_a_number_into_a_text(tmp_path):
    """issue 34.17, C17: the going-out bonus is declared a number (50) without `type:`; a variant's
    `out_bonus: fifty` took its type from the variant and failed in the base's expression."""
    variant = tmp_path / "words.yaml"
    variant.write_text("extends: canasta\nvariant: {id: words}\nparams:\n  out_bonus: fifty\n", encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load("canasta", [str(variant)])
    problem = err.value.problems[0]
    assert (problem.loc.file, problem.loc.line) == (str(variant), 4) and "`out_bonus` is a number" in problem.message


def test_values_of_the_declared_form_still_load():
    """C22 and D11: other targets of the same form are a house rule (`--set 'targets=[555]'`)."""
    g = load("canasta", sets=["targets=[555]", "open_thresholds=[[0, 60], [900, 90]]"])
    assert g.params["targets"]["value"] == [555]


def test_the_cli_says_the_form_and_an_example_with_exit_2(tmp_path):
    """issue 34.17: a usage error, exit 2, no traceback, with the param's form."""
    proc = kural(tmp_path, "simulate", "canasta", "-n", "1", "--set", NESTED_TARGETS, "--lang", "en", **LIMITS)
    assert proc.returncode == 2 and "Traceback" not in proc.err
    assert "list of numbers" in proc.err and "--set 'targets=[" in proc.err


# ------------------------------------------------------------------ 34.20: names the grammar can write
FULLWIDTH_X = "\uff58"  # ｘ: a letter to str.isidentifier(), not to the grammar's NAME [A-Za-z_][A-Za-z0-9_]*
DECLARED = {
    "vars": f"vars:\n  {FULLWIDTH_X}: {{start: 0}}\n",
    "params": f"params:\n  {FULLWIDTH_X}: {{value: 1}}\n",
    "define": f"define:\n  {FULLWIDTH_X}: 1\n",
    "zones": f"zones:\n  {FULLWIDTH_X}: {{per: none, visible: none}}\n",
    "moves": f"moves:\n  {FULLWIDTH_X}: {{}}\n",
    "choose": f"moves:\n  play:\n    choose:\n      {FULLWIDTH_X}: hand(me)\n",
}


@pytest.mark.parametrize("kind", sorted(DECLARED))
def test_a_name_no_expression_can_write_is_refused_where_it_is_declared(tmp_path, kind):
    """issue 34.20: a fullwidth `ｘ` could be declared and never named; every kind of declared name is
    refused at its own line, as the grammar's NAME cannot write it."""
    variant = tmp_path / "wide.yaml"
    head = "extends: fantan\nvariant: {id: wide}\n"
    variant.write_text(head + DECLARED[kind], encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load("fantan", [str(variant)])
    problem = err.value.problems[0]
    lines = variant.read_text(encoding="utf-8").splitlines()
    assert problem.loc.file == str(variant) and FULLWIDTH_X in lines[problem.loc.line - 1]
    assert FULLWIDTH_X in problem.message and "A-Z" in problem.message


BUILT_INS = {  # names the library declares itself (me, players, seats, ...), declared again by a variant
    "vars": "vars:\n  me: {start: 0}\n",
    "zones": "zones:\n  seats: {per: none, visible: none}\n",
    "moves": "moves:\n  players: {}\n",
    "define": "define:\n  totals: 1\n",
    "params": "params:\n  rounds_played: {value: 1}\n",
}


@pytest.mark.parametrize("kind", sorted(BUILT_INS))
def test_a_name_the_library_declares_is_refused_at_the_variants_line_not_at_the_bases_first(tmp_path, kind):
    """issue 34.20's class with 35.11's (an error points at the user's file and line): a variant's var `me`
    was refused as declared twice (vars and built in) at games/fantan.yaml:4:1, the base's first key,
    which the user never wrote; it is the variant's own line now, as for any other name declared twice."""
    variant = tmp_path / "mine.yaml"
    variant.write_text("extends: fantan\nvariant: {id: mine}\n" + BUILT_INS[kind], encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load("fantan", [str(variant)])
    problem = err.value.problems[0]
    assert problem.loc.file == str(variant), problem
    name = BUILT_INS[kind].split("\n")[1].split(":")[0].strip()
    assert name in variant.read_text(encoding="utf-8").splitlines()[problem.loc.line - 1]


def test_the_check_of_names_is_the_grammar_s_own_rule():
    """issue 34.20: the check reads NAME from grammar.lark, so the grammar and the check cannot part."""
    from kural.dsl.parsing import name_rule
    grammar = (Path(__file__).resolve().parents[1] / "grammar.lark").read_text(encoding="utf-8")
    written = next(line for line in grammar.splitlines() if line.startswith("NAME:"))
    assert name_rule().pattern in written
    assert name_rule().fullmatch("opened_2") and not name_rule().fullmatch(FULLWIDTH_X)


# ------------------------------------------------------------------ 34.19: a record of another game
def test_explain_refuses_a_record_of_another_game_than_the_one_named(tmp_path):
    """issue 34.19: `explain canasta --record <a fantan record>` no longer explains the fantan game
    without a word: exit 2, one line naming the record's game; the game the record names still works."""
    record = tmp_path / "fantan.jsonl"
    made = kural(tmp_path, "simulate", "fantan", "-n", "1", "--seed", "1", "--record", record, **LIMITS)
    assert made.returncode == 0, made.err
    proc = kural(tmp_path, "explain", "canasta", "--record", record, "--lang", "en", **LIMITS)
    assert proc.returncode == 2 and proc.out == "" and "Traceback" not in proc.err
    assert "fantan" in proc.err and "canasta" in proc.err
    same = kural(tmp_path, "explain", "fantan", "--record", record, "--lang", "en", **LIMITS)
    assert same.returncode == 0, same.err


@pytest.mark.parametrize("named", [
    ["fantan", "--variant", "maca7"],          # F: another variant than the record's any7
    ["fantan", "--variant", "any7", "--set", "row_rank=8"],  # the record's variant, another param value
    ["fantan", "--variant", "any7", "--seed", "5"],          # a seed deals a bot game, not the record's
], ids=" ".join)
def test_explain_refuses_a_record_of_other_rules_than_those_named(tmp_path, named):
    """issue 34.19's class: the game was checked, but not the rest of what names the rules: `explain
    fantan --variant maca7 --record <an any7 record>` explained the any7 game under the title "Fantan
    (Sevens)" without a word, and --set, --players and --seed beside --record were set aside silently.
    Refused now (exit 2), naming the record's variant; the record's own rules, named or not (the game
    alone: the record's variants and values), still work, and the header names the variant."""
    record = tmp_path / "any7.jsonl"
    made = kural(tmp_path, "simulate", "fantan", "--variant", "any7", "-n", "1", "--record", record, **LIMITS)
    assert made.returncode == 0, made.err
    proc = kural(tmp_path, "explain", *named, "--record", record, "--move", "2", "--lang", "en", **LIMITS)
    assert proc.returncode == 2 and proc.out == "" and "Traceback" not in proc.err, (proc.out[:300], proc.err)
    assert "any7" in proc.err
    for same in (["fantan", "--variant", "any7"], ["fantan"], []):
        ok = kural(tmp_path, "explain", *same, "--record", record, "--move", "2", "--lang", "en", **LIMITS)
        assert ok.returncode == 0 and "any7" in ok.out.splitlines()[0], ok.err


# ------------------------------------------------------------------ 34.18: what is echoed
RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: printed raw, it reverses the rest of the terminal's line
TYPED = f"ab{RLO}cd"
ECHOES = {
    "check": ["check", "canasta", f"AS {TYPED} KS"],
    "explain --card": ["explain", "fantan", "--seed", "1", "--card", TYPED],
    "--variant": ["rules", "fantan", "--variant", TYPED],
    "--set name": ["simulate", "fantan", "-n", "1", "--set", f"{TYPED}=1"],
    "--set value": ["simulate", "fantan", "-n", "1", "--set", f"start_card={TYPED}"],
    "GAME": ["rules", TYPED],
    "an option": ["rules", "fantan", f"--{TYPED}"],
    "replay FILE": ["replay", TYPED],
}


@pytest.mark.parametrize("lang", ["en", "tr"])
@pytest.mark.parametrize("where", sorted(ECHOES))
def test_text_typed_on_the_command_line_is_echoed_escaped(tmp_path, where, lang):
    """issue 34.18: a bidi override typed on the command line is echoed as \\u202e, as text from a record
    or a save is, never raw; the command still fails as a usage error (exit 2, no traceback)."""
    proc = kural(tmp_path, *ECHOES[where], "--lang", lang, **LIMITS)
    shown = proc.out + proc.err
    assert proc.returncode == 2 and "Traceback" not in shown
    assert RLO not in shown and "ab\\u202ecd" in shown
