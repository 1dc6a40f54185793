"""A move's text read against the legal moves, as the table reads it: `7D`, `7♦`, `karo 7`, `3` (the third
legal move), `play 7D`, `take`, `add 2 7D 7H`, `play 6S 4D AC`.

One reader for the table (cli/reading.py says its refusals in words) and the Python API (api.py), so
that both take the same texts as the same moves. Nothing here knows a game: cards are read by the rule
file's deck, moves by their names and titles.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from . import game
from .cards import fold
from .numbers import value_key

MAX_ECHO = 24  # characters of unreadable input repeated back to the person
MAX_ORDERS = 200  # positions tried to find an order in which typed cards can be laid off one after another
NUMBER = r"#?([0-9]+)[.)]?"  # patterns as text: `re` keeps them compiled


def move_text(g, move, lang: str, s=None) -> str:
    """How a move is listed, as it is typed: its card when the only choice is one card, else its title and
    choices, a group by its number (`add 1 ♥7`); the table lists it so, and a rule book's examples too."""
    index, values = move
    m = g.moves[index]
    titles = m.title or {}
    title = titles.get(lang) or titles.get("en") or next(iter(titles.values()), m.name)
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
            parts.append(option_name(c, v, lang))
        after_card = c.of_cards
    return " ".join(parts)


def move_faces(g, move) -> tuple[tuple, tuple]:
    """A move by its cards: the faces of the cards chosen one by one, in order, and the faces of the cards
    of its card lists, sorted (which copy of a twin, and in what order a group is typed, do not matter)."""
    face, m = g.deck.face, g.moves[move[0]]
    one = tuple(face[v] for c, v in zip(m.choices, move[1]) if c.of_cards)
    taken = tuple(sorted(face[x] for c, v in zip(m.choices, move[1]) if c.of_card_lists for x in v))
    return one, taken


def option_name(choice, value, lang: str) -> str:
    """An option of a choice that is no card, as the table says it: its name (`shown_as`), else its value."""
    words = choice.shown_as.get(value_key(value))
    return (words.get(lang) or words.get("en") or str(value)) if words else str(value)


@dataclass
class Reading:
    move: Any = None  # a legal move to play
    command: str | None = None  # "help" or "quit" (the table's words)
    message: str | None = None  # one line: why the text is not a move (the table's reader says it)
    then: list = field(default_factory=list)  # moves to play after `move`, in order (`add 2 7D 7H`)
    options: list = field(default_factory=list)  # the legal moves the text fits, when it fits several


# Terminal escape sequences (arrow keys, bracketed paste, a title or colour pasted in): dropped whole, so
# no fragment such as "[A" is read as text. CSI, SS2/SS3, OSC/DCS/SOS/PM/APC strings, then any other ESC pair.
ESCAPES = (r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
           r"|\x1b[NO].?"
           r"|(?:\x1b[\]PX^_]|[\x90\x9d\x98\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
           r"|\x1b[ -/]*[0-~]?")


def clean(text: str) -> str:
    """The text without escape sequences and control characters; any run of blanks (tabs, no-break
    spaces ...) is one space."""
    text = re.sub(ESCAPES, "", text)
    kept = (" " if c.isspace() else c for c in text if c.isspace() or not unicodedata.category(c).startswith("C"))
    return " ".join("".join(kept).split())


def echo(text: str) -> str:
    return text if len(text) <= MAX_ECHO else text[:MAX_ECHO - 1] + "…"


def card_choice_values(g, move) -> list[int]:
    index, values = move
    return [v for c, v in zip(g.moves[index].choices, values) if c.of_cards and v is not None]


def label_of_face(g, face: int) -> str:
    cards = g.deck.cards_of_face.get(face)
    return g.deck.label(cards[0]) if cards else "?"


class MoveReader:
    """Reads a move's text for the seat to move in state `s`. A text that is no legal move gives a Reading
    with no move: `refused(case, ...)` and `which(...)` are where the table's reader puts its words; here
    they only say that it is not one (and, for a text that fits several moves, which)."""

    def __init__(self, g):
        self.g = g
        self.s = None  # the position being read

    def read_move(self, s, legal: list, text: str) -> Reading:
        self.s = s
        text = clean(text)
        if not text:
            return self.refused("empty")
        return self._move(s, legal, text, fold(text))

    # ------------------------------------------------------------ what a reader says (overridden by the table)
    def refused(self, case: str, *details) -> Reading:
        """The text is no legal move: `case` says why (`unreadable`, `number`, `step`, `card`, `cards`,
        `group_card`, `nothing_fits`, `bare`, `option`, `empty`), `details` what the table shows of it."""
        return Reading()

    def which(self, legal: list, options: list, what: str) -> Reading:
        """The text fits several legal moves."""
        return Reading(options=options)

    def missing_group(self, m, n: int, what: str) -> Reading | None:
        """`add 9 ...` where there is no group 9: a Reading saying so, or None to read on."""
        return None

    def title(self, m) -> str:
        return m.name

    # ------------------------------------------------------------ reading
    def _move(self, s, legal: list, text: str, word: str) -> Reading:
        number = re.fullmatch(NUMBER, word)
        if number:
            return self._number(number.group(1), legal)
        named = self._by_name(s, legal, word, text)
        if named is not None:
            return named
        face = self.g.deck.parse_input(text)
        if face is not None:
            return self._card(s, legal, face, None)
        faces = self._several(text)
        if faces:
            return self._cards(s, legal, faces, None)
        return self._by_options(legal, text) or self.refused("unreadable", text)

    def _by_options(self, legal: list, text: str) -> Reading | None:
        """A legal move typed by its options alone, without the move's name (`kupa`, `kız almaz`): the one
        whose choices, none of them cards, the words name; None when none does."""
        words = text.split()
        fits = [mv for mv in legal if self.g.moves[mv[0]].choices
                and not any(c.of_cards or c.of_card_lists or c.of_groups for c in self.g.moves[mv[0]].choices)
                and self._words_fit(self.g.moves[mv[0]], mv[1], words)]
        if len(fits) == 1:
            return Reading(move=fits[0])
        return self.which(legal, fits, text) if fits else None

    def _several(self, text: str) -> list[tuple[int, int]] | None:
        """`7D 4S 3S`: several cards, one per word (a card and the cards it takes, a group to lay down); the
        arrow the table lists between a card and the cards it takes (`7D → 4S 3S`) may be typed too."""
        words = text.replace(",", " ").replace("→", " ").replace("->", " ").split()
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
            single, groups = move_faces(g, mv)
            if list(single + groups) == want[:len(single)] + sorted(want[len(single):]) \
                    and len(single + groups) == len(want):
                matches.append(mv)
        if len(matches) == 1:
            return Reading(move=matches[0])
        shown = " ".join(label_of_face(g, w) for w in want)
        if matches:
            return self.which(legal, matches, shown)
        return self.refused("cards", want, shown, only_move)

    def _number(self, digits: str, legal: list) -> Reading:
        n = int(digits[:6]) if len(digits) <= 6 else 0
        if 1 <= n <= len(legal):
            return Reading(move=legal[n - 1])
        return self.refused("number", digits, len(legal))

    def _by_name(self, s, legal: list, word: str, text: str) -> Reading | None:
        """A move named by its name or title (either language), alone or followed by a card, cards, or a
        group's number and cards. `word` is what was typed, folded; `text` as typed (said back so)."""
        g = self.g
        longest_first = sorted(g.moves, key=lambda m: -max(len(fold(x)) for x in [m.name, *m.title.values()] if x))
        for m in longest_first:  # `take back` is the move take_back, not `take` with "back"
            names = {fold(m.name)} | {fold(x) for x in m.title.values() if x}
            rest = None
            if word in names:
                rest = ""
            else:
                for name in sorted(names, key=len, reverse=True):  # `throw in QD`: the title, not `throw`
                    if name and word.startswith(name + " "):
                        rest = word[len(name) + 1:].strip()
                        break
            if rest is None:
                continue
            typed = " ".join(text.split()[len(word.split()) - len(rest.split()):])  # (the rest as typed)
            return self._named(s, legal, m, rest, typed)
        return None

    def _named(self, s, legal: list, m, rest: str, typed: str) -> Reading:
        g, title = self.g, self.title(m)
        what = " ".join([title] + [self._word_shown(w) for w in typed.split()])
        if m.index not in g.steps[s.step].moves:  # a move of another step of the turn: which comes now
            return self.refused("step", m, what)
        if not rest:
            return self._bare_move(s, legal, m, title)
        grouped = any(c.of_groups for c in m.choices)
        head, _, tail = rest.partition(" ")
        if grouped and head.isdigit():
            n = int(head[:6])
            missing = self.missing_group(m, n, what)
            if missing is not None:
                return missing
            if not tail:  # `add 2`: the group numbered 2
                return self._group(legal, m, n, what)
            return self._group_cards(s, legal, m, n, tail, title)
        face = g.deck.parse_input(rest)
        if face is None:
            faces = self._several(rest)
            if faces:
                return self._cards(s, legal, faces, m.index)
            return self._by_words(legal, m, rest, what) or self._option_refused(s, m, rest, what) \
                or self.refused("unreadable", typed)
        return self._card(s, legal, face, m.index)

    def _option_refused(self, s, m, rest: str, what: str) -> Reading | None:
        """A move of options that are no cards, typed with options it may not take now (`bid 15`): refused
        with what refuses them (the table says the check's words); None when the words name no options."""
        if not m.choices or any(c.of_cards or c.of_card_lists or c.of_groups for c in m.choices):
            return None
        words, values = rest.split(), ()
        for k, c in enumerate(m.choices):
            try:
                options = list(self.g.program.domains[m.index][k](s, *values))
            except Exception:  # noqa: BLE001 - options that cannot be listed here: no refusal to tell
                return None
            took = None
            for v in options:
                n = self._option_words(c, v, words)
                if n and (took is None or n > took[1]):
                    took = (v, n)
            if took is None:
                return None
            values, words = values + (took[0],), words[took[1]:]
        return None if words else self.refused("option", m, values, what)

    def _by_words(self, legal: list, m, rest: str, what: str) -> Reading | None:
        """A move of m typed choice by choice as it is listed (`play a wild ♠8 0`: a card, then a value that
        is no card): each word read as its choice reads it; None when no legal move of m fits."""
        words = rest.replace("→", " ").replace("->", " ").split()
        fits = [mv for mv in legal if mv[0] == m.index and self._words_fit(m, mv[1], words)]
        if len(fits) == 1:
            return Reading(move=fits[0])
        return self.which(legal, fits, what) if fits else None

    def _words_fit(self, m, values: tuple, words: list[str]) -> bool:
        """Are these words the move's choices, in order: a card by any of its forms, the cards of a group (in any
        order), a group by its number, any other value as it is written?"""
        g, at = self.g, 0
        face_of = g.deck.face
        for c, v in zip(m.choices, values):
            if c.of_card_lists:
                taken = words[at:at + len(v)]
                typed = [g.deck.parse_input(w) for w in taken]
                if len(taken) < len(v) or None in typed or \
                        sorted(g.deck.face_id(*f) for f in typed) != sorted(face_of[x] for x in v):
                    return False
                at += len(v)
                continue
            if at >= len(words):
                return False
            if not (c.of_cards or c.of_groups):  # a value: by what it is or its name, of one word or several
                took = self._option_words(c, v, words[at:])
                if not took:
                    return False
                at += took
                continue
            word = words[at]
            at += 1
            if c.of_cards:
                typed = g.deck.parse_input(word)
                if v is None or typed is None or g.deck.face_id(*typed) != face_of[v]:
                    return False
            elif c.of_groups:
                if word != str(g.group_number(v)):
                    return False
        return at == len(words)

    @staticmethod
    def _option_words(c, value, words: list[str]) -> int:
        """How many of the words, from the first, name this option of a choice (its value as written, or its
        name in either language, `Kız almaz` two words); 0 when they do not."""
        names = {fold(str(value))} | {fold(w) for w in c.shown_as.get(value_key(value), {}).values()}
        most = max(len(n.split()) for n in names)
        return next((k for k in range(min(most, len(words)), 0, -1) if fold(" ".join(words[:k])) in names), 0)

    def _word_shown(self, word: str) -> str:
        """A word of what was typed as the table prints it: a card by its label, anything else as typed."""
        face = None if word.isdigit() else self.g.deck.parse_input(word)
        return label_of_face(self.g, self.g.deck.face_id(*face)) if face else word

    def _group(self, legal: list, m, n: int, what: str) -> Reading:
        """A move with a group choice, named with the group's number in its area."""
        mine = [mv for mv in legal if mv[0] == m.index
                and any(c.of_groups and self.g.group_number(v) == n for c, v in zip(m.choices, mv[1]))]
        if len(mine) == 1:
            return Reading(move=mine[0])
        if mine:
            return self.which(legal, mine, what)
        return self.refused("nothing_fits", m, what)

    def _group_cards(self, s, legal: list, m, n: int, text: str, title: str) -> Reading:
        """`add 2 7H`, `add 2 7D 7H`: the move with the group numbered n and each card in turn, each tried
        on a copy of the position after the ones before; the first that is refused says why, and then
        none is played. The order the cards are typed in does not matter (issue 35.8): when it does not
        fit, another order that does is played."""
        g = self.g
        faces = [g.deck.parse_input(text)] if g.deck.parse_input(text) else self._several(text)
        if not faces:
            return self.refused("unreadable", text)
        typed = self._in_order(s, legal, m, n, faces, title)
        if typed.move is None and not typed.options and len(faces) > 1:
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

    def _in_order(self, s, legal: list, m, n: int, faces: list, title: str) -> Reading:
        """The moves that lay `faces` on group n in the order typed, which of several ways the first card
        goes, or the first refusal."""
        g = self.g
        moves, here, here_legal = [], s, legal
        for face in faces:
            want = g.deck.face_id(*face)
            label = f"{title} {n} {label_of_face(g, want)}"
            mine = [mv for mv in here_legal if mv[0] == m.index and self._fits(m, mv[1], n, want)]
            if len(mine) > 1 and not moves:
                return self.which(legal, mine, label)
            if not mine:
                return self.refused("group_card", here, here_legal, m, n, want, label, bool(moves))
            moves.append(mine[0])
            if len(moves) < len(faces):
                here = game.copy(here)
                game.apply(here, mine[0])
                here_legal = game.legal(here) if not game.is_over(here) else []
        return Reading(move=moves[0], then=moves[1:])

    def _fits(self, m, values, n: int, want: int) -> bool:
        g = self.g
        return all(g.group_number(v) == n if c.of_groups else g.deck.face[v] == want if c.of_cards else True
                   for c, v in zip(m.choices, values))

    def _bare_move(self, s, legal: list, m, title: str) -> Reading:
        mine = [mv for mv in legal if mv[0] == m.index]
        if len(mine) == 1:
            return Reading(move=mine[0])
        if mine:
            return self.which(legal, mine, title)
        return self.refused("bare", m, title)

    def _card(self, s, legal: list, face, only_move: int | None) -> Reading:
        g = self.g
        want = g.deck.face_id(*face)
        faces = g.deck.face
        matches = [mv for mv in legal if (only_move is None or mv[0] == only_move)
                   and any(faces[v] == want for v in card_choice_values(g, mv))]
        label = label_of_face(g, want)
        if len(matches) == 1:
            return Reading(move=matches[0])
        if matches:
            return self.which(legal, matches, label)
        return self.refused("card", want, label, only_move)
