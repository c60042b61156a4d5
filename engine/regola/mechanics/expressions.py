"""Safe arithmetic over declared measures, for scoring and catch-up terms ("2 * freedoms").

The expression is parsed and evaluated by ``simpleeval`` (a maintained, dependency-free evaluator that
never calls Python's ``eval``); on top of its own limits, regola admits only whole-number arithmetic
(``+ - * // %``, unary minus), comparisons, ``and``/``or``/``not``, ``x if c else y`` and the functions
``min``, ``max`` and ``abs``, over whole-number constants and the names of the game's measures. The text
is at most ``MAX_LENGTH`` characters and every value is bounded (``LIMIT``), so a term in valid data
cannot drive unbounded work.

Evaluation is total, so no game stops on a term: a division or remainder by zero counts 0, and a
result beyond ±LIMIT counts as ±LIMIT (both said in docs/MECHANICS.md).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field

from simpleeval import SimpleEval  # type: ignore[import-untyped]

__all__ = ["LIMIT", "MAX_LENGTH", "Expression", "ExpressionError"]

MAX_LENGTH = 200
LIMIT = 10**9  # every constant and every result lies within ±LIMIT

_OPERATORS: dict[type, object] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b if b else 0, ast.Mod: lambda a, b: a % b if b else 0, ast.USub: lambda a: -a,
    ast.UAdd: lambda a: a, ast.Not: lambda a: not a,
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
}
_FUNCTIONS = {"min": min, "max": max, "abs": abs}
_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Call, ast.Name,
          ast.Constant, ast.Load, ast.And, ast.Or, *_OPERATORS)


class ExpressionError(ValueError):
    """The expression is not one regola evaluates; the message says why, in a line."""


@dataclass(frozen=True)
class Expression:
    """One compiled term. ``names`` are the measures it reads."""

    source: str
    names: tuple[str, ...]
    _tree: ast.Expression = field(repr=False, compare=False)

    @classmethod
    def compile(cls, source: object, measures: Mapping[str, object]) -> Expression:
        if isinstance(source, bool) or not isinstance(source, int | str):
            raise ExpressionError(f"expected a whole number or an expression, found {source!r}")
        text = str(source).strip()
        if not text:
            raise ExpressionError("the expression is empty")
        if len(text) > MAX_LENGTH:
            raise ExpressionError(f"the expression is longer than {MAX_LENGTH} characters")
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError as exc:
            raise ExpressionError(f"not an expression ({exc.msg}, column {exc.offset})") from None
        names: list[str] = []
        for node in ast.walk(tree):
            if not isinstance(node, _NODES):
                raise ExpressionError(f"'{ast.unparse(node) if isinstance(node, ast.expr) else type(node).__name__}'"
                                      " is not allowed: only whole numbers, measures, + - * // %, comparisons, "
                                      "and/or/not, 'a if c else b', min, max and abs")
            if isinstance(node, ast.Constant) and (type(node.value) is not int or abs(node.value) > LIMIT):
                shown = repr(node.value)
                shown = shown if len(shown) <= 24 else shown[:21] + "…"  # a long constant is not echoed whole
                raise ExpressionError(f"{shown} is not a whole number within ±{LIMIT:,}")
            if isinstance(node, ast.Call):
                if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS or node.keywords:
                    raise ExpressionError("the only functions are min, max and abs, called with plain arguments")
            elif isinstance(node, ast.Name) and node.id not in _FUNCTIONS:
                if node.id not in measures:
                    raise ExpressionError(f"unknown measure '{node.id}' (measures: {', '.join(sorted(measures))})")
                if node.id not in names:
                    names.append(node.id)
        return cls(text, tuple(names), tree)

    def value(self, values: Mapping[str, int]) -> int:
        """The term's whole-number value for one player's measures, within ±LIMIT."""
        evaluator = SimpleEval(operators=_OPERATORS, functions=_FUNCTIONS, names=dict(values))
        result = int(evaluator.eval(self.source, previously_parsed=self._tree.body))  # a comparison gives 0 or 1
        return max(-LIMIT, min(LIMIT, result))
