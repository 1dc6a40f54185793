"""How a state is drawn as text (the Python API's str(state)): the table's drawing, which lives with the
command line above the engine, is passed down here by the package `kural` when it is imported, so that
the engine draws nothing itself and imports nothing of the command line."""
from __future__ import annotations

from typing import Any, Callable

BOARD: list[Callable[[Any], str]] = []  # at most one: the drawing of an API State
