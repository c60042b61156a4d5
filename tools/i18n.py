"""Keep regola's interface catalogs (gettext PO files, engine/regola/i18n/locale/) in step with the code.

    python tools/i18n.py update [--domain D]    # extract the messages, write the template, update every PO file
    python tools/i18n.py check [--domain D]     # exit 1 with one line per problem (the tests run the same check)
    python tools/i18n.py compile [--domain D]   # write .mo files (regola itself reads the PO files)

A new interface language: `regola text export --interface --lang it -o it.po`, translate it in any PO
editor, `regola text import --interface it.po` (docs/TRANSLATING.md).
"""

from __future__ import annotations

import argparse
import sys

from regola.i18n import po_path
from regola.i18n.tooling import DOMAINS, LANGUAGES, check, compile_mo, extract, pot_path, update, write


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("update", "check", "compile"))
    parser.add_argument("--domain", action="append", choices=sorted(DOMAINS), help="default: every domain")
    args = parser.parse_args()
    failed = False
    for domain in args.domain or list(DOMAINS):
        template = extract(domain)
        if args.action == "update":
            if not len(template) and not pot_path(domain).is_file():
                continue  # a domain whose code marks nothing yet
            if write(template, pot_path(domain)):
                print(pot_path(domain))
            for lang in LANGUAGES:
                if write(update(domain, lang, template), po_path(lang, domain)):
                    print(po_path(lang, domain))
        elif args.action == "check":
            if not len(template) and not pot_path(domain).is_file():
                continue
            for problem in check(domain, template=template):
                print(problem)
                failed = True
        else:
            for lang in LANGUAGES:
                if po_path(lang, domain).is_file():
                    print(compile_mo(domain, lang))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
