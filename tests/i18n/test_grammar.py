"""Names in the form their sentence needs: the cases of Czech and Polish, the French article, the German
dative after 'mit' (engine/regola/i18n/forms.py). The first cases are the slips readers found: Polish
"licytuj Błazen" and "buduję Wieża" (and a menu mixing the imperative with the first person), Czech
"dražit Šašek" and "kupuje cihla", French "construire Université", Polish "do 2 akcje", German
"mit 34 Prestigepunkte". Then a whole game in every language, every option and narration rendered
strictly: a form a template asks for and a catalog lacks fails here."""

from __future__ import annotations

import re
from typing import Any

import pytest

from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.games.maestro_leonardo import table as ml_table
from regola.games.princes_of_florence import table as pf_table
from regola.i18n.forms import FORMS, Inflected, MissingForm, fill, fill_positions, names_in, strict, unknown_forms
from regola.text.bind import bind_rule
from regola.text.catalog import catalog_for
from regola.text.speech import speech_for

LANGUAGES = ("cs", "de", "en", "fr", "pl")


def _pf_auction() -> Game:
    game = Game.new(Ruleset(load_pack("pl")), 4, 1, "standard")
    while game.state.flow_state != "auction":
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[0])
    return game


@pytest.mark.parametrize(("lang", "action", "said", "not_said"), [
    ("pl", ("open", "jester"), "licytuję Błazna", "Błazen"),
    ("pl", ("build", "tower"), "buduję Wieżę", "Wieża"),
    ("pl", ("freedom", "religion"), "ogłaszam Swobodę wyznania", "Swoboda"),
    ("pl", ("bid", "muse", 300), "kładę znacznik na Muzę", "Muza "),
    ("cs", ("open", "jester"), "dražit Šaška", "Šašek"),
    ("cs", ("build", "chapel"), "postavit Kapli", "Kaple"),
    ("fr", ("build", "university"), "construire l’Université", "construire Université"),
    ("fr", ("open", "jester"), "mettre aux enchères le Bouffon", "enchères Bouffon"),
])
def test_an_option_names_its_thing_in_the_case_its_verb_takes(lang: str, action: tuple[object, ...], said: str,
                                                               not_said: str) -> None:
    game = _pf_auction()
    text = pf_table.describe(game.state, action, speech_for(game.ruleset.pack, lang))
    assert text.startswith(said) and not_said not in text


def test_one_mood_per_menu() -> None:
    """Polish options speak in the first person, Czech, French and German ones in the infinitive, English ones
    in the imperative; none mixes in another mood ('licytuj', 'kup') or a third person ('księżniczka kończy',
    'Prinzessin vollbringt ein Werk', 'the princess completes a work')."""
    for lang, wrong in (("pl", r"^(licytuj|kup|zatrzymaj|połóż|zbuduj)\b|^księżniczka"),
                        ("cs", r"^princezna dokončí"), ("fr", r"^la princesse"), ("de", r"^Prinzessin vollbringt"),
                        ("en", r"^the princess completes")):
        actions = catalog_for(lang, game="princes-of-florence").names("actions")
        bad = [t for t in actions.values() if isinstance(t, str) and re.search(wrong, t)]
        assert not bad, (lang, bad)


def test_a_narration_names_its_thing_in_its_case() -> None:
    game = _pf_auction()
    said = {lang: pf_table.narrate(game.state, 1, ("build", "university"), speech_for(game.ruleset.pack, lang))
            for lang in ("pl", "cs", "fr")}
    assert said["pl"].endswith("buduje Uniwersytet") and said["cs"].endswith("staví Univerzitu")
    assert said["fr"].endswith("construit l’Université")


def test_czech_buys_a_brick_in_the_accusative() -> None:
    ruleset = Ruleset(load_pack("cs"))
    speech = speech_for(ruleset.pack, "cs")
    brick = speech.name("materials", "brick")
    assert brick == "cihla"  # a list shows the name as it is
    assert speech.gettext("buys 1 {material} in {district} for {price}", material=brick, district="C",
                          price="2").startswith("kupuje cihlu")


@pytest.mark.parametrize(("lang", "said"), [("cs", "bere č.\u00a06 Nedobytnou kupoli"),
                                           ("pl", "bierze nr\u00a06 Niezdobytą kopułę")])
def test_an_invention_taken_is_named_in_the_accusative(lang: str, said: str) -> None:
    speech = speech_for(load_pack("cs"), lang)
    card = ml_table._card(speech, 6)
    assert str(card).endswith("kupole" if lang == "cs" else "kopuła")  # a list shows the name as it is
    line = speech.gettext("{color} takes {card}", color="X", card=card)
    assert said.replace("\u00a0", " ") in line.replace("\u00a0", " ")


def test_polish_up_to_two_actions_in_the_genitive() -> None:
    catalog = catalog_for("pl", game="princes-of-florence")
    rule = next(r for r, e in catalog.rules.items() if "{count:gen}" in e["text"])
    text = bind_rule(catalog, load_pack("pl"), rule).text
    assert "do 2\u00a0akcji" in text and "akcje" not in text


def test_german_wins_with_points_in_the_dative() -> None:
    speech = speech_for(load_pack("pl"), "de")
    line = speech.gettext("{who} wins with {score}.", who="Gelb", score=speech.amount(34, "point"))
    assert line == "Gelb gewinnt mit 34\u00a0Prestigepunkten."
    one = speech.gettext("{who} wins with {score}.", who="Gelb", score=speech.amount(1, "point"))
    assert one.endswith("mit 1\u00a0Prestigepunkt.")
    assert speech_for(load_pack("de"), "de").gettext("{who} wins with {score}.", who="Gelb",
                                                     score=speech_for(load_pack("de"), "de").amount(7, "gulden")
                                                     ).endswith("mit 7\u00a0Gulden.")


def test_a_form_is_asked_with_a_colon_and_never_reaches_an_attribute() -> None:
    jester = Inflected("Błazen", {"acc": "Błazna"})
    assert fill_positions("licytuję {1:acc}, nie {1}", ["open", jester]) == "licytuję Błazna, nie Błazen"
    assert fill("{0.__class__} {x:acc} {y}", {"x": jester}.get) == "{0.__class__} Błazna {y}"
    assert names_in("{a:gen} {1} {b}") == [("a", "gen"), ("1", None), ("b", None)]
    assert unknown_forms("{1:akk} {2:acc}") == ["akk"]
    with strict(), pytest.raises(MissingForm):
        fill_positions("{1:gen}", ["x", jester])
    assert fill_positions("{1:gen}", ["x", jester]) == "Błazen"  # outside the tests: the plain name


def test_every_template_asks_only_for_forms_that_exist() -> None:
    for game in ("princes-of-florence", "maestro-leonardo"):
        for lang in LANGUAGES:
            catalog = catalog_for(lang, game=game)
            templates = [t for section in ("actions", "told") for t in catalog.names(section).values()
                         if isinstance(t, str)]
            templates += [e[k] for e in catalog.rules.values() for k in ("title", "text")]
            assert not [t for t in templates if unknown_forms(t)], (game, lang)
    assert set(FORMS) >= {"acc", "gen", "dat", "def"}


def _walk(game: Game, table: Any, lang: str, shown: int) -> None:
    """A whole game, every decision's first ``shown`` options and their narration rendered strictly."""
    speech = speech_for(game.ruleset.pack, lang)
    with strict():
        while not game.is_terminal():
            if game.current_player() == CHANCE:
                game.apply(game.sample_chance())
                continue
            state, seat, legal = game.state, game.current_player(), game.legal_actions()
            for action in legal[:shown]:
                table.option(state, action, speech)
                table.narrate(state, seat, action, speech)
            game.apply(legal[len(game.history) % len(legal)])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_princes_of_florence_game_renders_every_form_it_asks(lang: str) -> None:
    _walk(Game.new(Ruleset(load_pack("pl", variants=["muse-and-princess"])), 4, 5, "standard"), pf_table, lang, 40)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_maestro_leonardo_game_renders_every_form_it_asks(lang: str) -> None:
    _walk(Game.new(Ruleset(load_pack("cs")), 4, 3, "advanced"), ml_table, lang, 30)


def test_forms_are_the_languages_own_and_survive_a_translation() -> None:
    from regola.text.entries import lookup, put, translatable

    data = {"names": {"lots": {"jester": {"name": "Błazen", "acc": "Błazna"}},
                      "cards": {"7": {"name": "Orzeł", "provenance": "translated"}}}}
    offered = dict(translatable(data))
    assert offered == {"/names/lots/jester": "Błazen", "/names/cards/7/name": "Orzeł"}  # never the acc form
    assert lookup(data, "/names/lots/jester") == "Błazen"
    put(data, "/names/lots/jester", "Trefniś")
    assert data["names"]["lots"]["jester"] == {"name": "Trefniś", "acc": "Błazna"}


def test_a_form_no_catalog_gives_is_refused_in_a_message() -> None:
    from babel.messages.catalog import Message

    from regola.i18n.tooling import message_problems

    assert message_problems(Message("buys {material}", "kupuje {material:acc}"), 3) == []
    problems = message_problems(Message("buys {material}", "kupuje {material:akk}"), 3)
    assert len(problems) == 1 and "':akk'" in problems[0]


def test_no_plural_article_or_adjective_stands_before_a_count() -> None:
    """'die obersten 1 Karte': an article or adjective in the plural before a number that may be 1 cannot
    agree with it; the German texts say 'sieht sich 1 Prestigekarte oben vom Stapel an' instead."""
    for game in ("princes-of-florence", "maestro-leonardo"):
        catalog = catalog_for("de", game=game)
        for rule_id, entry in catalog.rules.items():
            for match in re.finditer(r"\b(die|den|der)\s+\w+en\s+\{([a-z_]+)\}", entry["text"]):
                spec = entry.get("args", {}).get(match.group(2), {})
                counted = "unit" in spec and spec.get("format", "number") in ("number", "count", "sum", "max", "min")
                assert not counted, (rule_id, entry["text"])
