"""Words for people at a terminal: standings, a JSON result, a seat's own summary (CLI hooks)."""

from __future__ import annotations

from typing import Any


def standings(game: Any) -> str:
    lines = ["rank seat prestige  money  prestige-cards"]
    result = game.result() or []
    for r in result:
        lines.append(f"{r['rank']:>4} {r['seat']:>4} {r['prestige']:>8} {r['money']:>6} {r['prestige_cards']:>15}")
    if len(result) > 1 and result[0]["prestige"] == result[1]["prestige"]:
        lines.append("(a tie on prestige is decided by money)")
    return "\n".join(lines)


def result_json(game: Any) -> dict[str, Any]:
    result = game.result() or []
    return {"pack": game.ruleset.pack.id, "variants": [v.id for v in game.ruleset.pack.variants],
            "seed": game.seed, "decisions": len(game.history),
            "winner": [r["seat"] for r in result if r["rank"] == 1], "players": result}


def seat_summary(view: dict[str, Any], seat: int) -> str:
    me = view["players"][seat]
    lines = [f"money {me['money']} · prestige {me['prestige']} · architects {me['architects']} · "
             f"jesters {me['jesters']} · freedoms {me['freedoms']} · minimum work {view['minimum_work']}",
             f"hand {me.get('hand')} · recruitment cards {me.get('recruits')} · bonus {me.get('bonus')} · "
             f"prestige cards {me.get('prestige_cards')} · table {me['table']}"]
    lines += ["  " + row for row in me["board"]]
    return "\n".join(lines)
