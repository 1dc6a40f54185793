"""Save files and record files: written atomically, read with one clear error instead of a traceback."""
from __future__ import annotations

import glob
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

MAX_RECORD_BYTES = 50_000_000


class RecordFileError(Exception):
    """A record or save that cannot be used; `key` and `values` name the message in cli.i18n."""

    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key = key
        self.values = values


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
    try:
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise RecordFileError("cannot_read", error=f"{size} bytes")
        return path.read_bytes().decode("utf-8")
    except RecordFileError:
        raise
    except OSError as exc:
        raise RecordFileError("cannot_read", error=exc.strerror or str(exc)) from None
    except UnicodeDecodeError:
        raise RecordFileError("not_json", error="not UTF-8 text") from None


SCALAR = (str, int, float, bool, type(None))


def _number_list(v) -> bool:
    """A list param's value: numbers, or lists of numbers."""
    def number(x) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool)
    return isinstance(v, list) and all(number(x) or (isinstance(x, list) and all(number(y) for y in x)) for x in v)


def check_record(data) -> dict:
    """The record, if it has the shape every record has; else RecordFileError."""
    if (not isinstance(data, dict) or not isinstance(data.get("game"), str)
            or not isinstance(data.get("rules", ""), str)
            or not isinstance(data.get("moves"), list) or not isinstance(data.get("seed"), int)
            or isinstance(data.get("seed"), bool) or not isinstance(data.get("seats", []), list)
            or not isinstance(data.get("variants", []), list) or not isinstance(data.get("params", {}), dict)
            or not all(isinstance(v, str) for v in data.get("variants", []))
            or not all(isinstance(v, SCALAR) or _number_list(v) for v in data.get("params", {}).values())
            or not all(isinstance(m, dict) for m in data["moves"])):
        raise RecordFileError("not_record")
    return data


def _parse(text: str) -> dict:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordFileError("not_json", error=str(exc)[:80]) from None
    return check_record(data)


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
        json.loads(text)
        return True
    except (ValueError, RecursionError):
        return False
