"""`kural rules`: a game's rules as a readable document, generated from its rule file.

Every sentence comes from the rule file: its titles, `why:` texts, `text:`
section, `melds.why` refusals and bot tips, and, for everything else, the
words of the rules language (dsl/words.py) for the expressions as written
and the app's own frames (cli/teach_text.py) for the values of sections
such as `melds:`. A `text:` entry
keyed by a part's id (`flow.round.end`, `moves.play`, `params.start_card`,
...) replaces that part's generated sentence.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from dsl import schema
from dsl.schema import define_parts
from dsl.words import Context, Phrase, Speaker, capital, fill
from interpreter.cards import STANDARD_NAMES, SUIT_SYMBOLS
from interpreter.melds import REASONS

from .i18n import pick
from .teach_text import say
from .teaching import RuleSet, is_rule_id, natural_key


@dataclass
class Line:
    text: str
    level: int = 0


@dataclass
class Part:
    id: str  # stable across variants: what marks and overrides are keyed by
    head: str = ""
    rules: list = field(default_factory=list)
    lines: list = field(default_factory=list)
    mark: str = ""  # "", "changed" or "new"

    def key(self) -> tuple:
        return self.head, tuple(self.rules), tuple((l.text, l.level) for l in self.lines)


@dataclass
class Section:
    key: str
    parts: list = field(default_factory=list)


class Book:
    """The sections of the rules document of one game (with its variants), in one language."""

    def __init__(self, rs: RuleSet, lang: str):
        self.rs, self.g, self.data, self.lang = rs, rs.g, rs.data, lang
        self.sp = Speaker(rs.g, rs.data, lang)
        self.texts = dict(rs.g.texts)  # with the params' values in place of {name}

    # ------------------------------------------------------------ helpers
    def t(self, key: str, **values) -> str:
        return say(key, self.lang, **values)

    def pick(self, texts, default: str = "") -> str:
        return pick(texts, self.lang, default) if isinstance(texts, dict) else (str(texts) if texts else default)

    def sentence(self, text: str) -> str:
        text = capital(text.strip(), self.lang)
        return text if text.endswith((".", "!", "?", ":")) else text + "."

    def override(self, part_id: str) -> str | None:
        entry = self.texts.get(part_id)
        return self.sentence(self.pick(entry)) if entry else None

    def part(self, pid: str, lines: list, head: str = "", rules=()) -> Part:
        """A part; a `text:` entry with its id replaces its generated sentences."""
        over = self.override(pid)
        if over is not None:
            lines = [Line(over)]
        lines = [l if isinstance(l, Line) else Line(self.sentence(l)) for l in lines]
        return Part(pid, head, [r for r in rules if r], lines)

    def section(self, name: str):
        value = self.data.get(name)
        return value if isinstance(value, dict) else {}

    # ----------------------------------------------------------- sections
    def sections(self) -> list[Section]:
        out = [Section("sec_brief", self.brief()), Section("sec_players", self.players()),
               Section("sec_zones", self.zones()), Section("sec_melds", self.melds()),
               Section("sec_params", self.params()),
               Section("sec_vars", self.vars()), Section("sec_deal", self.deal()), Section("sec_turns", self.turns()),
               Section("sec_terms", self.terms()),
               Section("sec_moves", self.moves()), Section("sec_round_end", self.round_end()),
               Section("sec_game_end", self.game_end()), Section("sec_result", self.result()),
               Section("sec_tactics", self.tactics())]
        return [s for s in out if s.parts]

    def brief(self) -> list[Part]:
        ids = sorted((k for k in self.texts if is_rule_id(k)), key=natural_key)
        return [Part(f"text.{k}", "", [k], [Line(self.sentence(self.pick(self.texts[k])))]) for k in ids]

    def players(self) -> list[Part]:
        g = self.g
        names = list(g.seats.get(self.lang) or g.seats.get("en") or [])
        names += [f"#{i + 1}" for i in range(len(names), g.players)]
        lines = [self.t("players", n=g.players, names=", ".join(names))]
        allowed = [int(n) for n in (self.section("game").get("allowed_players") or [])]
        if len(allowed) > 1:
            lines.append(self.t("players_allowed", counts=", ".join(map(str, allowed)), last=allowed[-1]))
        lines += self.partnerships()
        parts = [self.part("game.players", lines)]
        deck = g.deck
        what = self.t("deck_one") if deck.copies == 1 else self.t("deck_many", n=deck.copies)
        if deck.jokers:
            what += self.t("deck_jokers", n=deck.jokers)
        lines = [self.t("deck_total", what=what, total=deck.size)]
        names_here = deck.names.get(self.lang) or deck.names.get("en")
        standard = STANDARD_NAMES.get(self.lang) or STANDARD_NAMES["en"]
        if names_here and (names_here["suits"] != standard["suits"] or names_here["ranks"] != standard["ranks"]):
            lines.append(self.t("deck_names", suits=", ".join(names_here["suits"]), ranks=", ".join(names_here["ranks"])))
        if list(deck.symbols) != SUIT_SYMBOLS:
            lines.append(self.t("deck_symbols", symbols=" ".join(deck.symbols)))
        for name, table in (self.section("deck").get("values") or {}).items():
            shown = [f"{k} {_num(v)}" for k, v in table.items() if k != "default"]
            if "default" in table:
                shown.append(self.t("values_default", value=_num(table["default"])))
            lines.append(self.t("deck_values", name=name, values=", ".join(shown)))
        zone = g.zone(g.deck_zone)
        lines.append(self.t("deck_start", zone=self.sp.value(zone.name)))
        parts.append(self.part("deck", lines))
        return parts

    def partnerships(self) -> list[str]:
        """Who plays with whom at this player count (game.teams), and at the other counts it lists."""
        g = self.g
        if not g.teams_by_count and not g.partnered:
            return []
        given = (self.section("game").get("seats") or {})
        names = [str(n) for n in (given.get(self.lang) or given.get("en") or [])]

        def named(team) -> str:
            return str(self.sp.join([Phrase(names[p] if p < len(names) else f"#{p + 1}") for p in team]))

        def line(teams) -> str:
            if len(teams) == 2:
                return self.t("teams_two", a=named(teams[0]), b=named(teams[1]))
            return self.t("teams_many", teams="; ".join(named(team) for team in teams))
        out = [line(g.teams)] if g.partnered else [self.t("teams_alone")]
        for n, teams in sorted(g.teams_by_count.items()):
            if n != g.players:
                out.append(self.t("teams_at", n=n, line=line(teams)))
        return out

    def zones(self) -> list[Part]:
        out = []
        for z in self.g.zones:
            layout = (", " + self.t("layout_by_suit")) if z.layout == "by_suit" else ""
            visible = "vis_owner_team" if z.per_team and z.visible == "owner" else "vis_" + z.visible
            per = self.t("zone_" + {"seat": "seat", "team": "team", "none": "shared"}[z.per])
            if z.max_groups:  # a group zone: its groups
                per = self.t("zone_groups", per=per, n=z.max_groups)
            line = self.t("zone_line", title=self.sp.title(z.title, z.name), per=per,
                          visible=self.t(visible), layout=layout)
            out.append(self.part(f"zones.{z.name}", [line]))
        return out

    def melds(self) -> list[Part]:
        """The `melds:` section in words, from its values: what a meld is, which cards are wild and how
        many a meld may hold, what it is worth, and why a group is refused (`why`, with its rule)."""
        rules = self.g.melds
        if rules is None:
            return []
        spec, info = self.section("melds"), self.g.param_info
        why = rules.why

        def param(key: str) -> str | None:
            raw = spec.get(key)
            return str(raw) if isinstance(raw, str) and raw in info else None

        def cited(key: str | None, *reasons: str) -> list:
            """The rules a line applies: the rule of the param that gives its value, then the `why` rules."""
            name = param(key) if key else None
            found = [info[name].get("rule")] if name else []
            found += [(why.get(r) or {}).get("rule") for r in reasons]
            return [str(r) for i, r in enumerate(found) if r and r not in found[:i]]

        def setting(key: str) -> str:
            name = param(key)
            return self.t("melds_setting", name=name) if name else ""

        def many(key: str, n: int, **values) -> str:
            return self.t(key + ("_one" if n == 1 else ""), n=n, **values)

        wild_cards = [c for c, w in enumerate(rules.wild) if w]
        out = [self.part("melds.min_size", [many("melds_min_size", rules.min_size, setting=setting("min_size"))],
                         rules=cited("min_size", "size"))]
        kinds = "melds_sets_runs" if rules.sets and rules.runs else "melds_sets_only" if rules.sets else "melds_runs_only"
        out.append(self.part("melds.kinds", [self.t(kinds)], rules=list(dict.fromkeys(cited("sets") + cited("runs", "shape")))))
        if rules.runs:
            ranks = (self.g.deck.names.get(self.lang) or self.g.deck.names["en"])["ranks"]
            seq = lambda *i: "-".join(ranks[k] for k in i)  # noqa: E731
            out.append(self.part("melds.ace", [self.t("melds_ace_" + rules.ace, low=seq(0, 1, 2), high=seq(11, 12, 0),
                                                      corner=seq(12, 0, 1))], rules=cited(None, "shape")))
        if not wild_cards:
            out.append(self.part("melds.wild", [self.t("melds_no_wild")]))
        else:
            ctx = Context(locals={"c": ("card", Phrase(self.t("melds_the_card")))})
            out.append(self.part("melds.wild", [self.t("melds_wild", cond=self.sp.condition(spec.get("wild"), ctx))]))
            if rules.max_wilds is None:
                line = self.t("melds_max_wilds_any")
            elif rules.max_wilds == 0:
                line = self.t("melds_max_wilds_none", setting=setting("max_wilds"))
            else:
                line = many("melds_max_wilds", rules.max_wilds, setting=setting("max_wilds"))
            out.append(self.part("melds.max_wilds", [line], rules=cited("max_wilds", "wilds")))
            if any(self.g.deck.rank[c] for c in wild_cards):  # a wild card with a place of its own
                key = "melds_in_place" if rules.natural_in_place else "melds_never_in_place"
                out.append(self.part("melds.natural_in_place", [self.t(key, setting=setting("natural_in_place"))],
                                     rules=cited("natural_in_place")))
            if rules.runs and rules.run_natural_core > 0:
                out.append(self.part("melds.run_natural_core",
                                     [many("melds_core", rules.run_natural_core, setting=setting("run_natural_core"))],
                                     rules=cited("run_natural_core", "core")))
        points, wild_points = spec.get("points"), spec.get("wild_points")
        if points is None and wild_points is None:
            line = self.t("melds_no_points")
        else:
            line = self.t("melds_points", table=points) if points is not None else self.t("melds_points_none")
            if wild_cards:
                line += self.t("melds_wild_points", table=wild_points) if wild_points is not None \
                    else self.t("melds_wild_points_same")
        out.append(self.part("melds.points", [line]))
        for reason in REASONS:
            item = why.get(reason)
            if not item:
                continue
            words = item.get(self.lang) or item.get("en") or ""
            out.append(self.part(f"melds.why.{reason}", [self.t("melds_why", case=self.t("melds_case_" + reason),
                                                                why=words.rstrip("."))], rules=[item.get("rule")]))
        return out

    def param_value(self, info: dict) -> str:
        v, kind = info["value"], info["type"]
        if kind == "card":
            if v is None:
                return f"none ({self.sp.literal(None, 'card')})"
            return f"{self.g.deck.code[v]} ({self.sp.card(v)})"
        if kind == "bool":
            return self.t("yes" if v else "no")
        if kind == "str":
            return f"“{v}”"
        if kind == "list":
            return _list_text(v)
        return _num(v)

    def params(self) -> list[Part]:
        out = []
        for name, info in self.g.param_info.items():
            text = self.pick(info.get("text"))
            low, high = info.get("min"), info.get("max")
            bounds = ""
            if low is not None and high is not None:
                bounds = self.t("param_bounds", min=_num(low), max=_num(high))
            elif low is not None:
                bounds = self.t("param_min", min=_num(low))
            elif high is not None:
                bounds = self.t("param_max", max=_num(high))
            line = self.param_value(info) + bounds + (" — " + text if text else "")
            out.append(self.part(f"params.{name}", [Line(line)], head=name, rules=[info.get("rule")]))
        return out

    def vars(self) -> list[Part]:
        declared = self.section("vars")
        out = []
        for v in self.g.vars:
            if v.name not in declared:
                continue  # the implicit dealer
            spec = declared[v.name] if isinstance(declared[v.name], dict) else {}
            ctx = self.sp.per_context(v.per) if v.per != "none" else Context()
            start = self.sp.value(schema.value(spec, "vars.*.start"), ctx)
            line = self.t("var_line", title=self.sp.title(v.title, v.name),
                          per=self.t("var_" + v.per) if v.per != "none" else "",
                          start=start, scope=self.t("scope_" + v.scope))
            out.append(self.part(f"vars.{v.name}", [line], head=v.name, rules=[spec.get("rule")]))
        return out

    def round(self) -> dict:
        flow = self.section("flow")
        return flow.get("round") if isinstance(flow.get("round"), dict) else {}

    def deal(self) -> list[Part]:
        setup = self.round().get("setup")
        return [self.part("flow.round.setup", [self.t("deal", effects=self.sp.effects(setup, Context("me_last")))])]

    def turns(self) -> list[Part]:
        rnd = self.round()
        out = [self.part("flow.round.first", [self.t("first", who=self.sp.value(schema.value(rnd, "flow.round.first"), seat=True))])]
        steps = self.g.steps
        titles = lambda s: self.t("or").join(self.sp.title(self.g.moves[i].title, self.g.moves[i].name)  # noqa: E731
                                             for i in s.moves)
        if len(steps) == 1:
            line = self.t("one_step", moves=titles(steps[0]))
        else:
            line = self.t("steps", n=len(steps), steps="; ".join(self.t("step", name=s.name, moves=titles(s))
                                                                 for s in steps))
        out.append(self.part("flow.round.turn", [line]))
        out.append(self.part("flow.round.next", [self.t("next", who=self.sp.value(schema.value(rnd, "flow.round.next"),
                                                                                  seat=True))]))
        if rnd.get("after_move") is not None:
            out.append(self.part("flow.round.after_move",
                                 [self.t("after_move", effects=self.sp.effects(rnd["after_move"], Context("me_mover")))]))
        return out

    def moves(self) -> list[Part]:
        return [self.move(m) for m in self.g.moves]

    def move(self, m) -> Part:
        spec = self.section("moves").get(m.name) or {}
        title = self.sp.title(m.title, m.name)
        ctx = Context()
        choices = []
        choose = spec.get("choose") or {}
        for c in m.choices:
            domain_src = choose.get(c.name)
            domain = self.sp.value(domain_src, ctx)
            kind = self.sp.kind_of(domain_src, ctx)
            if c.of_cards:
                key = "choice_from_zone" if kind == "zone" else "choice_from_cards"
            elif c.of_card_lists:
                key = "choice_group"
            elif c.of_groups:
                key = "choice_zone_group"
            else:
                key = "choice_other"
            choices.append(self.t(key, domain=domain, name=c.name.replace("_", " ")))
            ctx = self.sp.move_locals(m)
        ctx = self.sp.move_locals(m)
        choice_text = (self.t("choices_lead") + self.t("choices_sep").join(choices)) if choices else ""
        lines = [Line(self.override(f"moves.{m.name}") or self.sentence(self.t("may", title=title, choices=choice_text)))]
        if not m.checks:
            lines.append(Line(self.t("always")))
        else:
            lines.append(Line(self.t("only_when")))
            for check in m.checks:
                words = self.sp.condition(check.source, ctx)
                why = self.pick(check.why)
                rule = f"{check.rule}: " if check.rule else ""
                if why:
                    text = self.t("check", rule=rule, why=capital(why, self.lang), words=self.t("that_is") + words)
                else:
                    text = self.t("check", rule=rule, why="", words=capital(words, self.lang))
                lines.append(Line(self.sentence(text), 1))
        does = self.override(f"moves.{m.name}.do")
        if does is None and spec.get("do") is not None:
            does = self.sentence(self.t("does", effects=self.sp.effects(spec.get("do"), ctx)))
        if does:
            lines.append(Line(does))
        if m.next_step == "end":
            lines.append(Line(self.t("then_end")))
        elif m.next_step == "again":
            lines.append(Line(self.t("then_again")))
        else:
            lines.append(Line(self.t("then_step", step=m.next_step)))
        rules = list(m.rules) + [c.rule for c in m.checks if c.rule and c.rule not in m.rules]
        return Part(f"moves.{m.name}", title if title == m.name else f"{title} ({m.name})", rules, lines)

    def terms(self) -> list[Part]:
        """The defines that have a title: named where they are used, spelled out once here."""
        out = []
        for name, spec in (self.section("define") or {}).items():
            text, title = define_parts(spec)
            if not title:
                continue
            ctx = self.sp.seat_context() if "seat" in _words_of(text) else Context()
            for m in self.g.moves:  # a term about a move's choices reads them as that move's
                if any(c.name in _words_of(text) for c in m.choices):
                    ctx = self.sp.move_locals(m)
                    break
            words = self.sp.value(text, ctx) if self.sp.kind_of(text, ctx) != "bool" else self.sp.condition(text, ctx)
            out.append(self.part(f"define.{name}", [self.t("term", title=capital(self.pick(title), self.lang),
                                                              words=words)]))
        return out

    def round_end(self) -> list[Part]:
        rnd = self.round()
        mover = Context("me_mover")
        out = [self.part("flow.round.end", [self.t("round_end", cond=self.sp.condition(rnd.get("end", "true"), mover))])]
        if rnd.get("score") is not None:
            out.append(self.part("flow.round.score",
                                 [self.t("round_score", effects=self.sp.effects(rnd["score"], mover))]))
        return out + self.round_result()

    def round_result(self) -> list[Part]:
        """What each player scores when a round ends, added to their total, and the sheet shown of it."""
        rr = self.section("round_result")
        if not rr:
            return []
        per = self.g.round_result.per
        ctx = self.sp.per_context(per, Context("me_last"))
        key = "round_points_team" if per == "team" else "round_points"
        out = [self.part("round_result.points", [self.t(key, title=self.pick(rr.get("points_title"), "points"),
                                                        value=self.sp.value(rr.get("points"), ctx))])]
        titles = rr.get("field_titles") or {}
        shown = [self.pick(titles.get(name), name) for name in (rr.get("fields") or {})]
        if shown:
            out.append(self.part("round_result.fields", [self.t("round_sheet", fields=", ".join(shown))]))
        return out

    def game_end(self) -> list[Part]:
        end = schema.value(self.section("flow"), "flow.end")
        words = self.sp.condition(end, Context("me_mover"))
        if words == self.sp.condition(True):
            return [self.part("flow.end", [self.t("one_round")])]
        return [self.part("flow.end", [self.t("game_end", cond=words)])]

    def result(self) -> list[Part]:
        r = self.section("result")
        per = self.g.result.per
        ctx = self.sp.per_context(per, Context("me_last"))
        key = "winner_team" if per == "team" else "winner"
        out = [self.part("result.winner", [self.t(key, cond=self.sp.condition(r.get("winner"), ctx))])]
        title = capital(self.pick(r.get("score_title"), "score"), self.lang)
        out.append(self.part("result.score", [self.t("score", title=title, value=self.sp.value(r.get("score"), ctx))]))
        titles = r.get("field_titles") or {}
        for name, expr in (r.get("fields") or {}).items():
            out.append(self.part(f"result.fields.{name}",
                                 [self.t("field", title=self.pick(titles.get(name), name),
                                         value=self.sp.value(expr, ctx))]))
        return out

    def tactics(self) -> list[Part]:
        out = []
        moves = {m.name: m for m in self.g.moves}
        for i, item in enumerate(self.data.get("bot") or []):
            tip = self.pick(item.get("tip"))
            if not tip:
                m = moves.get(item.get("move"))
                ctx = self.sp.move_locals(m) if m else Context()
                words = self.sp.condition(item.get("prefer"), ctx) if self.sp.kind_of(item.get("prefer"), ctx) == "bool" \
                    else self.sp.value(item.get("prefer"), ctx)
                key = "prefer" if self.sp.kind_of(item.get("prefer"), ctx) == "bool" else "prefer_more"
                tip = str(self.sp.p(key, words))
            out.append(self.part(f"bot.{i}", [tip]))
        return out


def _words_of(text) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", str(text)))


def mark(sections: list[Section], base: list[Section]) -> list[Part]:
    """Mark the parts that differ from the base game's; return the base's parts that are gone."""
    before = {p.id: p for s in base for p in s.parts}
    now = {p.id for s in sections for p in s.parts}
    for s in sections:
        for p in s.parts:
            old = before.get(p.id)
            if old is None:
                p.mark = "new"
            elif old.key() != p.key():
                p.mark = "changed"
    return [p for s in base for p in s.parts if p.id not in now]


# ---------------------------------------------------------------- output
def header(rs: RuleSet, lang: str) -> tuple[str, list[str]]:
    g = rs.g
    title = pick(g.title, lang, g.id)
    lines = []
    about = pick(g.about, lang)
    if about:
        lines.append(about)
    for head in rs.heads:
        rule = f" ({head['rule']})" if head.get("rule") else ""
        vtitle = pick(head.get("title"), lang, "") if isinstance(head.get("title"), dict) else str(head.get("title") or "")
        line = say("variant_line", lang, id=head.get("id", "?"), rule=rule, title=vtitle)
        about = pick(head.get("about"), lang) if isinstance(head.get("about"), dict) else ""
        lines.append(line + (f" — {about}" if about else ""))
    return title, lines


def mark_text(part: Part, names: str, lang: str) -> str:
    if not part.mark:
        return ""
    return say("mark_" + part.mark, lang, names=names)


def render_text(title: str, intro: list[str], sections: list[Section], lang: str, names: str = "",
                removed: list[Part] = (), width: int = 100) -> str:
    out = [title, "=" * len(title)]
    out += [textwrap.fill(line, width) for line in intro]
    all_sections = list(sections) + ([Section("sec_removed", list(removed))] if removed else [])
    for s in all_sections:
        heading = say(s.key, lang)
        out += ["", heading, "-" * len(heading)]
        for p in s.parts:
            marked = mark_text(p, names, lang)
            rules = f" ({', '.join(p.rules)})" if p.rules else ""
            flag = f"  [{marked}]" if marked else ""
            indent = 2
            if p.head:
                out.append(f"  {p.head}{rules}{flag}")
                indent = 4
            for i, line in enumerate(p.lines):
                text = line.text
                if not p.head and i == 0:
                    text = (f"{', '.join(p.rules)}: " if p.rules else "") + text + flag
                pad = " " * (indent + 2 * line.level)
                out.append(textwrap.fill(text, width, initial_indent=pad, subsequent_indent=pad + "  ",
                                         break_on_hyphens=False))
    return "\n".join(out) + "\n"


def render_markdown(title: str, intro: list[str], sections: list[Section], lang: str, names: str = "",
                    removed: list[Part] = ()) -> str:
    out = [f"# {title}", ""]
    for line in intro:
        out += [f"*{line}*", ""]
    all_sections = list(sections) + ([Section("sec_removed", list(removed))] if removed else [])
    for s in all_sections:
        out += [f"## {say(s.key, lang)}", ""]
        for p in s.parts:
            marked = mark_text(p, names, lang)
            flag = f" **[{marked}]**" if marked else ""
            rules = f" ({', '.join(p.rules)})" if p.rules else ""
            if p.head:
                out += [f"### {p.head}{rules}{flag}", ""]
                out += [f"{'  ' * l.level}- {l.text}" for l in p.lines]
            else:
                first, *rest = p.lines
                lead = f"**{', '.join(p.rules)}**: " if p.rules else ""
                out.append(f"- {lead}{first.text}{flag}")
                out += [f"{'  ' * l.level}- {l.text}" for l in rest]
            if p.head:
                out.append("")
        if not s.parts or not s.parts[-1].head:
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def document(rs: RuleSet, lang: str, fmt: str = "text", base: RuleSet | None = None) -> str:
    """The rules of `rs` as a document; with `base`, the parts the variants change are marked."""
    sections = Book(rs, lang).sections()
    removed: list[Part] = []
    if base is not None:
        removed = mark(sections, Book(base, lang).sections())
    title, intro = header(rs, lang)
    names = ", ".join(rs.variant_ids)
    if fmt == "markdown":
        return render_markdown(title, intro, sections, lang, names, removed)
    return render_text(title, intro, sections, lang, names, removed)


def _num(v) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


__all__ = ["Book", "Part", "Section", "document", "fill"]


def _list_text(v) -> str:
    """A list param as it is written: [100, 200] or [[0, 10], [50, 20]]."""
    return "[" + ", ".join(_list_text(x) if isinstance(x, list) else _num(x) for x in v) + "]"
