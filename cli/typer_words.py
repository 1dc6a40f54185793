"""typer's own words (`Usage:`, `Options`, `Error:`, `Show this message and exit.`, `Try ... for help.`, its
messages about the command line) in the language of kural's help, so that help and errors speak one
language.

typer (0.28) writes these words in English, in its own copy of click, with no catalog to hand them to.
Three places say them, and each is taken over here for a language other than English, word for word:
the help's formatter (usage line, section titles, each option's help and its `[default: ...]`); the
context every command's help and usage is formatted by; and the app's `main`, which shows a usage error
(usage line, the hint, `Error:` and the message). In English nothing is changed: typer speaks as it does.
`LANG` is the language of the help (cli/i18n.py choose_lang: --lang, else KURAL_LANG, else the locale).
"""
from __future__ import annotations

import re
import sys
from contextlib import contextmanager

from typer import _click
from typer.core import TyperGroup, TyperOption
from typer.exceptions import Abort

from kural.interpreter.messages import filled

LANG = "en"

# typer's words, as it writes them, and kural's Turkish for them (the person addressed as sen)
WORDS = {
    "tr": {
        "Usage: ": "Kullanım: ",
        "Arguments": "Argümanlar",
        "Options": "Seçenekler",
        "Commands": "Komutlar",
        "[OPTIONS]": "[SEÇENEKLER]",
        "COMMAND [ARGS]...": "KOMUT [ARGÜMANLAR]...",
        "Show this message and exit.": "Bu yardımı yazar ve çıkar.",
        "Install completion for the current shell.": "Kabuğun için komut tamamlamayı kurar.",
        "Show completion for the current shell, to copy it or customize the installation.":
            "Kabuğun için komut tamamlamayı yazar: kopyalayıp kurulumu kendin uyarlayabilirsin.",
        "Try '{command} {option}' for help.": "Yardım için '{command} {option}' yaz.",
        "Error: ": "Hata: ",
        "Aborted!": "Durduruldu!",
        "default: ": "varsayılan: ",
        "required": "gerekli",
        "env var: ": "ortam değişkeni: ",
        "(dynamic)": "(değişken)",
    },
}

# the names of what is typed, as cli/main.py's metavars and typer's own write them (<int> for an option's
# type); every argument of cli/main.py has a metavar, so typer never shows its parameter's name ({game})
METAVARS = {
    "tr": {"GAME": "OYUN", "CARD": "KART", "NAME": "AD", "VALUE": "DEĞER", "SECONDS": "SANİYE", "BUDGET": "BÜTÇE",
           "KIND": "TÜR", "CODE": "KOD", "FILE": "DOSYA", "FILE1": "DOSYA1", "FILE2": "DOSYA2", "PATH": "YOL",
           "VARIANT": "ÇEŞİTLEME", "<int>": "<sayı>", "<int range>": "<sayı aralığı>",
           "<path>": "<yol>", "<file>": "<dosya>"},
}
_METAVAR_RE = {lang: re.compile("|".join(rf"(?<!\w){re.escape(k)}(?!\w)" for k in sorted(names, key=len, reverse=True)))
               for lang, names in METAVARS.items()}

# typer's messages about what was typed (and kural's own about a game, variant, --players or --set named
# on the command line, which it gives to typer as a bad parameter): a pattern and its Turkish, a group
# written `{name}`; a group named `inner` or `tail` is itself a message, said in the language too
MESSAGES = {
    "tr": [
        (r"Invalid value for (?P<hint>.+?): (?P<inner>.*)", "{hint} için geçersiz değer: {inner}"),
        (r"Invalid value: (?P<inner>.*)", "Geçersiz değer: {inner}"),
        (r"Missing argument (?P<hint>.+)\.", "Eksik argüman: {hint}."),
        (r"Missing option (?P<hint>.+)\.", "Eksik seçenek: {hint}."),
        (r"Missing parameter:? (?P<hint>.+?)\.?", "Eksik parametre: {hint}."),
        (r"No such option: (?P<name>\S+) \(Possible options: (?P<names>.*)\)",
         "Böyle bir seçenek yok: {name} (belki: {names})"),
        (r"No such option: (?P<name>\S+)", "Böyle bir seçenek yok: {name}"),
        (r"No such command (?P<name>'.*')\. Did you mean (?P<names>.*)\?",
         "Böyle bir komut yok: {name}. Şunu mu demek istedin: {names}?"),
        (r"No such command (?P<name>'.*')\.", "Böyle bir komut yok: {name}."),
        (r"Missing command\.", "Komut eksik."),
        (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", "Fazladan argüman: ({args})"),
        (r"Option (?P<name>'.*') requires an argument\.", "{name} seçeneği bir değer ister."),
        (r"Option (?P<name>'.*') requires (?P<n>\d+) arguments\.", "{name} seçeneği {n} değer ister."),
        (r"Option (?P<name>'.*') does not take a value\.", "{name} seçeneği değer almaz."),
        (r"(?P<value>.*) is not a valid int(eger)?\.", "{value} bir tam sayı değil."),
        (r"(?P<value>.*) is not a valid float\.", "{value} bir sayı değil."),
        (r"(?P<value>.*) is not a valid boolean\. Recognized values: (?P<names>.*)",
         "{value} doğru ya da yanlış değil; bilinen değerler: {names}"),
        (r"(?P<value>.*) is not one of (?P<names>.*)\.", "{value} bunlardan biri değil: {names}."),
        (r"(?P<value>.*) is not in the range (?P<range>.*)\.", "{value}, {range} aralığında değil."),
        (r"\w+ (?P<path>'.*') does not exist\.", "{path} yok."),
        (r"\w+ (?P<path>'.*') is a file\.", "{path} bir dosya."),
        (r"\w+ (?P<path>'.*') is a directory\.", "{path} bir klasör."),
        (r"\w+ (?P<path>'.*') is not readable\.", "{path} okunamıyor."),
        (r"\w+ (?P<path>'.*') is not writable\.", "{path} yazılamıyor."),
        # kural's own, about what the command line names (dsl/rulefiles.py, dsl/building/), with their hint in brackets
        (r"there is no game (?P<name>`.*`)(?P<tail> \(.*\))?", "{name} adında bir oyun yok{tail}"),
        (r"(?P<game>\S+) has no variant (?P<name>`.*`)(?P<tail> \(.*\))?",
         "{game} oyununun {name} adında bir çeşitlemesi yok{tail}"),
        (r"this game is played by (?P<counts>.*) players, not (?P<n>\d+)(?P<tail> \(.*\))?",
         "bu oyun {counts} oyuncuyla oynanır, {n} ile değil{tail}"),
        (r"the game has no param (?P<name>`.*`)(?P<tail> \(.*\))?", "oyunun {name} adında bir parametresi yok{tail}"),
        (r" \(did you mean (?P<name>`.*`)\?\)", " ({name} mi demek istedin?)"),
        (r" \(games: (?P<names>.*)\)", " (oyunlar: {names})"),
        (r" \(variants: (?P<names>.*)\)", " (çeşitlemeler: {names})"),
        (r" \(params: (?P<names>.*)\)", " (parametreler: {names})"),
        (r" \(this game has no variant files\)", " (bu oyunun çeşitleme dosyası yok)"),
        (r" \(this game has no params\)", " (bu oyunun parametresi yok)"),
    ],
}
_COMPILED = {lang: [(re.compile(pattern, re.DOTALL), said) for pattern, said in items]
             for lang, items in MESSAGES.items()}
_EXTRA = re.compile(r"\[([^\[\]]*)\]$")  # an option's help ends with typer's [default: ...; required]


def word(text: str, lang: str | None = None) -> str:
    """One of typer's words in the language (itself where the catalog has none)."""
    return WORDS.get(lang or LANG, {}).get(text, text)


def metavars(text: str, lang: str | None = None) -> str:
    """The names of what is typed (GAME, NAME=VALUE, <int>) in the language."""
    lang = lang or LANG
    found = _METAVAR_RE.get(lang)
    return found.sub(lambda m: METAVARS[lang][m.group(0)], text) if found is not None else text


def message(text: str, lang: str | None = None) -> str:
    """One of typer's messages (or kural's about the command line) in the language; as it is where no
    pattern of the catalog matches it whole."""
    for pattern, said in _COMPILED.get(lang or LANG, []):
        found = pattern.fullmatch(text)
        if found is not None:
            parts = {k: message(v, lang) if v and k in ("inner", "tail") else metavars(v, lang) if v and k == "hint"
                     else v or "" for k, v in found.groupdict().items()}
            return said.format(**parts)
    return text


def help_text(text: str | None) -> str | None:
    """An option's help: typer's own help texts, and the `[default: ...; required]` typer adds to any."""
    if not text:
        return text
    text = word(text)
    extra = _EXTRA.search(text)
    if extra is None:
        return text
    parts = [word(part + ": ") + rest if sep else word(part)
             for part, sep, rest in (p.partition(": ") for p in extra.group(1).split("; "))]
    return text[:extra.start()] + "[" + "; ".join(parts) + "]"


class Formatter(_click.HelpFormatter):
    """click's help formatter, its words in the language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        for english in ("[OPTIONS]", "COMMAND [ARGS]..."):
            args = args.replace(english, word(english))
        super().write_usage(prog, metavars(args), word("Usage: ") if prefix is None else prefix)

    @contextmanager
    def section(self, name: str):
        with super().section(word(name)):
            yield

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl([(metavars(term), help_text(text)) for term, text in rows], col_max, col_spacing)


class Context(_click.Context):
    formatter_class = Formatter


class Group(TyperGroup):
    """The app: every command formatted in the language, a usage error said in it, and the line read
    whole for the shell's completion."""

    context_class = Context

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for command in self.commands.values():
            command.context_class = Context

    def resolve_command(self, ctx, args):
        name, command, rest = super().resolve_command(ctx, args)
        if ctx.resilient_parsing and command is not None:  # the shell is completing a word of the line
            rest = _pending_option_dropped(command, rest)
        return name, command, rest

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode: bool = True, **extra):
        if not standalone_mode:  # typer's own, as it is
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            done = super().main(args, prog_name, complete_var, False, **extra)
        except _click.exceptions.ClickException as exc:
            show(exc)
            sys.exit(exc.exit_code)
        except Abort:
            _click.echo(word("Aborted!"), err=True)
            sys.exit(1)
        sys.exit(done if isinstance(done, int) else 0)  # typer.Exit's code, else the command ended well


def _pending_option_dropped(command, args: list[str]) -> list[str]:
    """The words before the one completed, without a last option that waits for it (`--variant <TAB>`):
    click's parsing of that option fails for want of its value and forgets the rest of the line with
    it (the GAME typed before), which the completion of the value needs (cli/completion.py)."""
    if args and any(isinstance(p, TyperOption) and not p.is_flag and not p.count
                    and args[-1] in (*p.opts, *p.secondary_opts) for p in command.params):
        return args[:-1]
    return args


def show(exc: _click.exceptions.ClickException) -> None:
    """A usage error as click shows it (usage, the hint, `Error:` and the message), in the language (in
    English too: click's own would echo a bidi override typed on the command line as it is)."""
    ctx = getattr(exc, "ctx", None)
    color = None
    if ctx is not None:
        color = ctx.color
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = word("Try '{command} {option}' for help.").format(command=ctx.command_path,
                                                                      option=ctx.help_option_names[0]) + "\n"
        _click.echo(f"{ctx.get_usage()}\n{hint}", err=True, color=color)
    # what was typed (an unknown option, a bad value) is echoed escaped, as every message of kural's is
    _click.echo(word("Error: ") + filled(message(exc.format_message())), err=True, color=color)
