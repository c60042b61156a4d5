"""Each move verb of a game, declared once: the record every reader takes a verb from.

A game lists its verbs in one :class:`Verbs` table (``GameDefinition.verbs``). Each :class:`Verb` says

- its **place in the action space** (:class:`Place`): where each of its kinds is numbered and the domain
  of each parameter, taken from the pack's data. Kinds are numbered in the order of their places, which
  never move, so an action's id is the same in every state, game and release (OpenSpiel's ids, the
  records' action table in docs/ARCHITECTURE.md); a kind whose domains the pack leaves empty is not offered;
- **what is secret** (``secret``: rules -> how many leading arguments every seat sees, None when the
  pack's forms make the move public): the tables withhold the rest, the words of a move never say it,
  and ``heard`` names the facts another seat may still hear of it (``GameDefinition.secrets``);
- **the rule it carries out** (``cites``: an id of the pack's rule catalog), for the documentation of
  the action table and for ``check``, which finds every cited rule in every pack of the game;
- **its words**: the sentence the deciding seat reads (``offers``) and the one every other seat hears
  (``tells``), by *shape* (one verb may read differently by what it acts on: placing people in a
  district or in one's own lab), as gettext messages of the ``regola`` domain marked ``N_`` / ``NN_``
  (:class:`Words`), which the game's terminal fills with the facts of the action; a game whose verbs
  are worded in its rule catalogs (``names.actions``/``names.told``, by verb) declares none here;
- **its plain words** (``plain``): one line of English over the action tuple ``a`` (logs, the action
  table's examples, ``Game.describe``);
- **its size** (``size``): the place in the action of the amount or count the player chooses (a bid, a
  raise, how many people), where the verb has one: a search bot hears other sizes than the least one
  (regola.bots.families), and a simulation counts the moves larger than the least offered
  (regola.core.play).

The readers (the terminal and the tables' words, OpenSpiel's action space and strings, the tables'
secrecy, the documentation) take these from the record; nothing else lists a game's verbs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from regola.core.actionspace import ActionKind, Codec
from regola.core.step import Action, ActionRange

__all__ = ["Place", "Verb", "Verbs", "Words", "above_least", "least_sizes"]

#: the parameter domains of a place, from the rules: () for a verb without parameters, None when the
#: pack offers no such kind
Domains = Callable[[Any], tuple[tuple[Any, ...], ...] | None]


def _bare(rules: Any) -> tuple[tuple[Any, ...], ...]:
    return ()


@dataclass(frozen=True)
class Place:
    """One kind of a verb in the action space: its place ``at`` (kinds are numbered in the order of their
    places), its parameter domains from the rules (``domains``), where those come from (``source``, for
    the documentation), ``grouped`` (one domain of whole parameter tuples) and a codec for parameters
    numbered relative to the state (regola.core.actionspace.ActionKind)."""

    at: int
    domains: Domains = _bare
    source: str = ""
    grouped: bool = False
    encode: Codec | None = None
    decode: Codec | None = None


@dataclass(frozen=True)
class Words:
    """A sentence of a verb: a msgid (``plural`` and the fact ``count`` whose number picks the form, for a
    sentence with plural forms), filled with the action's facts by name."""

    text: str
    plural: str = ""
    count: str = ""

    def say(self, speech: Any, facts: Mapping[str, Any]) -> str:
        if self.plural:
            return str(speech.ngettext(self.text, self.plural, facts[self.count], **facts))
        return str(speech.gettext(self.text, **facts))


@dataclass(frozen=True)
class Verb:
    """One move verb: its places in the action space, the rule it carries out, its secrecy and words
    (module docstring)."""

    name: str
    cites: str
    plain: str | Callable[[Any, Action], str]
    places: tuple[Place, ...] = ()
    secret: Callable[[Any], int | None] | None = None
    heard: tuple[str, ...] = ()
    offers: Mapping[str, Words] = field(default_factory=dict)
    tells: Mapping[str, Words] = field(default_factory=dict)
    #: whether the pack can offer the move at all, where its place stays in the action space whatever
    #: the pack (a kind without parameters the printed game kept for an expansion); None: it can
    #: wherever it has a kind, or always for a chance event (no place)
    only_with: Callable[[Any], bool] | None = None
    #: the index in the action of the amount or count the player chooses (module docstring); None: none
    size: int | None = None

    def offered(self, rules: Any) -> bool:
        """Whether a game of this pack can offer the move (the check asks for its cited rule then)."""
        if self.only_with is not None and not self.only_with(rules):
            return False
        return not self.places or any(all(kind.params) for _, kind in self.kinds(rules))

    def kinds(self, rules: Any) -> Iterable[tuple[int, ActionKind]]:
        """Each kind the pack offers, with its place."""
        for place in self.places:
            domains = place.domains(rules)
            if domains is not None:
                yield place.at, ActionKind(self.name, domains, encode=place.encode, decode=place.decode,
                                           source=place.source, grouped=place.grouped)

    def said(self, action: Action, state: Any = None) -> str:
        """The plain English line of ``action``."""
        if callable(self.plain):
            return self.plain(state, action)
        return self.plain.format(a=action)


class Verbs:
    """A game's verbs, by name; every reader of a verb asks here."""

    __slots__ = ("_offers", "_tells", "by_name", "sizes")

    def __init__(self, verbs: Iterable[Verb]) -> None:
        self.by_name: dict[str, Verb] = {}
        self._offers: dict[str, Words] = {}
        self._tells: dict[str, Words] = {}
        places: set[int] = set()
        for verb in verbs:
            assert verb.name not in self.by_name, f"verb {verb.name!r} declared twice"
            taken = {p.at for p in verb.places}
            assert not taken & places, f"verb {verb.name!r} takes a place another verb has: {taken & places}"
            assert not (set(verb.offers) | set(verb.tells)) & (set(self._offers) | set(self._tells)), verb.name
            places |= taken
            self.by_name[verb.name] = verb
            self._offers.update(verb.offers)
            self._tells.update(verb.tells)
        #: verb -> the index of its size in an action (``Verb.size``), for the verbs that have one
        self.sizes: dict[str, int] = {v.name: v.size for v in self.by_name.values() if v.size is not None}

    def __getitem__(self, name: str) -> Verb:
        return self.by_name[name]

    def __iter__(self) -> Iterator[Verb]:
        return iter(self.by_name.values())

    def get(self, name: str) -> Verb | None:
        return self.by_name.get(name)

    def action_kinds(self, rules: Any) -> list[ActionKind]:
        """Every kind the pack offers, in the order of their places (GameDefinition.action_kinds)."""
        kinds = sorted((at, kind) for verb in self for at, kind in verb.kinds(rules))
        return [kind for _, kind in kinds if all(kind.params)]

    def secrets(self, rules: Any) -> dict[str, int]:
        """Per verb the pack's forms make private, how many leading arguments every seat sees."""
        out: dict[str, int] = {}
        for verb in self:
            seen = verb.secret(rules) if verb.secret is not None else None
            if seen is not None:
                out[verb.name] = seen
        return out

    def describe(self, state: Any, action: Action) -> str:
        """One line of plain English for ``action`` (GameDefinition.describe)."""
        verb = self.by_name.get(str(action[0])) if action else None
        if verb is None:
            return " ".join(str(a) for a in action)
        return verb.said(action, state)

    def offer(self, speech: Any, shape: str, facts: Mapping[str, Any]) -> str | None:
        """The deciding seat's sentence of a verb in ``shape`` (a verb's name, or a shape one declares)."""
        words = self._offers.get(shape)
        return words.say(speech, facts) if words is not None else None

    def tell(self, speech: Any, shape: str, facts: Mapping[str, Any]) -> str | None:
        """What every other seat hears of a verb in ``shape``."""
        words = self._tells.get(shape)
        return words.say(speech, facts) if words is not None else None


def least_sizes(legal: Sequence[Action], sizes: Mapping[str, int]) -> dict[Action, int]:
    """The least size offered in ``legal`` of each sized move, by the move but for its size (``action[:at]``:
    ``("raise",)``, ``("place", "D")``); ``sizes`` is ``Verbs.sizes``. A range's least is its first (a range
    is never walked: it may be a purse of millions); a list is read whole."""
    if not sizes:
        return {}
    if type(legal) is ActionRange:
        at = sizes.get(legal.verb)
        first = legal[0] if len(legal) else None
        return {} if at is None or first is None or len(first) <= at else {first[:at]: first[at]}
    out: dict[Action, int] = {}
    for a in legal:
        at = sizes.get(str(a[0]))
        if at is not None and len(a) > at and type(a[at]) is int:
            key = a[:at]
            if key not in out or a[at] < out[key]:
                out[key] = a[at]
    return out


def above_least(legal: Sequence[Action], action: Action, at: int) -> bool:
    """Whether ``action``'s size (``action[at]``) is larger than the least offered in ``legal`` for the same
    move: what ``least_sizes`` says of it, without the whole table (the play loop asks at every sized
    decision of every simulated game)."""
    size = action[at]
    if type(legal) is ActionRange:
        first = legal[0] if len(legal) else None
        return first is not None and len(first) > at and first[:at] == action[:at] and first[at] < size
    verb, key = action[0], None
    for a in legal:
        if a[0] == verb and len(a) > at and type(a[at]) is int and a[at] < size:
            if key is None:
                key = action[:at]
            if a[:at] == key:
                return True
    return False
