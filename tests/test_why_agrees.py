"""`why` at the table agrees with the legal list, at every position of several seeded bot games (issue 36: a
rule file's guards are one meaning, whether they make the legal list or say why a move is refused).

For every bundled game, each of its variants and each test game of tests/games/, bots play a few seeds; at
every position (up to MOVE_CAP), for every move of the step and a sample of its choices' options:
  * an option is in the legal list (as the table lists it, compared as moves are: cards by face) exactly when
    no check of its move refuses it (kural.interpreter.legal.refusal, the function the table's refusals call),
    and a refusing check is one of that move's own;
  * `why OPTION` typed at the table (cli/reading.py, as `kural play` reads it) says it can be played exactly
    when it is legal; when it is not, it says so with the words of one of that move's checks (its `why` and
    rule), or with a reason that is no check: another way the card goes now, cards that are no meld;
  * `why MOVE` for a move of another step of the turn says it is not its step;
  * `why MOVE` for a legal move typed as the table lists it says it can be played, the arrow of a card
    listed with the cards it takes (`♥A → ♣4 ★6`) included.
"""
from __future__ import annotations

import functools
import random
import re

import pytest

from all_games import game_ids, variant_ids
from golden_corpus import located, own_game_files
from teaching_corpus import table_setup, typed

from kural.cli.i18n import MESSAGES, pick, t
from kural.cli.reading import Reader, move_text
from kural.dsl.errors import RuleError
from kural.dsl.teach import refusal_words
from kural.interpreter import game as games
from kural.dsl.loader import load as load_rules
from kural.interpreter.bots import make_bot
from kural.interpreter.legal import move_key, refusal

# seed, bots, language of the table, and whether the game is played by the fewest players it allows (partners
# become opponents, a game of four is one of two) rather than its default count
SEEDS = ((1, "random", "en", False), (2, "heuristic", "tr", False), (3, "random", "tr", True))
MOVE_CAP = 400  # positions looked at in one game (a race to thousands of points, with random bots, never ends)
PER_CHOICE = 5  # options of one choice tried at a position, at most (a seeded sample beyond that)
LISTED = 4  # legal moves typed as listed at a position, at most (a seeded sample)
TABLE_EVERY = 2  # the table is asked `why` about every other option tried (reading is the slow part)

CONFIGS = ([(game, ()) for game in game_ids()] + [(game, (v,)) for game in game_ids() for v in variant_ids(game)]
           + [(f, ()) for f in own_game_files()])


@functools.lru_cache(maxsize=None)
def template(key: str, lang: str) -> re.Pattern:
    """A message of the table's catalog as a pattern: each {placeholder} any text, {why} caught by name."""
    text = MESSAGES[key].get(lang) or MESSAGES[key]["en"]
    parts, seen = re.split(r"\{(\w+)(?::\w+)?\}", text), set()
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(re.escape(part))
        elif part in seen:
            out.append(".*")
        else:
            seen.add(part)
            out.append(f"(?P<{part}>.*)")
    return re.compile("".join(out), re.S)


def options(s, m, rng: random.Random) -> list[tuple]:
    """Choice tuples of move m from its choices' domains (cards told apart by face), at most PER_CHOICE options
    of each choice, sampled with `rng`."""
    g = s.g
    out = []

    def walk(i: int, picked: tuple) -> None:
        if i == len(m.choices):
            out.append(picked)
            return
        c = m.choices[i]
        items = g.program.domains[m.index][i](s, *picked)  # the program's options, given the choices before
        items = list(s.zones[items] if c.domain_is_zone else items)
        if c.of_cards:
            items = list({g.deck.face[v]: v for v in reversed(items)}.values())[::-1]
        if len(items) > PER_CHOICE:
            items = rng.sample(items, PER_CHOICE)
        for v in items:
            walk(i + 1, picked + (v,))
    walk(0, ())
    return out


def bare_card(m, values: tuple) -> bool:
    """A card and the cards that go with it, none of them: typed, it is the card alone."""
    return any(c.of_cards for c in m.choices) and any(
        c.of_card_lists and not v for c, v in zip(m.choices, values))


def same_cards(g, m, values: tuple, other: tuple) -> bool:
    faces = g.deck.face
    return all(faces[v] == faces[w] for c, v, w in zip(m.choices, values, other) if c.of_cards)


class Table:
    """The table's reader at one position, set up as `kural play` sets it up (cli/play.py)."""

    def __init__(self, g, s, lang: str):
        self.g, self.s, self.lang = g, s, lang
        self.legal, self.hand = table_setup(g, s)  # the legal list checked, in the order the table lists it
        self.reader = Reader(g, lang)

    def offers(self, answer: str, moves: list) -> bool:
        """Is `answer` the table's question "which one?" with one of `moves` among its numbered options?"""
        which = template("which_one", self.lang).fullmatch(answer)
        if not which:
            return False
        keys = {move_key(self.g, mv) for mv in moves}
        entries = re.split(r"  (?=[0-9]+\) )", which["options"])
        return any(f"{i + 1}) {move_text(self.g, mv, self.lang)}" in entries
                   for i, mv in enumerate(self.legal) if move_key(self.g, mv) in keys)

    def why(self, text: str) -> str:
        reading = self.reader.read(self.s, self.legal, f"{t('cmd_why', self.lang)} {text}", self.hand)
        assert reading.move is None, f"`why {text}` played a move"
        return reading.message

    def says_legal(self, answer: str, moves: list) -> bool:
        """Does `answer` say the move typed can be played (or ask which of the ways, `moves` among them)?"""
        return bool(template("why_legal", self.lang).fullmatch(answer) or self.offers(answer, moves))

    def reads_as_listed(self, move, where: str) -> None:
        """`why` a legal move, typed as the table lists it, says it can be played."""
        text = move_text(self.g, move, self.lang)
        if self.typable(move):
            answer = self.why(text)
            assert self.says_legal(answer, [move]), f"{where}: legal {text!r} typed as listed: {answer!r}"

    def typable(self, move) -> bool:
        """A move the table reads as typed: every move (its cards, groups and other values as listed)."""
        return typed(self.g, move, self.lang) is not None

    def agrees(self, move, check, shown: str) -> None:
        """`why OPTION` says it can be played when `check` (the refusal) is None; else names the refusal."""
        g, lang = self.g, self.lang
        index, values = move
        m = g.moves[index]
        text = typed(g, move, lang)
        if text is None:
            return
        answer = self.why(text)
        if bare_card(m, values):  # `play 7D` names every way the card goes: legal if one of them is
            ways = [mv for mv in self.legal if mv[0] == index and same_cards(g, m, mv[1], values)]
            assert self.says_legal(answer, ways) == bool(ways), f"{shown}: `why {text}` says {answer!r}"
            return
        assert self.says_legal(answer, [move]) == (check is None), f"{shown}: `why {text}` says {answer!r}"
        if check is None:
            return
        refused = template("refused", lang).fullmatch(answer) or template("refused_move", lang).fullmatch(answer)
        if refused and len(m.choices) <= 1:  # the option itself is what the table tried: its own check
            assert refused["why"] == refusal_words(g, check, lang), f"{shown}: `why {text}` says {answer!r}"
        elif refused:  # the table tries the card's other options: the words of a check of this move
            words = {refusal_words(g, c, lang) for c in m.checks}
            assert refused["why"] in words, f"{shown}: `why {text}` names no check of {m.name}: {answer!r}"
        else:  # a reason that is no check: the card goes another way now, the cards are no meld
            reasons = [template(k, lang) for k in ("not_an_option", "not_a_meld")]
            assert any(p.fullmatch(answer) for p in reasons), f"{shown}: `why {text}` says {answer!r}"

    def other_steps(self, where: str) -> None:
        """`why MOVE` for a move of another step of the turn says it is not its step."""
        g, lang = self.g, self.lang
        steps = [template(k, lang) for k in ("step_first", "step_now")]
        for m in g.moves:
            if m.index not in g.steps[self.s.step].moves:
                answer = self.why(pick(m.title, lang, m.name))
                assert any(p.fullmatch(answer) for p in steps), f"{where}: `why {m.name}` (another step): {answer!r}"


def named(g, move) -> str:
    """A move for a failure's message: its name, and its choices as the table lists them."""
    index, values = move
    return f"{g.moves[index].name} {move_text(g, move, 'en')}"


def check_position(g, s, rng: random.Random, lang: str, where: str) -> int:
    """Every check of the module's docstring at position `s`; the number of options tried."""
    legal = games.legal(s)
    keys = {move_key(g, mv) for mv in legal}
    for mv in legal:
        assert refusal(s, *mv) is None, f"{where}: {named(g, mv)} is legal, yet a check refuses it"
    table = Table(g, s, lang)
    for mv in rng.sample(legal, min(len(legal), LISTED)):
        table.reads_as_listed(mv, where)
    tried = 0
    for index in g.steps[s.step].moves:
        for values in options(s, g.moves[index], rng):
            tried += 1
            move, check = (index, values), refusal(s, index, values)
            assert (move_key(g, move) in keys) == (check is None), (
                f"{where}: {named(g, move)}: in the legal list: {move_key(g, move) in keys}, refused by "
                f"{check and (check.rule or 'a check')}")
            assert check is None or any(check is c for c in g.moves[index].checks), (
                f"{where}: {named(g, move)} refused by another move's check")
            if tried % TABLE_EVERY == 0:
                table.agrees(move, check, f"{where}: {named(g, move)}")
    table.other_steps(where)
    return tried


@pytest.mark.parametrize("game,combo", CONFIGS, ids=["+".join((g,) + c) for g, c in CONFIGS])
def test_why_agrees_with_the_legal_list(game, combo):
    """Issue 36: the legal list, the refusing checks and the table's `why` say the same of every option tried."""
    default = load_rules(located(game), list(combo))
    tried = 0
    for seed, kind, lang, fewest in SEEDS:
        g = fewest_players(game, combo, default) if fewest else default
        rng = random.Random(seed)
        s = games.new_game(g, seed)
        bots = [make_bot(kind, seat) for seat in range(g.players)]
        while not games.is_over(s) and len(s.history) < MOVE_CAP:
            where = f"{'+'.join((game,) + combo)} ({g.players} players) seed {seed} ({kind} bots), " \
                    f"before move {len(s.history) + 1}"
            tried += check_position(g, s, rng, lang, where)
            games.apply(s, bots[s.me].choose(s, games.legal(s)))
    assert tried > 0


def fewest_players(game: str, combo: tuple, default):
    """The game for the fewest players it allows (the loader refuses the others), or `default` itself."""
    for players in range(1, default.players):
        try:
            return load_rules(located(game), list(combo), players=players)
        except RuleError:
            continue
    return default


ARROW_MOVES = 20  # listed moves with an arrow typed


def test_a_move_is_read_with_its_arrow():
    """`why` a legal move typed exactly as the table lists it, arrow and all, says it can be played (found with
    issue 36: the table listed `♥A → ♣4 ★6` and could not read it back);
    in every game whose table lists such a move, seed 1's first positions."""
    found = 0
    for game, combo in CONFIGS:
        g = load_rules(located(game), list(combo))
        s, bot = games.new_game(g, 1), make_bot("random", 0)
        while not games.is_over(s) and len(s.history) < MOVE_CAP and found < ARROW_MOVES:
            legal = games.legal(s)
            table = Table(g, s, "en")
            for mv in legal:
                text = move_text(g, mv, "en")
                if "→" in text and found < ARROW_MOVES:
                    found += 1
                    answer = table.why(text)
                    assert table.says_legal(answer, [mv]), f"{game} seed 1, before move {len(s.history) + 1}: " \
                                                           f"`why {text}` says {answer!r}"
            games.apply(s, bot.choose(s, legal))
    if not found:
        pytest.skip("no game lists a move with an arrow")


def test_a_move_with_a_value_choice_is_read_as_listed():
    """A move whose choice is a value that is neither a card nor a group (Crazy Eights' called suit, a test
    game of another genre) is read back as the table lists it, `why play a wild ♠8 0` saying it can be
    played (found with issue 36: the table took such a move by its number only)."""
    eights = located("tests/games/eights.yaml")
    g = load_rules(eights)
    found = 0
    for seed in (1, 2, 3):
        s, bot = games.new_game(g, seed), make_bot("random", seed)
        while not games.is_over(s) and len(s.history) < MOVE_CAP and found < ARROW_MOVES:
            legal = games.legal(s)
            table = Table(g, s, "en")
            for mv in legal:
                m = g.moves[mv[0]]
                if any(not (c.of_cards or c.of_card_lists or c.of_groups) for c in m.choices):
                    found += 1
                    text = move_text(g, mv, "en")
                    answer = table.why(text)
                    assert table.says_legal(answer, [mv]), f"seed {seed}: `why {text}` says {answer!r}"
            games.apply(s, bot.choose(s, legal))
    assert found, "Crazy Eights offers a called suit"
