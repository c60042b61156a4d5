"""An award that takes is worded as a payment, in every language (issue 43, item 0): once it said
"receive -100 florins"."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola import paths
from regola.core.pack import load_pack
from regola.text.catalog import catalogs_for
from regola.text.diff import diff_rules

PAYS = {"cs": "zaplatí", "de": "zahlt", "en": "pay", "fr": "paie", "pl": "płaci"}
RECEIVES = {"cs": "získá", "de": "erhält", "en": "receive", "fr": "reçoit", "pl": "otrzymuje"}


def _said(tmp_path: Path, pack: str, lang: str, award: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(f"variant:\n  id: house\n  base: [{pack}]\n  title: House\n  changes:\n"
                    f"    - {{op: add, path: /mechanics/awards/-, value: {award}}}\n", encoding="utf-8")
    base = load_pack(pack)
    catalog, fallback = catalogs_for(lang, base.game, base.language, paths.home())
    diff = diff_rules(catalog, base, load_pack(pack, variants=[path]), fallback)
    (rule,) = diff.added
    return rule.text


@pytest.mark.parametrize("lang", sorted(PAYS))
@pytest.mark.parametrize(("pack", "award", "number"), [
    ("pl", "{when: round_end, to: most, by: money, gain: money, amount: -100}", "100"),
    ("cs", "{when: round_start, to: each, gain: money, amount: -2}", "2"),
    ("pl", "{when: game_end, to: fewest, by: prestige, gain: jesters, amount: '-(1)'}", "1"),
])
def test_a_negative_award_is_said_as_a_payment(tmp_path: Path, lang: str, pack: str, award: str,
                                               number: str) -> None:
    text = _said(tmp_path, pack, lang, award)
    assert PAYS[lang] in text and RECEIVES[lang] not in text, text
    assert number in text and f"-{number}" not in text and "−" not in text, text


@pytest.mark.parametrize("lang", sorted(PAYS))
def test_a_gift_is_still_received(tmp_path: Path, lang: str) -> None:
    text = _said(tmp_path, "pl", lang, "{when: round_end, to: fewest, by: money, gain: money, amount: 200}")
    assert RECEIVES[lang] in text and PAYS[lang] not in text, text
