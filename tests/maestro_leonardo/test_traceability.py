"""Every rule of rules.yaml is pinned down by at least one test that carries its ID, and every ID a
test carries names a rule (of the pack or one of its official variants)."""

from __future__ import annotations

import ast
from pathlib import Path

from regola.core.pack import available_variants, load_pack

HERE = Path(__file__).resolve().parent


def _rule_marks(tree: ast.AST) -> dict[str, list[str]]:
    """test name -> rule IDs of its ``@pytest.mark.rule(...)`` decorators."""
    out: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or not node.name.startswith("test_"):
            continue
        for dec in node.decorator_list:
            if isinstance(dec, ast.Call) and ast.unparse(dec.func) == "pytest.mark.rule":
                for arg in dec.args:
                    assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                        f"{node.name}: rule IDs are string literals"
                    out.setdefault(node.name, []).append(arg.value)
    return out


def collect_marks() -> dict[str, set[str]]:
    """rule ID -> the tests (file::name) that carry it."""
    carried: dict[str, set[str]] = {}
    for path in sorted(HERE.glob("test_*.py")):
        for test, ids in _rule_marks(ast.parse(path.read_text(encoding="utf-8"))).items():
            for rule in ids:
                carried.setdefault(rule, set()).add(f"{path.name}::{test}")
    return carried


def test_every_rule_has_a_test(doc):
    carried = collect_marks()
    missing = sorted(set(doc["rules"]) - set(carried))
    assert not missing, "rules no test carries: " + ", ".join(missing)


def test_every_marked_id_is_a_rule(doc):
    known = set(doc["rules"])
    for variant in available_variants("cs"):
        known |= set(load_pack("cs", variants=[variant]).data["rules"])
    unknown = {rule: sorted(tests) for rule, tests in collect_marks().items() if rule not in known}
    assert not unknown, f"marks naming no rule of the pack: {unknown}"


def test_every_test_here_carries_a_rule():
    """Apart from this file, a test without a rule ID pins down nothing traceable."""
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marked = set(_rule_marks(tree))
        tests = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
        assert tests <= marked, f"{path.name}: tests without a rule mark: {sorted(tests - marked)}"
