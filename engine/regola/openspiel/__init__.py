"""regola games as OpenSpiel games (the optional extra ``regola[openspiel]``).

Importing this module registers every pack with pyspiel, so in any process::

    import regola.openspiel  # noqa: F401  (registers regola_cs, regola_de, regola_fr, regola_pl)
    game = pyspiel.load_game("regola_cs(players=4,setup=advanced,variants=codex-leonardi-1)")

``register(pack, variants)`` gives a game with variants fixed under a name of its own
(``regola_cs__codex_leonardi_1``). See regola.openspiel.bridge for what is mapped how.
"""

try:
    from regola.openspiel.bridge import RegolaGame, RegolaState, register, register_all, short_name_for
except ModuleNotFoundError as exc:  # the core install: say which extra brings what is missing, in one line
    raise ModuleNotFoundError(f"regola.openspiel needs the 'openspiel' extra: pip install 'regola[openspiel]' "
                              f"({exc.name} is not installed)", name=exc.name) from None

GAMES = register_all()

__all__ = ["GAMES", "RegolaGame", "RegolaState", "register", "register_all", "short_name_for"]
