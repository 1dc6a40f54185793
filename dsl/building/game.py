"""The game built from its merged rule data: every section checked, every expression compiled, the
GameDef the engine plays put together (`build`). The builder keeps what its sections share: the
places to blame a problem on, the texts in every language, the compiled parts and where they fail."""
from __future__ import annotations

import functools
from typing import NamedTuple

from kural.interpreter.cards import parse_code
from kural.interpreter.gamedef import GameDef, Place
from kural.interpreter.messages import LANGS, Msg
from .. import ir, schema, values
from ..backend.program import Program
from ..compiler import Compiler
from ..vartypes import held
from ..errors import Loc, Problem, RuleError, printable_id
from ..names import Name, builtins
from ..notions import LIBRARY, BuildContext
from ..parsing import keywords, name_rule
from ..piece import C
from ..rulefiles import Source
from ..said import Recorded
from ..typed import Typed
from ..yamlload import LDict
from . import teaching, transform
from .param_values import ParamsPart
from .shown import ShownPart
from .table import TablePart
from .teaching import TeachingPart
from .turn import TurnPart

BUILT_IN = Msg("built_in")  # where a library notion is declared, as a name declared twice says it
THESE_EFFECTS = Msg("these_effects")  # the part of the file a failure in play names, when no other is given
DEFAULT_MAX_MOVES = schema.default("game.max_moves")  # moves per game before it is stopped and counted as aborted
MAX_MOVES = 1_000_000


def build(data: LDict, src: Source, sets: list[str] | tuple = (), players: int | None = None) -> GameDef:
    schema.check(data)  # the sizes a file controls are bounded by the walk, before a part is built from them
    builder = _Builder(data, src)
    try:
        return builder.build(sets, players)
    except RuleError as exc:
        raise builder.blamed_on_a_param(exc) from None


class Head(NamedTuple):
    """What `game:` gives the rest of the build: the part as written, its id, the player count played,
    the seats' names, the teams (by player count, and this count's) and the bound on moves."""
    part: transform.Part
    id: str
    players: int
    seats: dict
    teams_by_count: dict
    teams: list
    max_moves: int
    counts: list  # every player count the game allows
    names: dict  # the seats' names in each language, for every count (`seats`: the count played's)

    def teams_of(self, n: int) -> list:
        """The teams of n players: those listed for n, else each seat alone."""
        return self.teams_by_count.get(n) or [[seat] for seat in range(n)]


class Declarations:
    """The declarations pass over `define:`, a second transformer of the same walk: each define's expression
    and titles, read before the compiler exists, so that every expression may name any define (the rules
    pass, `_Builder.define`, compiles the ones the screen shows)."""

    def __init__(self, at):
        self.at = at

    @staticmethod
    def define(d: transform.Part) -> tuple:
        return (d.get("value"), d.get("title"), d.get("title_not"), [str(a) for a in d.get("args") or []],
                d.get("do"))

    @staticmethod
    def defines(section: transform.Part) -> dict:
        return dict(section.items())


class _Builder(TablePart, ParamsPart, TurnPart, ShownPart, TeachingPart):
    """One game's build: `build` below puts the parts together; each part's sections are methods of the
    module named for it (table, param_values, turn, shown, teaching), sharing what is defined here."""

    def __init__(self, data: LDict, src: Source):
        self.data = data
        self.src = src
        self.problems: list[Problem] = []
        # what the teaching layer reads of the game (dsl/said.py): every load keeps it
        self.rec = Recorded({}, {}, {}, {}, None, src.lines, [], {})
        # the zones' ids, the vars' slots and the moves' indexes, counted as the walk builds them
        self.next_zone_id = self.next_slot = self.move_count = 0
        self.step_names: list[str] = []  # the steps built so far: each step's name is its own
        self.switched_off: dict[int, tuple] = {}  # move -> (place, why, text) of the check a param switches off
        self.meld_words: dict[str, str] = {}  # what the teaching layer reads that play does not keep (facts)
        self.var_rules: dict[str, str] = {}

    def at(self, loc: Loc) -> Place:
        """A part's place as the game keeps it (issue 36): its file tells the layer that wrote it."""
        return Place(loc.file, loc.line, loc.col, self.src.layer_of.get(loc.file, ""))

    def section(self, name: str) -> LDict:
        value = self.data.get(name)
        if value is None:
            empty = LDict()
            empty.loc = self.data.loc
            return empty
        return value

    # ------------------------------------------------------------------ build
    def walk(self, name: str):
        """A section built by the walk of the table (dsl/building/transform.py): the methods its keys name."""
        return transform.section(self, self.data, name)

    def build(self, sets, players_asked: int | None = None) -> GameDef:
        """The game, its sections built by the walk of the table in three phases, as each needs the others
        (the table's order is the file's reading order, not this one): who plays and with what (game, deck,
        params: a param may name a card; zones and vars: their counts bound the state), then the names
        every expression may use and the compiler (`compiler`), then the rules compiled with it."""
        self.sets, self.players_asked = sets, players_asked
        head = self.head = self.walk("game")
        self.players, self.team_count = head.players, len(head.teams)
        self.hand_zone = str(head.part["hand_zone"])  # (an example's position names the hand: shown.py)
        self.deck = self.walk("deck")
        self.param_values, self.param_info = self.walk("params")
        zones, zone_count = self.walk("zones")
        self.zones_built = zones  # (an example's position names zones: dsl/building/shown.py)
        self.has_groups = any(z.max_groups for z in zones)
        ctx = self.context(head, zones, zone_count)
        self.vars_, slots = self.walk("vars")
        ctx.dealer_slot = next(v.slot for v in self.vars_ if v.name == "dealer")
        comp = self.compiler(ctx, zones)
        ctx.melds = self.walk("melds")
        self.var_starts(self.vars_)
        self.moves = self.walk("moves")
        flow = self.walk("flow")
        schema.require("result", self.data)
        result, round_result, bot = self.walk("result"), self.walk("round_result"), self.walk("bot")
        game, deck = head.part, self.deck
        g = GameDef(
            id=head.id, title=self.text(game.get("title"), head.id), lang=str(game["lang"]),
            players=head.players, seats=head.seats, hand_zone=self.hand_zone, deck=deck,
            deck_zone=self.starts_in[0], zones=zones, zone_count=zone_count, vars=self.vars_, var_slots=slots,
            params=dict(self.param_info), param_info=self.param_info, moves=self.moves, **flow,
            result=result, round_result=round_result, bot=bot, max_moves=head.max_moves, bots=game["bots"],
            round_title=self.text(game.get("round_title"), "") if game.get("round_title") else {},
            texts=self.walk("text"), book=self.walk("book"), examples=self.walk("examples"), **self.walk("define"),
            deck_has_twins=deck.copies > 1 or deck.jokers > 1,
            teams=head.teams, team_of=list(ctx.team_of), teams_by_count=head.teams_by_count,
        )
        g.at = self.at(self.data.key_loc("game"))
        g.about = self.text(game["about"], "")
        g.where = {name: str(self.data.key_loc(name)) for name in ("flow", "result") if name in self.data}
        g.step_index = {s.name: i for i, s in enumerate(g.steps)}
        g.param_values = self.param_values
        g.melds = ctx.melds
        g.program = Program(g)
        self.rec.terms = comp.terms
        self.rec.units_of = functools.partial(teaching.units, self.data)  # (play never reads them)
        self.rec.written = {name: list(self.section(name)) for name in ("params", "vars", "zones", "define")}
        self.rec.facts = self.facts(game.raw)  # the seats as written, not as built for the count played
        g.recorded = self.rec
        return g

    def context(self, head: Head, zones: list, zone_count: int) -> BuildContext:
        """What the notions know of the table (dsl/notions/): the seats, teams and zones, the groups' ids,
        the hand (a per-seat zone) and the zone the deck starts in (a shared one)."""
        players, teams, game = head.players, head.teams, head.part
        ctx = BuildContext(deck=self.deck, players=players, teams=teams,
                           team_of=[next(i for i, t in enumerate(teams) if seat in t) for seat in range(players)])
        ctx.zone_count = zone_count
        group_ids: set[int] = set()  # gathered, then frozen once: a union per zone copied the set each time
        for z in zones:
            if z.max_groups:
                owners = players if z.per_seat else self.team_count if z.per_team else 1
                ids = range(z.first_id, z.first_id + owners * z.max_groups)
                group_ids.update(ids)
                for first in ids[::z.max_groups]:
                    ctx.area_of[first] = (z.max_groups, z.name)
        ctx.group_ids = ctx.group_ids | frozenset(group_ids)
        hand_name = str(game["hand_zone"])
        hand = self.zone_named(zones, hand_name, game.val_loc("hand_zone") if "hand_zone" in game else game.loc,
                               Msg("the_hand_zone"))
        if not hand.per_seat or hand.max_groups:  # reported where the mistake is: the hand_zone: that names it, else the zone
            where = game.val_loc("hand_zone") if "hand_zone" in game else self.section("zones").key_loc(hand_name)
            raise RuleError.at(where, Msg("hand_zone_must_per", hand_name=hand_name),
                               Msg("name_zone_per_seat", hand_name=hand_name))
        ctx.hand_ids = frozenset(range(hand.first_id, hand.first_id + players))
        ctx.zone_owner = {hand.first_id + i: i for i in range(players)}
        starts_in, where = self.starts_in
        start_zone = self.zone_named(zones, starts_in, where, "deck.starts_in")
        if start_zone.per != "none" or start_zone.max_groups:
            raise RuleError.at(where, Msg("deck_must_start_shared"), Msg("name_zone_per_none", starts_in=starts_in))
        return ctx

    def compiler(self, ctx: BuildContext, zones: list) -> Compiler:
        """The compiler of every expression, with the names the file declares (the table's `declares`) and
        the library's, and the titles a define is said by where it is used."""
        self.declared = transform.section(Declarations(self.at), self.data, "define")
        names = self.names(zones)
        comp = self.comp = Compiler(names, ctx, self.src.lines)
        self.rec.define_titles = {name: self.text(title, name) for name, (_, title, *_) in self.declared.items()
                                  if title}
        comp.titles = self.rec.define_titles
        comp.titles_not = {name: self.text(title_not, name) for name, (_, _, title_not, *_) in self.declared.items()
                           if title_not}
        comp.define_args = {name: args for name, (_, _, _, args, _) in self.declared.items() if args}
        comp.define_effects = {name: do for name, (*_, do) in self.declared.items() if do is not None}
        return comp

    def var_starts(self, vars_: list) -> None:  # (`held`: the compiler's type of what a var holds)
        """Each var's start, compiled once the compiler knows every name (a var's slots are needed before)."""
        for v in vars_:
            v.start = self.located(self.expr_at(self.comp, ("vars", v.name, "start"), v.start_src,
                                                {v.per: "zone" if v.per == "group" else "num"}
                                                if v.per not in ("none", "key") else {}, held(v)), v.start_src,
                                   Msg("start_what", name=v.name))

    # ------------------------------------------------------- the sections' methods, named in the table
    def game(self, game: transform.Part) -> Head:
        """`game:`: its id, the player count (the one asked for, if allowed), the seats' names, the teams
        (for each count listed, and the ones of this count) and the bound on moves; the part itself too,
        for what the GameDef takes of it as written."""
        if not game.written:
            raise RuleError.at(self.data.loc, Msg("file_has_no_game"), Msg("rule_file_starts_game"))
        players = self.players(game, self.players_asked)  # checked as the seats were built: no error here
        teams_by_count = game["teams"] or {}  # built by the methods the table names (dsl/building/table.py)
        teams = teams_by_count.get(players) or [[seat] for seat in range(players)]
        counts = sorted(set(game.get("allowed_players") or [players]))
        written = game.raw.get("seats") or {}  # every seat's name, for the words of counts not played
        names = {lang: [str(n) for n in written.get(lang, written.get("en")) or []] or game["seats"][lang]
                 for lang in game["seats"]}
        max_moves = game["max_moves"]
        if not 1 <= max_moves <= MAX_MOVES:  # the bound that stops a game which cannot end
            raise RuleError.at(game.val_loc("max_moves"),
                               Msg("game_max_moves_must", MAX_MOVES=MAX_MOVES, max_moves=max_moves),
                               Msg("default_leave_out_use", DEFAULT_MAX_MOVES=DEFAULT_MAX_MOVES))
        return Head(game, game["id"], players, game["seats"], teams_by_count, teams, max_moves, counts, names)

    @staticmethod
    def game_id(gid: transform.Part) -> str:
        """`game.id`: shown as itself wherever it is written (records, `kural list`)."""
        return printable_id(gid.value, gid.value_at, "game.id")

    # ------------------------------------------------------- shared by the sections
    def blamed_on_a_param(self, exc: RuleError) -> RuleError:
        """A part of the base that fails to compile with a param's value that a variant changed: the
        problem is shown at the variant's line that set the value, with the failing part as the base's."""
        comp, problem = getattr(self, "comp", None), exc.problems[0]
        if comp is None or problem.base is not None or problem.loc.file.startswith(("<", "-")):
            return exc
        changed = [p["loc"] for name, p in self.param_info.items() if name in comp.read_now
                   and p["loc"] != p["declared_loc"] and p["loc"].file not in (problem.loc.file, "--set")]
        if not changed:
            return exc
        return RuleError([Problem(changed[0], problem.message, problem.hint, "", problem.loc,
                                  problem.text or self.line_of(problem.loc))] + exc.problems[1:])

    def blamed(self, at: Loc, section: LDict, cause: str) -> tuple[Loc, Loc | None]:
        """Where a problem between two parts of a section is reported: at `at`, unless the other part,
        key `cause`, was changed by a variant and `at` was not: then where the variant wrote it, which
        the user can change, with `at`, the base's place, as the second place."""
        if cause in section.below and at.file != section.val_loc(cause).file:
            return section.val_loc(cause), at
        return at, None

    def line_of(self, loc: Loc) -> str:
        """The rule file's line at a place, to show with a problem found there."""
        lines = self.src.lines.get(loc.file) or []
        return lines[loc.line - 1].strip() if 0 < loc.line <= len(lines) else ""

    def per_of(self, section: LDict, name: str) -> str:
        """`per:` of `result` or `round_result`: worked out for each seat (the default) or each team
        (the table's allowed values, checked by dsl/schema.py)."""
        return str(schema.value(section, f"{name}.per"))

    def text(self, value, default: str) -> dict[str, str]:
        if isinstance(value, dict):
            return {lang: str(value.get(lang) or value.get("en") or default) for lang in LANGS}
        return {lang: str(value or default) for lang in LANGS}

    def names(self, zones: list) -> dict[str, Name]:
        """The file's one namespace: the names it declares, gathered by the walk's declaration phase from
        the table's keys that declare one (each kind's Name made by its method below), then the names
        the game has without declaring them (the dealer, unless declared, and the library's)."""
        names: dict[str, Name] = {}
        places: dict[str, tuple[str, Loc]] = {}

        def add(name, entry, where, loc):
            if name in names:
                first, first_loc = places[name]
                if where is BUILT_IN:  # a name the library declares: blamed on the rule file's own declaration
                    loc = first_loc
                elif self.layer_rank(first_loc) > self.layer_rank(loc):  # on the variant's, not its base's
                    where, first, loc = first, where, first_loc  # the part blamed is said last
                raise RuleError.at(loc, Msg("declared_twice", name=name, places_name=first, where=where),
                                   Msg("give_each_param_var"))
            if where is not BUILT_IN:
                self.usable_name(name, loc)
            names[name], places[name] = entry, (where, loc)
        self.zones_by_name, self.vars_by_name = {z.name: z for z in zones}, {v.name: v for v in self.vars_}
        for d in transform.declarations(self.data):
            add(d.name, getattr(self, "named_" + d.kind)(d.name, d.index), d.part, d.where)
        for name, entry in self.built_in_vars.items():
            add(name, entry, BUILT_IN, self.data.loc)
        for name, value in builtins(self.players, self.team_count).items():
            add(name, Name("builtin", value.type, value), BUILT_IN, self.data.loc)
        return names

    def layer_rank(self, loc: Loc) -> int:
        """How far out the layer that wrote a place is: 0 the base game, 1 a variant over it, and so on."""
        order = list(self.src.layer_of)  # in the order the layers are merged, the base first
        return order.index(loc.file) if loc.file in order else -1

    # what each kind of name stands for, named by the table's `declares` (dsl/schema.py)
    def named_param(self, name: str, _: int) -> Name:
        value = self.param_values[name]  # a card param's value is a card: its type is the card's
        return Name("param", self.param_info[name]["type"] if value is not None else "card", value)

    def named_zone(self, name: str, _: int) -> Name:
        return Name("zone", "zone", self.zones_by_name[name])

    def named_var(self, name: str, _: int) -> Name:
        return Name("var", "num", self.vars_by_name[name])

    @staticmethod
    def named_move(_: str, index: int) -> Name:
        return Name("move", "move", index)

    def named_table(self, name: str, _: int) -> Name:
        return Name("table", "num", self.deck.values[name])

    def named_define(self, name: str, _: int) -> Name:
        return Name("define", "any", self.declared[name][0])

    def name_loc(self, section: str, name: str) -> Loc:
        """Where a name was declared: the key in its section."""
        container = self.data.get(section)
        return container.key_loc(name) if isinstance(container, LDict) and name in container else self.data.loc

    def usable_name(self, name: str, loc: Loc) -> None:
        """A name that expressions could never reach is refused where it is declared."""
        problem = None
        if not name_rule().fullmatch(name):
            problem = Msg("not_name_use_letters")
        elif name in keywords():
            problem = Msg("word_rules_language")
        elif parse_code(name):
            problem = Msg("reads_card_code_expressions")
        elif name in LIBRARY:
            problem = Msg("notion_library")
        if problem:
            raise RuleError.at(loc, Msg("so_cannot_used_name", name=name, problem=problem), Msg("pick_another_name"))

    def with_params(self, text: dict[str, str], path: tuple = ()) -> dict[str, str]:
        """A sentence that names a param in braces ({row_rank}) shows its value in this game, as a person
        says it in the sentence's language (dsl/values.py); the params it names are read at `path`."""
        out = {}
        for lang, sentence in text.items():
            if "{" not in sentence:  # most sentences name no param
                out[lang] = sentence
                continue

            def value(match, lang=lang):
                p = self.param_info.get(match.group(1))
                if p is None and match.group(1) in values.TABLE_VALUES:  # the table's: the count played
                    head = self.head
                    said = values.table_value(match.group(1), head.counts, head.names, head.teams_of, lang)
                    return values.ending(said, match.group(2), lang) if match.group(2) else str(said)
                if p is None:
                    return match.group(0)
                if path:
                    self.rec.reads.setdefault(path, {}).setdefault(match.group(1), set()).add(())
                said = values.said(p["value"], p, self.deck, lang)
                return values.ending(said, match.group(2), lang) if match.group(2) else said
            out[lang] = values.PARAM_REF.sub(value, sentence)
        return out

    def effects(self, comp: Compiler, value, locals_=None, what: str = THESE_EFFECTS, path: tuple = ()):
        if value is None:
            if path:
                self.rec.parts[path] = Typed("effects", [], "effect")
            return ir.Effects("effect", [])
        items = value if isinstance(value, list) else [value]
        parts, said_items = [], []
        for item in items:
            if not path:
                parts.append(self.located(comp.effects(item, locals_ or {}), item, what))
                continue
            with comp.recording(".".join(map(str, path))):
                parts.append(self.located(comp.effects(item, locals_ or {}), item, what))
            said_items += comp.typed.children
            self.rec.merge_reads(path, comp.reads)
        if path:
            self.rec.parts[path] = Typed("effects", said_items, "effect")
        return ir.Effects("effect", parts)

    def expr_at(self, comp: Compiler, path: tuple, src, locals_: dict, expect: str | None = None) -> C:
        """The expression `src`, compiled; its typed node (dsl/typed.py) and what it reads are kept for `path`,
        its place in the rule file, for the teaching layer."""
        with comp.recording(".".join(map(str, path))):
            out = comp.expr(src, locals_, expect)
        self.rec.parts[path] = comp.typed
        self.rec.merge_reads(path, comp.reads)
        return out

    def located(self, part, src, what: str) -> ir.Node:
        """A compiled part (a C, or the node of effects) that, failing in play, names the place it was written:
        the file and line of the layer (base game or variant) that wrote it, not the section it was merged into."""
        node = part.ir if isinstance(part, C) else part
        loc = getattr(src, "loc", None)
        if loc is None:  # a default (`first: 0`): the engine names the section
            return node
        return ir.Located(node.type, node, str(loc), what)
