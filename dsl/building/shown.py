"""What a game scores and shows beyond its moves: the round's result and sheet with why the round
ended, where each result value is written (for errors in play), the defines the screen shows, for
the player to move or beside each meld, and the words of the rules (`text:`) with the sections of the
book a player is handed (`book:`)."""
from __future__ import annotations

from kural.interpreter.gamedef import EndReason, Example, ResultDef, RoundResultDef
from kural.interpreter.messages import Msg
from kural.interpreter.numbers import value_key
from .. import schema
from ..values import PARAM_REF
from ..errors import RuleError, printable_id
from ..yamlload import LDict, LList
from .transform import Part


class ShownPart:
    """The builder's (dsl/building/game.py) round result, end reasons, result places and shown defines."""

    def define(self, d: Part) -> tuple:
        """A define (`name: expr`, read as `{value: expr}`) that the screen shows (`shown: true`, with a
        title): for the player to move, as (title, value, shown_when or None, out_of or None), or with
        `of_meld` beside each meld (issue 35.5), as (title, the meld's name, value of a group, value of a
        list of cards, shown_when or None, the shown_on var or None). Either is None when not so shown."""
        if not d["shown"]:
            return None, None
        comp, name = self.comp, d.name
        if not d.get("title"):
            raise RuleError.at(d.key_loc("shown"), Msg("define_shown_so_needs", name=name), Msg("add_title"))
        if not d.get("of_meld"):
            extra = [comp.expr(d[key], {}).ir if d[key] is not None else None for key in ("shown_when", "out_of")]
            return (self.text(d["title"], name), self.expr_at(comp, ("define", name, "value"), d["value"], {}).ir,
                    *extra), None
        meld, on = str(d["of_meld"]), d.get("shown_on")
        var = next((v for v in self.vars_ if v.name == on), None) if on else None
        if on and (var is None or not var.per_group):
            raise RuleError.at(d.val_loc("shown_on"), Msg("shown_on_not_group_var", name=name, var=on),
                               Msg("shown_on_example"))
        value = d["value"]
        when = comp.expr(d["shown_when"], {}).ir if d["shown_when"] is not None else None
        return None, (self.text(d["title"], name), meld, comp.expr(value, {meld: "zone"}).ir,
                      comp.expr(value, {meld: "cards"}).ir, when, var)

    def defines(self, section: Part) -> dict:
        """The defines the screen shows, as the GameDef's `shown` and `meld_values`."""
        built = list(section.value.values())
        return {"shown": [s for s, _ in built if s], "meld_values": [m for _, m in built if m]}

    def texts(self, section: Part) -> dict:
        """`text:`: the rules' words by rule number, each showing the values of the params it names."""
        return {k: self.with_params(dict(v), ("text", k)) for k, v in section.items()}

    def book_section(self, item: Part) -> tuple[dict, list[str]]:
        """A section of `book:`: its heading and its rule numbers, each one `text:` gives words to."""
        rules = item.raw["rules"]
        for i, rule in enumerate(rules):
            self.worded(str(rule), rules.locs[i] if isinstance(rules, LList) and i < len(rules.locs)
                        else item.val_loc("rules"))
        return self.text(item["title"], ""), [str(r) for r in rules]

    def worded(self, rule: str, where) -> None:
        """A rule a book section or an example names must have its words in `text:`."""
        if rule not in (self.data.get("text") or {}):
            raise RuleError.at(where, Msg("book_rule_without_text", rule=rule), Msg("book_rule_hint", rule=rule))

    def book(self, section: Part) -> list:
        """`book:`: the sections of the rules handed to a player, in order."""
        return list(section.value or [])

    def example(self, item: Part) -> Example:
        """An example of `examples:`: its cards read as the game's deck reads a code (a twin given twice is
        the deck's second copy), and the rule it shows, which `text:` words."""
        texts = self.data.get("text") or {}
        rule = str(item["rule"])
        needs = [str(r) for r in item.get("needs") or []]
        for r in [rule, *needs]:
            self.worded(r, item.val_loc("needs" if r in needs else "rule"))
        words_at = self.words_at(texts, [rule, *needs])
        taken: list[int] = []  # (a code given twice is the deck's second copy, across the whole example)
        if item.get("meld") is not None:
            cards = self.example_cards(item, "meld", taken)
            groups = self.example_groups(item, cards) if "+" in str(item["meld"]) else None
            return Example(rule, cards, item.get("points"), self.at(item.where), words_at, groups=groups)
        if item.get("hand") is None or (item.get("plays") is None) == (item.get("moves") is None):
            raise RuleError.at(item.where, Msg("example_needs_what"), Msg("example_what_hint"))
        zones = {}
        for name in (item.get("zones") or {}):
            found = next((z for z in self.zones_built if z.name == name), None)
            if found is None:
                raise RuleError.at(item.raw["zones"].key_loc(name), Msg("example_no_zone", name=name),
                                   Msg("example_zone_hint", names=", ".join(z.name for z in self.zones_built)))
            zones[found.first_id] = self.example_cards(item["zones"], name, taken)
        hand = self.example_cards(item, "hand", taken)
        zones[next(z for z in self.zones_built if z.name == self.hand_zone).first_id] = hand
        if item.get("moves") is not None:
            return Example(rule, hand, None, self.at(item.where), words_at, zones, moves=self.example_moves(item))
        plays = self.example_cards(item, "plays", [])
        return Example(rule, hand, None, self.at(item.where), words_at, zones, plays)

    def words_at(self, texts, rules: list[str]) -> list:
        """Where the words of these rules come from: each rule's text, and the value of each param it names
        (a variant that sets a param a rule's words say changes what the rule says)."""
        if not isinstance(texts, LDict):
            return []
        out = []
        for r in rules:
            out.append(self.at(texts.key_loc(r)))
            for sentence in texts[r].values():
                out += [self.at(self.param_info[name]["loc"]) for name, _ in PARAM_REF.findall(str(sentence))
                        if name in self.param_info]
        return out

    def example_groups(self, item, cards: list[int]) -> list[list[int]]:
        """The melds of `meld: "4S 5S 6S + 8H 8D 8C"`: its cards, cut where a `+` stands."""
        sizes = [len(part.split()) for part in str(item["meld"]).split("+")]
        if 0 in sizes:
            raise RuleError.at(item.val_loc("meld"), Msg("example_empty_meld"), Msg("example_what_hint"))
        out, at = [], 0
        for n in sizes:
            out.append(cards[at:at + n])
            at += n
        return out

    def example_moves(self, item) -> list[tuple]:
        """`moves:` every move of the position as the table lists it (`3S → 8H`): the cards chosen one by one
        before the arrow, the cards taken with them after it (by face: which copy does not matter)."""
        deck, where, out = self.deck, item.val_loc("moves"), []
        for text in item["moves"] or []:
            before, _, after = str(text).replace("->", "→").partition("→")
            faces = []
            for part in (before, after):
                found = []
                for code in part.split():
                    face = deck.parse_input(code)
                    if face is None or not deck.cards_of(*face):
                        raise RuleError.at(where, Msg("example_bad_card", code=code), Msg("example_card_hint"))
                    found.append(deck.face_id(*face))
                faces.append(found)
            out.append((tuple(faces[0]), tuple(sorted(faces[1]))))
        return out

    def example_cards(self, item, key: str, taken: list[int]) -> list[int]:
        """The cards an example names under `key`, by their codes; `taken`: those it named before."""
        deck, cards, where = self.deck, [], item.val_loc(key)
        for code in str(item[key]).replace("+", " ").split():  # (+ stands between the melds of an example)
            face = deck.parse_input(code)
            free = [c for c in (deck.cards_of(*face) if face else []) if c not in taken and c not in cards]
            if not free:
                raise RuleError.at(where, Msg("example_bad_card", code=code), Msg("example_card_hint"))
            cards.append(free[0])
        taken.extend(cards)
        return cards

    def examples(self, section: Part) -> list:
        """`examples:`: the examples beside the rules."""
        return list(section.value or [])

    @staticmethod
    def places(section: LDict) -> dict[str, str]:
        """Where each value of a result or round_result is written (`fields` by their names), for errors
        while playing."""
        fields = section.get("fields")
        out = {k: str(section.val_loc(k)) for k in section}
        if isinstance(fields, LDict):
            out.update({k: str(fields.val_loc(k)) for k in fields})
        return out

    def enter_result(self, section: Part) -> None:
        """The values of `result` (`round_result`) are worked out for each seat or team: `per` names it."""
        self.result_now = (section.name, {self.per_of(section.raw, section.name): "num"})

    enter_round_result = enter_result

    def sheet_fields(self, section: Part) -> dict:
        """The fields of a result's sheet, compiled where `seat` (or `team`) is a name, after its other
        values (the order the teaching layer lists what reads a name in)."""
        name, locals_ = self.result_now
        return {k: self.located(self.expr_at(self.comp, (name, "fields", k), v, locals_), v, f"{name}.fields.{k}")
                for k, v in (section["fields"] or {}).items() if v is not None}  # (null: a variant took it away)

    def field_words(self, section: Part, fields: dict) -> dict:
        """`field_shown_as`: words for some values of the sheet's fields, by field and value (numbers.value_key);
        a field the sheet does not have is refused at its key."""
        out = {}
        taken_away = {k for k, v in (section["fields"] or {}).items() if v is None}  # (their words: unused)
        for name, words in (section.get("field_shown_as") or {}).items():
            if name in taken_away:
                continue
            if name not in fields:
                raise RuleError.at(section.raw["field_shown_as"].key_loc(name), Msg("field_words_no_field", name=name),
                                   Msg("field_words_fields", fields=", ".join(fields) or "-"))
            out[name] = {value_key(k): self.text(v, "") for k, v in words.items()}  # ("": a value shown as nothing)
        return out

    def result(self, result: Part) -> ResultDef:
        """Who wins, each seat's (or team's) score, and the game's sheet."""
        comp, locals_ = self.comp, self.result_now[1]
        winner = self.located(self.expr_at(comp, ("result", "winner"), result["winner"], locals_, "bool"),
                              result["winner"], "result.winner")
        score = self.located(self.expr_at(comp, ("result", "score"), result["score"], locals_, "num"),
                             result["score"], "result.score")
        fields = self.sheet_fields(result)
        return ResultDef(
            winner=winner, score=score, fields=fields,
            score_title=self.text(result.raw.get("score_title"), schema.default("result.score_title")),
            field_titles={k: self.text((result.get("field_titles") or {}).get(k), k) for k in fields},
            field_shown_as=self.field_words(result, fields),
            per=str(result["per"]), where=self.places(result.raw), at=result.at)

    def round_result(self, section: Part) -> RoundResultDef | None:
        """What each seat scores when a round ends (added to `totals`), and the sheet shown of it."""
        if not section.written:
            return None
        comp, locals_ = self.comp, self.result_now[1]
        points = self.located(self.expr_at(comp, ("round_result", "points"), section["points"], locals_, "num"),
                              section["points"], "round_result.points")
        fields = self.sheet_fields(section)
        return RoundResultDef(
            points=points,
            points_title=self.text(section.raw.get("points_title"), schema.default("round_result.points_title")),
            fields=fields, field_titles={k: self.text((section.get("field_titles") or {}).get(k), k) for k in fields},
            field_shown_as=self.field_words(section, fields),
            per=str(section["per"]), where=self.places(section.raw), at=section.at)

    def enter_end_reasons(self, reasons: Part) -> None:
        """End reasons are said on the round's sheet, so a game without a round_result cannot have them (told
        before their bound, the table's `most`, which the walk checks next)."""
        if not reasons.raw:
            return
        if self.data.get("round_result") is None:
            raise RuleError.at(reasons.where, Msg("flow_round_end_reasons"), Msg("add_round_result_remove"))

    def end_reason(self, reason: Part) -> EndReason:
        """A way a round ends, for its sheet: its condition, rule and words."""
        where = f"flow.round.end_reasons.{reason.name}"
        name, when = printable_id(reason.name, reason.where, Msg("end_reason")), reason["when"]
        return EndReason(name=name, when=self.located(self.comp.expr(when, {}, "bool"), when, where),
                         rule=reason.get("rule"), text=self.with_params(self.text(reason.get("text"), str(name))),
                         at=reason.at)

    def end_reasons(self, reasons: Part) -> list[EndReason]:
        """Why a round ended, each way in the file's order: the first whose `when` holds is said."""
        return list(reasons.value.values())
