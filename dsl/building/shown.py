"""What a game scores and shows beyond its moves: the round's result and sheet with why the round
ended, where each result value is written (for errors in play), and the defines the screen shows, for
the player to move or beside each meld."""
from __future__ import annotations

from kural.interpreter.gamedef import EndReason, RoundResultDef
from kural.interpreter.messages import Msg
from .. import schema
from ..compiler import Compiler
from ..errors import RuleError, printable_id
from ..yamlload import LDict


class ShownPart:
    """The builder's (dsl/building/game.py) round result, end reasons, result places and shown defines."""

    def shown_defines(self, comp: Compiler) -> list:
        """Titled defines with `shown: true`: the screen shows their value for the player to move, as
        (title, value, shown_when or None, out_of or None)."""
        out = []
        for name, spec in self.section("define").items():
            if isinstance(spec, dict) and spec.get("shown") and not spec.get("of_meld"):
                if not spec.get("title"):
                    raise RuleError.at(spec.key_loc("shown"), Msg("define_shown_so_needs", name=name),
                                       Msg("add_title"))
                extra = [comp.expr(spec[key], {}).ir if spec.get(key) is not None else None
                         for key in ("shown_when", "out_of")]
                out.append((self.text(spec["title"], name), self.expr_at(comp, ("define", name, "value"),
                                                                         spec["value"], {}).ir, *extra))
        return out

    def meld_values(self, comp: Compiler, vars_: list) -> list:
        """Shown defines with `of_meld`: a value of one meld, shown beside each meld (issue 35.5), as
        (title, the meld's name, value of a group, value of a list of cards, shown_when or None, the shown_on
        var or None)."""
        out = []
        for name, spec in self.section("define").items():
            if not (isinstance(spec, dict) and spec.get("shown") and spec.get("of_meld")):
                continue
            if not spec.get("title"):
                raise RuleError.at(spec.key_loc("shown"), Msg("define_shown_so_needs", name=name), Msg("add_title"))
            meld = str(spec["of_meld"])
            on = spec.get("shown_on")
            var = next((v for v in vars_ if v.name == on), None) if on else None
            if on and (var is None or not var.per_group):
                raise RuleError.at(spec.val_loc("shown_on"), Msg("shown_on_not_group_var", name=name, var=on),
                                   Msg("shown_on_example"))
            value = spec["value"]
            when = comp.expr(spec["shown_when"], {}).ir if spec.get("shown_when") is not None else None
            out.append((self.text(spec["title"], name), meld, comp.expr(value, {meld: "zone"}).ir,
                        comp.expr(value, {meld: "cards"}).ir, when, var))
        return out

    @staticmethod
    def places(section: LDict) -> dict[str, str]:
        """Where each value of a result or round_result is written (`fields` by their names), for errors
        while playing."""
        fields = section.get("fields")
        out = {k: str(section.val_loc(k)) for k in section}
        if isinstance(fields, LDict):
            out.update({k: str(fields.val_loc(k)) for k in fields})
        return out

    def round_result(self, comp: Compiler) -> RoundResultDef | None:
        """What each seat scores when a round ends (added to `totals`), and the sheet shown of it."""
        section = self.data.get("round_result")
        if section is None:
            return None
        fields = section.get("fields") or {}
        per = self.per_of(section, "round_result")
        return RoundResultDef(
            points=self.located(self.expr_at(comp, ("round_result", "points"), section["points"], {per: "num"}, "num"),
                                section.get("points"), "round_result.points"),
            points_title=self.text(section.get("points_title"), schema.default("round_result.points_title")),
            fields={k: self.located(self.expr_at(comp, ("round_result", "fields", k), v, {per: "num"}), v,
                                    f"round_result.fields.{k}")
                    for k, v in fields.items()},
            field_titles={k: self.text((section.get("field_titles") or {}).get(k), k) for k in fields},
            per=per, where=self.places(section), at=self.at(self.data.key_loc("round_result")))

    def end_reasons(self, comp: Compiler, rnd: LDict) -> list[EndReason]:
        """Why a round ended, for its sheet: each way's condition, rule and words, in the file's order.
        They are said on the round's sheet, so a game without a round_result cannot have them."""
        reasons = rnd.get("end_reasons")
        if not reasons:
            return []
        if self.data.get("round_result") is None:
            raise RuleError.at(rnd.key_loc("end_reasons"), Msg("flow_round_end_reasons"),
                               Msg("add_round_result_remove"))
        most = schema.key_at("flow.round.end_reasons").most
        if len(reasons) > most:
            raise RuleError.at(rnd.key_loc("end_reasons"),
                               Msg("end_reasons_more_than", n_reasons=len(reasons), most=most),
                               Msg("name_fewer_ways_round"))
        out = []
        for name, spec in reasons.items():
            when = spec["when"]
            where = f"flow.round.end_reasons.{name}"
            name = printable_id(name, reasons.key_loc(name), Msg("end_reason"))
            out.append(EndReason(name=name, when=self.located(comp.expr(when, {}, "bool"), when, where),
                                 rule=spec.get("rule"), text=self.with_params(self.text(spec.get("text"), str(name))),
                                 at=self.at(reasons.key_loc(name))))
        return out
