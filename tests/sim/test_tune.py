"""`regola tune`: it finds a known optimum, confirms on seeds it did not search, resumes without replaying,
and refuses values it cannot tune in one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from regola.cli.main import main
from regola.core.errors import RegolaError
from regola.core.pack import load_pack
from regola.sim.aggregate import Source, connection
from regola.sim.arms import Arm
from regola.sim.goals import goal, knob, knobs, parse_vary
from regola.sim.runner import Simulation, run
from regola.sim.study import parse_lineups
from regola.sim.tune import Search, fresh_seed

pytest.importorskip("optuna")

ROUNDS = "/rounds/schedule/0/count"  # 7 normal rounds in the Czech pack (001 §3, §10)


def _length_with(tmp_path: Path, rounds: int, games: int) -> float:
    """Mean decisions per game of 2-player random games with ``rounds`` normal rounds, on tune's seeds."""
    variant = tmp_path / f"rounds-{rounds}.yaml"
    variant.write_text(yaml.safe_dump({"variant": {"id": f"rounds-{rounds}", "base": ["cs"], "title": "rounds",
                                                   "changes": [{"op": "replace", "path": ROUNDS, "value": rounds}]}}))
    arm = Arm("candidate", load_pack("cs", variants=[str(variant)]))
    folder = tmp_path / f"games-{rounds}"
    run(Simulation([arm], (2,), "advanced", ("random",), games, 0), folder, 1, progress=False)
    with connection(1) as con:
        return Source(con, folder, games).arm_sums()["length.decisions"]["candidate"].mean


def test_tune_finds_a_known_optimum_and_resumes_without_replaying(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The target is the game length with 5 normal rounds on the search's own seeds, so 5 is the one value
    that meets it exactly (the pack's is 7): the search must find it among 4..9 and write it."""
    target = _length_with(tmp_path, 5, 60)
    out = tmp_path / "short.yaml"
    argv = ["tune", "--goal", "length", "--target", repr(target), "--vary", f"{ROUNDS}=4..9", "--players", "2",
            "--setup", "advanced", "--lineups", "random", "--stages", "20,60", "--budget", "2000", "--confirm", "0",
            "--jobs", "1", "--quiet", "--lang", "de", "--out", str(out)]
    assert main(argv) == 0
    said = capsys.readouterr().out.strip().splitlines()[-1]  # what tune says is in --lang; the file's header is not
    assert "(1 Änderung)" in said and "Ziel erreicht mit den Startwerten der Suche" in said, said
    written = yaml.safe_load(out.read_text(encoding="utf-8"))["variant"]
    assert written["id"] == "short" and written["changes"] == [{"op": "replace", "path": ROUNDS, "value": 5}]
    assert load_pack("cs", variants=[str(out)]).data["rounds"]["schedule"][0]["count"] == 5
    plan = out.with_name("short.tune") / "tune.json"
    played = json.loads(plan.read_text())["played"]
    assert played <= 2000 and (out.with_name("short.tune") / "history.png").stat().st_size > 1000
    # the same command again: the budget is spent, nothing more is played, the same answer is written
    out.unlink()
    assert main(argv) == 0
    assert json.loads(plan.read_text())["played"] == played
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["variant"]["changes"][0]["value"] == 5
    # another search in the same folder is refused, not mixed in
    assert main([*argv[:-2], "--seed", "9", "--out", str(out)]) != 0
    assert "holds another search" in capsys.readouterr().err


def test_fair_seats_is_confirmed_on_fresh_seeds_with_a_report(tmp_path: Path) -> None:
    out = tmp_path / "fair.yaml"
    code = main(["tune", "--goal", "fair-seats", "--vary", "/setup/beginner/seats/{seat}/money=0..12",
                 "--lineups", "random", "--stages", "20,40", "--budget", "400", "--confirm", "60", "--jobs", "1",
                 "--quiet", "--out", str(out)])
    assert code in (0, 1)  # met or not on 60 games: what matters here is that it was confirmed and said so
    text = out.read_text(encoding="utf-8")
    assert "Confirmed on fresh seeds it was not tuned on" in text and "seat advantage, base -> this variant" in text
    assert "each seat's share of the wins [95 %]" in text and "within 6 pp of its fair share (25.0 %)" in text
    assert "(search: " in text and "its optimism" in text  # the search's own figure beside the confirmed one
    assert ("Goal met: every lineup's 95 % interval" in text) == (code == 0)
    assert str(tmp_path) not in text and "regola compare fair.tune/best.yaml" in text  # written to be shared
    variant = yaml.safe_load(text)["variant"]
    assert all(c["path"].endswith("/money") and 0 <= c["value"] <= 12 for c in variant["changes"])
    report = json.loads((tmp_path / "fair.tune" / "confirm" / "report.json").read_text(encoding="utf-8"))
    assert report["plan"]["games"] == 60 and set(report["seats"]["random"]) == {"base", "fair"}
    search = Search("cs", goal("fair-seats"), [], (4,), "beginner", parse_lineups("random", None), 0, (20, 40))
    fresh = report["plan"]["seed"]
    assert fresh == fresh_seed(search, 60) != 0


def test_fresh_seeds_share_no_game_with_the_search() -> None:
    from regola.sim.plan import game_seed

    search = Search("cs", goal("fair-seats"), [], (4,), "beginner", [], 7, (100, 400, 1600))
    fresh = fresh_seed(search)
    assert not search.seeds() & {game_seed(fresh, i) for i in range(100_000)}


def test_knobs_come_from_the_pack_and_name_what_they_cannot_tune() -> None:
    pack = load_pack("cs")
    found, setup = knobs(pack, "fair-seats", 4)
    assert setup == "beginner" and len(found) == 4 * 6
    money = {k.path: k for k in found if k.path.endswith("/money")}
    assert [k.base for k in money.values()] == [3, 3, 3, 13]  # the four seats in play, not the fifth
    iron = next(k for k in found if k.path == "/setup/beginner/seats/2/materials/iron")
    assert not iron.present and iron.change(0) is None and iron.change(1) == {"op": "add", "path": iron.path,
                                                                                "value": 1}
    with pytest.raises(RegolaError, match="not a whole number"):
        knob(pack, "/setup/beginner/seats/0/color", 0, 1)
    with pytest.raises(RegolaError, match="no such value"):
        knob(pack, "/setup/nowhere/money", 0, 1)
    with pytest.raises(RegolaError, match=r"PATH=LOW\.\.HIGH"):
        parse_vary("/setup/beginner/seats/{seat}/money=0..99999999")
    with pytest.raises(RegolaError, match="names no values"):
        knobs(load_pack("pl"), "length", 4)  # pl declares fair seats only
    with pytest.raises(RegolaError, match="the goals are"):
        goal("fun")


def test_check_finds_a_tuning_path_the_document_lacks(tmp_path: Path) -> None:
    from regola.check.runner import run as check_run

    pack = tmp_path / "cs"
    shutil.copytree(Path(load_pack("cs").root), pack)
    meta = pack / "pack.yaml"
    meta.write_text(meta.read_text(encoding="utf-8").replace("/setup/beginner/seats/{seat}/money",
                                                             "/setup/beginner/seat/{seat}/money"), encoding="utf-8")
    found = check_run([pack], tmp_path).findings
    assert any(f.code == "REF_POINTER" and "tuning fair-seats" in f.message for f in found)


def test_tune_starts_from_a_house_rule_and_keeps_its_changes(tmp_path: Path) -> None:
    """From a house rule that gives seat 0 more money, the search over the rounds finds 5 again, and the
    variant it writes holds both: it stands on the pack alone."""
    start = tmp_path / "start.yaml"
    start.write_text(yaml.safe_dump({"variant": {"id": "start", "base": ["cs"], "title": "start", "changes": [
        {"op": "replace", "path": "/setup/advanced/per_player/money", "value": 9}]}}), encoding="utf-8")
    start_pack = load_pack("cs", variants=[str(start)])
    target_variant = tmp_path / "target.yaml"
    target_variant.write_text(yaml.safe_dump({"variant": {"id": "target", "base": ["cs"], "title": "t", "changes": [
        {"op": "replace", "path": "/setup/advanced/per_player/money", "value": 9},
        {"op": "replace", "path": ROUNDS, "value": 5}]}}), encoding="utf-8")
    arm = Arm("candidate", load_pack("cs", variants=[str(target_variant)]))
    run(Simulation([arm], (2,), "advanced", ("random",), 60, 0), tmp_path / "g", 1, progress=False)
    with connection(1) as con:
        target = Source(con, tmp_path / "g", 60).arm_sums()["length.decisions"]["candidate"].mean
    out = tmp_path / "from-start.yaml"
    assert start_pack.data["setup"]["advanced"]["per_player"]["money"] == 9
    assert main(["tune", "--goal", "length", "--target", repr(target), "--variant", str(start), "--vary",
                 f"{ROUNDS}=4..9", "--players", "2", "--setup", "advanced", "--lineups", "random", "--stages",
                 "20,60", "--budget", "2000", "--confirm", "0", "--jobs", "1", "--quiet", "--out", str(out)]) == 0
    written = yaml.safe_load(out.read_text(encoding="utf-8"))["variant"]["changes"]
    assert written == [{"op": "replace", "path": "/setup/advanced/per_player/money", "value": 9},
                       {"op": "replace", "path": ROUNDS, "value": 5}]


def test_the_confirmation_seeds_are_checked_for_every_game_it_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """A confirmation of 2,000 games after a search of 1,600: a root whose games 1,600-1,999 repeat the
    search's seeds is refused, though its first 1,600 are fresh."""
    import regola.sim.tune as tune

    def fake(root: int, i: int) -> int:
        if i == 1_000_003:  # the next root tried
            return root + 1
        if root == 0:  # the search's own seeds
            return i
        if root == 1:  # fresh for its first 1,600 games, then the search's seeds again
            return 10**6 + i if i < 1_600 else i - 1_600
        return root * 10**6 + i

    monkeypatch.setattr(tune, "game_seed", fake)
    search = Search("cs", goal("fair-seats"), [], (4,), "beginner", [], 0, (100, 400, 1600))
    assert fresh_seed(search) == 1  # the games the search played: none repeated
    assert fresh_seed(search, 2_000) == 2  # all 2,000 confirmation games: the first root is refused


def test_a_goal_is_met_only_where_every_interval_lies_within_it() -> None:
    from regola.cli.tune import _verdict
    from regola.sim.tune import Confirmed, games_to_show, wilson
    from regola.sim.words import Words

    fair = goal("fair-seats")  # at most 4 pp, each seat within 6 pp of its fair share

    class Tuner:
        def met(self, value: float) -> bool:
            return value <= 0.04

    class Top:
        value = 0.02

    inside = Confirmed(0.025, 0.015, 0.035, 0.06)
    reaching = Confirmed(0.030, 0.018, 0.045, 0.06)  # the figure below 4 pp, its interval not
    above = Confirmed(0.046, 0.035, 0.058, 0.06)
    said, met = _verdict({"greedy": inside}, fair, Tuner(), Top(), 2000, Words())
    assert met and said.startswith("goal met")
    said, met = _verdict({"greedy": inside, "random": reaching}, fair, Tuner(), Top(), 2000, Words())
    assert not met and "not shown at 2,000 games" in said and "about 4,500 games" in said
    said, _ = _verdict({"greedy": inside, "random": reaching}, fair, Tuner(), Top(), 2000, Words("de"))
    assert said == "Ziel bei 2.000 Partien nicht gezeigt: ein Intervall reicht über 4,0\u00a0Pp.; etwa 4.500 Partien " \
        "je Arm würden es zeigen", said
    assert games_to_show(reaching, 0.04, 2000) == 4500  # the interval narrows as 1/sqrt(games)
    said, met = _verdict({"greedy": above}, fair, Tuner(), Top(), 2000, Words())
    assert not met and said.startswith("goal not met")
    assert games_to_show(above, 0.04, 2000) is None
    said, met = _verdict({}, fair, Tuner(), Top(), 0, Words())  # no confirmation: the search's figure, said as such
    assert met and "point estimate" in said
    low, high = wilson(0.25, 2000)
    assert 0.230 < low < 0.232 and 0.268 < high < 0.270
    seats = Confirmed(0.03, 0.02, 0.04, 0.05, (0.25, 0.305, 0.2, 0.245), (0.25,) * 4, (2000,) * 4)
    assert not seats.within_band(0.06)  # seat 2's 30.5 % reaches past 31 %
    assert Confirmed(0.01, 0.0, 0.02, 0.05, (0.25, 0.26, 0.24, 0.25), (0.25,) * 4, (2000,) * 4).within_band(0.06)
