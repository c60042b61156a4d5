"""Which modules a mypyc build compiles (setup.py reads HOT_MODULES), and which run compiled now.

The list is the path of one decision of a simulated game, measured with cProfile (docs/SPEED.md):
the driver, the flow, the random bot, and each game's state, rules and steps (Princes of Florence's
placement grid too); and where a search decision spends its time: the mcts bot itself (its option
list has no ``**`` catch-all, which mypyc 2.4 cannot compile beside a float default), the greedy
bots it rolls out with, views, drawn worlds. Princes of Florence's ``placement.board`` stays Python:
its compiled module crashes at import under mypyc 2.4. A module whose classes
uncompiled code subclasses stays Python too (``regola.core.step``: every game's steps derive from its
Step), since a compiled class cannot have interpreted subclasses.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

HOT_MODULES = (
    "regola.bots.ismcts",
    "regola.core.bots",
    "regola.core.flow",
    "regola.core.game",
    "regola.core.play",
    "regola.games.maestro_leonardo.greedy",
    "regola.games.maestro_leonardo.labs",
    "regola.games.maestro_leonardo.rounds",
    "regola.games.maestro_leonardo.rules",
    "regola.games.maestro_leonardo.search",
    "regola.games.maestro_leonardo.state",
    "regola.games.maestro_leonardo.steps.city",
    "regola.games.maestro_leonardo.steps.completion",
    "regola.games.maestro_leonardo.steps.placement",
    "regola.games.maestro_leonardo.steps.planning",
    "regola.games.maestro_leonardo.steps.setup",
    "regola.games.maestro_leonardo.views",
    "regola.games.princes_of_florence.greedy",
    "regola.games.princes_of_florence.measures",
    "regola.games.princes_of_florence.placement.bitgrid",
    "regola.games.princes_of_florence.placement.principality",
    "regola.games.princes_of_florence.placement.shared",
    "regola.games.princes_of_florence.rules",
    "regola.games.princes_of_florence.search",
    "regola.games.princes_of_florence.state",
    "regola.games.princes_of_florence.steps.actions",
    "regola.games.princes_of_florence.steps.anytime",
    "regola.games.princes_of_florence.steps.auction",
    "regola.games.princes_of_florence.steps.characters",
    "regola.games.princes_of_florence.steps.rounds",
    "regola.games.princes_of_florence.steps.setup",
    "regola.games.princes_of_florence.steps.shared",
    "regola.games.princes_of_florence.supply",
    "regola.games.princes_of_florence.views",
    "regola.games.princes_of_florence.works",
)


def compiled_modules() -> list[str]:
    """The HOT_MODULES this interpreter imported from a C extension (empty for a pure-Python install)."""
    out = []
    for name in HOT_MODULES:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if path.endswith(tuple(EXTENSION_SUFFIXES)):
            out.append(name)
    return out


def build_name() -> str:
    """'compiled (mypyc, 16 of 16 hot modules)' or 'pure Python', for benchmark headers."""
    done = compiled_modules()
    return f"compiled (mypyc, {len(done)} of {len(HOT_MODULES)} hot modules)" if done else "pure Python"
