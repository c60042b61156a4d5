"""Localized rule messages, and the German and French packs load and play like the Czech one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from regola import paths
from regola.bots.specs import make_bot
from regola.core.errors import IllegalAction
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play
from regola.text import explain

# shared/ (the project's source documents and tools) sits beside the repository checkout
SEED_OVERLAP = Path(__file__).resolve().parents[3] / "shared" / "tools" / "seed_overlap.py"


def test_explain_an_illegal_action_in_three_languages() -> None:
    ruleset = Ruleset(load_pack("cs"))
    game = Game.new(ruleset, 4, seed=1)
    while game.is_chance():
        game.apply(game.sample_chance())
    with pytest.raises(IllegalAction) as info:
        game.apply(("start", 0, 99))
    rule = info.value.rule
    texts = {lang: explain(rule, lang, ruleset) for lang in ("cs", "de-AT", "fr_FR")}
    assert len(set(texts.values())) == 3
    assert all(f"[{rule};" in text for text in texts.values())


@pytest.mark.parametrize(("pack_id", "players"), [("de", 4), ("fr", 3), ("de", 2)])
def test_de_and_fr_packs_play_to_the_end(pack_id: str, players: int) -> None:
    ruleset = Ruleset(load_pack(pack_id))
    game = Game.new(ruleset, players, seed=1)
    play(game, [make_bot("random", s, 1, ruleset) for s in range(players)])
    assert game.is_terminal() and game.result()


def test_declared_divergences_are_the_only_data_differences() -> None:
    cs, de = load_pack("cs").data, load_pack("de").data
    assert de["rounds"]["display_size"]["2"] == 2 and cs["rounds"]["display_size"]["2"] == 3
    assert de["city"]["council"]["spaces"][0]["params"]["from"] == ["A"]
    declared = {d["path"] for d in load_pack("de").meta["divergences"]}
    assert declared == {"/rounds/display_size/2", "/city/council/spaces/0/params/from", "/setup/beginner/display/2"}
    assert len(de["setup"]["beginner"]["display"]["2"]) == de["rounds"]["display_size"]["2"]


def test_borrows_are_explicit() -> None:
    for pack_id in ("de", "fr"):
        meta = load_pack(pack_id).meta
        assert meta["borrows"] and all(b["from"] == "cs" and b["why"] for b in meta["borrows"])


@pytest.mark.skipif(not SEED_OVERLAP.is_file(), reason="the shared seed checker is not on this machine")
def test_no_sentence_of_a_seed_in_the_rule_packs() -> None:
    folder = paths.home() / "rulepacks"
    done = subprocess.run([sys.executable, str(SEED_OVERLAP), str(folder)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and done.stdout == "", done.stdout
