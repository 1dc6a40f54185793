"""What the person typed, read against the legal moves: a move, a command, or one line saying why not.

Nothing here knows a game: cards are read by the rule file's deck, moves by
their names and titles, refusals come from the rule file's `why` texts.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from kural.interpreter.cards import JOKER_RANK, JOKER_SUIT, RANK_CODES, SUIT_SYMBOLS, fold
from kural.interpreter import game

from .i18n import COMMANDS, WHY_WORDS, pick, t
from .refusals import Why, label_of_face

MAX_ECHO = 24  # characters of unreadable input repeated back to the person
NUMBER = re.compile(r"#?([0-9]+)[.)]?")
MAX_ORDERS = 200  # positions tried to find an order in which typed cards can be laid off one after another


@dataclass
class Reading:
    move: tuple | None = None  # a legal move to play
    command: str | None = None  # "help" or "quit"
    message: str | None = None  # one line: why the text is not a move
    then: list = field(default_factory=list)  # moves to play after `move`, in order (`add 2 7D 7H`)


# Terminal escape sequences (arrow keys, bracketed paste, a title or colour pasted in): dropped whole, so
# no fragment such as "[A" is read as text. CSI, SS2/SS3, OSC/DCS/SOS/PM/APC strings, then any other ESC pair.
ESCAPES = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
                     r"|\x1b[NO].?"
                     r"|(?:\x1b[\]PX^_]|[\x90\x9d\x98\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
                     r"|\x1b[ -/]*[0-~]?")


def clean(text: str) -> str:
    """The text without escape sequences and control characters; any run of blanks (tabs, no-break
    spaces ...) is one space."""
    text = ESCAPES.sub("", text)
    kept = (" " if c.isspace() else c for c in text if c.isspace() or not unicodedata.category(c).startswith("C"))
    return " ".join("".join(kept).split())


def echo(text: str) -> str:
    return text if len(text) <= MAX_ECHO else text[:MAX_ECHO - 1] + "…"


def card_choice_values(g, move) -> list[int]:
    index, values = move
    return [v for c, v in zip(g.moves[index].choices, values) if c.of_cards and v is not None]


def move_text(g, move, lang: str, s=None) -> str:
    """How a move is listed, as it is typed: its card when the only choice is one card, else its title and
    choices, a group by its number (`add 1 ♥7`, issue 35.8); `s` is no longer needed."""
    index, values = move
    m = g.moves[index]
    title = pick(m.title, lang, m.name)
    if len(m.choices) == 1 and m.choices[0].of_cards:
        return g.deck.label(values[0])
    parts = [title]
    after_card = False
    for c, v in zip(m.choices, values):
        if c.of_cards:
            parts.append(g.deck.label(v))
        elif c.of_card_lists:
            if v:  # the cards a played card takes, or a group of cards on its own
                parts.append(("→ " if after_card else "") + " ".join(g.deck.label(x) for x in v))
        elif c.of_groups:  # a group by its number in its area, as the table reads it
            parts.append(str(g.group_number(v)))
        else:
            parts.append(str(v))
        after_card = c.of_cards
    return " ".join(parts)


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
    """The signs a card shows that are the deck's own rather than a standard deck's (Fanti's 🍃, G): each
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


class Reader:
    """Reads one line of input for the seat to move in state `s`. A line that is no legal move gets one
    line back saying why: the rule that refuses it, the step of the turn it belongs to, the card that is
    not in the hand (and where it is), the meld that does not exist or is no meld (cli/refusals.py)."""

    def __init__(self, g, lang: str):
        self.g = g
        self.lang = lang
        self.s = None  # the position being read, to list a group choice with its cards
        self.why = None  # refusals.Why for that position

    def read(self, s, legal: list, text: str, example_cards: list[int]) -> Reading:
        g, lang = self.g, self.lang
        self.s = s  # the position, to list a group choice with its cards
        self.why = Why(g, s, lang, legal)
        text = clean(text)
        ex = examples(g, example_cards, lang)
        if not text:
            return Reading(message=t("empty_input", lang, examples=ex, help=t("cmd_help", lang)))
        word = fold(text)
        for command, words in COMMANDS.items():
            if word in (fold(w) for w in words):
                return Reading(command=command)
        head, _, rest = word.partition(" ")
        if head in WHY_WORDS and rest:
            return self._why(s, legal, text.split(" ", 1)[1], ex)
        return self._move(s, legal, text, word, ex)

    def _move(self, s, legal: list, text: str, word: str, ex: str) -> Reading:
        number = NUMBER.fullmatch(word)
        if number:
            return self._number(number.group(1), legal)
        named = self._by_name(s, legal, word, ex)
        if named is not None:
            return named
        face = self.g.deck.parse_input(text)
        if face is not None:
            return self._card(s, legal, face, None)
        faces = self._several(text)
        if faces:
            return self._cards(s, legal, faces, None)
        return Reading(message=t("unreadable", self.lang, text=echo(text), examples=ex))

    def _why(self, s, legal: list, rest: str, ex: str) -> Reading:
        """`why 7D`, `why meld 9S QS KS`, `why take`: what the move would meet (played, or refused and by
        which rule), without playing it."""
        answer = self._move(s, legal, clean(rest), fold(clean(rest)), ex)
        if answer.move is None:
            return Reading(message=answer.message)
        shown = " + ".join(move_text(self.g, mv, self.lang, s) for mv in [answer.move, *answer.then])
        return Reading(message=t("why_legal", self.lang, card=shown))

    def _several(self, text: str) -> list[tuple[int, int]] | None:
        """`7D 4S 3S`: several cards, one per word (a card and the cards it takes, a group to lay down)."""
        words = text.replace(",", " ").split()
        faces = [self.g.deck.parse_input(w) for w in words]
        return faces if len(faces) > 1 and all(faces) else None

    def _cards(self, s, legal: list, faces: list, only_move: int | None) -> Reading:
        """The legal move whose cards are these: the card chosen first, then the cards of its groups."""
        g = self.g
        face_of, want = g.deck.face, [g.deck.face_id(*f) for f in faces]
        matches = []
        for mv in legal:
            if only_move is not None and mv[0] != only_move:
                continue
            m = g.moves[mv[0]]
            single = [face_of[v] for c, v in zip(m.choices, mv[1]) if c.of_cards]
            groups = sorted(face_of[x] for c, v in zip(m.choices, mv[1]) if c.of_card_lists for x in v)
            if single + groups == want[:len(single)] + sorted(want[len(single):]) and len(single + groups) == len(want):
                matches.append(mv)
        if len(matches) == 1:
            return Reading(move=matches[0])
        shown = " ".join(self._label_of_face(w) for w in want)
        if matches:
            return self._which(legal, matches, shown)
        return Reading(message=self.why.cards(want, shown, only_move))

    def _number(self, digits: str, legal: list) -> Reading:
        n = int(digits[:6]) if len(digits) <= 6 else 0
        if 1 <= n <= len(legal):
            return Reading(move=legal[n - 1])
        shown = digits if len(digits) <= 6 else echo(digits)
        return Reading(message=t("no_number", self.lang, n=shown, last=len(legal)))

    def _by_name(self, s, legal: list, word: str, ex: str) -> Reading | None:
        """A move named by its name or title (either language), alone or followed by a card, cards, or a
        group's number and cards."""
        g = self.g
        longest_first = sorted(g.moves, key=lambda m: -max(len(fold(x)) for x in [m.name, *m.title.values()] if x))
        for m in longest_first:  # `take back` is the move take_back, not `take` with "back"
            names = {fold(m.name)} | {fold(x) for x in m.title.values() if x}
            rest = None
            if word in names:
                rest = ""
            else:
                for name in names:
                    if name and word.startswith(name + " "):
                        rest = word[len(name) + 1:].strip()
                        break
            if rest is None:
                continue
            return self._named(s, legal, m, rest, ex)
        return None

    def _named(self, s, legal: list, m, rest: str, ex: str) -> Reading:
        g, title = self.g, pick(m.title, self.lang, m.name)
        what = " ".join([title] + [self._word_shown(w) for w in rest.split()])
        if m.index not in g.steps[s.step].moves:  # a move of another step of the turn: which comes now
            return Reading(message=self.why.step(m, what))
        if not rest:
            return self._bare_move(s, legal, m, title)
        grouped = any(c.of_groups for c in m.choices)
        head, _, tail = rest.partition(" ")
        if grouped and head.isdigit():
            n = int(head[:6])
            missing = self.why.group(m, n, what)
            if missing is not None:
                return Reading(message=missing)
            if not tail:  # `add 2`: the group numbered 2
                return self._group(legal, m, n, what)
            return self._group_cards(s, legal, m, n, tail, title, ex)
        face = g.deck.parse_input(rest)
        if face is None:
            faces = self._several(rest)
            if faces:
                return self._cards(s, legal, faces, m.index)
            return Reading(message=t("unreadable", self.lang, text=echo(rest), examples=ex))
        return self._card(s, legal, face, m.index)

    def _word_shown(self, word: str) -> str:
        """A word of what was typed as the table prints it: a card by its label, anything else as typed."""
        face = None if word.isdigit() else self.g.deck.parse_input(word)
        return self._label_of_face(self.g.deck.face_id(*face)) if face else word

    def _group(self, legal: list, m, n: int, what: str) -> Reading:
        """A move with a group choice, named with the group's number in its area."""
        mine = [mv for mv in legal if mv[0] == m.index
                and any(c.of_groups and self.g.group_number(v) == n for c, v in zip(m.choices, mv[1]))]
        if len(mine) == 1:
            return Reading(move=mine[0])
        if mine:
            return self._which(legal, mine, what)
        return Reading(message=self.why.nothing_fits(m, what))

    def _group_cards(self, s, legal: list, m, n: int, text: str, title: str, ex: str) -> Reading:
        """`add 2 7H`, `add 2 7D 7H`: the move with the group numbered n and each card in turn, each tried
        on a copy of the position after the ones before; the first that is refused says why, and then
        none is played. The order the cards are typed in does not matter (issue 35.8): when it does not
        fit, another order that does is played."""
        g = self.g
        faces = [g.deck.parse_input(text)] if g.deck.parse_input(text) else self._several(text)
        if not faces:
            return Reading(message=t("unreadable", self.lang, text=echo(text), examples=ex))
        typed, refused = self._in_order(s, legal, m, n, faces, title)
        if refused and len(faces) > 1:
            found = self._fitting_order(s, legal, m, n, [g.deck.face_id(*f) for f in faces], [MAX_ORDERS])
            if found:
                return Reading(move=found[0], then=found[1:])
        return typed

    def _fitting_order(self, s, legal: list, m, n: int, wants: list[int], budget: list[int]) -> list | None:
        """Moves that lay the faces `wants` on group n one after another in some order, each legal after
        the ones before (a run grows at either end); None if none is found within budget[0] positions."""
        for i, want in enumerate(wants):
            if want in wants[:i]:  # a face tried already
                continue
            mine = [mv for mv in legal if mv[0] == m.index and self._fits(m, mv[1], n, want)]
            if not mine or budget[0] <= 0:
                continue
            budget[0] -= 1
            rest = wants[:i] + wants[i + 1:]
            if not rest:
                return [mine[0]]
            here = game.copy(s)
            game.apply(here, mine[0])
            after = self._fitting_order(here, game.legal(here) if not game.is_over(here) else [], m, n, rest, budget)
            if after is not None:
                return [mine[0], *after]
        return None

    def _in_order(self, s, legal: list, m, n: int, faces: list, title: str) -> tuple[Reading, bool]:
        """The moves that lay `faces` on group n in the order typed (or which of several ways the first
        card goes), and False; or the first refusal and True."""
        g = self.g
        moves, here, here_legal = [], s, legal
        for face in faces:
            want = g.deck.face_id(*face)
            label = f"{title} {n} {self._label_of_face(want)}"
            mine = [mv for mv in here_legal if mv[0] == m.index and self._fits(m, mv[1], n, want)]
            if len(mine) > 1 and not moves:
                return self._which(legal, mine, label), False
            if not mine:
                refused = Why(g, here, self.lang, here_legal).group_card(m, n, want, label)
                if moves:  # the cards before it would fit: say that nothing was played
                    refused = t("none_played", self.lang, why=refused)
                return Reading(message=refused), True
            moves.append(mine[0])
            if len(moves) < len(faces):
                here = game.copy(here)
                game.apply(here, mine[0])
                here_legal = game.legal(here) if not game.is_over(here) else []
        return Reading(move=moves[0], then=moves[1:]), False

    def _fits(self, m, values, n: int, want: int) -> bool:
        g = self.g
        return all(g.group_number(v) == n if c.of_groups else g.deck.face[v] == want if c.of_cards else True
                   for c, v in zip(m.choices, values))

    def _bare_move(self, s, legal: list, m, title: str) -> Reading:
        mine = [mv for mv in legal if mv[0] == m.index]
        if len(mine) == 1:
            return Reading(move=mine[0])
        if mine:
            return self._which(legal, mine, title)
        return Reading(message=self.why.bare(m, title))

    def _which(self, legal: list, options: list, what: str) -> Reading:
        shown = "  ".join(f"{legal.index(mv) + 1}) {move_text(self.g, mv, self.lang, self.s)}"
                          for mv in options)
        return Reading(message=t("which_one", self.lang, what=what, options=shown))

    def _card(self, s, legal: list, face, only_move: int | None) -> Reading:
        g = self.g
        want = g.deck.face_id(*face)
        faces = g.deck.face
        matches = [mv for mv in legal if (only_move is None or mv[0] == only_move)
                   and any(faces[v] == want for v in card_choice_values(g, mv))]
        label = self._label_of_face(want)
        if len(matches) == 1:
            return Reading(move=matches[0])
        if matches:
            return self._which(legal, matches, label)
        return Reading(message=self.why.card(want, label, only_move))

    def _label_of_face(self, want: int) -> str:
        return label_of_face(self.g, want)
