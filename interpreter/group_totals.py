"""The total of every group of n cards (n = 0 to subset_sums.FEW_CARDS), in the order a depth-first search finds
the groups (subset_sums._lex_groups): one addition per group, each an earlier group (its places but the
last) and one card more. Written out once from n alone (no rule file reaches it): sums_to of a
position's few cards answers every total from these (interpreter/subset_sums.py Totals)."""
from __future__ import annotations


def totals_0(cards: list, table: list) -> list:
    return []


def totals_1(cards: list, table: list) -> list:
    c0, = cards
    g0 = table[c0]
    return [g0]


def totals_2(cards: list, table: list) -> list:
    c0, c1 = cards
    g0 = table[c0]
    g1 = g0 + table[c1]
    g2 = table[c1]
    return [g0, g1, g2]


def totals_3(cards: list, table: list) -> list:
    c0, c1, c2 = cards
    g0 = table[c0]
    g1 = g0 + table[c1]
    g2 = g1 + table[c2]
    g3 = g0 + table[c2]
    g4 = table[c1]
    g5 = g4 + table[c2]
    g6 = table[c2]
    return [g0, g1, g2, g3, g4, g5, g6]


def totals_4(cards: list, table: list) -> list:
    c0, c1, c2, c3 = cards
    g0 = table[c0]
    g1 = g0 + table[c1]
    g2 = g1 + table[c2]
    g3 = g2 + table[c3]
    g4 = g1 + table[c3]
    g5 = g0 + table[c2]
    g6 = g5 + table[c3]
    g7 = g0 + table[c3]
    g8 = table[c1]
    g9 = g8 + table[c2]
    g10 = g9 + table[c3]
    g11 = g8 + table[c3]
    g12 = table[c2]
    g13 = g12 + table[c3]
    g14 = table[c3]
    return [g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14]


def totals_5(cards: list, table: list) -> list:
    c0, c1, c2, c3, c4 = cards
    g0 = table[c0]
    g1 = g0 + table[c1]
    g2 = g1 + table[c2]
    g3 = g2 + table[c3]
    g4 = g3 + table[c4]
    g5 = g2 + table[c4]
    g6 = g1 + table[c3]
    g7 = g6 + table[c4]
    g8 = g1 + table[c4]
    g9 = g0 + table[c2]
    g10 = g9 + table[c3]
    g11 = g10 + table[c4]
    g12 = g9 + table[c4]
    g13 = g0 + table[c3]
    g14 = g13 + table[c4]
    g15 = g0 + table[c4]
    g16 = table[c1]
    g17 = g16 + table[c2]
    g18 = g17 + table[c3]
    g19 = g18 + table[c4]
    g20 = g17 + table[c4]
    g21 = g16 + table[c3]
    g22 = g21 + table[c4]
    g23 = g16 + table[c4]
    g24 = table[c2]
    g25 = g24 + table[c3]
    g26 = g25 + table[c4]
    g27 = g24 + table[c4]
    g28 = table[c3]
    g29 = g28 + table[c4]
    g30 = table[c4]
    return [g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15, g16, g17, g18, g19, g20,
            g21, g22, g23, g24, g25, g26, g27, g28, g29, g30]


def totals_6(cards: list, table: list) -> list:
    c0, c1, c2, c3, c4, c5 = cards
    g0 = table[c0]
    g1 = g0 + table[c1]
    g2 = g1 + table[c2]
    g3 = g2 + table[c3]
    g4 = g3 + table[c4]
    g5 = g4 + table[c5]
    g6 = g3 + table[c5]
    g7 = g2 + table[c4]
    g8 = g7 + table[c5]
    g9 = g2 + table[c5]
    g10 = g1 + table[c3]
    g11 = g10 + table[c4]
    g12 = g11 + table[c5]
    g13 = g10 + table[c5]
    g14 = g1 + table[c4]
    g15 = g14 + table[c5]
    g16 = g1 + table[c5]
    g17 = g0 + table[c2]
    g18 = g17 + table[c3]
    g19 = g18 + table[c4]
    g20 = g19 + table[c5]
    g21 = g18 + table[c5]
    g22 = g17 + table[c4]
    g23 = g22 + table[c5]
    g24 = g17 + table[c5]
    g25 = g0 + table[c3]
    g26 = g25 + table[c4]
    g27 = g26 + table[c5]
    g28 = g25 + table[c5]
    g29 = g0 + table[c4]
    g30 = g29 + table[c5]
    g31 = g0 + table[c5]
    g32 = table[c1]
    g33 = g32 + table[c2]
    g34 = g33 + table[c3]
    g35 = g34 + table[c4]
    g36 = g35 + table[c5]
    g37 = g34 + table[c5]
    g38 = g33 + table[c4]
    g39 = g38 + table[c5]
    g40 = g33 + table[c5]
    g41 = g32 + table[c3]
    g42 = g41 + table[c4]
    g43 = g42 + table[c5]
    g44 = g41 + table[c5]
    g45 = g32 + table[c4]
    g46 = g45 + table[c5]
    g47 = g32 + table[c5]
    g48 = table[c2]
    g49 = g48 + table[c3]
    g50 = g49 + table[c4]
    g51 = g50 + table[c5]
    g52 = g49 + table[c5]
    g53 = g48 + table[c4]
    g54 = g53 + table[c5]
    g55 = g48 + table[c5]
    g56 = table[c3]
    g57 = g56 + table[c4]
    g58 = g57 + table[c5]
    g59 = g56 + table[c5]
    g60 = table[c4]
    g61 = g60 + table[c5]
    g62 = table[c5]
    return [g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15, g16, g17, g18, g19, g20,
            g21, g22, g23, g24, g25, g26, g27, g28, g29, g30, g31, g32, g33, g34, g35, g36, g37, g38, g39,
            g40, g41, g42, g43, g44, g45, g46, g47, g48, g49, g50, g51, g52, g53, g54, g55, g56, g57, g58,
            g59, g60, g61, g62]


TOTALS_OF = [totals_0, totals_1, totals_2, totals_3, totals_4, totals_5, totals_6]  # by the number of cards
