"""`kural validate` (rule and variant files) and `kural replay` (records): report, never raise.

validate: 0 when every file loads, 2 when any has a problem.
replay: 0 when every record reproduces, 1 when one does not, 2 when a file or record cannot be read.
"""
from __future__ import annotations

import json
from pathlib import Path

from kural.dsl.errors import RuleError
from kural.interpreter.errors import PlayError
from kural.interpreter.messages import filled, said
from kural.dsl.loader import load
from kural.interpreter import game

from . import saves
from .i18n import t

RULE_SUFFIXES = (".yaml", ".yml")


def rule_files(paths: list[Path]) -> tuple[list[Path], list[str], list[str]]:
    """Every rule file named, directories searched recursively; the folders that hold none; the paths
    that do not exist."""
    files, missing, absent = [], [], []
    for path in paths:
        if not path.exists():
            absent.append(str(path))
        elif path.is_dir():
            found = sorted((p for p in path.rglob("*") if p.suffix in RULE_SUFFIXES and p.is_file()),
                           key=lambda p: (len(p.parts), str(p)))  # a game before its variants
            if not found:
                missing.append(str(path))
            files.extend(found)
        else:
            files.append(path)
    return files, missing, absent


def problem_json(problem, lang: str) -> dict:
    """A rule-file problem as the --json outputs give it (docs/json/validate.schema.json): its message and
    hint in `lang`, its code the message's key, the same in every language."""
    loc = problem.loc
    return {"file": loc.file, "line": loc.line, "col": loc.col, "code": getattr(problem.message, "key", ""),
            "message": said(problem.message, lang), "hint": said(problem.hint, lang)}


def validate(paths: list[Path], out, err, lang: str, as_json: bool = False) -> int:
    """Each file `ok`, or its problems as file:line:col; `as_json`: one object on stdout instead
    (docs/json/validate.schema.json). 0 when every file loads, else 2."""
    files, empty, absent = rule_files(paths)
    bad = bool(absent or empty)
    report = {"ok": True, "files": [], "missing": absent, "empty_folders": empty}
    for path in absent if not as_json else []:
        err.print(t("no_such_path", lang, path=path))
    for path in empty if not as_json else []:
        err.print(t("no_yaml", lang, path=path))
    from kural.dsl.teach import example_problems, missing_titles, unworded  # here: `kural replay` needs none of it
    for path in files:
        try:
            g = load(str(path))  # checked as play loads it, with what the rules say (its words) kept
        except RuleError as exc:
            report["files"].append({"path": str(path), "ok": False,
                                    "problems": [problem_json(p, lang) for p in exc.problems]})
            for problem in exc.problems if not as_json else []:
                err.print(problem.render(lang))
            bad = True
            continue
        wrong = example_problems(g)  # an example the engine does not agree with: the file is not right
        if wrong:
            report["files"].append({"path": str(path), "ok": False, "problems": [problem_json(p, lang) for p in wrong]})
            for problem in wrong if not as_json else []:
                err.print(problem.render(lang))
            bad = True
            continue
        if not as_json:  # a word a player would read missing: a warning, not an error
            for warning in missing_titles(g) + unworded(g):
                err.print(warning.render(lang))
        report["files"].append({"path": str(path), "ok": True, "game": g.id, "variants": list(g.variants),
                                "problems": []})
        if not as_json:
            variants = "".join(f", {v}" for v in g.variants)
            out.print(t("valid", lang, path=path, game=g.id, variants=variants))
    if as_json:
        report["ok"] = not bad
        out.print(json.dumps(report, ensure_ascii=False))
    return 2 if bad else 0


def replay(path: Path, out, err, lang: str, as_json: bool = False) -> int:
    """Does each record reproduce? A line each, or `as_json` one object (docs/json/replay.schema.json).
    0 all reproduce, 1 one does not, 2 a file or record cannot be read."""
    try:
        records = saves.read_records(path)
    except saves.RecordFileError as exc:
        if as_json:
            out.print(json.dumps({"ok": False, "error": exc.text(lang), "records": []}, ensure_ascii=False))
        else:
            err.print(f"{filled(path)}: {exc.text(lang)}")
        return 2
    results = [_replayed((i, rec), lang) for i, rec in enumerate(records, 1)]
    unreadable = sum(r["status"] == "unreadable" for r in results)
    failed = sum(r["status"] == "not_reproduced" for r in results)
    if as_json:
        shown = [{k: v for k, v in r.items() if k != "rule_problems"} for r in results]
        out.print(json.dumps({"ok": not (unreadable or failed), "records": shown}, ensure_ascii=False))
        return 2 if unreadable else 1 if failed else 0
    many = len(records) > 1
    for r in results:
        where = f"{filled(path)}: {t('record_n', lang, n=r['index'])}: " if many else f"{filled(path)}: "
        if r["status"] == "unreadable":
            err.print(where.rstrip(": ") + ":" if r.get("rule_problems") else where + "; ".join(r["problems"]))
            for line in r.get("rule_problems", []):
                err.print(line)
        elif r["status"] == "not_reproduced":
            out.print(where + t("not_reproduced", lang) + " " + "; ".join(r["problems"]))
        else:
            out.print(where + t(r["status"], lang))
    if many:
        out.print(t("replay_summary", lang, ok=len(records) - failed - unreadable, total=len(records)))
    return 2 if unreadable else 1 if failed else 0


def _replayed(numbered: tuple, lang: str) -> dict:
    """One record replayed: its status (reproduced, reproduced_unfinished, not_reproduced, unreadable)
    and the problems found."""
    index, rec = numbered
    out = {"index": index}
    if isinstance(rec, saves.RecordFileError):
        return {**out, "status": "unreadable", "problems": [rec.text(lang)]}
    try:
        g = saves.game_of(rec)
    except saves.RecordFileError as exc:
        return {**out, "status": "unreadable", "problems": [exc.text(lang)]}
    except RuleError as exc:
        return {**out, "status": "unreadable", "problems": [said(p.message, lang) for p in exc.problems],
                "rule_problems": [p.render(lang) for p in exc.problems]}
    try:
        _, problems = game.replay(g, rec)
    except PlayError as exc:
        problems = [exc.render(lang)]
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        problems = [f"{t('not_record', lang)} ({type(exc).__name__}: {exc})"]
    if problems:
        return {**out, "status": "not_reproduced", "problems": problems}
    return {**out, "status": "reproduced" if "result" in rec else "reproduced_unfinished", "problems": []}
