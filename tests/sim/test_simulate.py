"""`regola simulate`: rows as data, the same whatever plays them, reproducible games, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.sim.helpers import BROKEN, cli, snapshot, table

from regola.core.record import replay

SMALL = ["--players", "2", "--bots", "random", "--seed", "3", "--quiet"]


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """24 games played in this process, one batch of 5 at a time."""
    from regola.cli.main import main

    out = tmp_path_factory.mktemp("serial") / "results.parquet"
    assert main(["simulate", *SMALL, "--games", "24", "--jobs", "1", "--batch", "5", "--out", str(out)]) == 0
    return out


def test_rows_are_the_same_with_a_pool_other_batches_and_a_resumed_run(
        serial: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pooled = tmp_path / "pooled"
    code, out, _ = cli(capsys, "simulate", *SMALL, "--games", "10", "--jobs", "2", "--batch", "3", "--out", str(pooled))
    assert code == 0 and "played now: 10" in out
    code, out, _ = cli(capsys, "simulate", *SMALL, "--games", "24", "--jobs", "2", "--out", str(pooled))
    assert code == 0 and "played now: 14" in out  # only the missing games
    assert table(pooled).equals(table(serial))
    assert table(pooled, "actions").equals(table(serial, "actions"))
    code, out, _ = cli(capsys, "simulate", *SMALL, "--games", "24", "--jobs", "2", "--out", str(pooled))
    assert "played now: 0" in out


def test_the_rows_hold_what_a_game_was(serial: Path) -> None:
    games = table(serial).to_pylist()
    assert [g["game"] for g in games] == list(range(24))
    assert len({g["seed"] for g in games}) == 24
    for g in games:
        assert g["players"] == 2 and g["bots"] == ["random", "random"] and g["pack"] == "cs"
        assert g["winners"] and all(g["rank"][s] == 1 for s in g["winners"])
        assert len(g["score"]) == 2 and max(g["score"]) == g["score"][g["winners"][0]]
        assert g["rounds"] > 0 and isinstance(g["tie_break"], bool)
        assert sum(g["completed"]) >= sum(g["inventions"])  # a held invention was completed by its holder
    actions = table(serial, "actions").to_pylist()
    by_verb: dict[int, int] = {}
    by_phase: dict[int, int] = {}  # rows '@<flow state>': every decision is taken in one flow state
    made = {(a["game"], a["kind"]): a["count"] for a in actions}
    for a in actions:
        if a["kind"].endswith("+"):  # a sized verb's moves larger than the least offered: some of its moves
            assert 0 < a["count"] <= made[(a["game"], a["kind"][:-1])]
            continue
        counts = by_phase if a["kind"].startswith("@") else by_verb
        counts[a["game"]] = counts.get(a["game"], 0) + a["count"]
    assert any(kind.endswith("+") for _, kind in made)  # random bots place more than one apprentice at times
    assert by_verb == by_phase == {g["game"]: g["decisions"] for g in games}
    assert {a["kind"] for a in actions if a["kind"].startswith("@")} >= {"@planning", "@placement"}


def test_the_data_is_queryable_with_duckdb_alone(serial: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    wins = con.execute(f"select w, count(*) from (select unnest(winners) as w from "
                       f"read_parquet('{serial}/games/*.parquet')) group by w order by w").fetchall()
    assert sum(n for _, n in wins) >= 24 and {w for w, _ in wins} <= {0, 1}
    passes = con.execute(f"select sum(count) from read_parquet('{serial}/actions/*.parquet') "
                         "where kind = 'pass'").fetchone()
    expected = sum(a["count"] for a in table(serial, "actions").to_pylist() if a["kind"] == "pass")
    assert passes == (expected,)


def test_record_game_k_replays_and_equals_the_regola_play_one_liner(
        serial: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g7.jsonl"
    code, out, _ = cli(capsys, "simulate", *SMALL, "--record-game", "7", "--record", str(record))
    assert code == 0
    done = replay(record)
    row = table(serial).to_pylist()[7]
    assert done.header["seed"] == row["seed"]
    assert done.game.result() == done.recorded_result
    assert [r["seat"] for r in done.recorded_result or [] if r["rank"] == 1] == row["winners"]
    one_liner = out.splitlines()[-1].split(": ", 1)[1].split()
    assert one_liner[:2] == ["regola", "play"]
    again = tmp_path / "play.jsonl"
    assert cli(capsys, *one_liner[1:], "--record", str(again))[0] == 0
    assert again.read_text().splitlines()[1:] == record.read_text().splitlines()[1:]


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["--variant", BROKEN], "broken-variant.yaml:8"),
    (["--players", "9"], "--players 9: pack cs"),
    (["--players", "2-x"], "--players '2-x'"),
    (["--variant", "codex-leonardi-2"], "another variant set"),
    (["--setup", "expert"], "--setup 'expert'"),
    (["--jobs", "0"], "argument --jobs: 0 is not between 1"),
])
def test_bad_input_is_one_line_and_nothing_is_overwritten(
        serial: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    before = snapshot(serial)
    code, _, err = cli(capsys, "simulate", *SMALL, "--games", "30", "--out", str(serial), *args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert snapshot(serial) == before


def test_results_of_another_pack_hash_or_a_corrupt_file_are_refused(
        serial: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    other = tmp_path / "other"
    shutil.copytree(serial, other)
    manifest = json.loads((other / "manifest.json").read_text())
    manifest["arms"][0]["content_hash"] = "sha256:" + "0" * 64
    (other / "manifest.json").write_text(json.dumps(manifest))
    before = snapshot(other)
    code, _, err = cli(capsys, "simulate", *SMALL, "--games", "30", "--out", str(other))
    assert code == 2 and "another pack content hash" in err and len(err.strip().splitlines()) == 1
    assert snapshot(other) == before

    corrupt = tmp_path / "corrupt"
    shutil.copytree(serial, corrupt)
    part = sorted((corrupt / "games").glob("*.parquet"))[1]
    part.write_bytes(part.read_bytes()[:100])
    before = snapshot(corrupt)
    code, _, err = cli(capsys, "simulate", *SMALL, "--games", "30", "--out", str(corrupt))
    assert code == 2 and part.name in err and "not a readable Parquet file" in err
    assert len(err.strip().splitlines()) == 1 and snapshot(corrupt) == before

    (corrupt / "manifest.json").write_text("{not json")
    code, _, err = cli(capsys, "simulate", *SMALL, "--games", "30", "--out", str(corrupt))
    assert code == 2 and "manifest.json: not a readable results manifest" in err

    stranger = tmp_path / "stranger"
    stranger.mkdir()
    (stranger / "notes.txt").write_text("mine")
    code, _, err = cli(capsys, "simulate", *SMALL, "--games", "3", "--out", str(stranger))
    assert code == 2 and "is not a regola results folder" in err
    assert snapshot(stranger) == {"notes.txt": b"mine"}
