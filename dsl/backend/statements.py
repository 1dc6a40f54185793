"""The statement visitor: effect nodes written as Python statements, one method per node kind, through
the expression visitor; each failure names where it was written in the rule file.
"""
from __future__ import annotations

from kural.interpreter.messages import Msg
from kural.interpreter.numbers import LIMIT

from .. import ir
from .expressions import Expr, _kept_as_it_is


class Stmts:
    """Writes effect nodes as statements, one method per node kind."""

    def __init__(self, expr: Expr, w: "Writer"):
        self.expr, self.w, self.m, self.frame = expr, w, expr.m, expr.frame

    def __call__(self, node: ir.Node) -> None:
        getattr(self, "s_" + type(node).__name__)(node)

    def block(self, node: ir.Node) -> None:
        before = len(self.w.lines)
        self(node)
        if len(self.w.lines) == before:
            self.w.line("pass")

    def s_Effects(self, n: ir.Effects) -> None:
        for stmt in n.stmts:
            self(stmt)

    def test(self, node: ir.Node) -> str:
        """An `if` statement's test; one that pays a constant work first (Expr.paid_first) pays it here, as
        statements, and the test is the rest (the same work paid, the same error if it runs out)."""
        source = self.expr(node)
        paid = self.m.paid_first.get(source)
        if paid is None:
            return source
        work, where, what, rest = paid
        self.w.line(f"s.work -= {work}")
        self.w.line("if s.work < 0:")
        self.w.line(f"    raise _exhausted({where}, {what})")
        return rest

    def s_IfStmt(self, n: ir.IfStmt) -> None:
        self.w.line(f"if {self.test(n.test)}:")
        self.w.indent()
        self.block(n.yes)
        self.w.dedent()
        if not (isinstance(n.no, ir.Effects) and not n.no.stmts):
            self.w.line("else:")
            self.w.indent()
            self.block(n.no)
            self.w.dedent()

    def s_ForStmt(self, n: ir.ForStmt) -> None:
        """The list read once before the first pass (the body may change it), the passes paid first."""
        items = self.m.new("items")
        self.w.line(f"{items} = list({self.expr(n.items)})")
        self.w.line(f"s.work -= {n.weight} * len({items})")
        self.w.line("if s.work < 0:")
        self.w.line(f"    raise _exhausted({self.m.place(n.where)}, {self.m.place(Msg('loop_what', name=n.name))})")
        var = self.frame.bind(n.name)
        self.w.line(f"for {var} in {items}:")
        self.w.indent()
        self.block(n.body)
        self.w.dedent()

    def s_Assign(self, n: ir.Assign) -> None:
        at = f"{n.slot}"
        if n.index is not None:
            at = self.m.new("i")
            index = self.expr(n.index)
            if self.m.in_range.get(index) == (n.per, n.span) or n.per == "key":  # (the seat to move, its team:
                self.w.line(f"{at} = {n.slot} + {index}")                       # Module.in_range; a key's place)
            else:
                self.w.line(f"{at} = {n.slot} + _index({index}, {n.span}, {self.m.literal(n.per)})")
        value = self.expr(n.value)
        new = value if n.op == "=" else f"s.vars[{at}] {'+' if n.op == '+=' else '-'} {value}"
        assert n.op in ("=", "+=", "-=")
        if n.op == "=" and isinstance(n.value, ir.StateField) and n.value.field == "me":  # a seat is a small whole
            # number: always in range, nothing to check
            self.w.line(f"s.vars[{at}] = s.me")
        elif n.op != "=" or not isinstance(n.value, ir.Const):  # (a number kept: interpreter/errors.py kept, whose
            # test a whole number passes written out here; anything else is asked of kept, which says why it fails)
            limit, kept = self.m.literal(LIMIT), self.m.new("t")
            self.w.line(f"{kept} = {new}")
            self.w.line(f"s.vars[{at}] = {kept} if type({kept}) is int and -{limit} <= {kept} <= {limit} else "
                        f"_kept({kept}, {self.m.literal(n.where)}, {self.m.literal(n.shown)})")
        elif _kept_as_it_is(n.value.value):  # a constant that kept() would give back as it is: no call
            self.w.line(f"s.vars[{at}] = {new}")
        else:
            self.w.line(f"s.vars[{at}] = _kept({new}, {self.m.literal(n.where)}, {self.m.literal(n.shown)})")

    def s_Located(self, n: ir.Located) -> None:
        self.w.line("try:")
        self.w.indent()
        self.block(n.body)
        self.w.dedent()
        self.w.line("except _FAILURES as exc:")
        self.w.line(f"    raise _PlayError.of({self.m.place(n.where)}, {self.m.place(n.what)}, exc) from None")

    def s_Call(self, n: ir.Call) -> None:
        for line in n.write(self.expr, [self.expr(a) for a in n.args]).split("\n"):
            self.w.line(line)

    def value(self, node: ir.Node, target: str) -> None:
        """target = the value of an expression, which, failing, names where it was written (a value folded
        at load cannot fail)."""
        if isinstance(node, ir.Located) and not isinstance(node.body, ir.Const):
            self.w.line("try:")
            self.w.line(f"    {target} = {self.expr(node.body)}")
            self.w.line("except _FAILURES as exc:")
            self.w.line(f"    raise _PlayError.of({self.m.place(node.where)}, {self.m.place(node.what)}, exc) from None")
        else:
            self.w.line(f"{target} = {self.expr(node.body if isinstance(node, ir.Located) else node)}")
