"""Issue 39: chance made explicit (kural.load(..., chance=True): every shuffle a run of chance nodes, a card
placed per chance action) and a game started from a given deal (game.new(deal=...)), interpreter/chance.py.
Every game is found in games/, never named, but for the deals written here by their cards."""
from __future__ import annotations

import pickle
import random

import pytest

import kural

from all_games import game_ids


def dealt_by_chance(game_id, seed=1):
    """A game of chance with its first deal placed, each card drawn from `seed`'s generator."""
    state = kural.load(game_id, chance=True).new()
    luck = random.Random(seed)
    while state.is_chance_node():
        faces, weights = zip(*state.chance_outcomes())
        state.apply_action(luck.choices(faces, weights)[0])
    return state


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_of_chance_starts_at_a_chance_node_whose_outcomes_are_its_cards_shares(game_id):
    game = kural.load(game_id, chance=True)
    state = game.new()
    assert state.is_chance_node() and state.current_player() == kural.CHANCE and state.legal() == []
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    counts = {}
    for code in game.deck:
        counts[code] = counts.get(code, 0) + 1
    shares = sorted(round(p * len(game.deck), 6) for _, p in outcomes)  # a twin's face twice as likely
    assert shares == sorted(float(c) for c in counts.values())
    assert state.legal_actions() == [a for a, _ in outcomes]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_of_chance_plays_out_and_its_actions_play_it_again(game_id):
    state = dealt_by_chance(game_id)
    assert not state.is_chance_node() and state.current_player() >= 0
    state.play_out("heuristic", seed=2)
    assert state.is_over and state.returns()
    again = pickle.loads(pickle.dumps(state))  # a game of chance pickles as its actions
    assert again.history() == state.history() and again.result == state.result


def test_the_seeded_deal_is_the_default_and_unchanged_by_chance():
    dealt = kural.load("fantan").new(seed=5)
    assert not dealt.is_chance_node() and dealt.view(0).hand == kural.load("fantan", chance=False).new(5).view(0).hand


def test_undo_takes_back_a_chance_action_too():
    state = kural.load("fantan", chance=True).new()
    state.apply_action(state.legal_actions()[3])
    before = state.chance_outcomes()
    state.apply_action(state.legal_actions()[0])
    state.undo()
    assert state.chance_outcomes() == before and len(state.history()) == 1


def test_a_chance_action_not_among_the_outcomes_is_refused():
    state = kural.load("fantan", chance=True).new()
    first = state.legal_actions()[0]
    state.apply_action(first)
    with pytest.raises(kural.IllegalMove):
        state.apply_action(first)  # a 52-card deck has one card of each face: it was placed


def test_a_given_deal_deals_those_hands_and_the_rest_from_the_seed():
    hands = [["AS", "KS", "QS"], None, ["2C"], None]
    state = kural.load("fantan").new(seed=3, deal=hands)
    assert state.view(0).hand[:3] == ("AS", "KS", "QS") and "2C" in state.view(2).hand
    assert state.view(1).hand == kural.load("fantan").new(seed=3, deal=hands).view(1).hand  # the seed's, each time
    with pytest.raises(kural.ArgumentError):
        state.record()  # its seed does not tell its deal


def test_a_given_deal_with_chance_starts_past_the_deal():
    state = kural.load("fantan", chance=True).new(deal={"hand": [["7D"], None, None, None]})
    assert not state.is_chance_node() and state.current_player() == 0


@pytest.mark.parametrize("deal,words", [
    ({"nowhere": []}, "no zone"),
    ([["7D"] * 2, None, None, None], "no card of this deck"),
    ([["XX"], None, None, None], "no card of this deck"),
    ([[c + s for s in "SHDC" for c in "A23"] + ["4S", "4H"], None, None, None],
     r"gives hand\[0\] 14 cards, and the first deal gives it 13"),
    ([["7D"]], "4 entries"),
])
def test_a_deal_that_cannot_be_given_is_refused_saying_why(deal, words):
    with pytest.raises(kural.ArgumentError, match=words):
        kural.load("fantan").new(deal=deal)
