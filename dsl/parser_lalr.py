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


def of(lark_parser, flat: frozenset = frozenset()) -> "TableParser | None":
    """The table parser of a Lark parser, or None when it is built with options this module does not
    reproduce (then Lark parses every text). `flat`: see TableParser."""
    data = plain(lark_parser)
    return None if data is None else TableParser(data, flat)


def plain(lark_parser) -> dict | None:
    """What the loop needs of a Lark parser, as plain JSON data (dsl/parser_tables.py ships it): its
    terminals, ignored terminals, rules and parse table; None for options the loop does not reproduce."""
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
    lalr = lark_parser.parser.parser.parser
    if any(isinstance(key, str) for key in lalr.callbacks):
        return None  # callbacks on tokens
    rules = list(lalr.callbacks)
    number = {rule: i for i, rule in enumerate(rules)}
    table = lalr.parse_table
    terminals = [[t.name, isinstance(t.pattern, PatternStr), t.pattern.value, t.pattern.to_regexp(), t.priority,
                  t.pattern.max_width] for t in conf.terminals]
    return {
        "terminals": terminals,
        "firsts": {t[0]: _first_chars(t[1], t[2] if t[1] else t[3]) for t in terminals},
        "takes": _takes(terminals),
        "ignore": sorted(conf.ignore),
        "rules": [[r.origin.name, r.alias, r.options.template_source, bool(r.options.expand1),
                   bool(r.options.keep_all_tokens), [[sym.name, sym.is_term, bool(getattr(sym, "filter_out", False))]
                                                     for sym in r.expansion]] for r in rules],
        "states": {str(state): {symbol: [0, arg] if action is Shift else [1, number[arg]]
                                for symbol, (action, arg) in actions.items()}
                   for state, actions in table.states.items()},
        "start_states": dict(table.start_states), "end_states": dict(table.end_states)}


def _takes(terminals: list) -> dict:
    """For each regexp terminal, the fixed words it takes, in Lark's terms: of the same priority, and
    its match of the word is the whole word (a name takes `if`); in a state that accepts the word, the
    word is no pattern of its own and a name that reads it is retyped (Lark's `unless` callback)."""
    takes = {}
    for name, is_str, _, regexp, priority, _ in terminals:
        if is_str:
            continue
        pattern = re.compile(regexp)
        words = [word for word, word_is_str, value, _, word_priority, _ in terminals
                 if word_is_str and word_priority == priority and (found := pattern.match(value)) is not None
                 and found.group(0) == value]
        if words:
            takes[name] = words
    return takes


class _Lazy:
    """A terminal's regexp, compiled at its first use: some (a text in quotes) cost milliseconds to
    compile and most texts never meet them."""

    def __init__(self, regexp: str):
        self.regexp = regexp

    def match(self, text: str, pos: int = 0):
        self.match = re.compile(self.regexp).match  # from now on the compiled pattern's own method
        return self.match(text, pos)


class _Fail(Exception):
    """The text is not one this loop parses: Lark is asked instead."""


class _StateLexer:
    """What Lark's contextual lexer does in the parser states that accept the same terminals: the
    terminals in Lark's order (priority, longest possible match, longest pattern, name), without the
    keywords a name pattern takes (then retyped, as Lark's `unless` callback does), and for each first
    character the terminals that can start with it."""

    def __init__(self, terminals: list, ignore: frozenset, matchers: dict, firsts: dict, takes: dict):
        # a terminal: [name, is_str, value, regexp, priority, max_width]
        terminals = sorted(terminals, key=lambda t: (-t[4], -t[5], -len(t[2]), t[0]))
        self.newline_types = frozenset(t[0] for t in terminals if _regexp_has_newline(t[3]))
        self.ignore = ignore
        here = {t[0]: t for t in terminals}
        embedded, self.unless = set(), {}
        for t in terminals:
            words = [here[w] for w in takes.get(t[0], ()) if w in here]
            if words:  # (no terminal has flags, see plain: a word taken is no pattern of its own)
                self.unless[t[0]] = {w[2]: w[0] for w in words}  # (two words never have one text)
                embedded.update(w[0] for w in words)
        self.order = [(t[0], t[1], t[2] if t[1] else matchers[t[0]], firsts[t[0]])
                      for t in terminals if t[0] not in embedded]
        self.by_char: dict[str, list] = {}

    def candidates(self, char: str) -> list:
        found = self.by_char.get(char)
        if found is None:
            found = self.by_char[char] = [(name, is_str, m) for name, is_str, m, first in self.order
                                          if first is None or char in first]
        return found


class TableParser:
    """Parses a text from a start symbol with a Lark parse table: the tree Lark would give, or None."""

    def __init__(self, data: dict, flat: frozenset = frozenset()):
        """`flat`: the names of trees made one level (`a or b or c` one or_ of three, not or_(or_(a, b), c)):
        a tree of such a name takes the children of its children of the same name."""
        shapes = [(*_shape(*rule, flat), rule[0]) for rule in data["rules"]]
        # each state's actions: a shift (or, for a rule's name, a goto) as the next state's number, a
        # reduction as (symbols reduced, the function that builds its value, the rule's name)
        self.states = {int(state): {symbol: arg if reduce == 0 else shapes[arg] for symbol, (reduce, arg) in actions.items()}
                       for state, actions in data["states"].items()}
        self.start_states, self.end_states = data["start_states"], data["end_states"]
        self.terminals = {t[0]: t for t in data["terminals"]}
        self.ignore = frozenset(data["ignore"])
        self.matchers = {t[0]: _Lazy(t[3]) for t in data["terminals"] if not t[1]}
        self.firsts = {name: None if chars is None else frozenset(chars) for name, chars in data["firsts"].items()}
        self.takes = data["takes"]
        self.lexers: dict[int, _StateLexer] = {}
        self.by_accepts: dict[frozenset, _StateLexer] = {}
        # (state below, state on top, token) -> the state on top once every reduction of one symbol to
        # one with the same value is done (a chain of them, `?rule`s of one child, comes before most
        # tokens): worked out once, for every text
        self.units: dict[tuple, int] = {}

    def keywords(self) -> frozenset:
        """The words of the language: its terminals that are a fixed word (if, then, and ...)."""
        return frozenset(t[2] for t in self.terminals.values() if t[1] and t[2].isidentifier())

    def lexer(self, state: int) -> _StateLexer:
        lexer = self.lexers.get(state)
        if lexer is None:
            accepts = frozenset(self.states[state])
            lexer = self.by_accepts.get(accepts)
            if lexer is None:
                names = (accepts | self.ignore) & self.terminals.keys()
                lexer = self.by_accepts[accepts] = _StateLexer([self.terminals[n] for n in names], self.ignore,
                                                               self.matchers, self.firsts, self.takes)
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
                    below = state_stack[-2]
                    if kind == "$END":  # (where the text may end: not kept, see _units)
                        new_state = state_stack[-1] = self._units(below, origin, kind, end_state)
                    else:
                        key = (below, state_stack[-1], kind)
                        new_state = self.units.get(key)
                        if new_state is None:
                            new_state = self.units[key] = self._units(below, origin, kind, end_state)
                        state_stack[-1] = new_state
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

    def _units(self, below: int, origin: str, kind: str, end_state: int) -> int:
        """The state on top after a reduction of one symbol to one (to `origin`) above state `below`, and
        after every such reduction that follows it before token `kind`: the loop of _parse, without
        its values, which these reductions leave as they are. At the end of the text, it stops where
        the loop stops (the end state)."""
        states = self.states
        top = states[below][origin]
        while not (top == end_state and kind == "$END"):
            action = states[top].get(kind)
            if action is None or action.__class__ is int or action[1] is not _itself:
                break
            top = states[below][action[2]]
        return top

    def _token(self, text, pos, line, line_start, size, state, last):
        """The next token from `pos` as Lark's lexer for `state` reads it (the $END token at the end),
        and the position, line and start of line after it."""
        lexer = self.lexers.get(state) or self.lexer(state)
        while pos < size:
            char = text[pos]
            for name, is_str, m, in lexer.by_char.get(char) or lexer.candidates(char):
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
            return _token(name, value, start, start_line, column, line, pos - line_start + 1, pos), pos, line, line_start
        if last is None:
            return Token("$END", "", 0, 1, 1), pos, line, line_start
        return Token.new_borrow_pos("$END", "", last), pos, line, line_start


# ---------------------------------------------------------------- the trees
def _shape(origin, alias, template_source, expand1, keep_all, expansion, flat=frozenset()):
    """(the number of symbols the rule reduces, the function that builds its value from them), as Lark's
    tree builder shapes it: tokens filtered out, `_name` rules inlined, a `?rule` of one child that child,
    and the positions of the result taken from all the symbols reduced."""
    include = [(i, not is_term and name.startswith("_")) for i, (name, is_term, filter_out) in enumerate(expansion)
               if keep_all or not (is_term and filter_out)]
    filtered = len(include) < len(expansion) or any(expand for _, expand in include)
    single = expand1 and not alias
    name = alias or template_source or origin
    if not filtered and single and len(expansion) == 1:
        return 1, _itself  # positions: the child's own, unchanged (see _positions)
    if not filtered:
        def build(children):
            if single and len(children) == 1:
                return _positions(children[0], children)
            return _new_tree(name, _spliced(name, children) if name in flat else children, children)
        return len(expansion), build

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
        return _new_tree(name, _spliced(name, kept) if name in flat else kept, children)
    return len(expansion), build_filtered


def _spliced(name: str, children: list) -> list:
    """The children of a `flat` tree: a child of the same name gives its own children instead (it is
    flat already: trees are made bottom up), so a chain of any length is one level."""
    out = []
    for child in children:
        if isinstance(child, Tree) and child.data == name:
            out += child.children
        else:
            out.append(child)
    return out


_token = Token._future_new  # what Token(...) makes, without its check for a keyword no caller here gives


def _itself(children):
    return children[0]


def _positions(res, children):
    """Lark's PropagatePositions: a tree starts where its first symbol starts and ends where its last one
    ends (the container_* fields count the symbols inlined or filtered out too). A symbol's place is a
    token's own, or a tree's container_* (a tree with a place has them: they are set with it, below)."""
    if not isinstance(res, Tree):
        return res
    meta = res.meta
    first = _meta_of(children)
    if first is not None:
        if first.__class__ is Meta:
            line, column, start_pos = first.container_line, first.container_column, first.container_start_pos
        else:
            line, column, start_pos = first.line, first.column, first.start_pos
        if not hasattr(meta, "line"):
            meta.line, meta.column, meta.start_pos = line, column, start_pos
            meta.empty = False
        meta.container_line, meta.container_column, meta.container_start_pos = line, column, start_pos
    last = _meta_of(reversed(children))
    if last is not None:
        if last.__class__ is Meta:
            line, column, end_pos = last.container_end_line, last.container_end_column, last.container_end_pos
        else:
            line, column, end_pos = last.end_line, last.end_column, last.end_pos
        if not hasattr(meta, "end_line"):
            meta.end_line, meta.end_column, meta.end_pos = line, column, end_pos
            meta.empty = False
        meta.container_end_line, meta.container_end_column, meta.container_end_pos = line, column, end_pos
    return res


def _new_tree(name: str, kept: list, children: list) -> Tree:
    """Tree(name, kept) with the positions _positions gives a new tree (one with no place yet), set at once
    (its fields in the order Meta() and _positions give them: the objects share their dicts' keys)."""
    meta = _object_new(Meta)
    meta.empty = True
    first = _meta_of(children)
    if first is not None:
        meta.line, meta.column, meta.start_pos = start = _start_of(first)
        meta.container_line, meta.container_column, meta.container_start_pos = start
        meta.empty = False
        # (there is a last symbol with a place: the first is one, and the last when it is the only one)
        last = _meta_of(reversed(children)) if len(children) > 1 else first
        meta.end_line, meta.end_column, meta.end_pos = end = _end_of(last)
        meta.container_end_line, meta.container_end_column, meta.container_end_pos = end
    tree = _object_new(Tree)  # what Tree(name, kept, meta) makes, without a call of its __init__
    tree.data, tree.children, tree._meta = name, kept, meta
    return tree


_object_new = object.__new__


def _start_of(placed) -> tuple:
    """(line, column, pos) where a child tree's place (its container's) or a token starts."""
    if placed.__class__ is Meta:
        return placed.container_line, placed.container_column, placed.container_start_pos
    return placed.line, placed.column, placed.start_pos


def _end_of(placed) -> tuple:
    """(line, column, pos) where a child tree's place (its container's) or a token ends."""
    if placed.__class__ is Meta:
        return placed.container_end_line, placed.container_end_column, placed.container_end_pos
    return placed.end_line, placed.end_column, placed.end_pos


def _meta_of(children):
    """The first symbol with a place: a token, or a tree's Meta (read as it is: Tree.meta is a property)."""
    for c in children:
        if c.__class__ is Token:
            return c
        if isinstance(c, Tree):
            meta = c._meta
            if meta is None:
                meta = c.meta  # (made as Tree.meta makes it)
            if not meta.empty:
                return meta
        elif isinstance(c, Token):
            return c
    return None


# ---------------------------------------------------------------- first characters
def _first_chars(is_str: bool, value: str) -> list | None:
    """The characters a match of a terminal (a fixed text, or a regexp) can start with, or None when
    that is not told (then the terminal is tried at every character: a set too large only costs a
    failed match)."""
    if is_str:
        return [value[0]] if value else None
    try:
        first, nullable = _first_of(list(sre_parse.parse(value)))
    except Exception:  # noqa: BLE001 - a pattern the analysis does not know: tried everywhere
        return None
    return None if first is None or nullable else sorted(first)


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
