"""`regola text`: the translator's workflow, in standard gettext PO files.

    regola text export --pack cs --lang pl [-o FILE]    # the rules of the pack's game, to translate into pl
    regola text import FILE                             # checked, then merged into rulepacks/…/text/pl.yaml
    regola text export --interface --lang it [-o FILE]  # regola's own words (pages, terminal, commands)
    regola text import --interface FILE                 # into engine/regola/i18n/locale/it/LC_MESSAGES/

A new language starts from an export with empty translations; nothing in Python changes. A file with a
problem (a placeholder lost or added, a plural form missing, a text the source does not have) is
refused with one line per problem and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from regola.core.errors import Problems, RegolaError


def register(sub: Any) -> None:
    p = sub.add_parser("text", help="translate: rule catalogs and regola's words as PO files",
                       description="Export a rule catalog (or regola's interface words) as a gettext PO file "
                       "to translate in any PO editor, and import it back, checked.")
    cmds = p.add_subparsers(dest="text_command", required=True, metavar="ACTION")
    q = cmds.add_parser("export", help="write a PO file to translate",
                        description="Write a PO file with every text of the pack's game (msgid: the text in the "
                        "pack's language; msgstr: the translation so far), each with its context: rule id, "
                        "citation, the numbers its placeholders bind in the pack.")
    q.add_argument("--pack", default="cs", help="pack id or folder: its game and language are the source (default: cs)")
    q.add_argument("--variant", action="append", default=[], metavar="FILE",
                   help="a variant whose numbers the context shows (repeatable)")
    q.add_argument("--lang", required=True, help="the language to translate into (e.g. pl, en, it)")
    q.add_argument("--interface", action="store_true", help="regola's own words instead of a game's rules")
    q.add_argument("--domain", default="regola", help="with --interface: the gettext domain (regola, report)")
    q.add_argument("-o", "--output", type=Path, help="the PO file (default: <pack>.<lang>.po or <domain>.<lang>.po)")
    q.set_defaults(run=run_export)
    q = cmds.add_parser("import", help="check a translated PO file and merge it into its catalog")
    q.add_argument("file", type=Path, metavar="FILE")
    q.add_argument("--interface", action="store_true", help="a PO file of regola's own words")
    q.add_argument("--domain", default="regola", help="with --interface: the gettext domain (regola, report)")
    q.add_argument("--lang", help="the file's language (default: its Language header)")
    q.add_argument("-o", "--output", type=Path,
                   help="write the catalog here instead of its place under rulepacks/ (or the locale folder)")
    q.set_defaults(run=run_import)


def _language(tag: str) -> str:
    from regola.i18n.pseudo import PSEUDO
    from regola.text.lang import parse_tag

    parsed = parse_tag(tag)
    if parsed is None or parsed == PSEUDO:
        raise RegolaError(f"'{tag}' is not a language Babel knows (like pl, en, it, pt_BR)")
    return parsed


def run_export(args: argparse.Namespace) -> int:
    language = _language(args.lang)
    if args.interface:
        return _export_interface(args, language)
    from regola.core.pack import load_pack
    from regola.text.catalog import catalog_files, catalog_for, load_catalog
    from regola.text.po import export_catalog, po_bytes

    pack = load_pack(args.pack, variants=list(args.variant))
    if (pack.game, pack.language) not in catalog_files():
        raise RegolaError(f"pack '{pack.id}' has no catalog in its own language {pack.language} to translate from")
    source = catalog_for(pack.language, game=pack.game)
    path = catalog_files().get((pack.game, language))
    target = load_catalog(path) if path is not None else None
    po = export_catalog(source, target, language, pack)
    output = args.output or Path(f"{pack.id}.{language}.po")
    output.write_bytes(po_bytes(po))
    done = sum(1 for m in po if m.id and m.string and "fuzzy" not in m.flags)
    stale = sum(1 for m in po if m.id and "fuzzy" in m.flags)
    print(f"{output}: {len(po)} texts of {pack.game} from {pack.language} to {language}; {done} translated, "
          f"{stale} stale (fuzzy), {len(po) - done - stale} to translate")
    return 0


def _export_interface(args: argparse.Namespace, language: str) -> int:
    from regola.i18n.tooling import extract, update, write

    catalog = update(args.domain, language, extract(args.domain))
    output = args.output or Path(f"{args.domain}.{language}.po")
    write(catalog, output)
    done = sum(1 for m in catalog if m.id and m.string and all(m.string) and "fuzzy" not in m.flags)
    print(f"{output}: {len(catalog)} messages of regola's {args.domain!r} words in {language}; {done} translated")
    return 0


def run_import(args: argparse.Namespace) -> int:
    from regola.i18n.tooling import read

    if not args.file.is_file():
        raise RegolaError(f"{args.file}: no such file")
    try:
        po = read(args.file, None, None)
    except Exception as exc:  # Babel's parse errors have no common base
        raise RegolaError(f"{args.file}: not a PO file Babel can read ({exc})") from None
    if args.interface:
        return _import_interface(args, po)
    from regola.text.catalog import catalog_files, catalog_for, load_catalog
    from regola.text.po import dump, import_catalog, read_header

    header = read_header(po)
    game, source_language = header.get("game"), header.get("source language")
    language = _language(args.lang or header.get("language") or str(po.locale or ""))
    if not game or not source_language:
        raise RegolaError(f"{args.file}: the header names no game and source language (export it with "
                          "`regola text export`)")
    source = catalog_for(source_language, game=game)
    files = catalog_files()
    existing = files.get((game, language))
    target = load_catalog(existing) if existing is not None else None
    result = import_catalog(po, str(args.file), source, target, language)
    where = args.output or existing or _new_place(game, language, header.get("pack", ""), files)
    where.parent.mkdir(parents=True, exist_ok=True)
    _write_checked(where, dump(result.data, existing))
    print(f"{where}: {result.translated} texts of {game} in {language} imported")
    for line in result.left_out:
        print(f"  {line}", file=sys.stderr)
    return 0


def _write_checked(where: Path, text: str) -> None:
    """Write a catalog only once it loads whole (schema and placeholders), and atomically: a file that
    would not load is never written, and a crash mid-write leaves the old file as it was. It is tried
    under its own name (a catalog's file name is its language) in a folder of its own beside it."""
    import os
    import shutil
    import tempfile

    from regola.core.errors import PackError
    from regola.text.catalog import load_catalog

    folder = Path(tempfile.mkdtemp(prefix=".import-", dir=where.parent))
    temporary = folder / where.name
    try:
        temporary.write_text(text, encoding="utf-8")
        try:
            load_catalog(temporary)
        except PackError as err:
            raise RegolaError(f"{where}: the merged catalog would not load, nothing was written ({err})") from None
        os.replace(temporary, where)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _new_place(game: str, language: str, pack: str, files: dict[tuple[str, str], Path]) -> Path:
    """A new catalog lives in the pack of its language when the game has one, else in the exported pack."""
    from regola import paths
    from regola.text.catalog import game_of_folder

    root = paths.home() / "rulepacks"
    for folder in sorted(root.iterdir()) if root.is_dir() else []:
        if game_of_folder(folder) == (game, language):
            return folder / "text" / f"{language}.yaml"
    if pack and game_of_folder(root / pack)[0] == game:
        return root / pack / "text" / f"{language}.yaml"
    return next(p for (g, _), p in sorted(files.items()) if g == game).parent / f"{language}.yaml"


def _import_interface(args: argparse.Namespace, po: Any) -> int:
    from regola.i18n import po_path
    from regola.i18n.tooling import extract, message_problems, update, write

    language = _language(args.lang or str(po.locale or ""))
    template = extract(args.domain)
    known = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in template if m.id}
    problems = []
    nplurals = int(po.num_plurals)
    for message in po:
        if not message.id:
            continue
        key = (message.id if isinstance(message.id, str) else tuple(message.id), message.context)
        if key not in known:
            problems.append(f"{args.file}:{message.lineno}: not a message of regola's {args.domain!r} words "
                            "(export again: the code changed)")
        problems += [f"{args.file}:{message.lineno}: {p}" for p in message_problems(message, nplurals)]
    if problems:
        raise Problems(problems)
    catalog = update(args.domain, language, template)
    for message in po:
        if message.id and message.string and "fuzzy" not in message.flags:
            mine = catalog.get(message.id, message.context)
            if mine is not None:
                mine.string = message.string
                mine.flags.discard("fuzzy")
    where = args.output or po_path(language, args.domain)
    write(catalog, where)
    done = sum(1 for m in catalog if m.id and m.string and all(m.string) and "fuzzy" not in m.flags)
    print(f"{where}: {done} of {len(catalog)} messages translated")
    return 0
