"""What the person typed, read against the legal moves: a move, a command, or one line saying why not.

The reading itself is interpreter/reading.py's (the Python API reads a move's text with it too); here
are the table's commands (`help`, `quit`, `why 7D`) and its words for a text that is no legal move: the
rule that refuses it, from the rule file's `why` texts (cli/refusals.py).
"""
from __future__ import annotations

from kural.interpreter.cards import JOKER_RANK, JOKER_SUIT, RANK_CODES, SUIT_SYMBOLS, fold
from kural.interpreter.reading import MoveReader, Reading, card_choice_values, clean, echo, move_text, option_name  # noqa: F401 (render's)

from .i18n import COMMANDS, WHY_WORDS, pick, t
from .refusals import Why


def examples(g, cards: list[int], lang: str, every_form: bool = False) -> str:
    """Ways to type a card, shown with a card the person can see: '6D, ♦6, karo 6' (its code, as printed,
    by name); `every_form`: a joker's forms too, where the deck has jokers ('🃏, joker, JK')."""
    if not cards:
        return ""
    card = cards[0]
    deck = g.deck
    out = [deck.label(card)] if own_signs(deck, card) else [deck.code[card], deck.label(card)]  # no ♠ code for 🍃
    if deck.rank[card] != JOKER_RANK:
        out.append(deck.long_name(card, lang))
    if every_form and deck.jokers:
        joker = deck.cards_of_face[deck.face_id(JOKER_RANK, JOKER_SUIT)][0]
        out += [form for form in deck.typed_forms(joker) if form not in out]
    return ", ".join(dict.fromkeys(out))


STANDARD_LABELS = ["10" if c == "T" else c for c in RANK_CODES]


def own_signs(deck, card: int) -> list[tuple[str, int, bool]]:
    """The signs a card shows that are the deck's own rather than a standard deck's (a themed deck's symbols and labels): each
    (sign, its suit or rank, whether a suit)."""
    if deck.rank[card] == JOKER_RANK:
        return []
    suit, rank = deck.suit[card], deck.rank[card]
    out = []
    if deck.symbols[suit] != SUIT_SYMBOLS[suit]:
        out.append((deck.symbols[suit], suit, True))
    if deck.labels[rank - 1] != STANDARD_LABELS[rank - 1]:
        out.append((deck.labels[rank - 1], rank, False))
    return out


class Reader(MoveReader):
    """Reads one line of input for the seat to move in state `s`. A line that is no legal move gets one
    line back saying why: the rule that refuses it, the step of the turn it belongs to, the card that is
    not in the hand (and where it is), the meld that does not exist or is no meld (cli/refusals.py)."""

    def __init__(self, g, lang: str):
        super().__init__(g)
        self.lang = lang
        self.why = None  # refusals.Why for that position
        self.ex = ""  # ways to type a card, shown with a refusal

    def read(self, s, legal: list, text: str, example_cards: list[int]) -> Reading:
        self.s = s  # the position, to list a group choice with its cards
        self.why = Why(self.g, s, self.lang, legal)
        self.ex = examples(self.g, example_cards, self.lang)
        text = clean(text)
        word = fold(text)
        for command, words in COMMANDS.items():
            if text and word in (fold(w) for w in words):
                return Reading(command=command)
        head, _, rest = word.partition(" ")
        if head in WHY_WORDS and rest:
            return self._why(s, legal, text.split(" ", 1)[1])
        return self.read_move(s, legal, text)

    def _why(self, s, legal: list, rest: str) -> Reading:
        """`why 7D`, `why meld 9S QS KS`, `why take`: what the move would meet (played, or refused and by
        which rule), without playing it."""
        answer = self._move(s, legal, clean(rest), fold(clean(rest)))
        if answer.move is None:
            return Reading(message=answer.message)
        shown = " + ".join(move_text(self.g, mv, self.lang, s) for mv in [answer.move, *answer.then])
        return Reading(message=t("why_legal", self.lang, card=shown))

    def title(self, m) -> str:
        return pick(m.title, self.lang, m.name)

    def refused(self, case: str, *details) -> Reading:
        return Reading(message=getattr(self, f"_refused_{case}")(*details))

    def which(self, legal: list, options: list, what: str) -> Reading:
        shown = "  ".join(f"{legal.index(mv) + 1}) {move_text(self.g, mv, self.lang, self.s)}"
                          for mv in options)
        return Reading(message=t("which_one", self.lang, what=what, options=shown), options=options)

    def missing_group(self, m, n: int, what: str) -> Reading | None:
        missing = self.why.group(m, n, what)
        return None if missing is None else Reading(message=missing)

    # ------------------------------------------------------------ the refusals, in words
    def _refused_empty(self) -> str:
        return t("empty_input", self.lang, examples=self.ex, help=t("cmd_help", self.lang))

    def _refused_unreadable(self, text: str) -> str:
        return t("unreadable", self.lang, text=echo(text), examples=self.ex)

    def _refused_number(self, digits: str, last: int) -> str:
        shown = digits if len(digits) <= 6 else echo(digits)
        return t("no_number", self.lang, n=shown, last=last)

    def _refused_step(self, m, what: str) -> str:
        return self.why.step(m, what)

    def _refused_bare(self, m, title: str) -> str:
        return self.why.bare(m, title)

    def _refused_nothing_fits(self, m, what: str) -> str:
        return self.why.nothing_fits(m, what)

    def _refused_option(self, m, values: tuple, what: str) -> str:
        return self.why.options(m, values, what)

    def _refused_card(self, want: int, label: str, only_move: int | None) -> str:
        return self.why.card(want, label, only_move)

    def _refused_cards(self, want: list[int], shown: str, only_move: int | None) -> str:
        return self.why.cards(want, shown, only_move)

    def _refused_group_card(self, here, here_legal: list, m, n: int, want: int, label: str, after: bool) -> str:
        refused = Why(self.g, here, self.lang, here_legal).group_card(m, n, want, label)
        return t("none_played", self.lang, why=refused) if after else refused  # the cards before it would fit
