"""The test session's set-up, before any test or worker starts.

Many tests run kural as a user does, in a fresh interpreter (`kural validate` on each bad rule file,
the CLI, a terminal). Where the environment says not to write bytecode (PYTHONDONTWRITEBYTECODE, as
some CI images do), every one of them compiles kural's source again: about 0.3 s an interpreter,
hundreds of times a run. The interpreters of the session write their bytecode to a folder of their
own instead (PYTHONPYCACHEPREFIX, kept between runs), never into the checkout. What they run is the
same source: Python checks a cached file against its source before it uses it.
"""
from __future__ import annotations

import getpass
import os
import tempfile
from pathlib import Path

if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / f"kural-tests-pycache-{getpass.getuser()}")
