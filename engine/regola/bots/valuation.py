"""What a position is worth to each seat, read from the rules a bot is given: the search bots' yardstick
for a look-ahead cut short and for a move no heuristic knows.

The worth of a seat is, in the units of the measure that wins the game (``GameTerms.score``: gulden in
Maestro Leonardo, prestige in Princes of Florence):

- the game's own evaluation where it offers one (``SearchHooks.evaluate``: the score plus what the
  position is worth, the game's judgement), else the score measure itself;
- plus what the pack's end-of-game awards (``mechanics.awards`` with ``when: game_end``) would give if
  the game ended now, in that same measure. So a house rule that makes something score at the end
  ("each upgrade scores 2") is valued as soon as the thing is had, with no code for that rule.

Awards in another resource than the score (prestige awards in a game won on money) are left out: the
rules give no exchange rate between them, and a guess would be judgement dressed as a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regola.mechanics.awards import due

__all__ = ["Valuation", "final_scores", "valuation"]

#: state -> each seat's worth
Valuation = Callable[[Any], list[float]]


def _mechanics(ruleset: Any) -> Any:
    return getattr(ruleset.rules, "mechanics", None)


def score_measure(ruleset: Any) -> str:
    """The measure whose most wins (money when the game does not say)."""
    mechanics = _mechanics(ruleset)
    return mechanics.terms.score if mechanics is not None else "money"


def valuation(ruleset: Any) -> Valuation:
    """The worth of every seat in a state of this ruleset's game (module docstring)."""
    hooks = ruleset.definition.search
    evaluate = hooks.evaluate if hooks is not None else None
    mechanics = _mechanics(ruleset)
    if mechanics is None:
        if evaluate is None:
            raise ValueError("the game offers neither an evaluation nor measures to value a position by")
        return evaluate
    terms = mechanics.terms
    score = terms.score
    count = terms.measures[score]
    at_end = tuple(mechanics.awards.get("game_end", ()))

    def worth(state: Any) -> list[float]:
        n = len(state.players)
        values = evaluate(state) if evaluate is not None else [float(count(state, s)) for s in range(n)]
        if at_end:
            for resource, seat, amount in due(state, at_end, terms, n):
                if resource == score:
                    values[seat] += amount
        return values

    return worth


def final_scores(result: list[dict[str, Any]], score: str) -> list[float]:
    """Each seat's final score (``score`` of the result, else nothing), ties broken as the result ranks
    them: a hair per rank, so the tie-break the rules apply counts too."""
    values = [0.0] * len(result)
    for entry in result:
        values[entry["seat"]] = float(entry.get(score, 0)) - 0.01 * entry["rank"]
    return values
