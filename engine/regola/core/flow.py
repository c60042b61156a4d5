"""A pack's flow: states and transitions from YAML, resolved against a game's registry.

Two views of the same data, built once per pack:

* ``Flow.machine`` — one ``transitions.Machine`` (``model=None``, no auto transitions). It is the
  reference semantics: it validates the graph, draws diagrams and can fire a transition for a game
  without attaching it (``fire_machine``), which a test uses to keep the fast path honest.
* a compiled ``(state, trigger)`` dispatch table that ``fire`` walks with every callable resolved in
  advance. It keeps the machine's callback order exactly (prepare → conditions / unless → before →
  source on_exit → state → dest on_enter → after) at a fraction of its cost (about 0.3 µs of
  dispatch a fire against some 18 µs through the machine; ``tools/bench_flow.py``).

Every guard, effect and step name is looked up in the registry when the pack loads, so a typo is a
``PackError`` with the JSON pointer (and file:line:column) of the name, never a failure mid-game.
"""

from __future__ import annotations

import contextlib
import difflib
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from transitions import Machine
from transitions.core import EventData

from regola.core.errors import PackError
from regola.core.registry import Registry

__all__ = ["CompiledTransition", "Flow", "GraphFinding", "Locate", "StateSpec", "TransitionSpec"]

#: maps a JSON pointer of the pack document to (file, line, column)
Locate = Callable[[str], tuple[str, int | None, int | None]]
Guard = Callable[[Any], object]  # a truthy result holds (not only True)
Effect = Callable[[Any], None]

_FLOW_KEYS = ("initial", "states", "transitions")
_STATE_KEYS = ("name", "step", "on_enter", "on_exit", "final", "doc")
_TRANSITION_KEYS = ("trigger", "source", "dest", "conditions", "unless", "prepare", "before", "after", "doc")
_GUARD_KEYS = ("conditions", "unless")
_EFFECT_KEYS = ("prepare", "before", "after")


@dataclass(frozen=True, slots=True)
class StateSpec:
    """One flow state with its step and effects already resolved (the driver reads it every settle)."""

    name: str
    step: object | None
    step_name: str | None
    on_enter: tuple[Effect, ...]
    on_exit: tuple[Effect, ...]
    final: bool
    doc: str
    on_enter_names: tuple[str, ...] = ()
    on_exit_names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TransitionSpec:
    """One transition as written in the YAML (names, not callables): for checks, drawings and tools."""

    index: int
    trigger: str
    sources: tuple[str, ...]
    dest: str
    conditions: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    prepare: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    doc: str = ""

    @property
    def guarded(self) -> bool:
        return bool(self.conditions or self.unless)


class CompiledTransition:
    """One (source, trigger) -> dest edge with callables resolved, laid out for ``Flow.fire``.

    ``pre`` is before + source on_exit and ``post`` is dest on_enter + after: nothing happens between
    those pairs but the state change, so two loops replace four.
    """

    __slots__ = ("after", "before", "conditions", "dest", "index", "on_enter", "on_exit", "post", "pre",
                 "prepare", "source", "trigger", "unless")

    def __init__(self, index: int, trigger: str, source: str, dest: str, prepare: tuple[Effect, ...],
                 conditions: tuple[Guard, ...], unless: tuple[Guard, ...], before: tuple[Effect, ...],
                 on_exit: tuple[Effect, ...], on_enter: tuple[Effect, ...],
                 after: tuple[Effect, ...]) -> None:
        self.index = index
        self.trigger = trigger
        self.source = source
        self.dest = dest
        self.prepare = prepare
        self.conditions = conditions
        self.unless = unless
        self.before = before
        self.on_exit = on_exit
        self.on_enter = on_enter
        self.after = after
        self.pre = before + on_exit
        self.post = on_enter + after

    def __repr__(self) -> str:
        return f"<CompiledTransition #{self.index} {self.source} -{self.trigger}-> {self.dest}>"


def _take_first(candidates: Sequence[CompiledTransition], game: Any) -> bool:
    """Take the first candidate whose guards hold, in transitions' callback order (prepare →
    conditions → unless → before/exit → state change → enter/after); False when none holds."""
    for t in candidates:
        if t.prepare:  # rarely used: skip the empty loop
            for f in t.prepare:
                f(game)
        for g in t.conditions:
            if not g(game):
                break
        else:
            for g in t.unless:
                if g(game):
                    break
            else:
                for f in t.pre:
                    f(game)
                game.flow_state = t.dest
                for f in t.post:
                    f(game)
                return True
    return False


@dataclass(frozen=True, slots=True)
class GraphFinding:
    """A structural defect of the flow graph (guards ignored: every transition counts as possible)."""

    code: str  # FLOW_UNREACHABLE, FLOW_NO_EXIT, FLOW_DEAD_END, FLOW_NO_FINAL, FLOW_FINAL_EXIT, FLOW_SHADOWED
    state: str | None
    message: str
    pointer: str | None = None  # JSON pointer of the state or transition concerned


class Flow:
    """A pack's flow, built once with ``Flow.build`` and shared by every game of that pack."""

    __slots__ = ("_dispatch", "_plan", "_specs", "initial", "machine", "pointer_prefix", "states", "table",
                 "transitions")

    initial: str
    states: tuple[StateSpec, ...]
    transitions: tuple[TransitionSpec, ...]
    machine: Machine
    table: dict[tuple[str, str], tuple[CompiledTransition, ...]]
    pointer_prefix: str
    _specs: dict[str, StateSpec]
    _dispatch: dict[str, dict[str, tuple[CompiledTransition, ...]]]
    #: state name -> (its spec, its ``advance`` candidates): what ``settle`` reads at each hop
    _plan: dict[str, tuple[StateSpec, tuple[CompiledTransition, ...]]]

    # -- building -----------------------------------------------------------------------------------
    @classmethod
    def build(cls, flow_data: Mapping[str, Any], registry: Registry, locate: Locate | None = None,
              pointer_prefix: str = "/flow", wrap: Callable[[str, Any], Any] | None = None) -> Flow:
        """Resolve ``flow_data`` (the value of a pack's ``flow:`` key) against ``registry``.

        ``wrap(state name, step)``: the step that state runs instead of the registry's (the pack's
        declared moves offered beside the game's own, regola.mechanics.moves).
        Raises PackError at the first problem, in document order, naming its JSON pointer.
        """
        return _Builder(flow_data, registry, locate, pointer_prefix, wrap).build()

    # -- the hot path -------------------------------------------------------------------------------
    def fire(self, game: Any, trigger: str = "advance") -> bool:
        """Fire ``trigger`` for ``game`` through the compiled table; False (nothing changed) if none passes.

        Candidates are tried in YAML order; the first whose conditions are all true and whose unless
        guards are all false wins. Same callback order as ``transitions`` (see the module docstring).
        """
        by_state = self._dispatch.get(trigger)
        if by_state is None:
            return False
        candidates = by_state.get(game.flow_state)
        return candidates is not None and _take_first(candidates, game)

    def settle(self, game: Any) -> tuple[StateSpec, int | None]:
        """Fire ``advance`` through automatic states until one waits for a decision or is final.

        Returns the state's spec and its decider (None at a final state). The same transitions as
        calling ``fire(game, "advance")`` in a loop, but each state's spec and candidates come from
        one precompiled lookup, so a chain of automatic states is one tight loop, not a call per hop.
        """
        plan = self._plan
        while True:
            spec, candidates = plan[game.flow_state]
            if spec.final:
                return spec, None
            step = spec.step
            if step is not None:
                who = step.decider(game)  # type: ignore[attr-defined]
                if who is not None:
                    return spec, who
            if not _take_first(candidates, game):
                raise RuntimeError(f"flow is stuck in state {game.flow_state!r}: no transition applies")

    def fire_machine(self, game: Any, trigger: str = "advance") -> bool:
        """The same transition through ``self.machine`` (game not attached): the reference for ``fire``.

        A trigger that the current state does not handle returns False here too, instead of the
        MachineError transitions would raise, so both paths answer alike.
        """
        event = self.machine.events.get(trigger)
        if event is None or game.flow_state not in event.transitions:
            return False
        return bool(event.trigger(game))

    # -- queries ------------------------------------------------------------------------------------
    def state(self, name: str) -> StateSpec:
        """The spec of state ``name`` (KeyError if the flow has no such state)."""
        return self._specs[name]

    def is_final(self, name: str) -> bool:
        return self._specs[name].final

    @property
    def specs(self) -> Mapping[str, StateSpec]:
        """Every state's spec by name (the driver's lookup table)."""
        return self._specs

    @property
    def state_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.states)

    @property
    def triggers(self) -> tuple[str, ...]:
        """Every trigger the flow declares, in order of first appearance."""
        return tuple(dict.fromkeys(t.trigger for t in self.transitions))

    def candidates(self, state: str, trigger: str = "advance") -> tuple[CompiledTransition, ...]:
        """The transitions ``fire`` would try from ``state`` on ``trigger``, in order."""
        return self.table.get((state, trigger), ())

    # -- graph checks -------------------------------------------------------------------------------
    def check_graph(self) -> list[GraphFinding]:
        """Defects of the graph itself, every transition taken as possible (guards are ignored).

        A state that is a dead end is not also reported as FLOW_NO_EXIT; with no final state at all,
        only FLOW_NO_FINAL is reported instead of one FLOW_NO_EXIT per state.
        """
        prefix = self.pointer_prefix
        index = {s.name: i for i, s in enumerate(self.states)}
        succ: dict[str, set[str]] = {s.name: set() for s in self.states}
        pred: dict[str, set[str]] = {s.name: set() for s in self.states}
        for t in self.transitions:
            for src in t.sources:
                succ[src].add(t.dest)
                pred[t.dest].add(src)
        reachable = _closure([self.initial], succ)
        finals = [s.name for s in self.states if s.final]
        can_finish = _closure(finals, pred)

        findings: list[GraphFinding] = []
        if not finals:
            findings.append(GraphFinding("FLOW_NO_FINAL", None, "no state is final: no game can ever end",
                                         f"{prefix}/states"))
        for spec in self.states:
            name, ptr = spec.name, f"{prefix}/states/{index[spec.name]}"
            if name not in reachable:
                findings.append(GraphFinding("FLOW_UNREACHABLE", name,
                                             f"state {name!r} cannot be reached from {self.initial!r}", ptr))
            if spec.final:
                if succ[name]:
                    findings.append(GraphFinding(
                        "FLOW_FINAL_EXIT", name,
                        f"final state {name!r} has outgoing transitions, which never fire", ptr))
            elif not succ[name]:
                findings.append(GraphFinding(
                    "FLOW_DEAD_END", name, f"state {name!r} is not final and has no way out", ptr))
            elif finals and name not in can_finish:
                findings.append(GraphFinding("FLOW_NO_EXIT", name,
                                             f"no final state can be reached from state {name!r}", ptr))
        for (state, trigger), candidates in self.table.items():
            for earlier, later in itertools.pairwise(candidates):
                if not self.transitions[earlier.index].guarded:
                    findings.append(GraphFinding(
                        "FLOW_SHADOWED", state,
                        f"transition {later.index} ({state} -{trigger}-> {later.dest}) never fires: "
                        f"transition {earlier.index} before it has no guard",
                        f"{prefix}/transitions/{later.index}"))
                    break
        return findings

    # -- drawings -----------------------------------------------------------------------------------
    def diagram(self, fmt: Literal["mermaid", "dot"] = "mermaid", title: str | None = None) -> str:
        """Mermaid or Graphviz DOT source of this flow, drawn by transitions' GraphMachine (flow_diagram)."""
        from regola.core.flow_diagram import draw

        return draw(self, fmt, title)


def _closure(start: Iterable[str], edges: Mapping[str, set[str]]) -> set[str]:
    seen = set(start)
    todo = list(seen)
    while todo:
        for nxt in edges[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


# -- building ----------------------------------------------------------------------------------------
def _machine_callback(name: str, func: Effect) -> Callable[[EventData], None]:
    """Adapt an effect to transitions' ``send_event=True`` calling convention (it gets the game)."""

    def callback(event: EventData) -> None:
        func(event.model)

    callback.__name__ = callback.__qualname__ = name
    return callback


def _machine_condition(name: str, func: Guard) -> Callable[[EventData], bool]:
    """Adapt a guard; ``bool()`` because transitions compares ``result == target`` (2 == True is False)."""

    def condition(event: EventData) -> bool:
        return bool(func(event.model))

    condition.__name__ = condition.__qualname__ = name
    return condition


class _Builder:
    """One build of a Flow: validation with pointers, name resolution, machine and table."""

    def __init__(self, data: Mapping[str, Any], registry: Registry, locate: Locate | None,
                 prefix: str, wrap: Callable[[str, Any], Any] | None = None) -> None:
        self.wrap = wrap
        self.data = data
        self.registry = registry
        self.locate = locate
        self.prefix = prefix
        self.machine_callbacks: dict[str, Callable[[EventData], None]] = {}
        self.machine_conditions: dict[str, Callable[[EventData], bool]] = {}

    # errors ---------------------------------------------------------------------------------------
    def error(self, message: str, pointer: str, code: str) -> PackError:
        file = line = column = None
        if self.locate is not None:
            # a failing locator must not hide the error it was asked to place
            with contextlib.suppress(Exception):
                file, line, column = self.locate(pointer)
        return PackError(message, file=file, line=line, column=column, field=pointer, code=code)

    def unknown(self, what: str, name: object, known: Sequence[str], pointer: str, code: str) -> PackError:
        return self.error(f"unknown {what} {name!r}{_hint(name, known, what)}", pointer, code)

    # structure ------------------------------------------------------------------------------------
    def mapping(self, value: object, pointer: str, keys: Sequence[str], required: Sequence[str],
                what: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.error(f"{what} must be a mapping, not {type(value).__name__}", pointer,
                             "FLOW_MALFORMED")
        for key in value:
            if key not in keys:
                raise self.unknown(f"{what} key", key, keys, f"{pointer}/{key}", "FLOW_MALFORMED")
        for key in required:
            if key not in value:
                raise self.error(f"{what} needs '{key}'", pointer, "FLOW_MALFORMED")
        return value

    def name(self, value: object, pointer: str, what: str) -> str:
        if not isinstance(value, str) or not value:
            raise self.error(f"{what} must be a non-empty string, not {value!r}", pointer, "FLOW_MALFORMED")
        return value

    def names(self, value: object, pointer: str, what: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            raise self.error(f"{what} must be a list of names, not {value!r}", pointer, "FLOW_MALFORMED")
        return tuple(self.name(v, f"{pointer}/{i}", what) for i, v in enumerate(value))

    def doc(self, value: object, pointer: str) -> str:
        if value is None:
            return ""
        if not isinstance(value, str):
            raise self.error(f"doc must be a string, not {value!r}", pointer, "FLOW_MALFORMED")
        return value

    # resolution -----------------------------------------------------------------------------------
    def effects(self, names: tuple[str, ...], pointer: str) -> tuple[Effect, ...]:
        table = self.registry.effects
        for i, n in enumerate(names):
            if n not in table:
                raise self.unknown("effect", n, self.registry.names("effect"), f"{pointer}/{i}",
                                   "FLOW_UNKNOWN_EFFECT")
        return tuple(table[n] for n in names)

    def guards(self, names: tuple[str, ...], pointer: str) -> tuple[Guard, ...]:
        table = self.registry.guards
        for i, n in enumerate(names):
            if n not in table:
                raise self.unknown("guard", n, self.registry.names("guard"), f"{pointer}/{i}",
                                   "FLOW_UNKNOWN_GUARD")
        return tuple(table[n] for n in names)

    def machine_effects(self, names: tuple[str, ...]) -> list[Callable[[EventData], None]]:
        """One wrapper per name, shared by every place the name is used."""
        out = []
        for n in names:
            if n not in self.machine_callbacks:
                self.machine_callbacks[n] = _machine_callback(n, self.registry.effects[n])
            out.append(self.machine_callbacks[n])
        return out

    def machine_guards(self, names: tuple[str, ...]) -> list[Callable[[EventData], bool]]:
        out = []
        for n in names:
            if n not in self.machine_conditions:
                self.machine_conditions[n] = _machine_condition(n, self.registry.guards[n])
            out.append(self.machine_conditions[n])
        return out

    # the build --------------------------------------------------------------------------------------
    def build(self) -> Flow:
        p = self.prefix
        data = self.mapping(self.data, p, _FLOW_KEYS, _FLOW_KEYS, "flow")
        raw_states = data["states"]
        if not isinstance(raw_states, list) or not raw_states:
            raise self.error("states must be a non-empty list", f"{p}/states", "FLOW_MALFORMED")
        raw_transitions = data["transitions"]
        if not isinstance(raw_transitions, list):
            raise self.error("transitions must be a list", f"{p}/transitions", "FLOW_MALFORMED")

        # state names first: everything else refers to them
        entries: list[tuple[str, Mapping[str, Any]]] = []
        seen: dict[str, int] = {}
        for i, raw in enumerate(raw_states):
            sp = f"{p}/states/{i}"
            entry = self.mapping(raw, sp, _STATE_KEYS, ("name",), "state")
            name = self.name(entry["name"], f"{sp}/name", "state name")
            if name in seen:
                raise self.error(f"state {name!r} is declared twice (first at {p}/states/{seen[name]})",
                                 f"{sp}/name", "FLOW_DUPLICATE_STATE")
            seen[name] = i
            entries.append((name, entry))
        state_names = [n for n, _ in entries]

        initial = self.name(data["initial"], f"{p}/initial", "initial")
        if initial not in seen:
            raise self.unknown("state", initial, state_names, f"{p}/initial", "FLOW_UNKNOWN_STATE")

        specs: list[StateSpec] = []
        for i, (name, entry) in enumerate(entries):
            sp = f"{p}/states/{i}"
            step_name = entry.get("step")
            step = None
            if step_name is not None:
                step_name = self.name(step_name, f"{sp}/step", "step")
                if step_name not in self.registry.steps:
                    raise self.unknown("step", step_name, self.registry.names("step"), f"{sp}/step",
                                       "FLOW_UNKNOWN_STEP")
                step = self.registry.steps[step_name]
                if self.wrap is not None:
                    step = self.wrap(name, step)
            enter_names = self.names(entry.get("on_enter"), f"{sp}/on_enter", "on_enter")
            exit_names = self.names(entry.get("on_exit"), f"{sp}/on_exit", "on_exit")
            final = entry.get("final", False)
            if not isinstance(final, bool):
                raise self.error(f"final must be true or false, not {final!r}", f"{sp}/final",
                                 "FLOW_MALFORMED")
            specs.append(StateSpec(
                name=name, step=step, step_name=step_name,
                on_enter=self.effects(enter_names, f"{sp}/on_enter"),
                on_exit=self.effects(exit_names, f"{sp}/on_exit"),
                final=final, doc=self.doc(entry.get("doc"), f"{sp}/doc"),
                on_enter_names=enter_names, on_exit_names=exit_names))
        by_name = {s.name: s for s in specs}

        tspecs: list[TransitionSpec] = []
        table: dict[tuple[str, str], list[CompiledTransition]] = {}
        for i, raw in enumerate(raw_transitions):
            tp = f"{p}/transitions/{i}"
            entry = self.mapping(raw, tp, _TRANSITION_KEYS, ("trigger", "source", "dest"), "transition")
            trigger = self.name(entry["trigger"], f"{tp}/trigger", "trigger")
            raw_source = entry["source"]
            if isinstance(raw_source, list):
                if not raw_source:
                    raise self.error("source must name at least one state", f"{tp}/source", "FLOW_MALFORMED")
                sources = self.names(raw_source, f"{tp}/source", "source")
                source_ptrs = [f"{tp}/source/{k}" for k in range(len(sources))]
            else:
                sources = (self.name(raw_source, f"{tp}/source", "source"),)
                source_ptrs = [f"{tp}/source"]
            for src, ptr in zip(sources, source_ptrs, strict=True):
                if src not in by_name:
                    raise self.unknown("state", src, state_names, ptr, "FLOW_UNKNOWN_STATE")
            if len(set(sources)) != len(sources):
                raise self.error("source names a state twice", f"{tp}/source", "FLOW_MALFORMED")
            dest = self.name(entry["dest"], f"{tp}/dest", "dest")
            if dest not in by_name:
                raise self.unknown("state", dest, state_names, f"{tp}/dest", "FLOW_UNKNOWN_STATE")
            lists = {key: self.names(entry.get(key), f"{tp}/{key}", key)
                     for key in _GUARD_KEYS + _EFFECT_KEYS}
            resolved_guards = {key: self.guards(lists[key], f"{tp}/{key}") for key in _GUARD_KEYS}
            resolved_effects = {key: self.effects(lists[key], f"{tp}/{key}") for key in _EFFECT_KEYS}
            spec = TransitionSpec(index=i, trigger=trigger, sources=sources, dest=dest,
                                  doc=self.doc(entry.get("doc"), f"{tp}/doc"), **lists)
            tspecs.append(spec)
            for src in sources:
                table.setdefault((src, trigger), []).append(CompiledTransition(
                    i, trigger, src, dest, resolved_effects["prepare"], resolved_guards["conditions"],
                    resolved_guards["unless"], resolved_effects["before"], by_name[src].on_exit,
                    by_name[dest].on_enter, resolved_effects["after"]))

        machine = Machine(
            model=None,
            states=[{"name": s.name, "on_enter": self.machine_effects(s.on_enter_names),
                     "on_exit": self.machine_effects(s.on_exit_names), "final": s.final} for s in specs],
            transitions=[{"trigger": t.trigger, "source": list(t.sources), "dest": t.dest,
                          "conditions": self.machine_guards(t.conditions),
                          "unless": self.machine_guards(t.unless),
                          "prepare": self.machine_effects(t.prepare),
                          "before": self.machine_effects(t.before),
                          "after": self.machine_effects(t.after)} for t in tspecs],
            initial=initial, auto_transitions=False, model_attribute="flow_state", send_event=True)

        flow = Flow.__new__(Flow)
        flow.initial = initial
        flow.states = tuple(specs)
        flow.transitions = tuple(tspecs)
        flow.machine = machine
        flow.pointer_prefix = p
        flow.table = {key: tuple(ts) for key, ts in table.items()}
        flow._specs = by_name
        dispatch: dict[str, dict[str, tuple[CompiledTransition, ...]]] = {}
        for (state, trigger), ts in flow.table.items():
            dispatch.setdefault(trigger, {})[state] = ts  # trigger first: no key tuple to build per fire
        flow._dispatch = dispatch
        flow._plan = {s.name: (s, flow.table.get((s.name, "advance"), ())) for s in specs}
        return flow


def _hint(name: object, known: Sequence[str], what: str) -> str:
    """' (did you mean …?)' from difflib, or the short list of known names, or nothing."""
    if not isinstance(name, str):
        return ""
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    if close:
        return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"
    if not known:
        return f" (the game registers no {what}s)" if " " not in what else ""
    if len(known) <= 8:
        return " (known: " + ", ".join(known) + ")"
    return ""
