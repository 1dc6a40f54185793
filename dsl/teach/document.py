"""A teaching document (the rules, a diff) and its formats: text for the terminal, Markdown, JSON.

A document is sections of parts; a part is a head (a param's name, a move's title), the rule numbers it
applies and its lines; a line has a level (its indent) and a role: a `condition`, the `refusal` that
answers it, a `case` of a value, an `item` of a list, a `gloss` (a term explained where it first
appears), or none.
"""
from __future__ import annotations

import json
import textwrap
from dataclasses import asdict, dataclass, field


@dataclass
class Line:
    text: str
    level: int = 0
    role: str = ""  # "", condition, refusal, case, item, gloss


@dataclass
class Part:
    id: str  # stable across variants: what marks and overrides are keyed by (moves.play, params.start_card ...)
    head: str = ""
    rules: list = field(default_factory=list)
    lines: list = field(default_factory=list)
    mark: str = ""  # "", changed or new (kural rules --variant)

    def key(self) -> tuple:
        return self.head, tuple(self.rules), tuple((l.text, l.level) for l in self.lines)


@dataclass
class Section:
    key: str  # its heading's phrase (dsl/teach/phrases.py): sec_moves ...
    title: str  # the heading in the document's language
    parts: list = field(default_factory=list)


@dataclass
class Document:
    title: str
    intro: list
    sections: list
    lang: str
    marks: dict = field(default_factory=dict)  # mark -> its words ("changed by maca7")


@dataclass
class Bullet:
    """A line of a structured phrase (cases of a value, a long `and`): its text and the lines under it."""

    text: str
    children: list = field(default_factory=list)


def bullet_lines(bullets: list, level: int, role: str = "item") -> list[Line]:
    out = []
    for b in bullets:
        out.append(Line(b.text, level, role))
        out += bullet_lines(b.children, level + 1, role)
    return out


# ---------------------------------------------------------------- formats
def text(doc: Document, width: int = 100) -> str:
    out = [doc.title, "=" * len(doc.title)]
    out += [textwrap.fill(line, width) for line in doc.intro]
    for s in doc.sections:
        out += ["", s.title, "-" * len(s.title)]
        for p in s.parts:
            flag = f"  [{doc.marks[p.mark]}]" if p.mark else ""
            rules = f" ({', '.join(p.rules)})" if p.rules else ""
            indent = 2
            if p.head:
                out.append(f"  {p.head}{rules}{flag}")
                indent = 4
            for i, line in enumerate(p.lines):
                said = line.text
                if not p.head and i == 0:
                    said = (f"{', '.join(p.rules)}: " if p.rules else "") + said + flag
                lead = "- " if line.role in ("case", "item") else ""
                pad = " " * (indent + 2 * line.level)
                out.append(textwrap.fill(lead + said, width, initial_indent=pad,
                                         subsequent_indent=pad + ("  " if not lead else "  "),
                                         break_on_hyphens=False, break_long_words=False))
    return "\n".join(out) + "\n"


def markdown(doc: Document) -> str:
    out = [f"# {doc.title}", ""]
    for line in doc.intro:
        out += [f"*{line}*", ""]
    for s in doc.sections:
        out += [f"## {s.title}", ""]
        for p in s.parts:
            flag = f" **[{doc.marks[p.mark]}]**" if p.mark else ""
            rules = f" ({', '.join(p.rules)})" if p.rules else ""
            if p.head:
                out += [f"### {p.head}{rules}{flag}", ""]
                out += [f"{'  ' * l.level}- {l.text}" for l in p.lines]
                out.append("")
            else:
                first, *rest = p.lines
                lead = f"**{', '.join(p.rules)}**: " if p.rules else ""
                out.append(f"- {lead}{first.text}{flag}")
                out += [f"{'  ' * (l.level + 1)}- {l.text}" for l in rest]
        if not s.parts or not s.parts[-1].head:
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def as_json(doc: Document) -> str:
    return json.dumps(asdict(doc), ensure_ascii=False, indent=2) + "\n"


FORMATS = {"text": text, "markdown": markdown, "json": as_json}


def render(doc: Document, fmt: str) -> str:
    return FORMATS[fmt](doc)
