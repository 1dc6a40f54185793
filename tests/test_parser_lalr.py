"""The parser's tables read in one loop (dsl/parser_lalr.py, what every load parses with): for every text
it gives the tree Lark gives, with every token's and every tree's positions (the file:line:col of
errors, and of the messages a rule gives while playing, are worked out from them), and for every text
that is not the language it gives nothing, so that the syntax error is Lark's own (RULES: errors are
file:line:col with the text and a hint)."""
from __future__ import annotations

import random
from pathlib import Path

import lark
import pytest

from kural.dsl import parser_lalr, parsing
from kural.dsl.yamlload import load_file
from kural.dsl.paths import games_dir

from all_games import texts_of

TESTS = Path(__file__).resolve().parent
POSITIONS = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")


def _rule_filetexts_of() -> list[str]:
    """Every text of every rule file kural comes with and of the test games and broken rule files."""
    files = [*games_dir().glob("*.yaml"), *games_dir().glob("*/*.yaml"), *TESTS.glob("games/**/*.yaml"),
             *TESTS.glob("bad_rules/*.yaml")]
    texts: set[str] = set()
    for path in sorted(files):
        try:
            texts.update(texts_of(load_file(path)))
        except Exception:  # noqa: BLE001 - a broken rule file holds no text to compare
            pass
    return sorted(texts)


def _same(mine, lark_tree, where="") -> None:
    """The same tree: the same rule names, children, tokens (type, text, positions) and tree positions."""
    if isinstance(lark_tree, lark.Tree):
        assert isinstance(mine, lark.Tree) and mine.data == lark_tree.data, where
        assert len(mine.children) == len(lark_tree.children), where
        theirs = vars(lark_tree._meta) if lark_tree._meta is not None else {}
        ours = vars(mine._meta) if mine._meta is not None else {}
        assert ours == theirs, where
        for i, (a, b) in enumerate(zip(mine.children, lark_tree.children)):
            _same(a, b, f"{where}/{i}")
    else:
        assert type(mine) is type(lark_tree), where
        for attr in POSITIONS:
            assert getattr(mine, attr) == getattr(lark_tree, attr), (where, attr)


def _compare(tables, text: str, start: str) -> bool:
    """Asserts the table parsers agree with Lark on the text, the one kural uses with Lark's tree made
    flat (parsing._flatten_chains); whether it is a text of the language."""
    plain, flat = tables
    mine, mine_flat = plain.parse(text, start), flat.parse(text, start)
    try:
        theirs = parsing.parser().parse(text, start=start)
    except lark.exceptions.UnexpectedInput:
        assert mine is None and mine_flat is None, (text, start)
        return False
    assert mine is not None and mine_flat is not None, (text, start)  # a text of the language is never left to Lark
    _same(mine, theirs, f"{start}: {text!r}")
    _same(mine_flat, parsing._flatten_chains(theirs), f"{start}: {text!r}")
    return True


@pytest.fixture(scope="module")
def table():
    """The table parser of Lark's tables as they are, and the one every load uses (dsl/grammar_loop.json,
    its and/or chains flat)."""
    plain, flat = parser_lalr.of(parsing.parser()), parsing.table_parser()
    assert plain is not None and flat is not None, "the parser's options are the ones the table parser reproduces"
    return plain, flat


def test_every_text_of_the_rule_files_parses_as_lark_parses_it(table):
    parsed = 0
    for text in _rule_filetexts_of():
        for start in ("expr", "effects"):
            parsed += _compare(table, text, start)
    assert parsed > 300  # the bundled games' expressions and effects are among them


# pieces of the language (and of texts that are not), so that random texts meet every terminal,
# keywords next to names that start like them, `-` as a sign and as an operator, `=` `==` `=>`,
# card codes next to names and numbers, texts over several lines, comments and stray characters
PIECES = ["x", "rank", "(", ")", "card", "c", "=>", "==", "=", "+=", "-=", "-", "+", "*", "//", "/", "%", "<", ">=",
          "!=", "and", "or", "not", "in", "not in", "if", "then", "else", "for", "do", "andy", "iff", "org", "7D",
          "10H", "XJ", "7Dx", "10", "1.5", "'a'", '"b"', "true", "false", "none", "[", "]", ",", ";", "{", "}",
          "hand(me)", "count(", "\n", " ", "  ", "# note\n", "@", "'open", "in_", "_x", "K", "KS"]


def test_random_texts_parse_or_fail_as_lark_decides(table):
    """Random texts of the language's pieces: where Lark reads one, the same tree; where Lark finds a
    syntax error, nothing (and Lark's error is the one shown)."""
    rng = random.Random(13)
    grammar_texts = [t for t in _rule_filetexts_of() if len(t) < 200]
    parsed = failed = 0
    for i in range(4000):
        if i % 2:
            text = " ".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))
        else:  # a text of a rule file with one piece put in, taken out or changed
            words = rng.choice(grammar_texts).split(" ")
            at = rng.randrange(len(words))
            words[at:at + rng.randint(0, 1)] = [rng.choice(PIECES)] * rng.randint(0, 1)
            text = " ".join(words)
        for start in ("expr", "effects"):
            if _compare(table, text, start):
                parsed += 1
            else:
                failed += 1
    assert parsed > 400 and failed > 400  # both kinds were met, whatever texts the rule files hold


def test_a_long_chain_is_one_level(table):
    """`a or b or ...` of thousands of terms is one or_ of them all, as every reader of the language
    needs it (no walk recurses once per term)."""
    tree = parsing.parse_flat(" or ".join(["x"] * 3000) + " and y and (z and w)", "expr")
    assert tree.data == "or_" and len(tree.children) == 3000
    last = tree.children[-1]
    assert last.data == "and_" and len(last.children) == 4


def test_a_syntax_error_is_still_lark_s_at_its_place():
    """The loop gives nothing for a broken text: the error is Lark's, with its position."""
    with pytest.raises(lark.exceptions.UnexpectedInput) as caught:
        parsing.parse_flat("count(hand(me), c => ) > 2", "expr")
    assert caught.value.pos_in_stream == 21
