"""Two test games in genres no bundled game resembles, each followed by a referee of its own rules.

tests/games/tricks.yaml is plain Whist (tricks, a trump suit, partnerships: rules W1-W6 in its head
comment) and tests/games/eights.yaml is Crazy Eights (shedding by suit or rank, a wild rank that calls
a suit, drawing until you can play: E1-E5). They are written in today's rules language with no notion
made for them, so a rebuild of the engine that keeps them playing the same (their records are in the
golden corpus, tests/golden_corpus.py) keeps user files of other genres loading and playing. The
referees below read only a record (the deals and the moves) and the rules as written in each file's
head comment: they share no code with kural.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import kural

GAMES = Path(__file__).resolve().parent / "games"
SEEDS = range(1, 9)
BOTS = ("random", "heuristic")


def strength(card: str) -> int:
    """W3: ace high."""
    return 14 if card[0] == "A" else "23456789TJQK".index(card[0]) + 2


def whist_referee(rec: dict, trump: str = "H", book: int = 6, target: int = 5) -> dict:
    """Plays a record of plain Whist by W1-W6 alone; returns the result the rules give."""
    teams = [[0, 2], [1, 3]]
    team_of = {s: t for t, seats in enumerate(teams) for s in seats}
    points = [0, 0]
    deals = [rec["deal"]] + [m["deal"] for m in rec["moves"] if "deal" in m]
    plays = [m for m in rec["moves"] if "deal" not in m]
    i = 0
    for round_no, deal in enumerate(deals):
        hands = [list(h) for h in deal["hands"]]
        assert sorted(sum(hands, [])) == sorted(sum(deals[0]["hands"], [])) and all(len(h) == 13 for h in hands)  # W1
        leader = round_no % 4          # the dealer starts at the last seat and moves on each round
        taken = [0, 0]
        for _ in range(13):
            trick = []
            for k in range(4):
                m = plays[i]
                i += 1
                seat, card = m["seat"], m["cards"][0]
                assert seat == (leader + k) % 4, "W4: the winner leads, then clockwise"
                assert card in hands[seat]
                if trick:
                    led = trick[0][1][1]
                    assert card[1] == led or not any(c[1] == led for c in hands[seat]), "W2: follow suit"
                hands[seat].remove(card)
                trick.append((seat, card))
            led = trick[0][1][1]
            trumps = [t for t in trick if t[1][1] == trump]
            pool = trumps or [t for t in trick if t[1][1] == led]
            leader = max(pool, key=lambda t: strength(t[1]))[0]    # W3
            taken[team_of[leader]] += 1
        for t in (0, 1):
            points[t] += max(0, taken[t] - book)                   # W5
        if max(points) >= target:                                  # W6
            break
    assert i == len(plays), "the game goes on after a side reached the target"
    return {"winners": [t for t in (0, 1) if points[t] == max(points)], "scores": points}


def eights_referee(rec: dict, wild: str = "8") -> dict:
    """Plays a record of Crazy Eights by E1-E5 alone; returns the result the rules give."""
    penalty = {"8": 50, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 1}
    hands = [list(h) for h in rec["deal"]["hands"]]
    stock = list(rec["deal"]["zones"]["stock"])
    pile = list(rec["deal"]["zones"]["pile"])
    n = len(hands)
    called, passes, seat = None, 0, 0
    for m in rec["moves"]:
        assert m["seat"] == seat, "turns go round, one seat after another"
        hand = hands[seat]
        follow = called if called is not None else pile[-1][1]
        fits = [c for c in hand if c[0] != wild and (c[1] == follow or c[0] == pile[-1][0])]
        wilds = [c for c in hand if c[0] == wild]
        if m["move"] == "draw":
            assert not fits and not wilds and stock, "E3: draw only with nothing to play"
            hand.append(stock.pop())
            continue                                             # the same seat goes on
        if m["move"] == "pass":
            assert not fits and not wilds and not stock, "E3: pass only when nothing can be played or drawn"
            passes += 1
        else:
            card = m["cards"][0]
            assert card in (fits if m["move"] == "play" else wilds), "E1/E2"
            hand.remove(card)
            pile.append(card)
            called = "SHDC"[m["call"]] if m["move"] == "eight" else None
            passes = 0
        if not hand or passes >= n:                                 # E4
            break
        seat = (seat + 1) % n
    assert m is rec["moves"][-1], "the hand goes on after it ended (E4)"
    scores = [sum(penalty.get(c[0], 0) or int(c[0]) for c in h) for h in hands]   # E5
    return {"winners": [s for s in range(n) if scores[s] == min(scores)], "scores": scores}


def games_by_the_rules(file: str, referee, bots: str, **params) -> None:
    """Each seed's record, played by `bots`, ends as the referee says its rules end it, and replays."""
    game = kural.load(str(GAMES / file), params=params)
    for seed in SEEDS:
        state = game.new(seed=seed)
        state.play_out(bots)
        rec = state.record()
        want = referee(rec)
        assert rec["result"]["winners"] == want["winners"] and rec["result"]["scores"] == want["scores"]
        assert kural.replay(rec).result == state.result


@pytest.mark.parametrize("bots", BOTS)
def test_whist_plays_by_its_rules(bots):
    """W1-W6: every trick is led by the last one's winner, suit is followed, the trick goes to the
    highest trump or else the highest card of the suit led, and the points and winners are the rules'."""
    games_by_the_rules("tricks.yaml", whist_referee, bots)


def test_whist_trump_is_a_param():
    """W3 with spades as trumps (`--set trump=0`): the referee, told so, agrees."""
    games_by_the_rules("tricks.yaml", lambda rec: whist_referee(rec, trump="S"), "heuristic", trump=0)


def test_whist_refuses_a_card_that_does_not_follow():
    """W2: a seat that holds the suit led may play no other suit."""
    game = kural.load(str(GAMES / "tricks.yaml"))
    state = game.new(seed=2)
    first = state.legal()[0]
    state.apply(first)
    led = first.cards[0][1]
    hand = state.view(state.to_move).hand
    if not any(c[1] == led for c in hand):
        pytest.skip("this deal leaves the second seat void")
    other = next(c for c in hand if c[1] != led)
    assert {m.cards[0] for m in state.legal()} == {c for c in hand if c[1] == led}
    with pytest.raises(kural.IllegalMove):
        state.apply(f"play {other}")


@pytest.mark.parametrize("bots", BOTS)
def test_eights_plays_by_its_rules(bots):
    """E1-E5: each card matches by suit or rank or is the wild rank (which calls the suit to follow),
    draws come only with nothing to play, and the penalty points and winners are the rules'."""
    games_by_the_rules("eights.yaml", eights_referee, bots)


def test_eights_wild_rank_is_a_param():
    """E2 with jacks wild (`--set wild_rank=11`)."""
    games_by_the_rules("eights.yaml", lambda rec: eights_referee(rec, wild="J"), "heuristic", wild_rank=11)


@pytest.mark.parametrize("lang, word", [("en", "suit called: none"), ("tr", "söylenen renk: yok")])
def test_a_value_of_none_is_said_in_words_at_the_table(lang, word):
    """A var whose value is none (Crazy Eights' suit, before any eight is played) is said as the player's
    language says it, never as Python's `None` (found with issue 36's teaching corpus)."""
    from kural.cli.render import table_text
    from kural.dsl.loader import load
    from kural.interpreter.engine import new_game
    g = load(str(Path(__file__).parent / "games" / "eights.yaml"))
    text = table_text(g, new_game(g, 1), [f"#{i + 1}" for i in range(g.players)], lang)
    assert word in text and "None" not in text
