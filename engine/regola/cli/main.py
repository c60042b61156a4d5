"""Entry point of the `regola` console script. Every user-facing error ends as one clear line."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from regola.cli.common import chosen_pack, variant_refs
from regola.core.errors import IllegalAction, PackError, Problems, RecordError, RegolaError, one_line

# command -> (module, one-line help). Only the module of the command being run is imported, so a
# quick command (`rules show`) does not pay for the imports of the others.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("regola.cli.play", "play a full game"),
    "replay": ("regola.cli.replay", "re-execute a game record"),
    "bench": ("regola.cli.bench", "measure the engine's speed"),
    "simulate": ("regola.cli.simulate", "play many bot games; every game kept as Parquet rows"),
    "compare": ("regola.cli.compare", "compare house-rule variants over paired games, with a report"),
    "tune": ("regola.cli.tune", "search a pack's values for a variant that meets a goal (fair seats, …)"),
    "flow": ("regola.cli.flow", "draw the game flow"),
    "rules": ("regola.cli.rules", "read the rules: list, show, search, render"),
    "text": ("regola.cli.text", "translate: rule catalogs and regola's words as PO files"),
    "check": ("regola.cli.check", "check rule packs and variants for consistency"),
    "daemon": ("regola.cli.daemon", "the background process that keeps `regola check` fast"),
    "serve": ("regola.cli.serve", "serve the rules over HTTP: a JSON API and a web rulebook"),
    "new": ("regola.cli.new", "start a new file: a house-rule variant"),
}


#: the commands that read packs from the data home and say which one when it is not the project here
#: (`check` says it in its summary, for the home of each PATH)
NAMES_HOME = frozenset({"play", "replay", "bench", "simulate", "compare", "tune", "flow", "rules", "serve", "new"})


def say_home(lang: str | None = None) -> None:
    """One line on stderr naming the data home when it is not the working folder's project, in the
    reader's language (``--lang``, else LANG, else English)."""
    from regola.core.home import current
    from regola.i18n import available, words
    from regola.text.lang import LanguageError, negotiate

    home = current()
    if not home.worth_saying():
        return
    try:
        language = negotiate(lang, "en", available())
    except LanguageError:
        language = "en"
    w = words(language)
    why = {"env": w.gettext("set by REGOLA_HOME"), "project": w.gettext("the project here"),
           "given": w.gettext("as given"),
           "bundled": w.gettext("bundled with regola: no rulepacks/ or regola.toml in this folder or above")}
    print("regola: " + w.gettext("packs from {where} ({why})", where=str(home.root), why=why[home.how]),
          file=sys.stderr)


def _missing_extra(exc: ModuleNotFoundError, command: str | None) -> int:
    """One line naming the extra to install when a command needs a library the core install lacks."""
    from regola.extras import extra_for

    missing = (exc.name or "").split(".")[0]
    extra = extra_for(missing)
    if extra is None:
        raise exc
    print(f"regola: `regola {command}` needs the '{extra}' extra: pip install 'regola[{extra}]' "
          f"({missing} is not installed)", file=sys.stderr)
    return 2


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a wrong argument is one line (which argument, why, where help is), exit 2; the
    whole usage, many lines for some commands, is what --help is for."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see: {self.prog} --help)\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, the other commands are listed but their modules are not imported."""
    parser = OneLineParser(prog="regola", description="A rules-as-data engine for board games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=OneLineParser)
    for name, (module_name, help_text) in COMMANDS.items():
        if only is None or name == only:
            importlib.import_module(module_name).register(sub)
        else:
            sub.add_parser(name, help=help_text)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    first = next((a for a in args_list if not a.startswith("-")), None)
    try:
        parser = build_parser(first if first in COMMANDS else None)
    except ModuleNotFoundError as exc:
        return _missing_extra(exc, first)
    args = parser.parse_args(args_list)
    try:
        if getattr(args, "choose_pack", False) and args.pack is None:  # no --pack: the variant files' base
            args.pack = chosen_pack(variant_refs(args))
        if args.command in NAMES_HOME:
            say_home(getattr(args, "lang", None))
        code: int = args.run(args)
        return code
    except ModuleNotFoundError as exc:
        return _missing_extra(exc, args.command)
    except RecordError as err:
        print(f"regola: {one_line(str(err))}", file=sys.stderr)
        return 1
    except Problems as err:  # several at once: a line each
        for line in err.lines():
            print(f"regola: {one_line(line)}", file=sys.stderr)
        return 2
    except (PackError, IllegalAction, RegolaError) as err:
        print(f"regola: {one_line(str(err))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    from regola.cli.entry import one_shot_collector, quick_exit

    one_shot_collector()
    try:
        code = main()
    finally:
        quick_exit()
    sys.exit(code)
