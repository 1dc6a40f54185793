"""A move that chooses a list of cards, played in steps, so that a game's actions stay few: what the
learning environments (interpreter/rl.py) and the OpenSpiel game (openspiel.py) share.

Each move of the rule file has a block of actions, one per value of its choices of fixed range
(interpreter/actions.py's digits: a card's face, a group's number, a value of a written list). A move
that also chooses a list of cards (a meld, a capture) is played in steps: its block's action picks the
move and its other choices (and plays it when only one list fits), then one action per face adds a card
of that face to the list (`+7D`), and the action `=` ends the list. Only cards and ends that lead to a
legal move are offered, so every step is a prefix of a legal move, and the move is played when its
last list is ended or only one move fits. A game whose moves choose no list of cards has no steps: its
actions are the Python State's `legal_actions()` integers.
"""
from __future__ import annotations

from math import prod
from typing import Any

from .actions import ActionCodes
from .arguments import ArgumentError, whole_number
from .messages import Msg

RawMove = tuple  # the engine's move: (move index, its choices' values)
# a move being built: its block, the lists closed (each its count of each face), the counts of the list
# being built, and the legal moves that still fit
Building = tuple[int, list[list[int]], list[int], list[RawMove]]


class Steps:
    """The environments' actions (see the module's docstring): blocks of the moves' fixed choices, then,
    where a move chooses a list of cards, an action per face and the end of a list."""

    def __init__(self, codes: ActionCodes):
        self.codes = codes
        g = codes.g
        self.fixed = [[i for i, c in enumerate(m.choices) if not c.of_card_lists] for m in g.moves]
        self.lists = [[i for i, c in enumerate(m.choices) if c.of_card_lists] for m in g.moves]
        self.starts: list[int] = []
        n = 0
        for m in g.moves:
            self.starts.append(n)
            n += prod(codes.sizes[m.index][i] for i in self.fixed[m.index])
        self.blocks = n
        self.faces = len(codes.faces) if any(self.lists) else 0
        self.end = n + self.faces  # the action that ends a list (where some move has one)
        self.n = n + self.faces + (1 if self.faces else 0)

    def block(self, move: RawMove) -> int:
        index, values = move
        m = self.codes.g.moves[index]
        number = 0
        for i in self.fixed[index]:
            number = number * self.codes.sizes[index][i] + self.codes.digit(m, m.choices[i], values[i])
        return self.starts[index] + number

    def lists_of(self, move: RawMove) -> list[list[int]]:
        """A move's lists of cards, each as its count of each face."""
        index, values = move
        counts = []
        for i in self.lists[index]:
            row = [0] * len(self.codes.faces)
            for card in values[i]:
                row[self.codes.face_index[self.codes.g.deck.face[card]]] += 1
            counts.append(row)
        return counts

    def check(self, action: Any) -> int:
        """An action as an int (a numpy integer too); ArgumentError for what is not one of 0 to n - 1."""
        last = self.n - 1
        number = whole_number(action, lambda given: Msg("env_action_type", given=given, last=last))
        if not 0 <= number <= last:
            raise ArgumentError(Msg("env_no_action", action=number, last=last))
        return number

    def name(self, action: int) -> str:
        """What an action means: a move and its fixed choices (`play 7D`, `add 2 7H`, `meld` before its
        cards), `+7D` for a card added to the list being built, `=` for its end."""
        action = self.check(action)
        if action >= self.end:
            return "="
        if action >= self.blocks:
            return "+" + self.codes.code_of(action - self.blocks)
        index = max(i for i, start in enumerate(self.starts) if start <= action)
        rest = action - self.starts[index]
        m = self.codes.g.moves[index]
        digits = []
        for i in reversed(self.fixed[index]):
            rest, d = divmod(rest, self.codes.sizes[index][i])
            digits.append((i, d))
        words = [m.name]
        for i, d in reversed(digits):
            c = m.choices[i]
            words.append(self.codes.code_of(d) if c.of_cards else str(d + 1) if c.of_groups
                         else str(self.codes.options[(index, c.name)][d]))
        return " ".join(words)

    def by_block(self, moves: list[RawMove]) -> dict[int, list[RawMove]]:
        """Legal moves by the block that starts them."""
        out: dict[int, list[RawMove]] = {}
        for move in moves:
            out.setdefault(self.block(move), []).append(move)
        return out

    def offered(self, building: Building) -> set[int]:
        """The step actions that lead to a legal move while `building`: a face to add, or the end."""
        _, closed, counts, fits = building
        out = set()
        for move in fits:
            now = self.lists_of(move)[len(closed)]
            for face, (want, have) in enumerate(zip(now, counts)):
                if want > have:
                    out.add(self.blocks + face)
            if now == counts:
                out.add(self.end)
        return out

    def advance(self, building: Building | None, action: int,
                blocks: dict[int, list[RawMove]]) -> tuple[Building | None, RawMove | None]:
        """Take a legal step: the move being built after it, and the move to play once it is whole."""
        if building is None:
            fits = blocks[action]
            if not self.lists[fits[0][0]] or len(fits) == 1:
                return None, fits[0]
            return (action, [], [0] * self.faces, fits), None
        block, closed, counts, fits = building
        if action == self.end:
            closed = closed + [counts]
            counts = [0] * self.faces
            fits = [m for m in fits if self.lists_of(m)[:len(closed)] == closed]
        else:
            counts = counts[:]
            counts[action - self.blocks] += 1
            fits = [m for m in fits if all(w >= h for w, h in zip(self.lists_of(m)[len(closed)], counts))]
        done = len(closed) == len(self.lists[fits[0][0]])
        if done or len({self.codes.encode(m) for m in fits}) == 1:
            return None, fits[0]
        return (block, closed, counts, fits), None

    def steps_of(self, move: RawMove, blocks: dict[int, list[RawMove]]) -> list[int]:
        """The actions that play a legal move in steps (a policy that chooses whole moves played here)."""
        wanted = self.lists_of(move)
        actions = [self.block(move)]
        building, done = self.advance(None, actions[0], blocks)
        while done is None:
            assert building is not None
            _, closed, counts, _ = building
            now = wanted[len(closed)]
            face = next((f for f, (w, h) in enumerate(zip(now, counts)) if w > h), None)
            actions.append(self.end if face is None else self.blocks + face)
            building, done = self.advance(building, actions[-1], blocks)
        return actions


__all__ = ["Building", "Steps"]
