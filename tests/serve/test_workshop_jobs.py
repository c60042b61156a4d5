"""The workshop's jobs over real HTTP: a comparison runs in the server's bounded child process while the
page that started it is gone, its progress streams as Server-Sent Events, its report is served when it
ends, a second job of the same client is refused, and a restart marks what was running as failed."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import httpx
import pytest
import yaml
from tests.serve.conftest import Server, start_server, stop_server

pytest.importorskip("duckdb")


def _posted_token(client: httpx.Client) -> str:
    answer = client.post("/workshop/cs/en/", data={"id": "club-job", "/setup/beginner/seats/1/money": "6"})
    assert answer.status_code == 200, answer.text[-400:]
    found = re.search(r'name="variant" value="([^"]+)"', answer.text)
    assert found is not None, "the result offers no comparison"
    return found[1]


def _server(folder: Path, *extra: str) -> Server:
    folder.mkdir(parents=True)
    return start_server(folder, *extra)


def _state(client: httpx.Client, job_id: str) -> dict[str, object]:
    """The first progress event of the job's stream (the stream is then closed, like a page that goes)."""
    with client.stream("GET", f"/workshop/jobs/{job_id}/events") as events:
        assert events.headers["content-type"].startswith("text/event-stream")
        line = next(line for line in events.iter_lines() if line.startswith("data: "))
    return dict(json.loads(line.removeprefix("data: ")))


def test_a_job_outlives_its_page_streams_progress_and_ends_with_a_report(tmp_path: Path) -> None:
    server = _server(tmp_path / "s1", "--workshop-jobs", str(tmp_path / "jobs"), "--job-games", "40")
    try:
        with httpx.Client(base_url=server.url, timeout=30, follow_redirects=False) as client:
            token = _posted_token(client)
            assert client.post("/workshop/cs/en/compare", data={"variant": token, "games": "41"}).status_code == 422
            started = client.post("/workshop/cs/en/compare", data={"variant": token, "games": "6"})
            assert started.status_code == 303
            page_url = started.headers["location"]
            job_id = page_url.split("/workshop/jobs/", 1)[1].split("?", 1)[0]
            # one job at a time per client: the second is refused, not queued
            assert client.post("/workshop/cs/en/compare", data={"variant": token, "games": "5"}).status_code == 429
            # the page goes away after the first event: the job goes on regardless
            progress = _state(client, job_id)
            assert progress["total"] == 2 * 6 * 3 and progress["state"] in ("queued", "running", "done")
            deadline = time.monotonic() + 240
            state = progress
            while time.monotonic() < deadline and state["state"] not in ("done", "failed"):
                time.sleep(1)
                state = _state(client, job_id)
            assert state["state"] == "done", state
            assert state["played"] == state["total"]
            page = client.get(page_url)
            assert page.status_code == 200 and f"/workshop/jobs/{job_id}/report" in page.text
            assert 'http-equiv="refresh"' not in page.text  # finished: the page stops reloading
            assert "probe,greedy" in page.text  # the lineups that judged it, compare's defaults
            assert "data-events" not in page.text  # and its script does not follow the job any more
            report = client.get(f"/workshop/jobs/{job_id}/report")
            assert report.status_code == 200 and "club-job" in report.text
            assert client.get("/workshop/jobs/../../etc").status_code == 404
            assert client.get("/workshop/jobs/" + "0" * 32).status_code == 404
    finally:
        assert stop_server(server) == 0


def test_a_restart_marks_a_running_job_failed(tmp_path: Path) -> None:
    jobs = tmp_path / "jobs"
    server = _server(tmp_path / "s1", "--workshop-jobs", str(jobs), "--job-games", "5000")
    with httpx.Client(base_url=server.url, timeout=30) as client:
        token = _posted_token(client)
        started = client.post("/workshop/cs/en/compare", data={"variant": token, "games": "5000"},
                              follow_redirects=False)
        job_id = started.headers["location"].split("/workshop/jobs/", 1)[1].split("?", 1)[0]
        time.sleep(2)
    assert stop_server(server) == 0
    again = _server(tmp_path / "s2", "--workshop-jobs", str(jobs))
    try:
        page = httpx.get(f"{again.url}/workshop/jobs/{job_id}", timeout=30)
        assert page.status_code == 200 and "the server stopped while it ran" in page.text
    finally:
        assert stop_server(again) == 0


def test_jobs_are_off_unless_the_server_is_started_with_them(client: httpx.Client) -> None:
    answer = client.post("/workshop/cs/en/", data={"id": "club-job", "/setup/beginner/seats/1/money": "6"})
    assert answer.status_code == 200 and 'action="/workshop/cs/en/compare"' not in answer.text
    found = re.search(r"variant\.yaml\?variant=([^\"&]+)", answer.text)
    assert found is not None
    token = found[1]
    assert client.post("/workshop/cs/en/compare", data={"variant": token, "games": "5"}).status_code == 404


def test_tune_it_searches_from_the_house_rule_and_offers_what_it_found(tmp_path: Path) -> None:
    server = _server(tmp_path / "s1", "--workshop-jobs", str(tmp_path / "jobs"))
    try:
        with httpx.Client(base_url=server.url, timeout=30, follow_redirects=False) as client:
            token = _posted_token(client)
            started = client.post("/workshop/cs/en/tune", data={"variant": token, "games": "300"})
            assert started.status_code == 303, started.text
            job_id = started.headers["location"].split("/workshop/jobs/", 1)[1].split("?", 1)[0]
            deadline = time.monotonic() + 300
            state = _state(client, job_id)
            while time.monotonic() < deadline and state["state"] not in ("done", "failed"):
                time.sleep(1)
                state = _state(client, job_id)
            assert state["state"] == "done", (state, (tmp_path / "jobs" / job_id / "log.txt").read_text())
            page = client.get(f"/workshop/jobs/{job_id}")
            assert f"/workshop/jobs/{job_id}/variant.yaml" in page.text
            found = client.get(f"/workshop/jobs/{job_id}/variant.yaml")
            assert found.status_code == 200 and str(tmp_path) not in found.text  # no server folder is shown
            changes = yaml.safe_load(found.text)["variant"]["changes"]
            assert changes[0] == {"op": "replace", "path": "/setup/beginner/seats/1/money", "value": 6}  # the start
            assert client.get(f"/workshop/jobs/{job_id}/report").status_code == 200
            # a pack without values to tune its seats is not offered the search, and refused if asked
            assert client.post("/workshop/pl/en/tune", data={"variant": token, "games": "10"}).status_code in (404,
                                                                                                             422)
    finally:
        assert stop_server(server) == 0


def test_the_queue_is_served_fairly_across_networks_and_says_each_jobs_place(tmp_path: Path) -> None:
    """Issue 44: nine addresses of one network each queueing a job held the server's queue; now one
    network holds at most ``per_network`` jobs, and the next job is the one whose network has waited
    longest since its last job started."""
    from regola.serve.jobs import JobBoard, JobBounds, JobsFull, network_of

    assert network_of("127.0.0.7") == network_of("127.0.0.11") == "127.0.0.0/24"
    assert network_of("2001:db8::1") == network_of("2001:db8::ffff") == "2001:db8::/64"
    assert network_of("unknown") == "unknown"
    board = JobBoard(tmp_path / "jobs", tmp_path, JobBounds(per_network=2, queued=8))
    first = board.submit("127.0.0.2", "cs", "en", "x: 1\n", 5)
    board.submit("127.0.0.3", "cs", "en", "x: 1\n", 5)
    with pytest.raises(JobsFull) as refused:  # a third address of the same network
        board.submit("127.0.0.4", "cs", "en", "x: 1\n", 5)
    assert refused.value.status == 429 and "network" in str(refused.value)
    other = board.submit("10.1.2.3", "cs", "en", "x: 1\n", 5)
    assert [board.ahead(j) for j in (first.id, other.id)] == [0, 2]  # the oldest first while no job has run
    board._db.execute("UPDATE jobs SET state = 'running', started = 1 WHERE id = ?", (first.id,))
    # 127.0.0.0/24 has a job running: the other network's job goes before its second one
    assert board.ahead(other.id) == 0 and board.ahead(first.id) is None
    board.close()


def test_an_older_job_board_gains_the_new_columns(tmp_path: Path) -> None:
    import sqlite3

    from regola.serve.jobs import JobBoard

    folder = tmp_path / "jobs"
    folder.mkdir()
    db = sqlite3.connect(str(folder / "jobs.db"))
    db.execute("CREATE TABLE jobs (id TEXT PRIMARY KEY, client TEXT NOT NULL, pack TEXT NOT NULL, lang TEXT NOT NULL, "
               "games INTEGER NOT NULL, state TEXT NOT NULL, reason TEXT NOT NULL, created REAL NOT NULL, "
               "kind TEXT NOT NULL DEFAULT 'compare')")
    db.execute("INSERT INTO jobs VALUES (?, 'c', 'cs', 'en', 5, 'done', '', 1.0, 'compare')", ("a" * 32,))
    db.commit()
    db.close()
    board = JobBoard(folder, tmp_path)
    job = board.get("a" * 32)
    assert job is not None and job.state == "done"
    assert board.submit("192.0.2.1", "cs", "en", "x: 1\n", 5).state == "queued"
    board.close()
