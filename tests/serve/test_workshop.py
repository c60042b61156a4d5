"""The workshop over real HTTP: its form round-trips to the same variant file, a value the schema refuses is
named at its field, and what a stranger posts is bounded, parsed by the field's kind and never a path."""

from __future__ import annotations

import re

import httpx
import pytest
import yaml

from regola.core.pack import load_pack
from regola.mechanics.editable import fields


def _fields_of(page: str) -> dict[str, str]:
    """Every input and select of the form with the value the page shows (what a browser would post)."""
    out = {m[0]: m[1] for m in re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', page)}
    out |= {m[0]: m[1] for m in re.findall(r'<input type="number" step="[^"]+" name="([^"]+)" value="([^"]*)"', page)}
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option(?: value="([^"]*)")? selected>([^<]*)<', options)
        if chosen:
            out[name] = chosen[1] if chosen[1] is not None else chosen[2]
    return {k.replace("&#x27;", "'").replace("&amp;", "&"): v for k, v in out.items()}


def test_the_form_offers_every_field_with_todays_value(client: httpx.Client) -> None:
    page = client.get("/workshop/cs/de/")
    assert page.status_code == 200 and '<html lang="de">' in page.text
    shown = _fields_of(page.text)
    offered = fields(load_pack("cs"))
    assert len(offered) > 100
    for f in offered:
        want = ("true" if f.value else "false") if f.kind == "bool" else "" if f.value is None else str(f.value)
        assert shown[f.pointer] == want, f.pointer
    assert "/mechanics/start_player/kind" in shown and 'id="rule-setup.beginner_seats"' in page.text


def test_the_form_round_trips_to_the_same_variant_file(client: httpx.Client) -> None:
    posted = _fields_of(client.get("/workshop/cs/en/").text)
    posted.update({"id": "club-rich-red", "title": "A rich red seat", "/setup/beginner/seats/1/money": "8",
                   "/mechanics/turn_order/kind": "counterclockwise"})
    answer = client.post("/workshop/cs/en/", data=posted)
    assert answer.status_code == 200, answer.text[-500:]
    assert "What it changes" in answer.text and "3 → 8" in answer.text
    link = re.search(r'href="(/workshop/cs/en/variant\.yaml\?variant=[^"]+)"', answer.text)
    assert link is not None
    downloaded = client.get(link[1].replace("&amp;", "&"))
    assert downloaded.status_code == 200 and "attachment" in downloaded.headers["content-disposition"]
    variant = yaml.safe_load(downloaded.text)["variant"]
    assert variant == {"id": "club-rich-red", "base": ["cs"], "title": "A rich red seat", "changes": [
        {"op": "replace", "path": "/setup/beginner/seats/1/money", "value": 8},
        {"op": "replace", "path": "/mechanics/turn_order", "value": {"kind": "counterclockwise"}}]}
    # the downloaded file is the house rule itself: loaded again, it sets what the form set
    pack = load_pack("cs", variants=[_write(downloaded.text)])
    assert pack.data["setup"]["beginner"]["seats"][1]["money"] == 8
    assert pack.data["mechanics"]["turn_order"] == {"kind": "counterclockwise"}
    # and the form shows the values it was posted with, so a second change starts from the first
    again = _fields_of(answer.text)
    assert again["/setup/beginner/seats/1/money"] == "8" and again["/mechanics/turn_order/kind"] == "counterclockwise"


def _write(text: str) -> str:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, encoding="utf-8") as f:
        f.write(text)
        return f.name


def test_a_refused_value_is_named_at_its_field_and_nothing_is_kept(client: httpx.Client) -> None:
    answer = client.post("/workshop/cs/en/", data={"/setup/beginner/seats/0/money": "-5"})
    assert answer.status_code == 422
    field = re.search(r'<label class="field edited">.*?name="/setup/beginner/seats/0/money".*?</label>', answer.text,
                      re.S)
    assert field is not None and 'role="alert"' in field[0] and "0 to" in field[0]
    assert "variant.yaml" not in answer.text
    unchanged = client.post("/workshop/cs/en/", data={"/setup/beginner/seats/0/money": "3"})
    assert unchanged.status_code == 200 and "Nothing is changed yet" in unchanged.text


def test_what_a_stranger_posts_is_parsed_by_kind_and_bounded(client: httpx.Client) -> None:
    bad = client.post("/workshop/cs/en/", data={"/setup/beginner/seats/0/money": "9" * 40,
                                                "/mechanics/turn_order/kind": "sideways",
                                                "id": "../../etc/passwd"})
    assert bad.status_code == 422
    assert bad.text.count('role="alert"') >= 3
    # a field the pack does not offer is not a change: a path to anywhere is ignored, not written
    ignored = client.post("/workshop/cs/en/", data={"/pack/id": "x", "/rules/game.players/cites/0": "x"})
    assert ignored.status_code == 200 and "Nothing is changed yet" in ignored.text
    huge = client.post("/workshop/cs/en/", content=b"a=" + b"1" * 300_000,
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert huge.status_code == 413
    many = client.post("/workshop/cs/en/", content="&".join(f"f{i}=1" for i in range(5000)).encode(),
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert many.status_code == 400
    elsewhere = client.post("/workshop/cs/en/", data={"id": "x"}, headers={"Origin": "https://evil.example"})
    assert elsewhere.status_code == 403
    assert client.get("/workshop/nope/en/").status_code == 404
    assert client.get("/workshop/cs/xx/").status_code == 404
    assert client.get("/workshop/cs/en/variant.yaml?variant=../../x").status_code in (404, 422)


def test_the_home_page_leads_to_the_workshop_in_the_readers_language(client: httpx.Client) -> None:
    home = client.get("/", headers={"Accept-Language": "de"})
    link = re.search(r'<p class="workshop"><a href="([^"]+)">([^<]+)</a>', home.text)
    assert link is not None and link[1] == "/workshop?lang=de" and link[2] == "Eine Regel in der Werkstatt ändern"
    index = client.get(link[1])
    assert index.status_code == 200 and "<h1>Werkstatt</h1>" in index.text
    assert 'href="/workshop/cs/de/"' in index.text and 'href="/workshop/pl/pl/"' in index.text


def test_each_form_offers_its_own_parameters_in_the_readers_words(client: httpx.Client) -> None:
    """Choosing a Dutch auction on a German page: the form's own fields are there, labelled in German with the
    form they belong to; left empty, the one it needs is named at its field in German; filled, the variant
    sets the whole form and passes the check."""
    page = client.get("/workshop/cs/de/").text
    auction = re.search(r'<select name="/mechanics/auction/kind" data-kind="">(.*?)</select>', page, re.S)
    assert auction is not None and ">verdeckte Gebote<" in auction[1] and ">sealed<" not in auction[1]
    start = re.search(r'<label class="field"[^>]*data-when="/mechanics/auction/kind=dutch">'
                      r'<span class="name">([^<]*)<span class="forms">([^<]*)</span>', page)
    assert start is not None and start[1] == "Anfangspreis" and "holländisch" in start[2]
    step = re.search(r'<label class="field"[^>]*>(?:(?!</label>).)*name="/mechanics/auction/step".*?</label>',
                     page, re.S)
    assert step is not None and 'value="1"' in step[0]  # a suggestion for a form the pack does not use ...
    assert 'class="today"' not in step[0]  # ... is not said to be today's value
    posted = _fields_of(page)
    posted["/mechanics/auction/kind"] = "dutch"
    refused = client.post("/workshop/cs/de/", data=posted)
    assert refused.status_code == 422
    field = re.search(r'<label class="field"[^>]*>(?:(?!</label>).)*name="/mechanics/auction/start".*?</label>',
                      refused.text, re.S)
    assert field is not None and "die gewählte Form braucht diesen Wert" in field[0]
    posted |= {"/mechanics/auction/start": "9", "/mechanics/auction/step": "2", "id": "club-dutch"}
    answer = client.post("/workshop/cs/de/", data=posted)
    assert answer.status_code == 200, answer.text[-800:]
    link = re.search(r'href="(/workshop/cs/de/variant\.yaml\?variant=[^"]+)"', answer.text)
    assert link is not None
    variant = yaml.safe_load(client.get(link[1].replace("&amp;", "&")).text)["variant"]
    assert variant["changes"] == [{"op": "replace", "path": "/mechanics/auction",
                                   "value": {"kind": "dutch", "start": 9, "step": 2, "floor": 0}}]
    # a parameter of a form not chosen is not written, whatever was posted for it
    posted |= {"/mechanics/auction/kind": "fixed", "/mechanics/auction/price": "7"}
    fixed = client.post("/workshop/cs/de/", data=posted)
    link = re.search(r'href="(/workshop/cs/de/variant\.yaml\?variant=[^"]+)"', fixed.text)
    assert link is not None
    variant = yaml.safe_load(client.get(link[1].replace("&amp;", "&")).text)["variant"]
    assert variant["changes"][0]["value"] == {"kind": "fixed", "price": 7}


def test_a_game_that_lists_its_bids_asks_for_them_with_its_sealed_form(client: httpx.Client) -> None:
    posted = _fields_of(client.get("/workshop/pl/en/").text)
    posted["/mechanics/auction/kind"] = "sealed"
    refused = client.post("/workshop/pl/en/", data=posted)
    assert refused.status_code == 422 and refused.text.count("the form chosen needs this value") == 2
    posted |= {"/mechanics/auction/bids/by": "100", "/mechanics/auction/bids/max": "1000",
               "/mechanics/auction/tie": "nobody"}
    answer = client.post("/workshop/pl/en/", data=posted)
    assert answer.status_code == 200, answer.text[-800:]
    link = re.search(r'href="(/workshop/pl/en/variant\.yaml\?variant=[^"]+)"', answer.text)
    assert link is not None
    variant = yaml.safe_load(client.get(link[1].replace("&amp;", "&")).text)["variant"]
    assert variant["changes"] == [{"op": "replace", "path": "/mechanics/auction", "value": {
        "kind": "sealed", "bids": {"by": 100, "max": 1000}, "tie": "nobody"}}]
    # its open auction's raise rule offers no unbounded raise: the game lists its bids
    raise_rule = re.search(r'<select name="/mechanics/auction/raise/kind"[^>]*>(.*?)</select>',
                           client.get("/workshop/pl/en/").text, re.S)
    assert raise_rule is not None and 'value="exactly"' in raise_rule[1] and 'value="any"' not in raise_rule[1]


def test_a_refused_choice_or_number_is_said_in_the_readers_words(client: httpx.Client) -> None:
    """On a German page, a choice not offered is answered with the German names of the choices, never the
    data's keys, and a number that is none in German too."""
    answer = client.post("/workshop/cs/de/", data={"/mechanics/auction/kind": "sideways",
                                                   "/setup/beginner/seats/0/money": "lots"})
    assert answer.status_code == 422
    alerts = re.findall(r'role="alert">([^<]*)<', answer.text)
    assert any(a.startswith("erwartet eines von: verdeckte Gebote, offenes Bieten") for a in alerts), alerts
    assert "erwartet: eine ganze Zahl" in alerts
    assert not any("sealed" in a or "dutch" in a for a in alerts)


@pytest.mark.parametrize("pack", ["cs", "pl"])
def test_every_value_a_house_rule_may_set_is_named_in_every_language(pack: str) -> None:
    """The workshop labels each field with the catalog's words: no data key (``prestige_draw``,
    ``abort_started_this_turn``) and no measure id (``auction_paid``) reaches a reader in any language."""
    from regola.text.catalog import catalog_for, languages_of
    from regola.text.diff import field_words
    from regola.text.mechanics import measure_names

    base = load_pack(pack)
    for lang in languages_of(base.game):
        catalog = catalog_for(lang, game=base.game)
        raw = {f.pointer for f in fields(base) if f.rule is not None
               and "_" in (key := f.pointer.rsplit("/", 1)[-1]) and key in field_words(catalog, base, f.pointer)}
        assert not raw, (lang, sorted(raw))
        measures = measure_names(catalog, base)
        assert measures and not [m for m, said in measures.items() if said == m and "_" in m], (lang, measures)
