"""Policies: what chooses a move for a seat. kural's bots (random, heuristic, search) as policies of the
Python State (`kural.bot(kind).choose(state)`), and any Python policy as a player of kural's own loops
(`state.play_out`, `kural simulate --bots module:Name`, `kural compare`).

A policy is an object with `choose(state)`, or a function of the state; it is handed a copy of the
position as a kural State (interpreter/api.py: what it does to the copy changes nothing) and gives back
one of `state.legal()`, its text, or an integer of `state.legal_actions()`.
"""
from __future__ import annotations

from typing import Any, Callable

from .arguments import ArgumentError, ArgumentTypeError, bot_kind, shown
from .bots import KNOWN, SEAT_STRIDE, make_bot
from .importing import IMPORTER
from .messages import Msg
from .state import State as RawState

RawMove = tuple


def is_policy(value: Any) -> bool:
    """Whether a value plays as a policy: an object with choose(state), or a function."""
    return not isinstance(value, str) and (callable(getattr(value, "choose", None)) or callable(value))


def imported(name: str) -> Any:
    """The policy `module:Name` names: the module imported and the name read from it; a class is made with
    no arguments. ArgumentError, saying why, for one that cannot be had."""
    module, _, attribute = name.partition(":")
    try:
        if not IMPORTER:
            raise ImportError("no importer: import kural first")
        found = getattr(IMPORTER[0](module), attribute) if module and attribute else None
    except Exception as exc:  # an import may fail in any way its module fails: each is said, none raised raw
        raise ArgumentError(Msg("policy_not_found", name=name, error=f"{type(exc).__name__}: {exc}")) from None
    if found is None:
        raise ArgumentError(Msg("policy_not_found", name=name, error="no such name"))
    policy = found() if isinstance(found, type) else found
    if not is_policy(policy):
        raise ArgumentError(Msg("policy_no_choose", name=name))
    return policy


def is_imported_name(kind: Any) -> bool:
    """A bot named as module:Name rather than one of kural's kinds."""
    return isinstance(kind, str) and ":" in kind


class SeatPolicy:
    """A policy as a bot of the engine's loops (`choose(raw state, legal moves)`), for one game. `wrap`
    makes the Python State of a position (interpreter/api.py hands it here: the engine imports it not)."""

    def __init__(self, policy: Any, wrap: Callable[[RawState], Any], encode: Callable[[RawMove], int]):
        self.policy = policy
        self.choose_for = policy.choose if callable(getattr(policy, "choose", None)) else policy
        self.wrap = wrap
        self.encode = encode

    def choose(self, s: RawState, moves: list) -> RawMove:
        state = self.wrap(s.copy())
        chosen = self.choose_for(state)
        if isinstance(chosen, int) and not isinstance(chosen, bool):
            found = [m for m in moves if self.encode(m) == chosen]
            if found:
                return found[0]
        elif isinstance(chosen, str) or hasattr(chosen, "_raw"):  # a text, or a Move of the Python API
            try:
                raw = state._legal_raw(chosen)
            except ValueError:
                raw = []
            if len(raw) == 1 and raw[0] in moves:
                return moves[moves.index(raw[0])]
        raise ArgumentTypeError(Msg("policy_choice", policy=shown(self.policy), given=shown(chosen)))


def seat_players(spec: Any, players: int, seed: int, make: Callable[[Any], SeatPolicy],
                 think: str | None = None) -> list:
    """The players of every seat of one game: `spec` is one kind or policy for all, or one per seat (a kind
    of kural's, `module:Name`, an object with choose(state), a function); kural's bots are seeded from
    the game's seed and the seat, as seat_bots seeds them."""
    each = list(spec) if isinstance(spec, (list, tuple)) else [spec] * players
    if not each or not all(isinstance(one, str) or is_policy(one) for one in each):
        raise ArgumentTypeError(Msg("api_bots_type", given=shown(spec), kinds=KNOWN))
    if len(each) != players:
        raise ArgumentError(Msg("api_bots_count", players=players, count=len(each)))
    out = []
    for seat, one in enumerate(each):
        if is_imported_name(one):
            out.append(make(imported(one)))
        elif is_policy(one):
            out.append(make(one))
        elif isinstance(one, str):
            out.append(make_bot(bot_kind(one, KNOWN), seed * SEAT_STRIDE + seat, think))
        else:
            raise ArgumentTypeError(Msg("api_bots_type", given=shown(spec), kinds=KNOWN))
    return out


__all__ = ["SeatPolicy", "imported", "is_imported_name", "is_policy", "seat_players"]
