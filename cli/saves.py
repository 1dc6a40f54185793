"""Save files and record files: written atomically, read with one clear error instead of a traceback.

Writing: a file is only ever written to a temp file beside it and renamed over it once whole (fsynced),
and only onto a regular file in a folder that exists (`write_target` refuses the rest before any game
starts). A save in play is held by an advisory lock on `<save>.lock`, so a second kural cannot play it.
"""
from __future__ import annotations

import errno
import fcntl
import glob
import json
import os
import re
import shutil
import stat
import tempfile
import time
from pathlib import Path

from kural.dsl.errors import escaped
from kural.dsl.files import NotRegularFile, read_at_most
from kural.dsl.loader import load_for_record
from kural.interpreter import recordcheck
from kural.interpreter.errors import RecordError
from kural.interpreter.messages import Msg, said
from kural.interpreter.record import check_paths
from kural.interpreter.recordcheck import MAX_NESTING  # noqa: F401  (the bound, as the tests read it here)

from .i18n import t

MAX_RECORD_BYTES = 50_000_000


class RecordFileError(Exception):
    """A record or save that cannot be used; `key` and `values` name the message in kural.cli.i18n, or in
    interpreter/messages.py for the record check's own (a value that is a Msg is said in the language)."""

    def __init__(self, key: str, **values):
        super().__init__(key)
        self.key = key
        self.values = values

    @classmethod
    def of(cls, exc: RecordError) -> "RecordFileError":
        """The record check's error (interpreter/recordcheck.py), said as this one says its own."""
        return cls(exc.message.key, **exc.message.values)

    def text(self, lang: str) -> str:
        """The message in one line: what a record holds is shown escaped and cut short."""
        values = {k: said(v, lang) if isinstance(v, Msg) else shown(v) for k, v in self.values.items()}
        return t(self.key, lang, **values)


def shown(value, limit: int = 120) -> str:
    """Outside text (a record's field, a path) as a message shows it: one line, control and bidi
    characters escaped, at most `limit` characters."""
    text = escaped(str(value)[:limit + 1])
    return text if len(text) <= limit else text[:limit - 1] + "…"


def game_of(rec: dict):
    """The GameDef a record was played with, read under the record's guarantees (kural.dsl.loader.load_for_record);
    RecordFileError when a rule file it names may not be read or has changed, RuleError when the rules fail."""
    try:
        return load_for_record(rec)
    except RecordError as exc:  # a rule file it names is unknown, gone or changed (kural.dsl.loader)
        raise RecordFileError.of(exc) from None


def check_recordable(g) -> None:
    """RecordFileError if a record of the game `g` could be written but never read back: a rule file's path
    that a record cannot keep (interpreter/record.py's check_paths, which every record's start makes too)."""
    try:
        check_paths(g)
    except RecordError as exc:
        raise RecordFileError.of(exc) from None


def home() -> Path:
    """KURAL_HOME, else ~/.kural."""
    given = os.environ.get("KURAL_HOME")
    return Path(given).expanduser() if given else Path.home() / ".kural"


def saves_folder() -> Path:
    return home() / "saves"


def default_save_path(game_id: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9_.+-]", "_", game_id) or "game"
    return saves_folder() / f"{safe}.json"


MAX_LISTED = 500  # files of the folder of saves that `kural saves` reads (each one replayed); the rest are counted


def files_to_list(folder: Path) -> tuple[list[Path], int]:
    """What `kural saves` shows of `folder`: every entry but hidden ones (the temp files of a write) and
    locks, in natural order (`x.prev2` before `x.prev10`), so a number stays with its file while no
    file comes or goes; at most MAX_LISTED of them, and how many more there are. An error that keeps
    the folder from being listed is OSError; a folder that does not exist holds nothing."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return [], 0
    shown = sorted((n for n in names if not n.startswith(".") and not n.endswith(".lock")), key=_listing_order)
    return [folder / n for n in shown[:MAX_LISTED]], max(0, len(shown) - MAX_LISTED)


def _listing_order(name: str) -> tuple:
    """A save, then the games kept aside from it (`.prev`, `.prev2`, ... see move_aside), names in natural order."""
    kept = re.fullmatch(r"(.*)\.prev(\d*)(\.[^.]*)", name)
    base, n = (kept[1] + kept[3], int(kept[2] or 1)) if kept else (name, 0)
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", base) if part], n


def _temp_beside(path: Path) -> tuple[int, str]:
    """A new temp file beside `path`, named so that `clean_stale_temps` finds it if the process dies."""
    return tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")


NOT_A_FILE = ((stat.S_ISDIR, "not_file_folder"), (stat.S_ISFIFO, "not_file_fifo"),
              (stat.S_ISCHR, "not_file_device"), (stat.S_ISBLK, "not_file_device"))


def write_target(path: Path, make_folder: bool = False) -> Path:
    """The regular file that writing `path` replaces: `path` itself, or the file its symlink names (so
    the link stays a link). RecordFileError (with `path`) if it is a folder, a FIFO, a device or any
    other file that is not regular, if its folder does not exist (unless `make_folder`: kural's own
    folder of saves), or if no file can be created there. Nothing is written to `path`."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise RecordFileError("cannot_write", path=path, error=exc.strerror or str(exc)) from None
    if mode is not None and not stat.S_ISREG(mode):
        key = next((key for kind, key in NOT_A_FILE if kind(mode)), "not_file_other")
        raise RecordFileError(key, path=path)
    folder = target.parent
    try:
        if make_folder:
            folder.mkdir(parents=True, exist_ok=True)
        if not folder.is_dir():
            raise RecordFileError("no_folder", path=path, folder=folder)
        fd, probe = _temp_beside(target)  # the folder takes new files: the rename at the end will work
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise RecordFileError("cannot_write", path=path, error=exc.strerror or str(exc)) from None
    return target


def check_outputs(outputs: list[tuple[str, Path | None]], rule_files=()) -> None:
    """The one check of every command that writes files (play's --save and --record, simulate's --record,
    compare's --plot, graph's --output), before anything is played or written: no output may be a rule
    file being played, nor the same file as an output of another option. `outputs`: (option, path), None
    for an option not given; an option may name several files (a save, its backup and its lock).
    RecordFileError naming both otherwise. Aliases count (see same_file)."""
    seen: list[tuple[str, Path]] = []
    for option, path in outputs:
        if path is None:
            continue
        for rules in rule_files:
            if same_file(path, Path(rules)):
                raise RecordFileError("output_is_rule_file", option=option, path=path, rules=rules)
        for other_option, other in seen:
            if other_option != option and same_file(path, other):
                raise RecordFileError("outputs_same_file", first=other_option, first_path=other,
                                      second=option, second_path=path)
        seen.append((option, path))


def same_file(a: Path, b: Path) -> bool:
    """Whether writing `a` writes `b`: the same file through a symlink, a hard link, `./x` and `x`, or a
    name in another case where the folder's file system folds case, whether the files exist yet or not."""
    try:
        return os.path.samefile(a, b)  # both exist: the same inode, however they are named
    except OSError:
        pass
    a, b = Path(os.path.realpath(a)), Path(os.path.realpath(b))  # a link followed even where nothing is yet
    if a == b:
        return True
    if a.name.casefold() != b.name.casefold():
        return False
    try:
        if not os.path.samefile(a.parent, b.parent):
            return False
    except OSError:
        return False  # a folder that does not exist: nothing is written there (write_target says so)
    return _folds_case(a.parent)


def _folds_case(folder: Path) -> bool:
    """Whether the file system of `folder` takes a name in another case for the same file (macOS, Windows):
    a temp file is made there and looked for in upper case."""
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".kural-case-")
    except OSError:
        return False
    try:
        os.close(fd)
        name = os.path.basename(probe)
        return os.path.exists(os.path.join(folder, name.upper()))
    finally:
        try:
            os.unlink(probe)
        except OSError:
            pass


class AtomicFile:
    """A file written to a temp file beside `path` and renamed over it only when whole and fsynced, so
    `path` holds its old content or the new one, never a part. A failed write (a full disk) is kept in
    `error` rather than raised, so the caller can finish what it was doing before it says so."""

    def __init__(self, path: Path):
        self.path = path
        fd, self.tmp = _temp_beside(path)
        os.fchmod(fd, 0o666 & ~_umask())  # a record is an ordinary file, as `open` would make it
        self.file = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        self.error: OSError | None = None

    def write(self, text: str) -> None:
        if self.error is None:
            try:
                self.file.write(text)
            except OSError as exc:
                self.error = exc

    def commit(self) -> OSError | None:
        """Rename the whole file over `path`; the error that stopped it, if any (then `path` is untouched)."""
        if self.error is None:
            try:
                self.file.flush()
                os.fsync(self.file.fileno())
                self.file.close()
                os.replace(self.tmp, self.path)
                _sync_dir(self.path.parent)
                return None
            except OSError as exc:
                self.error = exc
        self.discard()
        return self.error

    def discard(self) -> None:
        try:
            self.file.close()
        except OSError:
            pass
        try:
            os.unlink(self.tmp)
        except OSError:
            pass


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, text: str) -> OSError | None:
    """Write `text` to `path` through an AtomicFile; the error that stopped it, if any."""
    try:
        out = AtomicFile(path)
    except OSError as exc:
        return exc
    out.write(text)
    return out.commit()


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
    fd, tmp = _temp_beside(path)
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


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


class SaveLock:
    """An advisory lock (flock) on `<save>.lock`, held while a game is played in the save. The lock is
    on a file of its own because every write renames a new file over the save: a lock on the save's
    inode would be lost at the first write. The kernel frees it when the process ends, however it ends."""

    def __init__(self, path: Path):
        self.path = lock_path(path)
        self.fd: int | None = None

    def acquire(self) -> bool:
        """True once held; False if another process holds it. OSError if the lock file cannot be made."""
        for _ in range(100):  # the holder may remove the file between our open and flock: lock the one there
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    return False
                if exc.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                    return True  # a file system without locks: play unlocked rather than not at all
                raise
            if _same_file(fd, self.path):
                self.fd = fd
                return True
            os.close(fd)
        return False

    def __del__(self) -> None:  # a session that was started but never run still lets its save go
        self.release()

    def release(self) -> None:
        """Remove the lock file while still holding it (a waiting process then sees it is gone), then unlock."""
        if self.fd is None:
            return
        try:
            os.unlink(self.path)
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


def in_play(path: Path) -> bool:
    """Whether another kural holds the lock of the save `path` now, playing its game."""
    lock = SaveLock(path)
    try:
        free = lock.acquire()
    except OSError:  # no lock can be made there: nobody plays it from this folder either
        return False
    lock.release()
    return not free


def _same_file(fd: int, path: Path) -> bool:
    try:
        a, b = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def move_aside(old: Path, beside: Path) -> Path | None:
    """Move `old` to the first name `<stem>.prev<suffix>`, `<stem>.prev2<suffix>`, ... beside `beside`
    that no file has, never replacing one (a hard link fails if the name is taken); None if it cannot."""
    for n in range(1, 100_000):
        kept = beside.with_name(f"{beside.stem}.prev{n if n > 1 else ''}{beside.suffix}")
        try:
            try:
                os.link(old, kept)
            except FileExistsError:
                continue
            except OSError:  # a file system without hard links: copy to a name taken exclusively
                try:
                    with open(kept, "xb") as f:
                        f.write(old.read_bytes())
                        f.flush()
                        os.fsync(f.fileno())
                except FileExistsError:
                    continue
            os.unlink(old)
        except OSError:
            return None
        _sync_dir(beside.parent)
        return kept
    return None


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
    """A record's text: a regular file of at most MAX_RECORD_BYTES, in UTF-8 (see kural.dsl.files)."""
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


def _parse(text: str) -> dict:
    try:
        return recordcheck.parse(text)
    except RecordError as exc:
        raise RecordFileError.of(exc) from None


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
        recordcheck.loads(text)
        return True
    except RecordError:
        return False
