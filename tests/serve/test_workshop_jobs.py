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
            started = client.post("/workshop/cs/en/compare", data={"variant": token, "games": "12"})
            assert started.status_code == 303
            page_url = started.headers["location"]
            job_id = page_url.split("/workshop/jobs/", 1)[1].split("?", 1)[0]
            # one job at a time per client: the second is refused, not queued
            assert client.post("/workshop/cs/en/compare", data={"variant": token, "games": "5"}).status_code == 429
            # the page goes away after the first event: the job goes on regardless
            progress = _state(client, job_id)
            assert progress["total"] == 2 * 12 * 2 and progress["state"] in ("queued", "running", "done")
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
