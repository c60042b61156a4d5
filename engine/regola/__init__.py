"""regola: a rules-as-data engine for board games.

The generic engine lives in :mod:`regola.core`; the mechanics of each game live in
:mod:`regola.games` and are parameterized by a rule pack (YAML under ``rulepacks/``).
"""

__version__ = "0.1.0"
