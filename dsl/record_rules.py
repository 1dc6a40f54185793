"""The rule files a record or save was played with, read under the record's own guarantees: a bundled
game and its variants by name, any other file only by the absolute path and sha256 the record holds.
Their problems are told without echoing a file the user did not name on the command line."""
from __future__ import annotations

from pathlib import Path

from kural.interpreter.messages import Msg
from kural.interpreter.record import keepable
from .errors import Loc, Problem, RuleError
from .rulefiles import GAME_ID, RecordSourceError, Resolved, resolve

RECORD = Loc("<record>", 1, 1)


def resolve_for_record(record: dict) -> Resolved:
    """The rule files a record or save was played with, read under the record's own guarantees: a
    bundled game and its variants by name; any other file by the absolute path the record gives, and
    only if the record holds its sha256 and the file still has it (RecordSourceError otherwise)."""
    files = record.get("files") if isinstance(record.get("files"), dict) else {}
    expected = files.get("sha256") if isinstance(files.get("sha256"), dict) else {}
    rules, game = record.get("rules"), record.get("game")
    if rules is not None:
        if not (isinstance(rules, str) and absolute_rule_file(rules)):
            raise RecordSourceError(Msg("record_file_unknown", path=str(rules)))
        game = rules
    elif not (isinstance(game, str) and GAME_ID.fullmatch(game)):  # never a path: paths come with their hash
        shown = game if isinstance(game, str) else repr(game)  # messages escape what does not print
        raise RuleError.at(RECORD, Msg("record_names_no_game", shown_80=shown[:80]),
                           Msg("record_has_game_id"))
    variants = files.get("variants", record.get("variants") or [])
    if not isinstance(variants, list):
        variants = [variants]
    for name in variants:
        if not (isinstance(name, str) and (GAME_ID.fullmatch(name) or absolute_rule_file(name))):
            raise RecordSourceError(Msg("record_file_unknown", path=str(name)))
    for name in [game, *variants]:  # a path the record gives: known to it by hash, and still there
        if Path(name).is_absolute():
            if name not in expected:
                raise RecordSourceError(Msg("record_file_unknown", path=name))
            if not Path(name).is_file():
                raise RecordSourceError(Msg("record_file_gone", path=name))
    try:
        return resolve(game, variants, expected)
    except RuleError as exc:
        raise unshown(exc, expected) from None


def unshown(exc: RuleError, outside: dict) -> RuleError:
    """A record's rule files were not named by the user on this command line: their problems are shown
    without a line of their text, and for a file outside games/ not even a message (a key or a value
    of it): only where it fails, and how to see why."""
    problems, told = [], set()
    for p in exc.problems:
        if p.loc.file.startswith(("<", "-")) or str(Path(p.loc.file).resolve()) not in outside:
            problems.append(Problem(p.loc, p.message, p.hint))
        elif p.loc.file not in told:  # where it first fails, once per file
            told.add(p.loc.file)
            problems.append(Problem(p.loc, Msg("rule_file_which_record"),
                                    Msg("see_why_kural_validate", file=p.loc.file)))
    return RuleError(problems)


def absolute_rule_file(name: str) -> bool:
    return keepable(name) and Path(name).is_absolute() and Path(name).suffix in (".yaml", ".yml")
