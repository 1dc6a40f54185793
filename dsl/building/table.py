"""Who plays and with what: the player count, seats and teams, the deck and its value tables, the
`melds:` rules, the zones and the vars, each built from its section and checked where it is written,
within the bounds that keep a position small (zone instances, var slots, groups)."""
from __future__ import annotations


from kural.interpreter.cards import RANK_CODES, STANDARD_NAMES, Deck, parse_code
from kural.interpreter.gamedef import VarDef, ZoneDef
from kural.interpreter.melds import REASONS, MeldRules
from kural.interpreter.messages import LANGS, Msg
from kural.interpreter.numbers import value_key
from .. import schema
from ..backend.evaluate import table_of
from ..errors import Loc, RuleError, close_match
from ..names import Name
from ..yamlload import LDict, LList
from . import transform
from .param_values import read_set_value, shown_value
from .transform import Part

MAX_ZONE_GROUPS = 100  # groups one owner's group zone may hold
MAX_ZONE_INSTANCES = 5_000  # zones once each owner's and each group counts: the state holds them all
MAX_VAR_SLOTS = 20_000  # values the vars hold, each seat's, team's and group's counted
TEAMS_EXAMPLE = '"4": [[0, 2], [1, 3]]'  # what the refusals of `game.teams` show


class TablePart:
    """The builder's (dsl/building/game.py) players, deck, melds, zones and vars."""

    def players(self, game: Part, asked: int | None) -> int:
        """The number of players: the one asked for (--players), if the game allows it, else the default."""
        default, allowed = self.player_counts(game)
        if asked is None:
            return default
        if asked not in allowed:
            counts = ", ".join(map(str, allowed))
            raise RuleError.at(Loc("--players", 1, 1), Msg("game_played_by_players", counts=counts, asked=asked),
                               Msg("players_option", counts_split_1=counts.split(', ')[-1]))
        return asked

    def player_counts(self, game: Part) -> tuple[int, list[int]]:
        """`players` and `allowed_players` of `game:`, each count from 1 to 12, the default among the allowed."""
        default = game["players"]
        allowed = list(game.get("allowed_players") or [default])
        for n, where in [(default, game.val_loc("players"))] + \
                [(n, game.val_loc("allowed_players")) for n in allowed]:
            if not 1 <= n <= 12:
                raise RuleError.at(where, Msg("players_must_between_not", n=n),
                                   Msg("players_whole_number_from"))
        if default not in allowed:
            where, base = self.blamed(game.val_loc("players"), game, "allowed_players")
            raise RuleError.at(where, Msg("default_players_not_among", default=default, allowed=allowed),
                               Msg("add_allowed_players"), "", base, self.line_of(base) if base else "")
        return default, allowed

    # `game.teams`: for each player count listed, teams that split the seats 0..n-1 exactly (a count not
    # listed plays each seat for itself). Every count listed is checked, not only the one being played,
    # so that a mistake shows whatever --players is given. The methods are named by the table.
    def enter_partnership(self, count: Part) -> None:
        """One count's teams, before its teams are read: the count is a number of players the game allows
        (checked once the counts themselves are: `players`, `allowed_players` come first in `game:`)."""
        where, key = count.where, count.name
        _, allowed = self.player_counts(count.parent.parent)
        n = int(key) if str(key).isdigit() else None
        if n is None:
            raise RuleError.at(where, Msg("game_teams_keyed_by", key=key),
                               Msg("example_teams", example=TEAMS_EXAMPLE), self.line_of(where))
        if n not in allowed:
            counts = ", ".join(map(str, allowed))
            raise RuleError.at(where, Msg("game_teams_gives_teams", n=n, counts=counts),
                               Msg("list_count_allowed_players"), self.line_of(where))
        self.seats_seen: dict[int, Loc] = {}  # each seat of this count, where it is first listed

    def team(self, team: Part) -> list[int]:
        """A team of one count: seats of that count, none listed before in another of its teams."""
        n, team_loc = int(team.parent.name), team.where
        if not team.value:
            raise RuleError.at(team_loc, Msg("team_players_has_no", i=team.name, n=n),
                               Msg("each_team_lists_seats", example=TEAMS_EXAMPLE), self.line_of(team_loc))
        seen, locs = self.seats_seen, team.locs
        for j, seat in enumerate(team.value):
            loc = locs[j] if j < len(locs) else team_loc
            if not 0 <= seat < n:
                raise RuleError.at(loc, Msg("seat_does_not_exist", seat=seat, n=n, n_1=n - 1),
                                   Msg("team_example", example=TEAMS_EXAMPLE), self.line_of(loc))
            if seat in seen:
                raise RuleError.at(loc, Msg("seat_two_teams_players", seat=seat, n=n, line=seen[seat].line,
                                            col=seen[seat].col), Msg("each_seat_plays_one"), self.line_of(loc))
            seen[seat] = loc
        return list(team.value)

    def partnership(self, count: Part) -> list[list[int]]:
        """One count's teams, every seat of the count in one of them."""
        n = int(count.name)
        missing = [seat for seat in range(n) if seat not in self.seats_seen]
        if missing:
            listed = ", ".join(map(str, missing))
            plural = "s" if len(missing) > 1 else ""
            raise RuleError.at(count.value_at, Msg("teams_players_leave_out", n=n, plural=plural, listed=listed),
                               Msg("every_seat_from_plays", n_1=n - 1, missing_0=missing[0]),
                               self.line_of(count.value_at))
        return count.value

    def teams(self, section: Part) -> dict[int, list[list[int]]]:
        """The teams of each player count listed, by count."""
        return {int(key): teams for key, teams in section.items() if teams is not None}

    def seats(self, given: Part) -> dict[str, list[str]]:
        """`game.seats`: the seats' names in each language, for the count played (after it is checked)."""
        game = given.parent
        players = self.players(game, self.players_asked)
        out = {}
        for lang in LANGS:
            names = [str(n) for n in given.get(lang, given.get("en", []))]
            most = max([players, *(n for n in game.get("allowed_players") or [] if isinstance(n, int))])
            if names and len(names) < most:  # every count the game allows, not only the one played: validate says it
                where, base = self.blamed(given.val_loc(lang), game, "players")
                allowed = game.val_loc("allowed_players") if "allowed_players" in game else None
                if base is None and allowed is not None and allowed.file != where.file:
                    # the count came from --players, within the allowed_players a variant wrote (or changed)
                    where, base = allowed, where
                raise RuleError.at(where, Msg("seat_names_players", n_names=len(names), players=most),
                                   Msg("name_every_seat"), "", base, self.line_of(base) if base else "")
            out[lang] = names[:players] or [f"P{i + 1}" for i in range(players)]
        return out

    def deck(self, d: Part) -> Deck:
        """`deck:`: the cards, their names and symbols, and the value tables."""
        copies, jokers = d["copies"], d["jokers"]
        self.deck_words = {"values": {name: {str(k): v for k, v in table.items()}
                                      for name, table in (d.get("values") or {}).items()},
                           "value_titles": {name: self.text(title, name)
                                            for name, title in (d.get("value_titles") or {}).items()}}
        self.starts_in = (str(d["starts_in"]), d.val_loc("starts_in"))  # checked once the zones are built
        # d.loc of a merged section is the base file's: name the key the mistake is in
        where = d.val_loc("copies") if "copies" in d else d.val_loc("jokers")
        if copies < 1 and jokers < 1:
            raise RuleError.at(where, Msg("deck_has_no_cards"), Msg("copies_gives_one_standard"))
        if not (0 <= copies <= 8 and 0 <= jokers <= 16):
            where = d.val_loc("copies") if not 0 <= copies <= 8 else d.val_loc("jokers")
            raise RuleError.at(where, Msg("deck_has_copies_cards"),
                               Msg("copies_one_standard_deck"))
        names = {lang: dict(STANDARD_NAMES[lang]) for lang in LANGS}
        for lang, given in (d.get("names") or {}).items():
            base = names.setdefault(str(lang), dict(STANDARD_NAMES["en"]))
            for part, value in given.items():
                want = 4 if part == "suits" else 13
                if part != "joker" and len(value) != want:
                    raise RuleError.at(given.val_loc(part),
                                       Msg("deck_names_needs_names", lang=lang, part=part, want=want),
                                       Msg("suits_order_s_h"))
                base[part] = list(value) if part != "joker" else str(value)
        symbols = list(d["symbols"] or schema.default("deck.symbols"))
        if len(symbols) != 4:
            raise RuleError.at(d.val_loc("symbols"), Msg("deck_symbols_needs_symbols"),
                               Msg("example_symbols"))
        labels = [str(x) for x in d.get("labels") or []]
        if labels and len(labels) != 13:
            raise RuleError.at(d.val_loc("labels"), Msg("deck_labels_needs_labels"),
                               Msg("order_j_q_k"))
        deck = Deck(copies=copies, jokers=jokers, symbols=symbols, names=names, ranks=self.deck_ranks(d))
        if labels:
            deck.labels = labels
        deck.values = {name: self.value_table(deck, table) for name, table in (d.get("values") or {}).items()}
        return deck

    def deck_ranks(self, d: Part) -> tuple:
        """`deck.ranks`: the ranks in play, each a rank's code (A, 2 ... 9, T or 10, J, Q, K), once; all 13
        when left out."""
        given = d.get("ranks")
        if given is None:
            return tuple(range(1, 14))
        out = []
        for i, code in enumerate(given):
            where = given.locs[i] if isinstance(given, LList) and i < len(given.locs) else d.val_loc("ranks")
            parsed = parse_code(f"{code}S".replace("10S", "TS"))
            if parsed is None or parsed[0] in out:
                raise RuleError.at(where, Msg("deck_rank_unknown", code=code), Msg("deck_ranks_hint"))
            out.append(parsed[0])
        if not out:
            raise RuleError.at(d.val_loc("ranks"), Msg("deck_has_no_cards"), Msg("deck_ranks_hint"))
        return tuple(sorted(out))

    def melds(self, m: Part) -> MeldRules | None:
        """The `melds:` section: what a set and a run are, which cards are wild, what a meld is worth."""
        if not m.written:
            return None
        comp, deck, params, info, where = self.comp, self.deck, self.param_values, self.param_info, m.where

        def written(key: str):
            """The value of `key`; a name written there (a param's, a value table's) is kept for the rules' words."""
            raw = m[key]
            if isinstance(raw, str):
                self.meld_words[key] = raw
            return raw

        def count(key: str):
            """A whole number, or the name of a num param (so that --set changes it)."""
            raw = written(key)
            if isinstance(raw, str) and raw in info and self.rec is not None:
                self.rec.reads.setdefault(("melds", key), {}).setdefault(raw, set()).add(())
            if isinstance(raw, str) and raw in info:
                if info[raw]["type"] != "num":
                    raise RuleError.at(m.val_loc(key), Msg("melds_names_param_which", key=key, raw=raw),
                                       Msg("whole_number_num_param", key=key))
                raw = params[raw]
                if isinstance(raw, float) and raw.is_integer():
                    raw = int(raw)
            if raw is None and schema.default(f"melds.{key}") is None:
                return None
            if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
                close = close_match(str(raw), [k for k, v in info.items() if v["type"] == "num"])
                hint = (Msg("did_you_mean", close_0=close[0]) if close else Msg("whole_number_more_num", key=key))
                raise RuleError.at(m.val_loc(key), Msg("melds_must_whole_number", key=key, shown_raw=shown_value(raw)),
                                   hint)
            return raw

        def flag(key: str) -> bool:
            raw = written(key)
            if isinstance(raw, str) and raw in info and self.rec is not None:
                self.rec.reads.setdefault(("melds", key), {}).setdefault(raw, set()).add(())
            if isinstance(raw, str) and raw in info and info[raw]["type"] == "bool":
                raw = params[raw]
            if not isinstance(raw, bool):
                raise RuleError.at(m.val_loc(key), Msg("melds_true_false_not", key=key, shown_raw=shown_value(raw)),
                                   Msg("write_true_false_name"))
            return raw

        def table(key: str, default):
            name = written(key)
            if name is None:
                return default
            if str(name) not in deck.values:
                close = close_match(str(name), list(deck.values))
                hint = (Msg("did_you_mean", close_0=close[0]) if close else Msg("name_table_deck_values"))
                raise RuleError.at(m.val_loc(key), Msg("melds_names_no_value", key=key), hint)
            return deck.values[str(name)]

        ace = str(m["ace"])  # one of the table's allowed values (dsl/schema.py)
        wild = [False] * deck.size
        if "wild" in m:
            src = m["wild"]
            test = self.expr_at(comp, ("melds", "wild"), src, {"c": "card"}, "bool")
            try:
                wild = [bool(v) for v in table_of(test.ir, "c", deck.size)]  # by the code the test writes
            except (TypeError, AttributeError, KeyError, IndexError, ValueError, ZeroDivisionError):
                raise RuleError.at(getattr(src, "loc", m.val_loc("wild")),
                                   Msg("melds_wild_must_say"),
                                   Msg("example_wild_joker_c"),
                                   str(src)) from None
        points = table("points", [0] * deck.size)
        why = {}
        for reason, item in (m.get("why") or {}).items():
            if reason not in REASONS:  # dsl/schema.py refuses it first; kept for files built without it
                raise RuleError.at(m["why"].key_loc(reason), Msg("melds_why_not_reason", reason=reason),
                                   Msg("reasons_list", names=", ".join(REASONS)))
            why[reason] = {"rule": str(item["rule"]) if item.get("rule") is not None else None,
                           **self.with_params(self.text({k: item[k] for k in LANGS if k in item}, ""),
                                              ("melds", "why", reason))}
        rules = MeldRules(rank=list(deck.rank), suit=list(deck.suit), face=list(deck.face), wild=wild,
                          points=points, wild_points=table("wild_points", points),
                          min_size=count("min_size"), sets=flag("sets"), runs=flag("runs"), ace=ace,
                          max_wilds=count("max_wilds"), natural_in_place=flag("natural_in_place"),
                          run_natural_core=count("run_natural_core"), why=why)
        if rules.min_size < 1:
            raise RuleError.at(m.val_loc("min_size") if "min_size" in m else where,
                               Msg("melds_min_size_must"), Msg("min_size_usual_smallest"))
        if not (rules.sets or rules.runs):
            raise RuleError.at(where, Msg("melds_allows_neither_sets"), Msg("sets_true_runs_true"))
        return rules

    def value_table(self, deck: Deck, table: LDict) -> list:
        default = table.get("default", 0)
        out = []
        for card in range(deck.size):
            code, rank = deck.code[card], deck.rank[card]
            rank_code = RANK_CODES[rank - 1] if rank else "XJ"
            out.append(table.get(code, table.get(rank_code, table.get("T" if rank_code == "10" else rank_code, default))))
        for key in table:
            if key != "default" and key not in RANK_CODES and key != "XJ" and parse_code(key) is None:
                raise RuleError.at(table.key_loc(key), Msg("not_rank_card_code", key=key),
                                   Msg("keys_are_ranks_k"))
        return out

    def zone(self, z: Part) -> ZoneDef:
        """A zone of `zones:`, its ids after those of the zones above it (each owner's, each group's)."""
        # per, visible and layout are among the table's allowed values (checked by dsl/schema.py)
        name, per, max_groups = z.name, str(z["per"]), self.zone_groups(z.name, z)
        zone = ZoneDef(name, per == "seat", str(z["visible"]), str(z["layout"]), self.text(z.get("title"), name),
                       self.next_zone_id, per_team=per == "team", max_groups=max_groups,
                       yours=self.text(z["yours"], name) if z.get("yours") else {}, at=z.at)
        self.next_zone_id += (self.players if per == "seat" else self.team_count if per == "team" else 1) * \
            (max_groups or 1)
        if self.next_zone_id > MAX_ZONE_INSTANCES:  # each owner's zone, each group: the state holds every one
            raise RuleError.at(z.where,
                               Msg("game_has_zones_each", name=name, next_id=self.next_zone_id,
                                   MAX_ZONE_INSTANCES=MAX_ZONE_INSTANCES),
                               Msg("declare_fewer_zones_smaller"))
        return zone

    def zones(self, section: Part) -> tuple[list[ZoneDef], int]:
        """`zones:`: the zones, and how many zone instances they make."""
        self.zone_count = self.next_zone_id
        return list(section.value.values()), self.next_zone_id

    def zone_groups(self, name: str, z: Part) -> int:
        """A group zone's max_groups (`kind: groups`); 0 for an ordinary zone."""
        kind = str(z["kind"])  # cards or groups (dsl/schema.py)
        if kind == "cards":
            if "max_groups" in z:
                raise RuleError.at(z.val_loc("max_groups"), Msg("zone_max_groups_group", name=name),
                                   Msg("add_kind_groups_leave"))
            return 0
        if "max_groups" not in z:
            raise RuleError.at(z.key_loc("kind"),
                               Msg("zone_group_zone_needs", name=name), Msg("example_max_groups"))
        n = z.get("max_groups")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ZONE_GROUPS:
            raise RuleError.at(z.val_loc("max_groups"),
                               Msg("zone_max_groups_must", name=name, MAX_ZONE_GROUPS=MAX_ZONE_GROUPS, n=n),
                               Msg("most_groups_one_owner"))
        return n

    def zone_named(self, zones: list[ZoneDef], name: str, loc: Loc, what: str) -> ZoneDef:
        for z in zones:
            if z.name == name:
                return z
        close = close_match(name, [z.name for z in zones])
        raise RuleError.at(loc, Msg("names_zone_which_zones", what=what, name=name),
                           (Msg("did_you_mean", close_0=close[0]) if close else Msg("declare_under_zones")))

    def var(self, v: Part) -> VarDef:
        """A var of `vars:`, its slots after those of the vars above it (each seat's, team's, group's)."""
        # per and scope are among the table's allowed values (checked by dsl/schema.py)
        name, per, written = v.name, str(v["per"]), isinstance(v.raw, LDict)
        if per == "group" and not self.has_groups:
            raise RuleError.at(v.val_loc("per"), Msg("var_per_group_but", name=name),
                               Msg("give_zone_kind_groups"))
        keys = self.var_keys(v, per)
        named = self.text(v.get("title"), name) if v.get("title") else {}
        title = named if v["shown"] else {}  # the screen shows a titled var, unless not shown
        if written and v.get("rule") is not None:
            self.var_rules[name] = str(v["rule"])
        kind, options, words = self.var_type(v)
        start = v["start"] if kind != "option" or (written and "start" in v.raw) else "none"  # (no option yet)
        var = VarDef(name, per == "seat", None, str(v["scope"]), self.next_slot, start_src=start, title=title,
                     per_team=per == "team", per_group=per == "group", type=kind, options=options, keys=keys,
                     shown_as={**words, **self.shown_as(name, v)}, says=self.says(v), named=named,
                     where=str(v.val_loc("start") if written else v.where),
                     at=v.at if written else None)  # the dealer may be built in
        # a per-group var has a slot per zone instance, indexed by the group's zone id
        self.next_slot += (self.players if per == "seat" else self.team_count if per == "team" else
                           self.zone_count if per == "group" else len(keys) or 1)
        if self.next_slot > MAX_VAR_SLOTS:  # every value is copied with each position a bot tries
            raise RuleError.at(self.name_loc("vars", name),
                               Msg("vars_hold_values_each", name=name, slot=self.next_slot,
                                   MAX_VAR_SLOTS=MAX_VAR_SLOTS),
                               Msg("declare_fewer_vars_per"))
        return var

    def var_type(self, v: Part) -> tuple[str, tuple, dict]:
        """`type:` what a var holds; a choice's name (`type: contract`) gives the options it may hold, those of
        the move's choice of that name whose options are listed, with that choice's words for them."""
        kind = str(v["type"])
        if kind in ("num", "card", "suit", "seat"):
            return kind, (), {}
        listed = {}
        for move in (self.data.get("moves") or {}).values():
            for cname, c in ((move or {}).get("choose") or {}).items() if isinstance(move, dict) else ():
                if isinstance(c, dict) and isinstance(c.get("from"), list) and c["from"]:
                    listed.setdefault(str(cname), c)
        choice = listed.get(kind)
        options = tuple(choice["from"]) if choice is not None else ()
        if not options or not (all(isinstance(o, str) for o in options) or all(
                isinstance(o, int) and not isinstance(o, bool) for o in options)):
            raise RuleError.at(v.val_loc("type"), Msg("var_type_unknown", type=kind),
                               Msg("var_type_hint", choices=", ".join(sorted(listed)) or "-"))
        names = choice.get("shown_as") or {}
        words = {o: self.text(names[value_key(o)], value_key(o)) for o in options if value_key(o) in names}
        return "option", tuple(str(o) if isinstance(o, str) else o for o in options), words

    def var_keys(self, v: Part, per: str) -> tuple:
        """`keys:` a var keyed by these values (numbers or texts, each once), which then has no `per`."""
        keys = v.get("keys")
        if keys is None:
            return ()
        if per != "none":
            raise RuleError.at(v.val_loc("keys"), Msg("var_keys_and_per", name=v.name, per=per),
                               Msg("var_keys_hint", name=v.name))
        plain = [k for k in keys if isinstance(k, (int, str)) and not isinstance(k, bool)]
        if not plain or len(plain) != len(keys) or len(set(plain)) != len(plain):
            raise RuleError.at(v.val_loc("keys"), Msg("var_keys_plain", name=v.name), Msg("var_keys_hint", name=v.name))
        return tuple(str(k) if isinstance(k, str) else k for k in plain)

    def vars(self, section: Part) -> tuple[list[VarDef], int]:
        """`vars:`: the vars and how many slots they hold. Every game has a dealer, the seat before seat 0
        unless the file declares it."""
        out = list(section.value.values())
        self.built_in_vars = {}  # the names the game has without the file declaring them (dsl/building/game.py)
        if "dealer" not in section.value:
            out.append(transform.walk(self, schema.key_at("vars.*"), {"start": "players - 1"}, "dealer",
                                      section.key_loc("dealer"), section.loc))
            self.built_in_vars["dealer"] = Name("var", "num", out[-1])
        return out, self.next_slot

    def shown_as(self, name: str, v: Part) -> dict:
        """`shown_as: {"0": {en: no, tr: hayır}, "1": ...}`: words for a var's values on screen, keyed by value."""
        section = v.get("shown_as") or {}
        out = {}
        for key, words in section.items():
            try:
                value = read_set_value(str(key))
            except RuleError as exc:  # a number out of range, reported at its key
                raise RuleError.at(section.key_loc(key),
                                   Msg("var_value_wrong", name=name, message=exc.problems[0].message),
                                   exc.problems[0].hint) from None
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise RuleError.at(section.key_loc(key), Msg("var_shown_keyed_by", name=name, key=key),
                                   Msg("example_shown"))
            out[value] = self.text(words, str(key))
        return out

    def says(self, v) -> dict:
        """`says:` of a var: the rules' sentence for a value ("1") or a comparison (">= 0"), keyed without spaces."""
        out = {}
        for key, words in (v.get("says") or {}).items():
            entry = self.text({k: words[k] for k in LANGS if k in words}, "")
            entry["you"] = self.text(words["you"], "") if words.get("you") else {}
            out[str(key).replace(" ", "")] = entry
        return out
