"""Rule-file problems, reported as `file:line:col: message` with the text and a hint."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Loc:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass
class Problem:
    loc: Loc
    message: str
    hint: str = ""
    text: str = ""

    def render(self) -> str:
        out = f"{self.loc}: {self.message}"
        if self.text:
            shown = self.text if len(self.text) <= 120 else self.text[:117] + "..."
            out += f"\n    {shown}"
        if self.hint:
            out += f"\n    hint: {self.hint}"
        return out


class RuleError(Exception):
    """One or more problems found in a rule file; the CLI prints them and exits 2."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.render() for p in problems))

    @classmethod
    def at(cls, loc: Loc, message: str, hint: str = "", text: str = "") -> "RuleError":
        return cls([Problem(loc, message, hint, text)])
