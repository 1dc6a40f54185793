"""A game's moves as integers, the same integer for the same move in every position: what the Python
State's `legal_actions()` gives and what the learning environments (interpreter/rl.py) number their
actions by. Everything is read from the compiled game, so a rule file of one's own is numbered too.

Each choice of a move has a digit with a fixed range, read from the game:

- a card: one digit value per face of the deck, in face order (two ♠8 of a double deck are one value:
  the same move, whichever of the twins it names);
- a group of a group zone: its number in its area, 1 to the largest `max_groups` of the game's zones;
- a list of cards (a meld, a capture): how many cards of each face it holds, a digit per face from 0 to
  the deck's copies of that face, read as one mixed-radix number (so the order the cards are listed in
  is not part of the move);
- a plain value chosen from a list the rule file writes (`call: "[0, 1, 2, 3]"`): its place in that list.

A move's action is its block's first integer plus its digits read as one mixed-radix number, the first
choice the most significant; the blocks follow the rule file's order of moves. A list of cards makes
a block too large for a Discrete space (2^52 for a 52-card deck), which is why the environments play
such a choice in steps (interpreter/rl.py); the integers are Python ints, of any size.
"""
from __future__ import annotations

from math import prod
from typing import Any, Sequence

from .arguments import ArgumentError
from .gamedef import Choice, GameDef, MoveDef
from .messages import Msg

RawMove = tuple  # the engine's move: (move index, its choices' values)


class ActionCodes:
    """The integer of every move a game can offer (see the module's docstring)."""

    def __init__(self, g: GameDef):
        self.g = g
        self.faces = sorted(set(g.deck.face))
        self.face_index = {f: i for i, f in enumerate(self.faces)}
        self.copies = [len(g.deck.cards_of_face[f]) for f in self.faces]
        self.groups = max([z.max_groups for z in g.zones] + [1])
        self.list_size = prod(c + 1 for c in self.copies)
        self.radix = [prod(c + 1 for c in self.copies[:i]) for i in range(len(self.copies))]  # a list's digits
        self.options = {(m.index, c.name): _written_options(m, c) for m in g.moves for c in m.choices
                        if not (c.of_cards or c.of_groups or c.of_card_lists)}
        self.sizes = [[self.size(m, c) for c in m.choices] for m in g.moves]
        self.starts: list[int] = []
        n = 0
        for sizes in self.sizes:
            self.starts.append(n)
            n += prod(sizes)
        self.n = n

    def size(self, m: MoveDef, c: Choice) -> int:
        """How many values the choice's digit takes."""
        if c.of_cards:
            return len(self.faces)
        if c.of_groups:
            return self.groups
        if c.of_card_lists:
            return self.list_size
        return len(self.options[(m.index, c.name)])

    def digit(self, m: MoveDef, c: Choice, value: Any) -> int:
        """The digit of one choice's value."""
        face = self.g.deck.face
        if c.of_cards:
            return self.face_index[face[value]]
        if c.of_groups:
            return self.g.group_number(value) - 1
        if c.of_card_lists:
            return sum(self.radix[self.face_index[face[card]]] for card in value)
        return self.options[(m.index, c.name)].index(value)

    def encode(self, move: RawMove) -> int:
        """The integer of an engine move (one of the legal moves of some position)."""
        index, values = move
        m = self.g.moves[index]
        number = 0
        for c, size, value in zip(m.choices, self.sizes[index], values):
            number = number * size + self.digit(m, c, value)
        return self.starts[index] + number

    def legal(self, moves: Sequence[RawMove]) -> dict[int, RawMove]:
        """The legal moves by integer, in increasing order; of twin moves (the same faces) the first."""
        by_action: dict[int, RawMove] = {}
        for move in moves:
            by_action.setdefault(self.encode(move), move)
        return dict(sorted(by_action.items()))

    def decode(self, action: int) -> tuple[MoveDef, list[int]]:
        """The move of an integer and its choices' digits; ArgumentError for no action of this game."""
        if not 0 <= action < self.n:
            raise ArgumentError(Msg("env_no_action", action=action, last=self.n - 1))
        index = max(i for i, start in enumerate(self.starts) if start <= action)
        rest = action - self.starts[index]
        digits = []
        for size in reversed(self.sizes[index]):
            rest, d = divmod(rest, size)
            digits.append(d)
        return self.g.moves[index], digits[::-1]

    def name(self, action: int) -> str:
        """An action in the table's notation, whether or not it is legal now: `play 7D`, `add 2 7H`, a list's
        cards in face order (`meld 5S 5H 5D`), a plain value as written."""
        m, digits = self.decode(action)
        words = [m.name]
        for c, d in zip(m.choices, digits):
            if c.of_cards:
                words.append(self.code_of(d))
            elif c.of_groups:
                words.append(str(d + 1))
            elif c.of_card_lists:
                words += [self.code_of(i) for i, count in enumerate(self.counts(d)) for _ in range(count)]
            else:
                words.append(str(self.options[(m.index, c.name)][d]))
        return " ".join(words)

    def counts(self, digit: int) -> list[int]:
        """A list's digit as how many cards of each face it holds."""
        out = []
        for c in self.copies:
            digit, k = divmod(digit, c + 1)
            out.append(k)
        return out

    def code_of(self, face_number: int) -> str:
        """The code of a face by its number (the code of its first card: twins share it)."""
        return self.g.deck.code[self.g.deck.cards_of_face[self.faces[face_number]][0]]


def _written_options(m: MoveDef, c: Choice) -> list:
    """The options of a plain-value choice: the list the rule file writes (a constant, folded at load);
    ArgumentError where they depend on the position, since no integer could stand for one of them in
    every position."""
    options = c.written
    if options is None:
        raise ArgumentError(Msg("actions_unnumbered", move=m.name, choice=c.name))
    return options
