"""Issue 30 item 4: a saved game goes on at a browser table. The record `regola play` wrote (cut short, as
`!save` leaves one) becomes a table over real HTTP that people finish; its lines are the record's; every
kind of bad record is refused with a proper status and nothing is made."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.serve.conftest import Server

from regola.cli.main import main

from .conftest import play_to_the_end

httpx = pytest.importorskip("httpx")
NDJSON = {"content-type": "application/x-ndjson"}


def _saved(tmp_path: Path, pack: str, players: int, cut: int) -> str:
    """A game recorded by `regola play`, its header and first ``cut`` lines: an unfinished record."""
    path = tmp_path / "game.jsonl"
    assert main(["play", "--pack", pack, "--players", str(players), "--seed", "6", "--record", str(path)]) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[:1 + cut]) + "\n"


@pytest.mark.parametrize(("pack", "players", "cut"), [("pl", 2, 40), ("cs", 2, 60)])
def test_a_saved_game_goes_on_at_a_table(tables_server: Server, tmp_path: Path, pack: str, players: int,
                                         cut: int, capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, pack, players, cut)
    capsys.readouterr()
    with httpx.Client(base_url=tables_server.url, timeout=60) as client:
        made = client.post("/api/v1/tables/from-record", params={"seats": "human,human"}, content=saved,
                           headers=NDJSON)
        assert made.status_code == 201, made.text
        tokens = {int(seat): token for seat, token in made.json()["seats"].items()}
        first = client.get(f"/api/v1/tables/{made.json()['spectator']}").json()
        assert first["n"] >= cut and not first["over"]  # (a chance outcome may follow the last line at once)
        last = play_to_the_end(client, tokens)
        assert last["over"] and last["result"]
        record = client.get(f"/api/v1/tables/{made.json()['host']}/record").text.splitlines()
    recorded = [json.loads(line) for line in saved.splitlines()[1:]]
    assert [json.loads(line) for line in record[1:1 + cut]] == recorded  # the saved game, line for line
    header = json.loads(record[0])
    assert header["pack"] == pack and header["seed"] is None  # the table's own chance from here: no seed told
    path = tmp_path / "finished.jsonl"
    path.write_text("\n".join(record) + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0  # the whole game referees as one record
    assert json.loads(capsys.readouterr().out)["complete"]


def test_a_bad_record_makes_no_table(tables_server: Server, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    saved = _saved(tmp_path, "pl", 2, 30)
    lines = saved.splitlines()
    header = json.loads(lines[0])
    finished = (tmp_path / "game.jsonl").read_text(encoding="utf-8")
    capsys.readouterr()
    broken = json.loads(lines[5])
    broken["action"] = ["build", "nothing-such"]
    cases = {
        "finished": (finished, 422),
        "a line that breaks a rule": ("\n".join([*lines[:5], json.dumps(broken), *lines[6:]]) + "\n", 422),
        "variant as a path": (json.dumps({**header, "variants": ["../../etc/passwd"]}) + "\n" + "\n".join(lines[1:]),
                              422),
        "unknown pack": (json.dumps({**header, "pack": "nope"}) + "\n" + "\n".join(lines[1:]), 422),
        "empty": ("", 422),
        "seats as a text": (json.dumps({**header, "seats": "human"}) + "\n" + "\n".join(lines[1:]), 422),
        "seats as numbers": (json.dumps({**header, "seats": [1, 2]}) + "\n" + "\n".join(lines[1:]), 422),
        "a bot too costly": (json.dumps({**header, "seats": [{"seat": 0, "player": "human"},
                                                             {"seat": 1, "player": "mcts:iters=999999999"}]})
                             + "\n" + "\n".join(lines[1:]), 422),
        "not JSON": ("hello\nworld\n", 422),
        "a line too long": (lines[0] + "\n" + "x" * 2_000_000 + "\n", 413),
    }
    with httpx.Client(base_url=tables_server.url, timeout=60) as client:
        before = client.get("/healthz").status_code
        for name, (body, status) in cases.items():
            reply = client.post("/api/v1/tables/from-record", content=body, headers=NDJSON)
            assert reply.status_code == status, (name, reply.status_code, reply.text[:300])
            assert reply.headers["content-type"].startswith("application/problem+json"), name
        assert client.post("/api/v1/tables/from-record", params={"seats": "human"}, content=saved,
                           headers=NDJSON).status_code == 422  # one seat for a two-player game
        assert client.post("/api/v1/tables/from-record", params={"seats": "human,../x"}, content=saved,
                           headers=NDJSON).status_code == 400
        assert client.post("/api/v1/tables/from-record", content=saved,
                           headers={"content-type": "image/png"}).status_code == 415
        assert client.get("/healthz").status_code == before == 200


def test_the_new_table_page_continues_a_pasted_record(tables_server: Server, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The page's form (what a browser without a program posts): the record pasted, one seat changed to a
    bot, the others as recorded; the links page names the seats; a bad record shows the form again."""
    saved = _saved(tmp_path, "cs", 2, 50)
    capsys.readouterr()
    with httpx.Client(base_url=tables_server.url, timeout=60) as client:
        form = client.get("/tables/new?lang=de").text
        assert 'action="/tables/continue?lang=de"' in form and 'data-fills="record"' in form
        made = client.post("/tables/continue?lang=de", data={"record": saved, "seat0": "human", "seat1": "greedy"})
        assert made.status_code == 201, made.text[:500]
        assert "Gelb" in made.text and "Rot" not in made.text.split("Zuschauer")[0]  # one person's link
        refused = client.post("/tables/continue?lang=de", data={"record": saved.replace('"seat":0', '"seat":7')})
        assert refused.status_code == 422 and 'class="refused"' in refused.text
        foreign = client.post("/tables/continue", data={"record": saved}, headers={"sec-fetch-site": "cross-site"})
        assert foreign.status_code == 403
        crowded = client.post("/tables/continue", data={"record": saved, **{f"x{i}": "1" for i in range(9)}})
        assert crowded.status_code == 400


def test_a_record_s_variant_must_be_the_one_served(tables_server: Server, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A record embeds its variants whole: one the server serves with the same changes goes on; the same
    id with other changes (rules of the record's own under a served name) is refused."""
    path = tmp_path / "game.jsonl"
    assert main(["play", "--pack", "pl", "--variant", "muse-and-princess", "--players", "3", "--seed", "6",
                 "--record", str(path)]) == 0
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").splitlines()[:41]
    header = json.loads(lines[0])
    assert [v["id"] for v in header["variants"]] == ["muse-and-princess"]
    with httpx.Client(base_url=tables_server.url, timeout=60) as client:
        good = client.post("/api/v1/tables/from-record", params={"seats": "human,greedy,greedy"},
                           content="\n".join(lines) + "\n", headers=NDJSON)
        assert good.status_code == 201, good.text
        assert client.get(f"/api/v1/tables/{good.json()['spectator']}").json()["variants"] == ["muse-and-princess"]
        changed = json.loads(json.dumps(header))
        changed["variants"][0]["changes"] = changed["variants"][0]["changes"][:1]
        forged = client.post("/api/v1/tables/from-record", params={"seats": "human,greedy,greedy"},
                             content="\n".join([json.dumps(changed), *lines[1:]]) + "\n", headers=NDJSON)
        assert forged.status_code == 422, forged.text
