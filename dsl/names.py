"""What a name in a rule file stands for: a param, var, zone, move, value table or define the file
declares (a Name of that kind), or one of the names every game has (`me`, `players`, `seats` ...),
given as compiled pieces; and how a message says each kind."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kural.interpreter.messages import Msg
from . import ir
from .piece import C

KIND_WORDS = {kind: Msg("name_kind_" + kind) for kind in ("param", "var", "zone", "move", "builtin", "table", "define")}


def kind_word(kind: str) -> str:
    """What a declared name is (a Name's kind), as a message says it."""
    return KIND_WORDS.get(kind, kind)


@dataclass
class Name:
    """What a name in a rule file stands for."""

    kind: str  # param | var | zone | move | builtin | table
    type: str
    value: Any = None


def builtins(players: int, team_count: int) -> dict[str, C]:
    """The names every game has, whatever its file declares."""
    return {
        "me": C("num", node=ir.StateField("num", "me")),
        "players": C("num", players),
        "seats": C("list", list(range(players)), "num"),
        "teams": C("list", list(range(team_count)), "num"),
        "rounds_played": C("num", node=ir.StateField("num", "rounds_played")),
        "moves_played": C("num", node=ir.StateField("num", "moves_played")),
        "totals": C("list", elem="num", node=ir.StateField("list", "totals")),
    }
