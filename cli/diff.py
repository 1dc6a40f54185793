"""`kural diff`: what a variant (or another rule file) changes, rule by rule, in words and as rule-file lines.

The two rule files are compared as the loader merges them, part by part:
each param, var, zone, named condition, move (its title, choices, each
check of its guard, its effects, what comes next), each part of the flow,
the result and its fields, each bot tactic and each rule text. A part
that is the same on both sides is no change, however it is written.
Then the rules documents of both sides are compared, to show what reads
differently because of those changes (a param read by a guard, say).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from dsl.compiler import parse_flat
from dsl.errors import RuleError
from dsl.loader import find_game, find_variant
from dsl import schema
from dsl.schema import define_parts
from dsl.words import Context, Speaker, capital
from dsl.yamlload import LDict, LList

from .i18n import pick
from .rulebook import Book
from .teach_text import say
from .teaching import RuleSet, open_rules


@dataclass
class Change:
    kind: str  # param, var, zone, define, move, check, effects, flow, result, field, bot, text, game, deck
    name: str  # what it is called: start_card, pass, pass #1, flow.round.score ...
    status: str  # changed, added, removed
    path: tuple  # where it is in the rule data
    rules: list = field(default_factory=list)
    before: list = field(default_factory=list)  # words, one sentence a line
    after: list = field(default_factory=list)
    where: str = ""  # file:line of the right side
    yaml: list = field(default_factory=list)  # its lines in the rule file
    was_where: str = ""
    was_yaml: list = field(default_factory=list)
    reads: list = field(default_factory=list)  # for a param or a define: the places that read it
    title: str = ""  # how the report names it


def plain(x):
    """Rule data without its places: two parts are equal when they say the same."""
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [plain(v) for v in x]
    if isinstance(x, str):
        return str(x)
    return x


# ---------------------------------------------------------------- the units
def units(data: LDict) -> dict[tuple, tuple]:
    """Every comparable part of the rule data, as the table of dsl/schema.py splits it: path -> (kind, name, value)."""
    return {u.path: (u.kind, unit_name(u.kind, u.path), u.value) for u in schema.units(data)}


def unit_name(kind: str, path: tuple) -> str:
    """How a change names its part: start_card, pass #1, pass: next, flow.round.score, values.points ..."""
    if kind == "check":
        return f"{path[1]} #{path[3] + 1}"
    if kind == "effects" or (kind == "move" and len(path) == 2):
        return path[1]
    if kind == "move":
        return f"{path[1]}: {'.'.join(map(str, path[2:]))}"
    if kind == "field":
        return str(path[2])
    if kind == "bot":
        return f"#{path[1] + 1}"
    if kind in ("flow", "result"):
        return ".".join(map(str, path))
    return ".".join(map(str, path[1:]))


# ---------------------------------------------------------------- the places
def container_loc(data, path: tuple):
    """The file place of a part: the key (or list item) that holds it, as the merge left it."""
    node, loc = data, None
    for step in path:
        if isinstance(node, LDict) and step in node:
            loc = node.key_loc(step)
            node = node[step]
        elif isinstance(node, LList) and isinstance(step, int) and step < len(node):
            loc = node.locs[step]
            node = node[step]
        elif step == "fields" or step == "field_titles":
            node = node.get(step) if isinstance(node, dict) else None
        else:
            break
    return loc


def yaml_block(lines: dict, loc) -> list[str]:
    """The rule-file lines of the part written at `loc`: its line and the lines indented under it."""
    if loc is None or str(loc.file) not in lines:
        return []
    text = lines[str(loc.file)]
    first = loc.line - 1
    if not 0 <= first < len(text):
        return []
    head = text[first]
    indent = len(head) - len(head.lstrip())
    out = [head]
    for line in text[first + 1:]:
        stripped = line.strip()
        if stripped and (len(line) - len(line.lstrip())) <= indent:
            break
        out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return out


def short_path(path: str) -> str:
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# ------------------------------------------------------------------ words
class Sayer:
    """The words of one side's parts."""

    def __init__(self, rs: RuleSet, lang: str):
        self.rs, self.lang = rs, lang
        self.sp = Speaker(rs.g, rs.data, lang)
        self.book = Book(rs, lang)
        self.parts = {p.id: p for s in self.book.sections() for p in s.parts}

    def part_lines(self, pid: str) -> list[str]:
        p = self.parts.get(pid)
        return [l.text for l in p.lines] if p else []

    def words(self, path: tuple, kind: str, value) -> list[str]:
        g, sp = self.rs.g, self.sp
        try:
            if kind == "param":
                info = g.param_info.get(path[1])
                return self.part_lines(f"params.{path[1]}") if info else []
            if kind in ("var", "zone"):
                return self.part_lines(f"{path[0]}.{path[1]}")
            if kind == "define":
                text, title = define_parts(value)
                words = capital(sp.value(text, self.define_context(text)), self.lang)
                return [f"{pick(title, self.lang)}: {words}" if title else words]
            if kind == "text":  # as the game says it, its {param}s filled in
                value = g.texts.get(path[1], value) if len(path) > 1 else value
                return [pick(value, self.lang)] if isinstance(value, dict) else [str(value)]
            if kind == "check":
                m = g.move(path[1])
                ctx = sp.move_locals(m)
                why = pick(value.get("why"), self.lang) if isinstance(value.get("why"), dict) else ""
                words = capital(sp.condition(value.get("check"), ctx), self.lang)
                rule = f"{value.get('rule')}: " if value.get("rule") else ""
                return [rule + (f"{capital(why, self.lang)}{say('that_is', self.lang)}{sp.condition(value.get('check'), ctx)}"
                                if why else words)]
            if kind == "effects":
                m = g.move(path[1])
                return [self.book.sentence(sp.effects(value, sp.move_locals(m)))]
            if kind == "move":
                return self.part_lines(f"moves.{path[1]}")
            if kind == "flow":
                pid = ".".join(path) if path != ("flow", "round", "turn") else "flow.round.turn"
                return self.part_lines(pid)
            if kind == "result":
                return self.part_lines(f"{path[0]}.{path[1]}") or [pick(value, self.lang) if isinstance(value, dict)
                                                                   else str(value)]
            if kind == "field":  # a round's sheet is one part of the rules, a game's a part for each field
                return self.part_lines(f"{path[0]}.fields.{path[2]}") or self.part_lines(f"{path[0]}.fields")
            if kind == "bot":
                return self.part_lines(f"bot.{path[1]}")
            if kind == "game":
                if path[1] in ("players", "seats", "teams", "allowed_players"):
                    return self.part_lines("game.players")
                plain_value = plain(value)  # a title or an about line: in the language of the report
                return [pick(plain_value, self.lang)] if isinstance(plain_value, dict) else [str(plain_value)]
            if kind == "deck":
                return self.part_lines("deck")
            if kind == "melds":  # the Melds section's line for this key (the kinds line for sets and runs)
                part = {"sets": "kinds", "runs": "kinds", "wild_points": "points"}.get(path[1], path[1])
                return self.part_lines(f"melds.{part}") if part != "why" else self.part_lines("melds.kinds")
        except (KeyError, StopIteration, RuleError, ValueError):
            pass
        return [str(plain(value))]

    def define_context(self, text) -> Context:
        """A define may read a move's choices: speak them as that move's, if one move has them all."""
        names = set(_names(text))
        for m in self.rs.g.moves:
            if names & {c.name for c in m.choices}:
                return self.sp.move_locals(m)
        return Context()

    def rules_of(self, path: tuple, kind: str, value) -> list[str]:
        g = self.rs.g
        if kind == "param":
            info = g.param_info.get(path[1])
            return [info["rule"]] if info and info.get("rule") else []
        if kind == "var" and isinstance(value, dict) and value.get("rule"):
            return [str(value["rule"])]
        if kind == "check":
            return [str(value.get("rule"))] if value.get("rule") else []
        if kind in ("move", "effects") and path[0] == "moves":
            try:
                return list(g.move(path[1]).rules)
            except StopIteration:
                return []
        if kind == "text":
            return [path[1]]
        return []

    def title(self, path: tuple, kind: str, name: str) -> str:
        """How the report names a part: `param start_card`, `what pass does`, `who moves first` ..."""
        lang = self.lang
        if kind == "check":
            m = self.rs.g.move(path[1]) if path[1] in {x.name for x in self.rs.g.moves} else None
            title = self.sp.title(m.title, m.name) if m else path[1]
            return say("check_n", lang, n=path[3] + 1, move=title)
        if kind in ("effects", "flow", "result", "field", "bot"):
            label = self.label(path)
            return label if kind in ("field", "bot") else f"{label} ({'.'.join(map(str, path))})"
        return f"{say('kind_' + kind, lang)} {name}"

    def label(self, path: tuple) -> str:
        """Where a place reads a name, for `read by:`."""
        lang, g = self.lang, self.rs.g
        if path[0] == "moves":
            try:
                m = g.move(path[1])
                title = self.sp.title(m.title, m.name)
            except StopIteration:
                title = path[1]
            if len(path) > 3 and path[2] == "when":
                rule = (m.checks[path[3]].rule if path[3] < len(m.checks) else None) or f"#{path[3] + 1}"
                return say("at_check", lang, rule=rule, move=title)
            return say("at_do" if path[2] == "do" else "at_choose", lang, move=title)
        if path[0] == "flow":
            key = {"setup": "at_setup", "first": "at_first", "next": "at_next", "after_move": "at_after_move",
                   "end": "at_round_end", "score": "at_score"}.get(path[-1], "at_round_end")
            return say("at_game_end" if path == ("flow", "end") else key, lang)
        if path[0] == "result":
            if path[1] in ("fields", "field_titles"):
                return say("at_field", lang, name=path[2])
            return say("at_winner" if path[1] == "winner" else "at_result_score", lang)
        if path[0] == "round_result":
            if path[1] in ("fields", "field_titles") and len(path) > 2:
                return say("at_round_field", lang, name=path[2])
            return say("at_round_points", lang)
        if path[0] == "melds":
            return say("at_melds", lang, rule=path[1])
        if path[0] == "define":
            spec = (self.rs.data.get("define") or {}).get(path[1])
            title = pick(define_parts(spec)[1], lang) if define_parts(spec)[1] else path[1]
            return say("at_shown", lang, name=title)
        if path[0] == "vars":
            return say("at_var", lang, name=path[1])
        if path[0] == "bot":
            return say("at_bot", lang, n=path[1] + 1)
        return ".".join(map(str, path))


def _names(text) -> list[str]:
    """The names an expression or effect list reads (not the library notions it calls)."""
    out = []
    text = define_parts(text)[0]
    items = text if isinstance(text, list) else [text]
    for item in items:
        if item is None or isinstance(item, (bool, int, float)):
            continue
        for start in ("expr", "effects"):
            try:
                tree = parse_flat(str(item), start)
                break
            except Exception:  # noqa: BLE001 - not this kind of text; the loader has checked it
                tree = None
        if tree is None:
            continue
        for node in tree.iter_subtrees():
            if node.data == "var":
                out.append(node.children[0].value)
    return out


def reads_of(place: schema.Place) -> list[str]:
    """The names one place reads: those of its expression, or the param a count or flag names."""
    if place.key.shape in schema.PARAM_NAMES:
        return [str(place.value)] if isinstance(place.value, str) else []
    return _names(place.value)


def reading_places(data: LDict, name: str) -> list[tuple[tuple, list[str]]]:
    """The places that read `name`: (path, the defines it is read through; none when read directly).
    Every place the table of dsl/schema.py says holds an expression or names a param (round_result,
    melds and var starts too); a define is a place of its own only when the screen shows it
    (`shown: true`), else it is read through."""
    places = list(schema.expressions(data))
    defines = {p.path[1]: reads_of(p) for p in places if p.path[0] == "define"}
    via: dict[str, str] = {}  # define -> the name it reads through
    frontier = [name]
    while frontier:
        current = frontier.pop()
        for dname, used in defines.items():
            if dname not in via and dname != name and current in used:
                via[dname] = current
                frontier.append(dname)
    out = []
    for p in places:
        if p.path[0] == "define" and not _shown(data, p.path[1]):
            continue
        used = reads_of(p)
        through = [] if name in used else [d for d in via if d in used]
        if name in used or through:
            out.append((p.path, through))
    return out


def readers(data: LDict, name: str, sayer: Sayer) -> list[str]:
    """The places that read `name`, in words, directly or through named conditions."""
    out = []
    for path, through in reading_places(data, name):
        place = sayer.label(path)
        out.append(say("through", sayer.lang, place=place, define=", ".join(through)) if through else place)
    return list(dict.fromkeys(out))  # two checks of a move under one rule read as one place


def _shown(data: LDict, define: str) -> bool:
    spec = (data.get("define") or {}).get(define)
    return isinstance(spec, dict) and bool(schema.value(spec, "define.*.shown"))


# ----------------------------------------------------------------- compare
def compare(left: RuleSet, right: RuleSet, lang: str) -> list[Change]:
    a, b = units(left.data), units(right.data)
    sa, sb = Sayer(left, lang), Sayer(right, lang)
    changes: list[Change] = []
    paths = list(a) + [p for p in b if p not in a]
    for path in paths:
        in_a, in_b = path in a, path in b
        if in_a and in_b and plain(a[path][2]) == plain(b[path][2]):
            continue
        if path[0] == "moves" and len(path) > 2 and (("moves", path[1]) not in a or ("moves", path[1]) not in b):
            continue  # a whole move added or removed is one change
        kind, name, value = (b if in_b else a)[path]
        status = "changed" if in_a and in_b else "added" if in_b else "removed"
        ch = Change(kind, name, status, path)
        ch.rules = list(dict.fromkeys((sa.rules_of(path, kind, a[path][2]) if in_a else [])
                                      + (sb.rules_of(path, kind, b[path][2]) if in_b else [])))
        ch.title = (sb if in_b else sa).title(path, kind, name)
        shown_at = _title_path(path, a.get(path), b.get(path))
        if in_a:
            ch.before = sa.words(path, kind, a[path][2])
            loc = container_loc(left.data, shown_at)
            ch.was_where, ch.was_yaml = _place(loc), yaml_block(left.lines, loc)
        if in_b:
            ch.after = sb.words(path, kind, b[path][2])
            loc = container_loc(right.data, shown_at)
            ch.where, ch.yaml = _place(loc), yaml_block(right.lines, loc)
        if kind in ("param", "define") and in_b:
            ch.reads = readers(right.data, path[1], sb)
        changes.append(ch)
    return changes


def _title_path(path: tuple, before, after) -> tuple:
    """Where a change is shown in the files: an entry compared with its title (a result field, the
    table's `titles`) whose value is the same on both sides changed its title, shown where that is."""
    try:
        titles = schema.key_at(".".join(map(str, path[:-1]))).titles
    except KeyError:
        titles = ""
    if titles and before and after and plain(before[2][0]) == plain(after[2][0]):
        return path[:-2] + (titles, path[-1])
    return path


def _place(loc) -> str:
    return f"{short_path(loc.file)}:{loc.line}" if loc is not None else ""


def consequences(left: RuleSet, right: RuleSet, changes: list[Change], lang: str) -> list[tuple]:
    """Parts of the rules document that read differently and are not themselves changed parts:
    (section key, part, lines before, lines now)."""
    covered = set()
    for ch in changes:
        p = ch.path
        if p[0] in ("params", "vars", "zones"):
            covered.add(f"{p[0]}.{p[1]}")
        elif p[0] == "moves":
            covered.add(f"moves.{p[1]}")
        elif p[0] == "flow":
            covered.add(".".join(p) if p != ("flow", "end") else "flow.end")
        elif p[0] == "result":
            covered.add(f"result.fields.{p[2]}" if p[1] in ("fields", "field_titles") else f"result.{p[1]}")
        elif p[0] == "round_result":
            covered.add(f"round_result.{p[1] if p[1] != 'field_titles' else 'fields'}")
        elif p[0] == "bot":
            covered.add(f"bot.{p[1]}")
        elif p[0] == "text":
            covered.add(f"text.{p[1]}")
        elif p[0] in ("game", "deck"):
            covered.update({"game.players", "deck"})
    before = {p.id: p for s in Book(left, lang).sections() for p in s.parts}
    out = []
    for s in Book(right, lang).sections():
        for p in s.parts:
            old = before.get(p.id)
            if old is None or p.id in covered or old.key() == p.key():
                continue
            old_lines = [l.text for l in old.lines]
            new_lines = [l.text for l in p.lines]
            out.append((s.key, p, [l for l in old_lines if l not in new_lines], [l for l in new_lines if l not in old_lines]))
    return out


# ------------------------------------------------------------------ sides
def sides(first: str, second: str) -> tuple[RuleSet, RuleSet, str, str]:
    """`GAME VARIANT`: the game, and the game with the variant; `FILE1 FILE2`: two rule files."""
    left_path = find_game(first)
    as_variant = True
    second_path = Path(second)
    if second_path.suffix in (".yaml", ".yml") and first.endswith((".yaml", ".yml")):
        as_variant = False
    if as_variant:
        try:
            find_variant(left_path, second)
        except RuleError:
            if second_path.suffix not in (".yaml", ".yml"):
                raise
            as_variant = False
    left = open_rules(first)
    if as_variant:
        right = open_rules(first, [second])
        return left, right, first, f"{first} + {right.variant_ids[-1] if right.variant_ids else second}"
    right = open_rules(second)
    return left, right, first, second


def report(left: RuleSet, right: RuleSet, left_name: str, right_name: str, lang: str) -> str:
    changes = compare(left, right, lang)
    heads = right.heads[len(left.heads):] if len(right.heads) >= len(left.heads) else right.heads
    about = []
    for head in heads:
        title = pick(head.get("title"), lang) if isinstance(head.get("title"), dict) else str(head.get("title") or "")
        about.append(": ".join(x for x in (head.get("rule"), title) if x))
    if any(about):
        right_name += f" ({'; '.join(a for a in about if a)})"
    out = [say("diff_title", lang, right=right_name, left=left_name)]
    if not changes:
        out.append(say("diff_nothing", lang, right=right_name, left=left_name))
        return "\n".join(out) + "\n"
    out += [say("diff_count_one" if len(changes) == 1 else "diff_count", lang, n=len(changes)), ""]
    for ch in changes:
        rules = f" ({', '.join(ch.rules)})" if ch.rules else ""
        out.append(f"{ch.title}{rules}: {say('diff_' + ch.status, lang)}")
        if ch.status == "changed":
            out += _words(say("diff_was", lang), ch.before)
            out += _words(say("diff_now", lang), ch.after)
        else:
            out += _words("", ch.after if ch.status == "added" else ch.before)
        if ch.reads:
            out.append("    " + say("diff_reads", lang, places="; ".join(ch.reads)))
        if ch.yaml:
            out.append("    " + say("diff_in_file", lang) + f" {ch.where}")
            out += [f"      | {line}" for line in ch.yaml]
        if ch.was_yaml and ch.status != "added":
            out.append("    " + say("diff_was_file" if ch.status == "changed" else "diff_in_file", lang) + f" {ch.was_where}")
            out += [f"      | {line}" for line in ch.was_yaml]
        out.append("")
    after = consequences(left, right, changes, lang)
    if after:
        out.append(say("diff_consequences", lang))
        for section, part, old, new in after:
            name = f" · {part.head}" if part.head else ""
            out.append(f"  {say(section, lang)}{name}")
            out += _words(say("diff_was", lang), old)
            out += _words(say("diff_now", lang), new)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _words(lead: str, lines: list[str]) -> list[str]:
    pad = " " * len(lead)
    return [f"    {lead if i == 0 else pad}{line}" for i, line in enumerate(lines)]


__all__ = ["Change", "compare", "consequences", "report", "sides"]
