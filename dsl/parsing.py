"""The rules language's grammar, read once per process: its LALR parser (from the tables shipped with
kural, else Lark's, through Lark's cache), the words and names it allows, and the parse of a text with
its and/or chains flat. Every reader of the language parses through here."""
from __future__ import annotations

import hashlib
import re
import sys
from functools import lru_cache

import lark
from lark import Lark, Tree

from kural.interpreter.messages import Msg
from . import parser_lalr, parser_tables
from .errors import Loc, RuleError
from .paths import cache_dir, grammar_path


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of grammar.lark: from the tables shipped with kural when they were made from this
    grammar (dsl/parser_tables.py), else built from the grammar, through Lark's cache."""
    grammar = grammar_path().read_text(encoding="utf-8")
    return parser_tables.shipped(grammar) or Lark(grammar, **parser_tables.OPTIONS, cache=_parser_cache(grammar))


def _parser_cache(grammar: str) -> str | bool:
    """Where Lark keeps the analysed grammar (building the LALR tables takes some 0.1 s, loading them
    a few ms), or False for no cache. Lark checks the grammar, its options, its own version and
    Python's, stored in the file, and rebuilds when one changed; the name holds them too, so that
    two installs with different grammars do not overwrite each other's cache. A cache that cannot
    be read or written is rebuilt or skipped: kural then works as without one."""
    folder = cache_dir()
    if folder is None:
        return False
    key = hashlib.sha256(f"{grammar}\0{lark.__version__}\0{sys.version_info[:2]}".encode()).hexdigest()[:16]
    return str(folder / f"grammar-{key}.lark-cache")


@lru_cache(maxsize=1)
def keywords() -> frozenset:
    """The words of the rules language (if, then, and ...), taken from the grammar."""
    table = table_parser()
    if table is not None:
        return table.keywords()
    return frozenset(t.pattern.value for t in parser().terminals
                     if t.pattern.type == "str" and t.pattern.value.isidentifier())


@lru_cache(maxsize=1)
def name_rule() -> re.Pattern:
    """The grammar's NAME terminal: what an expression can write as a name. A declared name must match
    it whole, or nothing could ever refer to it (`ｘ` is an identifier to Python, not to the grammar)."""
    table = table_parser()
    pattern = table.terminals["NAME"][2] if table is not None else \
        next(t.pattern.value for t in parser().terminals if t.name == "NAME")
    return re.compile(pattern)


_TOKEN_WORDS = {"NAME": Msg("token_name"), "NUMBER": Msg("token_number"), "CARD": Msg("token_card"),
                "STRING": Msg("token_string"), "COMP_OP": Msg("token_comparison"), "ADD_OP": Msg("token_add"),
                "MUL_OP": Msg("token_mul"), "ASSIGN_OP": Msg("token_assign"), "$END": Msg("token_end")}


def token_word(name: str) -> str:
    """How a grammar terminal reads in a hint: 'a name', or its own text (`then`, `(`)."""
    if name in _TOKEN_WORDS:
        return _TOKEN_WORDS[name]
    for terminal in parser().terminals:
        if terminal.name == name and terminal.pattern.type == "str":
            return f"'{terminal.pattern.value}'"
    return name.lower()


CHAINS = ("or_", "and_")


def parse_flat(text: str, start: str) -> Tree:
    """The parse tree of a rule-file text with its and/or chains flat (see _flatten_chains);
    for every reader of the language, so that none recurses once per term of a long chain.
    Read by the parser's tables in one loop (dsl/parser_lalr.py), the tree Lark gives; a text that
    loop does not read (a syntax error) is read by Lark, whose error says what is wrong."""
    fast = table_parser()
    tree = fast.parse(text, start) if fast is not None else None  # its chains are made flat as it parses
    return tree if tree is not None else _flatten_chains(parser().parse(text, start=start))


@lru_cache(maxsize=1)
def table_parser() -> parser_lalr.TableParser | None:
    """The parser's tables read in one loop: shipped with kural (dsl/parser_tables.py) when they were
    made from this grammar, else taken from Lark's parser. Its and/or chains come out flat."""
    grammar = grammar_path().read_text(encoding="utf-8")
    return parser_tables.shipped_loop(grammar, frozenset(CHAINS)) or parser_lalr.of(parser(), frozenset(CHAINS))


def _flatten_chains(tree: Tree) -> Tree:
    """`a or b or c` parses as or_(or_(a, b), c): a spine one level per term. It is made one
    or_(a, b, c), without recursion, so that a chain of thousands of terms (an expression may
    have 10 000 characters) is one level to every walk of the tree, not a RecursionError."""
    stack = [tree]
    while stack:
        t = stack.pop()
        if t.data in CHAINS:
            flat, pending = [], list(reversed(t.children))
            while pending:
                child = pending.pop()
                if isinstance(child, Tree) and child.data == t.data:
                    pending.extend(reversed(child.children))
                else:
                    flat.append(child)
            t.children = flat
        stack.extend(c for c in t.children if isinstance(c, Tree))
    return tree


def comment_swallows(src, lines: list[str] | None) -> None:
    """A `#` starts a comment to the end of the line; in a folded value (`>`) YAML joins a line to the next
    (unless the next is indented more), so a `#` on the first would hide the second, and the rest of the
    expression would be silently lost: refused where the `#` is written. `src` is the value as read (an
    LStr with its place), `lines` its file's lines, each found in the value in turn."""
    at = 0
    for row in range(src.loc.line, len(lines or ())):  # (the value starts on the line after the `>`)
        content = lines[row].strip()
        found = src.find(content, at) if content else at
        if found < 0:  # past the value's last line
            return
        at = found + len(content)
        hash_at = _comment_at(content)
        if hash_at >= 0 and src[at:at + 1] != "\n" and src[at:].strip():
            col = len(lines[row]) - len(lines[row].lstrip()) + hash_at + 1
            raise RuleError.at(Loc(src.loc.file, row + 1, col), Msg("comment_in_folded"),
                               Msg("comment_in_folded_hint"), str(src))


def _comment_at(line: str) -> int:
    """Where a comment starts in a line of an expression (a `#` outside a text), or -1."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            return i
    return -1
