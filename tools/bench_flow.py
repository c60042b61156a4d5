"""Micro-benchmark of the flow hot path: ``Flow.fire`` (compiled table) vs ``Flow.fire_machine``.

Not a test (timings are machine-dependent); run it by hand after touching core/flow.py:

    python tools/bench_flow.py [--fires 200000] [--repeat 5]

The flow has 12 states in a cycle. Every state has an on_enter and an on_exit effect; every other
state first offers a guarded side transition whose condition is false (so a failing candidate is
tried, as in real packs), then the main transition with a true condition, an unless guard and a
before effect. The callbacks do nothing, so "callbacks" below is what calling them costs by itself
and ``fire - callbacks`` is the dispatch overhead.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "engine") not in sys.path:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(ROOT / "engine"))

from regola.core.flow import Flow  # noqa: E402
from regola.core.registry import Registry  # noqa: E402

N_STATES = 12


class Model:
    __slots__ = ("flow_state",)

    def __init__(self, state: str) -> None:
        self.flow_state = state


def make_flow() -> tuple[Flow, int]:
    """The 12-state flow and the number of callbacks one full cycle of it calls."""
    reg = Registry()
    reg.guard("yes")(lambda game: True)
    reg.guard("no")(lambda game: False)
    reg.effect("noop")(lambda game: None)
    names = [f"s{i}" for i in range(N_STATES)]
    states = [{"name": n, "on_enter": ["noop"], "on_exit": ["noop"]} for n in names]
    transitions: list[dict[str, Any]] = []
    calls = 0
    for i, name in enumerate(names):
        nxt = names[(i + 1) % N_STATES]
        if i % 2 == 0:
            transitions.append({"trigger": "advance", "source": name, "dest": names[(i + 2) % N_STATES],
                                "conditions": ["no"]})
            calls += 1
        transitions.append({"trigger": "advance", "source": name, "dest": nxt, "conditions": ["yes"],
                            "unless": ["no"], "before": ["noop"]})
        calls += 5  # yes, no, before, on_exit, on_enter
    flow = Flow.build({"initial": names[0], "states": states, "transitions": transitions}, reg)
    return flow, calls


def per_call_us(stmt: Any, number: int, repeat: int) -> float:
    """Best of ``repeat`` runs: on a shared machine noise only ever adds time."""
    stmt()  # warm up
    times = timeit.repeat(stmt, number=number, repeat=repeat)
    return min(times) / number * 1e6


def cycle_callbacks(flow: Flow) -> list[Any]:
    """The callables one full cycle of fires calls, in order, read from the compiled table."""
    out: list[Any] = []
    for spec in flow.states:
        *failing, passing = flow.candidates(spec.name)
        for t in failing:
            out.extend(t.conditions)
        out.extend(passing.conditions + passing.unless + passing.pre + passing.post)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cycles", type=int, default=20_000, help="12-fire cycles per timing run")
    parser.add_argument("--repeat", type=int, default=5, help="timing runs (the best is printed)")
    args = parser.parse_args(argv)
    flow, calls_per_cycle = make_flow()
    callbacks = cycle_callbacks(flow)
    assert len(callbacks) == calls_per_cycle
    game = Model("s0")
    fire, fire_machine = flow.fire, flow.fire_machine
    fires = range(N_STATES)

    def by_table() -> None:
        for _ in fires:
            fire(game)

    def by_machine() -> None:
        for _ in fires:
            fire_machine(game)

    def callbacks_only() -> None:
        for f in callbacks:
            f(game)

    def loop_only() -> None:
        for _ in fires:
            pass

    table_us = per_call_us(by_table, args.cycles, args.repeat) / N_STATES
    machine_us = per_call_us(by_machine, max(1, args.cycles // 10), args.repeat) / N_STATES
    assert game.flow_state == "s0"
    base_us = per_call_us(callbacks_only, args.cycles, args.repeat) / N_STATES
    loop_us = per_call_us(loop_only, args.cycles, args.repeat) / N_STATES
    table_us -= loop_us
    machine_us -= loop_us

    print(f"{N_STATES}-state flow, {calls_per_cycle / N_STATES:.1f} no-op callbacks per fire, "
          f"best of {args.repeat} runs, Python {sys.version.split()[0]}")
    print(f"  fire          {table_us:7.3f} µs per fire")
    print(f"  fire_machine  {machine_us:7.3f} µs per fire   ({machine_us / table_us:.1f}x fire)")
    print(f"  callbacks     {base_us:7.3f} µs per fire   (the same callables called in a plain loop)")
    print(f"  overhead      {table_us - base_us:7.3f} µs per fire   (fire - callbacks)")


if __name__ == "__main__":
    main()
