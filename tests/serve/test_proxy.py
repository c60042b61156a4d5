"""Behind a reverse proxy that serves the site under a prefix (`--root-path /rules`): the proxy strips
the prefix, the server writes it back into every link it makes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.serve.conftest import HOUSE_RULE, Server, start_server, stop_server


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("proxied"), "--root-path", "/rules", "--no-access-log")
    yield running
    assert stop_server(running) == 0


def test_links_carry_the_root_path(proxied: Server, tmp_path: Path) -> None:
    base = proxied.url.removesuffix("/rules")
    page = httpx.get(base + "/cs/de/", headers={"X-Forwarded-Proto": "https"}).text
    assert 'href="/rules/static/regola.css"' in page
    assert 'href="/rules/cs/fr/"' in page and 'data-root="/rules"' in page
    assert 'href="/cs/' not in page
    check = httpx.post(base + "/api/v1/variants/check", headers={"Content-Type": "application/yaml"}, timeout=60,
                       content=HOUSE_RULE)
    assert check.status_code == 200, check.text
    assert check.json()["rulebooks"]["cs"].startswith("/rules/cs/cs/?variant=sha256-")
