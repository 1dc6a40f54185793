"""The expression compiler: each expression or effect of a rule file, parsed (dsl/parsing.py), has its
names resolved (dsl/names.py) and its types checked, and becomes a compiled piece (dsl/piece.py): its
type and its node of the typed tree (dsl/typed.py), what every reader of the rule file reads: the words
(kept only for a part of the rule file, `recording`) and lowering (dsl/lowering.py), which makes its node
of the program (dsl/ir.py), its one meaning. The walk makes typed nodes only, each saying what lowering
needs, and folds each by the folding pass (dsl/folding.py, node -> node). Params are folded in as
constants, and a pure part of constants (or of one card) is worked out at load by the code its lowered
node writes (dsl/backend/evaluate.py), so `rank(card) == rank(start_card)` costs one list lookup while
playing.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .notions import LIBRARY, NeedsSection
from kural.interpreter.numbers import RANGE_TEXT, describe, from_text, in_range
from . import ir
from .errors import Loc, Problem, RuleError, close_match
from kural.interpreter.messages import Msg
from .parsing import comment_swallows, parse_flat, token_word
from .names import Name, kind_word
from .piece import NO_CONST, C, const
from .typed import Typed, const_kind, is_bool_const, word
from .typed import const as typed_const, const_of
from .yamlload import LStr
from .backend.evaluate import table_of
from .folding import FOLD
from .vartypes import held, op_refused, value_refused

MAX_EXPR_CHARS = 10_000
MAX_DEPTH = 60
MAX_PARTS = 20_000  # the parts of one expression once its defines are inlined (a define used twice in
# each of twenty defines inside one another would otherwise be compiled a million times: a hang)
MAX_TOTAL_PARTS = 400_000  # the parts compiled for a whole rule file (the bundled games: a few hundred)
MAX_LOOP_WORK = 1_000_000  # items that loops inside loops (`for`, rules `x => ...`, a move's choices around its
# guard) may go through for one evaluation, where their sizes are known at load: a zone or cards at most the
# deck, a list param or written list its length (the bundled games: at most 52 * 52)

TYPE_WORDS = {kind: Msg("type_" + kind) for kind in ("num", "bool", "card", "cards", "zone", "family", "area", "list",
                                                     "str", "move", "fn", "any", "none", "effect")}


class Compiler:
    def __init__(self, names: dict[str, Name], ctx, lines: dict[str, list[str]]):
        self.names = names
        self.ctx = ctx  # kural.dsl.notions.BuildContext
        self.lines = lines
        self.expanding: set[str] = set()  # define names being inlined, to catch cycles
        self.guard_of: int | None = None  # the move whose guard is being compiled
        self.move_refs: dict[int, dict[int, Loc]] = {}  # move -> the moves its guard asks about, and where
        self.parts = 0  # parts of the expression being compiled, defines inlined (MAX_PARTS)
        self.total = 0  # parts compiled for the whole file (MAX_TOTAL_PARTS)
        self.top: LStr | None = None  # the expression being compiled, where running out of parts is reported
        self.trees: dict[tuple[str, str], Tree] = {}  # each text parsed once: defines are read at every use
        self.purities: dict[tuple, tuple[bool, frozenset]] = {}  # _Unit.purity, by part (id of its tree)
        self.tables: dict[tuple, list | None] = {}  # _Unit.tabulate: (id of a part's tree, its card) -> its table
        self.loops: list[int] = [1]  # items the loops around the part compiled go through (running products)
        self.typed = None  # the typed node (dsl/typed.py) of the last expression or effect list compiled in a part
        self.reads: dict[str, set] | None = None  # params and defines the parts read: name -> the defines read through
        self.read_now: set[str] = set()  # params and defines the part being compiled has read so far (kept if it fails)
        self.via: list[str] = []  # the defines being inlined, outermost first
        self.terms: dict[str, tuple] = {}  # define -> (its node, the locals where first used, that part, the
        # nodes of that call's arguments its title names)
        self.titles: dict[str, dict] = {}  # titled define -> its title
        self.titles_not: dict[str, dict] = {}  # a titled define's words when it does not hold
        self.define_args: dict[str, list] = {}  # a define with arguments -> their names, in order
        self.define_effects: dict[str, Any] = {}  # a define of effects (`do:`) -> its effects as written
        self.part = ""  # the part of the rule file being compiled (moves.play.when.0 ...), "" outside one

    # ------------------------------------------------------------ entry points
    def expr(self, text: Any, locals_: dict[str, str] | None = None, expect: str | None = None) -> C:
        src = self._source(text)
        self.read_now = set()
        tree = self._parse(src, "expr")
        unit = _Unit(self, src, dict(locals_ or {}))
        self.parts, self.top = 0, src
        out = unit.node(tree, 0)
        self.typed = out.words if self.part else None  # (None: compiled outside a part of the rule file)
        if expect:
            out = unit.coerce(out, expect, tree)
        self.read_now = set()  # compiled: what a later problem blames is not this part's
        return out

    def fixed_parts(self, text: Any, locals_: dict[str, str]) -> list[C]:
        """The parts of a condition that do not depend on its choices, each compiled (dsl/specialize.py)."""
        src = self._source(text)
        unit = _Unit(self, src, dict(locals_))
        out = []
        for t, where in unit.fixed_parts(self._parse(src, "expr")):
            self.parts, self.top = 0, src
            compiled = where.node(t, 0)
            if not compiled.is_const:
                out.append(compiled)
        return out

    def effects(self, text: Any, locals_: dict[str, str] | None = None) -> ir.Node:
        src = self._source(text)
        self.read_now = set()
        tree = self._parse(src, "effects")
        unit = _Unit(self, src, dict(locals_ or {}))
        self.parts, self.top = 0, src
        out = unit.stmts(tree, 0)
        self.typed = out.words if self.part else None  # (None: compiled outside a part of the rule file)
        self.read_now = set()
        return out.ir

    @contextmanager
    def recording(self, part: str):
        """Compile the next part (`part`: its place in the rule file, moves.play.when.0) keeping its typed
        node (`typed`), the params and defines it reads (`reads`) and where a define is first spelled out
        (`terms`): what the teaching layer reads. A part compiled outside one (a guard's versions, a
        define shown beside a meld) has no typed node: nothing reads it."""
        self.reads, self.typed, self.part = {}, None, part
        try:
            yield
        finally:
            self.part = ""  # (`reads` and `typed` stay, for the caller to keep)

    def read(self, name: str) -> None:
        """A param or define read by the part recorded, through the defines being inlined."""
        self.read_now.add(name)
        if self.part:
            self.reads.setdefault(name, set()).add(tuple(self.via))

    def size_of(self, collection: C | None) -> int:
        """The most items a loop over `collection` may go through, as far as known at load: a written
        or param list its length, cards at most the deck; 1 when unknown (bounded in play instead)."""
        if collection is None:
            return 1
        if collection.is_const and isinstance(collection.const, list):
            return max(len(collection.const), 1)
        if collection.type in ("cards", "zone") or (collection.type == "list" and collection.elem == "card"):
            return self.ctx.deck.size
        return 1

    def enter_loop(self, collection: C | None, counted: str = "items") -> str | None:
        """One loop more, over `collection`, around what is compiled next (the caller pops self.loops);
        None, or when the loops around it would go through more than MAX_LOOP_WORK items, a message
        that says so (each loop's size, for example 52 x 52 x 52), and nothing is entered."""
        size = self.size_of(collection)
        work = self.loops[-1] * size
        if work > MAX_LOOP_WORK:
            sizes = [b // a for a, b in zip(self.loops, self.loops[1:])] + [size]  # loops holds running products
            return Msg("up_to_work", work=work, counted=Msg("counted_" + counted), sizes=" x ".join(map(str, sizes)))
        self.loops.append(work)
        return None

    # ---------------------------------------------------------------- parsing
    def _source(self, text: Any) -> LStr:
        if isinstance(text, bool) or text is None:
            text = LStr("true" if text is True else "false" if text is False else "none")
        elif isinstance(text, (int, float)):
            text = LStr(str(text))
        if not isinstance(text, LStr):
            src = LStr(str(text))
            src.loc, src.style = Loc("<expression>", 1, 1), None
            return src
        if not hasattr(text, "loc"):
            text.loc, text.style = Loc("<expression>", 1, 1), None
        return text

    def _parse(self, src: LStr, start: str) -> Tree:
        if len(src) > MAX_EXPR_CHARS:
            raise RuleError.at(src.loc,
                               Msg("expression_characters_long_limit", n_src=len(src), MAX_EXPR_CHARS=MAX_EXPR_CHARS),
                               Msg("split_into_named_conditions"))
        key = (str(src), start)
        tree = self.trees.get(key)
        if tree is None:
            if "#" in src and src.style == ">":
                comment_swallows(src, self.lines.get(src.loc.file))
            try:
                tree = self.trees[key] = parse_flat(key[0], start)
            except UnexpectedInput as exc:
                raise self._syntax_error(src, exc) from None
        return tree

    def _syntax_error(self, src: LStr, exc: UnexpectedInput) -> RuleError:
        pos = getattr(exc, "pos_in_stream", None)
        if isinstance(exc, UnexpectedEOF) or pos is None:
            pos = len(src)
            what = Msg("expression_ends_too_early")
        elif isinstance(exc, UnexpectedCharacters):
            what = Msg("unexpected_character", src_pos=src[pos])
        elif isinstance(exc, UnexpectedToken):
            tok = exc.token
            what = (Msg("expression_ends_too_early") if tok.type == "$END" else Msg("unexpected", value=tok.value))
        else:
            what = Msg("cannot_read_expression")
        expected = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or [])
        words = [token_word(t) for t in expected if not t.startswith("__")][:6]
        hint = Msg("expected_tokens", words=words) if words else Msg("check_brackets_operators")
        return RuleError([Problem(self.loc_at(src, pos), Msg("syntax_error", what=what), hint, str(src))])

    def loc_at(self, src: LStr, offset: int) -> Loc:
        """The file position of character `offset` of an expression written in YAML."""
        base = src.loc
        lines = self.lines.get(base.file)
        if not lines:
            return Loc(base.file, base.line, base.col + offset)
        if src.style in ("|", ">"):
            row, col0 = base.line, None  # content starts on the line after the indicator
        else:
            row, col0 = base.line - 1, base.col - 1 + (1 if src.style in ("'", '"') else 0)
        remaining = offset
        while row < len(lines):
            raw = lines[row]
            start = col0 if col0 is not None else len(raw) - len(raw.lstrip())
            content = raw[start:].rstrip()
            if remaining <= len(content):
                return Loc(base.file, row + 1, start + remaining + 1)
            remaining -= len(content) + 1
            row, col0 = row + 1, None
        return base


class _Unit:
    """Compiles one expression or effect list, knowing its source for error places."""

    def __init__(self, compiler: Compiler, src: LStr, locals_: dict[str, str], given: dict | None = None):
        self.c = compiler
        self.src = src
        self.locals = locals_
        self.given = given or {}  # a define's arguments: name -> (the argument's tree, the unit of
        # its call, the defines being expanded there)

    # ------------------------------------------------------------ typed nodes
    def typed_of(self, t, out: C, pieces: list = (), type_: str | None = "", info=None, low=None) -> C:
        """`out` with its typed node: the kind of `t`, its children the words of `t` and the typed nodes of
        its compiled parts (`pieces`, in order: pieces, or typed nodes), its type the part's unless given;
        `info` what lowering needs of it (dsl/lowering.py), `low` the nodes it lowers from where they are
        not its children."""
        kids, i = [], 0
        for x in t.children:
            if x is None or isinstance(x, str):
                kids.append(word(x))
            else:
                x = pieces[i]
                i += 1
                kids.append(x if x is None or x.__class__ is Typed else x.typed)
        node = Typed(t.data, kids, out.type if type_ == "" else type_, ptype=out.type, info=info)
        node.elem = out.elem
        if out.type == "effect" and any(k.said is not None for k in kids if k.__class__ is Typed):
            node.low, node.children = kids, [k.words if k.__class__ is Typed else k for k in kids]
        if low is not None:
            node.low = low
        out.typed = node  # (`out` is the handler's own, made for this part)
        return out

    def typed_call(self, t, out: C, pieces: list, type_: str | None = None, info=None) -> C:
        """`out`, a call, with its typed node: the function's name and its arguments' nodes."""
        compiled = iter(pieces)
        kids = [word(t.children[0])] + [None if x is None else next(compiled).typed for x in t.children[1:]]
        node = Typed("call", kids, type_ or out.type, ptype=out.type, info=info)
        node.elem = out.elem
        out.typed = node  # (`out` is the handler's own, made for this part)
        return out

    def name_node(self, t) -> Typed | None:
        """The typed node of a name that is not a value of its own (a var that is indexed, or assigned to)."""
        return Typed("var", [word(t.children[0])]) if self.c.part else None

    def typed_name(self, t, out: C, info=None) -> C:
        """`out`, a name, with its typed node: the name, and what it resolves to (`info`)."""
        node = Typed("var", [word(t.children[0])], out.type, ptype=out.type, info=info)
        node.elem = out.elem
        if info is not None and info[0] == "builtin":
            return out.with_typed(node)  # (a built-in's piece is every game's: not changed)
        out.typed = node
        return out

    @staticmethod
    def fold(out: C) -> C:
        """`out` folded (dsl/folding.py, typed -> typed): a constant piece when its node folds to one."""
        node = FOLD.visit(out.typed)
        if node is out.typed:
            return out
        return C(out.type, node.value, out.elem, typed=node)

    # ----------------------------------------------------------------- errors
    def fail(self, tree, message: str, hint: str = "") -> RuleError:
        offset = _offset(tree)
        return RuleError([Problem(self.c.loc_at(self.src, offset), message, hint, str(self.src))])

    def where(self, tree) -> str:
        """file:line:col of a part, for the errors it may raise while playing."""
        return str(self.c.loc_at(self.src, _offset(tree)))

    def coerce(self, x: C, want: str, tree) -> C:
        """Check that x can stand where `want` is expected, converting zones to their cards."""
        if want == "cards_to_lay":  # lay(g, area) lays a group's cards again, as a new group
            if x.type == "zone":
                return self.zone_cards(x)
            want = "card_or_cards"
        if want == "card_or_cards":
            if x.type in ("card", "cards", "any") or (x.type == "list" and x.elem in ("card", None)):
                return x
            hint = (Msg("move_all_from_moves") if x.type == "zone" else
                    Msg("name_per_player_zone") if x.type == "family" else Msg("card_card_top_stock"))
            raise self.fail(tree, Msg("expected_card_list_cards", value=TYPE_WORDS.get(x.type, x.type)),
                            hint)
        if want in ("any", x.type) or x.type == "any":
            return x
        if want == "cards" and x.type == "zone":
            return self.zone_cards(x)
        if want == "list" and x.type in ("cards", "zone"):
            return self.zone_cards(x) if x.type == "zone" else x
        if want == "cards" and x.type == "list" and x.elem in ("card", None):
            return x
        if x.type == "none" and want in ("card", "num", "str"):
            return x
        raise self.fail(tree,
                        Msg("expected_here_but", value=TYPE_WORDS.get(want, want),
                            value2=TYPE_WORDS.get(x.type, x.type)),
                        _type_hint(x.type, want))

    def zone_cards(self, x: C) -> C:
        x.typed.wrapped("zone_cards")  # (its words: the zone's)
        return C("cards", elem="card", typed=x.typed)

    # ------------------------------------------------------------ expressions
    def node(self, t, depth: int) -> C:
        if depth > MAX_DEPTH:
            raise self.fail(t, Msg("expression_nested_more_than", MAX_DEPTH=MAX_DEPTH),
                            Msg("split_into_named_conditions"))
        c = self.c
        c.parts += 1
        c.total += 1
        if c.parts > MAX_PARTS or c.total > MAX_TOTAL_PARTS:
            self.count_check()
        d = depth + 1
        if isinstance(t, Token):
            raise self.fail(t, Msg("unexpected", value=t.value), Msg("check_operators_around"))
        kind = t.data
        handler = getattr(self, "n_" + kind, None)
        if handler is None:
            raise self.fail(t, Msg("cannot_stand_here", kind=kind), Msg("value_condition_call_expected"))
        out = handler(t, d)
        if out.const is NO_CONST:
            if kind not in ("var", "lambda_") and "card" in self.locals.values():  # (tabulate's own first test)
                out = self.tabulate(t, out)
        elif out.typed is not None and out.typed.data == "const":
            pass  # folded by the pass (dsl/folding.py): its constant node
        elif kind not in ("var", "cond") and not (kind == "call" and out.type in ("zone", "area", "family")):
            out.typed = typed_const(out.const, const_kind(out), ptype=out.type)  # a folded part is its value
            out.typed.elem = out.elem  # (`out` is the handler's own: a constant made for this part)
        else:
            out.typed.value = out.const  # (a name, a branch, a zone: what lowering gives is its value)
        return out

    def count_check(self) -> None:
        """MAX_PARTS and MAX_TOTAL_PARTS, once the parts of this one are counted."""
        if self.c.parts > MAX_PARTS or self.c.total > MAX_TOTAL_PARTS:
            top = self.c.top or self.src
            what = (Msg("expression_has_more_than", MAX_PARTS=MAX_PARTS) if self.c.parts > MAX_PARTS else
                    Msg("rule_file_has_more", MAX_TOTAL_PARTS=MAX_TOTAL_PARTS))
            raise RuleError([Problem(top.loc, Msg("once_defines_are_written", what=what),
                                     Msg("define_copied_at_every"),
                                     str(top))])

    def fixed_parts(self, t, bound: frozenset = frozenset()) -> list[tuple[Tree, "_Unit"]]:
        """The largest parts of t that read neither a local nor the argument of a lambda around them:
        fixed for a position, whatever the choices. Literals and declared constants are left out."""
        if isinstance(t, Token) or t is None or t.data in ("number", "card", "string", "true", "false", "none"):
            return []
        if t.data == "lambda_":
            return self.fixed_parts(t.children[1], bound | {t.children[0].value})
        if t.data == "var":
            name = t.children[0].value
            entry = self.c.names.get(name)
            if name in self.locals or name in bound or entry is None:
                return []
            if entry.kind == "define":
                src = self.c._source(entry.value)
                return _Unit(self.c, src, self.locals).fixed_parts(self.c._parse(src, "expr"), bound)
            if entry.kind == "var" and entry.value.per_group:  # read only as name[g], never alone
                return []
            return [(t, self)] if entry.kind in ("var", "builtin") else []
        if not self.reads(t, bound):
            return [(t, self)]
        return [part for child in t.children for part in self.fixed_parts(child, bound)]

    def reads(self, t, bound: frozenset) -> bool:
        """Does t read a local or the argument of a lambda around it (`bound`), itself or through a
        define? The argument of a lambda inside t is t's own: `any(groups(x), g => count(g) > 6)`
        reads no local, so it is fixed for a position."""
        if isinstance(t, Token) or t is None:
            return False
        if t.data == "var":
            name = t.children[0].value
            if name in self.locals or name in bound:
                return True
            entry = self.c.names.get(name)
            if entry is not None and entry.kind == "define":
                return self.reads(self.c._parse(self.c._source(entry.value), "expr"), bound)
            return False
        if t.data == "lambda_":  # its argument is bound inside it (a name no local has)
            return self.reads(t.children[1], bound)
        return any(self.reads(child, bound) for child in t.children)

    # A pure function of one card (`rank(card) - 1`, `card == 7D`) is worked
    # out for every card of the deck at load time; in play it is one lookup.
    def tabulate(self, t, x: C) -> C:
        if "card" not in self.locals.values():  # only a part about a card is tabulated: told at once
            return x
        pure, used = self.purity(t)
        if not pure or len(used) != 1:
            return x
        (name,) = used
        if self.locals.get(name) != "card":
            return x
        # the same part about the same card has the same table wherever it is compiled again (a define used
        # by several checks, moves and preferences is compiled at each use; its tree is parsed once)
        key = (id(t), name)
        table = self.c.tables.get(key, NO_CONST)
        if table is NO_CONST:
            try:
                table = table_of(x.ir, name, self.c.ctx.deck.size)
            except (TypeError, IndexError, KeyError, AttributeError, ZeroDivisionError):
                table = None
            self.c.tables[key] = table
        if table is not None:
            x.typed.wrapped("lookup", table, name)
        return x

    def purity(self, t) -> tuple[bool, frozenset]:
        """Does this expression read only constants and locals (never the state), and which locals?
        Asked of every part, about all it contains: remembered per part (trees are parsed once and
        kept), so that it costs once per part, not once per part and level."""
        if isinstance(t, Token) or t is None:
            return True, frozenset()
        key = (id(t), tuple(self.locals))
        known = self.c.purities.get(key)
        if known is None:
            known = self.c.purities[key] = self._purity(t)
        return known

    def _purity(self, t) -> tuple[bool, frozenset]:
        kind = t.data
        if kind in ("number", "card", "string", "true", "false", "none"):
            return True, frozenset()
        if kind == "var":
            name = t.children[0].value
            if name in self.locals:
                return True, frozenset([name])
            entry = self.c.names.get(name)
            if entry is None:
                return False, frozenset()
            if entry.kind == "define":
                return self.purity(self.c._parse(self.c._source(entry.value), "expr"))
            return entry.kind in ("param", "zone", "move") or name in ("players", "seats", "teams"), frozenset()
        if kind == "call":
            name = t.children[0].value
            entry = self.c.names.get(name)
            fn = LIBRARY.get(name)
            if not ((entry is not None and entry.kind in ("table", "zone")) or (fn is not None and fn.pure)):
                return False, frozenset()
            children = t.children[1:]
        elif kind in ("lambda_", "index", "contains", "not_contains"):
            return False, frozenset()
        else:
            children = t.children
        used: frozenset = frozenset()
        for child in children:
            pure, names = self.purity(child)
            if not pure:
                return False, frozenset()
            used |= names
        return True, used

    def n_number(self, t, d):
        text = t.children[0].value
        value = from_text(text, float if "." in text else int)
        return self.number(t, value, Msg("the_number", text=text if len(text) <= 20 else text[:17] + '...'))

    def number(self, t, value, what: str) -> C:
        """A number known at load (written, or folded from constants), within the range of numbers a
        game holds (interpreter/numbers.py): a float that overflows to infinity, or an integer of
        thousands of digits, is refused where it is written, not met in play."""
        if not in_range(value):
            raise self.fail(t, Msg("outside_range_numbers", what=what, RANGE_TEXT=RANGE_TEXT),
                            Msg("score_count_card_value"))
        return const(value, "num")

    def n_card(self, t, d):
        code = t.children[0].value
        card = self.c.ctx.deck.card_of_code(code)
        if card is None:
            raise self.fail(t, Msg("card_not_game_s", code=code), Msg("check_deck_section"))
        return const(card, "card")

    def n_string(self, t, d):
        return const(t.children[0].value[1:-1], "str")

    def n_true(self, t, d):
        return const(True, "bool")

    def n_false(self, t, d):
        return const(False, "bool")

    def n_none(self, t, d):
        return const(None, "none")

    def n_list(self, t, d):
        items = [self.node(x, d) for x in t.children if x is not None]
        elem = items[0].type if items and all(i.type == items[0].type for i in items) else None
        kind = "cards" if elem == "card" else "list"
        return self.fold(self.typed_of(t, C(kind, elem=elem), items))

    def n_var(self, t, d):
        name = t.children[0].value
        if name in self.locals:
            return self.typed_name(t, C(self.locals[name]), ("local", name))
        if name in self.given:  # a define's argument: the expression its call gives, compiled where it is called
            tree, caller, expanding = self.given[name]
            inside, self.c.expanding = self.c.expanding, expanding  # (there, the define is not being expanded:
            try:                                                     # after(after(me)) calls it twice, in turn)
                return caller.node(tree, d)
            finally:
                self.c.expanding = inside
        entry = self.c.names.get(name)
        if entry is None:
            raise self.unknown(t, name)
        if entry.kind == "param":
            self.c.read(name)
            out = const(entry.value, entry.type)
            return out.with_typed(typed_const(out.const, const_kind(out), param=name, ptype=out.type))
        if entry.kind == "define":
            if name in self.c.define_effects:
                raise self.fail(t, Msg("define_is_effects", name=name), Msg("define_effects_hint", name=name))
            if name in self.c.define_args:
                raise self.fail(t, Msg("define_needs_args", name=name, args=", ".join(self.c.define_args[name])),
                                Msg("define_call_hint", name=name, args=", ".join(self.c.define_args[name])))
            return self.define(t, name, entry, d)
        out, info = self.entry(t, name, entry)
        return self.typed_name(t, out, info)

    def entry(self, t, name: str, entry) -> tuple[C, Any]:
        """A name the rule file declares (a var, a zone, a move) or a built-in, as a value, and what it
        resolves to for lowering (dsl/lowering.py `lower_var`)."""
        if entry.kind == "var":
            v = entry.value
            if v.per_group:  # its slots run over every zone instance: only a group's value means something
                raise self.fail(t, Msg("has_value_per_group_2", name=name),
                                Msg("target_choice_target_groups", name=name))
            if v.per_seat or v.per_team or v.keys:
                return C("list", elem=held(v)), ("vars", v.slot, self._span(v))
            return C(held(v)), ("var", v.slot)
        if entry.kind == "zone":
            z = entry.value
            if z.per_team:  # a family of team zones has no use alone (`deal` deals to seats)
                raise self.fail(t, Msg("has_one_zone_per", name=name),
                                Msg("team_me_team_seat", name=name))
            if z.max_groups and z.per_seat:
                raise self.fail(t, Msg("group_zone_per_player", name=name),
                                Msg("me_seat", name=name))
            return const(z.first_id, "area" if z.max_groups else "family" if z.per_seat else "zone"), None
        if entry.kind == "move":
            if self.c.guard_of is not None:  # a guard that asks about a move: an edge to check for cycles
                self.c.move_refs.setdefault(self.c.guard_of, {}).setdefault(entry.value, self.c.loc_at(self.src, _offset(t)))
            return const(entry.value, "move"), None
        if entry.kind == "builtin":
            return entry.value, ("builtin", entry.value)
        raise self.fail(t, Msg("function_call", name=name), Msg("example_card", name=name))

    def define(self, t, name: str, entry, d, args: list | None = None) -> C:
        """A define, inlined; its typed node is its body's, or a titled define's `named` node around it.
        `args`: the trees a call gives a define with arguments, each compiled where the body names it."""
        self.c.read(name)
        out = self.inline(t, name, entry.value, d, args)
        title = self.c.titles.get(name) if self.c.part else None
        if title:
            named = Typed("named", [word(t.children[0])], out.type, title=title,
                          title_not=self.c.titles_not.get(name), body=out.words, ptype=out.type)
            named.elem, named.low = out.elem, [out.typed]  # (it means its body)
            named.args = self.said_args(name, title, args, d)
            term = self.c.terms.get(name)
            if named.args and term is not None and term[0] is out.words:  # first used here: its title's arguments
                self.c.terms[name] = (*term[:3], named.args)
            return out.with_typed(named)
        return out

    def said_args(self, name: str, title: dict, args: list | None, d) -> dict:
        """A titled define with arguments may name them in its title (`{side}'s primiera`): the call's
        arguments, typed here for their words only (compiled once more, where the title asks for them)."""
        params = self.c.define_args.get(name, [])
        if not params or not args or not any("{" in str(words) for words in title.values()):
            return {}
        return {p: self.node(a, d).typed for p, a in zip(params, args)}

    def inline(self, t, name: str, text, d, args: list | None = None) -> C:
        """A `define:` name is compiled where it is used, so it sees that place's choices; a define with
        arguments sees each argument's expression under its name (the place's names of the same spelling
        are hidden in its body), compiled where the call is."""
        if name in self.c.expanding:
            raise self.fail(t, Msg("defined_terms_itself", name=name), Msg("define_cannot_use_own"))
        src = self.c._source(text)
        tree = self.c._parse(src, "expr")
        params = self.c.define_args.get(name, [])
        if params:
            given = dict(zip(params, ((a, self, set(self.c.expanding)) for a in args or [])))
            inner = _Unit(self.c, src, {k: v for k, v in self.locals.items() if k not in given}, given)
        else:
            inner = _Unit(self.c, src, self.locals)
        self.c.expanding.add(name)
        self.c.via.append(name)
        try:
            out = inner.node(tree, d)
        finally:
            self.c.expanding.discard(name)
            self.c.via.pop()
        if self.c.part and name not in self.c.terms:
            self.c.terms[name] = (out.words, dict(self.locals), self.c.part, {})  # spelled out once
        return out

    def unknown(self, t, name: str) -> RuleError:
        known = list(self.locals) + list(self.c.names) + list(LIBRARY)
        close = close_match(name, known)
        hint = (Msg("did_you_mean", close_0=close[0]) if close else Msg("names_are_params_vars"))
        return self.fail(t, Msg("unknown_name", name=name), hint)

    def n_call(self, t, d):
        name_tok, *args = t.children
        args = [a for a in args if a is not None]
        name = name_tok.value
        entry = self.c.names.get(name)
        if name in self.locals and name not in LIBRARY:  # the local `team` is a value; team(seat) a notion
            raise self.fail(t, Msg("value_not_function", name=name), Msg("write_without", name=name))
        if entry is not None and entry.kind == "zone":
            return self.zone_of_seat(t, entry.value, args, d)
        if entry is not None and entry.kind == "table":
            return self.table_lookup(t, name, entry.value, args, d)
        if entry is not None and entry.kind == "define" and name in self.c.define_args:
            params = self.c.define_args[name]
            if len(args) != len(params):
                raise self.fail(t, Msg("define_needs_args", name=name, args=", ".join(params)),
                                Msg("define_call_hint", name=name, args=", ".join(params)))
            return self.define(t, name, entry, d, args)
        fn = LIBRARY.get(name)
        if fn is None:
            if entry is not None:
                raise self.fail(t, Msg("not_function", name=name), Msg("write_without", name=name))
            raise self.unknown(t, name)
        if fn.effect:
            raise self.fail(t, Msg("effect_cannot_used_value", name=name),
                            Msg("effects_go_do_setup"))
        return self.library_call(t, fn, args, d)

    def zone_of_seat(self, t, z, args, d):
        if not (z.per_seat or z.per_team):
            raise self.fail(t, Msg("one_zone_everybody_write", name=z.name),
                            Msg("without_brackets_example", name=z.name))
        if len(args) != 1:
            if z.per_team:
                raise self.fail(t, Msg("takes_one_team_team", name=z.name),
                                Msg("team_me_team_seat_2", name=z.name))
            raise self.fail(t, Msg("takes_one_seat_me", name=z.name), Msg("me_seat_next_me", name=z.name))
        seat = self.coerce(self.node(args[0], d), "num", args[0])
        out, info = self.owned_zone(args[0], z, seat)
        return self.fold(self.typed_call(t, out, [seat], info=info))

    def owned_zone(self, t, z, seat: C) -> tuple[C, Any]:
        """The zone of the family `z` owned by `seat` (a team's, for a zone per team), and how lowering
        finds it when the seat is known only in play (dsl/lowering.py `lower_call`)."""
        base, k = z.first_id, z.per_owner  # a group zone: each owner's area is k instances
        kind = "area" if z.max_groups else "zone"
        if z.per_team:  # one zone per team: the index is checked, a team past the last is an error, not another zone
            n = self._span(z)
            if seat.is_const:
                if not (isinstance(seat.const, int) and 0 <= seat.const < n):
                    raise self.fail(t, Msg("team_does_not_exist", const=seat.const, n_1=n - 1),
                                    Msg("team_me_team_seat_3", name=z.name))
            return C(kind), ("owned", base, k, n, "team")
        if seat.is_const:  # (folded: dsl/folding.py)
            return C(kind), ("owned", base, k, 0, "seat")
        if k > 1:
            return C(kind), ("owned", base, k, self._span(z), "seat")
        return C("zone"), ("owned", base, 1, 0, "seat")

    def _span(self, zone_or_var) -> int:
        """Instances of a per-seat or per-team zone or var (a per-group var: a slot per zone instance)."""
        if getattr(zone_or_var, "per_group", False):
            return self.c.ctx.zone_count
        if getattr(zone_or_var, "keys", ()):
            return len(zone_or_var.keys)
        return len(self.c.ctx.teams) if zone_or_var.per_team else self.c.ctx.players

    def table_lookup(self, t, name, table, args, d):
        if len(args) != 1:
            raise self.fail(t, Msg("takes_one_card_card", name=name), Msg("value_table_gives_number", name=name))
        card = self.coerce(self.node(args[0], d), "card", args[0])
        return self.fold(self.typed_call(t, C("num"), [card], info=("table", table)))

    def library_call(self, t, fn, args, d) -> C:
        required = [a for a in fn.args if not a.endswith("?")]
        if not (len(required) <= len(args) <= len(fn.args)):
            count = f"{len(required)}" if len(required) == len(fn.args) else f"{len(required)} to {len(fn.args)}"
            raise self.fail(t, Msg("takes_argument_s_not", name=fn.name, count=count, n_args=len(args)),
                            Msg("call_example", name=fn.name, join_fn_args=', '.join(fn.args)))
        compiled = []
        for want, arg in zip(fn.args, args):
            want = want.rstrip("?")
            if want == "fn":
                compiled.append(self.lambda_(arg, compiled[0] if compiled else None, fn, d))
                continue
            if isinstance(arg, Tree) and arg.data == "lambda_":
                raise self.fail(arg, Msg("does_not_take_rule", name=fn.name),
                                Msg("call_example", name=fn.name, join_fn_args=', '.join(fn.args)))
            compiled.append(self.coerce(self.node(arg, d), want, arg))
        if fn.body == "num" and len(compiled) == 1 and compiled[0].elem == "card":
            raise self.fail(t, Msg("cards_needs_rule_gives", name=fn.name),
                            Msg("example_cards_c_rank", name=fn.name))
        returns = fn.returns
        elem = fn.gives
        if fn.returns_from is not None:
            source = compiled[fn.returns_from]
            returns, elem = source.type, source.elem
        out = self.typed_call(t, C(returns, elem=elem), compiled, info=("fn", fn, self.c.ctx))
        try:  # lowered now: the notion's code may refuse its arguments, an error of this part
            out.ir
        except NeedsSection as exc:  # a notion the file cannot use as it stands (`is_meld` without `melds:`)
            raise self.fail(t, exc.message, exc.hint) from None
        if fn.pure:  # (only a pure notion's call folds)
            out = self.fold(out)
        if out.is_const and out.type == "num" and out.const is not None:  # (a number it gives must be one a game holds)
            self.number(t, out.const, Msg("gives_which", text=_text_of(self.src, t), shown=describe(out.const)))
        return out

    def lambda_(self, arg, collection: C | None, fn, d) -> C:
        if not (isinstance(arg, Tree) and arg.data == "lambda_"):
            raise self.fail(arg, Msg("needs_rule_here_such", name=fn.name),
                            Msg("write_name_then_expression"))
        name = arg.children[0].value
        if name in self.locals or name in self.c.names:
            raise self.fail(arg, Msg("already_name_here_pick", name=name),
                            Msg("example_c_x"))
        elem = (collection.elem if collection else None) or "any"
        self.locals[name] = elem
        before = self.c.total
        try:
            with self.loop(arg, collection):
                body = self.node(arg.children[1], d)
            if fn.body != "any":
                body = self.coerce(body, fn.body, arg.children[1])
        finally:
            del self.locals[name]
        weight = max(1, self.c.total - before)  # the parts of its body: what one call costs
        # (a body about its card alone is a Lookup keyed by it: a notion's writer may read its table)
        node = Typed("lambda_", [word(arg.children[0]), body.typed], ptype="fn", info=(name, weight, self.where(arg)))
        return C("fn", typed=node)

    @contextmanager
    def loop(self, t, collection: C | None):
        """Compile a loop's body knowing how many items the loops around it go through: the product
        of their sizes, where known at load, is bounded by MAX_LOOP_WORK (the rest is bounded in play)."""
        too_much = self.c.enter_loop(collection)
        if too_much:
            raise self.fail(t, Msg("loops_around_here_go", too_much=too_much, MAX_LOOP_WORK=MAX_LOOP_WORK),
                            Msg("loop_over_fewer_items"))
        try:
            yield
        finally:
            self.c.loops.pop()

    def n_lambda_(self, t, d):
        raise self.fail(t, Msg("rule_x_can_only"),
                        Msg("example_count_hand_me"))

    def var_index(self, v, idx_tree, d) -> C:
        """The index of a per-seat, per-team or per-group var, compiled; a group's index is a group of a group zone."""
        if v.keys:  # a key: of the type the keys are written in
            idx = self.node(idx_tree, d)
            want = "str" if all(isinstance(k, str) for k in v.keys) else "num"
            if idx.type not in (want, "any", "none"):
                raise self.fail(idx_tree, Msg("var_keyed_by", name=v.name, keys=", ".join(map(str, v.keys))),
                                Msg("var_keys_hint", name=v.name))
            return idx
        if not v.per_group:
            return self.coerce(self.node(idx_tree, d), "num", idx_tree)
        idx = self.node(idx_tree, d)
        if idx.type not in ("zone", "any"):
            raise self.fail(idx_tree, Msg("has_value_per_group", name=v.name, value=TYPE_WORDS.get(idx.type, idx.type)),
                            Msg("g_g_from_groups", name=v.name))
        idx.typed.wrapped("group_of", self.c.ctx.group_ids, v.name)
        return C("zone", typed=idx.typed)

    def n_index(self, t, d):
        base_tree, idx_tree = t.children
        if isinstance(base_tree, Tree) and base_tree.data == "var":
            entry = self.c.names.get(base_tree.children[0].value)
            if entry is not None and entry.kind == "var" and entry.value.per_group:
                group = self.var_index(entry.value, idx_tree, d)
                return self.typed_of(t, C("num"), [self.name_node(base_tree), group], info=("group", entry.value.slot),
                                     low=[group.typed])
        if isinstance(base_tree, Tree) and base_tree.data == "var":
            entry = self.c.names.get(base_tree.children[0].value)
            if entry is not None and entry.kind == "var" and entry.value.keys:
                key = self.var_index(entry.value, idx_tree, d)
                info = ("keyed", entry.value.slot, self._span(entry.value), entry.value.keys, entry.value.name)
                return self.typed_of(t, C(held(entry.value)), [self.name_node(base_tree), key], info=info,
                                     low=[key.typed])
        idx = self.coerce(self.node(idx_tree, d), "num", idx_tree)
        if isinstance(base_tree, Tree) and base_tree.data == "var":
            entry = self.c.names.get(base_tree.children[0].value)
            if entry is not None and entry.kind == "var" and entry.value.per != "none":
                again = self.var_index(entry.value, idx_tree, d)  # (compiled again, as ever: its parts count twice)
                info = ("per", entry.value.slot, self._span(entry.value), entry.value.per)
                return self.typed_of(t, C(held(entry.value)), [self.name_node(base_tree), again], info=info,
                                     low=[idx.typed])
        base = self.node(base_tree, d)
        if base.type not in ("list", "cards"):
            raise self.fail(t, Msg("only_lists_per_player", value=TYPE_WORDS.get(base.type)),
                            Msg("top_zone_zone_s"))
        return self.typed_of(t, C(base.elem or "any"), [base, idx])

    def n_cond(self, t, d):
        test, yes, no = (self.node(x, d) for x in t.children)
        test = self.coerce(test, "bool", t.children[0])
        kind = yes.type if yes.type != "none" else no.type
        shape = "or_else_true" if no.is_const and no.const is True else None  # the shape of a guard
        out = self.typed_of(t, C("bool" if shape else kind, elem=None if shape else _joined_elem(yes, no)),
                            [test, yes, no], info=shape)
        folded = FOLD.visit(out.typed)
        if folded is not out.typed:  # the test known: the branch that applies
            return yes if folded is yes.typed else no
        types = {yes.type, no.type} - {"none"}
        if len(types) > 1 and "any" not in types:
            raise self.fail(t,
                            Msg("two_branches_give_different", value=TYPE_WORDS.get(yes.type),
                                value2=TYPE_WORDS.get(no.type)),
                            Msg("if_c_then_else"))
        return out

    def n_or_(self, t, d):
        return self.chain(t, d, "or_")

    def n_and_(self, t, d):
        return self.chain(t, d, "and_")

    def chain(self, t, d, kind: str) -> C:
        """`a or b or c` as one node over its terms, folding the constant ones (and fusing card lookups).
        Every term is compiled, those after one that decides the chain too: a term a param's value folds
        away is still checked, and what it reads is the part's (another value of the param plays it)."""
        absorbing = kind == "or_"  # True ends an `or`, False ends an `and`
        terms, pieces = [], []
        decided = False
        for x in _chain_terms(t, kind):
            counted = self.c.total
            c = self.coerce(self.node(x, d), "bool", x)
            if decided:  # (a term after the chain is decided never runs: it costs play nothing)
                self.c.total = counted
            pieces.append(c)
            if c.is_const:
                decided = decided or bool(c.const) == absorbing
                continue
            terms.append(c)
        if decided:
            return const(absorbing, "bool")
        if not terms:
            return const(not absorbing, "bool")
        if len(terms) == 1:
            return C("bool", typed=terms[0].typed)
        return self.typed_chain(kind, pieces, terms)

    def typed_chain(self, kind: str, pieces: list, terms: list) -> C:
        """A chain with its typed node: for the words, the terms that did not fold away (a define's `or`
        inside an `or` is one chain: the same meaning, flat); for lowering, those terms as compiled (an
        `or`'s lookups of one card are fused there: dsl/lookups.py, the deck's size is its `info`)."""
        words = []
        if self.c.part:
            for piece in pieces:
                term = piece.words
                if not is_bool_const(term):
                    words += term.children if term.data == kind else [term]
        node = Typed(kind, words, "bool", info=self.c.ctx.deck.size)
        node.low = [c.typed for c in terms]
        return C("bool", typed=node)

    def n_not_(self, t, d):
        a = self.coerce(self.node(t.children[0], d), "bool", t.children[0])
        return self.fold(self.typed_of(t, C("bool"), [a]))

    def n_neg(self, t, d):
        a = self.coerce(self.node(t.children[0], d), "num", t.children[0])
        self.not_none(a, t.children[0])
        return self.fold(self.typed_of(t, C("num"), [a]))

    def n_arith(self, t, d):
        left, op, right = t.children
        a, b = self.node(left, d), self.node(right, d)
        if op.value == "+" and a.type in LISTS and b.type in LISTS:
            return self.typed_of(t, self.joined(*(self.zone_cards(x) if x.type == "zone" else x for x in (a, b))), [a, b],
                                 info="joined")
        a, b = self.coerce(a, "num", left), self.coerce(b, "num", right)
        self.not_none(a, left)
        self.not_none(b, right)
        if a.is_const and b.is_const:
            try:
                value = self.fold(self.typed_of(t, C("num"), [a, b])).const
            except ZeroDivisionError:
                raise self.fail(t, Msg("division_by_zero"), Msg("divisor_whatever_happens_check")) from None
            shown = Msg("too_large_to_hold") if value is None else describe(value)  # (None: a float too large)
            return self.number(t, value, Msg("gives_which", text=_text_of(self.src, t), shown=shown))
        if b.is_const and b.const == 0 and op.value in ("/", "//", "%"):  # 0 whatever happens: fails at the
            # first try in play
            raise self.fail(t, Msg("division_by_zero"), Msg("divisor_whatever_happens_check"))
        return self.typed_of(t, C("num"), [a, b])

    def not_none(self, x: C, tree) -> None:
        """`none` stands for a missing card or value; arithmetic on it could only fail in play."""
        if x.type == "none" or (x.is_const and x.const is None):
            raise self.fail(tree, Msg("arithmetic_needs_number_here"),
                            Msg("none_missing_card_value"))

    def joined(self, a: C, b: C) -> C:
        """`list + list`: the items of the first, then those of the second (options offered together)."""
        kind = "cards" if "cards" in (a.type, b.type) and {a.type, b.type} <= {"cards", "list"} and \
            _joined_elem(a, b) == "card" else "list"
        return C(kind, elem=_joined_elem(a, b))

    def n_compare(self, t, d):
        left, op, right = t.children
        a, b = self.node(left, d), self.node(right, d)
        self.comparable(t, a, b, op.value)
        info = self.compare_cards(a, b, op.value) if "card" in (a.type, b.type) else None
        return self.fold(self.typed_of(t, C("bool"), [a, b], info=info))

    def comparable(self, t, a: C, b: C, op: str) -> None:
        kinds = {a.type, b.type} - {"any"}
        if "none" in kinds:
            if op not in ("==", "!="):
                raise self.fail(t, Msg("none_can_only_compared"), Msg("x_none_x_none"))
            return
        if len(kinds) > 1:
            raise self.fail(t, Msg("cannot_compare", value=TYPE_WORDS.get(a.type), value2=TYPE_WORDS.get(b.type)),
                            _type_hint(a.type, b.type) if {a.type, b.type} == {"card", "num"} else
                            Msg("only_values_one_kind"))
        if kinds & {"card", "bool", "str", "zone", "move"} and op not in ("==", "!="):
            raise self.fail(t, Msg("can_only_compared", value=TYPE_WORDS.get(a.type)),
                            Msg("compare_rank_card_suit"))

    def compare_cards(self, a: C, b: C, op: str) -> tuple:
        """Cards are equal when their faces are: the two ♠8 of a double deck are the same card to a rule.
        How folding and lowering compare them (dsl/folding.py, dsl/lowering.py `lower_compare`)."""
        faces = self.c.ctx.deck.face
        want = op == "=="
        if b.is_const and b.const is not None and a.type == "card" and not a.is_const:
            return ("same_face", faces, faces[b.const], want)
        return ("faces", faces, want)

    def n_contains(self, t, d, negate=False):
        left, right = t.children
        x = self.node(left, d)
        coll = self.node(right, d)
        if x.is_const and x.const is None and coll.type in ("zone", "cards", "list"):
            # no card (a card param set to none): in no zone and no list, as `c == none` is false of every card
            return self.fold(self.typed_of(t, C("bool"), [x, coll], info=("equal",)))
        deck = self.c.ctx.deck
        if coll.type == "zone" and x.type in ("card", "any"):  # the cards of its face, looked up where they are
            how = ("zone", deck.cards_of_face, deck.face)
        elif coll.type in ("cards", "list"):
            how = ("faces", deck.face) if x.type == "card" else ("equal",)
        else:
            raise self.fail(t, Msg("needs_zone_list_right", value=TYPE_WORDS.get(coll.type)),
                            Msg("card_hand_me_me"))
        return self.typed_of(t, C("bool"), [x, coll], info=how)

    def n_not_contains(self, t, d):
        return self.n_contains(t, d, negate=True)

    # ----------------------------------------------------------------- effects
    def stmts(self, t, d) -> C:
        """The statements of an effect list or a block, as one piece of type effect."""
        done = [self.stmt(x, d) for x in t.children if x is not None]
        return self.typed_of(t, C("effect"), done)

    def stmt(self, t, d) -> C:
        if d > MAX_DEPTH:  # `{{{{ ... }}}}` nests statements without any expression to stop it
            raise self.fail(t, Msg("these_effects_are_nested", MAX_DEPTH=MAX_DEPTH),
                            Msg("write_statements_one_after"))
        kind = t.data
        if kind == "block":
            return self.stmts(t, d + 1)
        if kind == "if_stmt":
            return self.if_stmt(t, d)
        if kind == "for_stmt":
            return self.for_stmt(t, d)
        if kind == "assign":
            return self.assign(t, d)
        if kind == "call" and t.children[0].value in self.c.define_effects:
            return self.effect_block(t, t.children[0].value, [a for a in t.children[1:] if a is not None], d)
        if kind == "call":
            name = t.children[0].value
            fn = LIBRARY.get(name)
            if fn is None or not fn.effect:
                what = (Msg("not_effect") if fn is not None or name in self.c.names else Msg("no_known_effect"))
                effects = sorted(n for n, f in LIBRARY.items() if f.effect)
                close = close_match(name, effects)
                hint = Msg("did_you_mean", close_0=close[0]) if close else Msg("effects_list", names=", ".join(effects))
                raise self.fail(t, Msg("name_is_what", name=name, what=what), hint)
            args = [a for a in t.children[1:] if a is not None]
            out = self.library_call(t, fn, args, d)
            out.typed.type = "effect"  # (its node, fresh: read as a statement)
            return C("effect", typed=out.typed)
        raise self.fail(t, Msg("value_not_effect"),
                        Msg("effects_change_game_move"))

    def effect_block(self, t, name: str, args: list, d) -> C:
        """A define of effects called as a statement: its effects done here, each argument's expression where
        its name is read, as a define with arguments is (`inline`)."""
        params = self.c.define_args.get(name, [])
        if len(args) != len(params):
            raise self.fail(t, Msg("define_needs_args", name=name, args=", ".join(params) or "-"),
                            Msg("define_call_hint", name=name, args=", ".join(params)))
        if name in self.c.expanding:
            raise self.fail(t, Msg("defined_terms_itself", name=name), Msg("define_cannot_use_own"))
        text = self.c.define_effects[name]
        src = self.c._source("; ".join(map(str, text)) if isinstance(text, list) else text)
        tree = self.c._parse(src, "effects")
        given = dict(zip(params, ((a, self, set(self.c.expanding)) for a in args)))
        inner = _Unit(self.c, src, {k: v for k, v in self.locals.items() if k not in given}, given)
        self.c.read(name)
        self.c.expanding.add(name)
        self.c.via.append(name)
        try:
            return inner.stmts(tree, d + 1)
        finally:
            self.c.expanding.discard(name)
            self.c.via.pop()

    def if_stmt(self, t, d) -> C:
        """`if a then s else s2`; its typed node is the statement that applies when its test folded."""
        test = self.coerce(self.node(t.children[0], d), "bool", t.children[0])
        yes = self.stmt(t.children[1], d + 1)
        no = self.stmt(t.children[2], d + 1) if len(t.children) > 2 else None
        out = self.typed_of(t, C("effect"), [test, yes, no] if no else [test, yes])
        if self.c.part and is_bool_const(test.typed):  # the words say the branch that applies
            branch = yes if const_of(test.typed).value else no
            out.typed.said = branch.words if branch else Typed("block", [], "effect")
        return out

    def for_stmt(self, t, d) -> ir.Node:
        """`for x in list do s`: s once per item, the list read once before the first (s may change it)."""
        name_tok, coll_tree, body_tree = t.children
        name = name_tok.value
        if name in self.locals or name in self.c.names:
            raise self.fail(t, Msg("already_name_here_pick_2", name=name),
                            Msg("example_g_groups_do"))
        coll = given = self.node(coll_tree, d)
        if coll.type == "zone":
            coll = self.zone_cards(coll)
        if coll.type not in ("list", "cards"):
            raise self.fail(coll_tree, Msg("goes_through_list_not", value=TYPE_WORDS.get(coll.type, coll.type)),
                            Msg("example_t_teams_do"))
        self.locals[name] = "card" if coll.type == "cards" else (coll.elem or "any")
        before = self.c.total
        try:
            with self.loop(t, coll):
                body = self.stmt(body_tree, d + 1)
        finally:
            del self.locals[name]
        weight = max(1, self.c.total - before)  # the parts of its body: what one pass costs
        return self.typed_of(t, C("effect"), [given, body], info=(name, weight, self.where(t)))

    def assign(self, t, d) -> C:
        target, op, value_tree = t.children
        base = target if target.data == "var" else target.children[0]
        entry = self.c.names.get(base.children[0].value) if base.data == "var" else None
        var = entry.value if entry is not None and entry.kind == "var" else None
        kind = held(var) if var is not None else "num"
        refused = op_refused(var, op.value) if var is not None else None
        if refused:
            raise self.fail(t, *refused)
        value = self.coerce(self.node(value_tree, d), kind, value_tree)
        refused = value_refused(var, value.const) if var is not None and value.is_const else None
        if refused:
            raise self.fail(value_tree, *refused)
        op = op.value
        if target.data == "var":
            name = target.children[0].value
            if entry is None or entry.kind != "var":
                raise self.not_assignable(target, name, entry)
            if entry.value.per_seat:
                raise self.fail(target, Msg("has_value_per_player", name=name),
                            Msg("me_one_seat_at", name=name))
            if entry.value.per_team:
                raise self.fail(target, Msg("has_value_per_team", name=name),
                                Msg("team_me_one_team", name=name))
            if entry.value.per_group:
                raise self.fail(target, Msg("has_value_per_group_3", name=name),
                                Msg("target_choice_target_groups_2", name=name))
            if entry.value.keys:
                raise self.fail(target, Msg("var_has_keys", name=name), Msg("var_keys_hint", name=name))
            slot = entry.value.slot
            index = None
            target_node = self.name_node(target)
        else:
            base = target.children[0]
            name = base.children[0].value if base.data == "var" else "?"
            entry = self.c.names.get(name)
            if entry is None or entry.kind != "var" or entry.value.per == "none":
                raise self.not_assignable(target, name, entry)
            slot = entry.value.slot
            index = self.var_index(entry.value, target.children[1], d)
            span, what = self._span(entry.value), entry.value.per
            if entry.value.keys:  # (the key's place among the keys, worked out in play: lowering)
                what = ("key", entry.value.keys, name)
            target_node = self.typed_of(target, C(kind), [self.name_node(base), index], None).typed
        where, shown = self.where(t), f"`{name}`"  # a var keeps its value: it must stay in range (kept)
        if index is None:
            info, low = (slot, 0, "none", op, where, shown), [value.typed]
        else:
            info, low = (slot, span, what, op, where, shown), [index.typed, value.typed]
        return self.typed_of(t, C("effect"), [target_node, value], info=info, low=low)

    def not_assignable(self, t, name, entry) -> RuleError:
        if entry is None:
            return self.unknown(t, name)
        return self.fail(t, Msg("which_cannot_changed_during", name=name, kind=kind_word(entry.kind)),
                         Msg("declare_value_changes_vars"))


LISTS = ("list", "cards", "zone")


def _joined_elem(a: C, b: C) -> str | None:
    """The item type of a list made of a's and b's items; an empty `[]` or `[[]]` takes the other's."""
    ea = "card" if a.type in ("cards", "zone") else a.elem
    eb = "card" if b.type in ("cards", "zone") else b.elem
    if ea == eb or eb is None or (a.type == "list" and b.is_const and b.const in ([], [[]])):
        return ea if ea is not None else eb
    if ea is None or (b.type == "list" and a.is_const and a.const in ([], [[]])):
        return eb
    if {ea, eb} == {"list", "cards"}:
        return "cards"
    return None


def _chain_terms(t, kind: str) -> list:
    return list(t.children)  # _parse has flattened the chain already


def _text_of(src: str, t) -> str:
    """The text of a part of an expression, as written (shortened for a message)."""
    meta = getattr(t, "meta", None)
    if meta is None or meta.empty:
        return str(src)
    text = str(src)[meta.start_pos:meta.end_pos]
    return text if len(text) <= 40 else text[:37] + "..."


def _offset(t) -> int:
    if isinstance(t, Token):
        return t.start_pos or 0
    meta = getattr(t, "meta", None)
    if meta is not None and not meta.empty:
        return meta.start_pos
    for child in getattr(t, "children", []):
        if child is not None:
            return _offset(child)
    return 0


def _type_hint(have: str, want: str, default: str = "") -> str:
    if {have, want} == {"card", "num"}:
        return Msg("hint_card_num")
    if have == "zone" and want == "card":
        return Msg("hint_zone_card")
    if have == "family":
        return Msg("hint_family")
    if want == "family":
        return Msg("hint_want_family")
    if want == "bool" and have == "num":
        return Msg("hint_num_bool")
    if want == "num" and have == "bool":
        return Msg("hint_bool_num")
    if want == "num" and have == "str":
        return Msg("hint_str_num")
    if want == "cards" and have == "list":
        return Msg("hint_list_cards")
    if want == "zone" and have == "area":
        return Msg("hint_area_zone")
    if want == "area":
        return Msg("hint_want_area")
    if want == "zone" and have in ("cards", "card"):
        return Msg("hint_want_zone")
    return default or Msg("hint_expected_type", type=TYPE_WORDS.get(want, want))

