"""regola games as OpenSpiel games (the optional extra ``regola[openspiel]``).

    from regola.openspiel import register
    name = register("cs", variants=["codex-leonardi-1"])   # -> "regola_cs__codex_leonardi_1"
    game = pyspiel.load_game(name, {"players": 4, "setup": "advanced", "rng_seed": 7})

See regola.openspiel.bridge for what is mapped how.
"""

from regola.openspiel.bridge import RegolaGame, RegolaState, register, short_name_for

__all__ = ["RegolaGame", "RegolaState", "register", "short_name_for"]
