"""Why a move the person typed cannot be played: one line that names the rule or the reason.

Read from the rule file and the position only: the step of the turn a move belongs to (and the rule the
moves of the step now share), the place a card is instead of the hand, the group number that does not
exist, the `melds:` section's reason a set of cards is no meld, and the first check of the move that
fails (its `why:` words and rule, as the rule file writes them; a check without one, its condition said
from the compiled program: kural.dsl.teach.refusal_words).
"""
from __future__ import annotations

from kural.dsl.wording import fill
from kural.interpreter import game
from kural.interpreter.legal import refusal
from kural.interpreter.reading import label_of_face

from .i18n import pick, t
from .meldcheck import meld_reason

MAX_TRIED = 200  # options of a move's other choices tried for the reason a card is refused


class _Unchosen:
    """Stands for a choice not made yet, given to the options of a later one: any use of it fails, as the
    options that need it cannot be listed yet (the caller then does without them)."""

    def _fail(self, *args):
        raise LookupError("a choice not made yet")
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __bool__ = __index__ = __int__ = _fail
    __getitem__ = __iter__ = __len__ = __contains__ = _fail


_UNCHOSEN = _Unchosen()


def rule_suffix(rule: str | None) -> str:
    return f" ({rule})" if rule else ""


class Why:
    """The refusals of one position: `s`, seen by the seat to move, whose legal moves are `legal`."""

    def __init__(self, g, s, lang: str, legal: list):
        self.g, self.s, self.lang, self.legal = g, s, lang, legal

    def _title(self, m) -> str:
        return pick(m.title, self.lang, m.name)

    # ------------------------------------------------------------ the turn's steps
    def step(self, m, what: str) -> str:
        """`m` is a move of another step of the turn: which moves come now, and the rule they share."""
        g, lang = self.g, self.lang
        offered = list(dict.fromkeys(mv[0] for mv in self.legal))
        moves = t("or_join", lang).join(self._title(g.moves[i]) for i in offered)
        here = [g.moves[i] for i in g.steps[self.s.step].moves]
        # the rule that orders the turn: one the typed move shares with a move of this step, else one the
        # moves offered now share
        shared = [r for r in m.rules if any(r in x.rules for x in here)]
        shared += [r for r in (g.moves[offered[0]].rules if offered else [])
                   if all(r in g.moves[i].rules for i in offered)]
        rule = rule_suffix(shared[0] if shared else None)
        now = next((i for i, st in enumerate(g.steps) if st is g.steps[self.s.step]), 0)
        later = any(m.index in st.moves for st in g.steps[now + 1:])
        return t("step_first" if later else "step_now", lang, what=what, moves=moves, rule=rule)

    # ------------------------------------------------------------ where a card is
    def _zone_words(self, zid: int) -> str:
        """A zone as the person reads it: the rule file's words for their own (`elin`), else its title
        with its owner and group number."""
        g, lang = self.g, self.lang
        z, owner = g.zone_instance(zid)
        if z.yours and owner == self.s.me and z.per_seat:
            return pick(z.yours, lang, z.name)
        title = pick(z.title, lang, z.name)
        names = self._names()
        who = (names[owner] if z.per_seat else g.team_names(names)[owner]) if owner is not None else ""
        group = str(g.group_number(zid)) if z.max_groups else ""
        detail = ", ".join(x for x in (who, group) if x)
        return f"{title} ({detail})" if detail else title

    def _names(self) -> list[str]:
        names = list(self.g.seats.get(self.lang) or self.g.seats.get("en") or [])
        return names + [f"#{i + 1}" for i in range(len(names), self.g.players)]

    def not_in(self, face: int, label: str, zid: int) -> str:
        """`label` is not in the zone `zid`: said with the place the person can see a copy of it, if any."""
        zone = self._zone_words(zid)
        seen = self._seen(face)
        if seen is not None:
            return str(fill(t("not_in_zone_seen", self.lang), card=label, zone=zone, place=self._zone_words(seen)))
        return str(fill(t("not_in_zone", self.lang), card=label, zone=zone))

    def _seen(self, face: int) -> int | None:
        """A zone where the seat to move sees a card of this face, or None."""
        s, me = self.s, self.s.me
        visible = {c for z in game.view(s, me)["zones"] if z.cards for c in z.cards}
        for card in self.g.deck.cards_of_face.get(face, []):
            if card in visible:
                return s.where[card]
        return None

    def _missing(self, faces: list[int], zid: int) -> int | None:
        """The first face of `faces` the zone holds fewer of than `faces` names, or None."""
        held = [self.g.deck.face[c] for c in self.s.zones[zid]]
        for face in faces:
            if face not in held:
                return face
            held.remove(face)
        return None

    # ------------------------------------------------------------ one card
    def card(self, face: int, label: str, only_move: int | None) -> str:
        """No legal move plays this card: in which step it would be played, that it is not in the hand, or
        the rule that refuses it."""
        g = self.g
        step = g.steps[self.s.step]
        moves = [m for m in g.moves if (only_move is None or m.index == only_move) and any(c.of_cards for c in m.choices)]
        moves.sort(key=lambda m: (m.index not in step.moves, len(m.choices)))  # a plain card move first
        if not moves:
            return t("no_card_move", self.lang, card=label)
        m = moves[0]
        if m.index not in step.moves:
            return self.step(m, label)
        choice = next(c for c in m.choices if c.of_cards)
        zid = self._zone_of(m, choice)
        if zid is not None and self._missing([face], zid) is not None:
            return self.not_in(face, label, zid)
        card = self._card_in(face, zid)
        return self._refused(m, label, {choice.name: card})

    def _domain(self, m, choice, earlier: tuple = ()):
        """The options of one of m's choices, by the program's function of them (domain_M_K) given the
        choices before it; one not given stands as _Unchosen, which fails if the options need it."""
        k = m.choices.index(choice)
        earlier = (tuple(earlier) + (_UNCHOSEN,) * k)[:k]
        return self.g.program.domains[m.index][k](self.s, *earlier)

    def _zone_of(self, m, choice) -> int | None:
        """The zone a card choice takes its cards from (the hand, for a choice that is not a zone)."""
        try:
            if choice.domain_is_zone:
                return self._domain(m, choice)
        except Exception:  # noqa: BLE001 - a domain that needs another choice first: the hand below
            pass
        return self.g.zone(self.g.hand_zone).first_id + self.s.me

    def _card_in(self, face: int, zid: int | None) -> int:
        cards = self.s.zones[zid] if zid is not None else []
        return next((c for c in cards if self.g.deck.face[c] == face), self.g.deck.cards_of_face[face][0])

    def _refused(self, m, what: str, fixed: dict) -> str:
        """The first check of `m` that fails with the choices `fixed`, the others tried over their options
        (at most MAX_TRIED): the rule file's `why` and rule."""
        check = None
        for values in self._options(m, fixed):
            check = refusal(self.s, m.index, values)
            if check is not None:
                break
        if check is None:
            return t("no_options", self.lang, what=what)
        from kural.dsl.teach import refusal_words  # here: the words of a check without `why`, from the program
        played = any(c.of_cards or c.of_card_lists for c in m.choices)  # (a card is played; a pass is not)
        return t("refused" if played else "refused_move", self.lang, card=what,
                 why=refusal_words(self.g, check, self.lang))

    def _options(self, m, fixed: dict):
        """Choice tuples of `m` with `fixed` choices as given and the others from their domains."""
        tried = 0

        def walk(i: int, values: tuple):
            nonlocal tried
            if tried >= MAX_TRIED:
                return
            if i == len(m.choices):
                tried += 1
                yield values
                return
            c = m.choices[i]
            if c.name in fixed:
                options = [fixed[c.name]]
            else:
                try:
                    domain = self._domain(m, c, values)
                    options = list(self.s.zones[domain] if c.domain_is_zone else domain)
                except Exception:  # noqa: BLE001 - options that cannot be listed here
                    options = []
            for v in options:
                yield from walk(i + 1, values + (v,))
        yield from walk(0, ())

    # ------------------------------------------------------------ several cards
    def cards(self, faces: list[int], shown: str, only_move: int | None) -> str:
        """No legal move is these cards: the step, the card not in the hand, the cards that are no meld,
        a card's options, or the rule that refuses them."""
        g = self.g
        step = g.steps[self.s.step]
        moves = [m for m in g.moves if (only_move is None or m.index == only_move)
                 and (m.has_card_lists or sum(c.of_cards for c in m.choices) > 1)]
        moves.sort(key=lambda m: m.index not in step.moves)
        if not moves:
            return t("no_several", self.lang, what=shown)
        m = moves[0]
        if m.index not in step.moves:
            return self.step(m, shown)
        first = next((c for c in m.choices if c.of_cards), None)
        if first is not None:  # a card and what goes with it (the cards it takes): that card's options
            zid = self._zone_of(m, first)
            if self._missing(faces[:1], zid) is not None:
                return self.not_in(faces[0], label_of_face(g, faces[0]), zid)
            return self._options_of(m, faces[0], shown)
        zid = g.zone(g.hand_zone).first_id + self.s.me  # cards laid together come from the hand
        missing = self._missing(faces, zid)
        if missing is not None:
            return self.not_in(missing, label_of_face(g, missing), zid)
        cards = self._cards_in(faces, zid)
        if g.melds is not None:
            reading = g.melds.read(cards)
            if not reading.legal:
                rule, words = meld_reason(g, reading, self.lang)
                return t("not_a_meld", self.lang, what=shown, why=words + rule_suffix(rule))
        choice = next(c for c in m.choices if c.of_card_lists)
        return self._refused(m, shown, {choice.name: cards})

    def _cards_in(self, faces: list[int], zid: int) -> list[int]:
        left = list(self.s.zones[zid])
        out = []
        for face in faces:
            card = next(c for c in left if self.g.deck.face[c] == face)
            left.remove(card)
            out.append(card)
        return out

    def _options_of(self, m, face: int, shown: str) -> str:
        from .reading import move_text  # reading imports this module
        g = self.g
        mine = [mv for mv in self.legal if mv[0] == m.index
                and any(c.of_cards and g.deck.face[v] == face for c, v in zip(m.choices, mv[1]))]
        if not mine:
            return self.card(face, label_of_face(g, face), m.index)
        options = "  ".join(f"{self.legal.index(mv) + 1}) {move_text(g, mv, self.lang, self.s)}" for mv in mine)
        return t("not_an_option", self.lang, what=shown, card=label_of_face(g, face), options=options)

    # ------------------------------------------------------------ groups
    def group(self, m, n: int, what: str) -> str | None:
        """`add 9 ...` where the person's side has no group 9: which numbers there are. None if it exists."""
        g = self.g
        choice = next(c for c in m.choices if c.of_groups)
        try:
            groups = list(self._domain(m, choice))
        except Exception:  # noqa: BLE001 - groups that cannot be listed here: the move's own check says
            return None
        if any(g.group_number(v) == n for v in groups):
            return None
        zone = g.zone_instance(groups[0])[0] if groups else None
        title = pick(zone.title, self.lang, zone.name) if zone else self._title(m)
        if not groups:
            zones = [z for z in g.zones if z.max_groups]
            title = pick(zones[0].title, self.lang, zones[0].name) if len(zones) == 1 else self._title(m)
            return t(self._no_groups_key(zones), self.lang, what=what, zone=title)
        numbers = ", ".join(str(g.group_number(v)) for v in groups)
        return t("no_group", self.lang, what=what, n=n, zone=title, numbers=numbers)

    def _no_groups_key(self, zones: list) -> str:
        """Whose groups there are none of: where each seat or team has an area of its own, the person's
        (their side's, in a game of partners), which others may well have (issue 35.8); else nobody's."""
        if len(zones) != 1 or zones[0].per == "none":
            return "no_groups"
        partners = len(self.g.teams[self.g.team_of[self.s.me]]) > 1
        return "no_groups_side" if zones[0].per == "team" and partners else "no_groups_mine"

    def group_card(self, m, n: int, face: int, label: str) -> str:
        """`add N CARD` that is not legal: the card not in the hand, or the rule that refuses it."""
        g = self.g
        groups = {c.name: v for c in m.choices if c.of_groups
                  for v in self._group_options(m, c) if g.group_number(v) == n}
        choice = next(c for c in m.choices if c.of_cards)
        zid = self._zone_of(m, choice)
        if self._missing([face], zid) is not None:
            return self.not_in(face, label_of_face(g, face), zid)
        return self._refused(m, label, {**groups, choice.name: self._card_in(face, zid)})

    def _group_options(self, m, choice) -> list:
        try:
            return list(self._domain(m, choice))
        except Exception:  # noqa: BLE001
            return []

    def nothing_fits(self, m, what: str) -> str:
        return t("nothing_fits", self.lang, what=what)

    # ------------------------------------------------------------ a move by its options
    def options(self, m, values: tuple, what: str) -> str:
        """A move typed with options it may not take now (`bid 15`): the check that refuses them."""
        return self._refused(m, what, {c.name: v for c, v in zip(m.choices, values)})

    # ------------------------------------------------------------ a move by its name alone
    def bare(self, m, title: str) -> str:
        """A move named alone that is not legal: the rule that refuses it, that there is no group to choose,
        or that it has no option now."""
        for c in m.choices:
            if c.of_groups and not self._group_options(m, c):
                return self.group(m, 1, title) or t("no_options", self.lang, what=title)
        return self._refused(m, title, {})
