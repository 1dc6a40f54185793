"""The test session's set-up, before any test or worker starts.

Many tests run kural as a user does, in a fresh interpreter (`kural validate` on each bad rule file,
the CLI, a terminal). Where the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE, as
some CI images do), every one of them compiles kural's source again: about 0.3 s an interpreter,
hundreds of times a run. The interpreters of the session write their bytecode to a folder of their
own instead (PYTHONPYCACHEPREFIX, kept between runs), never into the checkout. What they run is the
same source: Python checks a cached file against its source before it uses it.

A run started in the background by a shell without job control (`pytest &` in a script) inherits
Ctrl-C ignored (SIGINT), and so would every kural the tests start: Python then sets up no
KeyboardInterrupt, and a test that presses Ctrl-C on a terminal waits out its deadline. A player's
terminal runs kural with Ctrl-C in place; so does the session (a handler of Python's own is not
inherited as ignored: the interpreters started get the default back).
"""
from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path

if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    owner = os.getuid() if hasattr(os, "getuid") else "user"  # (a uid need not have a name: getpass may fail)
    os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / f"kural-tests-pycache-{owner}")

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# kural speaks the user's language: --lang, else KURAL_LANG, else the locale (cli/i18n.py choose_lang).
# The session's locale says English for messages whatever the machine's (LC_MESSAGES; the characters'
# encoding, LC_CTYPE, is left as it is), so that no test depends on who runs it; a test that reads the
# bundled games in their Turkish says so (--lang tr, KURAL_LANG=tr, or LC_MESSAGES of its own).
os.environ.pop("LC_ALL", None)
os.environ["LC_MESSAGES"] = "C"
