"""Each move verb declared once (regola.core.verbs): the games' action spaces, secrets and plain words
come from their verb records, every verb a pack offers cites a rule of that pack, and a record that
would move an id or say a hidden fact is refused."""

from __future__ import annotations

import pytest

from regola import paths
from regola.check.runner import check_document
from regola.core.game import CHANCE, Game, Ruleset, definition_for
from regola.core.pack import load_pack
from regola.core.variant import variant_from_dict
from regola.core.verbs import Place, Verb, Verbs, Words
from regola.text.speech import speech_for

GAMES = ("maestro-leonardo", "princes-of-florence")
PACKS = {"cs": (), "de": (), "fr": (), "pl": (), "pl+": ("muse-and-princess", "shared-building")}


def _ruleset(key: str) -> Ruleset:
    pack = key.rstrip("+")
    return Ruleset(load_pack(pack, variants=[str(paths.home() / f"rulepacks/{pack}/variants/{v}.yaml")
                                             for v in PACKS[key]]))


@pytest.mark.parametrize("key", sorted(PACKS))
def test_the_action_space_is_the_verbs_places_in_order(key: str) -> None:
    ruleset = _ruleset(key)
    verbs = ruleset.definition.verbs
    assert verbs is not None
    kinds = ruleset.definition.action_kinds(ruleset.rules)  # type: ignore[misc]
    placed = sorted((at, kind.verb) for verb in verbs for at, kind in verb.kinds(ruleset.rules) if all(kind.params))
    assert [kind.verb for kind in kinds] == [verb for _, verb in placed]
    assert {kind.verb for kind in kinds} <= {verb.name for verb in verbs}


@pytest.mark.parametrize("key", sorted(PACKS))
def test_every_verb_a_game_plays_is_declared_and_cites_a_rule_of_its_pack(key: str) -> None:
    ruleset = _ruleset(key)
    verbs = ruleset.definition.verbs
    assert verbs is not None
    rules = ruleset.pack.data["rules"]
    seen: set[str] = set()
    for seed in (1, 2):
        game = Game.new(ruleset, 4, seed, ruleset.definition.setup_modes(ruleset.rules)[-1])
        while not game.is_terminal():
            if game.current_player() == CHANCE:
                action = game.sample_chance()
            else:
                legal = game.legal_actions()
                seen.update(str(a[0]) for a in legal)
                action = legal[(seed * 7 + len(game.history)) % len(legal)]
            seen.add(str(action[0]))
            game.apply(action)
    declared = {verb.name for verb in verbs}
    assert seen <= declared, seen - declared
    for name in seen:
        assert verbs[name].cites in rules, (name, verbs[name].cites)


def test_a_pack_without_a_verbs_rule_is_told_at_its_rules() -> None:
    home = paths.home()
    variant = variant_from_dict({"id": "no-peek", "title": "no peek", "base": ["cs"], "changes": [
        {"op": "remove", "path": "/rules/council.peek_deck"}]}, "no-peek.yaml", home)
    pack = load_pack("cs", variants=[variant])
    found = [f for f in check_document(pack, variant, home) if f.code == "VERB_UNCITED"]
    assert [f.pointer for f in found] == ["/rules"] and "'order'" in found[0].message
    assert "council.peek_deck" in found[0].message


def test_secrets_follow_the_packs_forms() -> None:
    ml = definition_for("maestro-leonardo")
    base = _ruleset("cs")
    assert ml.secrets(base.rules) == {"start": 1, "favor": 1, "bid": 0, "order": 0}  # type: ignore[misc]
    open_hands = Ruleset(load_pack("cs", variants=[variant_from_dict(
        {"id": "open", "title": "open", "base": ["cs"], "changes": [
            {"op": "replace", "path": "/mechanics/visibility/lab_work", "value": "public"}]},
        "open.yaml", paths.home())]))
    assert "start" not in ml.secrets(open_hands.rules)  # type: ignore[misc]


def test_another_seat_hears_only_what_the_record_lets_it() -> None:
    """A started invention is secret: its lab is heard (``heard``), its card never, in any language."""
    ruleset = _ruleset("cs")
    table = ruleset.definition.terminal()  # type: ignore[misc]
    game = Game.new(ruleset, 3, 4)
    while not any(a[0] == "start" for a in (game.legal_actions() if game.current_player() >= 0 else [])):
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[-1])
    start = next(a for a in game.legal_actions() if a[0] == "start")
    for lang in ("cs", "de", "fr", "pl", "en"):
        speech = speech_for(ruleset.pack, lang)
        heard = table.narrate(game.state, game.current_player(), start, speech)
        assert speech.name("cards", start[2]) not in heard
        assert speech.gettext("lab {n}", n=start[1] + 1) in heard


def test_a_record_that_would_move_an_id_or_repeat_a_verb_is_refused() -> None:
    with pytest.raises(AssertionError, match="place"):
        Verbs([Verb("a", "x", "a", (Place(0),)), Verb("b", "x", "b", (Place(0),))])
    with pytest.raises(AssertionError, match="twice"):
        Verbs([Verb("a", "x", "a", (Place(0),)), Verb("a", "x", "a", (Place(1),))])
    with pytest.raises(AssertionError):  # one shape worded by two verbs
        Verbs([Verb("a", "x", "a", offers={"s": Words("s")}), Verb("b", "x", "b", offers={"s": Words("t")})])


def test_a_verb_without_words_of_its_own_says_its_parts() -> None:
    verbs = Verbs([Verb("a", "x", "does {a[1]}", (Place(0, lambda rules: ((1, 2),)),))])
    assert verbs.describe(None, ("a", 2)) == "does 2"
    assert verbs.describe(None, ("zz", 1)) == "zz 1"
    assert [k.size for k in verbs.action_kinds(None)] == [2]
