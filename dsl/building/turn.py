"""A turn: the moves (their choices, checks and effects, each guard's versions), the steps that offer
them and how one leads to the next, the round's and the game's end conditions, and the bot's
preferences among moves. A move that can never be played, a step never reached, a guard that asks
about itself and an end that can never come are refused where they are written."""
from __future__ import annotations


from kural.interpreter.cards import parse_code
from kural.interpreter.gamedef import BotPref, Check, Choice, MoveDef, StepDef, Window
from kural.interpreter.numbers import value_key
from kural.interpreter.messages import Msg
from ..compiler import MAX_LOOP_WORK, Compiler
from ..errors import Loc, RuleError, close_match, printable_id
from ..names import kind_word
from ..specialize import Specializer
from ..yamlload import LDict, LList, LStr
from .transform import Part


def options_written(items: list, where: Loc) -> LStr:
    """A choice's options given as a YAML list, as the expression they read as: numbers and true/false as
    themselves, a card code as its card (`[7D, 8D]`), any other text as a text (`[low, high]`)."""
    parts = []
    for i, item in enumerate(items):
        if isinstance(item, bool):
            parts.append("true" if item else "false")
        elif isinstance(item, (int, float)):
            parts.append(repr(item))
        elif parse_code(str(item)) is not None:
            parts.append(str(item))
        elif '"' not in str(item) or "'" not in str(item):
            parts.append(repr(str(item)) if '"' in str(item) else f'"{item}"')
        else:
            raise RuleError.at(items.locs[i] if isinstance(items, LList) else where, Msg("option_both_quotes"),
                               Msg("option_quotes_hint"))
    out = LStr("[" + ", ".join(parts) + "]")
    out.loc, out.style = getattr(items, "loc", where), None
    return out


class TurnPart:
    """The builder's (dsl/building/game.py) moves, steps, end conditions and bot preferences."""

    def enter_move(self, m: Part) -> None:
        """A move's choices and checks share its name and the names its choices give (`locals_`)."""
        self.move_now = (self.move_count, m.name, m.raw, {})
        self.guard_pieces: list = []  # its checks as compiled, for its guard's versions (dsl/specialize.py)
        self.move_count += 1
        self.comp.loops = [1]

    def choice(self, c: Part) -> Choice:
        """A choice of a move's `choose:`, from a zone or a list; its name is one the checks and effects use."""
        comp, (_, name, m, locals_) = self.comp, self.move_now
        if c.raw.get("from") is None:
            raise RuleError.at(c.where, Msg("choice_needs_from", cname=c.name), Msg("choice_from_hint"))
        cname, domain_src = c.name, c.raw["from"]
        names = {str(k): dict(v) for k, v in (c.raw.get("shown_as") or {}).items()}
        if isinstance(domain_src, list):
            domain_src = options_written(domain_src, c.where)
        self.usable_name(cname, c.where)
        if cname in comp.names:
            raise RuleError.at(c.where,
                               Msg("choice_has_name_declared", cname=cname, kind=kind_word(comp.names[cname].kind)),
                               Msg("give_choice_name_own"))
        domain = self.expr_at(comp, ("moves", name, "choose", cname), domain_src, locals_)
        if domain.type not in ("zone", "cards", "list"):
            raise RuleError.at(getattr(domain_src, "loc", m.loc), Msg("choice_must_choose_from", cname=cname),
                               Msg("example_card_hand_me"))
        if domain.is_const and domain.const == []:
            self.never(getattr(domain_src, "loc", m.loc), Msg("choice_empty_list", cname=cname), str(domain_src),
                       self.switched(comp))
        self.options(comp, domain, name, cname, c.where)
        if names and domain.is_const and isinstance(domain.const, list):  # a name for an option there is not
            options = {value_key(v) for v in domain.const if not isinstance(v, (list, tuple))}
            for key in names:
                if key not in options:
                    where = c.raw["shown_as"].key_loc(key) if isinstance(c.raw.get("shown_as"), LDict) else c.where
                    raise RuleError.at(where, Msg("choice_name_no_option", key=key, cname=cname),
                                       Msg("choice_options_are", options=", ".join(sorted(options))))
        elem = "card" if domain.type in ("zone", "cards") else (domain.elem or "any")
        locals_[cname] = elem
        written = list(domain.const) if domain.is_const and isinstance(domain.const, list) else None
        return Choice(cname, domain.type == "zone", elem == "card", elem == "cards", of_groups=elem == "zone",
                      shown_as=names, written=written, node=domain.ir, at=c.at, part=("moves", name, "choose", cname),
                      title=self.text(c.raw.get("title"), cname) if c.raw.get("title") else {})

    def enter_checks(self, when: Part) -> None:
        """A move's guard: what its checks compile is counted as the guard's, and the moves it asks about."""
        self.comp.guard_of = self.move_now[0]
        self.guard_before = self.comp.total

    def check(self, item: Part) -> Check:
        """A check of a move's `when:` (a lone condition is read as a one-item list)."""
        comp, (_, name, m, locals_), i = self.comp, self.move_now, item.name
        if "check" not in item:
            raise RuleError.at(item.loc, Msg("when_item_needs_check"), Msg("when_item_example"))
        test = item["check"]
        compiled = self.expr_at(comp, ("moves", name, "when", i, "check"), test, locals_, "bool")
        if compiled.is_const and not compiled.const:
            loc = getattr(test, "loc", m.val_loc("when"))
            self.never(loc, Msg("check_always_false"), str(test) if isinstance(test, str) else self.line_of(loc),
                       self.switched(comp))
        # a `when:` list's item is placed at its `check:`, a lone condition at the move's `when:`
        place = item.key_loc("check") if isinstance(m["when"], list) else m.key_loc("when")
        self.guard_pieces.append(compiled)
        return Check(item.get("rule"), self.with_params(self.text(item.get("why"), ""),
                                                        ("moves", name, "when", i, "why")),
                     test, compiled.ir, at=self.at(place), part=("moves", name, "when", i, "check"))

    def checks(self, when: Part) -> tuple[list[Check], int]:
        """The guard's checks and what trying one option costs (interpreter/budget.py)."""
        self.comp.guard_of = None
        return list(when.value), max(1, self.comp.total - self.guard_before)

    def move(self, m: Part) -> MoveDef:
        """A move: its choices and checks built, its guard's versions (dsl/specialize.py), then its effects."""
        comp, (index, name, _, locals_) = self.comp, self.move_now
        choices = list(m["choose"].value.values()) if m["choose"] is not None else []
        checks, guard_weight = m["when"] if m["when"] is not None else ([], 1)
        specializer = Specializer(comp, [c.source for c in checks], self.guard_pieces, locals_) if choices else None
        comp.loops = [1]  # the effects run once, for the move chosen
        return MoveDef(name=name, index=index, title=self.text(m.get("title"), name),
                       rules=[str(r) for r in (m.get("rules") or [])], choices=choices, checks=checks,
                       effects=self.effects(comp, m.get("do"), locals_, Msg("effects_what", name=name),
                                            ("moves", name, "do")),
                       next_step=str(m["next"]), specialize=specializer or None, guard_weight=guard_weight,
                       visible=str(m["visible"]),
                       where=str(m.where), at=m.at, part=("moves", name, "do"))

    def moves(self, section: Part) -> list[MoveDef]:
        """`moves:`: every move, no guard asking about itself, at least one move."""
        moves = list(section.value.values())
        self.guard_cycles(self.comp.move_refs, moves)
        if not moves:
            raise RuleError.at(self.data.loc, Msg("game_has_no_moves"), Msg("add_moves_section"))
        return moves

    def options(self, comp: Compiler, domain, move: str, choice: str, loc: Loc) -> None:
        """The guard is tried for every option: each choice multiplies the loops inside it (MAX_LOOP_WORK)."""
        too_much = comp.enter_loop(domain, "options")
        if too_much:
            raise RuleError.at(loc,
                               Msg("choices_up_make_bound", move=move, choice=choice, too_much=too_much,
                                   MAX_LOOP_WORK=MAX_LOOP_WORK),
                               Msg("choose_from_fewer_items"))

    def guard_cycles(self, refs: dict, moves: list[MoveDef]) -> None:
        """A guard may ask whether another move is possible, but never, through others, about itself.
        One search from each move, each move visited once (no recursion, no walk of every path:
        thirty moves asking about one another must not take 2**30 steps)."""
        for start in sorted(refs):
            came_from = {start: None}
            todo = [start]
            while todo:
                at = todo.pop()
                for target, loc in refs.get(at, {}).items():
                    if target == start:
                        path, step = [], at
                        while step is not None:
                            path.append(step)
                            step = came_from[step]
                        names = " -> ".join(moves[i].name for i in reversed(path)) + f" -> {moves[start].name}"
                        raise RuleError.at(loc, Msg("guard_depends_itself", name=moves[start].name, names=names),
                                           Msg("move_s_when_can"))
                    if target not in came_from:
                        came_from[target] = at
                        todo.append(target)

    def switched(self, comp: Compiler) -> bool:
        """Did the part just compiled read a param (itself or through a define)? Then another value of the
        param (a variant, --set) may make it true: a move switched off by a param is a house rule, not a
        mistake (issue 38.8)."""
        return any(name in self.param_info for name in comp.reads or ())

    def never(self, loc: Loc, why: str, text: str, switched: bool = False) -> None:
        """A move that can never be played is a mistake: a step offering only such moves leaves the
        seat to move with no move, a game nobody can finish. A check false whatever the params say is
        one; a check a param switches off is not (`switched`), unless every move of its step is switched
        off too (`steps`)."""
        if switched:
            self.switched_off.setdefault(self.move_now[0], (loc, why, text, self.move_now[1]))
            return
        raise RuleError.at(loc, Msg("move_can_never_played", name=self.move_now[1], why=why),
                           Msg("write_condition_can_true"), text)

    def step(self, step: Part) -> StepDef:
        """A step of `flow.round.turn`: the moves it offers (at least one), its name (its own: `stepN`, N
        its place, when not named)."""
        by_name, i = {m.name: m.index for m in self.moves}, step.name
        names = step.get("moves") or []
        indexes = []
        for j, mname in enumerate(names):
            if mname not in by_name:
                close = close_match(mname, list(by_name))
                raise RuleError.at(names.locs[j] if isinstance(names, LList) else step.loc,
                                   Msg("step_offers_which_not", mname=mname),
                                   Msg("did_you_mean", close_0=close[0]) if close else
                                   Msg("moves_list", names=", ".join(by_name)))
            indexes.append(by_name[mname])
        where = step.val_loc("step") if "step" in step else step.where
        name = printable_id(step["step"] if "step" in step else f"step{i + 1}", where, Msg("the_step_name"))
        if name in self.step_names:
            raise RuleError.at(where, Msg("two_steps_turn_are", name=name),
                               Msg("give_each_step_own"))
        if not indexes:  # a step that offers nothing would leave the seat to move without a move
            raise RuleError.at(where, Msg("step_offers_no_moves", name=name), Msg("moves_move"))
        self.step_names.append(name)
        if "next" in step and "window" not in step:
            raise RuleError.at(step.key_loc("next"), Msg("step_next_only_window", name=name),
                               Msg("step_next_only_window_hint"))
        window = self.window(step, i, name, names, indexes) if "window" in step else None
        return StepDef(name, indexes, where=str(where), title=self.text(step["title"], name) if step.get("title") else {},
                       at=self.at(step.key_loc("step") if "step" in step else step.where), window=window,
                       next_step=str(step["next"] or "end"))

    def window(self, step: Part, i: int, name: str, names, indexes: list[int]) -> Window:
        """A step where several seats act in turn: its seats a list of seats (a list always empty would ask
        nobody), its `until` a condition, its `pass` one of the step's own moves."""
        raw, comp, path = step.raw["window"], self.comp, ("flow", "round", "turn", i, "window")
        if not isinstance(raw, LDict) or "seats" not in raw or "pass" not in raw:
            raise RuleError.at(step.val_loc("window"), Msg("window_needs_seats", name=name), Msg("window_example"))
        seats = self.expr_at(comp, path + ("seats",), raw["seats"], {})
        if seats.type != "list" or seats.elem not in ("num", "any", None):
            raise RuleError.at(raw.val_loc("seats"), Msg("window_seats_not_seats", name=name),
                               Msg("window_example"))
        if seats.is_const and seats.const == []:
            raise RuleError.at(raw.val_loc("seats"), Msg("window_seats_empty", name=name), Msg("window_example"))
        until = self.expr_at(comp, path + ("until",), raw["until"], {}, "bool") if "until" in raw else None
        passes = str(raw.get("pass"))
        if passes not in [str(n) for n in names]:
            raise RuleError.at(raw.val_loc("pass"), Msg("window_pass_not_offered", mname=passes, name=name),
                               Msg("window_pass_hint"))
        after = self.effects(comp, raw.get("after"), what=f"flow.round.turn.{name}.window.after",
                             path=path + ("after",)) if raw.get("after") else None
        return Window(self.located(seats, raw["seats"], f"flow.round.turn.{name}.window.seats"),
                      self.located(until, raw["until"], f"flow.round.turn.{name}.window.until") if until else None,
                      indexes[[str(n) for n in names].index(passes)], after)

    def steps(self, rnd: Part, moves: list[MoveDef]) -> list[StepDef]:
        """The turn's steps, built; every move offered by one, every step reached, every `next:` a step."""
        turn = rnd["turn"]
        if not turn:
            raise RuleError.at(rnd.loc, Msg("flow_round_turn_missing"), Msg("turn_example"))
        steps = list(turn.value)
        for s in steps:  # a step whose every move the params switch off leaves the seat to move without one
            if all(i in self.switched_off for i in s.moves):
                loc, why, text, name = self.switched_off[s.moves[0]]
                raise RuleError.at(loc, Msg("move_can_never_played", name=name, why=why),
                                   Msg("write_condition_can_true"), text)
        offered = {i for s in steps for i in s.moves}
        for m in moves:
            if m.index not in offered:
                raise RuleError.at(self.section("moves").key_loc(m.name),
                                   Msg("move_offered_by_no", name=m.name),
                                   Msg("add_step_s_moves"))
        for m in moves:
            if m.next_step not in ("end", "again") and m.next_step not in {s.name for s in steps}:
                close = close_match(m.next_step, [s.name for s in steps])
                raise RuleError.at(self.section("moves")[m.name].val_loc("next"),
                                   Msg("next_names_no_step", next_step=m.next_step),
                                   (Msg("did_you_mean", close_0=close[0]) if close else Msg("next_end_again_step")))
        self.windows(turn, steps, moves)
        self.reachable(turn.raw, steps, moves)
        return steps

    def windows(self, turn: Part, steps: list[StepDef], moves: list[MoveDef]) -> None:
        """A window is entered by a move of one seat's step (never the turn's first step), closes into a
        step that is no window or ends the turn, and its moves go on as the window says, not as each says."""
        index = {s.name: i for i, s in enumerate(steps)}
        for i, s in enumerate(steps):
            if s.window is None:
                continue
            item = turn.raw[i]
            if i == 0:
                raise RuleError.at(item.key_loc("window"), Msg("window_first_step", name=s.name),
                                   Msg("window_first_step_hint", name=s.name))
            if s.next_step != "end" and (s.next_step not in index or steps[index[s.next_step]].window):
                close = close_match(s.next_step, [t.name for t in steps if t.window is None])
                raise RuleError.at(item.val_loc("next"), Msg("window_next_not_step", next_step=s.next_step, name=s.name),
                                   Msg("did_you_mean", close_0=close[0]) if close else Msg("window_next_hint"))
            for m in s.moves:
                written = self.section("moves")[moves[m].name]
                if isinstance(written, LDict) and "next" in written:
                    raise RuleError.at(written.key_loc("next"), Msg("window_move_next", mname=moves[m].name, name=s.name),
                                       Msg("window_move_next_hint", name=s.name))

    def flow(self, flow: Part) -> dict:
        """`flow:`: the steps of a turn, when a round and the game end, and what starts and follows a
        round and each move; as the GameDef's fields of those names."""
        rnd, comp = flow["round"], self.comp
        if rnd is None:
            raise RuleError.at(flow.loc, Msg("flow_round_missing"), Msg("flow_round"))
        steps = self.steps(rnd, self.moves)
        round_end = self.ending(comp, rnd["end"], "round", rnd.val_loc("end"))
        game_end = self.ending(comp, flow["end"], "game", flow.val_loc("end"))
        setup = self.effects(comp, rnd.get("setup"), what="flow.round.setup", path=("flow", "round", "setup"))
        first = self.expr_at(comp, ("flow", "round", "first"), rnd["first"], {}, "num")
        next_seat = self.expr_at(comp, ("flow", "round", "next"), rnd["next"], {}, "num")
        after_move = self.effects(comp, rnd.get("after_move"), what="flow.round.after_move",
                                  path=("flow", "round", "after_move")) if rnd.get("after_move") else None
        round_score = self.effects(comp, rnd.get("score"), what="flow.round.score", path=("flow", "round", "score"))
        return dict(steps=steps, round_setup=setup, first_seat=self.located(first, rnd["first"], "flow.round.first"),
                    next_seat=self.located(next_seat, rnd["next"], "flow.round.next"), after_move=after_move,
                    round_end=round_end, round_score=round_score, game_end=game_end,
                    end_reasons=rnd["end_reasons"] or [])

    def ending(self, comp: Compiler, src, what: str, loc: Loc):
        """A round's or the game's end condition. One that is false whatever happens (`end: false`,
        or a condition on params that folds to false) would play until game.max_moves: refused."""
        end = self.expr_at(comp, ("flow", "round", "end") if what == "round" else ("flow", "end"), src, {}, "bool")
        if end.is_const and not end.const:
            key = "flow.round.end" if what == "round" else "flow.end"
            raise RuleError.at(loc, Msg("can_never_end_always", what=Msg("ending_" + what), key=key),
                               Msg("write_condition_becomes_true"))
        return self.located(end, src, "flow.round.end" if what == "round" else "flow.end")

    def reachable(self, turn: LList, steps: list[StepDef], moves: list[MoveDef]) -> None:
        """Every step of a turn must be reachable: a turn starts at its first step, and goes to
        another only through a move's `next:`. A step no path leads to is a mistake (a misspelt
        `next:`, a step left over), and its moves would never be offered."""
        index = {s.name: i for i, s in enumerate(steps)}
        seen, todo = {0}, [0]
        while todo:
            here = steps[todo.pop()]
            for target in [index.get(moves[m].next_step) for m in here.moves] + [index.get(here.next_step)]:
                if target is not None and target not in seen:
                    seen.add(target)
                    todo.append(target)
        for i, step in enumerate(steps):
            if i not in seen:
                item = turn[i]
                loc = item.val_loc("step") if isinstance(item, LDict) and "step" in item else turn.locs[i]
                raise RuleError.at(loc, Msg("step_never_reached_not", name=step.name),
                                   Msg("give_move_next_remove", name=step.name))

    def tactic(self, item: Part) -> BotPref:
        """A tactic of `bot:`: a preference among the options of one move (or of every move)."""
        comp, by_name = self.comp, {m.name: m for m in self.moves}
        mname = item.get("move")
        m = by_name.get(mname) if mname else None
        if mname and m is None:
            close = close_match(str(mname), list(by_name))
            raise RuleError.at(item.val_loc("move"), Msg("bot_preference_which_not", mname=mname),
                               Msg("did_you_mean", close_0=close[0]) if close else
                               Msg("moves_list", names=", ".join(by_name)))
        locals_ = {c.name: ("card" if c.of_cards else "cards" if c.of_card_lists else "zone" if c.of_groups else "any")
                   for c in m.choices} if m else {}
        pref = self.expr_at(comp, ("bot", item.name, "prefer"), item["prefer"], locals_)
        if pref.type not in ("bool", "num", "any"):
            raise RuleError.at(item.val_loc("prefer"), Msg("preference_condition_number"),
                               Msg("higher_better_true_counts"))
        return BotPref(m.index if m else None, self.text(item.get("tip"), ""), where=str(item.val_loc("prefer")),
                       node=pref.ir, at=self.at(item.key_loc("prefer")), part=("bot", item.name, "prefer"))

    def bot(self, section: Part) -> list[BotPref]:
        """`bot:`: the heuristic bot's tactics, best first."""
        return list(section.value or [])
