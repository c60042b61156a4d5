"""`regola play`: a full game with bots and, optionally, a person at the terminal."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path
from typing import Any

from regola.cli.common import add_pack_options, ruleset_from
from regola.core.bots import Observation
from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import Game
from regola.core.play import bot_names, make_bot, play
from regola.core.record import RecordWriter, header_for
from regola.core.step import Action


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a full game", description="Play a full game with bots (and people).")
    add_pack_options(p)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--setup", default=None, help="a setup mode of the pack (default: its first, e.g. beginner)")
    p.add_argument("--bots", default="greedy", help="comma-separated bot per seat; the last one fills the rest")
    p.add_argument("--human", type=int, action="append", default=[], metavar="SEAT",
                   help="a person plays this seat at the terminal (repeatable)")
    p.add_argument("--record", type=Path, help="write the game record (JSON Lines) to this file")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--lang", default=None,
                   help="language of rule messages, phases and actions for --human seats (e.g. cs, de-AT, fr)")
    p.set_defaults(run=run)


#: the rule a person reads with "?" in each decision state
PHASE_RULES = {"planning": "planning.turn", "placement": "placement.turn", "district": "district.offer_loop",
               "completion": "completion.auction", "favors": "setup.favors"}


def human_chooser(game: Game, obs: Observation, lang: str | None = None) -> Action:
    """Shows the seat's own view and numbered legal actions; asks until a number is valid.

    With ``lang``, phases, actions and rule messages come from that language's text catalog. A typed
    action (``place B 2``) that the rules forbid is answered with the text of the rule it breaks.
    """
    catalog = None
    if lang is not None:
        from regola.text.catalog import catalog_for
        from regola.text.lang import negotiate

        catalog = catalog_for(negotiate(lang, game.ruleset.pack.language))
    describe = game.describe
    phase = str(obs.view()["phase"])
    if catalog is not None:
        from regola.text.describe import describe_action, phase_name

        def describe(action: Action) -> str:
            return describe_action(catalog, action, game.describe)

        phase = phase_name(catalog, phase)
    v = obs.view()
    summary = game.ruleset.definition.present.get("seat_summary")
    if summary is not None:
        print(f"\n== round {v['round']} · {phase} · you are seat {obs.seat} ==")
        print(summary(v, obs.seat))
        for i, action in enumerate(obs.legal):
            print(f"  [{i}] {describe(action)}")
        return _ask(game, obs, v, lang)
    me = v["players"][obs.seat]
    print(f"\n== round {v['round']} · {phase} · you are seat {obs.seat} ({me['color']}) ==")
    print(f"money {me.get('money')} · hand {me.get('hand')} · apprentices {me['apprentices']} · display {v['display']}")
    for i, lab in enumerate(me["labs"]):
        print(f"  lab{i}: {lab['kind']}/{lab['side']} robots {lab['robots']} target {lab.get('target')} "
              f"weeks {lab['weeks']}")
    for i, action in enumerate(obs.legal):
        print(f"  [{i}] {describe(action)}")
    return _ask(game, obs, v, lang)


def _ask(game: Game, obs: Observation, v: dict[str, Any], lang: str | None) -> Action:
    """Asks until the answer is a legal action's number, a legal action typed out, or '?'."""
    while True:
        try:
            raw = input("choice> ").strip()
        except EOFError as exc:
            raise RegolaError("no more input: the game was left unfinished") from exc
        if raw.isdigit() and int(raw) < len(obs.legal):
            return obs.legal[int(raw)]
        if raw == "?" and v["phase"] in PHASE_RULES:
            print(_rule_message(game, PHASE_RULES[v["phase"]], lang, None))
            continue
        typed = tuple(int(t) if t.lstrip("-").isdigit() else t for t in raw.split())
        if len(typed) > 1 or (typed and not str(typed[0]).isdigit()):
            if typed in obs.legal:
                return typed
            try:
                game.apply(typed)  # not legal, so this only validates and raises; the state is untouched
            except IllegalAction as err:
                print(_rule_message(game, err.rule, lang, err))
                continue
        print(f"enter a number from 0 to {len(obs.legal) - 1}, an action like 'pass', or ? for the rule")


def _rule_message(game: Game, rule: str, lang: str | None, err: IllegalAction | None) -> str:
    """The broken (or asked-for) rule in the chosen language; the engine's English without --lang."""
    if lang is None:
        return str(err) if err is not None else f"rule {rule}"
    from regola.text import explain

    return ("not allowed — " if err is not None else "") + explain(rule, lang, game.ruleset)


def standings_text(game: Game) -> str:
    hook = game.ruleset.definition.present.get("standings")
    if hook is not None:
        return str(hook(game))
    result = game.result() or []
    lines = ["rank seat colour     money bonus inventions completed"]
    tie_names = ["money", "inventions"] + [f"{t} cards" for t in reversed(game.ruleset.rules.tiers)]
    prev = None
    for r in result:
        note = ""
        if prev is not None and prev["money"] == r["money"]:
            i = next((i for i, (a, b) in enumerate(zip(prev["key"], r["key"], strict=True)) if a != b), None)
            note = f"  (tie on money; decided by {tie_names[i]})" if i is not None else "  (tied on every tie-break)"
        lines.append(f"{r['rank']:>4} {r['seat']:>4} {r['color']:<9} {r['money']:>6} {r['bonus']:>5} "
                     f"{r['inventions']:>10} {r['completed']:>9}{note}")
        prev = r
    return "\n".join(lines)


def result_json(game: Game) -> dict[str, Any]:
    hook = game.ruleset.definition.present.get("result_json")
    if hook is not None:
        return dict(hook(game))
    result = game.result() or []
    return {
        "pack": game.ruleset.pack.id,
        "variants": [v.id for v in game.ruleset.pack.variants],
        "seed": game.seed,
        "decisions": len(game.history),
        "winner": [r["seat"] for r in result if r["rank"] == 1],
        "players": [{"seat": r["seat"], "color": r["color"], "rank": r["rank"], "money": r["money"],
                     "end_bonus": r["bonus"], "inventions": game.state.players[r["seat"]].cards,
                     "completed": game.state.players[r["seat"]].completed} for r in result],
    }


def run(args: argparse.Namespace) -> int:
    ruleset = ruleset_from(args)
    names = [n.strip() for n in args.bots.split(",") if n.strip()] or ["greedy"]
    known = bot_names(ruleset)
    for n in names:
        if n not in known:
            raise RegolaError(f"unknown bot '{n}' (known: {', '.join(known)})")
    names += [names[-1]] * (args.players - len(names))
    args.setup = args.setup or ruleset.definition.setup_modes(ruleset.rules)[0]
    game = Game.new(ruleset, args.players, args.seed, args.setup)
    for seat in args.human:
        if not 0 <= seat < args.players:
            raise RegolaError(f"--human {seat}: seats are 0 to {args.players - 1}")
    chooser = functools.partial(human_chooser, lang=args.lang)
    agents: list[Any] = [chooser if s in args.human else make_bot(names[s], s, args.seed, ruleset)
                         for s in range(args.players)]
    writer = None
    stream = None
    if args.record:
        stream = args.record.open("w", encoding="utf-8")
        seats = [{"seat": s, "player": "human" if s in args.human else names[s]} for s in range(args.players)]
        writer = RecordWriter(stream, header_for(game, args.setup, args.players, seats))
    try:
        play(game, agents, writer)
    finally:
        if stream:
            stream.close()
    if args.json:
        json.dump(result_json(game), sys.stdout, ensure_ascii=False)
        print()
    else:
        pack = ruleset.pack
        print(f"{pack.title} · pack {pack.id}" + "".join(f" + {v.id}" for v in pack.variants)
              + f" · {args.players} players · seed {args.seed} · {len(game.history)} decisions")
        print(standings_text(game))
    return 0
