"""Drawings of a flow (Mermaid or Graphviz DOT) by transitions' own GraphMachine.

Kept apart from ``regola.core.flow``: that module may run compiled (regola.compiled), and
GraphMachine adds its methods to the model at run time, which a compiled class does not allow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from regola.core.flow import Flow


class _DiagramModel:
    """Stands in for a game while transitions draws the flow; discarded with the drawing machine."""

    def __init__(self, initial: str) -> None:
        self.flow_state = initial


def draw(flow: Flow, fmt: str = "mermaid", title: str | None = None) -> str:
    """Edges carry the trigger and guard names (``!name`` for unless). A throw-away model sitting in
    the initial state is used, so transitions marks that state active, and nothing else."""
    engine: Literal["mermaid", "graphviz"]
    if fmt == "mermaid":
        engine = "mermaid"
    elif fmt == "dot":
        import graphviz  # noqa: F401  # transitions silently falls back to mermaid without it

        engine = "graphviz"
    else:
        raise ValueError(f"diagram format must be 'mermaid' or 'dot', not {fmt!r}")
    from transitions.extensions import GraphMachine

    model = _DiagramModel(flow.initial)
    states = [{"name": s.name, "final": s.final} for s in flow.states]
    transitions: list[dict[str, Any]] = []
    for t in flow.transitions:
        tran: dict[str, Any] = {"trigger": t.trigger, "source": list(t.sources), "dest": t.dest}
        if t.conditions:
            tran["conditions"] = list(t.conditions)  # names only: never evaluated, just labels
        if t.unless:
            tran["unless"] = list(t.unless)
        transitions.append(tran)
    GraphMachine(model=model, states=states, transitions=transitions, initial=flow.initial,
                 auto_transitions=False, model_attribute="flow_state", send_event=True,
                 graph_engine=engine, show_conditions=True, title=title or "flow")
    graph = model.get_graph()  # type: ignore[attr-defined]
    text: str = graph.source if fmt == "dot" else graph.draw(None)
    return text
