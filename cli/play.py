"""`kural play`: one game, the person at seat 0 against bots, saved as it goes.

Saving: after each move of the person and before each prompt, so nothing the person typed is lost;
while bots play on, at most once a second and never more than a tenth of the time (a save rewrites the
whole record, so saving after every move of a long bot game would cost its square). A kill during bot
moves loses nothing either: bots are seeded from the seed and the moves, so a resumed game replays them.
The save is locked while the game is played (see saves.SaveLock); an unfinished game found in it is
moved aside to a name no file has, never overwritten.

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

from dsl.errors import RuleError, escaped
from interpreter import game
from interpreter.bots import KINDS, make_bot
from interpreter.errors import PlayError
from interpreter.search import deciding_preference

from . import render, saves
from .i18n import choose_lang, pick, t
from .reading import Reader, clean, echo, examples

EXIT_OK, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BUG = 0, 2, 130, 70
EXIT_RULES = EXIT_USAGE  # a rule file that fails in play, as one that fails to load
SAVE_EVERY_SECONDS = 1.0  # while bots play: at most one save a second ...
SAVE_COST_SHARE = 10  # ... and at least this many times the last save's duration between two saves
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
    think: str | None = None  # the search bot's budget a move (--think), for this session: a save keeps none


def _same_game(asked: str, rec: dict) -> bool:
    """Does the game named on the command line (an id, or a rule file's path) name the save's game?"""
    rules = rec.get("rules")
    return asked == rec["game"] or (rules is not None and Path(asked).suffix in (".yaml", ".yml")
                                    and str(Path(asked).resolve()) == rules)


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
        self._lock: saves.SaveLock | None = None
        self._saved_moves: int | None = None  # moves in the last save written
        self._next_save = 0.0  # time.monotonic() before which bots' moves are not saved
        self.record_path: Path | None = None
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
        self.g = game.load(opts.game, opts.variants, opts.sets, opts.players)
        self.game_arg = self.g.source or opts.game  # a rule file by its absolute path: resumed from any folder
        self.seed = opts.seed if opts.seed is not None else random.Random(time.time_ns()).randrange(1, 1_000_000)
        self.s = game.new_game(self.g, self.seed)
        self.lang = choose_lang(opts.lang, self.g.lang)
        self.human = None if opts.auto else 0
        self.bots = opts.bots or "heuristic"
        self.names = self._names()
        default = saves.default_save_path(self.g.id + (AUTO_SUFFIX if opts.auto else ""))
        code = self._claim_files(opts.save_path or default, mine=opts.save_path is None)
        if code is not None:
            return code
        self._keep_old_save()
        saves.clean_stale_temps(self.save_path)
        return None

    def _claim_files(self, save: Path, mine: bool) -> int | None:
        """Before the game starts: the save and the record must be regular files (or links to one) in
        folders that exist (kural makes its own folder of saves), and the save must be no other kural's.
        Sets save_path and record_path to the files to write; an exit code (one line said) if not."""
        try:
            self.save_path = saves.write_target(save, make_folder=mine)
            if self.opts.record_path is not None:
                self.record_path = saves.write_target(self.opts.record_path)
            lock = saves.SaveLock(self.save_path)
            held = lock.acquire()
        except saves.RecordFileError as exc:
            self.err.print(t(exc.key, self.lang, **exc.values))
            return EXIT_USAGE
        except OSError as exc:
            self.err.print(t("cannot_write", self.lang, path=saves.lock_path(save), error=exc.strerror or exc))
            return EXIT_USAGE
        if not held:
            self.err.print(t("save_in_use", self.lang, path=self.save_path))
            return EXIT_USAGE
        self._lock = lock
        return None

    def _release(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _open_save(self, path: Path, lang: str) -> tuple[dict, object, object]:
        """The record in `path`, its game and the state its moves reach; Unusable (one line) if any fails."""
        try:
            rec = saves.read_record(path)
            asked = self.opts.game
            if asked and not _same_game(asked, rec):
                raise Unusable(t("save_other_game", lang, saved=saves.shown(rec["game"]), asked=asked))
            g = saves.game_of(rec)
        except saves.RecordFileError as exc:
            raise Unusable(exc.text(lang)) from None
        except RuleError as exc:
            raise Unusable("; ".join(p.message if p.loc.file.startswith(("-", "<")) else f"{p.loc}: {p.message}"
                                     for p in exc.problems)) from None  # --set or <record>: the save's own
        except (TypeError, ValueError, OSError) as exc:  # a save is outside input: its game, variants, params
            raise Unusable(f"{t('not_record', lang)} ({type(exc).__name__}: {str(exc)[:80]})") from None
        try:
            s, problems = game.replay(g, rec)
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
        rules = rec.get("rules") or rec.get("game")
        command = f"kural play {shlex.quote(str(rules))} --resume {shlex.quote(str(bak))}"
        return "; " + t("last_good_save", lang, path=bak, command=command)

    def _resume(self, path: Path) -> int | None:
        opts = self.opts
        lang = choose_lang(opts.lang, None)
        try:
            rec, self.g, self.s = self._open_save(path, lang)
        except Unusable as exc:
            error = escaped(exc.text)  # one line, whatever the save held
            self.err.print(t("bad_save", lang, path=path, error=error) + self._last_good(path, lang))
            return EXIT_USAGE
        saved = rec.get("cli", {})  # its types are checked with the record's (cli/recordcheck.py)
        self.seed = rec["seed"]
        self.game_arg = rec.get("rules") or rec["game"]
        self.lang = choose_lang(opts.lang or saved.get("lang"), self.g.lang)
        refused = self._refused_options(rec) or self._refused_cli(saved)
        if refused:
            self.err.print(t("bad_save", lang, path=path, error=refused) + self._last_good(path, lang))
            return EXIT_USAGE
        human = saved.get("human", 0)
        self.human = None if opts.auto else human
        self.bots = opts.bots or saved.get("bots") or "heuristic"
        # A save the app wrote is continued in place (a backup, in place of the save it backs up);
        # a plain record is left as it is.
        if opts.save_path is not None:
            save = opts.save_path
        elif "cli" in rec:
            save = saves.backed_up(path) or path
        else:
            save = saves.default_save_path(self.g.id)
        self.names = self._names()
        code = self._claim_files(save, mine=opts.save_path is None and "cli" not in rec)
        if code is not None:
            return code
        self._saved_moves = len(self.s.history) if self.save_path.resolve() == path.resolve() else None
        if self.save_path.resolve() not in (path.resolve(), saves.backed_up(path.resolve())):
            self._keep_old_save()
        saves.clean_stale_temps(self.save_path)
        self.console.print(t("resumed", self.lang, path=path, moves=len(self.s.history)))
        return None

    def _refused_cli(self, saved: dict) -> str:
        """Why the save's own settings cannot be played (a seat this game lacks, bots kural lacks), or ''."""
        human, kind, lang = saved.get("human", 0), saved.get("bots"), self.lang
        if human is not None and not 0 <= human < self.g.players:
            return t("bad_human", lang, seat=saves.shown(human, 24), last=self.g.players - 1)
        if kind is not None and kind not in KINDS:
            return t("bad_bots", lang, bots=saves.shown(kind, 40), kinds=", ".join(KINDS))
        return ""

    def _refused_options(self, rec: dict) -> str:
        """--variant, --set and --players with --resume: the save decides them, so they must say what it says.
        Why they are refused, or ''."""
        opts, g = self.opts, self.g
        given = [name for name, value in (("--variant", opts.variants), ("--set", opts.sets),
                                          ("--players", opts.players)) if value]
        if not given:
            return ""
        variants = opts.variants or (rec.get("files") or {}).get("variants", g.variants)
        try:
            asked = game.load(self.game_arg, variants, opts.sets, opts.players or g.players)
            same = asked.variants == g.variants and asked.players == g.players and all(
                asked.param_info[name]["value"] == g.param_info[name]["value"]
                for name in (item.partition("=")[0].strip() for item in opts.sets))
        except (RuleError, KeyError):
            same = False
        if same:
            return ""
        return t("resume_options", self.lang, options=", ".join(given), variants=", ".join(g.variants) or "-")

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
        kept = saves.move_aside(old, path)
        if kept is None:
            return
        if old != bak:
            saves.remove_save(bak)  # older than the save just kept: it must not pass for the new game's
        self.console.print(t("old_save_kept", self.lang, path=path, kept=kept,
                             command=self._resume_command(kept)))

    # -------------------------------------------------------------- playing
    def run(self) -> int:
        try:
            return self._run()
        finally:
            self._release()

    def _run(self) -> int:
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
        while not game.is_over(s):
            legal = game.legal(s)  # a position that offers nothing is an error of the rule file (PlayError)
            seat = s.me
            if seat == self.human:
                self._autosave()  # before the person is asked: the bots' moves so far are in the save
                move = self._ask(reader, legal)
            else:
                self._autosave_when_due()
                move = make_bot(self.bots, bot_seed(self.seed, len(s.history)), self.opts.think).choose(s, legal)
            self.console.print(render.bot_line(g, self.names[seat], move, self.lang))
            sheets, deals = len(s.sheets), len(s.deals)
            game.apply(s, move)
            if seat == self.human:
                self._autosave()  # what the person typed is never lost
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
            if reading.command == "hint":
                self._hint(legal)
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
                             hint=t("cmd_hint", lang), quit=t("cmd_quit", lang)))

    def _hint(self, legal: list) -> None:
        """`hint`: the move the search bot would play for the person, from the person's own view (it never
        peeks, interpreter/search.py), and why in the rule file's words: the `bot:` tip that picks it, and
        how it did in the search's playouts. Seeded by the position, like the bots: the same hint each time."""
        g, s, lang = self.g, self.s, self.lang
        bot = make_bot("search", bot_seed(self.seed, len(s.history)), self.opts.think)
        move = bot.choose(s, legal)
        reasons = []
        preference = deciding_preference(s, legal, move) if len(legal) > 1 else None
        if preference is not None and pick(preference.tip, lang):
            reasons.append(pick(preference.tip, lang))
        found = bot.searched(g, move)
        if len(legal) == 1:
            reasons.append(t("hint_only", lang))
        elif found is not None:
            reasons.append(t("hint_searched", lang, n=found[0], pct=round(100 * found[1])))
        shown = f"{legal.index(move) + 1}) {render.move_text(g, move, lang, s)}"
        self.console.print(t("hint", lang, move=shown, why="; ".join(reasons)))

    # ------------------------------------------------------ saving, ending
    def _record(self) -> dict:
        """The save's record: the moves so far, without a result (a save is a game to go on with)."""
        return game.record_of(self.s, self.names, with_result=False)

    def _autosave_when_due(self) -> None:
        """While bots play: save when SAVE_EVERY_SECONDS have passed since the last save, and
        SAVE_COST_SHARE times as long as it took, so saving stays a small share of the time."""
        if time.monotonic() >= self._next_save:
            self._autosave()

    def _autosave(self) -> None:
        """Write the save, unless it already holds every move."""
        if self.save_path is None or self._saved_moves == len(self.s.history):
            return
        began = time.monotonic()
        rec = self._record()
        rec["cli"] = {"human": self.human, "bots": self.bots, "lang": self.lang}
        try:
            self._written = saves.write_save(self.save_path, saves.pretty(rec), self._written)
        except OSError as exc:
            self.err.print(t("save_failed", self.lang, path=self.save_path, error=exc.strerror or exc))
            self.save_path = None  # say it once; the game goes on
            return
        self._saved_moves = len(self.s.history)
        took = time.monotonic() - began
        self._next_save = began + took + max(SAVE_EVERY_SECONDS, SAVE_COST_SHARE * took)

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
        res = game.result(s)
        render.show_end(self.console, g, s, res, self.names, self.lang)
        if self.record_path is not None:
            rec = game.record_of(s, self.names)
            error = saves.write_atomic(self.record_path, saves.pretty(rec))
            if error is not None:  # the finished game stays in the save, to write its record again
                self._save_and_tell()
                self.err.print(t("record_failed", self.lang, path=self.record_path, error=error.strerror or error))
                return EXIT_USAGE
            self.console.print(t("record_written", self.lang, path=self.record_path))
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
