"""The rules language's texts parsed by the LALR tables of Lark's parser, in one loop.

Lark's own LALR loop goes through several layers of calls for every token and every reduction
(its lexer thread, the tree builder's filters and position wrappers); a load parses a few thousand
tokens, and those layers were a quarter of a cold load. `TableParser` reads the very tables of a Lark
parser (its parse table, its terminals, its rules) and does the same work in one loop: the contextual
lexer (in each parser state only the terminals that state accepts, in Lark's order, keywords taken from
names as Lark's "unless" callbacks do), the shifts and reductions, and the trees with the shape and the
positions (`meta`) that Lark's tree builder gives them (`?rule` inlined when it has one child, filtered
tokens dropped, `_rule` children inlined, positions propagated).

It gives the tree Lark gives, or None: for any text it cannot parse (a syntax error, a character no
terminal takes) the caller asks Lark itself, so that every error is Lark's own (its expected tokens,
its position). It serves only a parser whose options it knows (LALR, contextual lexer, positions
propagated, no placeholders, no transformer or post-lexer); for any other, `of` gives None.
"""
from __future__ import annotations

try:
    import re._constants as sre_constants
    import re._parser as sre_parse
except ImportError:  # Python before 3.11
    import sre_constants  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]
import re

from lark import Token, Tree
from lark.lexer import PatternRE, PatternStr, _regexp_has_newline
from lark.parsers.lalr_analysis import Shift
from lark.tree import Meta

_MAX_FIRST = 256  # a character range wider than this counts as "any character" in _first_chars


def of(lark_parser) -> "TableParser | None":
    """The table parser of a Lark parser, or None when it is built with options this module does not
    reproduce (then Lark parses every text)."""
    options = lark_parser.options
    conf = lark_parser.parser.lexer_conf
    if (options.parser != "lalr" or options.lexer != "contextual" or options.postlex is not None
            or options.transformer is not None or options.propagate_positions is not True
            or options.maybe_placeholders or options.tree_class not in (None, Tree) or options.ambiguity != "auto"
            or conf.callbacks or conf.g_regex_flags or conf.use_bytes or options.lexer_callbacks):
        return None
    if any(t.pattern.flags or (isinstance(t.pattern, PatternRE) and re.compile(t.pattern.to_regexp()).groupindex)
           for t in conf.terminals):
        return None  # flags, or named groups inside a terminal (Lark's match would name the group)
    _lalr = lark_parser.parser.parser.parser
    if any(isinstance(key, str) for key in _lalr.callbacks):
        return None  # callbacks on tokens
    return TableParser(_lalr.parse_table, conf, _lalr.callbacks)


class _Fail(Exception):
    """The text is not one this loop parses: Lark is asked instead."""


class _StateLexer:
    """What Lark's contextual lexer does in the parser states that accept the same terminals: the
    terminals in Lark's order (priority, longest possible match, longest pattern, name), without the
    keywords a name pattern takes (then retyped, as Lark's `unless` callback does), and for each first
    character the terminals that can start with it."""

    def __init__(self, terminals: list, ignore: frozenset, matchers: dict, firsts: dict):
        terminals = sorted(terminals, key=lambda x: (-x.priority, -x.pattern.max_width, -len(x.pattern.value), x.name))
        self.newline_types = frozenset(t.name for t in terminals if _regexp_has_newline(t.pattern.to_regexp()))
        self.ignore = ignore
        strs = [t for t in terminals if isinstance(t.pattern, PatternStr)]
        embedded, self.unless = set(), {}
        for retok in terminals:
            if not isinstance(retok.pattern, PatternRE):
                continue
            taken = {}
            for strtok in strs:
                value = strtok.pattern.value
                found = matchers[retok.name].match(value)  # as Lark: the pattern's match is the whole keyword
                if strtok.priority == retok.priority and found is not None and found.group(0) == value:
                    taken.setdefault(value, strtok.name)
                    if strtok.pattern.flags <= retok.pattern.flags:
                        embedded.add(strtok.name)
            if taken:
                self.unless[retok.name] = taken
        self.order = [(t.name, isinstance(t.pattern, PatternStr), t.pattern.value if isinstance(t.pattern, PatternStr)
                       else matchers[t.name], firsts[t.name]) for t in terminals if t.name not in embedded]
        self.by_char: dict[str, list] = {}

    def candidates(self, char: str) -> list:
        found = self.by_char.get(char)
        if found is None:
            found = self.by_char[char] = [(name, is_str, m) for name, is_str, m, first in self.order
                                          if first is None or char in first]
        return found


class TableParser:
    """Parses a text from a start symbol with a Lark parse table: the tree Lark would give, or None."""

    def __init__(self, parse_table, conf, callbacks):
        shapes = {rule: (*_shape(rule), rule.origin.name) for rule in callbacks}
        # each state's actions: a shift (or, for a rule's name, a goto) as the next state's number, a
        # reduction as (symbols reduced, the function that builds its value, the rule's name)
        self.states = {state: {symbol: arg if action is Shift else shapes[arg] for symbol, (action, arg) in actions.items()}
                       for state, actions in parse_table.states.items()}
        self.start_states, self.end_states = parse_table.start_states, parse_table.end_states
        self.terminals = {t.name: t for t in conf.terminals}
        self.ignore = frozenset(conf.ignore)
        self.matchers = {t.name: re.compile(t.pattern.to_regexp()) for t in conf.terminals
                         if isinstance(t.pattern, PatternRE)}
        self.firsts = {t.name: _first_chars(t.pattern) for t in conf.terminals}
        self.lexers: dict[int, _StateLexer] = {}
        self.by_accepts: dict[frozenset, _StateLexer] = {}

    def lexer(self, state: int) -> _StateLexer:
        lexer = self.lexers.get(state)
        if lexer is None:
            accepts = frozenset(self.states[state])
            lexer = self.by_accepts.get(accepts)
            if lexer is None:
                names = (accepts | self.ignore) & self.terminals.keys()
                lexer = self.by_accepts[accepts] = _StateLexer([self.terminals[n] for n in names], self.ignore,
                                                               self.matchers, self.firsts)
            self.lexers[state] = lexer
        return lexer

    def parse(self, text: str, start: str):
        try:
            return self._parse(text, start)
        except _Fail:
            return None

    def _parse(self, text: str, start: str):
        states = self.states
        state_stack, value_stack = [self.start_states[start]], []
        end_state = self.end_states[start]
        pos, line, line_start, size = 0, 1, 0, len(text)
        token = None
        while True:
            token, pos, line, line_start = self._token(text, pos, line, line_start, size, state_stack[-1], token)
            kind = token.type
            while True:
                action = states[state_stack[-1]].get(kind)
                if action is None:
                    raise _Fail
                if action.__class__ is int:  # a shift
                    if kind == "$END":
                        raise _Fail
                    state_stack.append(action)
                    value_stack.append(token)
                    break
                length, build, origin = action
                if build is _itself:  # one symbol for one, the same value: only the state changes
                    new_state = state_stack[-1] = states[state_stack[-2]][origin]
                else:
                    if length:
                        children = value_stack[-length:]
                        del state_stack[-length:]
                        del value_stack[-length:]
                    else:
                        children = []
                    new_state = states[state_stack[-1]][origin]
                    state_stack.append(new_state)
                    value_stack.append(build(children))
                if new_state == end_state and kind == "$END":
                    return value_stack[-1]

    def _token(self, text, pos, line, line_start, size, state, last):
        """The next token from `pos` as Lark's lexer for `state` reads it (the $END token at the end),
        and the position, line and start of line after it."""
        lexer = self.lexers.get(state) or self.lexer(state)
        while pos < size:
            for name, is_str, m, in lexer.candidates(text[pos]):
                if is_str:
                    if text.startswith(m, pos):
                        value = m
                        break
                else:
                    found = m.match(text, pos)
                    if found is not None:
                        value = found.group(0)
                        break
            else:
                raise _Fail
            start, start_line, column = pos, line, pos - line_start + 1
            if name in lexer.newline_types:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = pos + value.rindex("\n") + 1
            pos += len(value)
            if name in lexer.ignore:
                continue
            unless = lexer.unless.get(name)
            if unless is not None:
                name = unless.get(value, name)
            return Token(name, value, start, start_line, column, line, pos - line_start + 1, pos), pos, line, line_start
        if last is None:
            return Token("$END", "", 0, 1, 1), pos, line, line_start
        return Token.new_borrow_pos("$END", "", last), pos, line, line_start


# ---------------------------------------------------------------- the trees
def _shape(rule):
    """(the number of symbols the rule reduces, the function that builds its value from them), as Lark's
    tree builder shapes it: tokens filtered out, `_name` rules inlined, a `?rule` of one child that child,
    and the positions of the result taken from all the symbols reduced."""
    keep_all = rule.options.keep_all_tokens
    include = [(i, not sym.is_term and sym.name.startswith("_")) for i, sym in enumerate(rule.expansion)
               if keep_all or not (sym.is_term and sym.filter_out)]
    filtered = len(include) < len(rule.expansion) or any(expand for _, expand in include)
    single = rule.options.expand1 and not rule.alias
    name = rule.alias or rule.options.template_source or rule.origin.name
    if not filtered and single and len(rule.expansion) == 1:
        return 1, _itself  # positions: the child's own, unchanged (see _positions)
    if not filtered:
        def build(children):
            if single and len(children) == 1:
                return _positions(children[0], children)
            return _positions(Tree(name, children), children)
        return len(rule.expansion), build

    def build_filtered(children):
        kept = []
        for i, expand in include:
            if expand:
                if kept:
                    kept += children[i].children
                else:
                    kept = children[i].children
            else:
                kept.append(children[i])
        if single and len(kept) == 1:
            return _positions(kept[0], children)
        return _positions(Tree(name, kept), children)
    return len(rule.expansion), build_filtered


def _itself(children):
    return children[0]


def _positions(res, children):
    """Lark's PropagatePositions: a tree starts where its first symbol starts and ends where its last one
    ends (the container_* fields count the symbols inlined or filtered out too)."""
    if not isinstance(res, Tree):
        return res
    meta = res.meta
    first = _meta_of(children)
    if first is not None:
        if not hasattr(meta, "line"):
            meta.line = getattr(first, "container_line", first.line)
            meta.column = getattr(first, "container_column", first.column)
            meta.start_pos = getattr(first, "container_start_pos", first.start_pos)
            meta.empty = False
        meta.container_line = getattr(first, "container_line", first.line)
        meta.container_column = getattr(first, "container_column", first.column)
        meta.container_start_pos = getattr(first, "container_start_pos", first.start_pos)
    last = _meta_of(reversed(children))
    if last is not None:
        if not hasattr(meta, "end_line"):
            meta.end_line = getattr(last, "container_end_line", last.end_line)
            meta.end_column = getattr(last, "container_end_column", last.end_column)
            meta.end_pos = getattr(last, "container_end_pos", last.end_pos)
            meta.empty = False
        meta.container_end_line = getattr(last, "container_end_line", last.end_line)
        meta.container_end_column = getattr(last, "container_end_column", last.end_column)
        meta.container_end_pos = getattr(last, "container_end_pos", last.end_pos)
    return res


def _meta_of(children):
    for c in children:
        if isinstance(c, Tree):
            if not c.meta.empty:
                return c.meta
        elif isinstance(c, Token):
            return c
    return None


# ---------------------------------------------------------------- first characters
def _first_chars(pattern) -> frozenset | None:
    """The characters a match of a terminal can start with, or None when that is not told (then the
    terminal is tried at every character: a set too large only costs a failed match)."""
    if isinstance(pattern, PatternStr):
        return frozenset(pattern.value[:1]) or None
    try:
        first, nullable = _first_of(list(sre_parse.parse(pattern.to_regexp())))
    except Exception:  # noqa: BLE001 - a pattern the analysis does not know: tried everywhere
        return None
    return None if first is None or nullable else frozenset(first)


def _first_of(items):
    """(first characters, may match empty) of a sequence of parsed regex items; None: any character."""
    out: set = set()
    for op, av in items:
        first, nullable = _first_item(op, av)
        if first is None:
            return None, True
        out |= first
        if not nullable:
            return out, False
    return out, True


def _first_item(op, av):
    c = sre_constants
    if op == c.LITERAL:
        return {chr(av)}, False
    if op == c.IN:
        chars: set = set()
        for kind, value in av:
            if kind == c.LITERAL:
                chars.add(chr(value))
            elif kind == c.RANGE and value[1] - value[0] <= _MAX_FIRST:
                chars.update(chr(x) for x in range(value[0], value[1] + 1))
            else:  # a category (\d takes every script's digits), a negation, a wide range
                return None, True
        return chars, False
    if op == c.SUBPATTERN:
        _group, add_flags, del_flags, inner = av
        if add_flags or del_flags:
            return None, True
        return _first_of(list(inner))
    if op == c.BRANCH:
        chars, nullable = set(), False
        for branch in av[1]:
            first, empty = _first_of(list(branch))
            if first is None:
                return None, True
            chars |= first
            nullable = nullable or empty
        return chars, nullable
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", None)):
        low, _high, inner = av
        first, empty = _first_of(list(inner))
        return first, (empty or low == 0)
    if op in (c.ASSERT, c.ASSERT_NOT, c.AT):  # takes no character: what follows starts the match
        return set(), True
    return None, True
