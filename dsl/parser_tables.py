"""The rules language's LALR parser, analysed once and shipped with kural (dsl/grammar_tables.json).

Building the parser from grammar.lark (Lark's grammar analysis and LALR tables) takes 0.15 s or more;
reading the tables it comes to takes a few ms. The tables are Lark's own serialized form, as plain
JSON data (no code), written by

    python -m kural.dsl.parser_tables

after every change of grammar.lark (a test checks that the file matches the grammar), with the same
tables as dsl/parser_lalr.py reads them (dsl/grammar_loop.json), which every load parses with. They are used
only when they were made from this very grammar (its sha256), with these options and this Lark
version; otherwise the parser is built from the grammar (and Lark's cache in kural's cache folder).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

TABLES = Path(__file__).resolve().parent / "grammar_tables.json"
LOOP_TABLES = Path(__file__).resolve().parent / "grammar_loop.json"  # the same tables, as dsl/parser_lalr.py reads them
OPTIONS = dict(parser="lalr", start=["expr", "effects"], propagate_positions=True, maybe_placeholders=False)


def fingerprint(grammar: str) -> dict:
    """What the tables were made from: the grammar's text, the parser's options, Lark's version."""
    import lark
    return {"grammar_sha256": hashlib.sha256(grammar.encode("utf-8")).hexdigest(),
            "options": json.dumps(OPTIONS, sort_keys=True), "lark": lark.__version__}


def _int_keys(pairs):
    """JSON writes the tables' integer keys (states, tokens, memo) as text: read them back as numbers
    (a mapping's keys are all numbers or all names)."""
    if pairs and pairs[0][0].isdigit():
        return {int(key): value for key, value in pairs}
    return dict(pairs)


def shipped(grammar: str):
    """The parser from the shipped tables, or None when they are missing, damaged or were made from
    another grammar, other options or another Lark."""
    from lark import Lark
    try:
        stored = json.loads(TABLES.read_text(encoding="utf-8"), object_pairs_hook=_int_keys)
        if stored.get("made_from") != fingerprint(grammar):
            return None
        return Lark._load_from_dict(stored["data"], stored["memo"])
    except Exception:  # noqa: BLE001 - any trouble with the file: the parser is built from the grammar
        return None


def shipped_loop(grammar: str, flat: frozenset = frozenset()):
    """The table parser (dsl/parser_lalr.py) from the shipped loop tables, or None when they are missing,
    damaged or were made from another grammar, other options or another Lark. Plain JSON, read without
    building Lark's parser: a load builds that only for a syntax error, whose message Lark gives.
    `flat`: the trees made one level (see TableParser)."""
    from .parser_lalr import TableParser
    try:
        stored = json.loads(LOOP_TABLES.read_text(encoding="utf-8"))
        if stored.get("made_from") != fingerprint(grammar):
            return None
        return TableParser(stored["data"], flat)
    except Exception:  # noqa: BLE001 - any trouble with the file: the tables are taken from Lark's parser
        return None


def loop_tables(grammar: str) -> dict | None:
    """The tables dsl/parser_lalr.py reads, as the JSON data shipped: those of the shipped parser (Lark
    numbers the states of a grammar differently from one run to the next), else of one built from the grammar."""
    from lark import Lark
    from .parser_lalr import plain
    data = plain(shipped(grammar) or Lark(grammar, **OPTIONS))
    return None if data is None else {"made_from": fingerprint(grammar), "data": data}


def tables(grammar: str) -> dict:
    """The analysed parser of a grammar, as the JSON data shipped."""
    from lark import Lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef
    data, memo = Lark(grammar, **OPTIONS).memo_serialize([TerminalDef, Rule])
    return {"made_from": fingerprint(grammar), "data": data, "memo": memo}


def main() -> None:
    from .paths import grammar_path
    grammar = grammar_path().read_text(encoding="utf-8")
    for path, make in ((TABLES, tables), (LOOP_TABLES, loop_tables)):  # the loop's from the tables just written
        made = make(grammar)
        if made is None:
            path.unlink(missing_ok=True)
            continue
        text = json.dumps(made, sort_keys=True, separators=(",", ":"))
        path.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {path} ({len(text)} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
