"""Malformed rule files (issue 2: "a malformed rule file ... gives file:line:col").

Each case copies games/fantan.yaml, breaks one thing by a text edit, and
loads it from tmp_path. The load must raise RuleError whose first problem
names that file, the line of the edit (found in the edited text, never
hard-coded), a column inside the offending text, and says what is wrong.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from kural.dsl.errors import RuleError
from kural.dsl.loader import load

ROOT = Path(__file__).resolve().parents[1]
BASE = (ROOT / "games" / "fantan.yaml").read_text(encoding="utf-8")


def edit(old: str, new: str, text: str = BASE) -> str:
    assert text.count(old) == 1, f"the edit must be unambiguous: {old!r}"
    return text.replace(old, new)


def place(text: str, needle: str) -> tuple[int, int]:
    """1-based (line, column) of the one occurrence of needle in text."""
    assert text.count(needle) == 1, f"{needle!r} must occur once"
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def fails(path: Path, **kw) -> RuleError:
    with pytest.raises(RuleError) as info:
        load(str(path), **kw)
    err = info.value
    assert err.problems, "a RuleError with no problem"
    return err


def write(tmp_path: Path, text: str, name: str = "broken.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def check_first(err: RuleError, path: Path, line: int, message: str, *, col=None, cols=None, hint=None):
    p = err.problems[0]
    assert Path(p.loc.file).resolve() == path.resolve(), str(err)
    assert p.loc.line == line, str(err)
    if col is not None:
        assert p.loc.col == col, str(err)
    if cols is not None:
        assert cols[0] <= p.loc.col <= cols[1], str(err)
    assert message in p.message, str(err)
    if hint is not None:
        assert hint in p.hint, str(err)
    # The rendered form starts with file:line:col: message (what the CLI prints).
    assert str(err).startswith(f"{p.loc.file}:{p.loc.line}:{p.loc.col}: {p.message}")


def test_the_unedited_copy_loads(tmp_path):
    """The base copy itself loads from tmp_path: every failure below is the edit's."""
    g = load(str(write(tmp_path, BASE, "fantan_copy.yaml")))
    assert g.id == "fantan"


# ------------------------------------------------------------ YAML level
def test_bad_yaml(tmp_path):
    text = edit("  copies: 1\n", "  copies: 1: 2\n")
    path = write(tmp_path, text)
    line, col = place(text, "copies: 1: 2")
    check_first(fails(path), path, line, "not valid YAML", cols=(col, col + len("copies: 1: 2")))


def test_tab_indentation(tmp_path):
    text = edit("  copies: 1\n", "\tcopies: 1\n")
    path = write(tmp_path, text)
    line, _ = place(text, "\tcopies")
    check_first(fails(path), path, line, "not valid YAML", hint="tab")


def test_duplicate_key(tmp_path):
    """YAML would keep the second `copies` silently; the loader refuses, at the second one."""
    text = edit("  copies: 1\n", "  copies: 1\n  copies: 2\n")
    path = write(tmp_path, text)
    line, col = place(text, "copies: 2")
    check_first(fails(path), path, line, "`copies` is written twice", col=col)


def test_unknown_key_with_did_you_mean(tmp_path):
    text = edit("  copies: 1\n", "  copise: 1\n")
    path = write(tmp_path, text)
    line, col = place(text, "copise")
    check_first(fails(path), path, line, "unknown key `copise`", col=col, hint="did you mean `copies`?")


@pytest.mark.parametrize("old,new,word", [
    ("  jokers: 0\n", "  jokers: no\n", "no"),
    ("  lang: tr\n", "  lang: on\n", "on"),
])
def test_yaml_1_1_boolean_surprise(tmp_path, old, new, word):
    """`no` and `on` are booleans to YAML 1.1: refused, with a hint to quote them."""
    text = edit(old, new)
    path = write(tmp_path, text)
    line, col = place(text, new.strip())
    col += len(new.strip()) - len(word)
    check_first(fails(path), path, line, f"`{word}` as a boolean", col=col, hint="quote")


def test_python_object_tag_is_refused(tmp_path):
    """Rule files are plain data: a !!python/object tag never constructs anything."""
    text = edit("  copies: 1\n", "  copies: !!python/object:os.system 1\n")
    path = write(tmp_path, text)
    line, _ = place(text, "!!python/object")
    check_first(fails(path), path, line, "tag")


# ---------------------------------------------------------- schema level
def test_wrong_type_players_four(tmp_path):
    text = edit("  players: 4 ", '  players: "four" ')
    path = write(tmp_path, text)
    line, col = place(text, '"four"')
    check_first(fails(path), path, line, "`game.players` must be a whole number", col=col)


def test_deck_with_no_cards(tmp_path):
    text = edit("  copies: 1\n  jokers: 0\n", "  copies: 0\n  jokers: 0\n")
    path = write(tmp_path, text)
    line, _ = place(text, "copies: 0")
    check_first(fails(path), path, line, "no cards")


def test_move_offered_by_no_step(tmp_path):
    text = edit("      - {step: main, moves: [play, pass]}", "      - {step: main, moves: [play]}")
    path = write(tmp_path, text)
    line, col = place(text, "  pass:\n    title")
    check_first(fails(path), path, line, "the move `pass` is offered by no step", col=col + 2)


def test_step_offering_an_unknown_move(tmp_path):
    text = edit("moves: [play, pass]}", "moves: [play, pas]}")
    path = write(tmp_path, text)
    line, col = place(text, "pas]")
    check_first(fails(path), path, line, "`pas`", col=col, hint="did you mean `pass`?")


# ------------------------------------------------------- expression level
def test_unknown_name_in_a_folded_block_expression(tmp_path):
    """Inside a `>` block (define: next_to_row), the column is that of the name itself."""
    text = edit("rank(card) - 1) or has(table", "rank(crad) - 1) or has(table")
    path = write(tmp_path, text)
    line, col = place(text, "crad")
    check_first(fails(path), path, line, "unknown name `crad`", col=col, hint="did you mean `card`?")


def test_unknown_name_in_a_quoted_expression(tmp_path):
    text = edit("check: not can(play)", 'check: "not can(plya)"')
    path = write(tmp_path, text)
    line, col = place(text, "plya")
    check_first(fails(path), path, line, "unknown name `plya`", col=col, hint="did you mean `play`?")


def test_unknown_function_in_a_plain_expression(tmp_path):
    text = edit("else holder(start_card)", "else holdr(start_card)")
    path = write(tmp_path, text)
    line, col = place(text, "holdr")
    check_first(fails(path), path, line, "unknown name `holdr`", col=col, hint="did you mean `holder`?")


def test_syntax_error_points_at_the_unexpected_token(tmp_path):
    text = edit("    end: empty(hand(me))", "    end: empty(hand(me)) == == 1")
    path = write(tmp_path, text)
    line, col = place(text, "== == 1")
    check_first(fails(path), path, line, "syntax error", col=col + 3)


def test_syntax_error_unclosed_bracket(tmp_path):
    text = edit("    do: move(card, table)", "    do: move(card, table")
    path = write(tmp_path, text)
    line, col = place(text, "move(card, table\n")
    check_first(fails(path), path, line, "syntax error", cols=(col, col + len("move(card, table")))


def test_card_compared_with_a_number(tmp_path):
    text = edit("check: if empty(table) then opening else true", "check: if empty(table) then opening else card > 13")
    path = write(tmp_path, text)
    line, col = place(text, "card > 13")
    check_first(fails(path), path, line, "cannot compare a card with a number", col=col,
                hint="rank(card)")


def test_wrong_arity(tmp_path):
    text = edit("winner: empty(hand(seat))", "winner: empty(hand(seat), 2)")
    path = write(tmp_path, text)
    line, col = place(text, "empty(hand(seat), 2)")
    check_first(fails(path), path, line, "`empty` takes 1 argument(s), not 2", col=col)


def test_effect_used_as_a_value(tmp_path):
    text = edit("winner: empty(hand(seat))", "winner: shuffle(stock)")
    path = write(tmp_path, text)
    line, col = place(text, "winner: shuffle(stock)")
    check_first(fails(path), path, line, "`shuffle` is an effect", col=col + len("winner: "))


def test_value_used_as_an_effect(tmp_path):
    text = edit("    do: move(card, table)", "    do: rank(card)")
    path = write(tmp_path, text)
    line, col = place(text, "do: rank(card)\n")
    check_first(fails(path), path, line, "`rank` is not an effect", col=col + len("do: "))


# -------------------------------------------------- extends and variants
def test_extends_a_missing_file(tmp_path):
    text = "# a house rule\n# over a base that is not there\nextends: nosuch.yaml\nvariant: {id: lost}\n"
    path = write(tmp_path, text, "lost.yaml")
    line, col = place(text, "nosuch.yaml")
    check_first(fails(path), path, line, "names no rule file", col=col)


def test_extends_cycle(tmp_path):
    """a extends b extends a: reported at the `extends:` that closes the cycle, not at 1:1."""
    a = "# first\n# of two\nextends: b.yaml\nvariant: {id: a}\n"
    b = "# second\nextends: a.yaml\nvariant: {id: b}\n"
    write(tmp_path, b, "b.yaml")
    path = write(tmp_path, a, "a.yaml")
    err = fails(path)
    assert "cycle" in err.problems[0].message
    # Loading a: a -> b -> a; the edge that closes it is b's `extends: a.yaml`.
    line, col = place(b, "a.yaml")
    check_first(err, tmp_path / "b.yaml", line, "cycle", col=col)


def test_extends_itself(tmp_path):
    text = "# loops\nextends: self.yaml\n"
    path = write(tmp_path, text, "self.yaml")
    line, col = place(text, "self.yaml\n")
    check_first(fails(path), path, line, "cycle", col=col)


def test_set_of_a_param_the_variants_do_not_have():
    """--set names a param of no loaded layer (pass_fee exists only with pass-fee)."""
    with pytest.raises(RuleError) as info:
        load("fantan", variants=["maca7"], sets=["pass_fee=2"])
    p = info.value.problems[0]
    assert (p.loc.file, p.loc.line) == ("--set", 1)
    assert "no param `pass_fee`" in p.message
    load("fantan", variants=["pass-fee"], sets=["pass_fee=2"])    # with its variant it exists


def test_set_typo_gets_did_you_mean():
    with pytest.raises(RuleError) as info:
        load("fantan", sets=["row_rank=8", "strat_card=8D"])
    p = info.value.problems[0]
    assert (p.loc.file, p.loc.line) == ("--set", 2)      # the second --set is the bad one
    assert "strat_card" in p.message and "did you mean `start_card`?" in p.hint


def test_set_of_a_bad_card_value():
    with pytest.raises(RuleError) as info:
        load("fantan", sets=["start_card=ZZ"])
    assert "card code" in info.value.problems[0].message


def test_variant_file_changing_a_param_the_game_does_not_have(tmp_path):
    """A variant's `name: value` changes a param's value (loader's rule); a name the base does
    not declare is a typo that would silently change nothing, so it is refused."""
    text = "# spades open, with a typo\nextends: fantan\nvariant: {id: typo}\nparams:\n  strat_card: 7S\n"
    path = write(tmp_path, text, "typo.yaml")
    line, col = place(text, "strat_card")
    check_first(fails(path), path, line, "strat_card", col=col, hint="did you mean `start_card`?")


def test_variant_file_may_declare_a_new_param_in_full(tmp_path):
    """A variant adds a param by declaring it with `value:` (as pass-fee does): that is allowed."""
    text = ("extends: fantan\nvariant: {id: extra}\n"
            "params:\n  fee: {value: 2, type: num}\n")
    g = load(str(write(tmp_path, text, "extra.yaml")))
    assert g.param_info["fee"]["value"] == 2


def test_first_seat_that_is_no_seat_is_a_play_error(tmp_path):
    """F2 made wrong: with 12 cards each, the start card is sometimes left in the stock and
    nobody holds it; such a deal refuses to start with the rule file's place, not a Python error."""
    from kural.interpreter.engine import new_game
    from kural.interpreter.errors import PlayError
    path = tmp_path / "nobody.yaml"
    path.write_text("extends: " + str(ROOT / "games" / "fantan.yaml") + "\n"
                    "flow:\n  round:\n    setup: shuffle(stock); deal(stock, hand, 12)\n", encoding="utf-8")
    g = load(str(path))
    errors = []
    for seed in range(60):
        try:
            s = new_game(g, seed)
        except PlayError as exc:
            errors.append(exc)
            continue
        holder_hand = g.zone("hand").first_id + s.me
        assert g.deck.card_of_code("7D") in s.zones[holder_hand]
    assert errors, "in 60 deals of 48 cards the start card always went to a hand"
    assert "first" in errors[0].message and str(path) in errors[0].where


# ------------------------------------------------- issue 11: numbers, places, characters
def test_a_variants_round_result_that_fails_in_play_names_the_variants_file(tmp_path):
    """Issue 11 item 9: a part of a game keeps the place of the file that wrote it, so an error in
    play names the variant's file and line, not the base game's section it was merged into."""
    from kural.interpreter.engine import apply, new_game
    from kural.interpreter.errors import PlayError
    from kural.interpreter.legal import legal_moves
    text = ("extends: fantan\nvariant: {id: broken}\nround_result:\n"
            "  points: count(hand(seat)) // (count(hand(seat)) - count(hand(seat)))\n")
    path = write(tmp_path, text, "broken.yaml")
    g = load("fantan", variants=[str(path)])
    s = new_game(g, 1)
    with pytest.raises(PlayError) as info:
        while not s.over:
            apply(s, legal_moves(s)[0])
    line, col = place(text, "count(hand(seat)) //")
    assert info.value.where == f"{path}:{line}:{col}", info.value.render()
    assert "round_result.points" in info.value.message


def test_a_message_escapes_the_characters_that_do_not_show_as_themselves():
    """Issue 11 item 9: a message quoting a file's text shows a bidi override or a control
    character as its code, never raw (U+202E would reorder the line on the terminal)."""
    from kural.dsl.errors import Loc, Problem
    shown = Problem(Loc("a\u202eb.yaml", 1, 2), "`x\u202ey` is wrong", "not \x1b[2J", "x\u202ey: 1\x00").render()
    assert "\u202e" not in shown and "\x1b" not in shown and "\x00" not in shown
    assert "a\\u202eb.yaml:1:2: `x\\u202ey` is wrong" in shown and "\\x1b[2J" in shown and "\\x00" in shown


def usage_error(err: str) -> str:
    """The error line of typer's usage form (a command-line argument is no rule file: no file:line:col)."""
    assert err.startswith("Usage: "), err
    return next(line for line in err.splitlines() if line.startswith("Error: "))


@pytest.mark.parametrize("value, message", [
    ("nan", "is a number, not 'nan'"),
    ("inf", "is a number, not 'inf'"),
    ("9" * 5000, "is not a number a game can hold: numbers are finite and between -10^15 and 10^15"),
    ("1e400", "is not a number a game can hold"),
    ("-10000000000000001", "is not a number a game can hold"),
])
def test_a_set_number_outside_the_range_is_refused_naming_the_set(tmp_path, value, message):
    """Issue 11 items 6 and 8: `--set row_rank=nan` is no number, 5,000 digits do not become
    infinity: exit 2, one usage error naming `--set` with its hint, no traceback, within seconds."""
    from cli_support import kural
    proc = kural(tmp_path, "simulate", "fantan", "-n", 1, "--set", f"row_rank={value}", timeout=60, cpu=20)
    assert proc.returncode == 2 and "Traceback" not in proc.err, proc.err
    error = usage_error(proc.err)
    assert error.startswith("Error: Invalid value for '--set': ") and message in error, proc.err
    assert error.endswith(")"), proc.err  # the hint, in brackets


@pytest.mark.parametrize("value, message", [
    ("[" * 3000 + "]" * 3000, "nested more than 50 levels deep"),
    ("[100, .nan]", "`.nan` is not a number a game can hold"),
    ("[100, " + "9" * 5000 + "]", "is not a number a game can hold"),
])
def test_a_set_list_is_read_with_the_bounds_of_a_rule_file(tmp_path, value, message):
    """Issue 11 item 6: `--set 'targets=[[[...3000 deep...]]]'` was a RecursionError."""
    from cli_support import kural
    proc = kural(tmp_path, "simulate", "canasta", "-n", 1, "--set", f"targets={value}", timeout=60, cpu=20)
    assert proc.returncode == 2 and "Traceback" not in proc.err, proc.err
    error = usage_error(proc.err)
    assert error.startswith("Error: Invalid value for '--set': --set targets=...: ") and message in error, proc.err


def test_a_set_number_within_the_range_still_plays():
    g = load("fantan", sets=["row_rank=8"])
    assert g.param_values["row_rank"] == 8


def test_a_set_that_switches_a_move_off_loads_and_a_position_left_without_a_move_is_named_in_play(tmp_path):
    """Issue 11 item 7 as issue 38.8 decided it: a move a param switches off (here by --set) is a house
    rule, not a mistake, so the game loads; where play then reaches a position with no legal move, the
    engine names the step and the rule file's place, with a hint, and no traceback."""
    from cli_support import kural
    text = ("extends: fantan\nvariant: {id: gated}\nparams:\n  open: {value: true, type: bool}\n"
            "moves:\n  pass:\n    when: open and not can(play)\n")
    path = write(tmp_path, text, "gated.yaml")
    load("fantan", variants=[str(path)])
    g = load("fantan", variants=[str(path)], sets=["open=false"])
    assert [m.name for m in g.moves] == ["play", "pass"]
    proc = kural(tmp_path, "simulate", "fantan", "--variant", str(path), "--set", "open=false", "-n", 3, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.err, proc.err
    assert "has no legal move" in proc.err and "offers `play`, `pass`" in proc.err and "hint:" in proc.err
