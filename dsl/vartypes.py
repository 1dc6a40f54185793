"""What a var holds (`vars.*.type`, docs/language.md §2.7): the compiler's type of it, and what setting it
may not do. A number may be counted on; a card, or one of a choice's options, is only ever set with `=`,
and an option var only to one of its options."""
from __future__ import annotations

from kural.interpreter.messages import Msg


def held(var) -> str:
    """The compiler's type of what a var holds: a card var holds a card; a suit or a seat is a number, said
    as one; a choice's option is a text or a number, as the choice's options are written (VarDef.type)."""
    if var.type == "option":
        return "str" if isinstance(var.options[0], str) else "num"
    return "card" if var.type == "card" else "num"


def op_refused(var, op: str) -> tuple[Msg, Msg] | None:
    """Why `var op= ...` is refused (the message and its hint), or None: a card or an option is set, never
    counted (checked before the value is typed, so that the refusal names the operator)."""
    if op == "=" or var.type not in ("card", "option"):
        return None
    if var.type == "card":
        return Msg("card_var_set", name=var.name, op=op), Msg("card_var_set_hint", name=var.name)
    return (Msg("option_var_set", name=var.name, op=op, options=_options(var)),
            Msg("option_var_set_hint", name=var.name, first=var.options[0]))


def value_refused(var, const) -> tuple[Msg, Msg] | None:
    """Why setting an option var to this constant is refused (none of its options), or None."""
    if var.type != "option" or const is None or const in var.options:
        return None
    return (Msg("option_var_not_option", name=var.name, value=const, options=_options(var)),
            Msg("option_var_set_hint", name=var.name, first=var.options[0]))


def _options(var) -> str:
    return ", ".join(str(o) for o in var.options)
