"""Save files and record files: written atomically, read with one clear error instead of a traceback."""
from __future__ import annotations

import json
import os
import re
import tempfile
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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_dir(path.parent)


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


def check_record(data) -> dict:
    """The record, if it has the shape every record has; else RecordFileError."""
    if (not isinstance(data, dict) or not isinstance(data.get("game"), str)
            or not isinstance(data.get("moves"), list) or not isinstance(data.get("seed"), int)
            or isinstance(data.get("seed"), bool) or not isinstance(data.get("seats", []), list)
            or not isinstance(data.get("variants", []), list) or not isinstance(data.get("params", {}), dict)
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
