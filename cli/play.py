"""`kural play`: one game, the person at seat 0 against bots, saved after every move.

Exit codes: 0 the game ended, or input ended / the person typed quit (the
game is saved and the line to resume it printed); 130 Ctrl-C (saved too);
2 a rule file or a save that cannot be used; 70 a bug in kural (saved too).
"""
from __future__ import annotations

import os
import random
import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text

from dsl.errors import RuleError
from dsl.loader import load, load_for_record
from interpreter import record
from interpreter.bots import BOTS, make_bot
from interpreter.engine import apply, moves_to_play, new_game, result
from interpreter.errors import PlayError

from . import render, saves
from .i18n import choose_lang, pick, t
from .reading import Reader, clean, echo, examples

EXIT_OK, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BUG = 0, 2, 130, 70
EXIT_RULES = EXIT_USAGE  # a rule file that fails in play, as one that fails to load
AUTO_SUFFIX = "-auto"  # --auto games save beside, never over, the person's own save


@dataclass
class Options:
    game: str | None
    variants: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    seed: int | None = None
    players: int | None = None
    lang: str | None = None
    bots: str | None = None
    auto: bool = False
    record_path: Path | None = None
    resume_path: Path | None = None
    save_path: Path | None = None


class Unusable(Exception):
    """A save that cannot be resumed; `text` says why, in one line."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


class Stop(Exception):
    """The person's input ended, or they asked to stop: save and leave with this code."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


def bot_seed(seed: int, moves_played: int) -> int:
    """A bot's randomness depends only on the game's seed and the move number, so a resumed game plays on the same."""
    return seed * 100_003 + moves_played


MAX_LINE = 10_000  # characters of one line of input kept; the rest of a longer line is read and dropped


class LongLine(str):
    """The first MAX_LINE characters of a line that was longer: refused, never read as a move."""


def read_line() -> str | None:
    """One line of input, or None at end of input. Memory stays bounded however long the line."""
    stream = sys.stdin
    if stream is None:
        return None
    try:
        line = stream.readline(MAX_LINE + 1)
        if len(line) <= MAX_LINE or line.endswith("\n"):
            return None if line == "" else line
        rest = line
        while rest and not rest.endswith("\n"):
            rest = stream.readline(65536)
    except (OSError, ValueError):
        return None
    return LongLine(line[:MAX_LINE])


class Session:
    def __init__(self, console, err, opts: Options):
        self.console, self.err, self.opts = console, err, opts
        self.g = self.s = None
        self.seed = 0
        self.lang = "en"
        self.names: list[str] = []
        self.human: int | None = 0
        self.bots = "heuristic"
        self.save_path: Path | None = None
        self._written = None  # identity of the save this session wrote last (see saves.write_save)
        self.game_arg = ""

    # ------------------------------------------------------------ starting
    def start(self) -> int | None:
        """Set up a new or resumed game; an exit code if it cannot be."""
        opts = self.opts
        if opts.resume_path is not None:
            return self._resume(opts.resume_path)
        if not opts.game:
            self.err.print(t("no_game", choose_lang(opts.lang, None)))
            return EXIT_USAGE
        self.g = load(opts.game, opts.variants, opts.sets, opts.players)
        self.game_arg = opts.game
        self.seed = opts.seed if opts.seed is not None else random.Random(time.time_ns()).randrange(1, 1_000_000)
        self.s = new_game(self.g, self.seed)
        self.lang = choose_lang(opts.lang, self.g.lang)
        self.human = None if opts.auto else 0
        self.bots = opts.bots or "heuristic"
        self.save_path = opts.save_path or saves.default_save_path(self.g.id + (AUTO_SUFFIX if opts.auto else ""))
        self.names = self._names()
        self._keep_old_save()
        saves.clean_stale_temps(self.save_path)
        return None

    def _open_save(self, path: Path, lang: str) -> tuple[dict, object, object]:
        """The record in `path`, its game and the state its moves reach; Unusable (one line) if any fails."""
        try:
            rec = saves.read_record(path)
        except saves.RecordFileError as exc:
            raise Unusable(t(exc.key, lang, **exc.values)) from None
        game = self.opts.game
        if game and game not in (rec.get("game"), rec.get("rules")):
            raise Unusable(t("save_other_game", lang, saved=rec.get("game"), asked=game))
        try:
            g = load_for_record(rec)
        except RuleError as exc:
            raise Unusable("; ".join(p.message if p.loc.file.startswith(("-", "<")) else f"{p.loc}: {p.message}"
                                     for p in exc.problems)) from None  # --set or <record>: the save's own
        except (TypeError, ValueError, OSError) as exc:  # a save is outside input: its game, variants, params
            raise Unusable(f"{t('not_record', lang)} ({type(exc).__name__}: {str(exc)[:80]})") from None
        try:
            s, problems = record.replay(g, rec)
        except PlayError as exc:
            problems = [exc.render().splitlines()[0]]
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
            problems = [f"{t('not_record', lang)} ({type(exc).__name__}: {str(exc)[:80]})"]
        if problems:
            raise Unusable("; ".join(problems))
        return rec, g, s

    def _last_good(self, path: Path, lang: str) -> str:
        """When `path` cannot be resumed: where the last good save is and how to resume it, or ''."""
        bak = saves.backup_path(path)
        if not bak.is_file():
            return ""
        try:
            rec, _, _ = self._open_save(bak, lang)
        except Unusable:
            return ""
        game = rec.get("rules") or rec.get("game")
        command = f"kural play {shlex.quote(str(game))} --resume {shlex.quote(str(bak))}"
        return "; " + t("last_good_save", lang, path=bak, command=command)

    def _resume(self, path: Path) -> int | None:
        opts = self.opts
        lang = choose_lang(opts.lang, None)
        try:
            rec, self.g, self.s = self._open_save(path, lang)
        except Unusable as exc:
            error = "".join(c if c.isprintable() else repr(c)[1:-1] for c in exc.text)  # one line, whatever the save held
            self.err.print(t("bad_save", lang, path=path, error=error) + self._last_good(path, lang))
            return EXIT_USAGE
        saved = rec.get("cli") if isinstance(rec.get("cli"), dict) else {}
        self.seed = rec["seed"]
        self.game_arg = rec.get("rules") or rec["game"]
        self.lang = choose_lang(opts.lang or saved.get("lang"), self.g.lang)
        human = saved.get("human", 0)
        self.human = None if opts.auto else (human if isinstance(human, int) and 0 <= human < self.g.players else None)
        kind = opts.bots or saved.get("bots")
        self.bots = kind if isinstance(kind, str) and kind in BOTS else "heuristic"
        # A save the app wrote is continued in place (a backup, in place of the save it backs up);
        # a plain record is left as it is.
        if opts.save_path is not None:
            self.save_path = opts.save_path
        elif "cli" in rec:
            self.save_path = saves.backed_up(path) or path
        else:
            self.save_path = saves.default_save_path(self.g.id)
        self.names = self._names()
        if self.save_path.resolve() not in (path.resolve(), saves.backed_up(path.resolve())):
            self._keep_old_save()
        saves.clean_stale_temps(self.save_path)
        self.console.print(t("resumed", self.lang, path=path, moves=len(self.s.history)))
        return None

    def _names(self) -> list[str]:
        names = list(self.g.seats.get(self.lang) or self.g.seats.get("en") or [])
        return names + [f"#{i + 1}" for i in range(len(names), self.g.players)]

    def _keep_old_save(self) -> None:
        """An unfinished game in the save file is moved aside, never overwritten: its save if that reads
        as a record, else its backup if that does, else the file as it is."""
        path = self.save_path
        if path is None:
            return
        bak = saves.backup_path(path)
        if saves.is_record_file(path):
            old = path
        elif saves.is_record_file(bak):
            old = bak
        elif path.exists():
            old = path
        else:
            return
        kept = path.with_name(path.stem + ".prev" + path.suffix)
        try:
            os.replace(old, kept)
        except OSError:
            return
        if old != bak:
            saves.remove_save(bak)  # older than the save just kept: it must not pass for the new game's
        self.console.print(t("old_save_kept", self.lang, path=path, kept=kept,
                             command=self._resume_command(kept)))

    # -------------------------------------------------------------- playing
    def run(self) -> int:
        code = self.start()
        if code is not None:
            return code
        g, lang = self.g, self.lang
        self.console.print(t("seed", lang, seed=self.seed))
        if g.variants:
            self.console.print(t("variants", lang, names=", ".join(g.variants)))
        if self.human is not None:
            partners = [p for p in g.teams[g.team_of[self.human]] if p != self.human]
            bots = ", ".join(n for i, n in enumerate(self.names) if i != self.human and i not in partners)
            if partners:  # seats that play together: say who is on your side
                self.console.print(t("you_play_teams", lang, seat=self.human, name=self.names[self.human],
                                     partners=", ".join(self.names[p] for p in partners), bots=bots))
            else:
                self.console.print(t("you_play", lang, seat=self.human, name=self.names[self.human], bots=bots))
        try:
            self._loop()
            return self._finish()  # inside: an end screen that fails is reported like any move, the game kept
        except Stop as stop:
            self._save_and_tell()
            return stop.code
        except KeyboardInterrupt:
            self.console.print()
            self._save_and_tell()
            return EXIT_INTERRUPTED
        except BrokenPipeError:  # nobody reads the output any more; the save is current
            self._autosave()
            raise
        except PlayError as exc:  # the rule file fails in play: say where, keep the game
            self.err.print(exc.render(), markup=False)
            self._save_and_tell()
            return EXIT_RULES
        except Exception as exc:  # never lose a game to a bug: save it, say so
            if os.environ.get("KURAL_DEBUG"):
                raise
            self.err.print(t("internal_error", lang, error=f"{type(exc).__name__}: {exc}"))
            self._save_and_tell()
            return EXIT_BUG

    def _loop(self) -> None:
        g, s = self.g, self.s
        reader = Reader(g, self.lang)
        while not s.over:
            legal = moves_to_play(s)  # a position that offers nothing is an error of the rule file (PlayError)
            seat = s.me
            if seat == self.human:
                move = self._ask(reader, legal)
            else:
                move = make_bot(self.bots, bot_seed(self.seed, len(s.history))).choose(s, legal)
            self.console.print(render.bot_line(g, self.names[seat], move, self.lang))
            sheets, deals = len(s.sheets), len(s.deals)
            apply(s, move)
            self._autosave()
            self._tell_flow(sheets, deals)

    def _tell_flow(self, sheets: int, deals: int) -> None:
        """What the flow did after a move: a round scored (its sheet), a new round, more cards dealt."""
        s, lang = self.s, self.lang
        for i, sheet in enumerate(s.sheets[sheets:], start=sheets + 1):
            self.console.print()
            self.console.print(render.round_table(self.g, sheet, i, self.names, lang))
        if len(s.deals) > deals and not s.over:
            key = "new_round" if len(s.sheets) > sheets else "new_deal"
            self.console.print(t(key, lang, n=s.rounds_played + 1), style="bold")

    def _ask(self, reader: Reader, legal: list):
        g, s, lang = self.g, self.s, self.lang
        render.turn_screen(self.console, g, s, self.human, self.names, lang, legal)
        hand = [c for mv in legal for c in render.card_choice_values(g, mv)]
        if not hand:
            hand = list(s.zones[g.zone(g.hand_zone).first_id + self.human])
        hand = render.sort_cards(g, hand)
        while True:
            self.console.print(t("prompt", lang, name=self.names[self.human]), end="")
            self._flush()
            line = read_line()
            if line is None:
                self.console.print()
                raise Stop(EXIT_OK)
            if not sys.stdin.isatty():  # show what a script typed, so a transcript reads like a session
                self.console.print(echo(clean(line)), style="dim")
            if isinstance(line, LongLine):
                self.console.print(Text(t("unreadable", lang, text=echo(clean(line)), examples=examples(g, hand, lang)),
                                        style="red"))
                continue
            reading = reader.read(s, legal, line, hand)
            if reading.move is not None:
                return reading.move
            if reading.command == "quit":
                raise Stop(EXIT_OK)
            if reading.command == "help":
                self._help(legal, hand)
                continue
            self.console.print(Text(reading.message, style="red"))

    def _help(self, legal: list, hand: list[int]) -> None:
        g, lang = self.g, self.lang
        self.console.print(t("help_moves", lang, moves="  ".join(
            f"{i + 1}) {render.move_text(g, mv, lang, self.s)}" for i, mv in enumerate(legal))))
        names = ", ".join(dict.fromkeys(pick(m.title, lang, m.name) for m in g.moves))
        self.console.print(t("help_input", lang, examples=examples(g, hand, lang), names=names))
        tips = list(dict.fromkeys(pick(p.tip, lang) for p in g.bot if pick(p.tip, lang)))
        if tips:
            self.console.print(t("help_tips", lang, tips="; ".join(tips)))
        self.console.print(t("help_commands", lang, help=t("cmd_help", lang), why=t("cmd_why", lang),
                             quit=t("cmd_quit", lang)))

    # ------------------------------------------------------ saving, ending
    def _record(self) -> dict:
        g, s = self.g, self.s
        rec = record.start(g, self.seed, self.names, s)
        rec["moves"] = record.moves_of(g, s)
        return rec

    def _autosave(self) -> None:
        if self.save_path is None:
            return
        rec = self._record()
        rec["cli"] = {"human": self.human, "bots": self.bots, "lang": self.lang}
        try:
            self._written = saves.write_save(self.save_path, saves.pretty(rec), self._written)
        except OSError as exc:
            self.err.print(t("save_failed", self.lang, path=self.save_path, error=exc.strerror or exc))
            self.save_path = None  # say it once; the game goes on

    def _save_and_tell(self) -> None:
        if self.s is None or self.save_path is None:
            return
        self._autosave()
        if self.save_path is not None:
            self.console.print(t("saved", self.lang, path=self.save_path,
                                 command=self._resume_command(self.save_path)))

    def _resume_command(self, path: Path) -> str:
        return f"kural play {shlex.quote(self.game_arg)} --resume {shlex.quote(str(path))}"

    def _finish(self) -> int:
        g, s = self.g, self.s
        res = result(s)
        render.show_end(self.console, g, s, res, self.names, self.lang)
        if self.opts.record_path is not None:
            rec = record.finish(self._record(), s)
            try:
                saves.write_atomic(self.opts.record_path, saves.pretty(rec))
                self.console.print(t("record_written", self.lang, path=self.opts.record_path))
            except OSError as exc:
                self.err.print(t("save_failed", self.lang, path=self.opts.record_path, error=exc.strerror or exc))
                return EXIT_USAGE
        if self.save_path is not None:
            saves.remove_save(self.save_path)
        return EXIT_OK

    def _flush(self) -> None:
        try:
            self.console.file.flush()
        except (OSError, ValueError):
            pass


def play(console, err, opts: Options) -> int:
    return Session(console, err, opts).run()
