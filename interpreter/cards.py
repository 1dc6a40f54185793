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


# What a player may type for a joker, besides its label and its name in each language.
JOKER_LABEL = "🃏"  # how a joker is printed
JOKER_WORDS = ("XJ", "JK", "joker")
# Other names of the standard ranks, by language (rank A = 1 ... K = 13), read but never shown.
RANK_ALIASES = {"tr": {11: ("bacak",)}}
FILLER_WORDS = ("of", "the")  # '7 of the diamonds'


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
    by_rank_suit: dict[tuple[int, int], list[int]] = field(init=False, repr=False, compare=False)  # (see cards_of)
    labels: list[str] = field(default_factory=lambda: ["10" if c == "T" else c for c in RANK_CODES])  # shown per rank
    ranks: tuple = tuple(range(1, 14))  # the ranks in play (a short deck leaves some out), low to high

    def __post_init__(self) -> None:
        faces = [(r, s) for _ in range(self.copies) for s in range(4) for r in self.ranks]
        faces += [(JOKER_RANK, JOKER_SUIT)] * self.jokers
        self.rank = [r for r, _ in faces]
        self.suit = [s for _, s in faces]
        self.face = [self.face_id(r, s) for r, s in faces]
        self.code = [face_code(r, s) for r, s in faces]
        self.cards_of_face = {}
        for card, f in enumerate(self.face):
            self.cards_of_face.setdefault(f, []).append(card)
        self.by_rank_suit = {(r, s): self.cards_of_face[self.face_id(r, s)] for r, s in set(faces)}

    @staticmethod
    def face_id(rank: int, suit: int) -> int:
        return suit * 14 + rank

    def cards_of(self, rank, suit) -> list[int]:
        """The physical cards of this rank and suit; none for a rank or suit off the deck (0, 14, -1 ...)."""
        if type(rank) is int and type(suit) is int:  # (a rule's rank and suit, the common case: one lookup)
            known = self.by_rank_suit.get((rank, suit))
            if known is not None:
                return known
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
            return JOKER_LABEL
        return self.symbols[self.suit[card]] + self.labels[r - 1]

    def long_name(self, card: int, lang: str) -> str:
        names = self.names.get(lang) or self.names["en"]
        if self.rank[card] == JOKER_RANK:
            return names["joker"]
        suit, rank = names["suits"][self.suit[card]], names["ranks"][self.rank[card] - 1]
        return f"{suit} {rank}" if lang == "tr" else f"{rank} of {suit}"

    def parse_input(self, text: str) -> tuple[int, int] | None:
        """A player's words for a card -> its face: whatever the screen prints for it (♦7, ★M, 🃏), its code
        (7D, 10d, XJ, JK), and its names in either language ('karo 7', '7 of diamonds', 'maça bacak', PS)."""
        words = [w for w in fold(text.replace(",", " ")).split() if w not in FILLER_WORDS]
        squeezed = "".join(words)
        if not squeezed:
            return None
        ranks, suits, jokers = self._reading_tables()
        if squeezed in jokers:
            return (JOKER_RANK, JOKER_SUIT) if self.jokers else None
        for i in range(1, len(squeezed)):  # rank first (7D, ♦7 read backwards), then suit first (karo 7)
            head, tail = squeezed[:i], squeezed[i:]
            if head in ranks and tail in suits:
                return ranks[head], suits[tail]
        for i in range(1, len(squeezed)):
            head, tail = squeezed[:i], squeezed[i:]
            if head in suits and tail in ranks:
                return ranks[tail], suits[head]
        return None

    def _reading_tables(self) -> tuple[dict[str, int], dict[str, int], set[str]]:
        """Every word a rank, a suit or a joker is typed as (folded) -> its number; built once per deck.
        A rank's codes and labels come first; a name's initial (P for papaz) only where no rank has it yet."""
        tables = self.__dict__.get("_tables")
        if tables is not None:
            return tables
        ranks: dict[str, int] = {}
        suits: dict[str, int] = {}
        jokers = {fold(w) for w in (JOKER_LABEL, *JOKER_WORDS)}
        languages = list(self.names.values())
        for rank, code in enumerate(RANK_CODES, start=1):
            ranks.setdefault(fold(code), rank)
        ranks.setdefault("10", 10)
        ranks.setdefault("1", 1)
        for part in [self.labels, *(n["ranks"] for n in languages)]:
            for rank, word in enumerate(part, start=1):
                ranks.setdefault(fold(str(word)).replace(" ", ""), rank)
        for lang in self.names:
            for rank, words in RANK_ALIASES.get(lang, {}).items():
                for word in words:
                    ranks.setdefault(fold(word), rank)
        for names in languages:  # initials last: only where no code, label or name has the letter
            for rank, word in enumerate(names["ranks"], start=1):
                if not word[:1].isdigit():
                    ranks.setdefault(fold(word[:1]), rank)
        for suit, code in enumerate(SUIT_CODES):
            for word in (code, SUIT_SYMBOLS[suit], self.symbols[suit], *(n["suits"][suit] for n in languages)):
                suits.setdefault(fold(word).replace(" ", ""), suit)
        for names in languages:
            jokers.add(fold(names.get("joker", "joker")).replace(" ", ""))
        self.__dict__["_tables"] = (ranks, suits, jokers)
        return ranks, suits, jokers

    def typed_forms(self, card: int) -> list[str]:
        """The ways a player may type this card that the screen and help show: its code, its label as
        printed, and its name in each language (`kural play` help gives one of each; tests read them all back)."""
        if self.rank[card] == JOKER_RANK:
            return list(dict.fromkeys([self.label(card), *JOKER_WORDS, *(n.get("joker", "joker") for n in self.names.values())]))
        forms = [self.code[card], self.label(card)]
        forms += [self.long_name(card, lang) for lang in self.names]
        return list(dict.fromkeys(forms))


def fold(word: str) -> str:
    """Case- and accent-insensitive form, so 'Maça', 'MACA' and 'maca' match (an emoji's presentation
    selector, as in ♥️, is dropped too)."""
    word = word.replace("ı", "i").replace("İ", "i").replace("\ufe0f", "").lower()
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
