"""The rule flow.take_back is bound to the pack's undo policy: a club's variant that forbids take-backs
reads so in every language, and the terminal refuses `!back` with that text (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.cli import human
from regola.cli.main import main

NEVER = """variant:
  id: no-take-backs
  base: [{pack}]
  title: No take-backs
  cites: [R19]
  changes:
    - {{op: replace, path: /undo/take_back, value: never}}
"""


@pytest.mark.parametrize(("pack", "lang", "allowed", "never"), [
    ("pl", "en", "may take back their own latest decisions", "nobody may take one back"),
    ("pl", "pl", "może cofać swoje ostatnie decyzje", "nikt nie może jej cofnąć"),
    ("cs", "de", "die eigenen letzten Entscheidungen einzeln zurücknehmen", "niemand darf sie zurücknehmen"),
    ("cs", "cs", "smí hráč vzít zpět", "nikdo ho nesmí vzít zpět"),
])
def test_the_rule_text_follows_the_policy(tmp_path: Path, capsys: pytest.CaptureFixture[str], pack: str,
                                          lang: str, allowed: str, never: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # one line a paragraph: the phrases are not cut by wrapping
    variant = tmp_path / "no-take-backs.yaml"
    variant.write_text(NEVER.format(pack=pack), encoding="utf-8")
    assert main(["rules", "show", "flow.take_back", "--pack", pack, "--lang", lang]) == 0
    base = capsys.readouterr().out
    assert main(["rules", "show", "flow.take_back", "--pack", pack, "--lang", lang,
                 "--variant", str(variant)]) == 0
    changed = capsys.readouterr().out
    assert allowed in base and never not in base
    assert never in changed and allowed not in changed


def test_the_terminal_refuses_a_take_back_with_the_variant_s_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    variant = tmp_path / "no-take-backs.yaml"
    variant.write_text(NEVER.format(pack="pl"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    script = iter(["!back", "!quit"])
    original = human.Table.choose

    def choose(self: human.Table, game: object, obs: object) -> object:
        self.read = lambda prompt: next(script)
        return original(self, game, obs)  # type: ignore[arg-type]

    monkeypatch.setattr(human.Table, "choose", choose)
    assert main(["play", "--pack", "pl", "--variant", str(variant), "--players", "2", "--seed", "1", "--human", "1",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "The rules do not allow that:" in out and "nobody may take one back" in out
