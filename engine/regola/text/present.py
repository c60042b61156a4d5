"""Small pieces of the words a game says about itself at a terminal: a sentence's capital, a standings
table, the rule behind a result. The games' own summaries use them (``games/*/summary.py``), and so does
`regola play`'s closing (``cli/summary.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regola.text.wrap import display_width

if TYPE_CHECKING:
    from regola.core.game import Game
    from regola.text.speech import Speech

__all__ = ["rule_line", "sentence", "table"]


def sentence(text: str) -> str:
    """A sentence starts with a capital, also when a name that is written small starts it ('bleu gagne')."""
    return text[:1].upper() + text[1:]


def table(headers: list[str], rows: list[list[str]]) -> list[str]:
    """Columns separated by two spaces, each as wide as its widest cell; the first left, the rest right."""
    widths = [max(display_width(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        out = []
        for i, cell in enumerate(cells):
            pad = " " * (widths[i] - display_width(cell))
            out.append(cell + pad if i == 0 else pad + cell)
        return "  ".join(out).rstrip()

    return [line(headers), *(line(r) for r in rows)]


def rule_line(game: Game, speech: Speech, rule_id: str) -> str:
    """'Why: <the rule's text> [rule id]', the rule bound over the game's own pack."""
    from regola.text.bind import bind_rule

    bound = bind_rule(speech.catalog, game.ruleset.pack, rule_id, speech.fallback)
    return speech.gettext("Why: {title} — {text} [{rule}]", title=bound.title, text=bound.text, rule=rule_id)
