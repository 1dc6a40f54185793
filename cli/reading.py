"""What the person typed, read against the legal moves: a move, a command, or one line saying why not.

Nothing here knows a game: cards are read by the rule file's deck, moves by
their names and titles, refusals come from the rule file's `why` texts.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from interpreter.cards import JOKER_RANK, JOKER_SUIT, fold
from interpreter.legal import refusal

from .i18n import COMMANDS, WHY_WORDS, pick, t

MAX_ECHO = 24  # characters of unreadable input repeated back to the person
NUMBER = re.compile(r"#?([0-9]+)[.)]?")


@dataclass
class Reading:
    move: tuple | None = None  # a legal move to play
    command: str | None = None  # "help" or "quit"
    message: str | None = None  # one line: why the text is not a move


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
    """How a move is listed: its card when the only choice is one card, else its title and choices."""
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
        elif c.of_groups:  # a group by its number in its area, and its cards: "meld 2: ♥4 ♥5 ♥6"
            z, _ = g.zone_instance(v)
            parts.append(f"{pick(z.title, lang, z.name)} {g.group_number(v)}:")
            if s is not None:
                parts.append(" ".join(g.deck.label(x) for x in s.zones[v]))
                if c is not m.choices[-1]:  # the cards chosen next join it: "meld 1: ♥4 ♥5 ♥6 + ♥7"
                    parts.append("+")
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
    out = [deck.code[card], deck.label(card)]
    if deck.rank[card] != JOKER_RANK:
        out.append(deck.long_name(card, lang))
    if every_form and deck.jokers:
        joker = deck.cards_of_face[deck.face_id(JOKER_RANK, JOKER_SUIT)][0]
        out += [form for form in deck.typed_forms(joker) if form not in out]
    return ", ".join(dict.fromkeys(out))


class Reader:
    """Reads one line of input for the seat to move in state `s`."""

    def __init__(self, g, lang: str):
        self.g = g
        self.lang = lang
        self.s = None  # the position being read, to list a group choice with its cards

    def read(self, s, legal: list, text: str, example_cards: list[int]) -> Reading:
        g, lang = self.g, self.lang
        self.s = s  # the position, to list a group choice with its cards
        text = clean(text)
        ex = examples(g, example_cards, lang)
        if not text:
            return Reading(message=t("empty_input", lang, examples=ex, help=t("cmd_help", lang)))
        word = fold(text)
        for command, words in COMMANDS.items():
            if word in (fold(w) for w in words):
                return Reading(command=command)
        why = self._why(s, legal, text, word, ex)
        if why is not None:
            return why
        number = NUMBER.fullmatch(word)
        if number:
            return self._number(number.group(1), legal)
        named = self._by_name(s, legal, word, ex)
        if named is not None:
            return named
        face = g.deck.parse_input(text)
        if face is not None:
            return self._card(s, legal, face, None)
        faces = self._several(text)
        if faces:
            return self._cards(legal, faces, None)
        return Reading(message=t("unreadable", lang, text=echo(text), examples=ex))

    def _several(self, text: str) -> list[tuple[int, int]] | None:
        """`7D 4S 3S`: several cards, one per word (a card and the cards it takes, a group to lay down)."""
        words = text.replace(",", " ").split()
        faces = [self.g.deck.parse_input(w) for w in words]
        return faces if len(faces) > 1 and all(faces) else None

    def _cards(self, legal: list, faces: list, only_move: int | None) -> Reading:
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
        shown = " ".join(self._label_of_face(w, f) for w, f in zip(want, faces))
        if matches:
            return self._which(legal, matches, shown)
        return Reading(message=t("not_legal", self.lang, what=shown))

    def _why(self, s, legal: list, text: str, word: str, ex: str) -> Reading | None:
        """`why 7D`: what playing the card would meet (played or refused, and by which rule), without playing."""
        head, _, rest = word.partition(" ")
        if head not in WHY_WORDS or not rest:
            return None
        face = self.g.deck.parse_input(text.split(" ", 1)[1])
        if face is None:
            return Reading(message=t("unreadable", self.lang, text=echo(rest), examples=ex))
        answer = self._card(s, legal, face, None)
        if answer.message is not None:
            return answer
        label = self._label_of_face(self.g.deck.face_id(*face), face)
        return Reading(message=t("why_legal", self.lang, card=label))

    def _number(self, digits: str, legal: list) -> Reading:
        n = int(digits[:6]) if len(digits) <= 6 else 0
        if 1 <= n <= len(legal):
            return Reading(move=legal[n - 1])
        shown = digits if len(digits) <= 6 else echo(digits)
        return Reading(message=t("no_number", self.lang, n=shown, last=len(legal)))

    def _by_name(self, s, legal: list, word: str, ex: str) -> Reading | None:
        """A move named by its name or title (either language), alone or followed by a card."""
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
            title = pick(m.title, self.lang, m.name)
            if not rest:
                return self._bare_move(s, legal, m, title)
            if rest.isdigit() and any(c.of_groups for c in m.choices):  # `add 2`: the group numbered 2
                return self._group(legal, m, int(rest[:6]), f"{title} {rest[:6]}")
            head, _, tail = rest.partition(" ")
            if head.isdigit() and tail and any(c.of_groups for c in m.choices):  # `add 2 7H`: a card onto group 2
                return self._group_card(s, legal, m, int(head[:6]), tail, title, ex)
            face = g.deck.parse_input(rest)
            if face is None:
                faces = self._several(rest)
                if faces:
                    return self._cards(legal, faces, m.index)
                return Reading(message=t("unreadable", self.lang, text=echo(rest), examples=ex))
            return self._card(s, legal, face, m.index)
        return None

    def _group(self, legal: list, m, n: int, what: str) -> Reading:
        """A move with a group choice, named with the group's number in its area."""
        mine = [mv for mv in legal if mv[0] == m.index
                and any(c.of_groups and self.g.group_number(v) == n for c, v in zip(m.choices, mv[1]))]
        if len(mine) == 1:
            return Reading(move=mine[0])
        if mine:
            return self._which(legal, mine, what)
        return Reading(message=t("not_legal", self.lang, what=what))

    def _group_card(self, s, legal: list, m, n: int, text: str, title: str, ex: str) -> Reading:
        """`add 2 7H`: the move with the group numbered n and this card; if it is not legal, the rule that refuses it."""
        g = self.g
        face = g.deck.parse_input(text)
        if face is None:
            return Reading(message=t("unreadable", self.lang, text=echo(text), examples=ex))
        want, faces = g.deck.face_id(*face), g.deck.face
        label = f"{title} {n} {self._label_of_face(want, face)}"

        def fits(values) -> bool:
            return all(g.group_number(v) == n if c.of_groups else faces[v] == want if c.of_cards else True
                       for c, v in zip(m.choices, values))
        mine = [mv for mv in legal if mv[0] == m.index and fits(mv[1])]
        if len(mine) == 1:
            return Reading(move=mine[0])
        if mine:
            return self._which(legal, mine, label)
        if m.index in g.steps[s.step].moves and len(m.choices) == 2 and m.choices[0].of_groups and m.choices[1].of_cards:
            group = next((v for v in self._domain(s, m.choices[0]) if g.group_number(v) == n), None)
            card = next((c for c in self._domain(s, m.choices[1]) if faces[c] == want), None) if group is not None else None
            if card is not None:
                return Reading(message=self._why_not(s, m, (group, card), title, "refused", card=label))
        return Reading(message=t("not_legal", self.lang, what=label))

    def _bare_move(self, s, legal: list, m, title: str) -> Reading:
        mine = [mv for mv in legal if mv[0] == m.index]
        if not m.choices:
            if mine:
                return Reading(move=mine[0])
            return Reading(message=self._why_not(s, m, (), title, "move_refused", move=title))
        if len(mine) == 1:
            return Reading(move=mine[0])
        if mine:
            return self._which(legal, mine, title)
        return Reading(message=t("not_legal", self.lang, what=title))

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
        label = self._label_of_face(want, face)
        if len(matches) == 1:
            return Reading(move=matches[0])
        if matches:
            return self._which(legal, matches, label)
        # Not legal: is it a card the person could choose at all? Then say which rule forbids it.
        for index in g.steps[s.step].moves:
            if only_move is not None and index != only_move:
                continue
            m = g.moves[index]
            if len(m.choices) != 1 or not m.choices[0].of_cards:
                continue
            for card in self._domain(s, m.choices[0]):
                if faces[card] == want:
                    title = pick(m.title, self.lang, m.name)
                    return Reading(message=self._why_not(s, m, (card,), title, "refused", card=label))
        return Reading(message=t("not_held", self.lang, card=label))

    def _domain(self, s, choice) -> list[int]:
        try:
            items = choice.domain(s, {})
            return list(s.zones[items] if choice.domain_is_zone else items)
        except Exception:  # a domain that needs other choices first: nothing to offer alone
            return []

    def _why_not(self, s, m, values: tuple, title: str, key: str, **names) -> str:
        check = refusal(s, m.index, values)
        if check is None:  # legal by its checks, yet not offered: the step does not offer it now
            return t("not_offered", self.lang, move=title)
        why = pick(check.why, self.lang, check.source)
        if check.rule:
            why = f"{why} ({check.rule})"
        return t(key, self.lang, why=why, **names)

    def _label_of_face(self, want: int, face) -> str:
        cards = self.g.deck.cards_of_face.get(want)
        return self.g.deck.label(cards[0]) if cards else "?"
