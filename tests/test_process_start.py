"""Issue 36, the Fantan process figure (`kural simulate fantan -n N --bots random`, start to exit): what a
run of the program builds at its start and walks at its end. Each test runs the program in a process of its
own (main() is the program's entry: it changes the app and the collector of the process it runs in)."""
from __future__ import annotations

import subprocess
import sys

# a line typer reads (`--games=N`: a plain line is read without it, as the tests at the end show)
SIMULATE = ["simulate", "fantan", "--games=3", "--bots", "random", "--workers", "1"]


def _run_main(argv: list[str], after: str, imported: str = "None") -> subprocess.CompletedProcess:
    """`kural ARGV` run by main() in a fresh process, then `after` (Python) printed on stderr's last line
    (`imported`: evaluated once the program's module is imported, before main() runs, as `imported`)."""
    code = ("import sys\n"
            f"sys.argv = ['kural', *{argv!r}]\n"
            "from kural.cli.main import main\n"
            f"imported = {imported}\n"
            "try:\n"
            "    main()\n"
            "except SystemExit as done:\n"
            "    code = done.code\n"
            f"sys.stderr.write('\\n' + repr({after}))\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def _last(proc: subprocess.CompletedProcess):
    return eval(proc.stderr.rsplit("\n", 1)[-1])  # (the repr the child wrote: a list or a number)


def test_a_command_is_built_alone_and_runs_as_before():
    """Issue 36 (process start): `kural simulate ...` builds the simulate command only (typer builds each
    command's parameters from its signature at every start), and plays and prints as before."""
    proc = _run_main(SIMULATE, "[c.callback.__name__ for c in sys.modules['kural.cli.main'].app.registered_commands]")
    assert "games per second" in proc.stdout, proc.stdout + proc.stderr
    assert _last(proc) == ["simulate"]


def test_a_line_that_names_no_command_first_gets_the_whole_app():
    """Issue 36 (process start): an option before the command, or a word that names none, is read by the
    whole app: a mistyped command is still told the one it may mean (exit 2, a usage error)."""
    whole = "len(sys.modules['kural.cli.main'].app.registered_commands)"
    typo = _run_main(["simulat", "fantan"], f"({whole}, code)")
    commands, code = _last(typo)
    assert code == 2 and "simulate" in typo.stderr and commands > 10
    first = _run_main(["--lang", "en", *SIMULATE], whole)
    assert "games per second" in first.stdout and _last(first) > 10, first.stdout + first.stderr


def test_the_program_leaves_its_objects_to_the_exit():
    """Issue 36 (process end): once the command is done, the objects of the process (its modules, the game)
    are frozen out of the cyclic collector, whose collections at exit would walk them all once more."""
    proc = _run_main(SIMULATE, "__import__('gc').get_freeze_count()")
    assert "games per second" in proc.stdout, proc.stdout + proc.stderr
    assert _last(proc) > 10_000


def test_the_imports_run_without_the_collector_which_is_on_for_the_command():
    """Issue 36 (process start): the program's imports make no garbage worth a collection, so the cyclic
    collector is off while they run; main() turns it on again (a long game collects its cycles as before)."""
    gc = "__import__('gc')"
    proc = _run_main(SIMULATE, f"(imported, {gc}.isenabled())", imported=f"{gc}.isenabled()")
    assert "games per second" in proc.stdout, proc.stdout + proc.stderr
    assert _last(proc) == (False, True)


def _program(argv: list[str]) -> subprocess.CompletedProcess:
    """`kural ARGV` as the installed program runs it, then whether typer was imported, on stderr's last line."""
    code = ("import atexit, sys\n"
            f"sys.argv = ['kural', *{argv!r}]\n"
            "atexit.register(lambda: sys.stderr.write('\\n' + repr('typer' in sys.modules)))\n"
            "from kural.cli.main import main\n"
            "main()\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)


def _without_speed(text: str) -> str:
    """The statistics without the one line that differs from run to run (games per second, or its JSON keys)."""
    if text.startswith("{"):
        import json
        stats = json.loads(text)
        return repr({k: v for k, v in stats.items() if k not in ("seconds", "games_per_second")})
    return "\n".join(text.splitlines()[:-1])


def test_a_plain_simulate_line_runs_without_typer_and_prints_what_typer_prints():
    """Issue 36 (process start): `kural simulate GAME` with -n, --seed, --bots, --workers and --json in their
    plain forms is run before typer is imported (its import was a third of the start), by the command's own
    code: the same statistics, table or JSON, as typer's reading of the same line (written `--games=N`,
    a form that typer reads) prints."""
    for plain, typed in ((["-n", "4", "--seed", "2", "--bots", "random", "--workers", "1"],
                          ["--games=4", "--seed=2", "--bots=random", "--workers=1"]),
                         (["--json", "--workers", "1", "-n", "3", "--bots", "heuristic"],
                          ["--json", "--workers=1", "--games=3", "--bots=heuristic"])):
        quick, full = _program(["simulate", "fantan", *plain]), _program(["simulate", "fantan", *typed])
        assert quick.returncode == full.returncode == 0, quick.stderr + full.stderr
        assert quick.stderr.endswith("False") and full.stderr.endswith("True")
        assert _without_speed(quick.stdout) == _without_speed(full.stdout) != ""


def test_a_simulate_line_that_a_check_refuses_is_read_by_typer():
    """Issue 36 (process start): a plain line whose bots, game or seed do not fit is left to typer, which
    says what is wrong in its usage error (exit 2), as for any other line."""
    for line in (["simulate", "fantan", "--bots", "nobot"], ["simulate", "nogame", "-n", "2"],
                 ["simulate", "fantan", "--seed", "9" * 20]):
        proc = _program(line)
        assert proc.returncode == 2 and proc.stderr.endswith("True") and "Error:" in proc.stderr, proc.stderr


def test_which_simulate_lines_are_plain():
    """Issue 36 (process start): only the plain forms, each option once, are read without typer; anything
    else (another option, `--games=N`, a value typer would refuse or read otherwise) is typer's."""
    from kural.cli.quick import _simulate_line
    assert _simulate_line(["simulate", "fantan", "-n", "5", "--seed", "-3", "--json"]) == \
        {"game": "fantan", "n": 5, "seed": -3, "as_json": True}
    assert _simulate_line(["simulate", "--bots", "random,heuristic", "fantan"]) == {"game": "fantan", "bots": "random,heuristic"}
    for other in (["simulate"], ["simulate", "fantan", "-n", "0"], ["simulate", "fantan", "--games=5"],
                  ["simulate", "fantan", "-n", "5", "-n", "6"], ["simulate", "fantan", "fanti"],
                  ["simulate", "fantan", "--lang", "tr"], ["simulate", "fantan", "-n", "\u0663"],
                  ["simulate", "fantan", "--bots", "-x"], ["simulate", "fantan", "--workers"],
                  ["--lang", "tr", "simulate", "fantan"], ["simulate", "fantan", "--record", "r.jsonl"]):
        assert _simulate_line(other) is None, other


def test_the_plain_simulate_reader_knows_the_commands_own_options_and_defaults():
    """Issue 36 (one meaning): each option the plain reader takes is an option of typer's `simulate`, with
    the same name in the command (so the same parameter), and the defaults it fills are the command's."""
    import typer.main

    from kural.cli.main import app
    from kural.cli.quick import SIM_DEFAULTS, SIM_FLAGS, SIM_VALUES
    command = typer.main.get_command(app).commands["simulate"]
    by_flag = {flag: p for p in command.params for flag in getattr(p, "opts", [])}
    for flag, name in {**SIM_VALUES, **SIM_FLAGS}.items():
        assert by_flag[flag].name == name, flag
    for name, default in SIM_DEFAULTS.items():
        assert next(p for p in command.params if p.name == name).default == default, name
