"""Property-based API testing: schemathesis generates requests from /api/v1/openapi.json and holds
every reply of the running server to that document (status codes, media types, headers, bodies).
Zero 5xx and zero schema violations, or the test fails. Bounded examples keep it well under a minute.
"""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import checks as built_in  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from tests.serve.conftest import Server  # noqa: E402


@schemathesis.serializer("application/x-ndjson")
def _ndjson(ctx: object, value: object) -> dict[str, bytes]:
    """A generated record body: whatever text schemathesis made, sent as is."""
    return {"data": value.encode("utf-8", "surrogatepass") if isinstance(value, str) else repr(value).encode()}


CHECKS = [built_in.not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]


def test_the_api_keeps_its_openapi_document(server: Server) -> None:
    # schemathesis' own pytest loader does not run under pytest 9 yet: generate per operation here
    from hypothesis import given

    api = schemathesis.openapi.from_url(server.url + "/api/v1/openapi.json")
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) == 9  # every route under /api/v1 but the document itself, and /healthz
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=20, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
        def exercise(case: object) -> None:
            case.call_and_validate(base_url=server.url, checks=CHECKS)  # type: ignore[attr-defined]

        exercise()
