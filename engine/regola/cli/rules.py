"""`regola rules`: rule references in any language — list, show, search, render a whole rulebook.

The chrome (messages, JSON keys) is English; rule text is in the chosen language (``--lang``, else
LANG, else the pack's language). list/show/search read a small on-disk cache of the bound texts, so
they do not load YAML, JSON Schema or the pack on a warm run.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="rule references and rulebooks in cs/de/fr",
                       description="Show, search and render the rules of a pack in any language.")
    cmds = p.add_subparsers(dest="rules_command", required=True, metavar="ACTION")

    def common(q: argparse.ArgumentParser, json_flag: bool = True) -> None:
        q.add_argument("--pack", default="cs", help="pack id under rulepacks/ or a path (default: cs)")
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
    q = cmds.add_parser("diff", help="what a variant changes: rule texts before and after",
                        description="The rules a variant adds, removes or rewords, bound over the pack before "
                                    "and after the variant, in the chosen language.")
    common(q)
    q.set_defaults(run=run_diff)


# --- the quick paths ------------------------------------------------------------------------------


def _game_of(pack_folder: Path) -> str | None:
    """The game of the pack a catalog belongs to (None when its header cannot be read)."""
    from regola.core.yamlio import load_yaml

    try:
        return str(load_yaml(pack_folder / "pack.yaml")["pack"]["game"])
    except Exception:  # an unreadable header: that catalog is simply not this game's
        return None


def _home() -> Path:
    from regola import paths

    return paths.home().resolve()


def _language(args: argparse.Namespace, home: Path) -> tuple[str, str]:
    """(negotiated language, pack language). The pack's language is read from pack.yaml cheaply."""
    from regola.text.catalog import available_languages
    from regola.text.lang import negotiate

    pack_language = _pack_language(args.pack, home)
    return negotiate(args.lang, pack_language, sorted(available_languages(home))), pack_language


def _pack_language(ref: str, home: Path) -> str:
    """The `language:` line of pack.yaml without a YAML parser (the full loader validates it later)."""
    import re

    folder = home / "rulepacks" / ref
    path = (folder if folder.is_dir() else Path(ref)) / "pack.yaml"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        from regola.core.pack import load_pack

        return load_pack(ref).language  # raises the loader's clear error
    match = re.search(r"^\s+language:\s*['\"]?([A-Za-z-]+)", text, re.MULTILINE)
    return match.group(1) if match else "cs"


def _bound(args: argparse.Namespace) -> dict[str, Any]:
    """{'pack': …, 'language': …, 'rules': [bound rule, …]} — from the cache when nothing changed."""
    from regola.text.cache import cached

    home = _home()
    language, _ = _language(args, home)

    def compute() -> dict[str, Any]:
        from regola.core.pack import load_pack
        from regola.text.bind import bind_all
        from regola.text.catalog import catalog_for

        pack = load_pack(args.pack, variants=list(args.variant))
        catalog = catalog_for(language, home)
        return {"pack": pack.id, "title": pack.title, "language": language,
                "variants": [v.id for v in pack.variants],
                "rules": [rule.to_json() for rule in bind_all(catalog, pack).values()]}

    return cached(home, ["bound", str(args.pack), language, *args.variant], list(args.variant), compute)


def _print_rule(rule: dict[str, Any]) -> None:
    print(f"{rule['id']} — {rule['title']}")
    print(f"  {rule['text']}")
    print(f"  [{', '.join(rule['cites'])}]")


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
    near = [r["id"] for r in data["rules"] if r["id"].split(".")[0] == args.rule_id.split(".")[0]][:5]
    hint = f"; rules of that group: {', '.join(near)}" if near else "; see `regola rules list`"
    raise RegolaError(f"unknown rule '{args.rule_id}' in pack '{data['pack']}'{hint}")


def _fold(text: str) -> str:
    """Lower case without accents, so 'nakup' finds 'nákup' and 'fuer' is not needed for 'für'."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def search(rules: list[dict[str, Any]], words: list[str]) -> list[dict[str, Any]]:
    """The rules whose ID, title or text holds every word (case and accents ignored); also used by `serve`."""
    folded = [_fold(w) for w in words]
    return [r for r in rules if all(w in _fold(" ".join((r["id"], r["title"], r["text"]))) for w in folded)]


def run_search(args: argparse.Namespace) -> int:
    data = _bound(args)
    hits = search(data["rules"], list(args.words))
    if args.json:
        json.dump({"query": args.words, "language": data["language"], "rules": hits}, sys.stdout, ensure_ascii=False)
        print()
        return 0
    if not hits:
        print(f"no rule matches {' '.join(args.words)!r}", file=sys.stderr)
        return 1
    for rule in hits:
        _print_rule(rule)
    return 0


# --- rendering ------------------------------------------------------------------------------------


def run_render(args: argparse.Namespace) -> int:
    from regola.core.pack import load_pack
    from regola.text.catalog import available_languages, catalog_for
    from regola.text.render import render, rulebook_name

    home = _home()
    pack = load_pack(args.pack, variants=list(args.variant))
    if args.all_languages:  # the languages of the catalogs written for this pack's game
        languages = sorted(lang for lang, path in available_languages(home).items()
                           if _game_of(Path(path).parent.parent) == pack.game)
    else:
        languages = [_language(args, home)[0]]
    try:
        args.output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RegolaError(f"cannot create the output folder {args.output}: {exc.strerror}") from None
    for language in languages:
        text = render(catalog_for(language, home), pack, args.format)
        target = args.output / rulebook_name(pack, language, args.format)
        target.write_text(text, encoding="utf-8")
        print(target)
    return 0


# --- what a variant changes -----------------------------------------------------------------------


def run_diff(args: argparse.Namespace) -> int:
    from regola.core.pack import load_pack
    from regola.text.catalog import catalog_for
    from regola.text.diff import diff_rules

    if not args.variant:
        raise RegolaError("rules diff needs --variant FILE (the variant to compare with its base pack)")
    home = _home()
    language, _ = _language(args, home)
    catalog = catalog_for(language, home)
    base = load_pack(args.pack)
    changed = load_pack(args.pack, variants=list(args.variant))
    diff = diff_rules(catalog, base, changed)
    if args.json:
        json.dump({"pack": base.id, "language": language, "variants": [v.id for v in changed.variants],
                   **diff.to_json()}, sys.stdout, ensure_ascii=False)
        print()
        return 0
    print("\n".join(diff.lines(catalog, [v.id for v in changed.variants])))
    return 0

