"""Print the tensor-field tables of docs/SEARCH.md (shape for 4 players, the scale a normalized tensor
divides by, what the field holds) for the base packs, to paste there when a tensor changes.

    python tools/tensor_tables.py
"""

from __future__ import annotations

from regola.core.game import Ruleset
from regola.core.pack import load_pack


def _scale(value: float | tuple[float, ...]) -> str:
    if isinstance(value, tuple):
        return " · ".join(f"{v:g}" for v in value)
    return f"{value:g}"


def table(pack: str, players: int = 4) -> str:
    ruleset = Ruleset(load_pack(pack))
    spec = ruleset.definition.tensor_spec(ruleset, players)  # type: ignore[misc]
    lines = ["| field | shape (4 players) | scale | what it holds |", "|---|---|---|---|"]
    for f in spec.fields:
        lines.append(f"| `{f.name}` | {' × '.join(map(str, f.shape))} | {_scale(f.scale)} | {f.doc} |")
    return "\n".join(lines)


if __name__ == "__main__":
    for pack in ("cs", "pl"):
        print(f"{pack}:\n{table(pack)}\n")
