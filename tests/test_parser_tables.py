"""The parser tables shipped with kural (dsl/grammar_tables.json, written by `python -m kural.dsl.parser_tables`):
made from grammar.lark as it is, they parse every text exactly as a parser built from the grammar does,
and they are what kural uses, so that a first load (no cache at all) does no grammar analysis."""
from __future__ import annotations

import lark
import pytest

from kural.dsl import parser_tables, parsing
from kural.dsl.paths import games_dir, grammar_path
from kural.dsl.yamlload import load_file

from all_games import texts_of

GRAMMAR = grammar_path().read_text(encoding="utf-8")


def test_the_shipped_tables_are_made_from_grammar_lark():
    shipped = parser_tables.TABLES.read_text(encoding="utf-8")
    assert str(parser_tables.fingerprint(GRAMMAR)["grammar_sha256"]) in shipped, \
        "grammar.lark changed: run `python -m kural.dsl.parser_tables` and commit dsl/grammar_tables.json"
    assert parser_tables.shipped(GRAMMAR) is not None


def _every_text() -> list[str]:
    files = sorted(games_dir().glob("*.yaml")) + sorted(games_dir().glob("*/*.yaml"))
    texts = {t for path in files for t in texts_of(load_file(path))}
    return sorted(texts) + ["a and (b or", "x += ", "1 +* 2", "count(hand(me), c => rank(c) == 7) >= 2"]


def _outcome(parser, text: str, start: str):
    try:
        tree = parser.parse(text, start=start)
    except lark.exceptions.UnexpectedInput as exc:
        return type(exc).__name__, getattr(exc, "pos_in_stream", None), sorted(getattr(exc, "expected", ()) or ())
    metas = [(t.data, t.meta.line, t.meta.column, t.meta.start_pos, t.meta.end_pos) for t in tree.iter_subtrees()
             if not t.meta.empty]
    tokens = [(tok.type, str(tok), tok.start_pos, tok.line, tok.column)
              for tok in tree.scan_values(lambda v: isinstance(v, lark.Token))]
    return tree, metas, tokens


def test_the_shipped_parser_reads_every_text_as_the_grammar_does():
    """Every text of every bundled rule file (and a few broken ones), as an expression and as effects:
    the same tree, the same places (for file:line:col errors), the same syntax errors."""
    built = lark.Lark(GRAMMAR, **parser_tables.OPTIONS)
    shipped = parser_tables.shipped(GRAMMAR)
    for text in _every_text():
        for start in ("expr", "effects"):
            assert _outcome(shipped, text, start) == _outcome(built, text, start), (text, start)


def test_kural_uses_the_shipped_tables(monkeypatch):
    """No grammar analysis at all: building a parser from the grammar is refused, and kural parses."""
    def refused(*args, **kwargs):
        raise AssertionError("the grammar was analysed again")
    monkeypatch.setattr(parsing, "Lark", refused)
    parsing.parser.cache_clear()
    try:
        assert parsing.parse_flat("rank(card) == 7", "expr").data
    finally:
        parsing.parser.cache_clear()


@pytest.mark.parametrize("text", ["", "not json", '{"made_from": {}, "data": {}, "memo": {}}'])
def test_missing_or_stale_tables_fall_back_to_the_grammar(tmp_path, monkeypatch, text):
    path = tmp_path / "tables.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(parser_tables, "TABLES", path)
    assert parser_tables.shipped(GRAMMAR) is None
    parsing.parser.cache_clear()
    try:
        assert parsing.parse_flat("rank(card) == 7", "expr").data
    finally:
        parsing.parser.cache_clear()


# ------------------------------------------------------- the loop's tables (dsl/grammar_loop.json)
def test_the_shipped_loop_tables_are_made_from_grammar_lark():
    """The tables every load parses with (dsl/parser_lalr.py) are the ones made from grammar.lark as it is."""
    import json
    shipped = json.loads(parser_tables.LOOP_TABLES.read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(parser_tables.loop_tables(GRAMMAR))), \
        "grammar.lark changed: run `python -m kural.dsl.parser_tables` and commit dsl/grammar_loop.json"
    assert parser_tables.shipped_loop(GRAMMAR) is not None


def test_a_load_builds_no_lark_parser(tmp_path, monkeypatch):
    """A rule file without a syntax error is parsed by the shipped loop tables alone: Lark's parser
    (what a syntax error's message comes from) is not even read from its tables."""
    from kural.dsl.loader import load
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parsing.parser.cache_clear()
    parsing.table_parser.cache_clear()
    parsing.keywords.cache_clear()
    try:
        load("canasta", ["351"])
        assert parsing.parser.cache_info().currsize == 0
        with pytest.raises(lark.exceptions.UnexpectedInput):  # a syntax error: Lark's, as always
            parsing.parse_flat("rank(card) ==", "expr")
    finally:
        parsing.parser.cache_clear()
        parsing.table_parser.cache_clear()
        parsing.keywords.cache_clear()


@pytest.mark.parametrize("text", ["", "not json", '{"made_from": {}, "data": {}}'])
def test_missing_or_stale_loop_tables_are_taken_from_lark(tmp_path, monkeypatch, text):
    path = tmp_path / "loop.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(parser_tables, "LOOP_TABLES", path)
    assert parser_tables.shipped_loop(GRAMMAR) is None
    parsing.table_parser.cache_clear()
    try:
        assert parsing.table_parser() is not None  # from Lark's parser: the same tables
        assert parsing.parse_flat("rank(card) == 7", "expr").data == "compare"
    finally:
        parsing.table_parser.cache_clear()
