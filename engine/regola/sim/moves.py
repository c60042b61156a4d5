"""The moves a variant adds or changes, and how often each lineup of bots made them (issue 28, item 2).

A verdict is about the rules the bots actually played. A house rule that brings a new move (a Dutch
offer's ``accept``, a sealed ``seal``, a raise by an amount) says nothing through a lineup that never
makes it: such a lineup's verdict is about the old game, and the report says so.

A move is new when the variant's action table (regola.core.actionspace, derived from the data) has a
kind the base's has not, by its verb and its number of parameters; it is changed when the same kind
takes other parameter values. How often a lineup made it is the variant arm's mean count per game of
that verb (the ``actions.<verb>`` metric every run measures).
"""

from __future__ import annotations

import functools
import math
from typing import Any

from regola.core.game import Ruleset
from regola.core.pack import Pack

__all__ = ["new_moves", "usage"]


@functools.lru_cache(maxsize=32)  # the base's table serves every variant of a comparison (packs hash by identity)
def _table(pack: Pack) -> dict[tuple[str, int, bool], tuple[Any, ...]]:
    """(verb, number of parameter domains, grouped) -> the domains, for every kind of the pack's action table."""
    ruleset = Ruleset(pack)
    kinds = ruleset.definition.action_kinds
    if kinds is None:
        return {}
    return {(k.verb, len(k.params), k.grouped): tuple(k.params) for k in kinds(ruleset.rules)}


def new_moves(base: Pack, variant: Pack) -> dict[str, list[str]]:
    """The verbs of the moves ``variant`` adds (``added``: a kind the base has not) and of those whose
    parameters it changes (``changed``), each in its action table's order."""
    before, after = _table(base), _table(variant)
    old_verbs = {key[0] for key in before}
    added = [key[0] for key in after if key not in before and key[0] not in old_verbs]
    changed = [key[0] for key, params in after.items() if before.get(key, params) != params or
               (key not in before and key[0] in old_verbs)]
    return {"added": list(dict.fromkeys(added)), "changed": list(dict.fromkeys(v for v in changed if v not in added))}


def usage(lineup: Any, arm: str, verb: str) -> float:
    """How many times a game the lineup's bots made moves of ``verb`` under ``arm`` (0 when never)."""
    metric = f"actions.{verb}"
    estimate = lineup.estimates.get(metric, {}).get(arm)
    if estimate is not None and not math.isnan(estimate.value):
        return float(estimate.value)
    for kind, params in lineup.notes:  # a metric equal in every game is not compared, only noted
        if kind == "constant" and params["metric"].name == metric:
            return float(params["value"])
    return 0.0
