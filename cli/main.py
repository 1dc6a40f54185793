"""The `kural` command: typer wiring only; each command's work is in its own module.

Every rule-file problem is printed as file:line:col on stderr with exit code
2, never as a traceback; bad option values are usage errors (exit 2).
"""
from __future__ import annotations

import os
import sys

from . import quick

# Cold start: `kural --help` and `kural list` are answered before typer is imported (cli/quick.py),
# when this module starts the kural program (`python -m kural.cli.main`, or the installed `kural` script);
# imported from anywhere else, it only defines the app.
if __name__ == "__main__" or os.path.basename(sys.argv[0]) in ("kural", "kural.exe"):
    quick.answer(sys.argv[1:])
    quick.collector_off()  # the program's imports: no collections while they run (main() turns it on again)

import gc  # noqa: E402
import importlib  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
from enum import Enum  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Annotated, Optional  # noqa: E402

import typer  # noqa: E402

from kural.dsl.errors import RuleError  # noqa: E402
from kural.interpreter.errors import PlayError  # noqa: E402
from kural.interpreter.messages import said  # noqa: E402
from kural.interpreter.bots import KINDS  # noqa: E402

from .teach_text import HELP as TEACH_HELP  # noqa: E402
from .i18n import HELP, choose_lang, pick, t  # noqa: E402
from .runs_text import HELP as RUNS_HELP, say  # noqa: E402
from . import typer_words  # noqa: E402


# Cold start: only what typer's `kural --help` needs is imported above. A command's modules are imported
# when it runs (the rules compiler, the YAML reader, rich's tables and progress bars cost more
# than printing the help), without changing the command bodies that use them by name.
def _lazy_module(name: str):
    """The module, executed at the first use of one of its attributes (importlib's LazyLoader)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _lazy_callable(module: str, name: str):
    """A stand-in for `from module import name` (a function or a class that is only called)."""
    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)
    return call


checks, listing, meldcheck = _lazy_module("kural.cli.checks"), _lazy_module("kural.cli.listing"), _lazy_module("kural.cli.meldcheck")
saves = _lazy_module("kural.cli.saves")
playing, simulating = _lazy_module("kural.cli.play"), _lazy_module("kural.cli.simulate")
command = _lazy_module("kural.cli.simulate_command")  # simulate's run and table (typer-free: cli/quick.py runs it too)
parallel, comparing = _lazy_module("kural.cli.parallel"), _lazy_module("kural.cli.compare")
explaining, graphing = _lazy_module("kural.cli.explain"), _lazy_module("kural.cli.graph")
paramlist = _lazy_module("kural.cli.paramlist")
teaching = _lazy_module("kural.dsl.teach")
load = _lazy_callable("kural.dsl.loader", "load")

def _lang_asked(argv: list[str]) -> str | None:
    """The --lang of the command line, read before typer parses it: the help speaks it too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1].lower()
        if arg.startswith("--lang="):
            return arg.partition("=")[2].lower()
    return None


# Help is printed before typer parses the line: the one rule of every command (cli/i18n.py choose_lang)
# with the --lang read here, so that help, errors and the command speak one language.
HELP_LANG = choose_lang(_lang_asked(sys.argv[1:]))
typer_words.LANG = HELP_LANG  # typer's own words (Usage, Options, Error ...) in it too


make_console = quick.make_console


def h(key: str) -> str:
    return pick(HELP[key], HELP_LANG)


def rh(key: str) -> str:
    return pick(RUNS_HELP[key], HELP_LANG)


Lang = Enum("Lang", {"tr": "tr", "en": "en"}, type=str)
BotKind = Enum("BotKind", {k: k for k in KINDS}, type=str)

app = typer.Typer(help=h("app"), no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False,
                  rich_markup_mode=None, cls=typer_words.Group,
                  context_settings={"help_option_names": ["-h", "--help"]})


def _version(asked: bool) -> None:
    if asked:
        from importlib.metadata import PackageNotFoundError, version
        try:
            shown = version("kural")
        except PackageNotFoundError:  # run from a checkout that was never installed
            shown = "unknown"
        sys.stdout.write(f"kural {shown}\n")
        raise typer.Exit(0)


LangOpt = Annotated[Optional[Lang], typer.Option("--lang", help=h("opt_lang"), case_sensitive=False)]


@app.callback()
def _main(version: Annotated[bool, typer.Option("--version", help=h("opt_version"), callback=_version,
                                                is_eager=True)] = False,
          lang: LangOpt = None) -> None:
    if lang is not None:  # `kural --lang tr COMMAND`: the command speaks it too, as with KURAL_LANG
        os.environ["KURAL_LANG"] = lang.value

def _completing(name: str):
    """A completion of cli/completion.py (game ids, variants, bot kinds, params), imported when the
    shell asks for one: typer reads the parameters `ctx` and `incomplete` by their names."""
    def complete(ctx, incomplete):
        return getattr(importlib.import_module("kural.cli.completion"), name)(ctx, incomplete)
    return complete


GameArg = Annotated[str, typer.Argument(help=h("arg_game"), show_default=False, metavar="GAME",
                                        autocompletion=_completing("game_ids"))]
MaybeGameArg = Annotated[Optional[str], typer.Argument(help=h("arg_game"), show_default=False, metavar="GAME",
                                                       autocompletion=_completing("game_ids"))]
VariantOpt = Annotated[list[str], typer.Option("--variant", help=h("opt_variant"), metavar="NAME",
                                               autocompletion=_completing("variant_names"))]
SetOpt = Annotated[list[str], typer.Option("--set", help=h("opt_set"), metavar="NAME=VALUE",
                                           autocompletion=_completing("param_names"))]
PlayersOpt = Annotated[Optional[int], typer.Option("--players", help=h("opt_players"), metavar="N")]
ThinkOpt = Annotated[Optional[str], typer.Option("--think", help=h("opt_think"), metavar="BUDGET")]
WorkersOpt = Annotated[Optional[int], typer.Option("--workers", min=1, help=rh("opt_workers"), metavar="N")]
RayOpt = Annotated[Optional[str], typer.Option("--ray", help=rh("opt_ray"), metavar="[ADDRESS]")]


def _check_think(think: str | None, lang) -> None:
    """--think: a number of iterations or seconds (`200`, `0.5s`); else one line and exit 2."""
    if think is None:
        return
    from kural.interpreter.search import budget_of  # here: the search is loaded only when it is asked for
    try:
        budget_of(think)
    except ValueError:
        raise typer.BadParameter(t("bad_think", choose_lang(_value(lang)), think=think),
                                 param_hint="--think") from None


def _value(option) -> str | None:
    return option.value if option is not None else None


def _problems(err, exc: RuleError, lang_option) -> int:
    """Print a rule file's problems as file:line:col, in the language asked (choose_lang); a
    problem with what was typed on the command line (a game or variant that does not exist, --players,
    --set) is a usage error in typer's own form."""
    lang = choose_lang(_value(lang_option) if isinstance(lang_option, Lang) else lang_option)
    for problem in exc.problems:
        param = _typed_param(problem.loc.file)
        if param is not None:
            hint = f" ({said(problem.hint, lang)})" if problem.hint else ""
            raise typer.BadParameter(said(problem.message, lang) + hint, param_hint=param)
    for problem in exc.problems:
        err.print(problem.render(lang))
    return 2


def _typed_param(where: str) -> str | None:
    """The command-line parameter a problem's place names (`--players`, `--set`, `--variant`, GAME, compare's
    FILE2: the second of the command's arguments), or None for a file."""
    if where.startswith("--"):
        return f"'{where}'"
    argv = sys.argv[1:]
    if where not in argv or Path(where).is_file():
        return None
    at = argv.index(where)
    before = argv[at - 1] if at > 0 else ""
    if before == "--variant":
        return "'--variant'"
    words = [a for i, a in enumerate(argv[:at]) if not a.startswith("-") and not (i and argv[i - 1] in _TAKES_VALUE)]
    return "'FILE2'" if len(words) >= 2 else "'GAME'"  # the command, then GAME: a third word is FILE2


_TAKES_VALUE = {"--variant", "--set", "--seed", "--bots", "--players", "-n", "--games", "--plot", "--workers",
                "--lang", "--format", "--output", "--record", "--save", "--resume", "--think", "--delay", "--move",
                "--card", "--ray"}


def _finish(code: int) -> None:
    raise typer.Exit(code)


JsonOpt = Annotated[bool, typer.Option("--json", help=h("opt_json_out"))]


@app.command("list", help=h("list"))
def list_cmd(lang: LangOpt = None, as_json: JsonOpt = False) -> None:
    out, err = make_console(), make_console(stderr=True)
    _finish(listing.list_games(out, err, _value(lang), as_json))


@app.command(help=h("play"))
def play(
    game: MaybeGameArg = None,
    variant: VariantOpt = [],
    set_: SetOpt = [],
    seed: Annotated[Optional[int], typer.Option("--seed", help=h("opt_seed"))] = None,
    players: PlayersOpt = None,
    lang: LangOpt = None,
    bots: Annotated[Optional[BotKind], typer.Option("--bots", help=h("opt_bots") + " [default: heuristic]")] = None,
    auto: Annotated[bool, typer.Option("--auto", help=h("opt_auto"))] = False,
    delay: Annotated[Optional[float], typer.Option("--delay", min=0, max=60, help=h("opt_delay"), metavar="SECONDS")] = None,
    record: Annotated[Optional[Path], typer.Option("--record", help=h("opt_record"))] = None,
    resume: Annotated[Optional[Path], typer.Option("--resume", help=h("opt_resume"), dir_okay=False)] = None,
    save: Annotated[Optional[Path], typer.Option("--save", help=h("opt_save"))] = None,
    think: ThinkOpt = None,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    _check_think(think, lang)
    _check_seed(seed, 1, choose_lang(_value(lang)))
    opts = playing.Options(game=game, variants=list(variant), sets=list(set_), seed=seed, players=players,
                           lang=_value(lang),
                           bots=_value(bots), auto=auto, record_path=record, resume_path=resume, save_path=save,
                           think=think, delay=delay)
    try:
        code = playing.play(out, err, opts)
    except RuleError as exc:
        code = _problems(err, exc, lang)
    _finish(code)


@app.command("saves", help=h("saves"))
def saves_cmd(
    number: Annotated[Optional[int], typer.Argument(help=h("arg_save_number"), show_default=False, metavar="N")] = None,
    lang: LangOpt = None,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    if number is None:
        _finish(playing.list_saves(out, err, _value(lang)))
    try:
        code = playing.resume_listed(out, err, number, playing.Options(game=None, lang=_value(lang)))
    except RuleError as exc:
        code = _problems(err, exc, lang)
    _finish(code)


@app.command(help=h("simulate"))
def simulate(
    game: GameArg,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help=h("opt_n"))] = quick.SIM_DEFAULTS["n"],
    seed: Annotated[int, typer.Option("--seed", help=h("opt_sim_seed"))] = quick.SIM_DEFAULTS["seed"],
    bots: Annotated[Optional[str], typer.Option("--bots", help=h("opt_sim_bots"), metavar="KIND[,KIND...]",
                                                show_default=False, autocompletion=_completing("bot_kinds"))] = None,
    variant: VariantOpt = [],
    set_: SetOpt = [],
    as_json: Annotated[bool, typer.Option("--json", help=h("opt_json"))] = False,
    record: Annotated[Optional[Path], typer.Option("--record", help=h("opt_sim_record"))] = None,
    legal: Annotated[bool, typer.Option("--legal", help=h("opt_legal"))] = False,
    players: PlayersOpt = None,
    lang: LangOpt = None,
    think: ThinkOpt = None,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    try:
        g = load(game, list(variant), list(set_), players)
    except RuleError as exc:
        _finish(_problems(err, exc, lang))
    _check_think(think, lang)
    lang_ = choose_lang(_value(lang))
    kinds, seats = _bots_and_seats(g, bots or g.bots, lang_)
    _check_seed(seed, n, lang_)
    opening = (lambda: _record_file(err, record, lang_, g)) if record is not None else None
    command.run_and_print(out, err, g, n, seed, kinds, seats, lang_, as_json, record, opening, legal, think,
                          workers, ray)


def _bots_and_seats(g, bots: str, lang: str) -> tuple[list[str], list[str]]:
    """--bots as one kind per seat (a usage error if it does not fit), and the seats' names."""
    kinds, seats = command.kinds_and_seats(g, bots, lang)
    if kinds is None:
        raise typer.BadParameter(t("sim_bad_bots", lang, players=g.players, kinds=", ".join(KINDS)),
                                 param_hint="--bots")
    _check_policies(kinds, lang)
    return kinds, seats


def _check_policies(kinds: list[str], lang: str) -> None:
    """A bot named module:Name is imported now, from the working folder too (as the program's own module
    would be), so that one that cannot be is a usage error before any game is played."""
    from kural.interpreter.arguments import ArgumentError
    from kural.interpreter.policies import imported, is_imported_name
    if not any(is_imported_name(k) for k in kinds):
        return
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    for kind in dict.fromkeys(k for k in kinds if is_imported_name(k)):
        try:
            imported(kind)
        except ArgumentError as exc:
            raise typer.BadParameter(str(said(exc.args[0], lang)), param_hint="--bots") from None


def _check_seed(seed: int | None, games: int, lang: str) -> None:
    """--seed, checked as the API checks a seed (interpreter/seeds.py), with every game dealt from it: a
    usage error if out of range, before any game is played."""
    from kural.interpreter.errors import SeedError
    from kural.interpreter.seeds import seed_of
    if seed is not None:
        try:
            seed_of(seed, games)
        except SeedError as exc:
            raise typer.BadParameter(exc.said(lang), param_hint="--seed") from None


def _record_file(err, path: Path, lang: str, g) -> saves.AtomicFile:
    """simulate's --record: written beside the file and renamed over it at the end; only a regular file
    (or a link to one) in a folder that exists and no rule file being played, and a game whose records
    replay, else one line and exit 2 before any game is played. Temp files of a run killed an hour ago
    or more are removed."""
    try:
        saves.check_recordable(g)
        saves.check_outputs([("--record", path)], g.rule_files)
        target = saves.write_target(path)
        saves.clean_stale_temps(target)
        return saves.AtomicFile(target)
    except saves.RecordFileError as exc:
        err.print(t(exc.key, lang, **exc.values))
    except OSError as exc:
        err.print(t("cannot_write", lang, path=path, error=exc.strerror or exc))
    _finish(2)


def _check_outputs(err, outputs, rule_files, lang: str) -> None:
    """No output file that is a rule file being played or another output (saves.check_outputs): else one
    line and exit 2, before anything is played or written."""
    try:
        saves.check_outputs(outputs, rule_files)
    except saves.RecordFileError as exc:
        err.print(t(exc.key, lang, **exc.values))
        _finish(2)


@app.command(help=rh("compare"))
def compare(
    game: GameArg,
    other: Annotated[Optional[str], typer.Argument(help=rh("arg_other"), show_default=False, metavar="[FILE2]",
                                                   autocompletion=_completing("game_ids"))] = None,
    variant: VariantOpt = [],
    set_: SetOpt = [],
    n: Annotated[int, typer.Option("-n", "--games", min=2, help=rh("opt_cmp_n"))] = 1000,
    seed: Annotated[int, typer.Option("--seed", help=h("opt_sim_seed"))] = quick.SIM_DEFAULTS["seed"],
    bots: Annotated[Optional[str], typer.Option("--bots", help=h("opt_sim_bots"), metavar="KIND[,KIND...]",
                                                show_default=False, autocompletion=_completing("bot_kinds"))] = None,
    players: PlayersOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=rh("opt_cmp_json"))] = False,
    plot: Annotated[Optional[Path], typer.Option("--plot", help=rh("opt_plot"), metavar="FILE", dir_okay=False)] = None,
    workers: WorkersOpt = None,
    lang: LangOpt = None,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    if other is None and not variant and not set_:
        err.print(say("cmp_two_sides", choose_lang(_value(lang))))
        _finish(2)
    try:
        left = load(game, [], [], players)
        right = load(other or game, list(variant), list(set_), players)
    except RuleError as exc:
        _finish(_problems(err, exc, lang))
    lang_ = choose_lang(_value(lang))
    if left.players != right.players:
        err.print(say("cmp_players", lang_, left=left.players, right=right.players))
        _finish(2)
    if plot is not None and plot.suffix.lower() not in (".svg", ".png"):
        raise typer.BadParameter(say("cmp_plot_kind", lang_, path=plot), param_hint="--plot")
    _check_outputs(err, [("--plot", plot)], left.rule_files + right.rule_files, lang_)
    kinds, seats = _bots_and_seats(left, bots or left.bots, lang_)
    _check_seed(seed, n, lang_)
    names = ["+".join([g.id, *g.variants]) + "".join(f" {s}" for s in sets) for g, sets in ((left, []), (right, set_))]
    progress = command.progress_bar(err, lang_)
    comparison = comparing.Comparison(left, right, seats, lang_)
    try:
        with progress:
            task = progress.add_task("", total=2 * n)
            for a, b in comparing.pairs((left, right), seed, n, kinds, seats, workers or parallel.cores(),
                                        lambda: progress.advance(task), lambda g: command.slow_watch(err, g, kinds, lang_)):
                comparison.add(a, b)
    except simulating.NeverFinished as exc:
        command.never_finished(err, exc.g, kinds, exc.games, lang_)
    except parallel.WorkerLost as exc:
        command.worker_lost(err, exc, lang_)
    stats = comparison.stats()
    rows, over = comparing.report(stats), comparison.over
    if as_json:
        sys.stdout.write(comparing.as_json(*names, over, seed, kinds, rows) + "\n")
    else:
        title = say("cmp_title", lang_, left=names[0], right=names[1], games=n, seed=seed, bots=",".join(kinds))
        comparing.table(out, rows, stats, title, *names, lang_, over)
    if plot is not None:
        try:
            comparing.plot(plot, rows, *names, comparing.stand_ins(left, right), lang_)
        except ImportError:
            err.print(say("cmp_plot_missing", lang_))
            _finish(2)
        (err if as_json else out).print(say("cmp_plot_written", lang_, path=plot))


@app.command(help=h("validate"))
def validate(
    paths: Annotated[list[Path], typer.Argument(help=h("arg_paths"), show_default=False, metavar="PATH...")],
    lang: LangOpt = None,
    as_json: JsonOpt = False,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    _finish(checks.validate(paths, out, err, choose_lang(_value(lang)), as_json))


@app.command("compile", help=h("compile"))
def compile_(
    game: GameArg,
    variant: VariantOpt = [],
    set_: SetOpt = [],
    players: PlayersOpt = None,
) -> None:
    err = make_console(stderr=True)
    try:
        g = load(game, list(variant), list(set_), players)
    except RuleError as exc:
        _finish(_problems(err, exc, None))
    sys.stdout.write(g.program.listing())


@app.command(help=h("schema"))
def schema() -> None:
    from kural.dsl.schema import json_schema  # only this command reads the table as a JSON Schema
    sys.stdout.write(json.dumps(json_schema(), ensure_ascii=False, indent=2) + "\n")


@app.command(help=h("replay"))
def replay(
    file: Annotated[Path, typer.Argument(help=h("arg_record"), show_default=False, dir_okay=False, metavar="FILE")],
    lang: LangOpt = None,
    as_json: JsonOpt = False,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    _finish(checks.replay(file, out, err, choose_lang(_value(lang)), as_json))


@app.command(help=h("check"))
def check(
    game: GameArg,
    cards: Annotated[list[str], typer.Argument(help=h("arg_cards"), show_default=False, metavar="CARD...")],
    variant: VariantOpt = [],
    set_: SetOpt = [],
    as_json: Annotated[bool, typer.Option("--json", help=h("opt_check_json"))] = False,
    lang: LangOpt = None,
) -> None:
    err = make_console(stderr=True)
    try:
        g = load(game, list(variant), list(set_))
    except RuleError as exc:
        _finish(_problems(err, exc, lang))
    try:
        code = meldcheck.run(g, list(cards), choose_lang(_value(lang)), as_json)
    except meldcheck.Unusable as exc:
        if as_json:
            sys.stdout.write(meldcheck.error_json(exc) + "\n")
        else:
            sys.stderr.write(f"{exc}\n")
        code = 2
    _finish(code)


@app.command("params", help=h("params"))
def params_(
    game: Annotated[str, typer.Argument(help=h("arg_game"), show_default=False, metavar="GAME")],
    variant: VariantOpt = [],
    set_: SetOpt = [],
    players: PlayersOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=h("opt_params_json"))] = False,
    lang: LangOpt = None,
) -> None:
    err = make_console(stderr=True)
    try:
        g = load(game, list(variant), list(set_), players)
    except RuleError as exc:
        _finish(_problems(err, exc, lang))
    lang_ = choose_lang(_value(lang))
    sys.stdout.write(paramlist.params_json(g, lang_) + "\n" if as_json else paramlist.params_text(g, lang_))


def th(key: str) -> str:
    return pick(TEACH_HELP[key], HELP_LANG)


RulesFormat = Enum("RulesFormat", {"text": "text", "markdown": "markdown", "json": "json", "reference": "reference"},
                   type=str)
DiffFormat = Enum("DiffFormat", {"text": "text", "json": "json"}, type=str)
GraphFormat = Enum("GraphFormat", {"mermaid": "mermaid", "dot": "dot", "json": "json"}, type=str)


@app.command(help=th("rules"))
def rules(
    game: GameArg,
    variant: VariantOpt = [],
    set_: SetOpt = [],
    lang: LangOpt = None,
    fmt: Annotated[RulesFormat, typer.Option("--format", help=th("opt_format_rules"))] = RulesFormat.text,
    reference: Annotated[bool, typer.Option("--reference", help=th("opt_reference"))] = False,
) -> None:
    err = make_console(stderr=True)
    try:
        g = teaching.open_game(game, list(variant), list(set_))
        base = teaching.open_game(game, [], list(set_)) if variant else None
    except RuleError as exc:
        _finish(_problems(err, exc, lang))
    sys.stdout.write(teaching.rules(g, choose_lang(_value(lang)), _value(fmt), base, reference))


@app.command(help=th("diff"))
def diff(
    first: Annotated[str, typer.Argument(help=th("arg_left"), show_default=False, metavar="GAME|FILE1",
                                         autocompletion=_completing("game_ids"))],
    second: Annotated[str, typer.Argument(help=th("arg_right"), show_default=False, metavar="VARIANT|FILE2",
                                          autocompletion=_completing("variant_names"))],
    lang: LangOpt = None,
    fmt: Annotated[DiffFormat, typer.Option("--format", help=th("opt_format_diff"))] = DiffFormat.text,
) -> None:
    err = make_console(stderr=True)
    try:
        left, right, left_name, right_name = teaching.sides(first, second)
    except RuleError as exc:
        _finish(_problems(err, exc, lang))
    sys.stdout.write(teaching.diff(left, right, left_name, right_name, choose_lang(_value(lang)),
                                   _value(fmt)))


@app.command(help=th("graph"))
def graph(
    game: GameArg,
    variant: VariantOpt = [],
    set_: SetOpt = [],
    lang: LangOpt = None,
    fmt: Annotated[GraphFormat, typer.Option("--format", help=th("opt_format_graph"))] = GraphFormat.mermaid,
    output: Annotated[Optional[Path], typer.Option("--output", help=th("opt_output"), dir_okay=False)] = None,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    try:
        g = teaching.open_game(game, list(variant), list(set_))
    except RuleError as exc:
        _finish(_problems(err, exc, lang))
    lang_ = choose_lang(_value(lang))
    if output is None:
        sys.stdout.write(teaching.graph(g, lang_, _value(fmt)))
        return
    _check_outputs(err, [("--output", output)], g.rule_files, lang_)
    code, message = graphing.draw(teaching.graph(g, lang_, "dot"), output, lang_)
    (out if code == 0 else err).print(message)
    _finish(code)


@app.command(help=th("explain"))
def explain(
    game: MaybeGameArg = None,
    move: Annotated[int, typer.Option("--move", min=1, help=th("opt_move"), metavar="K")] = 1,
    seed: Annotated[Optional[int], typer.Option("--seed", help=th("opt_explain_seed"))] = None,
    variant: VariantOpt = [],
    set_: SetOpt = [],
    card: Annotated[Optional[str], typer.Option("--card", help=th("opt_card"), metavar="CODE")] = None,
    record: Annotated[Optional[Path], typer.Option("--record", help=th("opt_record"), dir_okay=False)] = None,
    bots: Annotated[BotKind, typer.Option("--bots", help=th("opt_explain_bots"))] = BotKind["heuristic"],
    players: PlayersOpt = None,
    lang: LangOpt = None,
    fmt: Annotated[DiffFormat, typer.Option("--format", help=th("opt_format_diff"))] = DiffFormat.text,
    as_json: Annotated[bool, typer.Option("--json", help=th("opt_explain_json"))] = False,
) -> None:
    out, err = make_console(), make_console(stderr=True)
    fmt_ = "json" if as_json else _value(fmt)
    _check_seed(seed, 1, choose_lang(_value(lang)))
    try:
        code = explaining.run(out, game=game, variants=list(variant), sets=list(set_), seed=seed, k=move, players=players,
                              lang_option=_value(lang), card=card, record_path=record, bots=_value(bots),
                              fmt=fmt_)
    except RuleError as exc:
        if fmt_ == "json":  # a program reads the error as an object too; the lines go to stderr as ever
            shown = exc.problems[0].render(choose_lang(_value(lang)))
            sys.stdout.write(json.dumps({"error": {"code": "rule_file", "message": shown}},
                                        ensure_ascii=False) + "\n")
        code = _problems(err, exc, lang)
    except explaining.ExplainError as exc:
        if fmt_ == "json":
            sys.stdout.write(exc.as_json() + "\n")
        err.print(exc.message)
        code = 2
    _finish(code)


def _ray_alone(argv: list[str]) -> list[str]:
    """`--ray` with no ADDRESS after it (the last word, or another option next) means a local Ray instance:
    typer's options always take a value, so the value is written in."""
    out = list(argv)
    for i, word in enumerate(out):
        if word == "--":
            break
        if word == "--ray" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, "local")
            break
    return out


def _only_command_asked(argv: list[str]) -> None:
    """`kural COMMAND ...`: the app is built with that command alone. typer builds every command's parameters
    from its signature each time the app runs (some 13 ms for all of them, at every start); a command's
    options, help and errors do not depend on the others. Any other line (the help, an option before the
    command, a word that names no command) gets the whole app."""
    if not argv:
        return
    asked = [c for c in app.registered_commands
             if (c.name or typer.main.get_command_name(c.callback.__name__)) == argv[0]]
    if len(asked) == 1:
        app.registered_commands[:] = asked


def main() -> None:
    quick.tolerant_streams()
    sys.argv[1:] = _ray_alone(sys.argv[1:])
    _only_command_asked(sys.argv[1:])
    # the modules live as long as the process: the collector, on again, never walks them (nor what
    # their imports made, a few cycles kept for good)
    gc.freeze()
    gc.enable()
    try:
        quick.keep_help(sys.argv[1:], app)  # the app; its help kept for the next `kural --help`
    except PlayError as exc:  # a rule file that loaded but fails in play: its place, no traceback
        sys.stderr.write(exc.render(HELP_LANG) + "\n")
        sys.exit(2)
    except BrokenPipeError:
        quick.leave_quietly()
    finally:
        # The process ends: its objects (the modules, the game) are frozen out of the cyclic collector, whose
        # collections at exit would walk them all to free memory the exit frees anyway (some 12 ms). What is
        # freed by its count (a file closed, a stream flushed) is as before; main() runs only as the program.
        gc.freeze()


if __name__ == "__main__":
    main()
