"""The notion about moves: whether the player to move can make a move now (its legal moves)."""
from __future__ import annotations

from .registry import notion, writes


notion("can", ["move"], "bool", "{me} can {0}", "{me} «{0}» hamlesini yapabilir",
       no=("{me} cannot {0}", "{me} «{0}» hamlesini yapamaz"),
       # said to the player (`me` is you): Turkish marks the person on the verb
       you=("you can {0}", "«{0}» hamlesini yapabilirsin"), no_you=("you cannot {0}", "«{0}» hamlesini yapamazsın"))


# ------------------------------------------------- their code (dsl/backend/)
@writes("can")
def _write_can(ctx, a):
    def write(x, src):  # known for this position when its step's moves were listed (interpreter/legal.py)
        if src[0] in x.frame.known_moves:
            return x.frame.known_moves[src[0]]
        known = x.m.new("c")
        return f"({known} if ({known} := {x.state('cache')}.get({src[0]})) is not None else _rt.any_legal(s, {src[0]}))"
    # a move whose answer is a local here (a bool, listed before in its step) cannot fail
    write.cannot_fail = lambda x, args: x(args[0]) in x.frame.known_moves
    write.names_its_own = True  # (a walrus's name, made anew where it is written)
    write.asks_can = True  # (the backend binds the answer of a move listed before in the step as a local)
    return write
