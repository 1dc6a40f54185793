"""Cards: physical cards as small ints, faces, codes, names and card input.

A *card* inside the engine is an int, one per physical card (a double deck
has two distinct ints for its two ♠8). A *face* is what is printed on it
(rank and suit); rules compare faces, records and players see codes.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

RANK_CODES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
SUIT_CODES = ["S", "H", "D", "C"]
SUIT_SYMBOLS = ["♠", "♥", "♦", "♣"]
JOKER_CODE = "XJ"
JOKER_RANK = 0
JOKER_SUIT = len(SUIT_CODES)  # jokers have a suit of their own, "none of the four"

# Names of the standard parts, used unless a rule file names its own.
STANDARD_NAMES = {
    "en": {
        "suits": ["spades", "hearts", "diamonds", "clubs"],
        "ranks": ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"],
        "joker": "joker",
    },
    "tr": {
        "suits": ["maça", "kupa", "karo", "sinek"],
        "ranks": ["as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "vale", "kız", "papaz"],
        "joker": "joker",
    },
}


def face_code(rank: int, suit: int) -> str:
    if rank == JOKER_RANK:
        return JOKER_CODE
    return RANK_CODES[rank - 1] + SUIT_CODES[suit]


def parse_code(code: str) -> tuple[int, int] | None:
    """A card code (7D, TS, 10H, XJ, 7♦) -> (rank, suit), or None."""
    text = code.strip().upper()
    if text == JOKER_CODE:
        return JOKER_RANK, JOKER_SUIT
    for i, sym in enumerate(SUIT_SYMBOLS):
        text = text.replace(sym, SUIT_CODES[i])
    if len(text) < 2:
        return None
    rank_part, suit_part = text[:-1], text[-1]
    if rank_part == "10":
        rank_part = "T"
    if rank_part == "1":
        rank_part = "A"
    if rank_part not in RANK_CODES or suit_part not in SUIT_CODES:
        return None
    return RANK_CODES.index(rank_part) + 1, SUIT_CODES.index(suit_part)


@dataclass
class Deck:
    """The cards of a game: who is who, and how each is named."""

    copies: int = 1
    jokers: int = 0
    symbols: list[str] = field(default_factory=lambda: list(SUIT_SYMBOLS))
    names: dict = field(default_factory=lambda: STANDARD_NAMES)
    rank: list[int] = field(init=False)
    suit: list[int] = field(init=False)
    face: list[int] = field(init=False)
    code: list[str] = field(init=False)
    cards_of_face: dict[int, list[int]] = field(init=False)
    labels: list[str] = field(default_factory=lambda: ["10" if c == "T" else c for c in RANK_CODES])  # shown per rank

    def __post_init__(self) -> None:
        faces = [(r, s) for _ in range(self.copies) for s in range(4) for r in range(1, 14)]
        faces += [(JOKER_RANK, JOKER_SUIT)] * self.jokers
        self.rank = [r for r, _ in faces]
        self.suit = [s for _, s in faces]
        self.face = [self.face_id(r, s) for r, s in faces]
        self.code = [face_code(r, s) for r, s in faces]
        self.cards_of_face = {}
        for card, f in enumerate(self.face):
            self.cards_of_face.setdefault(f, []).append(card)

    @staticmethod
    def face_id(rank: int, suit: int) -> int:
        return suit * 14 + rank

    def cards_of(self, rank, suit) -> list[int]:
        """The physical cards of this rank and suit; none for a rank or suit off the deck (0, 14, -1 ...)."""
        if not (isinstance(rank, int) and isinstance(suit, int)):
            return []
        if 1 <= rank <= 13 and 0 <= suit < len(SUIT_CODES) or (rank, suit) == (JOKER_RANK, JOKER_SUIT):
            return self.cards_of_face.get(self.face_id(rank, suit), [])
        return []

    @property
    def size(self) -> int:
        return len(self.rank)

    def card_of_code(self, code: str) -> int | None:
        """The first physical card with this code's face (None if not in the deck)."""
        parsed = parse_code(code)
        if parsed is None:
            return None
        cards = self.cards_of_face.get(self.face_id(*parsed))
        return cards[0] if cards else None

    def label(self, card: int) -> str:
        """Short display: suit symbol then rank, e.g. ♦10."""
        r = self.rank[card]
        if r == JOKER_RANK:
            return "🃏"
        return self.symbols[self.suit[card]] + self.labels[r - 1]

    def long_name(self, card: int, lang: str) -> str:
        names = self.names.get(lang) or self.names["en"]
        if self.rank[card] == JOKER_RANK:
            return names["joker"]
        suit, rank = names["suits"][self.suit[card]], names["ranks"][self.rank[card] - 1]
        return f"{suit} {rank}" if lang == "tr" else f"{rank} of {suit}"

    def parse_input(self, text: str) -> tuple[int, int] | None:
        """A player's words for a card -> its face: 7D, 7♦, ♦7, D7, 10d, 'karo 7', '7 karo', '7 of diamonds'."""
        squeezed = text.replace(" ", "")
        for symbol, code in zip(self.symbols, SUIT_CODES):  # a deck's own symbols (★7) read as its suits
            if symbol not in SUIT_SYMBOLS:
                squeezed = squeezed.replace(symbol, code)
        for attempt in (squeezed, squeezed[1:] + squeezed[:1]):  # rank first, or suit first
            parsed = parse_code(attempt) or self._labelled(attempt)
            if parsed:
                return parsed
        words = [fold(w) for w in text.replace(",", " ").split()]
        if len(words) == 3 and words[1] in ("of", "of the"):
            words = [words[0], words[2]]
        if len(words) != 2:
            return None
        for first, second in (words, words[::-1]):
            suit = self._lookup(first, "suits")
            rank = self._lookup(second, "ranks")
            if suit is not None and rank is not None:
                return rank + 1, suit
        return None

    def _labelled(self, text: str) -> tuple[int, int] | None:
        """A rank by the deck's own label and a suit code: 'GD' for a deck that labels its jacks G."""
        suit = text[-1:].upper()
        if suit not in SUIT_CODES:
            return None
        labels = [fold(x) for x in self.labels]
        rank = fold(text[:-1])
        return (labels.index(rank) + 1, SUIT_CODES.index(suit)) if rank in labels else None

    def _lookup(self, word: str, part: str) -> int | None:
        for lang_names in self.names.values():
            folded = [fold(n) for n in lang_names[part]]
            if word in folded:
                return folded.index(word)
        if part == "ranks":
            labels = [fold(x) for x in self.labels]
            if word in labels:
                return labels.index(word)
            code = "T" if word == "10" else word.upper()
            if code in RANK_CODES:
                return RANK_CODES.index(code)
        if part == "suits":
            for i, (code, sym) in enumerate(zip(SUIT_CODES, self.symbols)):
                if word in (code.lower(), sym):
                    return i
        return None


def fold(word: str) -> str:
    """Case- and accent-insensitive form, so 'Maça', 'MACA' and 'maca' match."""
    word = word.replace("ı", "i").replace("İ", "i").lower()
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
