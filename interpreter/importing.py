"""How a policy named `module:Name` is imported (kural simulate --bots, state.play_out): a function handed by
the package (kural/__init__.py), as the table's drawing is (interpreter/drawing.py), so that the engine
itself loads no code (tests/test_safety.py). Empty where the package was not imported. A module of its own,
with no imports, so that handing it costs `import kural` nothing."""
from __future__ import annotations

from typing import Any, Callable

IMPORTER: list[Callable[[str], Any]] = []
