"""Issue 30 items 2 and 3: every move in words, from one place (regola.text.moves), with one name per seat
(regola.text.seats), the same at a table, in its messages, in the replay viewer and at the terminal.

Whole games of both games (and of the auction forms and expansions a variant chooses) are told in every
language and in the pseudo-locale, where any word that skipped the catalogs shows as plain ASCII; a
language asked for late is told from the lines exactly as one told move by move; a take-back forgets
what it took back; a secret decision reads the same whichever secret it was.
"""

from __future__ import annotations

import random
import re

import pytest
from tests.i18n.test_pseudo_locale import leaks
from tests.tables.helpers import new_table, plain, play

from regola.core.errors import IllegalAction
from regola.core.game import to_action
from regola.i18n.pseudo import PSEUDO
from regola.tables.hidden import hidden_for
from regola.tables.messages import Audience, message
from regola.tables.table import Table
from regola.text.moves import move_words
from regola.text.seats import color_in, seat_name
from regola.text.speech import speech_for

LANGS = ("cs", "de", "fr", "pl", "en", PSEUDO)
GAMES = [("cs", 3, ()), ("cs", 4, ("codex-leonardi-1",)), ("pl", 3, ()), ("pl", 4, ("muse-and-princess",)),
         ("pl", 3, ("pf-dutch-auction",)), ("pl", 3, ("pf-sealed-auction",)), ("pl", 3, ("pf-profession-draft",))]


def _decisions(table: Table) -> list[int]:
    return [k for k, line in enumerate(table.lines) if "chance" not in line]


@pytest.mark.parametrize(("pack", "players", "variants"), GAMES)
def test_every_move_of_a_whole_game_is_told_in_every_language(pack: str, players: int,
                                                            variants: tuple[str, ...]) -> None:
    table = new_table(pack, players, variants, secret=11)
    for lang in LANGS:
        table.told(lang)  # from the first line on: each move told as it is applied
    play(table, random.Random(5))
    definition = table.ruleset.definition
    public = definition.view(table.game.state, -1)
    for lang in LANGS:
        told = table.told(lang)
        assert len(told) == len(table.lines)
        speech = speech_for(table.ruleset.pack, lang)
        for k in _decisions(table):
            seat = table.lines[k]["seat"]
            first = told[k][0]
            name = seat_name(speech, seat, color_in(public, seat))
            if lang == PSEUDO:  # (each catalog text is bracketed: the name is the first, inside the sentence's)
                assert first.startswith("⟦" + name), first
            else:
                assert first.startswith(name) and first[len(name):].lstrip("\u202f\xa0 ").startswith(":"), first
            if lang == PSEUDO:  # a raw verb, an untranslated word or an English fallback shows as ASCII
                assert not leaks(" ".join(told[k])), (table.lines[k], told[k])
    # a language asked for only now is told from the lines: the same sentences
    late = Table.restore(table.id, table.ruleset, table.spec, table.header, table.secret, table.lines)
    assert late.told("de") == table.told("de") and late.told(PSEUDO) == table.told(PSEUDO)


@pytest.mark.parametrize("pack", ["cs", "pl"])
def test_moves_name_their_amounts_and_places(pack: str) -> None:
    """The complaint of issue 30: 'Seat 1: bid on' (on what?), 'wykonanie akcji' with no district or price."""
    table = new_table(pack, 3, secret=3)
    table.told("en")
    play(table, random.Random(2))
    said = [sentence for sentences in table.told("en") for sentence in sentences]
    text = "\n".join(said)
    if pack == "cs":
        assert any(re.search(r" in [A-I] \w+.* for \d+\W\w+$", s) for s in said), text  # where, and the price
        assert any("apprentice" in s for s in said) and any("master" in s for s in said)
    else:
        assert any(re.search(r"opens the auction of .+ at \d+\W+florins$", s) for s in said), text
        assert any("raises the bid for " in s and " to " in s for s in said), text
        assert any(" wins " in s and " for " in s for s in said), text
        # phase B in the rule catalog's third-person words (names.told), not its option words
        assert any(re.match(r"Seat \d: builds \w", s) for s in said) and not any(": build " in s for s in said), text


def test_a_take_back_forgets_what_it_took_back() -> None:
    table = new_table("cs", 3, secret=4)
    table.told("pl")
    rng = random.Random(1)
    taken = 0
    while taken < 3 and not table.is_over():
        seat = table.to_move()
        told = [list(s) for s in table.told("pl")]
        table.decide(seat, plain(rng.choice(table.game.legal_actions())))
        try:
            table.take_back(seat)
        except IllegalAction:
            continue  # the pack's undo policy keeps this one
        taken += 1
        assert table.told("pl") == told  # as before the decision: nothing of it is told any more
        table.decide(seat, plain(rng.choice(table.game.legal_actions())))
    assert taken == 3


@pytest.mark.parametrize(("pack", "players", "variants"), GAMES)
def test_a_secret_decision_reads_the_same_whichever_secret_it_was(pack: str, players: int,
                                                                variants: tuple[str, ...]) -> None:
    """Every sentence of a decision with private parts (tables.hidden) is the same for every legal action
    that shares its public parts: the words can tell others nothing the view hides."""
    table = new_table(pack, players, variants, secret=2)
    rng = random.Random(9)
    hidden = hidden_for(table.ruleset)
    definition = table.ruleset.definition
    speeches = [speech_for(table.ruleset.pack, lang) for lang in ("en", "pl")]
    checked = 0
    while not table.is_over():
        legal = [plain(a) for a in table.game.legal_actions()]
        action = rng.choice(legal)
        public = hidden.get(action[0])
        if public is not None:
            twins = [a for a in legal if a[0] == action[0] and a[1:1 + public] == action[1:1 + public]]
            for speech in speeches:
                said = {move_words(definition, table.game.state, table.to_move(), to_action(a), speech) for a in twins}
                assert len(said) == 1, said
            checked += len(twins) > 1
        table.decide(table.to_move(), action)
    assert checked > 0


def test_a_message_tells_its_events_in_the_readers_language() -> None:
    table = new_table("pl", 3, secret=6)
    play(table, random.Random(3), 40)
    german = message(table, Audience("spectator"), 0, lang="de")
    silent = message(table, Audience("spectator"), 0)
    assert all("said" not in e for e in silent["events"])  # none asked: the message is as it was
    assert [e["n"] for e in german["events"]] == [e["n"] for e in silent["events"]]
    assert all(e["said"] and e["said"][0].startswith("Platz ") for e in german["events"])
    # what came of a decision through chance (a deal after it) is told with that decision
    told = table.told("de")
    for event in german["events"]:
        k = event["n"] - 1
        after = [s for j in range(k + 1, len(table.lines)) if "chance" in table.lines[j]
                 for s in told[j]] if k + 1 < len(table.lines) and "chance" in table.lines[k + 1] else []
        assert event["said"][:len(told[k])] == told[k] and all(s in event["said"] for s in after[:1])


def test_the_replay_viewer_tells_a_step_as_the_table_did(tmp_path: object) -> None:
    from pathlib import Path

    from regola.tables.replay import Positions

    table = new_table("cs", 3, secret=8)
    table.told("fr")
    play(table, random.Random(4), 60)
    path = Path(str(tmp_path)) / "game.jsonl"
    path.write_text(table.record(), encoding="utf-8")
    positions = Positions(path)
    speech = speech_for(table.ruleset.pack, "fr")
    for k in (1, 5, 17, len(positions)):
        assert positions.told(k, speech) == table.told("fr")[k - 1], k
    assert positions.told(0, speech) == []


@pytest.mark.parametrize("variants", [(), ("pf-dutch-auction",)])
def test_an_auction_choice_says_what_it_costs(variants: tuple[str, ...]) -> None:
    """Issue 30 item 4: 'raise the bid' without the amount, at the terminal and on the web button alike
    (both show GameDefinition.terminal's option); every choice that commits money names the sum."""
    table = new_table("pl", 3, variants, secret=5)
    rng = random.Random(8)
    hook = table.ruleset.definition.terminal()
    speech = speech_for(table.ruleset.pack, "en")
    priced = 0
    while not table.is_over():
        legal = table.game.legal_actions()
        for action in legal:
            kind = table.game.state.step.get("kind") if isinstance(table.game.state.step, dict) else None
            if action[0] in ("raise", "accept", "buy") or (action[0] == "open" and not variants):
                _, label = hook.option(table.game.state, action, speech)
                assert re.search(r"\d\W*florins?$", label), (action, label, kind)
                priced += 1
        table.decide(table.to_move(), plain(rng.choice(legal)))
    assert priced > 10


def test_a_drafted_card_is_the_drafter_s_secret() -> None:
    """pf-profession-draft: the packets are hands, so the card a player keeps from one reaches no other
    seat, neither in the event nor in its words (a pick from an open display would be seen by all)."""
    table = new_table("pl", 3, ("pf-profession-draft",), secret=3)
    table.told("en")
    rng = random.Random(1)
    picks = 0
    while not table.is_over() and table.n < 40:
        table.decide(table.to_move(), plain(rng.choice(table.game.legal_actions())))
    for seat in range(3):
        for event in message(table, Audience("seat", seat), 0, lang="en")["events"]:
            if table.lines[event["n"] - 1]["action"][0] == "pick":
                picks += 1
                mine = event["seat"] == seat
                assert (event["action"][1] is None) != mine, event
                card = table.lines[event["n"] - 1]["action"][1]
                name = speech_for(table.ruleset.pack, "en").name("professions", card)
                assert name not in event["said"][0] and "in secret" in event["said"][0], (event, name)
    assert picks >= 9
