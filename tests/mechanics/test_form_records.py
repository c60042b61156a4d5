"""Each mechanic's forms are one record (regola.mechanics.forms): the committed schema is what the records
say, each form takes exactly the parameters its record names and needs the ones it says, and a parameter
given to a form that does not take it is refused at the parameter, naming the form."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from regola.core.schema_words import describe
from regola.i18n import PLACEHOLDER
from regola.mechanics.auction import RAISE
from regola.mechanics.forms import Mechanic, Param, Says
from regola.mechanics.schema import FORMED, generated, path, render

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = json.loads(path(ROOT).read_text(encoding="utf-8"))


def test_the_committed_schema_is_what_the_records_say() -> None:
    """`python tools/schemas.py` writes it; a record changed without it fails here."""
    assert path(ROOT).read_text(encoding="utf-8") == render(generated(COMMITTED))


def _sample(param: Param) -> Any:
    if param.type == "int":
        return param.suggest if param.suggest is not None else max(param.low, 1)
    if param.type == "choice":
        return param.choices[-1]
    if param.type == "measure":
        return "money"
    if param.type == "form":
        assert param.inner is not None
        return {"kind": param.inner.kinds[0]}
    return {name: _sample(next(p for p in param.fields if p.name == name)) for name in param.needs}


def _validator(mechanic: Mechanic) -> Draft202012Validator:
    return Draft202012Validator({"$defs": COMMITTED["$defs"], **COMMITTED["properties"][mechanic.name]})


CASES = [(m, form.kind) for m in FORMED.values() for form in m.forms]


@pytest.mark.parametrize(("mechanic", "kind"), CASES, ids=[f"{m.name}-{k}" for m, k in CASES])
def test_a_form_takes_its_parameters_needs_its_own_and_refuses_the_rest(mechanic: Mechanic, kind: str) -> None:
    validator = _validator(mechanic)
    least = {"kind": kind} | {name: _sample(mechanic.param(name)) for name in mechanic.needs(kind)}
    assert not list(validator.iter_errors(least)), least
    every = least | {p.name: _sample(p) for p in mechanic.takes(kind)}
    assert not list(validator.iter_errors(every)), every
    for name in mechanic.needs(kind):  # each one it needs, left out, is missing
        errors = list(validator.iter_errors({k: v for k, v in least.items() if k != name}))
        assert any(f"'{name}'" in f.message for e in errors for f in describe(e)), (name, errors)
    taken = {p.name for p in mechanic.takes(kind)}
    for param in mechanic.params:
        if param.name in taken:
            continue
        found = [f for e in validator.iter_errors(least | {param.name: _sample(param)}) for f in describe(e)]
        assert [(f.pointer, f.message) for f in found] == [(f"/{param.name}",
                                                            f"kind '{kind}' takes no field '{param.name}'")]


def test_the_behaviour_modules_run_the_forms_their_records_declare() -> None:
    from types import SimpleNamespace

    from regola.mechanics.auction import AUCTION_KINDS, RAISE_KINDS
    from regola.mechanics.draft import DEAL_KINDS
    from regola.mechanics.seating import STEADY, order_now
    from regola.mechanics.start import START_KINDS

    assert FORMED["start_player"].kinds == START_KINDS and FORMED["deal"].kinds == DEAL_KINDS
    for kind in FORMED["turn_order"].kinds:  # every order of play the record offers is a direction or an order
        for state in (SimpleNamespace(round=r, marks=m) for r in (1, 2) for m in ({}, {"order": [2, 0, 1]})):
            now = order_now(kind, state)
            assert now in STEADY or now == (2, 0, 1), (kind, now)
    assert FORMED["auction"].kinds == AUCTION_KINDS and FORMED["auction"].param("raise").inner.kinds == RAISE_KINDS


def _labels(mechanic: Mechanic) -> set[str]:
    """Every label of a mechanic: its own, its forms', its parameters' and their choices', nested ones too."""
    found = {mechanic.label} | {f.label for f in mechanic.forms}
    params = list(mechanic.params)
    while params:
        param = params.pop()
        found |= {param.label, *param.words}
        params += param.fields
        if param.inner is not None:
            found |= _labels(param.inner)
    return found


def test_every_form_and_choice_has_a_label_in_every_shipped_language() -> None:
    from regola.i18n import words

    labels = set().union(*(_labels(m) for m in FORMED.values()))
    assert {"how a bid is raised", "by any amount", "least bid", "the player on the left"} <= labels
    for lang in ("cs", "de", "fr", "pl"):
        said = words(lang)
        untranslated = sorted(label for label in labels if said.gettext(label) == label)
        assert untranslated == [], (lang, untranslated)


def test_every_game_condition_a_record_names_is_a_game_term() -> None:
    """A record's `runs`, `unread`, `needed_if` and `refused_if` name attributes of GameTerms (a misspelt one
    would read as 'never' in the workshop)."""
    from dataclasses import fields as dataclass_fields

    from regola.mechanics.terms import GameTerms

    known = {f.name for f in dataclass_fields(GameTerms)}
    named: set[str] = set()
    mechanics = list(FORMED.values())
    while mechanics:
        mechanic = mechanics.pop()
        named |= {mechanic.runs, mechanic.unread} | {f.refused_if for f in mechanic.forms}
        params = list(mechanic.params)
        while params:
            param = params.pop()
            named.add(param.needed_if)
            params += param.fields
            if param.inner is not None:
                mechanics.append(param.inner)
    conditions = {name.removeprefix("not ") for name in named if name}
    assert conditions == {"auctions", "auction_unread", "listed_bids", "fixed_price"}
    assert conditions <= known


def test_a_rules_form_claim_is_read_from_the_records() -> None:
    """The forms an index rule may say its text holds under (``form:``) are the claimable records'
    signatures, once each; a block's own signature names its shape (the raise rule, listed bids)."""
    from regola.mechanics.auction import AUCTION
    from regola.mechanics.schema import CLAIMABLE, rule_form
    from regola.mechanics.start import START

    names = rule_form()["oneOf"][0]["enum"]
    assert len(names) == len(set(names)) and set(names) == {s for m in CLAIMABLE.values() for s in m.signatures()}
    assert {"open/exactly", "sealed/listed", "draft", "rotate"} <= set(names)
    assert AUCTION.signature({"kind": "open"}) == "open/any"
    assert AUCTION.signature({"kind": "open", "raise": {"kind": "multiple", "by": 100, "max": 300}}) == "open/multiple"
    assert AUCTION.signature({"kind": "sealed", "bids": {"by": 2, "max": 6}}) == "sealed/listed"
    assert AUCTION.signature({"kind": "dutch", "start": 8, "step": 2, "floor": 2}) == "dutch"
    assert START.signature({"kind": "rotate", "step": 1}) == "rotate"


@pytest.mark.parametrize(("claim", "at"), [("sealed/secret", ""), (["open", "haggle"], "/1")])
def test_a_claim_no_record_declares_is_refused_at_its_line(claim: Any, at: str, tmp_path: Path) -> None:
    from regola.core.errors import PackError
    from regola.core.pack import load_pack

    variant = tmp_path / "claim.yaml"
    variant.write_text("variant:\n  id: claim\n  base: [cs]\n  title: Claim\n  changes:\n    - {op: replace, path: "
                       f"/rules/completion.auction/form, value: {json.dumps(claim)}}}\n", encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack("cs", variants=[variant])
    assert caught.value.field == "/rules/completion.auction/form" + at and "claim.yaml:6:" in str(caught.value)


def _sentences(says: Says | Mapping[str, Says] | None) -> list[Says]:
    return [says] if isinstance(says, Says) else list((says or {}).values())


@pytest.mark.parametrize("mechanic", list(FORMED.values()), ids=lambda m: m.name)
def test_every_form_says_itself_and_fills_each_placeholder_from_its_block(mechanic: Mechanic) -> None:
    """A form's words are in its record: a sentence for every shape, each placeholder filled by a declared
    value (none left as '{by}', none computed and unsaid), a phrase for every choice a sentence names."""
    assert mechanic.title
    for form in mechanic.forms:
        sentences = _sentences(form.says)
        assert sentences, f"{mechanic.name}/{form.kind} has no words"
        assert isinstance(form.says, Says) or form.shape is not None
        for says in sentences:
            named = set(PLACEHOLDER.findall(says.text)) | set(PLACEHOLDER.findall(says.plural))
            assert named == {v.name for v in says.values}, (form.kind, says.text)
            for value in says.values:
                if value.shown == "phrase":
                    param = mechanic.param(value.at)
                    assert len(param.said) == len(param.choices) and value.default in param.choices


def test_a_shape_names_a_sentence_of_its_form() -> None:
    """Every block a form's parameters can make picks one of that form's sentences (the sampled blocks of
    each form and each of its shapes' own parameters)."""
    blocks = {"open": [{"raise": {"kind": k, "by": 1, "max": 5}} for k in RAISE.kinds],
              "sealed": [{}, {"bids": {"by": 1, "max": 5}}, {"bids": {"by": 1, "max": 5, "min": 2}}],
              "fixed": [{}, {"price": 3}], "draft": [{}, {"pass": "left"}, {"pass": "right"}]}
    for mechanic in FORMED.values():
        for form in mechanic.forms:
            if isinstance(form.says, Says):
                continue
            for block in blocks.get(form.kind, [{}]):
                for asked in ({}, {"asked_from": "start"}, {"asked_from": "opener"}):
                    whole = {"kind": form.kind, **block, **asked}
                    assert form.sentence(whole) in form.says.values(), whole  # type: ignore[union-attr]


FORM_HOLDERS = ("mechanics", "auction", "deal", "raise_rule", "form", "rule")


def _kind_questions(source: str) -> list[int]:
    """The lines that ask a mechanic's record for its form by name (``form.kind == "dutch"``)."""
    import ast

    mechanics = [*FORMED.values(), *(p.inner for m in FORMED.values() for p in m.params if p.inner is not None)]
    names = {form.kind for mechanic in mechanics for form in mechanic.forms}
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare) or not isinstance(node.left, ast.Attribute) or node.left.attr != "kind":
            continue
        if not any(holder in ast.unparse(node.left.value) for holder in FORM_HOLDERS):
            continue
        constants = [c for comp in node.comparators for c in ast.walk(comp) if isinstance(c, ast.Constant)]
        if any(c.value in names for c in constants):
            out.append(node.lineno)
    return out


def test_the_games_run_a_form_by_its_traits_never_by_its_name() -> None:
    """A game asks what a form does (``auction.falling``, ``deal.passed``), so a form made of traits it runs
    needs no change in the game; the form's name is its own module's to know."""
    games = ROOT / "engine" / "regola" / "games"
    asking = {path.relative_to(games).as_posix(): lines for path in sorted(games.rglob("*.py"))
              if (lines := _kind_questions(path.read_text(encoding="utf-8")))}
    assert asking == {}


def test_the_rule_sees_a_form_asked_by_name() -> None:
    assert _kind_questions('if state.rules.mechanics.auction.kind == "dutch":\n    pass\n'
                           'if deal.kind in ("draft", "display"):\n    pass\nif card.kind == "most":\n    pass\n'
                           'x = rule.kind == "exactly"\n') == [1, 3, 7]


@pytest.mark.parametrize("mechanic", list(FORMED.values()), ids=lambda m: m.name)
def test_every_form_has_only_traits_its_mechanic_lists(mechanic: Mechanic) -> None:
    """A trait is what a game's step asks: one a record gives and its mechanic does not list would be
    asked by nobody (and the record refuses to build)."""
    for form in mechanic.forms:
        assert set(form.traits) <= set(mechanic.traits), form.kind
        for param in mechanic.params:
            if param.inner is not None:
                assert all(set(f.traits) <= set(param.inner.traits) for f in param.inner.forms)


def test_every_part_of_the_block_is_written_from_the_module_that_compiles_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the block is kept by hand: the committed file's properties only give their order, and
    each enum and bound is the constant its compile step reads."""
    from regola.mechanics import awards, ending, moves, parts, visibility

    hollow = {**COMMITTED, "properties": {name: {} for name in COMMITTED["properties"]}}
    assert generated(hollow) == generated(COMMITTED)
    schema = generated(COMMITTED)["properties"]
    assert schema["awards"]["items"]["properties"]["when"]["enum"] == list(awards.MOMENTS)
    assert schema["end"]["items"]["properties"]["kind"]["enum"] == list(ending.END_KINDS)
    assert schema["parts"]["additionalProperties"]["properties"]["kind"]["enum"] == list(parts.KINDS)
    assert schema["visibility"]["additionalProperties"]["enum"] == list(visibility.HELD_AUDIENCES)
    assert schema["moves"]["additionalProperties"]["properties"]["limit"]["properties"]["per"]["enum"] == \
        list(moves.PERIODS)
    monkeypatch.setattr(awards, "MOST_AWARDS", 5)
    monkeypatch.setattr(parts, "MOST_CARDS", 7)
    changed = generated(COMMITTED)["properties"]
    assert changed["awards"]["maxItems"] == 5
    assert "at most 7" in changed["parts"]["additionalProperties"]["properties"]["cards"]["description"]
