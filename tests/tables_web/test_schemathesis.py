"""The tables' API operations fuzzed by schemathesis against a running `regola serve --db …`: every reply
matches the OpenAPI document and none is a 5xx (a 503 is documented: the table limit)."""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from tests.serve.conftest import Server  # noqa: E402
from tests.serve.test_schemathesis import CHECKS  # noqa: E402

TABLE_PATHS = {"/api/v1/tables", "/api/v1/tables/{token}", "/api/v1/tables/{token}/decisions",
               "/api/v1/tables/{token}/take-back", "/api/v1/tables/{token}/record", "/api/v1/tables/{token}/events"}


def test_the_table_operations_keep_their_openapi_document(tables_server: Server) -> None:
    api = schemathesis.openapi.from_url(tables_server.url + "/api/v1/openapi.json")
    operations = [op for op in (result.ok() for result in api.get_all_operations()) if op.path in TABLE_PATHS]
    assert {op.path for op in operations} == TABLE_PATHS
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=25, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
        def exercise(case: object) -> None:
            case.call_and_validate(base_url=tables_server.url, checks=CHECKS)  # type: ignore[attr-defined]

        exercise()
