"""regola games as OpenSpiel games (the optional extra ``regola[openspiel]``).

    from regola.openspiel import register
    name = register("cs", variants=["codex-leonardi-1"])   # -> "regola_cs__codex_leonardi_1"
    game = pyspiel.load_game(name, {"players": 4, "setup": "advanced", "rng_seed": 7})

See regola.openspiel.bridge for what is mapped how.
"""

try:
    from regola.openspiel.bridge import RegolaGame, RegolaState, register, short_name_for
except ModuleNotFoundError as exc:  # the core install: say which extra brings what is missing, in one line
    raise ModuleNotFoundError(f"regola.openspiel needs the 'openspiel' extra: pip install 'regola[openspiel]' "
                              f"({exc.name} is not installed)", name=exc.name) from None

__all__ = ["RegolaGame", "RegolaState", "register", "short_name_for"]
