"""Imports run down the layers only: the core knows no game, the games know no command, server or
table, and no face reaches into another's insides. Lazy imports inside functions count too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "engine" / "regola"
#: package (or sub-package) -> its layer; a module may import from its own layer or any lower one.
#: The faces (4) are what people and programs talk to: the command, the daemon that runs its checks, the
#: server and the tables' HTTP routes mounted in it.
LAYERS = {
    "core": 0, "paths": 0, "extras": 0,
    "mechanics": 1, "text": 1, "i18n": 1,
    "games": 2, "bots": 2,
    "check": 3, "sim": 3, "openspiel": 3, "tables": 3,
    "cli": 4, "serve": 4, "daemon": 4,
}
#: the one module that knows every layer: the list of modules the optional mypyc build compiles
EXEMPT = {"compiled.py"}


def _layer_of(dotted: str) -> str | None:
    """The LAYERS key a module (``serve.tables.api``) belongs to: its longest listed prefix."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in LAYERS:
            return ".".join(parts[:end])
    return None


def _package(module: str) -> str | None:
    return _layer_of(module.removeprefix("regola.")) if module.startswith("regola.") else None


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def _package_edges() -> list[tuple[str, str, int, str, str]]:
    """Every import of a regola module by a module of a layered package: (path, its package, line, the
    module imported, that module's package)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        own = _layer_of(".".join(relative.with_suffix("").parts))
        if own is None or relative.as_posix() in EXEMPT:
            continue
        out += [(str(relative), own, line, module, other) for line, module in _imports(path)
                if (other := _package(module)) is not None]
    return out


def _violations() -> list[str]:
    return [f"{path}:{line} ({own}, layer {LAYERS[own]}) imports {module} (layer {LAYERS[other]})"
            for path, own, line, module, other in _package_edges() if LAYERS[other] > LAYERS[own]]


def test_every_package_has_a_layer() -> None:
    packages = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
                if (p.is_dir() and (p / "__init__.py").is_file()) or (p.suffix == ".py" and p.name != "__init__.py")}
    assert packages - set(LAYERS) - {e.removesuffix(".py") for e in EXEMPT} - {"__main__"} == set()


def test_no_import_runs_up_the_layers() -> None:
    assert _violations() == []


def _package_imports() -> dict[str, dict[str, str]]:
    """package -> the other packages it imports -> one place it does (``path:line``)."""
    found: dict[str, dict[str, str]] = {}
    for path, own, line, _, other in _package_edges():
        if other != own:
            found.setdefault(own, {}).setdefault(other, f"{path}:{line}")
    return found


def _cycles(edges: dict[str, dict[str, str]]) -> list[list[str]]:
    """Each cycle of the graph once, as the packages along it (a depth-first walk from every package)."""
    cycles: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(path: list[str]) -> None:
        for nxt in sorted(edges.get(path[-1], {})):
            if nxt == path[0] and frozenset(path) not in seen:
                seen.add(frozenset(path))
                cycles.append(path)
            elif nxt not in path and nxt > path[0]:  # each cycle from its least package only
                walk([*path, nxt])

    for start in sorted(edges):
        walk([start])
    return cycles


def test_no_two_packages_import_each_other() -> None:
    """Layers let packages of one layer import each other; a cycle among them is refused all the same."""
    edges = _package_imports()
    said = [" -> ".join(f"{a} ({edges[a][b]})" for a, b in zip(c, [*c[1:], c[0]], strict=True))
            for c in _cycles(edges)]
    assert said == []


def test_the_rule_sees_a_cycle() -> None:
    edges = {"cli": {"daemon": "x"}, "daemon": {"cli": "y", "core": "z"}, "text": {"i18n": "a"},
             "i18n": {"mechanics": "b"}, "mechanics": {"text": "c"}}
    assert _cycles(edges) == [["cli", "daemon"], ["i18n", "mechanics", "text"]]


@pytest.mark.parametrize("source", ["from regola.cli.main import main\n", "import regola.serve.app\n"])
def test_the_rule_sees_an_upward_import(tmp_path: Path, source: str) -> None:
    module = tmp_path / "probe.py"
    module.write_text(f"def f():\n    {source}", encoding="utf-8")
    assert next(m for _, m in _imports(module)).startswith(("regola.cli", "regola.serve"))


def _game_ids() -> set[str]:
    games = PACKAGE / "games"
    return {p.name for p in games.iterdir() if (p / "__init__.py").is_file()}


def _names_a_game(path: Path, games: set[str]) -> list[int]:
    """Lines where a module names one of ``games``: a string of its id (not a docstring) or an import
    of its package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ids = games | {g.replace("_", "-") for g in games}
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)
                  and isinstance(node.value, ast.Constant)}
    lines = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant)
             and isinstance(node.value, str) and id(node) not in docstrings and node.value in ids]
    lines += [line for line, module in _imports(path) if any(module.startswith(f"regola.games.{g}") for g in games)]
    return sorted(lines)


def test_no_module_outside_a_game_names_it() -> None:
    """Everything that knows one game lives in that game's package, found through its definition."""
    games = _game_ids()
    naming = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("games/") or relative in EXEMPT:
            continue
        lines = _names_a_game(path, games)
        if lines:
            naming[relative] = lines
    assert naming == {}, naming


def test_the_rule_sees_a_game_named(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text('"""Says maestro-leonardo in a docstring only."""\nGAME = "princes-of-florence"\n'
                      "from regola.games.maestro_leonardo import rules\n", encoding="utf-8")
    assert _names_a_game(module, {"maestro_leonardo", "princes_of_florence"}) == [2, 3]
