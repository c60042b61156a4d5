"""One table: a game of a pack played seat by seat, every accepted decision a record line.

A seat's decision is refereed by the engine (``Game.apply`` validates first): an illegal one raises
IllegalAction naming the rule it breaks and leaves the table exactly as it was. Chance outcomes are
drawn as soon as the game reaches them, from a generator seeded by the table's secret and the
decision's number, so a table restored from its lines (or rebuilt after a take-back) deals exactly
what it would have dealt; the secret is never in the record (its header's seed is null), so a
downloaded record cannot foretell a deal.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import CHANCE, Game, Ruleset, to_action
from regola.core.pack import Pack
from regola.core.record import header_for
from regola.core.step import SPECTATOR
from regola.core.undo import TakeBacks, UndoPolicy, phase_of
from regola.tables.spec import TableSpec
from regola.text.moves import flow_words, move_words
from regola.text.speech import Speech, speech_for

__all__ = ["Table", "check_action", "ruleset_for"]

#: an action from a client: at most this many parts in all, nested at most this deep
MAX_PARTS = 64
MAX_DEPTH = 3

_rulesets: dict[tuple[Any, ...], Ruleset] = {}
_speeches: dict[tuple[Any, ...], Speech] = {}


def ruleset_for(pack: Pack) -> Ruleset:
    """One compiled ruleset per pack and variants, shared by every table that plays them."""
    key = (pack.id, pack.content_hash, json.dumps(pack.data.get("undo"), sort_keys=True),
           tuple(v.id for v in pack.variants))
    ruleset = _rulesets.get(key)
    if ruleset is None:
        ruleset = _rulesets[key] = Ruleset(pack)
    return ruleset


def _speech(pack: Pack, lang: str) -> Speech:
    """One Speech per pack and (negotiated) language, shared by every table that tells its moves in it."""
    key = (pack.id, pack.content_hash, lang)
    speech = _speeches.get(key)
    if speech is None:
        speech = _speeches[key] = speech_for(pack, lang)
    return speech


def check_action(raw: Any) -> list[Any]:
    """A decision as a client sends it (a JSON array: a verb, then texts, whole numbers and arrays of
    them), or IllegalAction(flow.turn) saying what is wrong with its shape."""
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise IllegalAction("flow.turn", "an action is a JSON array that starts with its verb")
    count = 0

    def walk(value: Any, depth: int) -> None:
        nonlocal count
        count += 1
        if count > MAX_PARTS or depth > MAX_DEPTH:
            raise IllegalAction("flow.turn", f"an action has at most {MAX_PARTS} parts, nested {MAX_DEPTH} deep")
        if isinstance(value, list):
            for item in value:
                walk(item, depth + 1)
        elif not (isinstance(value, str) and len(value) <= 64) and \
                not (isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1 << 31):
            raise IllegalAction("flow.turn", "an action holds short texts, whole numbers and arrays of them only")

    walk(raw, 0)
    return raw


def _line(n: int, who: int, action: Any) -> dict[str, Any]:
    plain = json.loads(json.dumps(action))  # tuples -> lists, as a record holds them
    if who == CHANCE:
        return {"n": n, "chance": plain}
    return {"n": n, "seat": who, "action": plain}


@dataclass
class Table:
    id: str
    ruleset: Ruleset
    spec: TableSpec
    header: dict[str, Any]
    secret: int
    game: Game
    lines: list[dict[str, Any]]
    takebacks: TakeBacks
    #: language -> per line, what it told (regola.text.moves: the decision, then what the flow did by
    #: itself), for the languages someone has read the table in; told again from the lines for a new one
    said: dict[str, list[list[str]]] = field(default_factory=dict)
    #: the public view of the game as it stands, while some language is being told (None: not computed)
    _public: dict[str, Any] | None = None

    # -- making and restoring --------------------------------------------------------------------------
    @classmethod
    def start(cls, table_id: str, ruleset: Ruleset, spec: TableSpec, secret: int) -> Table:
        game = Game.new(ruleset, spec.players, None, spec.setup)
        seats = [{"seat": i, "player": kind} for i, kind in enumerate(spec.seats)]
        header = header_for(game, spec.setup, spec.players, seats)
        table = cls(table_id, ruleset, spec, header, secret, game, [], TakeBacks(UndoPolicy.of(ruleset.pack.data)))
        table._chance()
        return table

    @classmethod
    def continued(cls, table_id: str, ruleset: Ruleset, spec: TableSpec, secret: int,
                  lines: list[dict[str, Any]]) -> Table:
        """A new table that goes on from a saved game: its lines (a record's, decisions and chance outcomes
        as they happened) refereed again one by one, then chance drawn from this table's own secret
        (RegolaError naming a line that does not hold)."""
        game = Game.new(ruleset, spec.players, None, spec.setup)
        seats = [{"seat": i, "player": kind} for i, kind in enumerate(spec.seats)]
        table = cls.restore(table_id, ruleset, spec, header_for(game, spec.setup, spec.players, seats), secret,
                            [_line(k, int(line["seat"]) if "seat" in line else CHANCE,
                                   line["action"] if "seat" in line else line["chance"])
                             for k, line in enumerate(lines, start=1)])
        table._chance()
        return table

    @classmethod
    def restore(cls, table_id: str, ruleset: Ruleset, spec: TableSpec, header: dict[str, Any], secret: int,
                lines: list[dict[str, Any]]) -> Table:
        """The table its stored lines make, each refereed again (RegolaError naming the line if one no
        longer holds, e.g. after the pack changed)."""
        table = cls(table_id, ruleset, spec, header, secret, Game.new(ruleset, spec.players, None, spec.setup), [],
                    TakeBacks(UndoPolicy.of(ruleset.pack.data)))
        table._replay(lines)
        return table

    def _replay(self, lines: list[dict[str, Any]]) -> None:
        self.game = Game.new(self.ruleset, self.spec.players, None, self.spec.setup)
        self.lines = []
        self.said = {lang: [] for lang in self.said}
        self._public = None
        self.takebacks = TakeBacks(self.takebacks.policy)
        for line in lines:
            who = CHANCE if "chance" in line else int(line["seat"])
            raw = line["chance"] if who == CHANCE else line["action"]
            if who != self.game.current_player():
                raise RegolaError(f"table {self.id}: line {line.get('n')} is not the decision of this moment")
            try:
                self._apply(who, raw)
            except IllegalAction as exc:
                raise RegolaError(f"table {self.id}: line {line.get('n')}: {exc.message} [rule {exc.rule}]") from None

    # -- state ---------------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Decisions and chance outcomes so far: the number of the last line."""
        return len(self.lines)

    def to_move(self) -> int:
        return self.game.current_player()

    def is_over(self) -> bool:
        return self.game.is_terminal()

    # -- acting --------------------------------------------------------------------------------------
    def decide(self, seat: int, raw: Any) -> list[dict[str, Any]]:
        """Seat ``seat``'s decision ``raw`` (JSON form): the new lines (it, then any chance outcomes it
        led to). IllegalAction names the rule it breaks; the table is unchanged then."""
        raw = check_action(raw)
        if self.game.is_terminal():
            raise IllegalAction("flow.turn", "the game is over", raw)
        who = self.game.current_player()
        if seat != who:
            whose = "chance's" if who == CHANCE else f"seat {who}'s"
            raise IllegalAction("flow.turn", f"this is {whose} decision, not seat {seat}'s", raw)
        start = len(self.lines)
        self._apply(seat, raw)
        self._chance()
        return self.lines[start:]

    def _apply(self, who: int, raw: Any) -> None:
        game = self.game
        before = phase_of(game.state)
        action = to_action(raw)
        told = self._tell(who, action) if self.said else {}
        try:
            game.apply(action)
        except IllegalAction:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            # an action of the wrong shape can trip a step's explanation of why it is not legal
            raise IllegalAction("flow.turn", "not one of the actions of this moment", raw) from None
        self.lines.append(_line(len(self.lines) + 1, who, action))
        self.takebacks.after(who, self.lines[-1].get("action", []), before, phase_of(game.state))
        if told:
            self._told_after(told)

    # -- telling what happened -----------------------------------------------------------------------
    def told(self, lang: str) -> list[list[str]]:
        """Per line, its sentences in ``lang`` (a language already negotiated for this game): the
        decision as every seat may hear it, then what the flow did by itself. A language asked for the
        first time is told from the lines once; from then on each new line is told as it is applied."""
        if lang not in self.said:
            copy = Table(self.id, self.ruleset, self.spec, self.header, self.secret, self.game, [],
                         self.takebacks, {lang: []})
            copy._replay(self.lines)
            self.said[lang] = copy.said[lang]
            self._public = None
        return self.said[lang]

    def _tell(self, who: int, action: Any) -> dict[str, list[str]]:
        """The decision about to be applied, in every language being told (before it changes the state)."""
        pack, definition, state = self.ruleset.pack, self.ruleset.definition, self.game.state
        if self._public is None:
            self._public = definition.view(state, SPECTATOR)
        if who == CHANCE:
            return {lang: [] for lang in self.said}
        try:
            return {lang: [move_words(definition, state, who, action, _speech(pack, lang))] for lang in self.said}
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            return {lang: [] for lang in self.said}  # an action of a wrong shape: apply refuses it

    def _told_after(self, told: dict[str, list[str]]) -> None:
        pack, definition, state = self.ruleset.pack, self.ruleset.definition, self.game.state
        before, after = self._public, definition.view(state, SPECTATOR)
        self._public = after
        for lang, sentences in told.items():
            if before is not None:
                sentences.extend(flow_words(definition, state, before, after, _speech(pack, lang)))
            self.said[lang].append(sentences)

    def _chance(self) -> None:
        while self.game.is_chance():
            self.game.rng = random.Random(f"{self.secret}/{len(self.lines) + 1}")
            self._apply(CHANCE, self.game.sample_chance())

    def take_back(self, seat: int) -> int:
        """Withdraw ``seat``'s latest decision as the pack's undo policy allows; the new number of lines.
        IllegalAction(flow.take_back) says why not."""
        self.takebacks.check(seat)
        self._replay(self.lines[:-1])
        return len(self.lines)

    def rollback(self, n: int) -> None:
        """Back to the first ``n`` lines (what the store holds, when storing new lines failed)."""
        if n < len(self.lines):
            self._replay(self.lines[:n])

    # -- the record ------------------------------------------------------------------------------------
    def record(self) -> str:
        """The whole record so far (JSON Lines: header, lines, the result once the game is over)."""
        out = [self.header, *self.lines]
        if self.game.is_terminal():
            out.append({"result": self.game.result()})
        return "".join(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n" for obj in out)
