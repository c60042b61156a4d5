"""The flow layer: name resolution with pointers, the compiled table against transitions' Machine,
graph checks and drawings. Toy flows and a toy registry only: nothing here knows a game."""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "engine") not in sys.path:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(ROOT / "engine"))

from jsonschema import Draft202012Validator  # noqa: E402
from transitions import Machine  # noqa: E402

from regola.core.errors import PackError  # noqa: E402
from regola.core.flow import Flow, GraphFinding, StateSpec  # noqa: E402
from regola.core.registry import Registry  # noqa: E402


class FakeGame:
    """The smallest flow model: a state attribute, a call log, a few counters and flags."""

    __slots__ = ("blocked", "flow_state", "limit", "log", "loops", "rng", "side")

    def __init__(self, state: str = "start", *, side: bool = False, limit: int = 2, seed: int | None = None):
        self.flow_state = state
        self.log: list[str] = []
        self.loops = 0
        self.limit = limit
        self.side = side
        self.blocked = False
        self.rng = random.Random(seed) if seed is not None else None


TOY = """
initial: start
states:
  - {name: start, step: deal, on_exit: [leave_start], doc: "chance: deal"}
  - {name: loop, on_enter: [enter_loop], on_exit: [exit_loop]}
  - {name: side, on_enter: [enter_side]}
  - {name: done, final: true, on_enter: [enter_done]}
transitions:
  - {trigger: advance, source: start, dest: side, conditions: [wants_side], prepare: [prep]}
  - {trigger: advance, source: start, dest: loop, before: [before_loop], after: [after_loop]}
  - {trigger: advance, source: loop, dest: loop, conditions: [more], unless: [blocked], before: [count],
     after: [after_loop]}
  - {trigger: advance, source: [loop, side], dest: done, prepare: [prep], after: [after_done]}
  - {trigger: reset, source: [side, loop], dest: start}
"""

DEAL = object()


def make_registry(random_guards: bool = False) -> Registry:
    """Guards and effects that log their calls, so the callback order can be compared exactly."""
    reg = Registry()

    def guard(name: str, test: Any) -> None:
        def check(game: FakeGame) -> Any:
            game.log.append("?" + name)
            if random_guards and game.rng is not None:
                return game.rng.random() < 0.5
            return test(game)

        reg.guard(name)(check)

    guard("wants_side", lambda g: g.side)
    guard("more", lambda g: g.loops < g.limit)
    guard("blocked", lambda g: g.blocked)
    for name in ("prep", "leave_start", "enter_loop", "exit_loop", "enter_side", "enter_done",
                 "before_loop", "after_loop", "after_done"):
        reg.effect(name)(lambda game, name=name: game.log.append(name))

    @reg.effect
    def count(game: FakeGame) -> None:
        game.loops += 1
        game.log.append("count")

    reg.step("deal")(DEAL)
    return reg


def toy_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(TOY)
    return data


@pytest.fixture
def flow() -> Flow:
    return Flow.build(toy_data(), make_registry())


def build_error(data: dict[str, Any], registry: Registry | None = None, **kw: Any) -> PackError:
    with pytest.raises(PackError) as info:
        Flow.build(data, registry or make_registry(), **kw)
    return info.value


# -- registry ------------------------------------------------------------------------------------------
def test_registry_decorators_and_names() -> None:
    reg = Registry()

    @reg.guard()
    def ready(game: Any) -> bool:
        return True

    @reg.guard("is_late")
    def late(game: Any) -> bool:
        return False

    @reg.effect
    def tick(game: Any) -> None:
        pass

    step = object()
    assert reg.step("deal")(step) is step
    assert reg.guards == {"ready": ready, "is_late": late}
    assert reg.effects == {"tick": tick}
    assert reg.names("guard") == ["is_late", "ready"]
    assert reg.names("effects") == ["tick"]
    assert reg.names("step") == ["deal"]
    with pytest.raises(ValueError, match="twice"):
        reg.effect("tick")(tick)
    with pytest.raises(ValueError, match="cannot be written"):
        reg.guard("Bad-Name")(ready)
    with pytest.raises(ValueError, match="kind"):
        reg.names("rule")
    with pytest.raises(TypeError, match="not callable"):
        Registry(effects={"x": 3})  # type: ignore[dict-item]


# -- structure -----------------------------------------------------------------------------------------
def test_states_and_specs(flow: Flow) -> None:
    assert flow.initial == "start"
    assert [s.name for s in flow.states] == ["start", "loop", "side", "done"]
    assert flow.state_names == ("start", "loop", "side", "done")
    start = flow.state("start")
    assert isinstance(start, StateSpec)
    assert start.step is DEAL and start.step_name == "deal" and start.doc == "chance: deal"
    assert start.on_exit_names == ("leave_start",) and len(start.on_exit) == 1
    assert flow.state("loop").step is None
    assert flow.is_final("done") and not flow.is_final("loop")
    assert flow.triggers == ("advance", "reset")
    with pytest.raises(KeyError):
        flow.state("nowhere")
    with pytest.raises(AttributeError):
        start.final = True  # type: ignore[misc]


def test_one_machine_without_models(flow: Flow) -> None:
    assert isinstance(flow.machine, Machine)
    assert flow.machine.models == []
    assert flow.machine.auto_transitions is False
    assert set(flow.machine.states) == {"start", "loop", "side", "done"}
    assert flow.machine.get_state("done").final


def test_dispatch_table_keys_and_order(flow: Flow) -> None:
    assert set(flow.table) == {("start", "advance"), ("loop", "advance"), ("side", "advance"),
                               ("side", "reset"), ("loop", "reset")}
    assert [t.dest for t in flow.table[("start", "advance")]] == ["side", "loop"]
    assert [t.index for t in flow.candidates("loop")] == [2, 3]
    assert flow.candidates("done") == ()


# -- firing --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["fire", "fire_machine"])
def test_first_passing_transition_wins(flow: Flow, path: str) -> None:
    fire = getattr(flow, path)
    game = FakeGame(side=True)
    assert fire(game)
    assert game.flow_state == "side"
    game = FakeGame(side=False)
    assert fire(game)
    assert game.flow_state == "loop"


@pytest.mark.parametrize("path", ["fire", "fire_machine"])
def test_conditions_and_unless(flow: Flow, path: str) -> None:
    fire = getattr(flow, path)
    game = FakeGame("loop", limit=1)
    assert fire(game) and game.flow_state == "loop" and game.loops == 1  # more, not blocked
    assert fire(game) and game.flow_state == "done"  # more is now false
    game = FakeGame("loop", limit=5)
    game.blocked = True
    assert fire(game) and game.flow_state == "done" and game.loops == 0  # unless blocks the loop


@pytest.mark.parametrize("path", ["fire", "fire_machine"])
def test_no_matching_transition_changes_nothing(flow: Flow, path: str) -> None:
    fire = getattr(flow, path)
    game = FakeGame("done")
    assert fire(game) is False and game.flow_state == "done" and game.log == []
    game = FakeGame("start")
    assert fire(game, "reset") is False and game.flow_state == "start"
    assert fire(game, "no_such_trigger") is False and game.flow_state == "start"


def test_callback_order_is_transitions_order(flow: Flow) -> None:
    game = FakeGame(side=False, limit=1)
    flow.fire(game)  # start -> loop: the first candidate's prepare and guard run, then it fails
    assert game.log == ["prep", "?wants_side", "before_loop", "leave_start", "enter_loop", "after_loop"]
    game.log.clear()
    flow.fire(game)  # reflexive loop -> loop is external: exit and enter run
    assert game.log == ["?more", "?blocked", "count", "exit_loop", "enter_loop", "after_loop"]
    game.log.clear()
    flow.fire(game)  # guard false: next candidate, from a list source
    assert game.log == ["?more", "prep", "exit_loop", "enter_done", "after_done"]


def test_short_circuit_guards(flow: Flow) -> None:
    game = FakeGame("loop", limit=0)
    flow.fire(game)
    assert "?blocked" not in game.log  # a false condition stops the checks, as in transitions


def run(flow: Flow, path: str, game: FakeGame, triggers: list[str]) -> list[tuple[bool, str]]:
    fire = getattr(flow, path)
    return [(fire(game, trigger), game.flow_state) for trigger in triggers]


@pytest.mark.parametrize("side", [False, True])
def test_fire_equals_fire_machine(flow: Flow, side: bool) -> None:
    triggers = ["advance", "advance", "reset", "advance", "advance", "advance", "advance", "reset", "advance"]
    a, b = FakeGame(side=side, limit=3), FakeGame(side=side, limit=3)
    assert run(flow, "fire", a, triggers) == run(flow, "fire_machine", b, triggers)
    assert a.log == b.log and a.loops == b.loops
    assert len(a.log) > 5 and a.flow_state == "done"


@pytest.mark.parametrize("seed", range(20))
def test_fire_equals_fire_machine_random_guards(seed: int) -> None:
    """Guards answer from the game's own seeded generator: equal logs need equal call order."""
    flow = Flow.build(toy_data(), make_registry(random_guards=True))
    pick = random.Random(seed)
    triggers = [pick.choice(["advance", "advance", "advance", "reset"]) for _ in range(40)]
    a, b = FakeGame(seed=seed), FakeGame(seed=seed)
    assert run(flow, "fire", a, triggers) == run(flow, "fire_machine", b, triggers)
    assert a.log == b.log


def test_truthy_guards_agree() -> None:
    """transitions compares ``result == True``; the adapters make both paths use truthiness."""
    reg = make_registry()
    del reg.guards["wants_side"]
    reg.guard("wants_side")(lambda game: 2)
    flow = Flow.build(toy_data(), reg)
    a, b = FakeGame(), FakeGame()
    flow.fire(a)
    flow.fire_machine(b)
    assert a.flow_state == b.flow_state == "side"


def test_games_are_not_attached(flow: Flow) -> None:
    game = FakeGame()
    flow.fire_machine(game)
    assert flow.machine.models == []
    assert game.flow_state == "loop"


# -- errors --------------------------------------------------------------------------------------------
def locate(pointer: str) -> tuple[str, int | None, int | None]:
    """A fake locator: line = number of pointer segments, column = its length."""
    return "flow.yaml", pointer.count("/"), len(pointer)


def test_unknown_guard_names_pointer_line_and_suggestion() -> None:
    data = toy_data()
    data["transitions"][2]["unless"] = ["blocekd"]
    err = build_error(data, locate=locate)
    assert err.field == "/flow/transitions/2/unless/0"
    assert (err.file, err.line, err.column) == ("flow.yaml", 5, len("/flow/transitions/2/unless/0"))
    assert "unknown guard 'blocekd'" in err.message and "did you mean 'blocked'" in err.message
    assert str(err).startswith("flow.yaml:5:28: unknown guard")
    assert err.code == "FLOW_UNKNOWN_GUARD"


def test_unknown_guard_without_locate() -> None:
    data = toy_data()
    data["transitions"][0]["conditions"] = ["wants_sides"]
    err = build_error(data)
    assert err.field == "/flow/transitions/0/conditions/0"
    assert err.file is None and err.line is None
    assert "'wants_side'" in err.message


def test_pointer_prefix() -> None:
    data = toy_data()
    data["transitions"][0]["conditions"] = ["nope"]
    err = build_error(data, pointer_prefix="/games/0/flow")
    assert err.field == "/games/0/flow/transitions/0/conditions/0"


@pytest.mark.parametrize(
    ("edit", "pointer", "words"),
    [
        (lambda d: d["states"][1].update(on_enter=["enter_lop"]), "/flow/states/1/on_enter/0",
         ["unknown effect", "'enter_loop'"]),
        (lambda d: d["transitions"][1].update(after=["after_lop"]), "/flow/transitions/1/after/0",
         ["unknown effect", "'after_loop'"]),
        (lambda d: d["states"][0].update(step="dael"), "/flow/states/0/step", ["unknown step", "'deal'"]),
        (lambda d: d["transitions"][3].update(source=["loop", "sied"]), "/flow/transitions/3/source/1",
         ["unknown state", "'side'"]),
        (lambda d: d["transitions"][0].update(source="strat"), "/flow/transitions/0/source",
         ["unknown state", "'start'"]),
        (lambda d: d["transitions"][0].update(dest="dnoe"), "/flow/transitions/0/dest",
         ["unknown state", "'done'"]),
        (lambda d: d.update(initial="begin"), "/flow/initial", ["unknown state 'begin'"]),
        (lambda d: d["states"].append({"name": "loop"}), "/flow/states/4/name",
         ["declared twice", "/flow/states/1"]),
        (lambda d: d["transitions"][0].update(condition=["wants_side"]), "/flow/transitions/0/condition",
         ["unknown transition key", "'conditions'"]),
        (lambda d: d["transitions"][0].pop("dest"), "/flow/transitions/0", ["needs 'dest'"]),
        (lambda d: d["transitions"][0].update(conditions="wants_side"), "/flow/transitions/0/conditions",
         ["list of names"]),
    ],
)
def test_build_errors(edit: Any, pointer: str, words: list[str]) -> None:
    data = toy_data()
    edit(data)
    err = build_error(data, locate=locate)
    assert err.field == pointer
    assert err.line == pointer.count("/")
    for word in words:
        assert word in err.message


def test_failing_locator_does_not_hide_the_error() -> None:
    def broken(pointer: str) -> tuple[str, int | None, int | None]:
        raise KeyError(pointer)

    data = toy_data()
    data["initial"] = "nowhere"
    err = build_error(data, locate=broken)
    assert err.field == "/flow/initial" and err.line is None


def test_build_does_not_modify_its_input() -> None:
    data = toy_data()
    before = copy.deepcopy(data)
    Flow.build(data, make_registry())
    assert data == before


# -- graph checks --------------------------------------------------------------------------------------
def test_sound_flow_has_no_findings(flow: Flow) -> None:
    assert flow.check_graph() == []


BROKEN = """
initial: a
states:
  - {name: a}
  - {name: b}
  - {name: stuck}
  - {name: spin1}
  - {name: spin2}
  - {name: orphan}
  - {name: end, final: true}
transitions:
  - {trigger: advance, source: a, dest: b}
  - {trigger: advance, source: a, dest: spin1}
  - {trigger: advance, source: b, dest: end}
  - {trigger: advance, source: b, dest: stuck}
  - {trigger: advance, source: spin1, dest: spin2}
  - {trigger: advance, source: spin2, dest: spin1}
  - {trigger: advance, source: orphan, dest: end}
  - {trigger: advance, source: end, dest: a}
"""


def findings_by_code(flow: Flow) -> dict[str, set[str | None]]:
    out: dict[str, set[str | None]] = {}
    for f in flow.check_graph():
        assert isinstance(f, GraphFinding) and f.message
        out.setdefault(f.code, set()).add(f.state)
    return out


def test_broken_flow_findings() -> None:
    flow = Flow.build(yaml.safe_load(BROKEN), Registry())
    assert findings_by_code(flow) == {
        "FLOW_UNREACHABLE": {"orphan"},
        "FLOW_DEAD_END": {"stuck"},
        "FLOW_NO_EXIT": {"spin1", "spin2"},
        "FLOW_FINAL_EXIT": {"end"},
        "FLOW_SHADOWED": {"a", "b"},
    }
    shadowed = [f for f in flow.check_graph() if f.code == "FLOW_SHADOWED"]
    assert {f.pointer for f in shadowed} == {"/flow/transitions/1", "/flow/transitions/3"}


def test_flow_without_final_state() -> None:
    data = yaml.safe_load(BROKEN)
    data["states"][-1]["final"] = False
    flow = Flow.build(data, Registry())
    codes = findings_by_code(flow)
    assert codes["FLOW_NO_FINAL"] == {None}
    assert "FLOW_NO_EXIT" not in codes  # not repeated once per state


def test_guards_are_ignored_by_graph_checks(flow: Flow) -> None:
    data = toy_data()
    data["transitions"][3]["conditions"] = ["more"]  # the only way out is now guarded: still a way
    assert Flow.build(data, make_registry()).check_graph() == []


# -- drawings ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["mermaid", "dot"])
def test_diagrams_show_states_and_labels(flow: Flow, fmt: str) -> None:
    text = flow.diagram(fmt)  # type: ignore[arg-type]
    for name in flow.state_names:
        assert name in text
    assert "advance [wants_side]" in text
    assert "advance [more & !blocked]" in text
    assert "reset" in text
    if fmt == "mermaid":
        assert text.lstrip("-\n").startswith("flow") and "stateDiagram-v2" in text
        assert "[*] --> start" in text
        classes = [line.split() for line in text.splitlines() if line.strip().startswith("Class ")]
        styles = {name: style for _, name, style in classes}
        assert styles == {"start": "s_active", "loop": "s_default", "side": "s_default", "done": "s_default"}
    else:
        assert text.startswith("digraph")
        assert "start -> side" in text and "loop -> loop" in text


def test_diagram_rejects_unknown_format(flow: Flow) -> None:
    with pytest.raises(ValueError, match="mermaid"):
        flow.diagram("svg")  # type: ignore[arg-type]


# -- schema --------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = json.loads((ROOT / "schemas" / "flow.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "https://regola.dev/schemas/flow.schema.json"
    return Draft202012Validator(schema)


def test_schema_accepts_toy_and_pack_flows(validator: Draft202012Validator) -> None:
    assert list(validator.iter_errors(toy_data())) == []
    for path in sorted(ROOT.glob("rulepacks/*/flow.yaml")):
        flow = yaml.safe_load(path.read_text(encoding="utf-8"))["flow"]
        assert [e.message for e in validator.iter_errors(flow)] == [], path


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda d: d.update(extra=1), []),
        (lambda d: d.update(initial="Start"), ["initial"]),
        (lambda d: d["states"][0].update(on_enter="leave"), ["states", 0, "on_enter"]),
        (lambda d: d["states"][0].update(stepp="deal"), ["states", 0]),
        (lambda d: d["transitions"][0].update(source=[]), ["transitions", 0, "source"]),
        (lambda d: d["transitions"][0].pop("trigger"), ["transitions", 0]),
        (lambda d: d["transitions"][0].update(conditions=["has space"]), ["transitions", 0, "conditions", 0]),
        (lambda d: d.update(states=[]), ["states"]),
    ],
)
def test_schema_rejects(validator: Draft202012Validator, edit: Any, path: list[Any]) -> None:
    data = toy_data()
    edit(data)
    errors = list(validator.iter_errors(data))
    assert errors
    assert any(list(e.absolute_path) == path for e in errors)
