"""A game's lines with the language's notions and written without them (issue 38's figure).

Not a test module. `python tests/line_counts.py` prints, for each game written twice, once on the notions
(games/X.yaml, or tests/games/X.yaml) and once by hand without them (tests/games/by_hand/X.yaml), the lines of
both files and the ratio, then the same with each game's variants the two folders share (games/X/ and
tests/games/by_hand/X/, same file names). Lines are counted two ways: every line that is neither blank nor a
comment; and the same without the sections of words a player reads (text, book, glossary), which are alike
in both files and are not what the notions shorten. With --sections, each game's lines by top-level
section, to see where the difference comes from.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BY_HAND = ROOT / "tests" / "games" / "by_hand"
WITH_NOTIONS = (ROOT / "games", ROOT / "tests" / "games")  # where a by-hand file's partner is looked for, in order
WORDS = ("text", "book", "glossary")  # top-level sections a player reads


def by_section(lines: list[str]) -> dict[str, int]:
    """The lines neither blank nor comments of each top-level section, in the file's order."""
    out: dict[str, int] = {}
    section = ""
    for line in lines:
        bare = line.strip()
        if not bare or bare.startswith("#"):
            continue
        if not line[0].isspace():
            section = line.split(":", 1)[0].strip().strip("\"'")
        out[section] = out.get(section, 0) + 1
    return out


def counted(lines: list[str]) -> tuple[int, int]:
    """(every line neither blank nor a comment, the same outside the top-level sections of WORDS)."""
    sections = by_section(lines)
    every = sum(sections.values())
    return every, every - sum(sections.get(name, 0) for name in WORDS)


def count_file(path: Path) -> tuple[int, int]:
    return counted(path.read_text(encoding="utf-8").splitlines())


@dataclass
class Pair:
    """One game's two writings, counted: `name` as the table prints it, each file's (all, without words)."""

    name: str
    notions: tuple[int, int]
    by_hand: tuple[int, int]


def _sum(counts: list[tuple[int, int]]) -> tuple[int, int]:
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


def partner(by_hand: Path, homes: tuple[Path, ...] = WITH_NOTIONS) -> Path | None:
    """The file on the notions that a by-hand file writes again: games/X.yaml, else tests/games/X.yaml."""
    return next((d / by_hand.name for d in homes if (d / by_hand.name).is_file()), None)


def pairs(by_hand_dir: Path = BY_HAND, homes: tuple[Path, ...] = WITH_NOTIONS) -> list[Pair]:
    """Every game of by_hand_dir with a partner: the base files, then base and shared variants together (a
    by-hand file with no partner yet is left out)."""
    out = []
    for mine in sorted(by_hand_dir.glob("*.yaml")):
        theirs = partner(mine, homes)
        if theirs is None:
            continue
        out.append(Pair(mine.stem, count_file(theirs), count_file(mine)))
        shared = sorted(p.name for p in (mine.parent / mine.stem).glob("*.yaml")
                        if (theirs.parent / theirs.stem / p.name).is_file())
        if shared:
            out.append(Pair(f"{mine.stem} + {len(shared)} variant{'s' * (len(shared) > 1)}",
                            _sum([count_file(theirs)] + [count_file(theirs.parent / theirs.stem / n) for n in shared]),
                            _sum([count_file(mine)] + [count_file(mine.parent / mine.stem / n) for n in shared])))
    return out


def unpaired(by_hand_dir: Path = BY_HAND, homes: tuple[Path, ...] = WITH_NOTIONS) -> list[str]:
    """The by-hand files with no file of the same name on the notions (yet)."""
    return [p.name for p in sorted(by_hand_dir.glob("*.yaml")) if partner(p, homes) is None]


def ratio(notions: int, by_hand: int) -> str:
    """The notions' file as a share of the by-hand one, and how much shorter (or longer) that is."""
    if not by_hand:
        return "-"
    share = notions / by_hand
    return f"{share:.2f} ({abs(1 - share) * 100:.0f}% {'shorter' if share <= 1 else 'longer'})"


def table(found: list[Pair]) -> str:
    head = (f"{'game':<24} {'notions':>8} {'by hand':>8}  {'ratio':<20} "
            f"{'no words':>9} {'by hand':>8}  ratio without text/book/glossary")
    rows = [head, "-" * len(head)]
    for p in found:
        rows.append(f"{p.name:<24} {p.notions[0]:>8} {p.by_hand[0]:>8}  {ratio(p.notions[0], p.by_hand[0]):<20} "
                    f"{p.notions[1]:>9} {p.by_hand[1]:>8}  {ratio(p.notions[1], p.by_hand[1])}")
    return "\n".join(rows)


def sections_table(by_hand: Path, notions: Path) -> str:
    """Where the lines go: each top-level section of both files, and the difference."""
    mine, theirs = (by_section(p.read_text(encoding="utf-8").splitlines()) for p in (by_hand, notions))
    rows = [f"{by_hand.stem}: {'section':<16} {'notions':>8} {'by hand':>8} {'diff':>6}"]
    for name in list(theirs) + [n for n in mine if n not in theirs]:
        a, b = theirs.get(name, 0), mine.get(name, 0)
        rows.append(f"{'':{len(by_hand.stem) + 2}}{name:<16} {a:>8} {b:>8} {a - b:>+6}")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    found = pairs()
    if not found:
        print(f"no game in {BY_HAND.relative_to(ROOT)} has a partner in games/ or tests/games/")
        return 1
    print("non-blank, non-comment lines of each game on the notions and written by hand without them")
    print(table(found))
    if unpaired():
        print(f"no partner in games/ or tests/games/ for: {', '.join(unpaired())}")
    if "--sections" in argv:  # where the difference comes from
        for mine in sorted(BY_HAND.glob("*.yaml")):
            theirs = partner(mine)
            if theirs is not None:
                print()
                print(sections_table(mine, theirs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
