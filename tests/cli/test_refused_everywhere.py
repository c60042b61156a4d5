"""A variant that play refuses is refused by every reader with the same message (issue 43, item 0): the
rulebooks, rules show and rules diff compile the pack as play does, so none of them words rules that
nobody can play."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.cli.main import main

REFUSED = {  # a relative of each kind of fault the compile finds, where the schema alone sees none
    "award-gives-a-holding": ("pl", "{op: add, path: /mechanics/awards/-, value: {when: game_end, to: each, "
                                    "gain: freedoms, amount: 1}}"),
    "supply-not-shared": ("pl", "{op: replace, path: /mechanics/parts/jesters/supply, value: money}"),
    "unknown-measure": ("cs", "{op: replace, path: /mechanics/start_player, value: {kind: most, by: jesters}}"),
    "ignored-auction-value": ("cs", "{op: replace, path: /mechanics/auction, value: {kind: sealed, "
                                    "tie: nobody}}"),
}
COMMANDS = {
    "play": ["play", "--players", "2", "--bots", "random", "--seed", "1"],
    "rules diff": ["rules", "diff"],
    "rules show": ["rules", "show", "game.players"],
    "rules render": ["rules", "render", "-o", "{out}"],
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_every_reader_refuses_what_play_refuses(case: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    pack, change = REFUSED[case]
    variant = tmp_path / "club.yaml"
    variant.write_text(f"variant:\n  id: club\n  base: [{pack}]\n  title: Club\n  changes:\n    - {change}\n",
                       encoding="utf-8")
    said = {}
    for name, argv in COMMANDS.items():
        argv = [a.replace("{out}", str(tmp_path / "out")) for a in argv]
        assert main([*argv, "--pack", pack, "--variant", str(variant)]) == 2, name
        err = [line for line in capsys.readouterr().err.splitlines() if "club.yaml" in line]
        assert len(err) == 1, (name, err)
        said[name] = err[0]
    assert len(set(said.values())) == 1, said
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
