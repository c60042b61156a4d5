"""A person at the terminal: the board, what the others just did, numbered options folded and paged to
fit the screen, and forgiving input (a number, a shown word, ``?``, ``+``/``-`` to turn pages).

Generic: the game supplies its words through ``GameDefinition.terminal`` (board, describe, narrate,
option, help_rule); every sentence here comes from the catalog's ``terminal`` section. Input that
cannot be read is answered as such; only an action the rules forbid is answered with the rule.
"""

from __future__ import annotations

import math
import shutil
import sys
import textwrap
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from regola.core.bots import Observation
from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import Game
from regola.core.step import Action
from regola.text.catalog import Catalog

__all__ = ["Table"]

#: lines of what the others did shown before a decision; older moves are counted, not listed
NEWS_LINES = 4
#: the fewest option lines a page shows, however tall the board is
MIN_PAGE = 4


def _fold(text: str) -> str:
    """Lower case without accents or typographic quotes: 'Passen' finds 'passen', 'zruseni' 'zrušení'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def _screen_lines(lines: list[str], width: int) -> int:
    """How many terminal rows the lines take once the terminal wraps them."""
    return sum(max(1, math.ceil(len(line) / width)) for line in lines)


class Table:
    """The terminal of one game: people's seats choose here, everybody's moves are told here."""

    def __init__(self, game: Game, lang: str | None, out: TextIO | None = None,
                 read: Callable[[str], str] = input) -> None:
        from regola.text.catalog import catalog_for
        from regola.text.lang import negotiate

        hook = game.ruleset.definition.terminal
        if hook is None:
            raise RegolaError(f"the game '{game.ruleset.pack.game}' has no terminal play yet")
        self.words: Any = hook()
        self.game = game
        self.lang = negotiate(lang, game.ruleset.pack.language)
        self.catalog: Catalog = catalog_for(self.lang)
        self.out = out if out is not None else sys.stdout
        self.read = read
        self.told: list[tuple[int, str]] = []  # (seat, sentence) of every decision so far
        self.heard: dict[int, int] = {}  # seat -> how much of `told` it has seen

    # -- narration ------------------------------------------------------------------------------------
    def tell(self, seat: int, action: Action) -> None:
        """Remember what ``seat`` is about to do (described before the state changes)."""
        self.told.append((seat, self.words.narrate(self.game.state, seat, action, self.catalog)))

    def watch(self, seat: int, agent: Any) -> Callable[[Game, Observation], Action]:
        """A bot's seat, told to the people at the table."""

        def choose(game: Game, obs: Observation) -> Action:
            action: Action = agent.choose(obs) if hasattr(agent, "choose") else agent(game, obs)
            self.tell(seat, action)
            return action

        return choose

    def _news(self, seat: int, width: int) -> list[str]:
        """What the others did since this seat last chose, in at most NEWS_LINES lines (oldest dropped)."""
        start = self.heard.get(seat, 0)
        news = [text for who, text in self.told[start:] if who != seat]
        self.heard[seat] = len(self.told)
        shown = news
        while True:
            items = shown if len(shown) == len(news) else [self.catalog.terminal(
                "earlier", count=str(len(news) - len(shown))), *shown]
            lines = textwrap.wrap(f"{self.catalog.terminal('news')} " + " · ".join(items), width,
                                  subsequent_indent="   ", break_on_hyphens=False) if news else []
            if len(lines) <= NEWS_LINES or len(shown) <= 1:
                return lines
            shown = shown[1:]

    # -- one decision ---------------------------------------------------------------------------------
    def choose(self, game: Game, obs: Observation) -> Action:
        size = shutil.get_terminal_size((80, 24))
        width, height = max(40, size.columns), max(16, size.lines)
        state, legal = game.state, obs.legal
        top = self._news(obs.seat, width) + self.words.board(state, obs.seat, self.catalog, width)
        rows = self._rows(legal, width)
        # the options, a page line and the prompt fit under the board on one screen
        page_size = max(MIN_PAGE, height - _screen_lines(["", *top], width) - 2)
        pages = [rows[i:i + page_size] for i in range(0, len(rows), page_size)] or [[]]
        page = 0
        self._print("", *top)
        self._show(pages, page)
        while True:
            try:
                raw = self.read(self.catalog.terminal("prompt")).strip()
            except EOFError:
                raise RegolaError(self.catalog.terminal("left")) from None
            if raw in ("+", "-"):
                page = min(len(pages) - 1, page + 1) if raw == "+" else max(0, page - 1)
                self._show(pages, page)
                continue
            if raw == "?":
                self._help(legal)
                continue
            action = self._parse(raw, legal)
            if action is not None:
                self.tell(obs.seat, action)
                return action

    def _rows(self, legal: Sequence[Action], width: int) -> list[str]:
        """One line per option, except that consecutive options of one group share lines."""
        rows: list[str] = []
        i = 0
        while i < len(legal):
            group, label = self.words.option(self.game.state, legal[i], self.catalog)
            if group is None:
                rows.append(f"[{i}] {label}")
                i += 1
                continue
            items = []
            while i < len(legal):
                g, label = self.words.option(self.game.state, legal[i], self.catalog)
                if g != group:
                    break
                items.append(f"[{i}] {label}")
                i += 1
            line = group
            for item in items:
                if len(line) + 2 + len(item) > width and line.strip():
                    rows.append(line)
                    line = "   "
                line += "  " + item if line.strip() else item
            rows.append(line)
        return rows

    def _show(self, pages: list[list[str]], page: int) -> None:
        self._print(*pages[page])
        if len(pages) > 1:
            self._print(self.catalog.terminal("page", page=str(page + 1), pages=str(len(pages))))

    def _help(self, legal: Sequence[Action]) -> None:
        from regola.text import explain

        rule = self.words.help_rule(self.game.state)
        lines = [explain(rule, self.lang, self.game.ruleset)] if rule else []
        lines.append(self.catalog.terminal("help", last=str(len(legal) - 1)))
        self._print(*lines)

    # -- reading what was typed ----------------------------------------------------------------------
    def _parse(self, raw: str, legal: Sequence[Action]) -> Action | None:
        """The chosen action, or None after saying why the input was not one."""
        t = self.catalog.terminal
        if not raw:
            self._print(t("empty", last=str(len(legal) - 1)))
            return None
        if raw.lstrip("+-").isdigit():
            n = int(raw)
            if 0 <= n < len(legal):
                return legal[n]
            self._print(t("out_of_range", input=raw, last=str(len(legal) - 1)))
            return None
        found, answered = self._by_words(raw, legal)
        if found is not None or answered:
            return found
        return self._typed(raw, legal)

    def _by_words(self, raw: str, legal: Sequence[Action]) -> tuple[Action | None, bool]:
        """(the one option the words name, whether the input was already answered)."""
        state, catalog = self.game.state, self.catalog
        wanted = _fold(raw)
        described = [_fold(self.words.describe(state, a, catalog)) for a in legal]
        exact = [i for i, d in enumerate(described) if d == wanted]
        if len(exact) == 1:
            return legal[exact[0]], True
        labels = [_fold(self.words.option(state, a, catalog)[1]) for a in legal]
        exact = exact or [i for i, d in enumerate(labels) if d == wanted]
        if len(exact) == 1:
            return legal[exact[0]], True
        near = exact or [i for i, d in enumerate(described) if wanted in d]
        if len(near) == 1:
            return legal[near[0]], True
        if near:
            shown = ", ".join(str(i) for i in near[:8]) + (" …" if len(near) > 8 else "")
            self._print(catalog.terminal("ambiguous", input=raw, count=str(len(near)), numbers=shown))
            return None, True
        return None, False

    def _typed(self, raw: str, legal: Sequence[Action]) -> Action | None:
        """An action typed in the engine's own form (``place B 2``): taken when legal; when the rules
        forbid it, the rule is quoted; anything else is input we could not read."""
        tokens = raw.split()
        typed = tuple(int(x) if x.lstrip("-").isdigit() else x for x in tokens)
        shapes = {(a[0], len(a)) for a in legal}
        if typed in legal:
            return typed
        if (typed[0], len(typed)) in shapes:
            try:
                self.game.apply(typed)  # not legal, so this validates and raises; the state is untouched
            except IllegalAction as err:
                from regola.text import explain

                self._print(self.catalog.terminal("not_allowed") + " " + explain(err.rule, self.lang,
                                                                                 self.game.ruleset))
                return None
            except (TypeError, ValueError, KeyError, IndexError):
                pass
        self._print(self.catalog.terminal("unreadable", input=raw, last=str(len(legal) - 1)))
        return None

    def _print(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)
        self.out.flush()

    # -- the end ---------------------------------------------------------------------------------------
    def standings(self) -> list[str]:
        """The final ranking in the catalog's words."""
        game, t = self.game, self.catalog.terminal
        lines = [t("final")]
        for r in game.result() or []:
            color = self.catalog.name("colors", r["color"])
            lines.append(t("standing", rank=str(r["rank"]), color=color,
                           money=self.words.money(self.catalog, r["money"]),
                           bonus=self.words.money(self.catalog, r["bonus"]), inventions=str(r["inventions"])))
        return lines
