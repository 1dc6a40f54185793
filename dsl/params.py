"""A param as its user sees it: its form (the shape its declaration fixes), its value as `--set` takes
it, its range and an example. The loader checks a value against the form and a bad `--set` shows the
param's line; `kural params` lists the same lines (and fields, for --json)."""
from __future__ import annotations

from kural.interpreter.messages import Msg
from kural.interpreter.numbers import is_number


def list_shape(raw) -> tuple:
    """What a list holds: ("num", None) numbers; ("list", n) lists of n numbers each; ("list", None)
    lists of numbers of varying lengths."""
    if all(not isinstance(x, list) for x in raw):
        return ("num", None)
    sizes = {len(x) for x in raw if isinstance(x, list)}
    return ("list", sizes.pop() if len(sizes) == 1 else None)


def fits(shape: tuple, raw) -> bool:
    """Does a list (of numbers, or of lists of numbers) have the shape a declaration fixed?"""
    have = list_shape(raw)
    return have[0] == shape[0] and (shape[1] is None or all(len(x) == shape[1] for x in raw))


def set_form(value) -> str:
    """A value as `--set name=VALUE` takes it (and a record keeps it): true, none, 7D, [[0, 45], [900, 90]]."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def kind_words(p: dict) -> Msg:
    """What the param's value is, with its range, in the reader's words."""
    kind, low, high = p["type"], p.get("min"), p.get("max")
    if kind == "num":
        if low is not None and high is not None:
            return Msg("kind_num_range", low=low, high=high)
        if low is not None or high is not None:
            return Msg("kind_num_min", low=low) if low is not None else Msg("kind_num_max", high=high)
        return Msg("type_num")
    if kind == "list":
        shape = p["shape"]
        return Msg("kind_numbers") if shape[0] == "num" else \
            Msg("kind_lists_of", n=shape[1]) if shape[1] is not None else Msg("kind_lists")
    if kind == "bool":
        return Msg("kind_bool")
    if kind == "card":
        return Msg("kind_card")
    if p.get("one_of"):
        return Msg("kind_one_of", choices=", ".join(map(str, p["one_of"])))
    return Msg("type_str")


def example(p: dict):
    """A value the param takes that differs from its current one where one is easily told: the other
    of true/false, a bound of its range, another of its choices; else its declared value."""
    now, kind = p["raw"], p["type"]
    if kind == "bool":
        return not now
    if kind == "num" and is_number(now):
        bounds = [b for b in (p.get("max"), p.get("min")) if b is not None and b != now]
        return bounds[0] if bounds else now + 1
    if kind == "card":
        return "none" if now is not None else p["declared"]
    if p.get("one_of"):
        return next((x for x in p["one_of"] if str(x) != str(now)), now)
    return p["declared"]


def line(name: str, p: dict) -> Msg:
    """The param's line: its value as --set takes it, what it is, and an example of --set."""
    return Msg("param_line", setting=f"{name}={set_form(p['raw'])}", kind=kind_words(p),
               example=quoted(f"{name}={set_form(example(p))}"))


def quoted(arg: str) -> str:
    """A command-line argument as a shell takes it whole: quoted when it holds a space or a bracket."""
    return f"'{arg}'" if any(c in arg for c in " []*?") else arg


def fields(name: str, p: dict) -> dict:
    """The param as `kural params --json` gives it."""
    out = {"name": name, "value": p["raw"], "set": f"{name}={set_form(p['raw'])}", "type": p["type"],
           "min": p.get("min"), "max": p.get("max"), "one_of": p.get("one_of"),
           "example": f"{name}={set_form(example(p))}", "rule": p.get("rule")}
    if p["type"] == "list":
        out["holds"] = "numbers" if p["shape"][0] == "num" else "lists"
        out["inner_length"] = p["shape"][1]
    return out
