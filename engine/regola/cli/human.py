"""A person at the terminal: the board, what the others just did, numbered options folded and paged to
fit the screen, and forgiving input (a number, a shown word, ``?``, ``+``/``-`` to turn pages), and three
commands: ``!back`` takes the person's latest decision back as the pack's undo policy allows (rule
``flow.take_back``, ``undo.yaml``), ``!save`` writes the record so far, ``!quit`` stops the game there.

Generic: the game supplies its words through ``GameDefinition.terminal`` (board, describe, narrate,
option, help_rule); every sentence here is interface text from regola's gettext catalog, every name
the game's (``text.speech.Speech``). Every line is wrapped by words to the terminal's width. Input
that cannot be read is answered as such; only an action the rules forbid is answered with the rule.
"""

from __future__ import annotations

import difflib
import re
import shutil
import sys
import textwrap
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from regola.core.bots import Observation
from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import Game
from regola.core.step import SPECTATOR, Action
from regola.text.moves import flow_words, move_words
from regola.text.speech import Speech
from regola.text.wrap import wrap

__all__ = ["StopRequested", "Table", "TakeBackRequested", "take_backs"]


class TakeBackRequested(Exception):
    """The person takes their latest decision back; the policy allowed it (``play`` rebuilds the game)."""


class StopRequested(Exception):
    """The person stops the game here; the record so far is kept."""


def take_backs(game: Game, setup: str) -> Any:
    """The take-back window after ``game``'s history, followed decision by decision as a table does."""
    from regola.core.undo import TakeBacks, UndoPolicy, phase_of

    windows = TakeBacks(UndoPolicy.of(game.ruleset.pack.data))
    replay = Game.new(game.ruleset, len(game.state.players), game.seed, setup)
    for who, action in game.history:
        before = phase_of(replay.state)
        replay.apply(action)
        windows.after(who, list(action), before, phase_of(replay.state))
    return windows

#: lines of what the others did shown before a decision; older moves are counted, not listed
NEWS_LINES = 4
#: the fewest option lines a page shows, however tall the board is
MIN_PAGE = 4


#: a word of what a person typed or of an option's words (letters and digits, in any script)
_WORD = re.compile(r"\w+")


def _fold(text: str) -> str:
    """Lower case without accents or typographic quotes: 'Passen' finds 'passen', 'zruseni' 'zrušení'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


class Table:
    """The terminal of one game: people's seats choose here, everybody's moves are told here."""

    def __init__(self, game: Game, lang: str | None, out: TextIO | None = None,
                 read: Callable[[str], str] = input, setup: str | None = None) -> None:
        from regola.text.catalog import languages_of
        from regola.text.declared import DeclaredWords
        from regola.text.lang import negotiate
        from regola.text.speech import speech_for

        pack = game.ruleset.pack
        self.lang = negotiate(lang, pack.language, languages_of(pack.game), pack.id)
        self.speech: Speech = speech_for(pack, self.lang)
        hook = game.ruleset.definition.terminal
        if hook is None:
            raise RegolaError(self.speech.gettext("the game '{game}' has no terminal play yet", game=pack.game))
        self.words: Any = DeclaredWords(hook())  # a move the pack declares is said from its operations
        self.game = game
        self.setup = setup or game.ruleset.definition.setup_modes(game.ruleset.rules)[0]
        self.width = 80
        self.out = out if out is not None else sys.stdout
        self.read = read
        self.told: list[tuple[int, str]] = []  # (seat, sentence) of every decision so far
        self.save: Callable[[], str] | None = None  # writes the record so far, returns where (set by `play`)
        self.heard: dict[int, int] = {}  # seat -> how much of `told` it has seen
        # the public view after the last decision told: what the flow did after each decision is told
        # from it, step by step (two views far apart cannot say who won which of several raises)
        self.public: dict[str, Any] = game.ruleset.definition.view(game.state, SPECTATOR)
        self.keys: list[int] = []  # each option's stable id (#id at the prompt); shown as 1…N in order

    # -- narration ------------------------------------------------------------------------------------
    def tell(self, seat: int, action: Action) -> None:
        """Remember what ``seat`` is about to do (described before the state changes), after what the flow
        did since the last decision."""
        self._catch_up()
        self.told.append((seat, move_words(self.game.ruleset.definition, self.game.state, seat, action, self.speech)))

    def watch(self, seat: int, agent: Any) -> Callable[[Game, Observation], Action]:
        """A bot's seat, told to the people at the table."""

        def choose(game: Game, obs: Observation) -> Action:
            action: Action = agent.choose(obs) if hasattr(agent, "choose") else agent(game, obs)
            self.tell(seat, action)
            return action

        return choose

    def _catch_up(self) -> None:
        """What the flow did by itself after the last decision told (a completed invention and its reward, a
        lot won, a work and its pay), found by comparing the public views before and after that decision
        alone: nothing a seat may not see. Told as nobody's move (-1), in order among the moves."""
        definition = self.game.ruleset.definition
        now = definition.view(self.game.state, SPECTATOR)
        for sentence in flow_words(definition, self.game.state, self.public, now, self.speech):
            self.told.append((-1, sentence))
        self.public = now

    def _news(self, seat: int, width: int) -> list[str]:
        """What the others did since this seat last chose, and what came of it, in at most NEWS_LINES
        lines (the oldest dropped)."""
        self._catch_up()
        start = self.heard.get(seat, 0)
        news = [text for who, text in self.told[start:] if who != seat]
        self.heard[seat] = len(self.told)
        shown = news
        while True:
            earlier = len(news) - len(shown)
            items = shown if not earlier else [self.speech.ngettext(
                "… and {n} earlier move", "… and {n} earlier moves", earlier), *shown]
            lines = textwrap.wrap(self.speech.gettext("Since your move:") + " " + " · ".join(items), width,
                                  subsequent_indent="   ", break_on_hyphens=False) if news else []
            if len(lines) <= NEWS_LINES or len(shown) <= 1:
                return lines
            shown = shown[1:]

    # -- one decision ---------------------------------------------------------------------------------
    def choose(self, game: Game, obs: Observation) -> Action:
        size = shutil.get_terminal_size((80, 24))
        width, height = max(20, size.columns), max(16, size.lines)
        self.width = width
        state, legal = game.state, obs.legal
        self.keys = self._keys(legal)
        board = self.words.board(state, obs.seat, self.speech, width)
        top = self._news(obs.seat, width) + [row for line in board for row in wrap(line, width)]
        rows = [row for line in self._rows(legal, width) for row in wrap(line, width)]
        # the options, a page line and the prompt fit under the board on one screen
        page_size = max(MIN_PAGE, height - len(top) - 3)
        pages = [rows[i:i + page_size] for i in range(0, len(rows), page_size)] or [[]]
        page = 0
        self._print("", *top)
        self._show(pages, page)
        while True:
            try:
                raw = self.read(self.speech.gettext("Your choice (number, words or ? for help)> ")).strip()
            except EOFError:
                raise RegolaError(self.speech.gettext("no more input: the game stays unfinished")) from None
            if raw in ("+", "-"):
                page = min(len(pages) - 1, page + 1) if raw == "+" else max(0, page - 1)
                self._show(pages, page)
                continue
            if raw == "?":
                self._help(legal)
                continue
            if raw.startswith("!") and self._command(raw[1:].strip().casefold(), obs.seat):
                continue
            action = self._parse(raw, legal)
            if action is not None:
                self.tell(obs.seat, action)
                return action

    def _command(self, word: str, seat: int) -> bool:
        """``!back``, ``!save``, ``!quit``: True when done here (the prompt comes again); the first and
        last end this decision by raising."""
        if word == "back":
            try:
                take_backs(self.game, self.setup).check(seat)
            except IllegalAction as err:
                from regola.text import explain

                self._print(self.speech.gettext("The rules do not allow that:") + " "
                            + explain(err.rule, self.lang, self.game.ruleset))
                return True
            raise TakeBackRequested
        if word == "save" and self.save is not None:
            self._print(self.speech.gettext("The record so far is in {path}.", path=self.save()))
            return True
        if word == "quit":
            raise StopRequested
        self._print(self.speech.gettext("The commands are !back, !save and !quit."))
        return True

    def _keys(self, legal: Sequence[Action]) -> list[int]:
        """Each option's stable id: its number in the pack's action space, the same for the same move in
        every turn (docs/SPEED.md, "Stable action ids"; typed as ``#1763``); an action outside the space (a
        game without one) gets a number after the space's. The options are shown numbered 1…N."""
        if self.game.ruleset.definition.action_kinds is None:
            return list(range(len(legal)))
        space = self.game.ruleset.action_space()
        keys = []
        for i, action in enumerate(legal):
            try:
                keys.append(space.id(action, self.game.state))
            except RegolaError:
                keys.append(space.size + i)
        return keys

    def _rows(self, legal: Sequence[Action], width: int) -> list[str]:
        """One line per option, except that consecutive options of one group share lines."""
        rows: list[str] = []
        i = 0
        while i < len(legal):
            group, label = self.words.option(self.game.state, legal[i], self.speech)
            if group is None:
                rows.append(f"[{i + 1}] {label}")
                i += 1
                continue
            items = []
            while i < len(legal):
                g, label = self.words.option(self.game.state, legal[i], self.speech)
                if g != group:
                    break
                items.append(f"[{i + 1}] {label}")
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
            self._print(self.speech.gettext("Page {page} of {pages}: + next, - back", page=page + 1,
                                            pages=len(pages)))

    def _help(self, legal: Sequence[Action]) -> None:
        from regola.text import explain

        rule = self.words.help_rule(self.game.state)
        lines = [explain(rule, self.lang, self.game.ruleset)] if rule else []
        lines.append(self.speech.gettext("Choose with the number in brackets or type the words shown; #1763 "
                                         "names a move by its number in the pack's action space, the same in "
                                         "every turn; + and - turn the pages, ? shows this help."))
        lines.append(self.speech.gettext("!back takes your latest decision back (where the rules allow it), "
                                         "!save writes the record so far, !quit stops the game."))
        self._print(*lines)

    # -- reading what was typed ----------------------------------------------------------------------
    def _parse(self, raw: str, legal: Sequence[Action]) -> Action | None:
        """The chosen action, or None after saying why the input was not one."""
        s = self.speech
        if not raw:
            self._print(s.gettext("Please enter one of the numbers in brackets (? for help)."))
            return None
        if raw.startswith("#") and raw[1:].isdigit() and len(raw) <= 12:  # a move's stable id
            n = int(raw[1:])
            if n in self.keys:
                return legal[self.keys.index(n)]
            self._print(s.gettext("There is no choice {input} now: the numbers are those in brackets.", input=raw))
            return None
        if raw.lstrip("+-").isdigit() and len(raw) <= 12:
            n = int(raw)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self._print(s.gettext("There is no choice {input} now: the numbers are those in brackets.", input=raw))
            return None
        found, answered = self._by_words(raw, legal)
        if found is not None or answered:
            return found
        return self._typed(raw, legal)

    def _by_words(self, raw: str, legal: Sequence[Action]) -> tuple[Action | None, bool]:
        """(the one option the words name, whether the input was already answered)."""
        state, speech = self.game.state, self.speech
        wanted = _fold(raw)
        described = [_fold(self.words.describe(state, a, speech)) for a in legal]
        exact = [i for i, d in enumerate(described) if d == wanted]
        if len(exact) == 1:
            return legal[exact[0]], True
        labels = [_fold(self.words.option(state, a, speech)[1]) for a in legal]
        exact = exact or [i for i, d in enumerate(labels) if d == wanted]
        if len(exact) == 1:
            return legal[exact[0]], True
        near = exact or [i for i, d in enumerate(described) if wanted in d]
        if not near:  # its words in any order, a place by its name or letter, a count: "Schmiede 2", "D 2"
            asked = _WORD.findall(wanted)
            tokens = [self._tokens(a) for a in legal]
            near = [i for i, known in enumerate(tokens) if asked and all(word in known for word in asked)]
            if not near:
                return None, self._suggest(raw, asked, set().union(*tokens))
        if len(near) == 1:
            return legal[near[0]], True
        if near:
            shown = ", ".join(str(i + 1) for i in near[:8]) + (" …" if len(near) > 8 else "")
            self._print(speech.ngettext("“{input}” fits {n} choice ({numbers}); please enter the number.",
                                        "“{input}” fits {n} choices ({numbers}); please enter the number.",
                                        len(near), input=raw, numbers=shown))
            return None, True
        return None, False

    def _tokens(self, action: Action) -> set[str]:
        """Every word an option may be named by: its sentence's, its group's and label's (a district's
        name), and its own parameters (a district's letter, a count)."""
        state, speech = self.game.state, self.speech
        group, label = self.words.option(state, action, speech)
        text = " ".join([self.words.describe(state, action, speech), group or "", label,
                         *(str(part) for part in action[1:])])
        return set(_WORD.findall(_fold(text)))

    def _suggest(self, raw: str, asked: list[str], known: set[str]) -> bool:
        """Says which known words are close to the ones no option has ("Schmide" -> "schmiede"); whether
        it said anything."""
        close = [match for word in asked if word not in known
                 for match in difflib.get_close_matches(word, sorted(known), n=2, cutoff=0.75)]
        if not close:
            return False
        self._print(self.speech.gettext("“{input}” names no choice here; did you mean {words}?", input=raw,
                                        words=", ".join(f"“{w}”" for w in dict.fromkeys(close))))
        return True

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

                self._print(self.speech.gettext("The rules do not allow that:") + " "
                            + explain(err.rule, self.lang, self.game.ruleset))
                return None
            except (TypeError, ValueError, KeyError, IndexError):
                pass
        self._print(self.speech.gettext("I do not understand “{input}”. Enter a number in brackets, words shown, "
                                        "or ? for help.", input=raw))
        return None

    def _print(self, *lines: str) -> None:
        for line in lines:
            for row in wrap(line, self.width):
                print(row, file=self.out)
        self.out.flush()
