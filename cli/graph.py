"""`kural graph --output FILE.svg|.png`: the flow drawn by Graphviz's `dot`, when it is installed. The graph
itself (Mermaid, DOT, JSON) is the teaching layer's (dsl/teach/flow.py)."""
from __future__ import annotations

import shutil
import subprocess

from .teach_text import say


def draw(dot_text: str, path, lang: str) -> tuple[int, str]:
    """Draw with Graphviz's dot into an .svg or .png file: (exit code, message)."""
    suffix = str(path).rsplit(".", 1)[-1].lower() if "." in str(path) else ""
    if suffix not in ("svg", "png"):
        return 2, say("bad_output", lang, path=path)
    program = shutil.which("dot")
    if program is None:
        return 2, say("no_dot", lang, path=path)
    proc = subprocess.run([program, f"-T{suffix}", "-o", str(path)], input=dot_text, capture_output=True,
                          text=True, encoding="utf-8", timeout=60)
    if proc.returncode != 0:
        return 2, say("dot_failed", lang, error=proc.stderr.strip() or proc.returncode)
    return 0, say("written", lang, path=path)
