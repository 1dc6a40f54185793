"""The Python API raises what it documents (issues 34.12, 34.13, 34.15) and agrees with the table
(issue 35.13): an argument it cannot take is kural.ArgumentError (a ValueError) or kural.ArgumentTypeError
(also a TypeError) whose message says what was wrong, in English and Turkish, and never an
AttributeError, KeyError, IndexError or RecursionError from inside; a move's text is read as `kural play`
reads it; str(state) is the table's drawing."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

import kural
from kural.cli import render
from kural.cli.reading import Reader
from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.interpreter import game as facade
from kural.interpreter.bots import make_bot

from all_games import game_ids


def refused(call, kind):
    """The error `call` raises: of `kind`, and kural's own (no error of Python's from inside)."""
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value).__module__.startswith("kural."), type(caught.value)
    return caught.value


# ------------------------------------------------------------------ load (issue 34.12)
@pytest.mark.parametrize("args,said", [
    ({"params": "row_rank=8"}, "params is a mapping"),
    ({"params": ["row_rank=8"]}, "params is a mapping"),
    ({"game": None}, "game is a game's id"),
    ({"game": 5}, "game is a game's id"),
    ({"variants": [1]}, "variants is a list of variant names"),
    ({"variants": "maca7"}, "variants is a list of variant names"),
    ({"players": "4"}, "players is a whole number"),
    ({"players": 4.0}, "players is a whole number"),
], ids=lambda x: repr(x)[:30])
def test_load_refuses_an_argument_of_a_type_it_does_not_take(args, said):
    """Issue 34.12: a str or list of params was an AttributeError, None/5/[1] a TypeError of pathlib's."""
    args = {"game": "fantan", **args}
    error = refused(lambda: kural.load(**args), kural.ArgumentTypeError)
    assert isinstance(error, TypeError) and isinstance(error, kural.ArgumentError)
    assert str(error).startswith(said) and "not " in str(error)
    assert error.render("tr") != str(error)  # said in Turkish too


def test_a_variant_is_named_by_a_path_object_as_the_game_is():
    """Issue 34.12's class: load(Path("games/fantan.yaml")) is taken (a PathLike), but a variant given as a
    Path was refused as "not a list of variant names"; both are taken alike now (F, FV any7)."""
    from pathlib import Path
    any7 = Path(kural.__file__).resolve().parent / "games" / "fantan" / "any7.yaml"
    assert kural.load("fantan", variants=[any7]).variants == ["any7"]
    refused(lambda: kural.load("fantan", variants=[b"any7"]), kural.ArgumentTypeError)


def test_a_param_list_nested_past_a_rule_files_depth_is_refused_as_set_refuses_it():
    """Issue 34.12: a list nested 3000 deep was a RecursionError; --set refuses the same value cleanly, and
    so does load now, with --set's own message (a list that holds itself too)."""
    deep = 8
    for _ in range(3000):
        deep = [deep]
    itself: list = []
    itself.append(itself)
    set_said = refused(lambda: kural.load("canasta", params={"targets": deep}), RuleError)
    assert "nested more than 50 levels" in str(set_said)
    assert "nested more than 50 levels" in str(refused(lambda: kural.load("canasta", params={"targets": itself}),
                                                       RuleError))
    text = "targets=" + "[" * 3000 + "8" + "]" * 3000
    with pytest.raises(RuleError, match="nested more than 50 levels"):
        load("canasta", [], [text])


def test_load_still_takes_what_it_documents():
    """A path, a tuple of variants, numpy-free ints, bools and lists as params (D: the 351 game)."""
    import numpy as np
    game = kural.load("canasta", variants=("351",), params={"targets": (555,)}, players=np.int64(2))
    assert (game.players, game.variants, game.params["targets"]) == (2, ["351"], [555])


# ------------------------------------------------------------------ bots (issue 34.13)
@pytest.mark.parametrize("bots,kind,said", [
    ("nope", kural.ArgumentError, "kural has no bot 'nope'"),
    (["random"], kural.ArgumentError, "one for each of the 4 seats, not 1"),
    (["random", "nope", "random", "random"], kural.ArgumentError, "kural has no bot 'nope'"),
    (5, kural.ArgumentTypeError, "bots is a bot kind"),
    ([None] * 4, kural.ArgumentTypeError, "bots is a bot kind"),
])
def test_play_out_refuses_bots_kural_does_not_have_and_plays_nothing(bots, kind, said):
    """Issue 34.13: `play_out("nope")` was a KeyError, `play_out(["random"])` for four seats an IndexError."""
    state = kural.load("fantan").new(seed=1)
    error = refused(lambda: state.play_out(bots), kind)
    assert said in str(error) and state.moves_played == 0


# ------------------------------------------------------------------ seats (issue 34.15)
@pytest.mark.parametrize("seat,kind", [(-1, kural.ArgumentError), (4, kural.ArgumentError),
                                       (99, kural.ArgumentError), (None, kural.ArgumentTypeError),
                                       ("0", kural.ArgumentTypeError), (1.0, kural.ArgumentTypeError),
                                       (True, kural.ArgumentTypeError)])
def test_view_refuses_a_seat_that_is_not_one(seat, kind):
    """Issue 34.15: view(-1), view(4), view(None), view("0") gave an empty view without a word (F1: four seats)."""
    state = kural.load("fantan").new(seed=1)
    error = refused(lambda: state.view(seat), kind)
    assert "seat" in str(error) and "0 to 3" in str(error)
    assert "koltu" in error.render("tr")


@pytest.mark.parametrize("seats,kind", [
    (["a", "b", "c"], kural.ArgumentError), (["a"] * 5, kural.ArgumentError), ([1, 2, 3, 4], kural.ArgumentTypeError),
    ("abcd", kural.ArgumentTypeError), (["a", None, "c", "d"], kural.ArgumentTypeError), (5, kural.ArgumentTypeError),
], ids=repr)
def test_record_refuses_seat_names_that_no_replay_would_take(seats, kind):
    """Issue 34.6's class (a record kural writes and then refuses), through the API: state.record(seats=...)
    with three names for F1's four seats, or numbers for names, wrote a record that kural.replay refused
    ("--players: this game is played by 4 players, not 3", "`seats` should be a list of texts"); a text
    was taken as a list of its letters. Refused where it is given, in both languages."""
    state = kural.load("fantan").new(seed=1)
    error = refused(lambda: state.record(seats=seats), kind)
    assert "seats" in str(error) and error.render("tr") != str(error)
    named = state.record(seats=("a", "b", "c", "d"))  # a tuple of one name a seat is taken, and replays
    assert named["seats"] == ["a", "b", "c", "d"] and kural.replay(named).moves_played == 0


def test_view_takes_every_seat_by_any_whole_number():
    """F1: 13 cards each, every seat its own (a numpy integer is a seat too)."""
    import numpy as np
    state = kural.load("fantan").new(seed=1)
    assert [len(state.view(np.int64(seat)).hand) for seat in range(4)] == [13] * 4


# ------------------------------------------------------------------ moves as the table reads them (issue 35.13)
def test_apply_reads_a_card_as_the_table_does():
    """Issue 35.13, F2: the holder of 7D opens with it; `7D`, `♦7`, `play ♦7`, `karo 7`, `1` were refused."""
    for text in ("7D", "♦7", "play ♦7", "karo 7", "7d", "1", "play 7D"):
        state = kural.load("fantan").new(seed=1)
        state.apply(text)
        assert state.record()["moves"][0]["cards"] == ["7D"], text


def table_texts(game, state, raw_legal) -> list[str]:
    """What a person may type for the legal moves: each move's text, number, and its cards in every form."""
    deck = game.definition.deck
    texts = [str(m) for m in state.legal()] + [str(len(raw_legal)), str(len(raw_legal) + 1), "zz", ""]
    for move in state.legal()[:6]:
        for code in move.cards[:1]:
            card = deck.code.index(code)
            texts += [code, deck.label(card), *deck.typed_forms(card), f"{move.name} {deck.label(card)}"]
    return texts


@pytest.mark.parametrize("game_id", game_ids())
def test_apply_plays_exactly_what_the_table_reads_and_refuses_what_it_refuses(game_id):
    """Issue 35.13: one reader. Every text the table reads as a move (or moves, `add 2 7D 7H`) is that
    move for apply(); every text it refuses, apply() refuses with IllegalMove."""
    game = kural.load(game_id)
    reader = Reader(game.definition, "en")
    state = game.new(seed=5)
    bot = make_bot("random", 5)
    while not state.is_over and state.moves_played < 60:
        raw_legal = facade.legal(state.raw)
        for text in table_texts(game, state, raw_legal):
            reading = reader.read(state.raw, raw_legal, text, [])
            if reading.command is not None:
                continue
            mine = state.copy()
            if reading.move is None:
                with pytest.raises(kural.IllegalMove):
                    mine.apply(text)
                continue
            mine.apply(text)
            table = state.copy()
            for raw in [reading.move, *reading.then]:
                facade.apply(table.raw, raw)
            assert mine.raw.history == table.raw.history, text
        facade.apply(state.raw, bot.choose(state.raw, raw_legal))


def test_apply_refuses_what_is_no_move_with_a_documented_error():
    """Issue 35.13: a number is no move's text; `8D` is refused as the table refuses it (F4: a suit opens
    with its 7), naming the legal moves."""
    state = kural.load("fantan").new(seed=1)
    refused(lambda: state.apply(7), kural.ArgumentTypeError)
    with pytest.raises(kural.IllegalMove, match="8D is not a legal move now; legal: play 7D") as caught:
        state.apply("8D")
    assert state.moves_played == 0
    assert caught.value.render("tr") == "8D şu an geçerli bir hamle değil; geçerli olanlar: play 7D"


# ------------------------------------------------------------------ the API's shape (issue 35.13)
@pytest.mark.parametrize("move", ["pass", "play 7D", "1", ""])
def test_apply_after_the_end_says_the_game_is_over(move):
    """Issue 34.13's class (a message that says what was wrong): apply() on a game played out said
    "pass is not a legal move now; legal: " with an empty list; now that the game is over, in both languages."""
    state = kural.load("fantan").new(seed=3)
    state.play_out("random")
    error = refused(lambda: state.apply(move), kural.IllegalMove)
    assert "the game is over" in str(error) and "oyun bitti" in error.render("tr")


def test_rule_error_is_kurals_and_seat_names_is_a_property_as_players_is():
    """Issue 35.13: `kural.RuleError` was missing; `game.seat_names` a method beside the property
    `game.players`. F3: the seats are You, Zeynep, Can, Elif."""
    assert kural.RuleError is RuleError and "RuleError" in dir(kural)
    with pytest.raises(kural.RuleError, match="there is no game `nope`"):
        kural.load("nope")
    game = kural.load("fantan")
    assert game.seat_names == ["You", "Zeynep", "Can", "Elif"] and game.players == len(game.seat_names)


def test_str_of_a_state_is_the_table_as_kural_play_draws_it():
    """Issue 35.13: str(state) was its repr. It is the screen `kural play` prints to the seat to move (F2:
    after 7D the only play is ♦6 or ♦8 of that seat; its own cards shown, the others' only counted)."""
    game = kural.load("fantan")
    state = game.new(seed=1)
    state.apply("7D")
    out = io.StringIO()
    seat = state.to_move
    render.turn_screen(Console(file=out, width=80, color_system=None), game.definition, state.raw, seat,
                       game.seat_names, "en", facade.legal(state.raw))
    text = str(state)
    assert text == out.getvalue().strip("\n")
    hand = [game.definition.deck.label(game.definition.deck.code.index(c)) for c in state.view(seat).hand]
    mine = next(line for line in text.splitlines() if line.startswith("your hand:"))
    assert sorted(mine.split(":", 1)[1].split()) == sorted(hand)
    others = {c for s in range(4) if s != seat for c in state.view(s).hand}
    labels = {game.definition.deck.label(game.definition.deck.code.index(c)) for c in others}
    assert not any(label in text.split() for label in labels - {"♦7"})


def test_games_and_states_pickle_as_what_made_them():
    """Issue 34's "never an AttributeError from inside", for a program that sends a game to another process
    (multiprocessing, Ray): pickle.dumps(game) or of a state raised AttributeError ("Can't pickle local
    object 'const.<locals>.constant'"). A game pickles as load's arguments (or the record it was replayed
    from), a state as its game and its record so far: unpickled, they are the same game and position."""
    import pickle
    game = kural.load("canasta", variants=["351"], params={"targets": [500]}, players=2)
    state = game.new(seed=5)
    for _ in range(7):
        state.apply(state.legal()[0])
    again = pickle.loads(pickle.dumps(state))
    assert (again.moves_played, again.game.variants, again.game.params["targets"], again.game.players) == \
        (7, ["351"], [500], 2)
    assert [m.text for m in again.legal()] == [m.text for m in state.legal()] and str(again) == str(state)
    over = kural.load("fantan").new(seed=3)
    over.play_out("random")
    replayed = kural.replay(over.record())
    assert pickle.loads(pickle.dumps(replayed)).result == over.result == pickle.loads(pickle.dumps(over)).result
