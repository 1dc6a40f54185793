"""The bundled games as Gymnasium environments: `kural/<game>-v0` for every rule file of games/, registered
when gymnasium is imported (the package kural's __init__.py arranges it, so that `import kural` costs
nothing of gymnasium's import) and made by dsl/entry.py's `gym_env`."""
from __future__ import annotations

from .paths import games_dir

ENTRY_POINT = "kural.dsl.entry:gym_env"


def environment_ids() -> dict[str, str]:
    """Each bundled game's environment id, by the game's id."""
    return {path.stem: f"kural/{path.stem}-v0" for path in sorted(games_dir().glob("*.yaml"))}


def register() -> None:
    """Registers every bundled game's environment with gymnasium (once: an id registered stays)."""
    import gymnasium  # the caller's: this runs once gymnasium is imported
    for game, env_id in environment_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, kwargs={"game": game})
