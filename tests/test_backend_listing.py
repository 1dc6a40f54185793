"""Issue 36: the backend is rebuilt (visitors over the tree, split by concept) without changing what
it writes: the generated module of every game, each variant and player count, is byte for byte the one
recorded in tests/golden/programs.json (tests/backend_listing.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "backend_listing.py"


def test_every_generated_module_is_unchanged():
    # a process of its own: the games are built afresh (a cache of their own), never read back from a kept game
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
