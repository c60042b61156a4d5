"""Issue 22: tables over real HTTP on loopback — two people play whole games of both games, a refusal
names its rule in the reader's language, the live stream resumes after a reconnect, a SIGKILL loses no
accepted decision, the hot-seat device hides the previous hand, and no token reaches the log."""

from __future__ import annotations

import json
import re
import signal
import time
from pathlib import Path

import pytest
from tests.serve.conftest import Server, start_server, stop_server

from regola.cli.main import main

from .conftest import assert_private, play_to_the_end, serving

httpx = pytest.importorskip("httpx")
#: the German hand-over screen's heading (the tables catalog), before the seat number
HANDOVER_DE = "Gib das Gerät weiter an: Platz"


@pytest.mark.parametrize(("pack", "players"), [("pl", 2), ("cs", 2)])
def test_two_people_play_a_whole_game(tables_server: Server, pack: str, players: int, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": pack, "seats": ["human"] * players})
        assert made.status_code == 201, made.text
        tokens = {int(seat): token for seat, token in made.json()["seats"].items()}
        early = client.get(f"/api/v1/tables/{tokens[0]}/record")
        assert early.status_code == 403  # a seat gets the record once the game is over
        last = play_to_the_end(client, tokens)
        assert last["result"] and last["over"]
        # a program asks for the moves in words: each event says what was done, in the language asked
        told = client.get(f"/api/v1/tables/{made.json()['spectator']}", params={"since": 0, "lang": "de-AT"}).json()
        name = "Platz " if pack == "pl" else ""
        assert told["events"] and all(e["said"] and e["said"][0].startswith(name) for e in told["events"])
        assert all("said" not in e for e in last["events"])  # none asked, none told
        for odd in ("x" * 5000, "zz", "../../etc", "de;q=abc"):  # any language: answered in the pack's own
            assert client.get(f"/api/v1/tables/{tokens[0]}", params={"lang": odd}).status_code == 200
        record = client.get(f"/api/v1/tables/{tokens[1]}/record")
        assert record.status_code == 200 and record.headers["content-type"].startswith("application/x-ndjson")
    path = tmp_path / "table.jsonl"
    path.write_bytes(record.content)
    capsys.readouterr()
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["ok"] and replayed["complete"]
    assert "T" not in "".join(t for t in tokens.values() if t in tables_server.log_text())  # no token logged
    for token in tokens.values():
        assert token not in tables_server.log_text()


def test_a_refusal_names_the_rule_in_the_reader_s_language(tables_server: Server) -> None:
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
        token = made["seats"]["0"]
        before = client.get(f"/api/v1/tables/{token}").json()
        reply = client.post(f"/api/v1/tables/{token}/decisions?lang=fr", json={"action": ["return", 999],
                                                                                 "n": before["n"]})
        assert reply.status_code == 409
        body = reply.json()
        assert body["rule"] == "setup.professions" and body["rulebook"] == "/pl/fr/#rule-setup.professions"
        assert "cartes" in body["text"]  # the rule in French
        assert client.get(f"/api/v1/tables/{token}").json()["n"] == before["n"]  # nothing changed
        spectator = client.post(f"/api/v1/tables/{made['spectator']}/decisions", json={"action": ["return", 1],
                                                                                            "n": before["n"]})
        assert spectator.status_code == 403
        assert client.get("/api/v1/tables/" + "x" * 32).status_code == 404
        bad = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human"] * 9})
        assert bad.status_code == 422


def test_the_live_stream_resumes_from_the_last_line(tables_server: Server) -> None:
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
        zero, one = made["seats"]["0"], made["seats"]["1"]
        with client.stream("GET", f"/api/v1/tables/{one}/events") as stream:
            lines = stream.iter_lines()
            first = _next_update(lines)
            assert_private(first, 1)
            now = client.get(f"/api/v1/tables/{zero}").json()
            assert client.post(f"/api/v1/tables/{zero}/decisions",
                               json={"action": now["view"]["legal"][0], "n": now["n"]}).status_code == 200
            second = _next_update(lines)
            assert second["n"] > first["n"] and second["events"][-1]["action"] == ["return", None]  # the card unseen
        # a reconnect with Last-Event-ID gets only what it missed
        now = client.get(f"/api/v1/tables/{one}").json()
        assert client.post(f"/api/v1/tables/{one}/decisions",
                           json={"action": now["view"]["legal"][0], "n": now["n"]}).status_code == 200
        with client.stream("GET", f"/api/v1/tables/{one}/events",
                           headers={"Last-Event-ID": str(second["n"])}) as stream:
            resumed = _next_update(stream.iter_lines())
            told = [e["n"] for e in resumed["events"]]  # decisions only: a deal is never told
            assert told and min(told) == second["n"] + 1 and max(told) <= resumed["n"]


def _next_update(lines: object) -> dict[str, object]:
    data = None
    for line in lines:  # type: ignore[attr-defined]
        if line.startswith("data: "):
            data = json.loads(line[6:])
        elif line == "" and data is not None:
            return dict(data)
    raise AssertionError("the stream ended")


def test_a_killed_server_loses_no_accepted_decision(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    server = start_server(tmp_path, "--db", str(db))
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            made = client.post("/api/v1/tables", json={"pack": "cs", "seats": ["human", "greedy"]}).json()
            token = made["seats"]["0"]
            deadline = time.monotonic() + 60
            while client.get(f"/api/v1/tables/{token}").json()["n"] < 12:  # the person and the bot move
                assert time.monotonic() < deadline, "the bot never answered"
                message = client.get(f"/api/v1/tables/{token}").json()
                if message["to_move"] == 0:
                    client.post(f"/api/v1/tables/{token}/decisions", json={"action": message["view"]["legal"][0],
                                                                                "n": message["n"]})
                else:
                    time.sleep(0.02)
            before = client.get(f"/api/v1/tables/{made['host']}/record").text
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=10)
        (tmp_path / "again").mkdir()
        server = start_server(tmp_path / "again", "--db", str(db))
        with httpx.Client(base_url=server.url, timeout=30) as client:
            after = client.get(f"/api/v1/tables/{made['host']}/record").text
            kept = before.splitlines()
            assert len(kept) > 12 and after.splitlines()[:len(kept)] == kept  # every line accepted is still there
            last = play_to_the_end(client, {0: token})
            assert last["over"] and last["result"]
    finally:
        if server.process.poll() is None:
            assert stop_server(server) == 0, server.log_text()[-2000:]


def test_the_hot_seat_device_hides_the_previous_hand(tables_server: Server) -> None:
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"], "hot_seat": True})
        device = made.json()["hotseat"]
        shown = client.get(f"/api/v1/tables/{device}").json()
        mover = shown["to_move"]
        assert shown["handover"] == mover and shown["seat"] is None
        assert all("hand" not in p for p in shown["view"]["players"])  # the hand-over screen shows no hand
        handed = client.get(f"/api/v1/tables/{device}?reveal={mover}").json()
        assert "hand" in handed["view"]["players"][mover]
        wrong = client.get(f"/api/v1/tables/{device}?reveal={1 - mover}").json()
        assert all("hand" not in p for p in wrong["view"]["players"])  # not to move: no hand
        page = client.get(f"/t/{device}?lang=de")
        assert page.status_code == 200 and HANDOVER_DE in page.text and 'class="hand"' not in page.text


def test_decisions_faster_than_the_rate_are_told_to_wait(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_TABLE_RATE", "3")
    with serving(tmp_path) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
        token = made["seats"]["0"]
        at = client.get(f"/api/v1/tables/{token}").json()["n"]
        answers = [client.post(f"/api/v1/tables/{token}/decisions", json={"action": ["return", 999], "n": at})
                   for _ in range(4)]
        assert [a.status_code for a in answers] == [409, 409, 409, 429]
        assert int(answers[-1].headers["retry-after"]) >= 1
        other = client.post(f"/api/v1/tables/{made['seats']['1']}/decisions", json={"action": ["return", 999],
                                                                                     "n": at})
        assert other.status_code == 409  # another link is not slowed by this one


def test_the_replay_viewer_steps_through_a_finished_table(tables_server: Server) -> None:
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "cs", "seats": ["human", "human"]}).json()
        tokens = {0: made["seats"]["0"], 1: made["seats"]["1"]}
        early = client.get(f"/t/{tokens[0]}/replay")
        assert early.status_code == 403  # a seat replays once the game is over; the host at any time
        assert client.get(f"/t/{made['host']}/replay?k=0").status_code == 200
        play_to_the_end(client, tokens)
        opened = client.get(f"/t/{tokens[0]}/replay?lang=de")  # a replay opens at its start
        steps = int(re.search(r"Schritt (\d+) von (\d+)", opened.text).group(2))  # type: ignore[union-attr]
        assert steps > 10 and f"Schritt 0 von {steps}" in opened.text
        last = client.get(f"/t/{tokens[0]}/replay?k={steps}&lang=de")
        assert f"Schritt {steps} von {steps}" in last.text
        middle = client.get(f"/t/{tokens[0]}/replay?k={steps // 2}&lang=de")
        assert f"Schritt {steps // 2} von {steps}" in middle.text and "<svg" in middle.text
        said = re.search(r'<p class="status">([^<]+)</p>', client.get(f"/t/{tokens[0]}/replay?k=2&lang=de").text)
        assert said and re.match(r"(Gelb|Rot): ", said.group(1))  # the first decision, after the deal
        back = re.search(rf'href="([^"]*k={steps // 2 - 1}[^"]*)"', middle.text)
        assert back and client.get(back.group(1).replace("&amp;", "&")).status_code == 200
        first = client.get(f"/t/{tokens[0]}/replay?k=0&lang=de")
        assert "Schritt 0 von" in first.text


@pytest.mark.parametrize(("pack", "setup"), [("cs", "beginner"), ("pl", "standard")])
def test_any_record_replays_step_by_step(tables_server: Server, tmp_path: Path, pack: str, setup: str) -> None:
    """A record written by `regola play` is refereed by an engine worker, then stepped through; a broken
    record is refused with its line, and nothing is kept."""
    record = tmp_path / "game.jsonl"
    assert main(["play", "--pack", pack, "--players", "3", "--seed", "5", "--bots", "random", "--setup", setup,
                 "--record", str(record), "--json"]) == 0
    text = record.read_text(encoding="utf-8")
    with httpx.Client(base_url=tables_server.url, timeout=60) as client:
        assert client.get("/replay?lang=pl").status_code == 200
        sent = client.post("/replay?lang=de", data={"record": text})
        assert sent.status_code == 303
        last = client.get(sent.headers["location"])
        assert last.status_code == 200 and "<svg" in last.text
        steps = int(re.search(r"Schritt (\d+) von (\d+)", last.text).group(2))  # type: ignore[union-attr]
        assert steps == len(text.splitlines()) - 2  # header and result lines are not steps
        first = client.get(sent.headers["location"].split("?")[0] + "?k=0&lang=de")
        assert "Schritt 0 von" in first.text
        lines = text.splitlines()
        lines[3] = lines[3].replace('"seat":', '"seat":9,"x":')  # a line that breaks the record
        broken = client.post("/replay", data={"record": "\n".join(lines)})
        assert broken.status_code == 422 and "body:4" in broken.text
        assert client.get("/replay/" + "0" * 32).status_code == 404


def test_live_streams_do_not_use_up_a_client_s_share_of_requests(tables_server: Server) -> None:
    """A club behind one address holds a live stream per phone: more streams than the per-client bound
    of requests (16) stay open, and ordinary requests are still served."""
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
        streams = [httpx.Client(base_url=tables_server.url, timeout=30) for _ in range(20)]
        opened = []
        try:
            for other in streams:
                response = other.send(other.build_request("GET", f"/api/v1/tables/{made['spectator']}/events"),
                                      stream=True)
                assert response.status_code == 200
                opened.append(response)
            assert client.get(f"/api/v1/tables/{made['seats']['0']}").status_code == 200
            assert client.get("/healthz").status_code == 200
        finally:
            for response in opened:
                response.close()
            for other in streams:
                other.close()


def test_an_idle_table_is_closed_by_the_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_TABLE_IDLE_HOURS", "0.0002")  # 0.72 s
    monkeypatch.setenv("REGOLA_TABLE_SWEEP_SECONDS", "0.3")
    with serving(tmp_path) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
        token = made["seats"]["0"]
        assert client.get(f"/api/v1/tables/{token}").status_code == 200
        deadline = time.monotonic() + 20
        while client.get(f"/api/v1/tables/{token}").status_code == 200:
            assert time.monotonic() < deadline, "the idle table was never closed"
            time.sleep(0.2)
        closed = client.get(f"/api/v1/tables/{token}")
        assert closed.status_code == 404 and "closed" in closed.json()["detail"]


def test_a_client_s_live_streams_are_bounded(tmp_path: Path) -> None:
    with serving(tmp_path, "--client-streams", "2") as server, httpx.Client(base_url=server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
        url = f"/api/v1/tables/{made['spectator']}/events"
        first = client.send(client.build_request("GET", url), stream=True)
        second = client.send(client.build_request("GET", url), stream=True)
        third = client.get(url)
        assert (first.status_code, second.status_code, third.status_code) == (200, 200, 429)
        assert third.headers["retry-after"] and client.get("/healthz").status_code == 200
        first.close()
        second.close()


def test_the_home_page_leads_to_the_tables_and_tables_lands_on_the_form(tables_server: Server) -> None:
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        home = client.get("/", headers={"Accept-Language": "de"})
        assert 'href="/tables/new?lang=de"' in home.text and 'href="/replay?lang=de"' in home.text
        landed = client.get("/tables?lang=pl")
        assert landed.status_code == 303 and landed.headers["location"] == "/tables/new?lang=pl"
        form = client.get(landed.headers["location"])
        assert form.status_code == 200 and 'action="/tables/new?lang=pl"' in form.text


@pytest.mark.parametrize(("pack", "lang"), [("cs", "de"), ("pl", "en")])
def test_a_seat_s_tab_names_the_game_and_the_seat(tables_server: Server, pack: str, lang: str) -> None:
    from regola.text.catalog import catalog_for

    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": pack, "seats": ["human", "human"]}).json()
        token = made["seats"]["1"]
        view = client.get(f"/api/v1/tables/{token}").json()["view"]
        color = view["players"][1].get("color")
        game_id = "maestro-leonardo" if pack == "cs" else "princes-of-florence"
        expected = catalog_for(lang, game=game_id).name("colors", color) if color else "Seat 2"
        title = re.search(r"<title>([^<]*)</title>", client.get(f"/t/{token}?lang={lang}").text)
        assert title is not None and " · " in title.group(1), title
        game, who = title.group(1).split(" · ", 1)
        assert who.startswith(expected) and game and "Table" not in game
        spectator = client.get(f"/t/{made['spectator']}?lang={lang}").text
        assert "<title>" in spectator and made["table"][:8] not in spectator.split("</title>")[0]


def test_a_table_page_follows_the_browser_and_offers_every_language(tables_server: Server) -> None:
    """Issue 45 item 2: /tables/new opened directly ignored the browser's language, no page offered the
    others, and the seat links shown as text lost their ?lang=."""
    with httpx.Client(base_url=tables_server.url, timeout=30, follow_redirects=False) as client:
        german = client.get("/tables/new", headers={"Accept-Language": "de-AT, en;q=0.5"})
        assert german.status_code == 200 and 'lang="de"' in german.text and "Neuer Tisch" in german.text
        switch = re.search(r'<nav class="languages">(.*?)</nav>', german.text)
        assert switch is not None
        for code, name in (("cs", "čeština"), ("de", "Deutsch"), ("en", "English"), ("fr", "français"),
                           ("pl", "polski")):
            assert f'hreflang="{code}"' in switch[1] and name in switch[1], (code, switch[1])
        assert 'aria-current="true">Deutsch' in switch[1]
        french = client.get("/tables/new?lang=fr", headers={"Accept-Language": "de"})  # the asked one wins
        assert 'lang="fr"' in french.text
        made = client.post("/tables/new?lang=de", data={"pack": "cs", "players": "2", "seat0": "human",
                                                        "seat1": "greedy"},
                           headers={"Origin": tables_server.url})
        assert made.status_code == 201, made.text[-300:]
        shown = re.findall(r"<a href=\"[^\"]+\">([^<]+)</a>", made.text.split("<ul>", 1)[1])
        assert shown and all(text.endswith("?lang=de") for text in shown), shown
        assert '<nav class="languages">' not in made.text  # the links are shown once: no way to lose them
