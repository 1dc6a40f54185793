"""`kural validate` (rule and variant files) and `kural replay` (records): report, never raise.

validate: 0 when every file loads, 2 when any has a problem.
replay: 0 when every record reproduces, 1 when one does not, 2 when a file or record cannot be read.
"""
from __future__ import annotations

from pathlib import Path

from dsl.errors import RuleError
from interpreter.errors import PlayError
from dsl.loader import load_recorded
from interpreter import game

from . import saves
from .i18n import t

RULE_SUFFIXES = (".yaml", ".yml")


def rule_files(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """Every rule file named, directories searched recursively; and the paths that name none."""
    files, missing = [], []
    for path in paths:
        if path.is_dir():
            found = sorted((p for p in path.rglob("*") if p.suffix in RULE_SUFFIXES and p.is_file()),
                           key=lambda p: (len(p.parts), str(p)))  # a game before its variants
            if not found:
                missing.append(str(path))
            files.extend(found)
        else:
            files.append(path)  # a missing file is reported by the loader, with its place
    return files, missing


def validate(paths: list[Path], out, err, lang: str) -> int:
    files, empty = rule_files(paths)
    bad = False
    for path in empty:
        err.print(t("no_yaml", lang, path=path))
        bad = True
    from dsl.teach import missing_titles  # here: `kural replay` needs no teaching layer
    for path in files:
        try:
            g = load_recorded(str(path))  # checked as `load` checks it, with what the rules say kept
        except RuleError as exc:
            for problem in exc.problems:
                err.print(problem.render())
            bad = True
            continue
        for warning in missing_titles(g):  # a word a player would read missing: a warning, not an error
            err.print(warning.render())
        variants = "".join(f", {v}" for v in g.variants)
        out.print(t("valid", lang, path=path, game=g.id, variants=variants))
    return 2 if bad else 0


def replay(path: Path, out, err, lang: str) -> int:
    try:
        records = saves.read_records(path)
    except saves.RecordFileError as exc:
        err.print(f"{path}: {exc.text(lang)}")
        return 2
    unreadable = failed = 0
    many = len(records) > 1
    for i, rec in enumerate(records, 1):
        where = f"{path}: {t('record_n', lang, n=i)}: " if many else f"{path}: "
        if isinstance(rec, saves.RecordFileError):
            err.print(where + rec.text(lang))
            unreadable += 1
            continue
        try:
            g = saves.game_of(rec)
        except saves.RecordFileError as exc:
            err.print(where + exc.text(lang))
            unreadable += 1
            continue
        except RuleError as exc:
            err.print(where.rstrip(": ") + ":")
            for problem in exc.problems:
                err.print(problem.render())
            unreadable += 1
            continue
        try:
            _, problems = game.replay(g, rec)
        except PlayError as exc:
            problems = [exc.render()]
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            problems = [f"{t('not_record', lang)} ({type(exc).__name__}: {exc})"]
        if problems:
            failed += 1
            out.print(where + t("not_reproduced", lang) + " " + "; ".join(problems))
        else:
            out.print(where + t("reproduced" if "result" in rec else "reproduced_unfinished", lang))
    if many:
        out.print(t("replay_summary", lang, ok=len(records) - failed - unreadable, total=len(records)))
    return 2 if unreadable else 1 if failed else 0
