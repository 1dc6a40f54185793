"""`kural diff`: what a variant (or another rule file) changes, part by part, in words and as rule-file lines.

The two games' trees are compared node by node (dsl/said.py `Recorded.units`: each part's node as written,
its expressions and effects as the parser's tree, so spacing and quoting are no change), part by part at
their places in the table of dsl/schema.py: each param, var, zone, define, move (its title,
choices, each check, its effects, what comes next), each part of the flow, the result and its fields,
each bot tactic, each rule text, the glossary. A part that is the same on both sides is no change.
Each change is said in words before and after, with the places of the program that read it (a param
or a define: every place the compiler found reading it, `round_result`, `melds:` and the rule texts
included, and through which define), and its lines in the rule file. Then the rules documents of both
sides are compared, to show what reads differently because of those changes (a param read by a guard).
"""
from __future__ import annotations

import json
import textwrap
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..wording import capital
from .book import Book, is_rule_id, natural_key
from .phrases import TEXT, say


@dataclass
class Change:
    kind: str  # param, var, zone, define, move, check, effects, flow, result, field, bot, text, game, deck, glossary
    name: str  # what it is called: start_card, pass #1, flow.round.score ...
    status: str  # changed, added, removed
    path: tuple  # where it is in the rule file
    title: str = ""  # how the report names it
    rules: list = field(default_factory=list)
    before: list = field(default_factory=list)  # words, one sentence a line
    after: list = field(default_factory=list)
    where: str = ""  # file:line of the right side
    yaml: list = field(default_factory=list)  # its lines in the rule file
    was_where: str = ""
    was_yaml: list = field(default_factory=list)
    reads: list = field(default_factory=list)  # for a param or a define: the places that read it


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
    if kind in ("bot", "book", "examples") and len(path) > 1:
        return f"#{path[1] + 1}"
    if kind in ("flow", "result"):
        return ".".join(map(str, path))
    return ".".join(map(str, path[1:]))


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


class Sayer:
    """The words of one side's parts."""

    def __init__(self, g, lang: str):
        self.g, self.lang = g, lang
        self.book = Book(g, lang)
        self.sp = self.book.sp
        self.parts = {p.id: p for s in self.book.sections() for p in s.parts}

    def part_lines(self, pid: str) -> list[str]:
        p = self.parts.get(pid)
        return [l.text for l in p.lines] if p else []

    def words(self, path: tuple, kind: str, value) -> list[str]:
        g, sp, rec = self.g, self.sp, self.g.words()
        if kind in ("param", "var", "zone"):
            return self.part_lines(f"{path[0]}.{path[1]}")
        if kind == "define":
            return self.define_words(path[1])
        if kind == "text":  # as the game says it, its {param}s filled in
            return [self.book.pick(g.texts.get(path[1], value))] if len(path) > 1 else []
        if kind == "check" and path[1] in sp.moves:
            m = sp.moves[path[1]]
            if path[3] < len(m.checks):
                return [l.text for l in self.book.check_lines(m, path[3], m.checks[path[3]], sp.move_locals(m))]
        if kind == "effects" and path[1] in sp.moves:
            node = rec.parts.get(("moves", path[1], "do"))
            return [self.book.sentence(sp.effects(node, sp.move_locals(sp.moves[path[1]])))]
        if kind == "move":
            return self.part_lines(f"moves.{path[1]}")
        if kind == "flow":
            return self.part_lines(".".join(path))
        if kind == "result":
            return self.part_lines(f"{path[0]}.{path[1]}") or self.part_lines(f"{path[0]}.points")
        if kind == "field":
            return self.part_lines(f"{path[0]}.fields.{path[2]}") or self.part_lines(f"{path[0]}.fields")
        if kind == "bot":
            return self.part_lines(f"bot.{path[1]}")
        if kind == "game":
            if path[1] in ("players", "seats", "teams", "allowed_players"):
                return self.part_lines("game.players")
            return [self.book.pick(value) if isinstance(value, dict) else str(value)]
        if kind == "deck":
            return self.part_lines("deck")
        if kind == "melds":  # the Melds section's line for this key (the kinds line for sets and runs)
            part = {"sets": "kinds", "runs": "kinds", "wild_points": "points", "why": "kinds"}.get(path[1], path[1])
            return self.part_lines(f"melds.{part}")
        if kind == "glossary":  # as the game says it, its {param}s filled in
            entry = (rec.facts.get("glossary") or {}).get(path[1])
            return [f"{self.book.pick(entry['term'], path[1])}: {self.book.pick(entry['means'])}"] if entry else []
        if kind == "examples" and len(path) > 1 and isinstance(value, dict):  # as the rule file gives it
            if value.get("meld") is None:  # a position: where its cards are, the hand, then what it may play
                where = [f"{zone} {cards}" for zone, cards in (value.get("zones") or {}).items()]
                plays = value.get("plays") if value.get("moves") is None else "; ".join(map(str, value["moves"]))
                return [f"{value.get('rule')}: {'; '.join(where + [str(value.get('hand'))])}: {plays}"]
            scores = f"= {value['points']}" if "points" in value else f"({say('example_none', self.lang)})"
            return [f"{value.get('rule')}: {value.get('meld')} {scores}"]
        if kind == "book" and len(path) > 1 and isinstance(value, dict):  # a section: its heading and its rules
            return [say("book_section", self.lang, title=self.book.pick(value.get("title"), ""),
                        rules=", ".join(map(str, value.get("rules") or [])))]
        return [str(value)]

    def define_words(self, name: str) -> list[str]:
        """A define as the program first used it (a titled one by its title and its words)."""
        rec = self.g.words()
        if name not in rec.terms:
            return []
        node, locals_, place, args = rec.terms[name]
        ctx = self.book.term_context(locals_, place)
        words = capital(self.sp.value(node, ctx), self.lang)
        title = rec.define_titles.get(name)
        return [f"{capital(self.book.term_title(title, args, ctx), self.lang)}: {words}" if title else words]

    def rules_of(self, path: tuple, kind: str, value) -> list[str]:
        g = self.g
        if kind == "param":
            info = g.param_info.get(path[1])
            return [info["rule"]] if info and info.get("rule") else []
        if kind == "var" and isinstance(value, dict) and value.get("rule"):
            return [str(value["rule"])]
        if kind == "check":
            return [str(value.get("rule"))] if isinstance(value, dict) and value.get("rule") else []
        if kind in ("move", "effects") and path[0] == "moves" and path[1] in self.sp.moves:
            return list(self.sp.moves[path[1]].rules)
        if kind == "text":
            return [path[1]]
        if kind in ("book", "examples") and isinstance(value, dict):
            return [str(r) for r in (value.get("rules") or [value.get("rule")]) if r]
        return []

    def title(self, path: tuple, kind: str, name: str) -> str:
        """How the report names a part: `param start_card`, `what pass does`, `who moves first` ..."""
        if kind == "check":
            m = self.sp.moves.get(path[1])
            return say("check_n", self.lang, n=path[3] + 1, move=self.sp.title(m.title, m.name) if m else path[1])
        if kind in ("effects", "flow", "result", "field", "bot"):
            label = self.label(path)
            return label if kind in ("field", "bot") else f"{label} ({'.'.join(map(str, path))})"
        key = "unit_" + ".".join(map(str, path[2 if kind == "move" else 1:]))
        if kind in ("game", "deck", "move") and key in TEXT:  # a key of the rule file, said in the reader's words
            if kind == "move" and path[1] in self.sp.moves:
                m = self.sp.moves[path[1]]
                return say("unit_of_move", self.lang, move=self.sp.title(m.title, m.name), part=say(key, self.lang))
            return say(key, self.lang)
        if kind in ("move", "var", "zone") and len(path) == 2:  # a whole move, var or zone: by its title
            title = self.titled(kind, path[1])
            if title == path[1]:
                return f"{say('kind_' + kind, self.lang)} {name}"
            return say("unit_named", self.lang, kind=say("kind_" + kind, self.lang), title=title)
        if kind == "glossary":
            entry = (self.g.words().facts.get("glossary") or {}).get(path[1])
            if entry:
                return say("unit_named", self.lang, kind=say("kind_glossary", self.lang),
                           title=self.book.pick(entry["term"], path[1]))
        return f"{say('kind_' + kind, self.lang)} {name}"

    def titled(self, kind: str, name: str) -> str:
        """A move's, var's or zone's title in the reader's language, or its name."""
        found = {"move": self.g.moves, "var": self.g.vars, "zone": self.g.zones}[kind]
        item = next((x for x in found if x.name == name), None)
        return self.book.pick(getattr(item, "title", None), name) if item is not None else name

    def label(self, path: tuple) -> str:
        """How a place of the program is named: where it reads a name (`read by:`), or what changed."""
        lang, sp = self.lang, self.sp
        head = path[0]
        if head == "moves":
            m = sp.moves.get(path[1])
            title = sp.title(m.title, m.name) if m else path[1]
            if len(path) > 3 and path[2] == "when":
                rule = (m.checks[path[3]].rule if m and path[3] < len(m.checks) else None) or f"#{path[3] + 1}"
                key = "at_refusal" if len(path) > 4 and path[4] == "why" else "at_check"
                return say(key, lang, rule=rule, move=title)
            return say("at_do" if path[2] == "do" else "at_choose", lang, move=title)
        if head == "flow":
            key = {"setup": "at_setup", "first": "at_first", "next": "at_next", "after_move": "at_after_move",
                   "end": "at_round_end", "score": "at_score"}.get(path[-1], "at_round_end")
            return say("at_game_end" if path == ("flow", "end") else key, lang)
        if head == "result":
            if path[1] in ("fields", "field_titles"):
                return say("at_field", lang, name=path[2])
            return say("at_winner" if path[1] == "winner" else "at_result_score", lang)
        if head == "round_result":
            if path[1] in ("fields", "field_titles") and len(path) > 2:
                return say("at_round_field", lang, name=path[2])
            return say("at_round_points", lang)
        if head == "melds":
            return say("at_melds", lang, rule=path[1] if len(path) == 2 else ".".join(map(str, path[1:])))
        if head == "define":
            title = self.g.words().define_titles.get(path[1])
            return say("at_shown", lang, name=self.book.pick(title, path[1]))
        if head == "vars":
            return say("at_var", lang, name=path[1])
        if head == "bot":
            return say("at_bot", lang, n=path[1] + 1)
        if head == "text":
            return say("at_text", lang, rule=path[1])
        if head == "glossary":
            entry = (self.g.words().facts.get("glossary") or {}).get(path[1])
            return say("at_glossary", lang, name=self.book.pick(entry["term"], path[1]) if entry else path[1])
        return ".".join(map(str, path))

    def readers(self, name: str) -> list[str]:
        """The places of the program that read `name` (a param or a define), in words, directly or through
        the defines they use (dsl/said.py `Recorded.reads`)."""
        out = []
        for place, names in self.g.words().reads.items():
            if name not in names or (place[0] == "define" and place[1] == name):
                continue
            label = self.label(place)
            titles = self.g.words().define_titles
            for via in sorted(names[name]):  # through a titled define, by its title; an untitled one is inlined
                out.append(say("through", self.lang, place=label, define=self.book.pick(titles[via[0]]))
                           if via and via[0] in titles else label)
        return list(dict.fromkeys(out))


def compare(left, right, lang: str) -> list[Change]:
    """The changes from `left` to `right` (any loaded games), part by part."""
    a, b = left.words().units, right.words().units
    sa, sb = Sayer(left, lang), Sayer(right, lang)
    changes: list[Change] = []
    for path in list(a) + [p for p in b if p not in a]:
        in_a, in_b = path in a, path in b
        if in_a and in_b and a[path][1] == b[path][1]:
            continue
        if path[0] == "moves" and len(path) > 2 and (("moves", path[1]) not in a or ("moves", path[1]) not in b):
            continue  # a whole move added or removed is one change
        kind, value = (b if in_b else a)[path][:2]
        name = unit_name(kind, path)
        status = "changed" if in_a and in_b else "added" if in_b else "removed"
        ch = Change(kind, name, status, path, title=(sb if in_b else sa).title(path, kind, name))
        ch.rules = list(dict.fromkeys((sa.rules_of(path, kind, a[path][1]) if in_a else [])
                                      + (sb.rules_of(path, kind, b[path][1]) if in_b else [])))
        # an entry compared with its title (a field, a value table) whose value is the same changed its title:
        # shown where the title is written
        titled = in_a and in_b and isinstance(a[path][1], list) and a[path][3] is not None and \
            a[path][1][0] == b[path][1][0]
        if in_a:
            ch.before = sa.words(path, kind, a[path][1])
            loc = a[path][3] if titled else a[path][2]
            ch.was_where, ch.was_yaml = _place(loc), yaml_block(left.words().lines, loc)
        if in_b:
            ch.after = sb.words(path, kind, b[path][1])
            loc = b[path][3] if titled else b[path][2]
            ch.where, ch.yaml = _place(loc), yaml_block(right.words().lines, loc)
        if kind in ("param", "define") and in_b:
            ch.reads = sb.readers(path[1])
        changes.append(ch)
    return changes


def _place(loc) -> str:
    return f"{short_path(loc.file)}:{loc.line}" if loc is not None else ""


def consequences(left, right, changes: list[Change], lang: str) -> list[tuple]:
    """Parts of the rules document that read differently and are not themselves changed parts:
    (section title, part, lines before, lines now)."""
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
            out.append((s.title, p, [l for l in old_lines if l not in new_lines], [l for l in new_lines if l not in old_lines]))
    return out


def report(left, right, left_name: str, right_name: str, lang: str, fmt: str = "text") -> str:
    changes = compare(left, right, lang)
    heads = right.words().heads[len(left.words().heads):]
    about = []
    for head in heads:
        words = head.get("title")
        title = (words.get(lang) or words.get("en") or "") if isinstance(words, dict) else str(words or "")
        about.append(": ".join(x for x in (head.get("rule"), title) if x))
    if any(about):
        right_name += f" ({'; '.join(a for a in about if a)})"
    after = consequences(left, right, changes, lang)
    summary = for_the_player(left, right, lang)
    if fmt == "json":
        return json.dumps({"left": left_name, "right": right_name,
                           "for_the_player": [{"rule": r, "status": s, "now": w, **({"before": b} if b else {})}
                                              for r, s, w, b in summary],
                           "changes": [asdict(c) for c in changes],
                           "consequences": [{"section": s, "part": p.id, "before": old, "now": new}
                                            for s, p, old, new in after]}, ensure_ascii=False, indent=2) + "\n"
    out = [say("diff_title", lang, right=right_name, left=left_name)]
    if not changes:
        out.append(say("diff_nothing", lang, right=right_name, left=left_name))
        return "\n".join(out) + "\n"
    if summary:
        out += ["", say("diff_for_player", lang)]
        for rule, status, words, before in summary:
            if status == "changed":  # the rule's words before and now, one under the other
                out.append(f"  {rule}:")
                for lead, said in ((say("diff_was", lang), before), (say("diff_now", lang), words)):
                    out += textwrap.wrap(f"{lead}{said}", 100, initial_indent="    ",
                                         subsequent_indent="    " + " " * len(lead), break_on_hyphens=False)
                continue
            out += textwrap.wrap(f"{rule}: {words} [{say('diff_' + status, lang)}]", 100, initial_indent="  ",
                                 subsequent_indent="    ", break_on_hyphens=False)
        out += ["", say("diff_details", lang)]
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
    if after:
        out.append(say("diff_consequences", lang))
        for section, part, old, new in after:
            name = f" · {part.head}" if part.head else ""
            out.append(f"  {section}{name}")
            out += _words(say("diff_was", lang), old)
            out += _words(say("diff_now", lang), new)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def for_the_player(left, right, lang: str) -> list[tuple[str, str, str, str]]:
    """What changes for the player, before the details: each rule whose words differ (its {param}s filled
    in), is new or is gone, once, in rule order: (rule, changed / added / removed, its words now (or before,
    when removed), its words before when changed, else "")."""
    def said(g) -> dict[str, str]:
        book = Book(g, lang)
        return {k: book.sentence(book.pick(v)) for k, v in g.texts.items() if is_rule_id(k)}
    before, now = said(left), said(right)
    out = []
    for rule in sorted(set(before) | set(now), key=natural_key):
        if rule not in before:
            out.append((rule, "added", now[rule], ""))
        elif rule not in now:
            out.append((rule, "removed", before[rule], ""))
        elif before[rule] != now[rule]:
            out.append((rule, "changed", now[rule], before[rule]))
    return out


def _words(lead: str, lines: list[str]) -> list[str]:
    pad = " " * len(lead)
    return [f"    {lead if i == 0 else pad}{line}" for i, line in enumerate(lines)]


def sides(first: str, second: str):
    """`GAME VARIANT`: the game, and the game with the variant; `FILE1 FILE2`: two rule files. The games
    (loaded as for play) and how the report names them."""
    from ..errors import RuleError
    from ..loader import load
    from ..rulefiles import find_game, find_variant
    left_path = find_game(first)
    as_variant = not (Path(second).suffix in (".yaml", ".yml") and first.endswith((".yaml", ".yml")))
    if as_variant:
        try:
            find_variant(left_path, second)
        except RuleError:
            if Path(second).suffix not in (".yaml", ".yml"):
                raise
            as_variant = False
    left = load(first)
    if as_variant:
        right = load(first, [second])
        return left, right, first, f"{first} + {right.variants[-1] if right.variants else second}"
    return left, load(second), first, second


__all__ = ["Change", "compare", "consequences", "report", "sides"]
