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

from kural.dsl.errors import RuleError, escaped
from kural.dsl.loader import load
from kural.interpreter import game
from kural.interpreter.bots import KINDS, make_bot
from kural.interpreter.budget import renew
from kural.interpreter.errors import RULE_FAILURES, PlayError
from kural.interpreter.messages import said
from kural.interpreter.search import deciding_preference, preference_score

from . import render, saves
from .i18n import OLD_SAVE_CHOICES, choose_lang, pick, round_words, t
from .reading import Reader, clean, echo, examples

EXIT_OK, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BUG = 0, 2, 130, 70
EXIT_RULES = EXIT_USAGE  # a rule file that fails in play, as one that fails to load
SAVE_EVERY_SECONDS = 1.0  # while bots play: at most one save a second ...
SAVE_COST_SHARE = 10  # ... and at least this many times the last save's duration between two saves
AUTO_DELAY = 0.5  # seconds between moves of an --auto game watched on a terminal
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
    delay: float | None = None  # seconds after each bot move with --auto (None: a pause on a terminal, else none)


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


def open_save(path: Path, lang: str, asked: str | None = None) -> tuple[dict, object, object]:
    """The record in `path`, its game and the state its moves reach; Unusable (one line) if any fails,
    or if `asked` (the game named on the command line) is not the save's game."""
    try:
        rec = saves.read_record(path)
        if asked and not _same_game(asked, rec):
            raise Unusable(t("save_other_game", lang, saved=saves.shown(rec["game"]), asked=asked))
        g = saves.game_of(rec)
    except saves.RecordFileError as exc:
        raise Unusable(exc.text(lang)) from None
    except RuleError as exc:
        raise Unusable("; ".join(said(p.message, lang) if p.loc.file.startswith(("-", "<"))
                                 else f"{p.loc}: {said(p.message, lang)}"
                                 for p in exc.problems)) from None  # --set or <record>: the save's own
    except (TypeError, ValueError, OSError) as exc:  # a save is outside input: its game, variants, params
        raise Unusable(f"{t('not_record', lang)} ({type(exc).__name__}: {str(exc)[:80]})") from None
    try:
        s, problems = game.replay(g, rec)
    except PlayError as exc:
        problems = [exc.render(lang).splitlines()[0]]
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        problems = [f"{t('not_record', lang)} ({type(exc).__name__}: {str(exc)[:80]})"]
    if problems:
        raise Unusable("; ".join(problems))
    return rec, g, s


def param_shown(g, name: str) -> str:
    """A param's value as `--set` takes it (and a record writes it): a card by its code, none, true/false, a number."""
    info = g.param_info[name]
    value = info["value"]
    if info["type"] == "card" and value is not None:
        value = g.deck.code[value]
    return "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def params_set(g, resumed: dict | None, sets: list[str]) -> list[str]:
    """The params a game plays with other than its rule file and variants say, as `name=value`: in a new
    game, those `sets` names; in a game resumed from the record `resumed`, those whose saved value differs
    from the rules'."""
    if resumed is None:
        names = dict.fromkeys(item.partition("=")[0].strip() for item in sets)
    else:
        try:
            base = saves.game_of({**resumed, "params": {}})
        except (saves.RecordFileError, RuleError):
            return []
        names = [name for name, info in g.param_info.items()
                 if name in base.param_info and base.param_info[name]["value"] != info["value"]]
    return [f"{name}={param_shown(g, name)}" for name in names if name in g.param_info]


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
        self.resumed: dict | None = None  # the record a resumed game was read from
        self._queued: list = []  # moves the person typed at once, still to play (`add 2 7D 7H`)
        self._new_cards: set[int] = set()  # cards the person's last move brought into their hand, marked on screen
        self._explained: set[str] = set()  # the deck's own signs said so far (🍃 Leaves), each once a session

    # ------------------------------------------------------------ starting
    def start(self) -> int | None:
        """Set up a new or resumed game; an exit code if it cannot be."""
        opts = self.opts
        if opts.resume_path is not None:
            return self._resume(opts.resume_path)
        if not opts.game:
            self.err.print(t("no_game", choose_lang(opts.lang)))
            return EXIT_USAGE
        self.g = load(opts.game, opts.variants, opts.sets, opts.players)
        self.game_arg = self.g.source or opts.game  # a rule file by its absolute path: resumed from any folder
        self.seed = opts.seed if opts.seed is not None else random.Random(time.time_ns()).randrange(1, 1_000_000)
        self.s = game.new_game(self.g, self.seed)
        self.lang = choose_lang(opts.lang)
        self.human = None if opts.auto else 0
        self.bots = opts.bots or "heuristic"
        self.names = self._names()
        default = saves.default_save_path(self._save_name() + (AUTO_SUFFIX if opts.auto else ""))
        code = self._claim_files(opts.save_path or default, mine=opts.save_path is None)
        if code is not None:
            return code
        found = self._unfinished_game()
        choice = self._ask_old_save(found) if found is not None and sys.stdin.isatty() else "new"
        if choice == "resume":  # the person chose the save's own game: its seed, variants and params
            self._release()
            return self._resume(found.path, check_options=False)
        if choice in ("quit", "interrupted"):
            self.console.print(t("old_save_left", self.lang, path=found.path,
                                 command=self._resume_command(found.path)))
            return EXIT_OK if choice == "quit" else EXIT_INTERRUPTED
        self._keep_old_save()
        saves.clean_stale_temps(self.save_path)
        return None

    def _save_name(self) -> str:
        """The default save's name: the game's id, its variants and a player count other than the rule file's
        (`GAME+VARIANT+2p`), so that two games of one rule file never share a save (issue 35.9). A save of
        another name (an older kural's `GAME.json`) still resumes with --resume or `kural saves N`."""
        g = self.g
        parts = [g.id] + [Path(v).stem if v.endswith((".yaml", ".yml")) else v for v in g.variants]
        if self.opts.players is not None and self.opts.players != self._default_players():
            parts.append(f"{g.players}p")
        return "+".join(parts)

    def _default_players(self) -> int:
        """The number of players the game has without --players."""
        return load(self.opts.game, self.opts.variants, self.opts.sets, None).players

    def _unfinished_game(self) -> Listed | None:
        """The unfinished game a new game would replace: the save, or its backup when the save cannot be
        resumed and the backup can; None if neither holds one."""
        for path in (self.save_path, saves.backup_path(self.save_path)):
            if path.exists():
                found = _listed(path, self.lang)
                if found.state is not None:
                    return found if found.unfinished else None
        return None

    def _ask_old_save(self, found: Listed) -> str:
        """On a terminal, before a new game replaces an unfinished one: resume it, keep it aside and start
        anew, or quit; asked until one of them is typed. End of input is quit, Ctrl-C "interrupted": then
        nothing is changed."""
        lang = self.lang
        self.console.print(t("old_save_found", lang, path=found.path, about=save_summary(found, lang)))
        self.console.print(t("old_save_choices", lang))
        while True:
            self.console.print(t("old_save_prompt", lang), end="")
            self._flush()
            try:
                line = read_line()
            except KeyboardInterrupt:
                self.console.print()
                return "interrupted"
            if line is None:
                self.console.print()
                return "quit"
            choice = old_save_choice(line)
            if choice is not None:
                return choice
            self.console.print(Text(t("old_save_again", lang, text=echo(clean(line))), style="red"))

    def _claim_files(self, save: Path, mine: bool) -> int | None:
        """Before the game starts: the save and the record must be regular files (or links to one) in
        folders that exist (kural makes its own folder of saves), neither the other nor a rule file being
        played (saves.check_outputs), and the save must be no other kural's.
        Sets save_path and record_path to the files to write; an exit code (one line said) if not."""
        try:
            record = self.opts.record_path
            saves.check_recordable(self.g)  # a save is a record: one that could not be resumed is refused now
            saves.check_outputs([("--save", save), ("--save", saves.backup_path(save)), ("--save", saves.lock_path(save)),
                                 ("--record", record)], self.g.rule_files)
            self.save_path = saves.write_target(save, make_folder=mine)
            if record is not None:
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

    def _last_good(self, path: Path, lang: str) -> str:
        """When `path` cannot be resumed: where the last good save is and how to resume it, or ''."""
        bak = saves.backup_path(path)
        if not bak.is_file():
            return ""
        try:
            rec, _, _ = open_save(bak, lang, self.opts.game)
        except Unusable:
            return ""
        rules = rec.get("rules") or rec.get("game")
        command = f"kural play {shlex.quote(str(rules))} --resume {shlex.quote(str(bak))}"
        return "; " + t("last_good_save", lang, path=bak, command=command)

    def _resume(self, path: Path, check_options: bool = True) -> int | None:
        """Go on with the game saved in `path`; `check_options`: refuse --variant, --set, --seed and
        --players that say otherwise than the save (a resume the person chose at the prompt has none)."""
        opts = self.opts
        lang = choose_lang(opts.lang)
        if not path.exists() and path.name.isdigit() and str(path) == path.name:
            self.err.print(t("resume_by_number", lang, n=path.name))
            return EXIT_USAGE
        try:
            rec, self.g, self.s = open_save(path, lang, opts.game)
        except Unusable as exc:
            error = escaped(exc.text)  # one line, whatever the save held
            self.err.print(t("bad_save", lang, path=path, error=error) + self._last_good(path, lang))
            return EXIT_USAGE
        self.resumed = rec
        saved = rec.get("cli", {})  # its types are checked with the record's (cli/recordcheck.py)
        self.seed = rec["seed"]
        self.game_arg = rec.get("rules") or rec["game"]
        self.lang = lang  # the person's language, as every command's, not the one the save was played in
        refused = self._refused_options(rec) if check_options else ""
        if refused:  # the save is good: the command line says otherwise
            self.err.print(t("bad_save", lang, path=path, error=refused))
            return EXIT_USAGE
        refused = self._refused_cli(saved)
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
            if "cli" not in rec and saves.same_file(Path(save), Path(path)):  # it would be saved over, then removed
                self.err.print(t("save_over_resumed_record", lang, save=save, path=path))
                return EXIT_USAGE
        elif "cli" in rec:
            save = saves.backed_up(path) or path
        else:
            save = saves.default_save_path(self._save_name())
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
        """--seed, --variant, --set and --players with --resume: the save decides them, so each must say what
        the save says. Why they are refused (each option, and what the save has instead), or ''."""
        opts, g, lang = self.opts, self.g, self.lang
        given, saved = [], []
        if opts.seed is not None and opts.seed != rec["seed"]:
            given.append(f"--seed {opts.seed}")
            saved.append(t("saved_seed", lang, seed=rec["seed"]))
        if opts.players and opts.players != g.players:
            given.append(f"--players {opts.players}")
            saved.append(t("saved_players", lang, n=g.players))
        if opts.variants or opts.sets:
            variants = opts.variants or (rec.get("files") or {}).get("variants", g.variants)
            try:
                asked = load(self.game_arg, variants, opts.sets, g.players)
            except RuleError as exc:  # an unknown variant or param: say that, not that it differs
                return "; ".join(said(problem.message, lang) for problem in exc.problems)
            if asked.variants != g.variants:
                given.append(" ".join(f"--variant {shlex.quote(v)}" for v in opts.variants))
                saved.append(t("saved_variants", lang, names=", ".join(g.variants) or t("no_variants", lang)))
            for name in dict.fromkeys(item.partition("=")[0].strip() for item in opts.sets):
                if asked.param_info[name]["value"] != g.param_info[name]["value"]:
                    given.append(f"--set {name}={param_shown(asked, name)}")
                    saved.append(f"{name}={param_shown(g, name)}")
        if not given:
            return ""
        return t("resume_options", lang, options=", ".join(given), saved="; ".join(saved))

    def _names(self) -> list[str]:
        """The seats' names from the rule file; with --auto, the person's seat is a bot and says so."""
        names = list(self.g.seats.get(self.lang) or self.g.seats.get("en") or [])
        names += [f"#{i + 1}" for i in range(len(names), self.g.players)]
        if self.opts.auto and names:
            names[0] = t("bot_in_seat", self.lang, name=names[0])
        return names

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
        changed = params_set(g, self.resumed, self.opts.sets)
        if changed:
            self.console.print(t("params_set", lang, names=", ".join(changed)))
        if self.human is not None:
            partners = [p for p in g.teams[g.team_of[self.human]] if p != self.human]
            bots = ", ".join(n for i, n in enumerate(self.names) if i != self.human and i not in partners)
            if partners:  # seats that play together: say who is on your side
                self.console.print(t("you_play_teams", lang, name=self.names[self.human],
                                     partners=", ".join(self.names[p] for p in partners), bots=bots))
            else:
                self.console.print(t("you_play", lang, name=self.names[self.human], bots=bots))
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
        except (BrokenPipeError, SystemExit):  # nobody reads the output any more (rich's console ends the
            self._autosave()                   # process with SystemExit on a broken pipe): the save is made current
            raise
        except PlayError as exc:  # the rule file fails in play: say where, keep the game
            self.err.print(exc.render(self.lang), markup=False)
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
            if seat == self.human and self._queued and self._queued[0] in legal:
                move = self._queued.pop(0)  # the next card of `add 2 7D 7H`, tried before it was accepted
            elif seat == self.human:
                self._queued = []
                self._autosave()  # before the person is asked: the bots' moves so far are in the save
                move = self._ask(reader, legal)
            else:
                self._autosave_when_due()
                move = make_bot(self.bots, bot_seed(self.seed, len(s.history)), self.opts.think).choose(s, legal)
            line = render.bot_line(g, self.names[seat], move, self.lang, seen=self.human in (None, seat))
            if seat != self.human:
                self.console.print(render.colored(g, line))
            if self.human is None:
                self._pace()
            sheets, deals = len(s.sheets), len(s.deals)
            held = self._hand()
            game.apply(s, move)
            if seat == self.human:
                self._tell_new_cards(line, held if len(s.deals) == deals else self._hand())
                self._autosave()  # what the person typed is never lost
            self._tell_flow(sheets, deals)

    def _hand(self) -> list[int]:
        return list(self.s.zones[self.g.zone(self.g.hand_zone).first_id + self.human]) if self.human is not None else []

    def _tell_new_cards(self, line: str, held: list[int]) -> None:
        """The person's move, and the cards it brought into their hand (a card drawn): only they see them,
        so only their own line names them; the next screen marks them in the hand (issue 35.6). A new deal
        is no card drawn: `held` is then the hand as dealt."""
        before = set(held)
        new = [c for c in self._hand() if c not in before]
        self._new_cards = set(new)
        if new:
            labels = " ".join(self.g.deck.label(c) for c in render.sort_cards(self.g, new))
            line += " " + t("came_to_hand", self.lang, cards=labels)
        self.console.print(render.colored(self.g, line))

    def _pace(self) -> None:
        """--auto: a pause after each move, so that a person can watch (--delay; on a terminal by default)."""
        delay = self.opts.delay
        if delay is None:
            delay = AUTO_DELAY if self.console.is_terminal else 0.0
        if delay > 0:
            self._flush()
            time.sleep(delay)

    def _tell_flow(self, sheets: int, deals: int) -> None:
        """What the flow did after a move: a round scored (its sheet), a new round, more cards dealt."""
        s, lang = self.s, self.lang
        for i, sheet in enumerate(s.sheets[sheets:], start=sheets + 1):
            self.console.print()
            mover = self.names[s.history[-1][0]] if s.history else ""  # the move that ended the round
            self.console.print(render.round_table(self.console, self.g, sheet, i, self.names, lang, mover))
        if len(s.deals) > deals and not s.over:
            key = "new_round" if len(s.sheets) > sheets else "new_deal"
            self.console.print(t(key, lang, n=s.rounds_played + 1, **round_words(self.g, lang)), style="bold")

    def _ask(self, reader: Reader, legal: list):
        g, s, lang = self.g, self.s, self.lang
        legal = render.display_order(g, legal)  # numbered as listed, so that `2` is the second move shown
        render.turn_screen(self.console, g, s, self.human, self.names, lang, legal, self._new_cards)
        seen = [c for z in game.view(s, self.human)["zones"] if z.cards for c in z.cards]
        legend = render.signs_legend(g, seen, lang, self._explained)
        if legend:
            self._say(legend)
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
            if self._passes(line, legal):  # on a terminal, Enter alone plays the only move, a pass
                return legal[0]
            if isinstance(line, LongLine):
                self.console.print(Text(t("unreadable", lang, text=echo(clean(line)), examples=examples(g, hand, lang)),
                                        style="red"))
                continue
            reading = reader.read(s, legal, line, hand)
            if reading.move is not None:
                self._queued = list(reading.then)
                return reading.move
            if reading.command == "quit":
                raise Stop(EXIT_OK)
            if reading.command == "help":
                self._help(legal, hand)
                continue
            if reading.command == "hint":
                self._hint(legal)
                continue
            self._say(reading.message, style="red")

    def _passes(self, line: str, legal: list) -> bool:
        """An empty line typed at a terminal when the only legal move is one without choices (a pass)."""
        return (len(legal) == 1 and not self.g.moves[legal[0][0]].choices and not clean(line)
                and sys.stdin.isatty())

    def _help(self, legal: list, hand: list[int]) -> None:
        """The moves by move, how to type a card and a move, the rule file's tips and the commands; wrapped
        at word boundaries (the console's soft wrap would break words at the terminal's edge)."""
        g, lang, say = self.g, self.lang, self._say
        say(t("help_moves", lang, moves=""))
        for line in render.moves_block(g, legal, lang, self.s, self.console.width):
            self.console.print(render.colored(g, line), no_wrap=True, overflow="ignore")
        names = ", ".join(dict.fromkeys(pick(m.title, lang, m.name) for m in g.moves))
        say(t("help_input", lang, examples=examples(g, hand, lang, every_form=True), names=names))
        forms = render.typed_forms(g, legal, hand, lang)
        if forms:
            say(t("help_typing", lang, forms=forms))
        tips = list(dict.fromkeys(pick(p.tip, lang) for p in g.bot if pick(p.tip, lang)))
        if tips:
            say(t("help_tips", lang, tips="; ".join(tips)))
        say(t("help_commands", lang, help=t("cmd_help", lang), why=t("cmd_why", lang),
              hint=t("cmd_hint", lang), quit=t("cmd_quit", lang)))

    def _say(self, text: str, style: str | None = None) -> None:
        """A sentence, wrapped at word boundaries to the terminal's width; one line on a pipe, for a
        script to read (as a refusal is)."""
        self.console.print(render.colored(self.g, Text(text, style=style)), soft_wrap=not self.console.is_terminal)

    def _hint(self, legal: list) -> None:
        """`hint`: the move the search bot would play for the person, from the person's own view (it never
        peeks, interpreter/search.py), and why in the rule file's words: the `bot:` tip that picks it, and
        how it did in the search's playouts. Seeded by the position, like the bots: the same hint each time."""
        g, s, lang = self.g, self.s, self.lang
        bot = make_bot("search", bot_seed(self.seed, len(s.history)), self.opts.think)
        move = bot.choose(s, legal)
        reasons = []
        preference = deciding_preference(s, legal, move) if len(legal) > 1 else None
        if len(legal) > 1 and (preference is None or not pick(preference.tip, lang)):
            preference = tip_favouring(s, legal, move, lang)
        if preference is not None:
            reasons.append(pick(preference.tip, lang))
        elif len(legal) > 1 and any(pick(p.tip, lang) for p in g.bot):
            reasons.append(t("hint_no_tip", lang))
        found = bot.searched(g, move)
        if len(legal) == 1:
            reasons.append(t("hint_only", lang))
        elif found is not None:
            reasons.append(t("hint_searched", lang, n=found[0], pct=round(100 * found[1])))
        shown = f"{legal.index(move) + 1}) {render.move_text(g, move, lang, s)}"
        self._say(t("hint", lang, move=shown, why="; ".join(reasons)))

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


def tip_favouring(s, legal: list, move, lang: str):
    """When no `bot:` preference decides the move alone: the first tipped one that scores it above some
    legal move and below none, so a hint says a tip of the rules that favours it as well as its playouts
    (issue 35.14); None if no tip does (the search alone chose it)."""
    for p in s.g.bot:
        if not pick(p.tip, lang) or p.move not in (None, move[0]):
            continue
        renew(s)  # a preference's work is budgeted as the bot's is
        try:
            scores = [preference_score(s.g, p, s, mv) for mv in legal]
        except RULE_FAILURES:  # a preference the bot fails on too says nothing of the move
            continue
        mine = scores[legal.index(move)]
        if mine == max(scores) and mine > min(scores):
            return p
    return None


def play(console, err, opts: Options) -> int:
    return Session(console, err, opts).run()


# ------------------------------------------------------ `kural saves`: the games that wait
@dataclass
class Listed:
    """One file of the folder of saves as `kural saves` shows it: a game to resume (`state` not over),
    a finished one, or a file that cannot be resumed (`error` says why, in one line)."""
    path: Path
    rec: dict | None = None
    g: object = None
    state: object = None
    error: str = ""

    @property
    def unfinished(self) -> bool:
        return self.state is not None and not self.state.over


def listed_saves(folder: Path, lang: str) -> tuple[list[Listed], int]:
    """Every file `saves.files_to_list` gives, read and replayed (a number offered always resumes), and
    how many were left unread. A backup (`<save>.bak`) is the same game one step behind its save, so it is
    shown only when its save cannot be resumed: then it is the last good copy of that game."""
    paths, more = saves.files_to_list(folder)
    found = {path: _listed(path, lang) for path in paths if saves.backed_up(path) is None}
    for path in paths:
        save = saves.backed_up(path)
        if save is not None and not (save in found and found[save].unfinished):
            found[path] = _listed(path, lang)
    return [found[path] for path in paths if path in found], more


def _listed(path: Path, lang: str) -> Listed:
    try:
        rec, g, s = open_save(path, lang)
    except Unusable as exc:
        return Listed(path, error=escaped(exc.text))
    except Exception as exc:  # a listing never stops at one file, whatever it holds
        return Listed(path, error=t("internal_error", lang, error=escaped(f"{type(exc).__name__}: {exc}"[:120])))
    return Listed(path, rec, g, s)


def save_summary(item: Listed, lang: str) -> str:
    """A saved game in one line: game and variants, params set, players, seed, moves played, when saved."""
    g, rec = item.g, item.rec
    parts = [pick(g.title, lang, g.id) + (" + " + ", ".join(g.variants) if g.variants else "")]
    params = params_set(g, rec, [])
    if params:
        parts.append(", ".join(params))
    parts.append(t("saved_players", lang, n=g.players))
    parts.append(t("saved_seed", lang, seed=rec["seed"]))
    parts.append(t("save_moves", lang, n=len(item.state.history)))
    try:
        parts.append(time.strftime("%Y-%m-%d %H:%M", time.localtime(item.path.stat().st_mtime)))
    except OSError:
        pass
    return " · ".join(parts)


def _listed_or_said(err, folder, lang: str):
    """The saves of `folder` and how many more were not read (listed_saves), or None once it is said on
    `err` that the folder cannot be read."""
    try:
        return listed_saves(folder, lang)
    except OSError as exc:
        err.print(t("cannot_list", lang, folder=folder, error=exc.strerror or exc))
        return None


def list_saves(console, err, lang: str | None) -> int:
    """`kural saves`: the saved games, unfinished ones numbered for `kural saves N`; exit 0, or 2 if the
    folder cannot be read."""
    lang = choose_lang(lang)
    folder = saves.saves_folder()
    listed = _listed_or_said(err, folder, lang)
    if listed is None:
        return EXIT_USAGE
    items, more = listed
    number = 0
    if not any(item.unfinished for item in items):
        console.print(t("no_saves", lang, folder=folder))
    else:
        console.print(t("saves_title", lang, folder=folder))
    items.sort(key=lambda item: 0 if item.unfinished else 1 if item.state is not None else 2)  # stable: by name
    for item in items:
        name = escaped(item.path.name)
        if item.unfinished:
            number += 1
            playing = " · " + t("save_in_play", lang) if saves.in_play(item.path) else ""
            console.print(Text(f"{number:>3}) {save_summary(item, lang)} · {name}{playing}"))
        elif item.state is not None:
            finished = t("save_finished", lang, file=name, about=save_summary(item, lang),
                         path=shlex.quote(str(item.path)))
            console.print(Text(f"  -  {finished}"))
        else:
            console.print(Text(f"  -  {t('save_unreadable', lang, file=name, error=item.error)}"), style="red")
    if more:
        console.print(t("saves_more", lang, n=more, limit=saves.MAX_LISTED))
    if number:
        console.print(t("saves_resume", lang))
    return EXIT_OK


def resume_listed(console, err, number: int, opts: Options) -> int:
    """`kural saves N`: play on the N-th unfinished game of the list `kural saves` prints."""
    lang = choose_lang(opts.lang)
    folder = saves.saves_folder()
    listed = _listed_or_said(err, folder, lang)
    if listed is None:
        return EXIT_USAGE
    unfinished = [item for item in listed[0] if item.unfinished]
    if not 1 <= number <= len(unfinished):
        err.print(t("no_save_number", lang, n=number, count=len(unfinished), folder=folder))
        return EXIT_USAGE
    opts.resume_path = unfinished[number - 1].path
    return play(console, err, opts)


def old_save_choice(line: str) -> str | None:
    """What the person typed at the question about an unfinished save: resume, new or quit; None if neither."""
    word = line.strip().casefold()
    return next((choice for choice, words in OLD_SAVE_CHOICES.items() if word in words), None)
