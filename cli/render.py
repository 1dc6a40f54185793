"""Drawing for the terminal: the table as a seat's view shows it, the moves, bot lines, the results.

Everything drawn comes from the view (hidden cards are only counted) and
from the rule file's titles; layouts (`hand`, `pile`, `by_suit`) decide the
drawing, never the game.
"""
from __future__ import annotations

import io
import re

from rich.cells import cell_len
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from kural.interpreter import game
from kural.interpreter.numbers import value_key
from kural.dsl.wording import number

from .i18n import pick, round_words, t
from .reading import card_choice_values, move_text, option_name, own_signs

RED_SUITS = (1, 2)  # hearts and diamonds of the standard deck (a themed deck's symbols for them too) print red
MARK = "bold yellow"  # playable cards and the places they can go (F9-style marking)
RANKS_SHOWN = range(1, 14)  # a by_suit row has a column for every rank of a standard suit
EMPTY_SLOT, TARGET_SLOT = "·", "[ ]"
NEW_MARK = "*"  # after a card that just came into the hand (a card drawn), in colour or not


def colored(g, text) -> Text:
    """The text with every card of a red suit in red (rich leaves colour out where NO_COLOR is set, or
    on a pipe)."""
    out = Text(text) if isinstance(text, str) else text.copy()
    for suit in RED_SUITS:
        out.highlight_regex(re.escape(g.deck.symbols[suit]) + r"[0-9A-Za-z]{1,2}", "red")
    return out


def sort_cards(g, cards) -> list[int]:
    deck = g.deck
    return sorted(cards, key=lambda c: (deck.suit[c], deck.rank[c], c))


def zone_id(g, name: str, owner: int | None, team: int | None = None, group: int | None = None) -> int:
    z = g.zone(name)
    return z.first_id + (team if team is not None else owner or 0) * z.per_owner + ((group or 1) - 1)


def targets(g, s, legal: list) -> dict[int, set[tuple[int, int]]]:
    """Where each legal move's cards would land: zone id -> {(suit, rank)}, found by trying the move on a copy."""
    out: dict[int, set[tuple[int, int]]] = {}
    deck = g.deck
    for move in legal:
        cards = card_choice_values(g, move)
        if not cards:
            continue
        after = game.copy(s)
        game.apply(after, move)
        for card in cards:
            zid = after.where[card]
            zdef, _ = g.zone_instance(zid)
            if zdef.layout == "by_suit":
                out.setdefault(zid, set()).add((deck.suit[card], deck.rank[card]))
    return out


def by_suit_rows(g, cards: list[int], marked: set[tuple[int, int]]) -> list[Text]:
    """One row per suit: its symbol, then a column per rank: the card, `·` if empty, `[ ]` where a card may go."""
    deck = g.deck
    have: dict[tuple[int, int], int] = {}
    odd: list[int] = []
    for c in cards:
        if 0 <= deck.suit[c] < len(deck.symbols) and deck.rank[c] in RANKS_SHOWN:
            have[(deck.suit[c], deck.rank[c])] = c
        else:
            odd.append(c)
    width = max(cell_len(s) for s in deck.symbols)
    rows = [Text(" " * (width + 3) + "".join(f"{deck.labels[rank - 1]:^3}" for rank in RANKS_SHOWN), style="dim")]
    for suit, symbol in enumerate(deck.symbols):
        row = Text(f"  {symbol}" + " " * (width - cell_len(symbol) + 1), style="red" if suit in RED_SUITS else None)
        for rank in RANKS_SHOWN:
            if (suit, rank) in have:
                label = deck.label(have[(suit, rank)])[len(symbol):]
                row.append(f"{label:^3}", style="bold")
            elif (suit, rank) in marked:
                row.append(TARGET_SLOT, style=MARK)
            else:
                row.append(f"{EMPTY_SLOT:^3}", style="dim")
        rows.append(row)
    if odd:
        rows.append(Text("    " + " ".join(deck.label(c) for c in odd)))
    return rows


def card_line(g, cards: list[int], playable: set[int], new: set[int] = frozenset()) -> Text:
    """Cards sorted, grouped by suit (two spaces between suits); the cards just come into the hand
    underlined, with a mark that a screen without colour shows too."""
    line = Text()
    last = None
    for i, c in enumerate(sort_cards(g, cards)):
        if i:
            line.append("  " if g.deck.suit[c] != last else " ")
        last = g.deck.suit[c]
        style = MARK if c in playable else None
        if c in new:
            line.append(g.deck.label(c) + NEW_MARK, style=f"{style or ''} underline".strip())
        else:
            line.append(g.deck.label(c), style=style)
    return line


def counts(g, lang: str, n: int) -> str:
    return t("cards_count_one", lang) if n == 1 else t("cards_count", lang, n=n)


def board(g, s, seat: int, names: list[str], lang: str, legal: list) -> list[Text]:
    """Every zone as `seat` sees it, except that seat's own hand; then the titled vars."""
    v = game.view(s, seat)
    by_suit = any(z.layout == "by_suit" for z in g.zones)  # only those rows mark where a card may go
    marked = targets(g, s, legal) if legal and by_suit else {}
    lines: list[Text] = []
    per_seat: dict[str, list[str]] = {}
    empty_everywhere: set[str] = set()
    groups: dict[tuple, list[str]] = {}
    teams = g.team_names(names)
    for z in v["zones"]:
        title = pick(z.title, lang, z.name)
        if z.layout == "by_suit":
            if z.team is not None:
                title = f"{title} · {teams[z.team]}"
            lines.append(Text(f"{title}:", style="bold"))
            lines.extend(by_suit_rows(g, z.cards or [], marked.get(zone_id(g, z.name, z.owner, z.team, z.group), set())))
            continue
        if z.group is not None:  # a group zone: one line per owner, its groups numbered
            owner = names[z.owner] if z.owner is not None else teams[z.team] if z.team is not None else None
            zid = zone_id(g, z.name, z.owner, z.team, z.group)
            shown = group_parts(g, z.cards, lang) if z.cards is not None else (counts(g, lang, z.count), "")
            marks = group_marks(g, v["vars"], zid, lang) + meld_values(g, s, lang, zid, v["vars"])
            groups.setdefault((title, owner), []).append((z.group, *shown, marks))
            continue
        if z.owner is not None or z.team is not None:  # one per seat, or one per team: on one line, by owner
            if z.owner == seat and z.name == g.hand_zone:
                continue
            shown = counts(g, lang, z.count)
            if z.cards is not None and z.count:
                if z.layout == "pile":
                    shown = f"{shown} ({g.deck.label(z.cards[-1])})"
                else:  # a spread in the zone's order (its top last); a hand sorted
                    order = z.cards if z.layout == "spread" else sort_cards(g, z.cards)
                    shown = " ".join(g.deck.label(c) for c in order)
            owner = names[z.owner] if z.owner is not None else teams[z.team]
            if title not in per_seat:
                empty_everywhere.add(title)
            if z.count:
                empty_everywhere.discard(title)
            per_seat.setdefault(title, []).append(f"{owner} {shown}")
            continue
        if z.count == 0:
            continue
        shown = counts(g, lang, z.count)
        if z.cards:
            shown += f" ({g.deck.label(z.cards[-1])})" if z.layout == "pile" else ": " + \
                " ".join(g.deck.label(c) for c in z.cards)
        lines.append(Text(f"{title}: {shown}"))
    for title, items in per_seat.items():
        if title in empty_everywhere:  # nobody has any card there yet: nothing to say
            continue
        lines.append(Text(f"{title}: " + " · ".join(items)))
    for (title, owner), items in groups.items():
        lines.append(Text(f"{title}{f' · {owner}' if owner else ''}:"))
        lines.extend(group_lines(items))
    lines.extend(var_lines(g, v["vars"], names, lang))
    if g.round_result is not None and s.sheets:  # points carried from round to round
        owners = g.team_names(names) if g.round_result.per == "team" else names
        lines.append(Text(t("running_totals", lang) + ": " + " · ".join(
            f"{owners[i]} {_num(x, lang)}" for i, x in enumerate(s.totals))))
    lines.extend(shown_lines(g, s, lang))
    return lines


def group_lines(items: list[tuple[int, str, str, str]]) -> list[Text]:
    """An area's groups (number, cards, size, marks), one a line under its title, indented, their numbers,
    sizes and marks in columns: a group never wraps into the next one on a narrow terminal (issue 35.7)."""
    number = max(len(str(n)) for n, *_ in items)
    cards = max(cell_len(text) for _, text, _, _ in items)
    return [Text(f"  {n:>{number}}) {text}{' ' * (cards - cell_len(text))} {size}".rstrip() + marks)
            for n, text, size, marks in items]


def group_text(g, cards: list[int], lang: str = "en") -> str:
    """A group's cards; a meld (by the game's `melds:`) in the order it reads, each wild card in brackets
    with the card it stands for in a run, its size and points: `♥4 ♥5 ♥6 [♣2=♥7] ♥8 (5 cards, 35 points)`."""
    return " ".join(part for part in group_parts(g, cards, lang) if part)


def group_parts(g, cards: list[int], lang: str = "en") -> tuple[str, str]:
    """group_text's two parts: the cards, and the size and points ('' where the cards are no meld)."""
    reading = g.melds.read(cards) if g.melds is not None and cards else None  # read(): these very cards, not a twin
    if reading is None or not reading.legal:
        return " ".join(g.deck.label(c) for c in cards), ""
    deck = g.deck
    shown = []
    for p in reading.places:
        if not p.wild:
            shown.append(deck.label(p.card))
        elif p.suit is None:  # a wild in a set stands for any card of its rank
            shown.append(f"[{deck.label(p.card)}]")
        else:
            rank = 1 if p.rank == len(RANKS_SHOWN) + 1 else p.rank  # an ace above the king
            shown.append(f"[{deck.label(p.card)}={deck.symbols[p.suit]}{deck.labels[rank - 1]}]")
    return " ".join(shown), t("group_size", lang, n=len(cards), points=_num(reading.points, lang))


def group_marks(g, values: dict, zid: int, lang: str) -> str:
    """The titled per-group vars that mark this group (non-zero), after it: ` · kind: full` (the var title, its value in words)."""
    out = ""
    for var in g.vars:
        if var.per_group and var.title:
            x = (values.get(var.name) or {}).get(zid, 0)
            if x:
                out += f" · {pick(var.title, lang, var.name)}: {said(g, var, x, lang, [])}"
    return out


def meld_values(g, s, lang: str, group: int | None = None, values: dict | None = None, cards=None) -> str:
    """The rule file's values of one meld (defines with `of_meld`, e.g. what it adds to an opening, C8), as
    ` · title: value`: of the board's group `group` where its `shown_on` var marks it, or of the `cards` a
    move lays; each only while its `shown_when` holds (issue 35.5)."""
    out = ""
    for (title, name, _, _, _, var), (of_group, of_cards, when) in zip(g.meld_values, g.program.meld_values):
        if group is not None and (var is None or not (values.get(var.name) or {}).get(group, 0)):
            continue
        try:
            if when is not None and not when(s):
                continue
            x = of_group(s, group) if group is not None else of_cards(s, cards)
        except Exception:  # noqa: BLE001 - a value that cannot be worked out here is not shown
            continue
        out += f" · {pick(title, lang, name)}: {_num(x, lang)}"
    return out


def said(g, var, x, lang: str, names: list[str]) -> str:
    """A var's value as the screen says it: its `shown_as` words, else as what it holds (`type`): a card by
    its label, a suit by its sign and name, a seat by its name, a number as the language writes it."""
    words = var.shown_as.get(x)
    if words:
        return pick(words, lang, _num(x, lang))
    if x is None or isinstance(x, bool) or not isinstance(x, int):
        return _num(x, lang)
    deck = g.deck
    if var.type == "card" and 0 <= x < deck.size:
        return deck.label(x)
    if var.type == "suit" and 0 <= x < len(deck.symbols):
        return f"{deck.symbols[x]} {(deck.names.get(lang) or deck.names['en'])['suits'][x]}"
    if var.type == "seat" and 0 <= x < len(names):
        return names[x]
    return _num(x, lang)


def var_lines(g, values: dict, names: list[str], lang: str) -> list[Text]:
    """The titled vars. A per-seat or per-team var whose 0 has words (`no`) lists only the owners whose value
    is not 0, and only their names where every value listed is 1 (`opened: Ada, Cem`); with none, no line."""
    out = []
    for var in g.vars:
        if not var.title or var.per_group:  # a group's marks are shown with the group
            continue
        value = values.get(var.name)
        title = pick(var.title, lang, var.name)
        if var.per != "none":  # per seat, per team (named by its seats), or per key (as written)
            owners = names if var.per_seat else [str(k) for k in var.keys] if var.keys else g.team_names(names)
            pairs = list(zip(owners, value))
            if 0 in var.shown_as:  # a flag: who has it
                pairs = [(o, x) for o, x in pairs if x != 0]
                if not pairs:
                    continue
                if all(x == 1 for _, x in pairs):
                    out.append(Text(f"{title}: " + ", ".join(o for o, _ in pairs)))
                    continue
            shown = " · ".join(f"{o} {said(g, var, x, lang, names)}" for o, x in pairs)
        else:
            shown = said(g, var, value, lang, names)
        out.append(Text(f"{title}: {shown}"))
    return out


def shown_lines(g, s, lang: str) -> list[Text]:
    """The defines the rule file shows at the table (`shown: true`), for the player to move."""
    out = []
    for (title, *_), (value_of, when, out_of) in zip(g.shown, g.program.shown):
        try:
            if when is not None and not when(s):
                continue
            value = _num(value_of(s), lang) + (f" / {_num(out_of(s), lang)}" if out_of is not None else "")
        except Exception:  # noqa: BLE001 - a value that cannot be worked out here is not shown
            continue
        out.append(Text(f"{pick(title, lang, '')}: {value}"))
    return out


def _num(x, lang: str) -> str:
    """A number as the player's language writes it (4,5 in Turkish); none (a var not set yet, a suit not
    called) as a word, never Python's `None`."""
    return t("value_none", lang) if x is None else number(x, lang)


def _field(sheet, name: str, x, lang: str) -> str:
    """A field's value on a sheet: its words where the rule file gives them (`field_shown_as`), else as `_num`."""
    words = sheet.field_shown_as.get(name, {}).get(value_key(x)) if x is not None else None
    return _num(x, lang) if words is None else pick(words, lang, "")  # (words may be empty: nothing shown)


def display_order(g, legal: list) -> list:
    """The legal moves in the order the list shows them: the moves without choices first, then each
    move's options together, moves in the order they first appear; each kept in its own order."""
    plain = [mv for mv in legal if not g.moves[mv[0]].choices]
    by_move: dict[int, list] = {}
    for mv in legal:
        if g.moves[mv[0]].choices:
            by_move.setdefault(mv[0], []).append(mv)
    return plain + [mv for options in by_move.values() for mv in options]


def moves_block(g, legal: list, lang: str, s=None, width: int = 80) -> list[Text]:
    """The legal moves by move: moves without choices on one line (`1) draw  2) take`), then each move's
    title and its options in columns (its title left out of each), a line never breaking an option."""
    lines: list[Text] = []
    plain = [(i, mv) for i, mv in enumerate(legal) if not g.moves[mv[0]].choices]
    if plain:
        lines += _columns([f"{i + 1}) {move_text(g, mv, lang, s)}" for i, mv in plain], "", width)
    by_move: dict[int, list[str]] = {}
    for i, mv in enumerate(legal):
        m = g.moves[mv[0]]
        if m.choices:
            text = move_text(g, mv, lang, s)
            laid = [v for c, v in zip(m.choices, mv[1]) if c.of_card_lists]
            if s is not None and laid and g.meld_values:  # what this meld would count, where the rules say
                text += meld_values(g, s, lang, cards=list(laid[0]))
            title = pick(m.title, lang, m.name)
            if not any(c.of_groups for c in m.choices):  # a group's number is typed after the move's name
                text = text[len(title) + 1:] if text.startswith(title + " ") else text
            by_move.setdefault(mv[0], []).append(f"{i + 1}) {text}")
    heads = {index: pick(g.moves[index].title, lang, g.moves[index].name) + ":" for index in by_move}
    head_width = max((cell_len(h) for h in heads.values()), default=0) + 1
    for index, items in by_move.items():
        head = heads[index] if len(by_move) > 1 or plain else ""
        lines += _columns(items, head.ljust(head_width) if head else "", width)
    return lines


def _columns(items: list[str], head: str, width: int) -> list[Text]:
    """Items in columns of one width after `head` (the lines after the first indented as far)."""
    cell = max(cell_len(x) for x in items) + 2
    room = max(1, (width - cell_len(head)) // cell)
    lines = []
    for start in range(0, len(items), room):
        line = Text(head if start == 0 else " " * cell_len(head))
        for item in items[start:start + room]:
            number, _, rest = item.partition(" ")
            line.append(number + " ", style="bold")
            line.append(rest + " " * (cell - cell_len(item)))
        line.rstrip()
        lines.append(line)
    return lines


def turn_screen(console: Console, g, s, seat: int, names: list[str], lang: str, legal: list,
                new: set[int] = frozenset()) -> None:
    """The person's screen: header, the table, the others, their hand with playable cards marked (and `new`,
    the cards just come into it, marked as such), the moves."""
    header = f"{pick(g.title, lang, g.id)} · {t('move_no', lang, n=len(s.history) + 1)}"
    console.print()
    console.rule(header)
    for line in board(g, s, seat, names, lang, legal):
        console.print(colored(g, line), soft_wrap=False)  # wrapped between words, never inside a card
    hand = game.view(s, seat)
    mine = next((z for z in hand["zones"] if z.name == g.hand_zone and z.owner == seat), None)
    if mine is not None:
        playable = {c for mv in legal for c in card_choice_values(g, mv)}
        own = pick(mine.yours, lang, "") if mine.yours else ""  # the rule file's own words ("elin"), else your + title
        line = Text((own or t("your_hand", lang, zone=pick(mine.title, lang, mine.name))) + ": ", style="bold")
        line.append_text(card_line(g, mine.cards or [], playable, new) if mine.cards else Text(t("empty", lang)))
        console.print(colored(g, line))
    for line in moves_block(g, legal, lang, s, console.width):
        console.print(colored(g, line), no_wrap=True, overflow="ignore")


def _placeholder(choice, lang: str) -> str:
    """A choice that is no card in a move's typed form: its title (`SUIT`, `RENK`), else its name."""
    word = pick(choice.title, lang, choice.name) if choice.title else choice.name
    return (word.replace("i", "İ") if lang == "tr" else word).upper().replace(" ", "_")


def typed_forms(g, legal: list, hand: list[int], lang: str) -> str:
    """How each move with choices is typed (`add N CARD…`), each with an example: the first legal one now,
    else one made of the hand's cards; and what N is, where a move names a group (issue 35.8)."""
    forms, groups = [], False
    for m in g.moves:
        if not m.choices:
            continue
        title = pick(m.title, lang, m.name)
        words = [title]
        grouped = any(c.of_groups for c in m.choices)  # several cards may go on one group at once
        groups = groups or grouped
        for i, c in enumerate(m.choices):
            if c.of_card_lists and i and m.choices[i - 1].of_cards:  # what a card takes: asked after it, if several
                continue
            words.append(t("typed_group", lang) if c.of_groups else t("typed_card_more" if grouped else "typed_card", lang)
                         if c.of_cards else t("typed_cards", lang) if c.of_card_lists else _placeholder(c, lang))
        example = next((move_text(g, mv, lang) for mv in legal if mv[0] == m.index), None)
        if example is None and (hand or not m.has_cards) and not m.has_card_lists:  # (a list of cards: no example)
            example = " ".join([title] + ["1" if c.of_groups else g.deck.label(hand[0]) if c.of_cards else
                                          " ".join(g.deck.label(x) for x in hand[:3]) if c.of_card_lists else
                                          option_name(c, c.written[0], lang) if c.written else ""
                                          for c in m.choices]).strip()
        if example is not None and not example.startswith(title):  # a move listed by its card alone
            example = f"{title} {example}"
        form = " ".join(words)
        forms.append(t("typed_example", lang, form=form, example=example) if example else form)
    zones = [z for z in g.zones if z.max_groups]
    if groups and len(zones) == 1:
        forms.append(t("typed_group_means", lang, zone=pick(zones[0].title, lang, zones[0].name)))
    return "; ".join(forms)


def signs_legend(g, cards, lang: str, explained: set[str]) -> str:
    """The deck's own signs among `cards` that `explained` does not hold yet, each with its name in the
    rule file (a suit's symbol and name, a rank's label and name), added to `explained`: a themed deck is said the first time its
    signs show (issue 35.15). '' when there is nothing new."""
    names = g.deck.names.get(lang) or g.deck.names["en"]
    out = []
    for card in sort_cards(g, cards):
        for sign, number, is_suit in own_signs(g.deck, card):
            if sign not in explained:
                explained.add(sign)
                out.append(f"{sign} {names['suits'][number] if is_suit else names['ranks'][number - 1]}")
    return t("signs", lang, signs=", ".join(out)) if out else ""


def table_text(g, s, names: list[str], lang: str = "en", width: int = 80) -> str:
    """The person's screen for the seat to move (seat 0 once the game is over), without colour: what the
    Python API's str(state) shows."""
    over = game.is_over(s)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False, force_terminal=False)
    turn_screen(console, g, s, 0 if over else game.to_move(s), names, lang, [] if over else game.legal(s))
    return out.getvalue()


def bot_line(g, name: str, move, lang: str, seen: bool = True) -> str:
    """A move as the log says it; one the viewer does not see (`visible: owner`, another's) by its name and
    how many cards it chose, as a card laid face down."""
    m = g.moves[move[0]]
    if seen or m.visible != "owner":
        return f"{name}: {move_text(g, move, lang)}"
    n = sum(1 if c.of_cards else len(v) for c, v in zip(m.choices, move[1]) if c.of_cards or c.of_card_lists)
    return f"{name}: {pick(m.title, lang, m.name)} ({t('card_face_down' if n == 1 else 'cards_face_down', lang, n=n)})"


def results_table(g, s, res: dict, names: list[str], lang: str, with_rounds: bool = True) -> Table:
    """Every seat (or every team, with a result per team): cards left, each round's points (unless
    `with_rounds` is false), the score (titled by the rule file), extra result fields, winners marked."""
    by_team = g.result.per == "team"
    rows = list(zip(g.team_names(names), g.teams)) if by_team else [(n, [i]) for i, n in enumerate(names[:g.players])]
    table = Table(title=t("result_title", lang), title_style="bold")
    table.add_column(t("col_team" if by_team else "col_player", lang))
    held = any(res["hands"])  # a game that ends with every hand empty has no cards left to show
    if held:
        table.add_column(t("col_cards", lang))
    rounds = _round_points(g, res) if with_rounds else []
    for i in range(len(rounds)):  # each round's points, then the total
        table.add_column(t("round_col", lang, n=i + 1, **round_words(g, lang)), justify="right")
    table.add_column(pick(g.result.score_title, lang, "score"), justify="right")
    fields = [k for k in res if k not in ("winners", "scores", "hands", "aborted", "rounds", "round_sheets")]
    for name in fields:
        table.add_column(pick(g.result.field_titles.get(name), lang, name), justify="right")
    table.add_column(t("col_winner", lang))
    deck = g.deck
    for i, (owner, seats) in enumerate(rows):
        row = [owner]
        if held:
            hand = [deck.card_of_code(code) for seat in seats for code in res["hands"][seat]]
            row.append(" ".join(deck.label(c) for c in sort_cards(g, [c for c in hand if c is not None])) or "-")
        row += [_num(r[i], lang) for r in rounds]
        row.append(_num(res["scores"][i], lang))
        row += [_field(g.result, name, res[name][i] if isinstance(res[name], list) else res[name], lang)
                for name in fields]
        row.append(t("winner_mark", lang) if i in res["winners"] else "")
        table.add_row(*row, style=MARK if i in res["winners"] else None)
    return table


def _round_points(g, res: dict) -> list:
    """Each round's points, per row of the results table (empty when the rounds are scored per seat and
    the result per team, or the other way round)."""
    return (res.get("rounds") or []) if g.totals_per == g.result.per else []


def rounds_table(g, res: dict, names: list[str], lang: str) -> Table:
    """Each round's points as a row, a column for each seat (or team): the rounds of a long game, which
    would not fit beside the results as a column each."""
    owners = g.team_names(names) if g.result.per == "team" else names[:g.players]
    table = Table(title=t("rounds_title", lang, **round_words(g, lang)), title_style="bold")
    table.add_column("")
    for owner in owners:
        table.add_column(owner, justify="right")
    for i, points in enumerate(_round_points(g, res)):
        table.add_row(t("round_col", lang, n=i + 1, **round_words(g, lang)), *[_num(x, lang) for x in points])
    return table


def end_tables(console: Console, g, s, res: dict, names: list[str], lang: str) -> list[Table]:
    """The results, each round's points a column; where that is wider than the terminal (a long game on 80
    columns), the rounds as a table of their own above the results, which keep the totals."""
    whole = results_table(g, s, res, names, lang)
    if _fits(console, whole, wraps=t("col_cards", lang)):
        return [whole]
    tables = [rounds_table(g, res, names, lang)] if _round_points(g, res) else []
    results = results_table(g, s, res, names, lang, with_rounds=False)
    if not _fits(console, results, wraps=t("col_cards", lang)):  # many fields: a row for each, a column a seat
        results = results_tall(g, res, names, lang)
    return tables + [results]


def results_tall(g, res: dict, names: list[str], lang: str) -> Table:
    """The results with a row for each value (the score, then the fields) and a column for each seat (or
    team), winners marked under their names: a sheet of many fields, which would not fit as columns."""
    owners = g.team_names(names) if g.result.per == "team" else names[:g.players]
    table = Table(title=t("result_title", lang), title_style="bold")
    table.add_column("")
    for owner in owners:
        table.add_column(owner, justify="right")
    fields = [k for k in res if k not in ("winners", "scores", "hands", "aborted", "rounds", "round_sheets")]
    table.add_row(pick(g.result.score_title, lang, "score"), *[_num(x, lang) for x in res["scores"]], style="bold")
    for name in fields:
        values = res[name] if isinstance(res[name], list) else [res[name]] * len(owners)
        table.add_row(pick(g.result.field_titles.get(name), lang, name), *[_field(g.result, name, x, lang) for x in values])
    table.add_row(t("col_winner", lang), *[t("winner_mark", lang) if i in res["winners"] else ""
                                           for i in range(len(owners))])
    return table


NO_BOUND = 100_000  # a width no table reaches: a table measured within it gives its natural width
CARDS_ROOM = 16  # the least width a column of cards (which wraps between cards) is given when a table is fitted


def _fits(console: Console, table: Table, wraps: str = "") -> bool:
    """Does the table fit the console's width with every column at its natural width, but the column
    headed `wraps` (cards left, which wrap well between cards) given CARDS_ROOM?"""
    from rich.measure import Measurement
    width = Measurement.get(console, console.options.update_width(NO_BOUND), table).maximum
    for column in table.columns:
        if column.header == wraps:
            cells = [column.header, *column.cells]
            natural = max(cell_len(line) for cell in cells for line in str(cell).splitlines() or [""])
            width -= max(0, natural - CARDS_ROOM)
    return width <= console.width


def round_table(console: Console, g, sheet: dict, number: int, names: list[str], lang: str,
                mover: str = "") -> Group:
    """A round's scoring sheet, titled with the reason the round ended (flow.round.end_reasons; `mover`
    names the player who made its last move): each seat's (or team's) fields, its points this round and
    its running total. A column for each field where that fits the terminal, else a row for each field
    and a column for each seat (or team), the points and total below the fields they add up from."""
    rr = g.round_result
    owners = g.team_names(names) if rr.per == "team" else names
    title = Text(t("round_title", lang, n=number, **round_words(g, lang)) + _reason(g, sheet, lang, mover), style="bold")  # wraps as a line
    heads = [pick(rr.field_titles.get(name), lang, name) for name in rr.fields]
    heads += [pick(rr.points_title, lang, "points"), pick(g.result.score_title, lang, "total")]
    names = list(rr.fields) + ["", ""]  # (the points and the totals: numbers)
    values = [[_field(rr, name, x, lang) for x in v] for name, v in
              zip(names, [sheet[name] for name in rr.fields] + [sheet["points"], sheet["totals"]])]
    wide = Table()
    wide.add_column(t("col_team" if rr.per == "team" else "col_player", lang))
    for head in heads:
        wide.add_column(head, justify="right")
    for i, owner in enumerate(owners):
        wide.add_row(owner, *[v[i] for v in values])
    if _fits(console, wide):
        return Group(title, wide)
    tall = Table()
    tall.add_column("")
    for owner in owners:
        tall.add_column(owner, justify="right")
    for j, (head, v) in enumerate(zip(heads, values)):
        tall.add_row(head, *v, end_section=j == len(rr.fields) - 1,
                     style="bold" if j == len(rr.fields) else None)
    return Group(title, tall)


def _reason(g, sheet: dict, lang: str, mover: str) -> str:
    """` · ` and the words of the reason the round ended, with its rule; nothing without one."""
    reason = next((r for r in g.end_reasons if r.name == sheet.get("ended")), None)
    if reason is None:
        return ""
    words = pick(reason.text, lang, reason.name).replace("{me}", mover)
    return f" · {words}" + (f" ({reason.rule})" if reason.rule else "")


def show_end(console: Console, g, s, res: dict, names: list[str], lang: str) -> None:
    console.print()
    for line in board(g, s, 0, names, lang, []):
        if line.plain.strip():  # as the table during the game: between words on a terminal, one line on a pipe
            console.print(colored(g, line), soft_wrap=not console.is_terminal)
    for table in end_tables(console, g, s, res, names, lang):
        console.print(table)
    if res.get("aborted"):
        console.print(t("aborted", lang, n=len(s.history)))
    winners = [(g.team_names(names) if g.result.per == "team" else names)[w] for w in res["winners"]]
    console.print(t("winners", lang, names=", ".join(winners)) if winners else t("no_winner", lang))
