"""The one way kural reads a file it was pointed at (a rule file, a record, a save): a regular file only,
and never more than a bound.

A path may name a FIFO (whose open blocks until a writer comes), a device such
as /dev/zero (endless, and its st_size is 0, so a size check before reading
proves nothing) or a directory. The file is opened without blocking, checked on
the open descriptor (so it cannot be swapped between the check and the read),
and read up to one byte past the limit: the caller sees that it is too large
without the rest ever being read.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_FILE_BYTES = 1_000_000  # a rule file larger than this is not read


class NotRegularFile(OSError):
    """A FIFO, a device, a socket or a directory where a file was wanted."""

    def __init__(self, path: Path):
        super().__init__(errno.EINVAL, "not a regular file", str(path))


def read_at_most(path: Path, limit: int) -> bytes:
    """The first `limit + 1` bytes of a regular file at most: more than `limit` means it is too large.
    OSError (NotRegularFile for anything but a regular file) when it cannot be read."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(path)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
