"""A hand's best partition into melds and its lay-offs (issue 38; dsl/notions/melds.py, interpreter/partition.py):
`deadwood(cards)`, `best_melds(cards)`, `lay_offs(cards, melds)`. The melds are Gin's (tests/games/gin.yaml,
G3: sets of one rank, runs of one suit with the ace low; a card's points ace 1, 2-10 their number, J Q K 10),
and the answers below are worked out by hand from those rules; the tie-break is the one docs/language.md §4.8
states (fewest points left out, then fewest cards, then the cards left out first in the deck's order, then the
melds first in the deck's order)."""
from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from kural.dsl.errors import RuleError
from kural.dsl.loader import load
from kural.interpreter.partition import best_melds_of, deadwood_of, lay_offs_of

GAMES = Path(__file__).resolve().parent / "games"


@pytest.fixture(scope="module")
def gin():
    return load(str(GAMES / "gin.yaml"))


class Work:
    """A position's work budget, as the generated module gives the helpers (interpreter/budget.py)."""

    def __init__(self, work: int = 2_000_000):
        self.work = work


from test_melds import cards, codes  # noqa: E402  (physical cards for codes, and back)


def dead(g, text: str) -> str:
    return codes(g, deadwood_of(Work(), g.melds, cards(g, text)))


def melds(g, text: str) -> list[str]:
    return [codes(g, m) for m in best_melds_of(Work(), g.melds, cards(g, text))]


# (hand, deadwood, melds): each worked out by hand from G3
HANDS = [
    ("KS QH 2C", "KS QH 2C", []),                                     # no meld: everything is deadwood
    ("7S 7H 7D KC", "KC", ["7S 7H 7D"]),
    ("3H 4H 5H 6H 9C", "9C", ["3H 4H 5H 6H"]),                        # the whole run, not a part of it
    ("QS KS AS", "QS KS AS", []),                                     # G3: the ace is low only, Q-K-A is no run
    ("AS 2S 3S 4S 4H 4D", "", ["AS 2S 3S", "4S 4H 4D"]),              # the run gives its 4 to the set
    ("7S 7H 7D 7C 8S 9S", "", ["7H 7D 7C", "7S 8S 9S"]),              # greedy would keep the set of four
    ("5D 6D 7D 7S 7H 8D", "7S 7H", ["5D 6D 7D 8D"]),                  # 7S 7H (14) beat 8D and 5D 6D... as a set of 7s
]


@pytest.mark.parametrize("hand,left,found", HANDS)
def test_the_best_partition_leaves_out_the_fewest_points(gin, hand, left, found):
    assert dead(gin, hand) == left
    assert sorted(melds(gin, hand)) == sorted(found)


def test_a_greedy_choice_of_the_biggest_meld_is_not_the_best():
    """7S 7H 7D 7C 8S 9S: the set of four 7s (the biggest meld) leaves 8S 9S, 17 points; the 7S in the run
    7S 8S 9S and the other three 7s as a set leave nothing. A card usable in a set or a run goes where it
    leaves least."""
    g = load(str(GAMES / "gin.yaml"))
    assert dead(g, "7S 7H 7D 7C 8S 9S") == ""
    assert dead(g, "7S 7H 7D 7C 8S") == "8S"          # with the 9S gone, the set of four is best again


def test_ties_go_to_fewer_cards_then_to_the_cards_first_in_the_deck():
    """KS KH KD QS JS: the set of kings leaves QS JS (20), the run JS QS KS leaves KH KD (20), two cards
    each: the cards left out first in the deck's order (spades before hearts) are JS QS."""
    g = load(str(GAMES / "gin.yaml"))
    assert dead(g, "KS KH KD QS JS") == "QS JS"       # (in the hand's order)
    assert melds(g, "KS KH KD QS JS") == ["KS KH KD"]
    # 9D 9C TS 2S: nothing melds; 5C 5D 5H 5S TC: the set of four leaves TC (10); the set of three leaves a 5
    # and TC (15): the fewest points first
    assert dead(g, "5C 5D 5H 5S TC") == "TC"


def test_equal_deadwood_goes_to_the_melds_first_in_the_deck():
    """Nine cards, 7-8-9 of three suits: three sets or three runs, nothing left out either way; the melds
    compared meld by meld in the deck's order: the run 7S 8S 9S comes before the set 7S 7H 7D."""
    g = load(str(GAMES / "gin.yaml"))
    hand = "7S 7H 7D 8S 8H 8D 9S 9H 9D"
    assert dead(g, hand) == ""
    assert sorted(melds(g, hand)) == ["7D 8D 9D", "7H 8H 9H", "7S 8S 9S"]


def test_the_answer_does_not_depend_on_the_order_of_the_hand(gin):
    rng = random.Random(3)
    deck = list(range(52))
    for _ in range(30):
        hand = rng.sample(deck, 10)
        first = sorted(deadwood_of(Work(), gin.melds, hand))
        rng.shuffle(hand)
        assert sorted(deadwood_of(Work(), gin.melds, hand)) == first


def _brute_force(g, hand: list[int]) -> int:
    """The least points left out, over every set of disjoint melds: each meld a group of 3+ cards that
    g.melds reads as a meld, tried in every combination (no search shared with kural's)."""
    groups = [set(c) for k in range(3, len(hand) + 1) for c in combinations(hand, k) if g.melds.read(list(c)).legal]
    best = sum(g.melds.points[c] for c in hand)

    def go(i: int, used: set) -> None:
        nonlocal best
        best = min(best, sum(g.melds.points[c] for c in hand if c not in used))
        for j in range(i, len(groups)):
            if not (groups[j] & used):
                go(j + 1, used | groups[j])
    go(0, set())
    return best


def test_the_deadwood_is_the_least_over_every_partition(gin):
    """Hands rich in melds (a few ranks and suits), the search against every combination of melds."""
    rng = random.Random(11)
    pool = [c for c in range(52) if gin.deck.rank[c] in (3, 4, 5, 6, 7)]
    for _ in range(40):
        hand = rng.sample(pool, 9)
        assert sum(gin.melds.points[c] for c in deadwood_of(Work(), gin.melds, hand)) == _brute_force(gin, hand)


def test_twins_of_a_double_deck_make_two_melds():
    """tests/games/melds.yaml (two decks): 7S 7S 7H 7H 7D 7D are two sets, each of its own cards."""
    g = load(str(GAMES / "melds.yaml"))
    hand = cards(g, "7S 7S 7H 7H 7D 7D")
    found = best_melds_of(Work(), g.melds, hand)
    assert deadwood_of(Work(), g.melds, hand) == [] and len(found) == 2
    assert sorted(c for m in found for c in m) == sorted(hand)


def test_lay_offs_follow_one_another_on_a_run(gin):
    """A 4 on 5-6-7 lets the 3 follow; the 2 cannot come after a missing 3 (G6)."""
    run = cards(gin, "5H 6H 7H")
    assert codes(gin, lay_offs_of(Work(), gin.melds, cards(gin, "3H 9C 4H"), [run])) == "3H 4H"
    assert codes(gin, lay_offs_of(Work(), gin.melds, cards(gin, "3H 2H"), [run])) == ""
    assert codes(gin, lay_offs_of(Work(), gin.melds, cards(gin, "8H 9H 4H"), [run])) == "8H 9H 4H"


def test_a_card_fit_for_two_melds_goes_where_it_lets_most_follow(gin):
    """5H joins the set of 5s or the run 6-7-8 of hearts; on the run it lets the 4H follow: both are laid."""
    table = [cards(gin, "5S 5D 5C"), cards(gin, "6H 7H 8H")]
    assert codes(gin, lay_offs_of(Work(), gin.melds, cards(gin, "4H 5H KC"), table)) == "4H 5H"
    assert codes(gin, lay_offs_of(Work(), gin.melds, cards(gin, "8S 8D"), [cards(gin, "8H 8C 9C")])) == ""


def test_the_search_spends_its_work_and_stops_at_the_bound(gin):
    """Each option tried is a step of the move's work (interpreter/budget.py); the same hand asked again
    spends the same, its answer kept or not. Past the budget it is an error, not a wait."""
    hand = cards(gin, "7S 7H 7D 7C 8S 9S 6S 5S 8H 9H")
    first, again = Work(), Work()
    deadwood_of(first, gin.melds, hand)
    deadwood_of(again, gin.melds, hand)
    spent = 2_000_000 - first.work
    assert 0 < spent == 2_000_000 - again.work and spent < 1000
    with pytest.raises(ValueError, match="deadwood needs more than"):
        deadwood_of(Work(spent - 1), gin.melds, hand)
    with pytest.raises(ValueError, match="lay_offs needs more than"):
        lay_offs_of(Work(2), gin.melds, cards(gin, "3H 4H 8H 9H"), [cards(gin, "5H 6H 7H")])


def test_a_whole_deck_is_refused_at_the_bound_not_waited_on(gin):
    """The 52 cards as one hand: more partitions than a move may try. The bound stops it (within seconds)."""
    with pytest.raises(ValueError, match="needs more than"):
        deadwood_of(Work(200_000), gin.melds, list(range(52)))


def test_the_notions_need_a_melds_section(tmp_path):
    path = tmp_path / "no_melds.yaml"
    path.write_text((GAMES / "eights.yaml").read_text(encoding="utf-8").replace(
        "score: sum(hand(seat), c => penalty(c))", "score: count(deadwood(hand(seat)))"), encoding="utf-8")
    with pytest.raises(RuleError, match="`deadwood` needs a `melds:` section"):
        load(str(path))


def test_deadwood_with_lay_offs_takes_the_arrangement_that_leaves_least(gin):
    """Gin's defender (G6): 5S 6S 6D 9D TD 2C 3C 5C 6C 7C against the knocker's 4H 5H 6H and 7S 8S 9S TS. Alone
    the hand leaves 41 either way (5C 6C 7C, or 6S 6D 6C); with lay-offs the run of clubs is better: it leaves
    the 6S free, the 6S goes on 7S-TS and the 5S after it: 6D 9D TD 2C 3C are left, 30."""
    hand = cards(gin, "5S 6S 6D 9D TD 2C 3C 5C 6C 7C")
    table = [cards(gin, "4H 5H 6H"), cards(gin, "7S 8S 9S TS")]
    assert sum(gin.melds.points[c] for c in deadwood_of(Work(), gin.melds, hand)) == 41
    assert codes(gin, deadwood_of(Work(), gin.melds, hand, table)) == "6D 9D TD 2C 3C"
    assert codes(gin, deadwood_of(Work(), gin.melds, hand, [])) == codes(gin, deadwood_of(Work(), gin.melds, hand))


def test_melds_may_be_groups_of_a_zone(gin):
    """lay_offs(cards, groups(area)): a meld given as a zone is read from the position's zones."""
    zones = [cards(gin, "5H 6H 7H")]
    assert codes(gin, lay_offs_of(Work(), gin.melds, cards(gin, "4H 3H"), [0], zones)) == "4H 3H"


def rule_lines(path: Path) -> int:
    """The lines of a rule file that say something: neither blank nor a comment."""
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.strip().startswith("#"))


def test_gin_by_hand_plays_the_same_games_and_is_longer():
    """Issue 38: tests/games/by_hand/gin.yaml is Gin without deadwood, best_melds and lay_offs (the deadwood
    unrolled three melds deep, the lay-offs by hand): from every seed, with heuristic and random bots, it
    plays the same moves to the same result."""
    import kural
    here, by_hand = GAMES / "gin.yaml", GAMES / "by_hand" / "gin.yaml"
    assert "deadwood(" in here.read_text(encoding="utf-8")
    assert not any(word in by_hand.read_text(encoding="utf-8").split("\ngame:")[1]
                   for word in ("deadwood(", "best_melds(", "lay_offs("))
    games = []
    for path in (here, by_hand):
        out = []
        for bots, seeds, target in (("heuristic", range(1, 5), 100), ("random", range(1, 3), 1),
                                    (["random", "heuristic"], range(1, 3), 100)):
            game = kural.load(str(path), params={"target": target})
            for seed in seeds:
                state = game.new(seed=seed)
                state.play_out(bots)
                rec = state.record()
                out.append((rec["moves"], rec["result"]["winners"], rec["result"]["scores"]))
        games.append(out)
    assert games[0] == games[1]
    assert rule_lines(here) < rule_lines(by_hand)


def test_a_search_past_the_bound_is_an_error_of_the_rule_file_at_its_place(tmp_path):
    """§3.11: a rule that asks the deadwood of 41 cards (the stock and a hand) at every knock is stopped at
    the move's work bound and reported as an error of the rule file, with its place, not waited on."""
    from kural.interpreter.errors import PlayError
    import kural
    text = (GAMES / "gin.yaml").read_text(encoding="utf-8")
    guard = "      - check: dead_without(card) <= knock_limit"
    assert guard in text
    path = tmp_path / "big.yaml"
    path.write_text(text.replace(guard, "      - check: count(deadwood(stock + hand(me))) >= 0"), encoding="utf-8")
    state = kural.load(str(path)).new(seed=1)
    with pytest.raises(PlayError, match=r"big\.yaml:\d+:\d+: .*deadwood needs more than 2,000,000 steps"):
        state.play_out("heuristic")


def test_deadwood_with_lay_offs_spends_from_the_same_budget(gin):
    hand = cards(gin, "5S 6S 6D 9D TD 2C 3C 5C 6C 7C")
    table = [cards(gin, "4H 5H 6H"), cards(gin, "7S 8S 9S TS")]
    work = Work()
    deadwood_of(work, gin.melds, hand, table)
    assert 0 < 2_000_000 - work.work < 5_000
    with pytest.raises(ValueError, match="needs more than"):
        deadwood_of(Work(10), gin.melds, hand, table)


@pytest.mark.parametrize("call", ["lay_offs(hand(seat), pile)", "deadwood(hand(seat), hand(seat))"])
def test_one_list_of_cards_is_not_a_list_of_melds(tmp_path, call):
    """The melds given are a list of melds; a zone (one list of cards) is refused at the call, when loaded."""
    path = tmp_path / "wrong.yaml"
    text = (GAMES / "gin.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("  score: score[seat]\n", f"  score: count({call})\n"), encoding="utf-8")
    with pytest.raises(RuleError, match=r"wrong\.yaml:\d+:\d+: .*needs a list of melds"):
        load(str(path))


def test_the_rules_say_the_notions_in_both_languages():
    """`kural rules` of Gin says the deadwood, the best arrangement and the lay-offs in words, in English and
    in Turkish (boşta kalan kartlar, per dizilişi, işlemek), never as the notion's name."""
    from kural.dsl import teach
    g = teach.open_game(str(GAMES / "gin.yaml"), [])
    en = " ".join(teach.rules(g, "en", reference=True).split())
    tr = " ".join(teach.rules(g, "tr", reference=True).split())
    assert "once it lays off what it can on the melds of the best arrangement of the hand of the knocker" in en
    assert "the deadwood of the hand of the knocker" in en
    assert "en iyi dizilişteki perlerine işlenebilenler işlendikten sonra boşta kalanlar" in tr
    assert "en iyi dizilişte boşta kalan kartları" in tr
    for text in (en, tr):
        assert not any(f"{name}(" in text for name in ("deadwood", "best_melds", "lay_offs"))
