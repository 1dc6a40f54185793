"""What the corpora of hashes share (tests/golden_corpus.py, teaching_corpus.py, backend_listing.py): their
table of hashes written to a json file, or checked against it. Not a test module."""
from __future__ import annotations

import json
import sys
from pathlib import Path


def write_or_check(table: dict, path: Path, write: bool, noun: str, only: str | None = None) -> None:
    """With `write`, the table into `path` (merged into what it holds when only some keys were worked out,
    `only`); else each key that differs from `path`'s said, exit 1 if one does."""
    if write:
        old = json.loads(path.read_text()) if path.exists() and only else {}
        old.update(table)
        path.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")
        return
    want = json.loads(path.read_text())
    keys = table if only else set(want) | set(table)
    bad = sorted(k for k in keys if want.get(k) != table.get(k))
    print("\n".join(f"changed: {k}" for k in bad) or f"all {len(table)} {noun} match")
    sys.exit(1 if bad else 0)
