"""`kural rules`: a game's rules as a document, said from its compiled program: the handout a player
reads (each rule in the rule file's own words, in the sections of its `book:`, the tactics and the
variations) and the reference (`--format reference`: the program said line by line).

Every sentence comes from the program and the rule file's own words, as the loader kept them
(dsl/said.py `Recorded`): titles, `why:` texts, `text:` sentences, `melds.why` refusals, bot tips and
the glossary; for everything else, the words of the rules language (words.py) and the document's
frames (phrases.py). A `text:` entry keyed by a part's id (`flow.round.end`, `moves.play`,
`params.start_card` ...) replaces that part's generated sentence.

A move's checks are said twice, each for what it is: the condition the move needs, as a condition,
and the rule file's `why`, the reason a move is refused when the condition fails, as a refusal.
"""
from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path

from kural.interpreter.cards import RANK_CODES, STANDARD_NAMES, SUIT_SYMBOLS, parse_code
from kural.interpreter.melds import REASONS
from kural.interpreter.numbers import value_key

from .. import values
from ..errors import RuleError
from ..rulefiles import variant_files, variant_head
from ..wording import Phrase, capital, fill, inflect, joined, number
from .document import Document, Line, Part, Section, bullet_lines
from .examples import shown, typed
from .phrases import TEXT, say

from ..typed import Typed, Word
from .words import KIND_LEAD, LONG, Block, Context, Speaker


class Book:
    """The sections of the rules document of one game (with its variants), in one language."""

    def __init__(self, g, lang: str):
        self.g, self.lang = g, lang
        self.rec = g.words()
        self.sp = Speaker(g, lang)
        self.texts = dict(g.texts)  # with the params' values in place of {name}

    # ------------------------------------------------------------ helpers
    def t(self, key: str, **vals) -> str:
        return say(key, self.lang, **self.round_words, **vals)

    @cached_property
    def round_words(self) -> dict[str, str]:
        """What the game calls a round (game.round_title: a hand, el; a round, tur by default), in the forms
        the frames put it (phrases.py)."""
        word = self.pick(getattr(self.g, "round_title", None)) or say("round_word", self.lang)
        if self.lang == "tr":
            forms = {"round": word, "round_gen": inflect(word, "gen"), "round_loc": inflect(word, "loc")}
        else:
            forms = {"round": word, "round_gen": f"{word}'s", "round_loc": f"in a {word}"}
        return {**forms, **{k[0].upper() + k[1:]: capital(v, self.lang) for k, v in forms.items()}}

    def pick(self, texts, default: str = "") -> str:
        if isinstance(texts, dict):
            return texts.get(self.lang) or texts.get("en") or default
        return str(texts) if texts else default

    def sentence(self, text: str) -> str:
        """A sentence: its first letter capital, one full stop at its end (none after a closing `.)`)."""
        text = capital(str(text).strip(), self.lang)
        return text if text.endswith((".", "!", "?", ":", ".)")) else text + "."

    def override(self, part_id: str) -> str | None:
        entry = self.texts.get(part_id)
        return self.sentence(self.pick(entry)) if entry else None

    def part(self, pid: str, lines: list, head: str = "", rules=()) -> Part:
        """A part; a `text:` entry with its id replaces its generated sentences."""
        over = self.override(pid)
        if over is not None:
            lines = [Line(over)]
        lines = [l if isinstance(l, Line) else Line(self.sentence(l)) for l in lines]
        return Part(pid, head, list(dict.fromkeys(str(r) for r in rules if r)), lines)

    def said(self, *place):
        return self.rec.parts.get(tuple(place))

    def structured(self, frame: str, node, ctx: Context, level: int = 0, role: str = "", **vals) -> list[Line]:
        """`frame` (a phrase with {words}) around a node said with its structure: one line when it is
        short, else the frame's lead and the node's cases or terms under it."""
        said = self.sp.block(node, ctx)
        if isinstance(said, Block):
            raw = self.t(frame, words="\x00", **vals).split("\x00")[0].strip()
            head = raw.rstrip(" :,")
            kind_lead = said.lead or _lead(said.kind, self.lang)
            joiner = ": " if raw.endswith(":") and said.lead else " " if head.endswith((" when", " if", "olursa")) \
                or said.lead else ", "
            if said.kind == "cases" and not said.lead:
                lead = head or self.sp.finish(kind_lead)
            elif said.kind in ("all", "any") and not said.lead and f"{frame}_block" in TEXT:  # X when all of these
                lead = self.t(f"{frame}_block", when=_when(said.kind, self.lang), **vals)
            else:
                lead = f"{head}{joiner}{kind_lead}" if head else kind_lead
            lead = capital(lead, self.lang) + ":"
            return [Line(lead, level, role)] + bullet_lines(said.bullets, level + 1, "case" if said.kind == "cases"
                                                            else "item")
        return [Line(self.sentence(self.t(frame, words=self.sp.finish(said), **vals)), level, role)]

    # ----------------------------------------------------------- sections
    def sections(self) -> list[Section]:
        keys = ["sec_brief", "sec_players", "sec_zones", "sec_melds", "sec_params", "sec_vars", "sec_deal",
                "sec_turns", "sec_terms", "sec_moves", "sec_round_end", "sec_game_end", "sec_result", "sec_tactics"]
        makers = [self.brief, self.players, self.zones, self.melds, self.params, self.vars, self.deal, self.turns,
                  self.terms, self.moves, self.round_end, self.game_end, self.result, self.tactics]
        out = [Section(key, self.t(key), make()) for key, make in zip(keys, makers)]
        return [s for s in out if s.parts]

    def brief(self) -> list[Part]:
        ids = sorted((k for k in self.texts if is_rule_id(k)), key=natural_key)
        return [self.rule(k) for k in ids]

    def rule(self, k: str) -> Part:
        """A rule in the rule file's words (`text:`), the values of the params in place, and its examples
        that the game as loaded agrees with (dsl/teach/examples.py)."""
        lines = [Line(self.sentence(self.pick(self.texts[k])))]
        for example in shown(self.g, k):
            lines.append(Line(self.example(example), 1, "item"))
        return Part(f"text.{k}", "", [k], lines)

    def example(self, example) -> str:
        """An example in words: a meld and its points (or none), or a position and what its hand may play."""
        label = self.g.deck.label
        cards = " + ".join(" ".join(label(c) for c in group) for group in example.groups or [example.cards])
        if example.zones is None:
            key = "example_meld" if not example.groups else "example_melds"
            return self.t(key, cards=cards, points=number(example.points, self.lang)) \
                if example.points is not None else self.t("example_no_meld", cards=cards)
        hand = self.g.zone(self.g.hand_zone).first_id
        held = [self.t("example_zone", zone=self.pick(z.title, z.name), cards=" ".join(label(c) for c in found))
                for zid, found in example.zones.items() if zid != hand and found
                for z in [self.g.zone_instance(zid)[0]]]
        if example.moves is not None:
            said = "; ".join(typed(self.g, example, self.lang))
            return self.t("example_moves", zones="; ".join(held), hand=cards,
                          moves=said or self.t("example_plays_none"))
        plays = joined([label(c) for c in example.plays], self.lang)
        return self.t("example_position", zones="; ".join(held), hand=cards,
                      plays=plays or self.t("example_plays_none"))

    # ------------------------------------------------------------ the handout
    def handout(self) -> list[Section]:
        """The rules a player is handed: each rule in the rule file's words, in the sections of its `book:`
        (a rule no section names comes after them, in number order), then the tactics and the variations.
        What the program does, line by line, is the reference's (`sections`): a rule file that words no rule
        is handed that."""
        if not any(is_rule_id(k) for k in self.texts):
            return self.sections()
        placed: set[str] = set()
        out = []
        for i, (title, rules) in enumerate(self.g.book):
            parts = [self.rule(k) for k in rules if k in self.texts and k not in placed]
            placed.update(rules)
            if parts:
                out.append(Section(f"book.{i}", self.pick(title), parts))
        rest = sorted((k for k in self.texts if is_rule_id(k) and k not in placed), key=natural_key)
        if rest:
            key = "sec_more_rules" if out else "sec_rules"
            out.append(Section(key, self.t(key), [self.rule(k) for k in rest]))
        for key, make in (("sec_tactics", self.tactics), ("sec_variations", self.variations)):
            parts = make()
            if parts:
                out.append(Section(key, self.t(key), parts))
        named = " ".join([self.g.id] + [f"--variant {v}" for v in self.g.variants])  # as a command names it
        deck = self.g.deck
        card = deck.size // 3  # a card to show how one is typed (a number card of a standard deck)
        out.append(Section("sec_reference", self.t("sec_reference"),
                           [Part("reference", "", [], [Line(self.t("play_how", game=named, code=deck.code[card],
                                                                   label=deck.label(card))),
                                                       Line(self.t("reference_how", game=named))])]))
        return out

    def variations(self) -> list[Part]:
        """The variant files beside the game's rule file, each with the command that plays it (the book of
        the game as it is: a variant's own book names what it changes instead)."""
        if self.g.variants or not self.g.rule_files:
            return []
        heads = []
        for path in variant_files(Path(self.g.rule_files[0])):
            try:
                heads.append(variant_head(path))
            except RuleError:  # (a variant that does not read is `kural validate`'s to report)
                continue
        out = []
        for head in sorted(heads, key=lambda h: (natural_key(h.rule), h.id)):  # by rule number, as the rules are
            about = self.pick(head.about).strip().rstrip(".")  # (the sentence ends after the command)
            line = self.t("variation", title=self.pick(head.title, head.id), about=f": {about}" if about else "",
                          game=self.g.id, id=head.id)
            out.append(Part(f"variant.{head.id}", "", [head.rule] if head.rule else [], [Line(capital(line, self.lang))]))
        return out

    def seat_names(self) -> list[str]:
        """Every seat's name the rule file gives (more than this count's seats, where it allows more)."""
        given = self.rec.facts["seats"]
        names = list(given.get(self.lang) or given.get("en") or self.g.seats.get(self.lang) or [])
        return names + [f"#{i + 1}" for i in range(len(names), max(self.g.players, *self.g.teams_by_count or [0]))]

    def players(self) -> list[Part]:
        g = self.g
        lines = [self.t("players", n=g.players, names=", ".join(self.seat_names()[:g.players]))]
        allowed = self.rec.facts["allowed_players"]
        if len(allowed) > 1:
            lines.append(self.t("players_allowed", counts=joined([str(n) for n in allowed], self.lang,
                                                                  say("or_word", self.lang)), last=allowed[-1]))
        lines += self.partnerships()
        parts = [self.part("game.players", lines)]
        deck = g.deck
        what = self.t("deck_one") if deck.copies == 1 else self.t("deck_many", n=deck.copies)
        if len(deck.ranks) < len(deck.labels):  # a short deck: its ranks said
            what += self.t("deck_ranks", ranks=" ".join(deck.labels[r - 1] for r in deck.ranks))
        if deck.jokers:
            what += self.t("deck_jokers", n=deck.jokers)
        lines = [self.t("deck_total", what=what, total=deck.size)]
        names_here = deck.names.get(self.lang) or deck.names.get("en")
        standard = STANDARD_NAMES.get(self.lang) or STANDARD_NAMES["en"]
        if names_here and (names_here["suits"] != standard["suits"] or names_here["ranks"] != standard["ranks"]):
            symbols = [f"{sym} {name}" for sym, name in zip(deck.symbols, names_here["suits"])]
            faces = [f"{label} {name}" for label, name, usual in zip(deck.labels, names_here["ranks"], standard["ranks"])
                     if name != usual and not name.isdigit()]
            lines.append(self.t("deck_names", suits=joined(symbols, self.lang), ranks=joined(faces, self.lang)))
        elif list(deck.symbols) != SUIT_SYMBOLS:
            lines.append(self.t("deck_symbols", symbols=" ".join(deck.symbols)))
        for name, table in self.rec.facts["values"].items():
            title = self.pick(self.rec.facts["value_titles"].get(name), name.replace("_", " "))
            lines.append(self.t("deck_values", name=capital(title, self.lang), values=self.value_table(table)))
        zone = g.zone(g.deck_zone)
        lines.append(self.t("deck_start", zone=self.sp.title(zone.title, zone.name)))
        parts.append(self.part("deck", lines))
        return parts

    def value_table(self, table: dict) -> str:
        """A value table as a person reads it: the ranks or cards of each value together."""
        by_value: dict = {}
        for key, v in table.items():
            if key == "default":
                continue
            by_value.setdefault(v, []).append(self.card_key(key))
        parts = [f"{joined(keys, self.lang)}: {number(v, self.lang)}" for v, keys in by_value.items()]
        if "default" in table:
            parts.append(self.t("values_default" if parts else "values_all", value=number(table["default"], self.lang)))
        return "; ".join(parts)

    def card_key(self, key: str) -> str:
        """A key of a value table said: a rank by its name, a card by its name, the joker."""
        deck = self.g.deck
        rank_key = "T" if key == "10" else key
        if rank_key in RANK_CODES:
            return values.rank_name(deck, RANK_CODES.index(rank_key) + 1, self.lang)
        if key == "XJ":
            return values.rank_name(deck, 0, self.lang)
        face = parse_code(key)
        if face is not None:
            cards = deck.cards_of(*face)
            if cards:
                return str(values.card_name(deck, cards[0], self.lang))
        return key

    def partnerships(self) -> list[str]:
        """Who plays with whom at this player count (game.teams), and at the other counts it lists."""
        g = self.g
        if not g.teams_by_count and not g.partnered:
            return []
        names = self.seat_names()

        def named(team) -> str:
            return str(joined([Phrase(names[p] if p < len(names) else f"#{p + 1}") for p in team], self.lang))

        def line(teams) -> str:
            if len(teams) == 2:
                return self.t("teams_two", a=named(teams[0]), b=named(teams[1]))
            return self.t("teams_many", teams="; ".join(named(team) for team in teams))
        allowed = self.rec.facts["allowed_players"]
        if len(allowed) > 1:  # the book is for every count the game allows: each says who plays with whom
            return self.partnerships_by_count(allowed, line)
        out = [line(g.teams)] if g.partnered else [self.t("teams_alone")]
        for n, teams in sorted(g.teams_by_count.items()):
            if n != g.players:
                out.append(self.t("teams_at", n=n, line=line(teams)))
        return out

    def partnerships_by_count(self, allowed, line) -> list[str]:
        """One line for the counts that play alike ("With 2 or 3 players: each player plays for themselves"),
        so that no count reads another's partnerships."""
        by_line: dict[str, list[int]] = {}
        for n in allowed:
            teams = self.g.teams_by_count.get(n)
            by_line.setdefault(line(teams) if teams else self.t("teams_alone"), []).append(n)
        return [self.t("teams_at", n=joined([str(n) for n in counts], self.lang, say("or_word", self.lang)), line=said)
                for said, counts in by_line.items()]

    def zones(self) -> list[Part]:
        out = []
        for z in self.g.zones:
            layout = (", " + self.t("layout_by_suit")) if z.layout == "by_suit" else ""
            visible = "vis_owner_team" if z.per_team and z.visible == "owner" else "vis_" + z.visible
            per = self.t("zone_" + {"seat": "seat", "team": "team", "none": "shared"}[z.per])
            if z.max_groups:  # a group zone: its groups
                per = self.t("zone_groups", per=per, n=z.max_groups)
            line = self.t("zone_line", title=capital(self.sp.title(z.title, z.name), self.lang), per=per,
                          visible=self.t(visible), layout=layout)
            out.append(self.part(f"zones.{z.name}", [line]))
        return out

    def melds(self) -> list[Part]:
        """The `melds:` section in words, from its values: what a meld is, which cards are wild and how
        many a meld may hold, what it is worth, and why a group is refused (`why`, with its rule)."""
        rules = self.g.melds
        if rules is None:
            return []
        named, info = self.rec.facts["melds"], self.g.param_info
        why = rules.why

        def param(key: str) -> str | None:
            raw = named.get(key)
            return raw if raw in info else None

        def cited(key: str | None, *reasons: str) -> list:
            """The rules a line applies: the rule of the param that gives its value, then the `why` rules."""
            name = param(key) if key else None
            found = [info[name].get("rule")] if name else []
            found += [(why.get(r) or {}).get("rule") for r in reasons]
            return [str(r) for r in found if r]

        def setting(key: str) -> str:
            name = param(key)
            return self.t("melds_setting", name=name) if name else ""

        def many(key: str, n: int, **vals) -> str:
            return self.t(key + ("_one" if n == 1 else ""), n=n, **vals)

        wild_cards = [c for c, w in enumerate(rules.wild) if w]
        out = [self.part("melds.min_size", [many("melds_min_size", rules.min_size, setting=setting("min_size"))],
                         rules=cited("min_size", "size"))]
        kinds = "melds_sets_runs" if rules.sets and rules.runs else "melds_sets_only" if rules.sets else "melds_runs_only"
        out.append(self.part("melds.kinds", [self.t(kinds)], rules=cited("sets") + cited("runs", "shape")))
        if rules.runs:
            seq = lambda *i: "-".join(values.rank_name(self.g.deck, k + 1, self.lang) for k in i)  # noqa: E731
            out.append(self.part("melds.ace", [self.t("melds_ace_" + rules.ace, low=seq(0, 1, 2), high=seq(11, 12, 0),
                                                      corner=seq(12, 0, 1))], rules=cited(None, "shape")))
        if not wild_cards:
            out.append(self.part("melds.wild", [self.t("melds_no_wild")]))
        else:
            ctx = Context(locals={"c": ("card", Phrase(self.t("melds_the_card")))})
            out.append(self.part("melds.wild", [self.t("melds_wild", cond=self.sp.condition(self.said("melds", "wild"),
                                                                                              ctx))]))
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
        points, wild_points = named.get("points"), named.get("wild_points")
        table_title = lambda name: self.pick(self.rec.facts["value_titles"].get(name), name.replace("_", " "))  # noqa
        if points is None and wild_points is None:
            line = self.t("melds_no_points")
        else:
            line = self.t("melds_points", table=table_title(points)) if points is not None else \
                self.t("melds_points_none")
            if wild_cards:
                line += self.t("melds_wild_points", table=table_title(wild_points)) if wild_points is not None \
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
        return values.said(info["value"], info, self.g.deck, self.lang)

    def stated_params(self) -> set[str]:
        """The params the game reads: in its program, its `melds:` section or a sentence of its book. A variant
        that restates the parts reading a param (a variant whose rule no longer has a minimum) leaves it unread,
        and the book must not state a setting that no longer applies; a `text:` entry of an unused define
        reads nothing."""
        read = set(self.rec.facts["melds"].values())
        for place, names in self.rec.reads.items():
            key = place[1] if len(place) == 2 and place[0] == "text" else ""
            if not (key.startswith("define.") and key[len("define."):] not in self.rec.terms):
                read.update(names)
        return read

    def params(self) -> list[Part]:
        out = []
        stated = self.stated_params()
        for name, info in self.g.param_info.items():
            if name not in stated:
                continue
            text = self.pick(info.get("text"))
            low, high = (self.bound(info, info.get(k)) for k in ("min", "max"))
            bounds = ""
            if low is not None and high is not None:
                bounds = self.t("param_bounds", min=low, max=high)
            elif low is not None:
                bounds = self.t("param_min", min=low)
            elif high is not None:
                bounds = self.t("param_max", max=high)
            choices = ""
            if info.get("one_of") and info.get("shown_as"):  # the other values, as --set gives them
                choices = "".join(self.t("param_choice", name=name, value=x, words=self.pick(
                    info["shown_as"].get(value_key(x)), str(x))) for x in info["one_of"] if str(x) != str(info["value"]))
            line = self.t("param_line", text=capital(text, self.lang) if text else name, value=self.param_value(info),
                          bounds=bounds, name=name, choices=choices)
            out.append(self.part(f"params.{name}", [Line(line)], rules=[info.get("rule")]))
        return out

    def bound(self, info: dict, v):
        """A param's bound as its values are shown: a rank by its name, as the value is, not its number."""
        if v is None:
            return None
        words = (info.get("shown_as") or {}).get(value_key(v))
        return self.pick(words) if words else number(v, self.lang)

    def vars(self) -> list[Part]:
        declared = self.rec.written["vars"]
        out = []
        for v in self.g.vars:
            if v.name not in declared:
                continue  # the implicit dealer
            ctx = self.sp.per_context(v.per) if v.per != "none" else Context()
            node = self.said("vars", v.name, "start")
            start = self.sp.value(node, ctx, seat=v.name == "dealer")
            c = node.children[0] if node is not None and node.data == "const" else None
            owner = Typed("var", [Word(v.per)], "num") if v.per != "none" else None
            said = self.sp.var_says(Typed("index", [Typed("var", [Word(v.name)]), owner]) if owner else
                                    Typed("var", [Word(v.name)]), "==", c.value, ctx) if c is not None else None
            if said is None and c is not None:  # a comparison the var's words say: went_out < 0, nobody has gone out
                said = next((self.sp.var_says(Typed("var", [Word(v.name)]), op, bound, ctx)
                             for key in v.says for op, bound in [_comparison(key)] if op and _holds(c.value, op, bound)
                             and owner is None), None)
            if said is not None:
                start = str(said)
            shown = ""
            if v.shown_as:
                shown = self.t("var_words", words="; ".join(f"{number(k, self.lang)} = {self.pick(w)}"
                                                            for k, w in v.shown_as.items()))
            line = self.t("var_line_says" if said is not None else "var_line",
                          title=capital(self.sp.title(v.named, v.name.replace("_", " ")), self.lang),
                          per=self.t("var_" + v.per, keys=", ".join(self.sp.option_words(v.keys) or map(str, v.keys)))
                          if v.per != "none" else "",
                          start=start, scope=self.t("scope_" + v.scope), shown=shown)
            out.append(self.part(f"vars.{v.name}", [line], rules=[self.rec.facts["var_rules"].get(v.name)]))
        return out

    def deal(self) -> list[Part]:
        setup = self.said("flow", "round", "setup")
        return [self.part("flow.round.setup", [self.t("deal", effects=self.sp.effects(setup, Context("me_last")))])]

    def step_title(self, step) -> str:
        return self.sp.title(step.title, step.name)

    def turns(self) -> list[Part]:
        out = [self.part("flow.round.first", [self.t("first", who=self.sp.value(self.said("flow", "round", "first"),
                                                                                seat=True))])]
        steps = self.g.steps
        titles = lambda s: joined([self.sp.title(self.g.moves[i].title, self.g.moves[i].name)  # noqa: E731
                                   for i in s.moves], self.lang, say("or_word", self.lang))
        if len(steps) == 1:
            line = self.t("one_step" if len(steps[0].moves) > 1 else "one_move", moves=titles(steps[0]))
        else:
            line = self.t("steps", n=len(steps), steps="; ".join(self.t("step", name=self.step_title(s), moves=titles(s))
                                                                 for s in steps))
        out.append(self.part("flow.round.turn", [line] + [Line(self.window_words(i, s, titles(s)))
                                                         for i, s in enumerate(steps) if s.window is not None]))
        out.append(self.part("flow.round.next", [self.t("next", who=self.sp.value(self.said("flow", "round", "next"),
                                                                                  seat=True))]))
        after = self.said("flow", "round", "after_move")
        if after is not None and after.children:  # said to the player who moved: after each of your moves
            out.append(self.part("flow.round.after_move", self.effect_lines("after_move", after, Context())))
        return out

    def window_words(self, i: int, step, moves: str) -> str:
        """A window in words: who is asked, in what order, when it closes and where the turn goes then."""
        said = lambda key: self.said("flow", "round", "turn", i, "window", key)  # noqa: E731
        until = said("until")
        after = said("after")
        w = step.window
        then = self.t("window_then_end") if step.next_step == "end" else \
            self.t("window_then_step", step=self.step_title(self.g.steps[self.g.step_index[step.next_step]]))
        return self.t("window", name=self.step_title(step), seats=self.sp.value(said("seats"), Context()),
                      moves=moves, passes=self.sp.title(self.g.moves[w.passes].title, self.g.moves[w.passes].name),
                      until=self.t("window_until", words=self.sp.condition(until, Context())) if until else "",
                      after=self.t("window_after", effects=self.sp.effects(after, Context("me_last")))
                      if after is not None and after.children else "", then=then)

    def effect_lines(self, frame: str, node, ctx: Context) -> list[Line]:
        """Effects: one sentence when short and plain, else a line a statement, each `if` and loop with its
        effects under it."""
        said = self.sp.effects(node, ctx)
        plain = all(x.data not in ("if_stmt", "for_stmt") for x in node.children if x is not None)
        if len(said) <= 2 * LONG and (plain or len(said) <= LONG):
            return [Line(self.sentence(self.t(frame, effects=said)))]
        lead = self.t(frame, effects="\x00").split("\x00")[0].strip().rstrip(" :,")
        return [Line(capital(lead, self.lang) + ":")] + bullet_lines(self.sp.statement_bullets(node, ctx), 1)

    def moves(self) -> list[Part]:
        return [self.move(m) for m in self.g.moves]

    def move(self, m) -> Part:
        title = self.sp.title(m.title, m.name)
        choices = []
        ctx = Context()
        for c in m.choices:
            node = self.said(*c.part)
            kind = self.sp.kind(node, ctx)
            named = c.shown_as and c.written is not None and all(value_key(v) in c.shown_as for v in c.written)
            domain = joined([self.pick(c.shown_as[value_key(v)]) for v in c.written], self.lang) if named \
                else self.sp.value(node, ctx)  # (named options: by their names, as the table lists them)
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
        choice_text = (self.t("choices_lead") + self.t("choices_sep").join(choices) + self.t("choices_end")) \
            if choices else ""
        lines = [Line(self.override(f"moves.{m.name}") or self.sentence(self.t("may", title=title, choices=choice_text)))]
        if not m.checks:
            lines.append(Line(self.t("always")))
        else:
            lines.append(Line(self.t("only_when"), 0, "condition"))
            for i, check in enumerate(m.checks):
                lines += self.check_lines(m, i, check, ctx)
        does = self.override(f"moves.{m.name}.do")
        node = self.said(*m.part)
        if does is not None:
            lines.append(Line(does))
        elif node is not None and node.children:
            lines += self.effect_lines("does", node, ctx)
        window = next((s for s in self.g.steps if s.window is not None and m.index in s.moves), None)
        if window is not None:
            lines.append(Line(self.t("then_window", step=self.step_title(window))))
        elif m.next_step == "end":
            lines.append(Line(self.t("then_end")))
        elif m.next_step == "again":
            lines.append(Line(self.t("then_again")))
        else:
            step = self.g.steps[self.g.step_index[m.next_step]]
            lines.append(Line(self.t("then_step", step=self.step_title(step))))
        rules = list(m.rules) + [c.rule for c in m.checks if c.rule and c.rule not in m.rules]
        return Part(f"moves.{m.name}", capital(title, self.lang), [str(r) for r in rules], lines)

    def check_lines(self, m, i: int, check, ctx: Context) -> list[Line]:
        """A check: the condition the move needs (a condition), and, when it fails, the refusal (its `why`)."""
        node = self.said(*check.part)
        rule = f" ({check.rule})" if check.rule else ""
        lines = self.structured("check_condition", node, ctx, 1, "condition", rule="" if self.pick(check.why) else rule)
        why = self.pick(check.why)
        if why:
            lines.append(Line(self.sentence(self.t("refused", why=why.rstrip("."), rule=rule)), 2, "refusal"))
        return lines

    def terms(self) -> list[Part]:
        """The defines that have a title: named where they are used, spelled out once here."""
        out = []
        for name, (node, locals_, place, args) in self.rec.terms.items():
            if name not in self.rec.define_titles:
                continue
            ctx = self.term_context(locals_, place)
            title = self.term_title(self.rec.define_titles.get(name), args, ctx)
            title = capital(title, self.lang)  # not a rule's letter that starts it: g is a run
            lines = self.structured("term", node, ctx, 0, "", title=title)
            said = lines[0].text.split(": ", 1)[-1].rstrip(".")
            if len(lines) == 1 and said.lower() == title.lower():  # a term that says no more than its title
                continue
            out.append(self.part(f"define.{name}", lines))
        return out

    def term_title(self, title: dict, args: dict, ctx: Context) -> str:
        """A titled define's title; one that names its arguments (`{p} has fewer than three cards`) with
        those of the call the term was first used in."""
        words = self.pick(title)
        if not args or "{" not in words:
            return words
        return str(fill(words, **{k: self.sp.say(v, ctx) for k, v in args.items()}))

    def term_context(self, locals_: dict, place: str) -> Context:
        """A term said where the rule file first used it: a move's choices are that move's, `seat` the player."""
        parts = place.split(".")
        ctx = Context()
        if parts[0] == "moves" and parts[1] in self.sp.moves:
            ctx = self.sp.move_locals(self.sp.moves[parts[1]])
        elif parts[0] in ("result", "round_result"):
            per = (self.g.result if parts[0] == "result" else self.g.round_result).per
            ctx = self.sp.per_context(per, Context("me_last"))
        for name, kind in locals_.items():
            if name not in ctx.locals:
                ctx.locals[name] = ({"zone": "zone", "card": "card"}.get(kind, "any"), Phrase(name))
        return ctx

    def round_end(self) -> list[Part]:
        mover = Context("me_mover")
        out = [self.part("flow.round.end", self.structured("round_end", self.said("flow", "round", "end"), mover))]
        score = self.said("flow", "round", "score")
        if score is not None and score.children:
            out.append(self.part("flow.round.score", self.effect_lines("round_score", score, mover)))
        return out + self.round_result()

    def round_result(self) -> list[Part]:
        """What each player scores when a round ends, added to their total, and the sheet shown of it."""
        rr = self.g.round_result
        if rr is None:
            return []
        ctx = self.sp.per_context(rr.per, Context("me_last"))
        key = "round_points_team" if rr.per == "team" else "round_points"
        out = [self.part("round_result.points", self.structured(key, self.said("round_result", "points"), ctx,
                                                                title=self.pick(rr.points_title, "points")))]
        shown = [self.pick(rr.field_titles.get(name), name) for name in rr.fields]
        if shown:
            out.append(self.part("round_result.fields", [self.t("round_sheet", fields=", ".join(shown))]))
        return out

    def game_end(self) -> list[Part]:
        node = self.said("flow", "end")
        c = node.children[0] if node is not None and node.data == "const" else None
        if c is not None and c.value is True or self.one_round(node):
            return [self.part("flow.end", [self.t("one_round")])]
        return [self.part("flow.end", self.structured("game_end", node, Context("me_mover")))]

    @staticmethod
    def one_round(node) -> bool:
        """`rounds_played >= 1`: the game ends after its first round."""
        if node is None or node.data != "compare":
            return False
        a, op, b = node.children
        return getattr(a, "data", "") == "var" and a.children[0].value == "rounds_played" and op.value == ">=" \
            and b.data == "const" and b.children[0].value == 1

    def result(self) -> list[Part]:
        r = self.g.result
        ctx = self.sp.per_context(r.per, Context("me_last"))
        key = "winner_team" if r.per == "team" else "winner"
        out = [self.part("result.winner", self.structured(key, self.said("result", "winner"), ctx))]
        title = capital(self.pick(r.score_title, "score"), self.lang)
        out.append(self.part("result.score", self.structured("score", self.said("result", "score"), ctx, title=title)))
        for name in r.fields:
            out.append(self.part(f"result.fields.{name}", self.structured(
                "field", self.said("result", "fields", name), ctx, title=capital(self.pick(r.field_titles.get(name), name),
                                                                                 self.lang))))
        return out

    def tactics(self) -> list[Part]:
        out = []
        for i, pref in enumerate(self.g.bot):
            tip = self.pick(pref.tip)
            if not tip:
                m = self.g.moves[pref.move] if pref.move is not None else None
                ctx = self.sp.move_locals(m) if m else Context()
                node = self.said("bot", i, "prefer")
                c = node.children[0] if node is not None and node.data == "const" else None
                if c is not None:
                    tip = self.t("prefer_move", move=self.sp.title(m.title, m.name)) if m else \
                        str(self.sp.p("prefer_any"))
                elif self.sp.kind(node, ctx) == "bool":
                    tip = str(self.sp.p("prefer", self.sp.condition(node, ctx)))
                else:
                    tip = str(self.sp.p("prefer_more", self.sp.value(node, ctx)))
            out.append(self.part(f"bot.{i}", [tip]))
        return out


def _comparison(key: str):
    """A `says:` key that is a comparison (">=0"): its operator and its number; (None, None) for a value."""
    m = re.fullmatch(r"(<=|>=|<|>|!=)(-?[0-9.]+)", key)
    return (m.group(1), float(m.group(2))) if m else (None, None)


def _holds(value, op: str, bound) -> bool:
    return {"<": value < bound, "<=": value <= bound, ">": value > bound, ">=": value >= bound,
            "!=": value != bound}[op]


def _when(kind: str, lang: str) -> str:
    from .words import phrase
    return phrase({"all": "all_of_when", "any": "any_of_when"}[kind], lang)


def _lead(kind: str, lang: str) -> str:
    from .words import phrase
    return phrase(KIND_LEAD[kind], lang)


def is_rule_id(key: str) -> bool:
    """A `text:` key is a rule number (F2, C8), unless it names a part of the rule file (flow.round.end)."""
    return "." not in key


def natural_key(rule: str):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", rule)]


def mark(sections: list[Section], base: list[Section]) -> list[Part]:
    """Mark the parts that differ from the base game's; return the base's parts that are gone."""
    before = {p.id: p for s in base for p in s.parts}
    now = {p.id for s in sections for p in s.parts}
    for s in sections:
        for p in s.parts:
            old = before.get(p.id)
            if old is None:
                p.mark = "new"
            elif old.key() != p.key() and p.id != "reference":  # (the pointer names the variants: no rule changed)
                p.mark = "changed"
    return [p for s in base for p in s.parts if p.id not in now]


def header(g, lang: str) -> tuple[str, list[str]]:
    title = g.title.get(lang) or g.title.get("en") or g.id
    lines = []
    about = g.about.get(lang) or g.about.get("en") if g.about else ""
    if about:
        lines.append(about)
    for head in g.words().heads:
        rule = f" ({head['rule']})" if head.get("rule") else ""
        words = head.get("title")
        vtitle = (words.get(lang) or words.get("en") or "") if isinstance(words, dict) else str(words or "")
        line = say("variant_line", lang, id=head.get("id", "?"), rule=rule, title=vtitle)
        about_v = head.get("about")
        about_v = (about_v.get(lang) or about_v.get("en") or "") if isinstance(about_v, dict) else ""
        lines.append(line + (f" — {about_v}" if about_v else ""))
    return title, lines


def document(g, lang: str, base=None, reference: bool = False) -> Document:
    """The rules of `g` (any loaded game) as a document: the handout a player reads, or (`reference`)
    the program said line by line; with `base`, the parts its variants change are marked."""
    def made(game) -> list[Section]:
        book = Book(game, lang)
        return book.sections() if reference else book.handout()
    sections = made(g)
    if base is not None:
        # (the base game's list of its variant files is not the variant's to lose: a variant's book has none)
        removed = [p for p in mark(sections, made(base)) if not p.id.startswith("variant.")]
        if removed:
            sections.append(Section("sec_removed", say("sec_removed", lang), removed))
    title, intro = header(g, lang)
    names = ", ".join(g.variants)
    doc = Document(title, intro, sections, lang, {"changed": say("mark_changed", lang, names=names),
                                                  "new": say("mark_new", lang, names=names)})
    from .glossary import gloss
    gloss(doc, g)
    return doc
