"""Save files and record files: written atomically, read with one clear error instead of a traceback."""
from __future__ import annotations

import glob
import json
import os
import re
import shutil
import tempfile
import time
import unicodedata
from pathlib import Path

from dsl.files import NotRegularFile, read_at_most
from dsl.loader import RecordSourceError, load_for_record
from interpreter import numbers

from .i18n import t
from .recordcheck import check_record

MAX_RECORD_BYTES = 50_000_000


class RecordFileError(Exception):
    """A record or save that cannot be used; `key` and `values` name the message in cli.i18n
    (a value named `want` is itself a key of the catalog)."""

    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, lang: str) -> str:
        """The message in one line: what a record holds is shown escaped and cut short."""
        values = {k: t(v, lang) if k == "want" else shown(v) for k, v in self.values.items()}
        return t(self.key, lang, **values)


def shown(value, limit: int = 120) -> str:
    """Outside text (a record's field, a path) as a message shows it: one line, control and bidi
    characters escaped, at most `limit` characters."""
    text = "".join(c if c.isprintable() and not unicodedata.category(c) == "Cf" else repr(c)[1:-1]
                   for c in str(value)[:limit + 1])
    return text if len(text) <= limit else text[:limit - 1] + "…"


def game_of(rec: dict):
    """The GameDef a record was played with, read under the record's guarantees (dsl.loader.load_for_record);
    RecordFileError when a rule file it names may not be read or has changed, RuleError when the rules fail."""
    try:
        return load_for_record(rec)
    except RecordSourceError as exc:
        raise RecordFileError(exc.key, path=exc.path) from None


def home() -> Path:
    """KURAL_HOME, else ~/.kural."""
    given = os.environ.get("KURAL_HOME")
    return Path(given).expanduser() if given else Path.home() / ".kural"


def default_save_path(game_id: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", game_id) or "game"
    return home() / "saves" / f"{safe}.json"


def write_atomic(path: Path, text: str) -> None:
    """Write to a temp file beside `path`, flush and fsync it, then rename it over `path`."""
    write_save(path, text, keep=False)


def backup_path(path: Path) -> Path:
    """Where the save before the last one is kept: `<save>.bak`."""
    return path.with_name(path.name + ".bak")


def backed_up(path: Path) -> Path | None:
    """The save that `path` is the backup of, if `path` is a `<save>.bak`."""
    return path.with_name(path.name[:-len(".bak")]) if path.name.endswith(".bak") and len(path.name) > 4 else None


def identity(path: Path):
    """What tells one written file from another: device, inode, size, time."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def write_save(path: Path, text: str, last=None, keep: bool = True):
    """Write `text` to `path` atomically: a temp file beside it, flushed and fsynced, renamed over it.

    With `keep`, the file it replaces becomes `<save>.bak` first, if it is a good save: the one this
    program wrote last (`last`, as `identity` gave it) or, when unknown, one that reads as a record. A
    broken file is never kept over a good backup. `path` is never missing, whenever the process dies.
    Returns the identity of the file written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if keep:
            _keep_backup(path, last)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_dir(path.parent)
    return identity(path)


def _keep_backup(path: Path, last) -> None:
    """Link (or copy) the current save to `<save>.bak`, atomically; a failure here never stops the save."""
    now = identity(path)
    if now is None or (now != last and not is_record_file(path)):
        return
    bak = backup_path(path)
    tmp = bak.with_name(f".{bak.name}.{os.getpid()}.tmp")
    try:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        try:
            os.link(path, tmp)
        except OSError:  # a file system without hard links
            shutil.copyfile(path, tmp)
        os.replace(tmp, bak)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def remove_save(path: Path) -> None:
    """A finished game's save and its backup go."""
    for p in (path, backup_path(path)):
        try:
            p.unlink()
        except OSError:
            pass


STALE_SECONDS = 3600


def clean_stale_temps(path: Path, now: float | None = None) -> None:
    """Temp files of `path` (and its backup) left by a process killed mid-write, older than an hour."""
    now = time.time() if now is None else now
    for pattern in (f".{glob.escape(path.name)}.*.tmp", f".{glob.escape(backup_path(path).name)}.*.tmp"):
        for tmp in path.parent.glob(pattern):
            try:
                if now - tmp.stat().st_mtime > STALE_SECONDS:
                    tmp.unlink()
            except OSError:
                pass


def is_record_file(path: Path) -> bool:
    try:
        read_record(path)
    except RecordFileError:
        return False
    return True


def _sync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def pretty(record: dict) -> str:
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def _read_text(path: Path) -> str:
    """A record's text: a regular file of at most MAX_RECORD_BYTES, in UTF-8 (see dsl.files)."""
    try:
        raw = read_at_most(path, MAX_RECORD_BYTES)
    except NotRegularFile:
        raise RecordFileError("not_regular") from None
    except OSError as exc:
        raise RecordFileError("cannot_read", error=exc.strerror or str(exc)) from None
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordFileError("too_large", limit=MAX_RECORD_BYTES)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordFileError("not_utf8") from None


MAX_NESTING = 16  # lists and mappings inside one another; a record of any game needs 6
MAX_NUMBER_DIGITS = 40  # longer number literals are refused before Python converts them


LIMIT_TEXT = f"10^{len(str(numbers.LIMIT)) - 1}" if str(numbers.LIMIT).strip("0") == "1" else str(numbers.LIMIT)


def _number(text: str, value) -> int | float:
    if not numbers.in_range(value):
        raise RecordFileError("bad_number", number=text[:24] + ("…" if len(text) > 24 else ""), limit=LIMIT_TEXT)
    return value


def _parse_int(text: str) -> int:
    return _number(text, int(text) if len(text) <= MAX_NUMBER_DIGITS else float("inf"))


def _parse_float(text: str) -> float:
    return _number(text, float(text) if len(text) <= MAX_NUMBER_DIGITS * 10 else float("inf"))


def _parse_constant(text: str):
    raise RecordFileError("bad_number", number=text, limit=LIMIT_TEXT)  # NaN, Infinity, -Infinity


def _loads(text: str):
    """JSON with every number a game may hold (no NaN, no infinity, within numbers.LIMIT), nested at most
    MAX_NESTING deep."""
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:
        raise RecordFileError("too_deep", limit=MAX_NESTING) from None
    except ValueError as exc:
        raise RecordFileError("not_json", error=str(exc)[:80]) from None
    if _nesting(data) > MAX_NESTING:
        raise RecordFileError("too_deep", limit=MAX_NESTING)
    return data


def _nesting(data) -> int:
    """How deep lists and mappings go (without recursion, so no depth can overflow the stack)."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_NESTING:
                todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def _parse(text: str) -> dict:
    return check_record(_loads(text))


def read_record(path: Path) -> dict:
    return _parse(_read_text(path))


def read_records(path: Path) -> list[dict | RecordFileError]:
    """A .jsonl file (one record a line) or a single JSON record; bad lines come back as errors."""
    text = _read_text(path)
    stripped = text.lstrip()
    if path.suffix == ".jsonl" or (stripped.startswith("{") and "\n{" in stripped and not _is_one_json(text)):
        out: list[dict | RecordFileError] = []
        for line in text.splitlines():
            if line.strip():
                try:
                    out.append(_parse(line))
                except RecordFileError as exc:
                    out.append(exc)
        if not out:
            raise RecordFileError("not_record")
        return out
    return [_parse(text)]


def _is_one_json(text: str) -> bool:
    try:
        _loads(text)
        return True
    except RecordFileError:
        return False
