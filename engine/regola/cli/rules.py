"""`regola rules`: rule references in any language — list, show, search, render a whole rulebook, diff.

Everything is said in the chosen language (``--lang``, else LANG, else the pack's language): rule text
from the game's rule catalog, the rest from regola's interface catalog; JSON keys stay English. A
language the pack's game lacks is one line naming the languages it has. list/show/search read a small
on-disk cache of the bound texts, so they do not load YAML, JSON Schema or the pack on a warm run.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from regola.cli.common import pack_from, pack_option
from regola.core.errors import RegolaError


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="rule references and rulebooks in every language of the pack's game",
                       description="Show, search and render the rules of a pack in any language.")
    cmds = p.add_subparsers(dest="rules_command", required=True, metavar="ACTION")

    def common(q: argparse.ArgumentParser, json_flag: bool = True) -> None:
        pack_option(q, "pack id under rulepacks/ or a path")
        q.add_argument("--variant", action="append", default=[], metavar="FILE",
                       help="a variant overlay (repeatable, applied in order)")
        q.add_argument("--lang", default=None,
                       help="language of the rule text, e.g. cs, de-AT, fr_FR (default: LANG, else the pack's)")
        if json_flag:
            q.add_argument("--json", action="store_true", help="print JSON")

    q = cmds.add_parser("list", help="every rule ID with its title")
    common(q)
    q.set_defaults(run=run_list)
    q = cmds.add_parser("show", help="one rule's text")
    q.add_argument("rule_id", metavar="RULE_ID")
    common(q)
    q.set_defaults(run=run_show)
    q = cmds.add_parser("search", help="rules whose ID, title or text holds all the words")
    q.add_argument("words", nargs="+", metavar="WORD")
    common(q)
    q.set_defaults(run=run_search)
    q = cmds.add_parser("render", help="write a complete rulebook (one file per language)")
    common(q, json_flag=False)
    q.add_argument("--format", choices=("md", "html"), default="md")
    q.add_argument("-o", "--output", type=Path, required=True, metavar="DIR", help="folder for the rulebook file(s)")
    q.add_argument("--all-languages", action="store_true", help="one rulebook per catalog language")
    q.set_defaults(run=run_render)
    q = cmds.add_parser("diff", help="what a variant changes: rules and values, before and after",
                        description="The rules a variant adds, removes or rewords and every value it changes "
                                    "(setup tables by seat included), before → after, in the chosen language.")
    common(q)
    q.set_defaults(run=run_diff)


# --- the quick paths ------------------------------------------------------------------------------


def _home() -> Path:
    from regola import paths

    return paths.home().resolve()


def _language(args: argparse.Namespace, home: Path) -> tuple[str, str, str]:
    """(negotiated language, the pack's game, the pack's language), read from pack.yaml cheaply."""
    from regola.text.catalog import languages_of
    from regola.text.lang import negotiate

    game, pack_language = _pack_header(args.pack, home)
    return negotiate(args.lang, pack_language, languages_of(game, home), _pack_id(args.pack)), game, pack_language


def _pack_id(ref: str) -> str:
    return Path(ref).name if ("/" in ref or "\\" in ref) else ref


def _pack_header(ref: str, home: Path) -> tuple[str, str]:
    """(game, language) of a pack id or folder without a YAML parser (the full loader validates it later)."""
    from regola.text.catalog import game_of_folder

    folder = home / "rulepacks" / ref
    folder = folder if folder.is_dir() else Path(ref)
    game, language = game_of_folder(folder)
    if not game:
        from regola.core.pack import load_pack

        pack = load_pack(ref)  # raises the loader's clear error
        return pack.game, pack.language
    return game, language


def _bound(args: argparse.Namespace) -> dict[str, Any]:
    """{'pack': …, 'language': …, 'rules': [bound rule, …]} — from the cache when nothing changed."""
    from regola.text.cache import cached

    home = _home()
    language = _language(args, home)[0]

    def compute() -> dict[str, Any]:
        from regola.text.bind import bind_all
        from regola.text.catalog import catalogs_for

        pack = pack_from(args.pack, list(args.variant))
        catalog, fallback = catalogs_for(language, pack.game, pack.language, home)
        return {"pack": pack.id, "title": pack.title, "language": language,
                "variants": [v.id for v in pack.variants],
                "rules": [rule.to_json() for rule in bind_all(catalog, pack, fallback).values()]}

    return cached(home, ["bound", str(args.pack), language, *args.variant], list(args.variant), compute)


def _print_rule(rule: dict[str, Any]) -> None:
    """A rule as three paragraphs, each wrapped by words at the terminal's width."""
    import shutil

    from regola.text.wrap import wrap

    width = max(20, shutil.get_terminal_size((100, 24)).columns)
    cites = [f"  [{', '.join(rule['cites'])}]"] if rule["cites"] else []  # a house rule cites nothing
    for line in (f"{rule['id']} — {rule['title']}", f"  {rule['text']}", *cites):
        print("\n".join(wrap(line, width)))


def run_list(args: argparse.Namespace) -> int:
    data = _bound(args)
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False)
        print()
        return 0
    width = max((len(r["id"]) for r in data["rules"]), default=0)
    for rule in data["rules"]:
        print(f"{rule['id']:<{width}}  {rule['title']}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    data = _bound(args)
    for rule in data["rules"]:
        if rule["id"] == args.rule_id:
            if args.json:
                json.dump(rule, sys.stdout, ensure_ascii=False)
                print()
            else:
                _print_rule(rule)
            return 0
    from regola.i18n import words

    w = words(data["language"])
    near = [r["id"] for r in data["rules"] if r["id"].split(".")[0] == args.rule_id.split(".")[0]][:5]
    if near:
        raise RegolaError(w.gettext("unknown rule '{rule}' in pack '{pack}'; rules of that group: {near}",
                                    rule=args.rule_id, pack=data["pack"], near=", ".join(near)))
    raise RegolaError(w.gettext("unknown rule '{rule}' in pack '{pack}'; see `regola rules list`",
                                rule=args.rule_id, pack=data["pack"]))


def run_search(args: argparse.Namespace) -> int:
    data = _bound(args)
    from regola.text.search import search

    hits = search(data["rules"], list(args.words))
    if args.json:
        json.dump({"query": args.words, "language": data["language"], "rules": hits}, sys.stdout, ensure_ascii=False)
        print()
        return 0
    if not hits:
        from regola.i18n import words

        print(words(data["language"]).gettext("no rule matches “{query}”", query=" ".join(args.words)),
              file=sys.stderr)
        return 1
    for rule in hits:
        _print_rule(rule)
    return 0


# --- rendering ------------------------------------------------------------------------------------


def run_render(args: argparse.Namespace) -> int:
    from regola.text.catalog import catalogs_for, languages_of
    from regola.text.render import render, rulebook_name

    home = _home()
    pack = pack_from(args.pack, list(args.variant))
    # --all-languages: the languages of the catalogs written for this pack's game
    languages = languages_of(pack.game, home) if args.all_languages else [_language(args, home)[0]]
    try:
        args.output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RegolaError(f"cannot create the output folder {args.output}: {exc.strerror}") from None
    for language in languages:
        catalog, fallback = catalogs_for(language, pack.game, pack.language, home)
        text = render(catalog, pack, args.format, fallback)
        target = args.output / rulebook_name(pack, language, args.format)
        target.write_text(text, encoding="utf-8")
        print(target)
    return 0


# --- what a variant changes -----------------------------------------------------------------------


def run_diff(args: argparse.Namespace) -> int:
    from regola.core.pack import load_pack
    from regola.i18n import words
    from regola.text.catalog import catalogs_for
    from regola.text.diff import diff_rules

    home = _home()
    language, game, pack_language = _language(args, home)
    if not args.variant:
        raise RegolaError(words(language).gettext("rules diff needs --variant FILE (the variant to compare with "
                                                  "its base pack)"))
    catalog, fallback = catalogs_for(language, game, pack_language, home)
    base = load_pack(args.pack)
    changed = pack_from(args.pack, list(args.variant))
    diff = diff_rules(catalog, base, changed, fallback)
    if args.json:
        json.dump({"pack": base.id, "language": language, "variants": [v.id for v in changed.variants],
                   **diff.to_json()}, sys.stdout, ensure_ascii=False)
        print()
        return 0
    import shutil

    from regola.text.wrap import wrap

    width = max(20, shutil.get_terminal_size((100, 24)).columns)
    for line in diff.lines(catalog, [v.id for v in changed.variants]):
        print("\n".join(wrap(line, width)))
    return 0

