"""A checked game's module written, every function in a fixed order: the flow's effects after a move
first (the play of each move may write them out), then each move's options, play and preferences, each
step's moves, the result and a round's values, what a refusal and the table ask, and the flow.
"""
from __future__ import annotations

from . import keys
from .flow import end_round, move_parts, result_fields, result_values, round_values, shown_values, start_game, start_round
from .module import Module
from .moves import after_move, apply_move, preferences
from .options import legal_options
from .steps import step_moves
from .walks import forget


def generate(g) -> Module:
    """The module of a checked game: the legal options and the play of every move, the flow's effects
    after each move, the values of a round's scoring sheet and the result."""
    try:
        return _generated(g)
    finally:  # what the walks found is of this game's nodes only
        forget()
        keys.forget()


def _generated(g) -> Module:
    module = Module()
    module.in_range["s.me"] = ("seat", g.players)
    module.zone_count = g.zone_count
    if g.after_move is not None:  # first: the play of each move may run its lines (Module.after_lines)
        after_move(module, g)
    for m in g.moves:
        legal_options(module, g, m)
        apply_move(module, g, m)
        preferences(module, g, m)
    for i, step in enumerate(g.steps):
        step_moves(module, g, i, step)
    module.result = result_values(module, g)
    if g.round_result is not None:
        module.round_values = round_values(module, g)
    module.fields = result_fields(module, g)
    for m in g.moves:
        move_parts(module, g, m)
    start_game(module, g)
    start_round(module, g)
    end_round(module, g)
    shown_values(module, g)
    return module
