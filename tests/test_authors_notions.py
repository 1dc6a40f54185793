"""What rule-file authors wrote by hand (issue 38), said the way they expect: a move a param switches off
is a house rule, not a mistake (38.8); a choice's options may be a YAML list (38.10).

The games here are tests/games/eights.yaml (Crazy Eights, no bundled game) with a line changed or a
variant over it, written into tmp_path beside a copy of the base file (a variant extends a file beside it).
"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import kural
import pytest
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.interpreter.bots import seat_bots
from kural.interpreter.engine import apply, new_game
from kural.interpreter.legal import legal_moves

from test_bad_rules import validate

EIGHTS = Path(__file__).resolve().parent / "games" / "eights.yaml"
SWITCHED = """extends: eights.yaml
variant: {id: draw-one}
params:
  draw_rule:
    value: many
    type: str
    text: {en: "how a player with no card to play draws: many, or one", tr: "oynayacak kartı olmayan nasıl çeker"}
moves:
  draw_one:
    title: {en: "draw one", tr: "bir çek"}
    rules: [E3]
    when:
      - check: CHECK
        rule: E3
    do: move(top(stock), hand(me)); passes += 1
flow:
  round:
    turn:
      - {step: main, moves: [play, eight, draw, draw_one, pass]}
"""


def written(tmp_path: Path, text: str, name: str = "variant.yaml") -> Path:
    shutil.copy(EIGHTS, tmp_path / "eights.yaml")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def played(g, seeds=range(1, 6)) -> set[str]:
    """The names of the moves legal at some position of random games of g."""
    import random
    seen = set()
    for seed in seeds:
        s, rng = new_game(g, seed), random.Random(seed)
        while not s.over:
            moves = legal_moves(s)
            seen.update(g.moves[m[0]].name for m in moves)
            apply(s, rng.choice(moves))
    return seen


def test_a_move_a_param_switches_off_validates_and_plays_when_the_param_switches_it_on(tmp_path):
    """Issue 38.8: `draw_one` is played only with `draw_rule: one`. Under the default its check folds to
    false; that is a house rule a variant or --set turns on, not a mistake: validate accepts the file,
    the move is never legal with the default and is legal with --set draw_rule=one."""
    path = written(tmp_path, SWITCHED.replace("CHECK", 'draw_rule == "one" and not can(play) and not can(eight)'
                                                        ' and not empty(stock)'))
    proc = validate(path)
    assert proc.returncode == 0, proc.stderr
    assert "draw_one" not in played(load(str(path)))
    on = load(str(path), sets=["draw_rule=one"])
    assert "draw_one" in played(on)


@pytest.mark.parametrize("check", ["1 > 2", "false and not empty(stock)"])
def test_a_check_false_whatever_the_params_say_is_still_refused(tmp_path, check):
    """Issue 38.8: refuse only what no value of the params can make true: a check that reads no param and
    folds to false can never let its move be played."""
    path = written(tmp_path, SWITCHED.replace("CHECK", check))
    proc = validate(path)
    assert proc.returncode == 2 and "can never be played" in proc.stderr, proc.stderr
    assert f"{path.name}:13:16:" in proc.stderr


def test_a_choices_options_may_be_a_yaml_list_read_as_the_expression_they_say(tmp_path):
    """Issue 38.10: `call: [0, 1, 2, 3]` is the list `"[0, 1, 2, 3]"`: the same game, the same generated
    module; texts read as texts and card codes as cards; an option that is itself a list is refused at
    its place."""
    text = EIGHTS.read_text(encoding="utf-8")
    assert 'call: "[0, 1, 2, 3]"' in text
    listed = written(tmp_path, text.replace('call: "[0, 1, 2, 3]"', "call: [0, 1, 2, 3]"), "listed.yaml")
    quoted = written(tmp_path, text, "quoted.yaml")
    same = [load(str(p)).program.listing().replace(p.name, "X") for p in (listed, quoted)]
    assert same[0] == same[1]
    g = load(str(written(tmp_path, text.replace('call: "[0, 1, 2, 3]"', "call: [low, high, 7D]"), "words.yaml")))
    eight = next(m for m in g.moves if m.name == "eight")
    s = new_game(g, 1)
    values = {m[1][1] for m in legal_moves(s) if m[0] == eight.index}
    assert values <= {"low", "high", g.deck.card_of_code("7D")}
    bad = written(tmp_path, text.replace('call: "[0, 1, 2, 3]"', "call: [0, [1, 2]]"), "bad.yaml")
    with pytest.raises(RuleError) as err:
        load(str(bad))
    assert "call[1]" in str(err.value) and "bad.yaml:71:" in str(err.value)


NAMED = '''      call:
        from: [0, 1, 2, 3]
        shown_as:
          "0": {en: spades, tr: maça}
          "1": {en: hearts, tr: kupa}
          "2": {en: diamonds, tr: karo}
          "3": {en: clubs, tr: sinek}'''


def test_a_choices_options_are_said_and_typed_by_their_names(tmp_path):
    """Issue 38.4: a choice's options may have names (`shown_as`): the table lists the move by them, in the
    reader's language, and reads an option typed by its name in either language or by its value; the record
    keeps the value, so a game with names is the same game as one without."""
    from kural.interpreter.reading import MoveReader, move_text
    text = EIGHTS.read_text(encoding="utf-8")
    named = load(str(written(tmp_path, text.replace('      call: "[0, 1, 2, 3]"', NAMED), "named.yaml")))
    plain = load(str(written(tmp_path, text, "plain.yaml")))
    for seed in (1, 2, 3):  # the same game: the same moves from the same seed and policy
        games = []
        for g in (named, plain):
            s, rng = new_game(g, seed), random.Random(seed)
            while not s.over:
                apply(s, rng.choice(legal_moves(s)))
            games.append(s.history)
        assert games[0] == games[1]
    eight = next(m for m in named.moves if m.name == "eight")
    for seed in range(1, 60):
        s, rng = new_game(named, seed), random.Random(seed)
        while not s.over:
            legal = legal_moves(s)
            options = [m for m in legal if m[0] == eight.index]
            if options:
                break
            apply(s, rng.choice(legal))
        if options:
            break
    said = {m[1][1]: (move_text(named, m, "en"), move_text(named, m, "tr")) for m in options}
    assert said[1][0].endswith(" hearts") and said[1][1].endswith(" kupa") and said[3][1].endswith(" sinek")
    reader = MoveReader(named)
    card = named.deck.code[options[0][1][0]]
    for typed, value in ((f"eight {card} kupa", 1), (f"eight {card} hearts", 1), (f"eight {card} 2", 2)):
        assert reader.read_move(s, legal, typed).move == (eight.index, (options[0][1][0], value)), typed


def test_a_name_for_an_option_the_choice_does_not_have_is_refused_at_its_place(tmp_path):
    """Issue 38.4: a name given to an option that is not among the choice's options would never be shown:
    `kural validate` says so at the key, with the options."""
    text = EIGHTS.read_text(encoding="utf-8").replace('      call: "[0, 1, 2, 3]"', NAMED.replace('"3": {en', '"4": {en'))
    path = written(tmp_path, text, "wrong.yaml")
    proc = validate(path)
    assert proc.returncode == 2 and "`4` is no option of the choice `call`" in proc.stderr
    assert "its options are: 0, 1, 2, 3" in proc.stderr


def test_a_short_deck_is_said_in_the_deck_section_and_has_only_its_ranks(tmp_path):
    """Issue 38.7: a short deck (Durak's 36, piquet's 32) was a setup moving cards to a hidden zone the table
    then showed as removed cards. `deck: ranks:` lists the ranks in play: the game has those cards only, each
    once per copy; the rules say so; a rank that is no rank is refused at its place."""
    shutil.copy(EIGHTS, tmp_path / "eights.yaml")
    short = tmp_path / "short.yaml"
    short.write_text("extends: eights.yaml\nvariant: {id: short}\ndeck:\n  ranks: [A, 7, 8, 9, 10, J, Q, K]\n",
                     encoding="utf-8")
    g = load(str(short))
    assert g.deck.size == 32 and {g.deck.rank[c] for c in range(32)} == {1, 7, 8, 9, 10, 11, 12, 13}
    assert len(set(g.deck.code)) == 32
    for seed in (1, 2, 3):
        s, rng = new_game(g, seed), random.Random(seed)
        while not s.over:
            apply(s, rng.choice(legal_moves(s)))
    from kural.dsl import teach
    assert "of the ranks A 7 8 9 10 J Q K: 32 cards" in " ".join(teach.rules(teach.open_game(str(short)), "en",
                                                                              reference=True).split())
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: eights.yaml\nvariant: {id: bad}\ndeck:\n  ranks: [A, 7, X]\n", encoding="utf-8")
    proc = validate(bad)
    assert proc.returncode == 2 and f"{bad.name}:4:17: `X` is no rank" in proc.stderr


ARGS = """extends: eights.yaml
variant: {id: args}
define:
  costly:
    args: [c]
    value: penalty(c) >= 10
  both_costly:
    args: [a, b]
    value: costly(a) and costly(b)
bot:
  - move: play
    prefer: PREFER
"""


def same_games(tmp_path: Path, variant: str, *prefers: str) -> bool:
    """Do heuristic bots play the same games (seeds 1-3) with each of these `bot:` preferences written into
    the variant's PREFER?"""
    games = []
    for i, prefer in enumerate(prefers):
        g = load(str(written(tmp_path, variant.replace("PREFER", prefer), f"prefer{i}.yaml")))
        histories = []
        for seed in (1, 2, 3):
            s = new_game(g, seed)
            bots = seat_bots(["heuristic"] * g.players, seed)
            while not s.over:
                apply(s, bots[s.me].choose(s, legal_moves(s)))
            histories.append(s.history)
        games.append(histories)
    return all(h == games[0] for h in games[1:])


def test_a_define_takes_arguments_each_an_expression_of_the_place_that_calls_it(tmp_path):
    """Issue 38.1: King needed "is a penalty card" twice, once for `card` and once for a lambda's `c`. A define
    with arguments is written once and called with any expression: the same game as the expression written
    out at each place (the same moves from the same seeds), a lambda's own name inside it included, and a
    define with arguments may call another."""
    inline = "penalty(card) >= 10 and count(filter(hand(me), c => penalty(c) >= 10 and penalty(card) >= 10)) > 1"
    called = "costly(card) and count(filter(hand(me), c => both_costly(c, card))) > 1"
    assert same_games(tmp_path, ARGS, inline, called)


SHORT_ARGS = ARGS.replace("""  costly:
    args: [c]
    value: penalty(c) >= 10
  both_costly:
    args: [a, b]
    value: costly(a) and costly(b)""", """  costly(c): penalty(c) >= 10
  both_costly(a, b):
    value: costly(a) and costly(b)""")


def test_a_define_may_name_its_arguments_as_it_is_called(tmp_path):
    """`costly(c): expr` is `costly: {args: [c], value: expr}` (a mapping too, without `args:`): the same
    game; an `args:` beside arguments in the name, or the same define written both ways, is refused at its
    place."""
    prefer = "costly(card) and count(filter(hand(me), c => both_costly(c, card))) > 1"
    assert SHORT_ARGS != ARGS
    long_form = load(str(written(tmp_path, ARGS.replace("PREFER", prefer), "long.yaml")))
    short_form = load(str(written(tmp_path, SHORT_ARGS.replace("PREFER", prefer), "short.yaml")))
    assert [d for d in long_form.texts] == [d for d in short_form.texts]
    for seed in (1, 2, 3):
        histories = []
        for g in (long_form, short_form):
            s, bots = new_game(g, seed), seat_bots(["heuristic"] * g.players, seed)
            while not s.over:
                apply(s, bots[s.me].choose(s, legal_moves(s)))
            histories.append(s.history)
        assert histories[0] == histories[1]
    twice = SHORT_ARGS.replace("    value: costly(a) and costly(b)", "    args: [a, b]\n    value: costly(a) and costly(b)")
    proc = validate(written(tmp_path, twice.replace("PREFER", prefer), "twice.yaml"))
    assert proc.returncode == 2 and "twice.yaml:6:5:" in proc.stderr and "names its arguments in its name" in proc.stderr
    both = SHORT_ARGS.replace("  costly(c): penalty(c) >= 10", "  costly(c): penalty(c) >= 10\n  costly: 1")
    proc = validate(written(tmp_path, both.replace("PREFER", prefer), "both.yaml"))
    assert proc.returncode == 2 and "both.yaml:4:3:" in proc.stderr and "`costly` is defined twice" in proc.stderr, \
        proc.stderr


@pytest.mark.parametrize("prefer", ["costly", "costly(card, card)", "both_costly(card)"])
def test_a_define_with_arguments_called_without_them_is_refused_at_the_call(tmp_path, prefer):
    """Issue 38.1: a define with arguments used as a name, or called with another number of arguments, is
    refused where it is used, naming its arguments."""
    path = written(tmp_path, ARGS.replace("PREFER", prefer))
    proc = validate(path)
    assert proc.returncode == 2 and f"{path.name}:12:13:" in proc.stderr and "takes arguments" in proc.stderr


GOING_OUT = """extends: eights.yaml
variant: {id: out}
vars:
  out: {per: seat, start: 0, scope: round, title: {en: out, tr: çıktı}}
moves:
  play:
    do: move(card, pile); called = none; passes = 0; if empty(hand(me)) then out[me] = 1
flow:
  round:
    next: NEXT(me, filter(seats, p => out[p] == 0))
    end: count(filter(seats, p => out[p] == 0)) <= 1 or passes >= players
"""


def test_the_next_seat_still_in_skips_the_seats_out_of_the_play(tmp_path):
    """Issue 38.5: "the next seat still in the game" was modular arithmetic over a filter. next_in(me, list)
    is the first seat after me, going round, among those listed; a game whose players go out when their hand
    is empty never gives an out seat a turn again."""
    from kural.interpreter.runtime import next_seat_in
    assert next_seat_in(1, [0, 3], 4) == 3 and next_seat_in(3, [0, 3], 4) == 0 and next_seat_in(2, [2], 4) == 2
    assert next_seat_in(0, [], 4) is None
    assert next_seat_in(1, [0, 3], 4, -1) == 0 and next_seat_in(0, [0, 3], 4, -1) == 3  # prev_in
    path = written(tmp_path, GOING_OUT.replace("NEXT", "next_in"))
    g = load(str(path))
    slot = next(v.slot for v in g.vars if v.name == "out")
    outs = 0
    for seed in range(1, 30):
        s, rng = new_game(g, seed), random.Random(seed)
        while not s.over:
            assert s.vars[slot + s.me] == 0, "a seat that is out never moves"
            apply(s, rng.choice(legal_moves(s)))
            outs += sum(s.vars[slot:slot + g.players]) > 0
    assert outs > 0, "some seat went out in these games"


def test_the_seat_before_still_in_goes_round_the_other_way(tmp_path):
    """prev_in(me, list): the first seat before me, going round the other way, among those listed: play
    goes 0, 3, 2, 1 and skips the seats out (each seat's turn follows the seat after it still in)."""
    path = written(tmp_path, GOING_OUT.replace("NEXT", "prev_in"))
    g = load(str(path))
    slot = next(v.slot for v in g.vars if v.name == "out")
    checked = 0
    for seed in range(1, 12):
        s, rng = new_game(g, seed), random.Random(seed)
        while not s.over:
            mover, step, turns = s.me, s.step, len(s.history)
            apply(s, rng.choice(legal_moves(s)))
            if s.over or s.sheets or s.step != 0 or step != 0 and s.me == mover:
                continue
            if s.me != mover:  # a turn ended: the seat before the mover still in moves next
                still = [p for p in range(g.players) if s.vars[slot + p] == 0]
                expect = next((mover - k) % g.players for k in range(1, g.players + 1)
                              if (mover - k) % g.players in still)
                assert s.me == expect, (seed, turns, mover, s.me, still)
                checked += 1
    assert checked > 100


EFFECTS = """extends: eights.yaml
variant: {id: fx}
define:
  draw_one:
    args: [who]
    do: move(top(stock), hand(who))
moves:
  draw:
    do: DO
"""


def test_a_define_of_effects_is_done_where_it_is_called(tmp_path):
    """Issue 38.1: Durak inlined a six-statement refill, because a define of effects failed at its use. A define
    may name effects (`do:`), called as a statement with its arguments: the same game as the effects written
    out (Pişti's packets are one, and its records did not change); used as a value, called with another
    number of arguments, or calling itself, it is refused at the call."""
    games = []
    for name, do in (("out.yaml", "move(top(stock), hand(me))"), ("named.yaml", "draw_one(me)")):
        g = load(str(written(tmp_path, EFFECTS.replace("DO", do), name)))
        out = []
        for seed in (1, 2, 3):
            s, rng = new_game(g, seed), random.Random(seed)
            while not s.over:
                apply(s, rng.choice(legal_moves(s)))
            out.append(s.history)
        games.append(out)
    assert games[0] == games[1]
    for do, message in (("draw_one()", "takes arguments"), ("draw_one(me, me)", "takes arguments")):
        proc = validate(written(tmp_path, EFFECTS.replace("DO", do), "bad.yaml"))
        assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    looped = EFFECTS.replace("do: move(top(stock), hand(who))", "do: draw_one(who)").replace("DO", "draw_one(me)")
    proc = validate(written(tmp_path, looped, "loop.yaml"))
    assert proc.returncode == 2 and "draw_one" in proc.stderr
    as_value = EFFECTS.replace("DO", "move(top(stock), hand(me))") + "bot:\n  - move: draw\n    prefer: draw_one\n"
    proc = validate(written(tmp_path, as_value, "value.yaml"))
    assert proc.returncode == 2 and "is effects (`do:`), not a value" in proc.stderr


SHADOWED = """extends: eights.yaml
variant: {id: shadowed}
define:
  red_in_hand: any(hand(me), c => suit(c) == 1)
  ok_card:
    args: [c]
    value: suit(c) == 1 or not red_in_hand
  high_card:
    args: [c]
    value: rank(c) > 5
  can_ok: any(hand(me), c => ok_card(c) and high_card(c))
moves:
  play:
    when:
      - check: fits and (can_ok or rank(card) == 13)
"""


def test_a_rule_inside_a_define_may_use_the_name_of_the_rule_around_its_call(tmp_path):
    """Issue 38.1, found writing Batak: a define's own rule (`c => ...` inside red_in_hand) named as the rule
    around the call (`c => ok_card(c) and high_card(c)`): after the inner rule, `c` is the outer one's card
    again (the generated code read the inner rule's argument, a NameError at play). The legal plays are
    those the rule text gives: a matching card, and only while some card of the hand is (a heart, or any
    card when the hand holds no heart) and above 5, or a king."""
    g = load(str(written(tmp_path, SHADOWED)))
    play = next(m for m in g.moves if m.name == "play").index
    deck = g.deck
    checked = 0
    for seed in range(1, 9):
        s, rng = new_game(g, seed), random.Random(seed)
        while not s.over:
            legal = legal_moves(s)
            hand = s.zones[g.zone("hand").first_id + s.me]
            pile = s.zones[g.zone("pile").first_id]
            called = s.vars[next(v.slot for v in g.vars if v.name == "called")]
            follow = deck.suit[pile[-1]] if called is None else called
            hearts = any(deck.suit[c] == 1 for c in hand)
            can_ok = any((deck.suit[c] == 1 or not hearts) and deck.rank[c] > 5 for c in hand)
            expected = {c for c in hand if deck.rank[c] != 8
                        and (deck.suit[c] == follow or deck.rank[c] == deck.rank[pile[-1]])
                        and (can_ok or deck.rank[c] == 13)}
            assert {m[1][0] for m in legal if m[0] == play} == expected
            checked += 1
            apply(s, rng.choice(legal))
    assert checked > 50


CAPITALS = """extends: eights.yaml
variant: {id: capitals}
params:
  starter:
    value: 2D
    type: str
    one_of: [2D, seat0]
    text: {en: "who starts", tr: "kim başlar"}
    shown_as:
      2D: {en: "the holder of the two of diamonds", tr: "karo ikilisi kimdeyse o"}
      seat0: {en: "you", tr: "sen"}
text:
  E1: {en: "The first card is played by {starter}.", tr: "İlk kartı {starter} oynar."}
"""


def test_a_text_params_words_are_found_for_a_value_written_in_capitals(tmp_path):
    """Issue 38, found writing King (K2's `first_declarer: 2D`): a param's `shown_as` key is the value as
    written, capitals kept, so the book says its words and validate finds them (it said "2D has no
    `shown_as`" and the book printed "2D")."""
    from kural.dsl import teach
    path = written(tmp_path, CAPITALS)
    g = load(str(path))
    assert "The first card is played by the holder of the two of diamonds." in teach.rules(g, "en")
    assert "İlk kartı karo ikilisi kimdeyse o oynar." in teach.rules(g, "tr")
    proc = validate(path)
    assert proc.returncode == 0 and "shown_as" not in proc.stderr + proc.stdout, proc.stderr


NESTED = """extends: eights.yaml
variant: {id: nested}
define:
  after:
    args: [s, k]
    value: (s + k) % players
  two_on:
    args: [s]
    value: after(after(s, 1), 1)
bot:
  - move: play
    prefer: PREFER
"""


def test_a_define_may_be_called_in_its_own_argument(tmp_path):
    """Issue 38.1, found writing Batak (B2's `after(after(me))`): the argument of a call is the caller's
    expression, so a define called in its own argument is two calls in turn, not a define written in
    terms of itself (which stays refused): the same game as the arithmetic written out."""
    inline = "count(hand((((me + 1) % players) + 1) % players)) * 100 + penalty(card)"
    nested = "count(hand(two_on(me))) * 100 + penalty(card)"
    assert same_games(tmp_path, NESTED, inline, nested)
    selfish = written(tmp_path, NESTED.replace("value: after(after(s, 1), 1)", "value: two_on(s)")
                      .replace("PREFER", "penalty(card) + two_on(me)"), "selfish.yaml")
    proc = validate(selfish)
    assert proc.returncode == 2 and "`two_on` is defined in terms of itself" in proc.stderr


TYPED = """extends: eights.yaml
variant: {id: typed}
vars:
  last: {type: card, start: none, scope: round, title: {en: "last card", tr: "son kart"}}
  last_by: {type: seat, start: 0, scope: round, title: {en: "played by", tr: "oynayan"}}
  led_suit: {type: suit, start: 0, scope: round, title: {en: "suit", tr: "renk"}}
moves:
  play:
    do: move(card, pile); called = none; passes = 0; last = card; last_by = me; led_suit = suit(card)
"""


def test_a_var_holds_a_card_a_suit_or_a_seat_and_the_table_says_it_so(tmp_path):
    """Issue 38.3: Gin stored the card just taken as rank*10+suit; a var may hold a card (`type: card`), and
    a number the table says as a suit or a seat (`type: suit`, `type: seat`); the game is the same game."""
    from kural.cli import render
    g = load(str(written(tmp_path, TYPED)))
    s, rng = new_game(g, 2), random.Random(2)
    play = next(m.index for m in g.moves if m.name == "play")
    while True:
        legal = legal_moves(s)
        mine = [m for m in legal if m[0] == play]
        if mine:
            mover, card = s.me, mine[0][1][0]
            apply(s, mine[0])
            break
        apply(s, rng.choice(legal))
    names = ["You", "Ada", "Bora", "Cem"]
    from kural.interpreter.view import view
    lines = {lang: " / ".join(str(x) for x in render.var_lines(g, view(s, 0)["vars"], names, lang))
             for lang in ("en", "tr")}
    suit_name = {"en": ["spades", "hearts", "diamonds", "clubs"], "tr": ["maça", "kupa", "karo", "sinek"]}
    for lang, said in lines.items():
        assert f"{'last card' if lang == 'en' else 'son kart'}: {g.deck.label(card)}" in said, said
        assert names[mover] in said and suit_name[lang][g.deck.suit[card]] in said, said


@pytest.mark.parametrize("effect,words", [("last += 1", "holds a card: it is set with =, not +="),
                                          ("last = 5", "")])
def test_a_card_var_is_set_to_a_card(tmp_path, effect, words):
    """A card var is set with = to a card (or none): counting on it, or a number, is refused at its place."""
    path = written(tmp_path, TYPED.replace("last = card", effect))
    proc = validate(path)
    assert proc.returncode == 2 and "variant.yaml:9:" in proc.stderr and words in proc.stderr, proc.stderr


KEYED = """extends: eights.yaml
variant: {id: keyed}
vars:
  by_suit: {keys: [spades, hearts, diamonds, clubs], start: 0, title: {en: "played by suit", tr: "renge göre"}}
define:
  suit_word:
    args: [c]
    value: if suit(c) == 0 then "spades" else if suit(c) == 1 then "hearts" else if suit(c) == 2 then "diamonds" else "clubs"
moves:
  play:
    do: move(card, pile); called = none; passes = 0; by_suit[suit_word(card)] += 1
bot:
  - move: play
    prefer: 0 - by_suit[suit_word(card)]
"""


def test_a_var_keyed_by_values_counts_for_each_key(tmp_path):
    """Issue 38.3: King kept six vars used1 ... used6 and an if-chain; a var keyed by values (`keys:`) is one
    var, read and set by key, and alone the list of its values in the keys' order: it counts what the rule
    says (each card played, by its suit), whoever plays, in both a random and a heuristic game."""
    g = load(str(written(tmp_path, KEYED)))
    var = next(v for v in g.vars if v.name == "by_suit")
    play = next(m.index for m in g.moves if m.name == "play")
    for seed, kind in ((1, "random"), (2, "heuristic")):
        s = new_game(g, seed)
        bots = seat_bots([kind] * g.players, seed)
        counted = [0, 0, 0, 0]
        while not s.over:
            move = bots[s.me].choose(s, legal_moves(s))
            if move[0] == play:
                counted[g.deck.suit[move[1][0]]] += 1
            apply(s, move)
            if s.sheets:
                break
            assert s.vars[var.slot:var.slot + 4] == counted


@pytest.mark.parametrize("effect,words", [
    ("by_suit = 1", "has a value per key: write by_suit[key] = ..."),
    ("by_suit[suit(card)] += 1", "is keyed by spades, hearts, diamonds, clubs")])
def test_a_keyed_var_is_set_by_one_of_its_keys(tmp_path, effect, words):
    """A keyed var alone is not set, and a key of another kind than its keys is refused at load."""
    path = written(tmp_path, KEYED.replace("by_suit[suit_word(card)] += 1", effect))
    proc = validate(path)
    assert proc.returncode == 2 and words in proc.stderr, proc.stderr


def test_a_key_a_keyed_var_has_not_is_an_error_of_play_naming_the_keys(tmp_path):
    from kural.interpreter.errors import PlayError
    g = load(str(written(tmp_path, KEYED.replace('else "clubs"', 'else "trefoils"'))))
    s = new_game(g, 1)
    with pytest.raises(PlayError) as caught:
        while not s.over:
            apply(s, legal_moves(s)[0])
    assert "trefoils" in str(caught.value) and "spades, hearts, diamonds, clubs" in str(caught.value)


OPTIONED = """extends: eights.yaml
variant: {id: optioned}
vars:
  wished: {type: wish, scope: round, title: {en: "wish", tr: "dilek"}}
  wishes: {keys: [more, less], start: 0}
moves:
  eight:
    choose:
      card: filter(hand(me), c => rank(c) == wild_rank)
      call: "[0, 1, 2, 3]"
      wish:
        from: [more, less]
        shown_as: {more: {en: "more cards", tr: "daha çok kart"}, less: {en: "fewer cards", tr: "daha az kart"}}
    do: move(card, pile); called = call; passes = 0; wished = wish; wishes[wished] += 1
"""


def test_a_var_holds_an_option_of_a_choice_and_is_said_by_its_words(tmp_path):
    """Issue 38.3, typed vars "a value of a choice": King named its contract by a text and kept a number
    beside it, with defines from one to the other both ways. A var typed by a choice's name holds the
    option chosen (here a wish, said "more cards" / "daha çok kart" as the choice says it), keys a keyed
    var, and is a number in the observation tensor (its place among the options, from 1)."""
    from kural.cli import render
    from kural.interpreter.view import view
    path = written(tmp_path, OPTIONED)
    g = load(str(path))
    var = next(v for v in g.vars if v.name == "wished")
    keyed = next(v for v in g.vars if v.name == "wishes")
    eight = next(m.index for m in g.moves if m.name == "eight")
    names = ["You", "Ada", "Bora", "Cem"]
    tensors = kural.load(str(path)).tensors  # the API's: the observation as numbers
    layout = {name: first for name, first, *_ in tensors.observation_layout}
    assert all(not (v.per_seat or v.per_team or v.keys) for v in g.vars[:[v.name for v in g.vars].index("wished")])
    seen = 0
    for seed in range(1, 9):
        s, rng, counted = new_game(g, seed), random.Random(seed), {"more": 0, "less": 0}
        while not s.over and not s.sheets:
            move = rng.choice(legal_moves(s))
            apply(s, move)
            if move[0] != eight:
                continue
            wish = move[1][2]
            counted[wish] += 1
            seen += 1
            assert s.vars[var.slot] == wish
            assert s.vars[keyed.slot:keyed.slot + 2] == [counted["more"], counted["less"]]
            words = {"more": ("more cards", "daha çok kart"), "less": ("fewer cards", "daha az kart")}[wish]
            for lang, said in zip(("en", "tr"), words):
                lines = " / ".join(str(x) for x in render.var_lines(g, view(s, 0)["vars"], names, lang))
                assert f"{'wish' if lang == 'en' else 'dilek'}: {said}" in lines, lines
            vars_at = layout["vars"] + [v.name for v in g.vars].index("wished")  # (each var before it holds one)
            assert tensors.observation(s, 0)[vars_at] == ["more", "less"].index(wish) + 1
    assert seen


@pytest.mark.parametrize("effect,where,words", [
    ("wished = wish", "wished += 1", "holds one of the options more, less: it is set with =, not +="),
    ("wished = wish", 'wished = "most"', "`most` is not one of the options `wished` holds: more, less"),
    ("type: wish", "type: wash", "no choice with its options listed is called `wash`")])
def test_a_var_of_a_choices_options_is_set_to_one_of_them(tmp_path, effect, where, words):
    """An option var is set with = to one of its options; a type that names no choice with listed options
    is refused, naming those there are; each at the place written."""
    proc = validate(written(tmp_path, OPTIONED.replace(effect, where)))
    line = 4 if effect.startswith("type") else 14
    assert proc.returncode == 2 and f"variant.yaml:{line}:" in proc.stderr and words in proc.stderr, proc.stderr
    if effect.startswith("type"):
        assert "wish" in proc.stderr.split(words)[1], proc.stderr


def test_a_params_words_may_name_another_param_said_with_its_value(tmp_path):
    """B11 with a param's words that name another param: Batak's `zero_tricks` says "loses {trick_points}
    times the bid", and the rules say the points this game counts a trick (10, or what --set gives), in
    both languages; a param naming itself is left as written (no cycle)."""
    from kural.dsl.teach.api import rules
    for points, sets in ((10, []), (7, ["trick_points=7"])):
        g = load("batak", sets=sets)
        words = {lang: " ".join(rules(g, lang).split()) for lang in ("en", "tr")}
        assert f"one who takes no trick sinks too, and loses {points} times the bid" in words["en"], words["en"]
        assert f"hiç el almayan o da batar, ihalenin {points} katını kaybeder" in words["tr"], words["tr"]
        assert "{trick_points}" not in words["en"] + words["tr"]


def test_a_comment_that_would_hide_the_rest_of_a_folded_expression_is_refused(tmp_path):
    """In a folded value (`>`) YAML joins the lines, so a `#` comment on one line hid every line after it:
    `kural validate` said ok and the game failed in play. It is refused where the `#` is written; a comment
    on a line that keeps its break (a more-indented line, Pişti's after_move) is still a comment."""
    path = written(tmp_path, """extends: eights.yaml
variant: {id: folded}
flow:
  round:
    end: >
      passes >= players   # E5: nobody can play
      or empty(hand(me))
""")
    proc = validate(path)
    assert proc.returncode == 2 and "variant.yaml:6:27:" in proc.stderr and "would hide the rest" in proc.stderr
    assert validate(written(tmp_path, path.read_text().replace(
        "# E5: nobody can play", ""))).returncode == 0
    assert validate(Path(__file__).resolve().parents[1] / "games" / "pisti.yaml").returncode == 0


TITLED = """extends: eights.yaml
variant: {id: titled}
define:
  few(p):
    value: count(hand(p)) < 3
    title: {en: "{p} has fewer than three cards", tr: "{p} üçten az karta sahip"}
moves:
  play:
    when:
      - check: fits
        rule: E1
        why: {en: "the card must match", tr: "kart tutmalı"}
      - check: not few(next(me))
        rule: E1
        why: {en: "the next player is nearly out", tr: "sonraki oyuncu bitmek üzere"}
"""


def test_a_defines_title_may_name_its_arguments_said_as_the_call_gives_them(tmp_path):
    """A titled define with arguments was said by its title whatever it was called with (Scopa's primiera
    "of the side" for any side); its title may name the arguments, said as the call gives them, where it is
    used and in the terms, in both languages (and `you` there is no subject: "after you has")."""
    from kural.dsl import teach
    g = teach.open_game(str(written(tmp_path, TITLED)))
    en = " ".join(teach.rules(g, "en", reference=True).split())
    tr = " ".join(teach.rules(g, "tr", reference=True).split())
    assert "Not the player after you has fewer than three cards." in en, en
    assert "The player after you has fewer than three cards: the number of cards in the hand of" in en, en
    assert "Senden sonraki oyuncu üçten az karta sahip değil." in tr, tr
    assert "{p}" not in en + tr


def test_a_card_params_words_are_found_by_its_code():
    """A card param's `shown_as` is written by the card's code (`7D: karo yedilisi`, Scopa's settebello, S9):
    the rules say those words for that card, in either language, and the card's own name for another one
    (--set settebello=7H)."""
    from kural.dsl import teach
    scopa = str(EIGHTS.parent / "scopa.yaml")
    tr = " ".join(teach.rules(teach.open_game(scopa), "tr").split())
    en = " ".join(teach.rules(teach.open_game(scopa), "en").split())
    assert "settebello (karo yedilisi)" in tr and "settebello (the 7 of coins)" in en, (tr, en)
    other = " ".join(teach.rules(teach.open_game(scopa, sets=["settebello=7H"]), "tr").split())
    assert "karo yedilisi" not in other.split("S9:")[1].split("S10")[0] and "kupa 7" in other
