"""Move a rule catalog's interface words into regola's gettext catalogs (issue 19).

Rule catalogs (``rulepacks/*/text/<lang>.yaml``) used to hold the terminal game's sentences
(``terminal:``) and the generic words of a rendered rulebook (``chrome.contents``, ``chrome.rule`` …).
Those are regola's own words, now in ``engine/regola/i18n/locale/<lang>/LC_MESSAGES/regola.po``. This
script, for each catalog given (default: every catalog):

- adds ``game: <the pack folder's game>`` under ``text:`` when missing (catalogs are keyed by game and
  language),
- removes the ``terminal:`` section and the moved ``chrome`` keys, editing the file as text so its
  comments and layout stay,
- adds ``names.variants`` (the official variants by their titles in the catalog's language) and the
  Polish pack's title and source (``chrome.pack_title_pl``, ``chrome.source_004``) where missing, from
  the tables below,
- fills each PO message that is still untranslated with the old text where an old key says the same
  thing (its placeholders renamed where the code renamed them); sentences the code now words
  differently (plural forms, the closing summary) are listed for a translator.

    python tools/move_interface_words.py [--dry-run] [CATALOG …]

Run it once on catalogs written in the old layout, then ``python tools/i18n.py check``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from regola import paths
from regola.i18n import po_path
from regola.i18n.tooling import extract, read, update, write
from regola.text.catalog import game_of_folder

#: chrome keys that are regola's words now (the others are the game's rulebook headings and stay)
MOVED_CHROME = ("contents", "rule", "pack", "variant_applied", "sources", "none", "diff_before", "diff_after",
                "diff_added", "diff_removed", "diff_none", "diff_changes")
#: old key -> (msgid it becomes, {old placeholder: new}); keys not listed have no 1:1 message
SAME: dict[str, tuple[str, dict[str, str]]] = {
    "chrome.contents": ("Contents", {}),
    "chrome.rule": ("Rule", {}),
    "chrome.none": ("none", {}),
    "chrome.diff_added": ("new rule", {}),
    "chrome.diff_removed": ("rule removed", {}),
    "terminal.header": ("Round {round} of {rounds} · {phase} · you play {color}", {}),
    "terminal.city": ("City (price of an action {track}):", {}),
    "terminal.display": ("Inventions on display:", {}),
    "terminal.nothing": ("nothing", {}),
    "terminal.nobody": ("–", {}),
    "terminal.people": ("{color} {count}", {}),
    "terminal.people_master": ("{color} {count} + master", {}),
    "terminal.price": ("price {price}", {}),
    "terminal.lab": ("lab {n}", {}),
    "terminal.card": ("no. {id} {name}", {}),
    "terminal.lab_idle": ("idle", {}),
    "terminal.news": ("Since your move:", {}),
    "terminal.prompt": ("Your choice (number, words or ? for help)> ", {}),
    "terminal.page": ("Page {page} of {pages}: + next, - back", {}),
    "terminal.help": ("Choose with the number in brackets (0 to {last}) or type the words shown; + and - turn "
                      "the pages, ? shows this help.", {}),
    "terminal.empty": ("Please enter a number from 0 to {last} (? for help).", {}),
    "terminal.out_of_range": ("There is no choice {input}: the numbers go from 0 to {last}.", {}),
    "terminal.unreadable": ("I do not understand “{input}”. Enter a number from 0 to {last}, words shown, or ? "
                            "for help.", {}),
    "terminal.left": ("no more input: the game stays unfinished", {}),
    "terminal.group_place": ("{where}:", {}),
    "terminal.group_bid": ("bid:", {}),
    "terminal.group_order": ("order on top of the deck:", {}),
    "terminal.group_exchange": ("give {give}, take:", {}),
    "terminal.group_move": ("move an apprentice of {color} from {src} to:", {}),
    "terminal.do_pass": ("pass", {}),
    "terminal.do_pass_district": ("{district}: pass (the people go home)", {}),
    "terminal.do_abort": ("{lab}: abort the work", {}),
    "terminal.do_master": ("place the master in {where}", {}),
    "terminal.do_space": ("take council space {space}", {}),
    "terminal.do_withdraw": ("take your people back from the council", {}),
    "terminal.do_move": ("move an apprentice of {color} from {src} to {dst}", {}),
    "terminal.do_decline": ("do not use the space", {}),
    "terminal.do_order": ("put back on top of the deck in this order: {cards}", {}),
    "terminal.do_buy": ("buy 1 {material} for {price}", {}),
    "terminal.do_take": ("take the council purse ({money})", {}),
    "terminal.do_act_workshop": ("{district}: {upgrade} for {price}", {}),
    "terminal.do_act_workshop_lab": ("{district}: {upgrade} in {lab} for {price}", {}),
    "terminal.do_act_academy": ("{district}: take an apprentice from the academy for {price}", {}),
    "terminal.do_act_shop": ("{district}: buy 1 {material} for {price}", {}),
    "terminal.do_exchange": ("exchange {give} for {take}", {}),
    "terminal.do_bid": ("bid {money}", {}),
    "terminal.do_auction_first": ("auction {card} first", {}),
    "terminal.do_favor": ("favor {favor}{extra}", {"lab}{materials": "extra"}),
    "terminal.did": ("{color}: {what}", {}),
    "terminal.did_pass": ("passes", {}),
    "terminal.did_pass_district": ("passes in {district}", {}),
    "terminal.did_start": ("starts an invention in {lab}", {}),
    "terminal.did_abort": ("aborts the work in {lab}", {}),
    "terminal.did_master": ("places the master in {where}", {}),
    "terminal.did_space": ("takes council space {space}", {}),
    "terminal.did_withdraw": ("takes their people back from the council", {}),
    "terminal.did_move": ("moves an apprentice of {color} from {src} to {dst}", {}),
    "terminal.did_decline": ("does not use the space", {}),
    "terminal.did_order": ("puts the top cards back in a new order", {}),
    "terminal.did_buy": ("buys 1 {material} at the council for {price}", {}),
    "terminal.did_take": ("takes the council purse ({money})", {}),
    "terminal.did_act_workshop": ("chooses “{upgrade}” in {district} for {price}", {}),
    "terminal.did_act_workshop_lab": ("chooses “{upgrade}” in {district} for {lab}, for {price}", {}),
    "terminal.did_act_academy": ("takes an apprentice from the academy in {district} for {price}", {}),
    "terminal.did_act_shop": ("buys 1 {material} in {district} for {price}", {}),
    "terminal.did_exchange": ("exchanges {give} for {take} at the market", {}),
    "terminal.did_bid": ("makes a sealed bid", {}),
    "terminal.did_auction_first": ("has {card} auctioned first", {}),
    "terminal.did_favor": ("chooses the favor {favor}{extra}", {"lab}{materials": "extra"}),
    "terminal.master": ("master", {}),
    "terminal.district": ("{district}: {people}", {}),
    "terminal.do_master_lab": ("place the master in your {where}", {}),
    "terminal.did_master_lab": ("places the master in their own {where}", {}),
    "terminal.material_count": ("{name} ×{count}", {}),
}
#: (game, language) -> the official variants' titles, for catalogs written before names.variants existed
VARIANT_TITLES: dict[tuple[str, str], dict[str, str]] = {
    ("maestro-leonardo", "en"): {"codex-leonardi-1": "Codex Leonardi I: the powerful council",
                                 "codex-leonardi-2": "Codex Leonardi II: the marketplace"},
    ("maestro-leonardo", "pl"): {"codex-leonardi-1": "Codex Leonardi I: potężna rada miejska",
                                 "codex-leonardi-2": "Codex Leonardi II: targowisko"},
    ("princes-of-florence", "cs"): {"muse-and-princess": "Múza a princezna", "shared-building": "Společné stavění",
                                    "two-player-four-freedoms": "Dva hráči – jen čtyři svobody"},
    ("princes-of-florence", "de"): {"muse-and-princess": "Muse und Prinzessin", "shared-building": "Gemeinsames Bauen",
                                    "two-player-four-freedoms": "Zu zweit – nur vier Freiheiten"},
    ("princes-of-florence", "fr"): {"muse-and-princess": "La Muse et la Princesse",
                                    "shared-building": "Construire ensemble",
                                    "two-player-four-freedoms": "À deux – seulement quatre libertés"},
    ("princes-of-florence", "en"): {"muse-and-princess": "The Muse and the Princess",
                                    "shared-building": "Building together",
                                    "two-player-four-freedoms": "Two players – only four freedoms"},
}
#: (game, language) -> rulebook headings a catalog of the old layout may lack (the Polish pack's title and
#: source were added to the Polish catalog with issue 19, after its translations were begun)
HEADINGS: dict[tuple[str, str], dict[str, str]] = {
    ("princes-of-florence", "cs"): {
        "pack_title_pl": "Princové z Florencie (polská pravidla)",
        "source_004": "Princové z Florencie — polská pravidla s pravidly pro dva hráče, rozšířeními „Muza i "
                      "Księżniczka“ a „Wspólne budowanie“ a seznamy 20 bonusových a 14 prestižních karet"},
    ("princes-of-florence", "de"): {
        "pack_title_pl": "Die Fürsten von Florenz (polnische Regeln)",
        "source_004": "Die Fürsten von Florenz — polnische Spielregel mit den Regeln für zwei, den Erweiterungen "
                      "„Muza i Księżniczka“ und „Wspólne budowanie“ und den Listen der 20 Bonus- und 14 "
                      "Prestigekarten"},
    ("princes-of-florence", "fr"): {
        "pack_title_pl": "Les Princes de Florence (règles polonaises)",
        "source_004": "Les Princes de Florence — règle polonaise avec les règles à deux, les extensions « Muza i "
                      "Księżniczka » et « Wspólne budowanie » et les listes des 20 cartes bonus et 14 cartes de "
                      "prestige"},
    ("princes-of-florence", "en"): {
        "pack_title_pl": "Princes of Florence (Polish rules)",
        "source_004": "Princes of Florence — Polish rulebook with the two-player rules, the expansions 'Muza i "
                      "Księżniczka' and 'Wspólne budowanie', and the lists of the 20 bonus and 14 prestige cards"},
}
PLACEHOLDERS = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
_KEY = re.compile(r"^    ([A-Za-z0-9_'\"]+):(.*)$")


def _unquote(raw: str) -> str:
    import yaml

    value = yaml.safe_load(raw) if raw.strip() else ""
    return "" if value is None else str(value)


def split_sections(text: str) -> tuple[str, dict[str, str]]:
    """(the text without terminal and the moved chrome keys, removed 'section.key' -> its value)."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    removed: dict[str, str] = {}
    section = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        top = re.match(r"^  ([a-z_]+):", line)
        if top:
            section = top.group(1)
            if section == "terminal":
                i += 1
                while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                    key = _KEY.match(lines[i])
                    if key:
                        raw, i = _value(lines, i, key.group(2))
                        removed[f"terminal.{key.group(1)}"] = _unquote(raw)
                        continue
                    i += 1
                continue
        key = _KEY.match(line) if section == "chrome" else None
        if key and key.group(1) in MOVED_CHROME:
            raw, i = _value(lines, i, key.group(2))
            removed[f"chrome.{key.group(1)}"] = _unquote(raw)
            continue
        out.append(line)
        i += 1
    return "".join(out), removed


def _value(lines: list[str], i: int, first: str) -> tuple[str, int]:
    """A key's value (continuation lines included) and the index after it."""
    raw = [first]
    i += 1
    while i < len(lines) and lines[i].startswith("      "):
        raw.append(lines[i].strip())
        i += 1
    return " ".join(part.strip() for part in raw), i


def with_game(text: str, game: str) -> str:
    if re.search(r"^  game:", text, re.M):
        return text
    return re.sub(r"^(  language: .*\n)", rf"\1  game: {game}\n", text, count=1, flags=re.M)


def with_headings(text: str, game: str, lang: str) -> str:
    """The headings the table above gives, under ``chrome:`` where the catalog lacks them."""
    missing = {k: v for k, v in HEADINGS.get((game, lang), {}).items() if not re.search(rf"^    {k}:", text, re.M)}
    if not missing:
        return text
    block = "".join(f"    {key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in missing.items())
    return text.replace("\n  chrome:\n", "\n  chrome:\n" + block, 1)


def with_variant_titles(text: str, game: str, lang: str) -> str:
    titles = VARIANT_TITLES.get((game, lang))
    if not titles or re.search(r"^    variants:\s*(\{|\n)", text, re.M):  # not the chrome's section title
        return text
    block = "    # the official variants, by their titles in this language\n    variants:\n" + "".join(
        f"      {key}: {json.dumps(title, ensure_ascii=False)}\n" for key, title in titles.items())
    return text.replace("\n  names:\n", "\n  names:\n" + block, 1)


def converted(removed: dict[str, str]) -> dict[str, str]:
    """msgid -> the old text, for the keys that say the same thing (composites built from parts)."""
    found: dict[str, str] = {}
    for key, (msgid, renames) in SAME.items():
        if key not in removed:
            continue
        text = removed[key]
        for old, new in renames.items():
            text = text.replace("{" + old + "}", "{" + new + "}")
        if set(PLACEHOLDERS.findall(text)) == set(PLACEHOLDERS.findall(msgid)):
            found[msgid] = text
    if all(f"chrome.{k}" in removed for k in ("pack", "variant_applied", "sources")):
        found["Pack: {pack} · Variants applied: {variants} · Sources: {sources}"] = (
            f"{removed['chrome.pack']}: {{pack}} · {removed['chrome.variant_applied']}: {{variants}} · "
            f"{removed['chrome.sources']}: {{sources}}")
    for key, msgid in (("chrome.diff_before", "before: {text}"), ("chrome.diff_after", "after: {text}")):
        if key in removed:
            found[msgid] = f"{removed[key]} {{text}}"
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("catalogs", nargs="*", type=Path)
    parser.add_argument("--dry-run", action="store_true", help="say what would change, write nothing")
    args = parser.parse_args()
    files = args.catalogs or sorted((paths.home() / "rulepacks").glob("*/text/*.yaml"))
    template = extract("regola")
    for path in files:
        text = path.read_text(encoding="utf-8")
        game = game_of_folder(path.parent.parent)[0]
        lang = path.stem
        rest, removed = split_sections(with_headings(with_variant_titles(with_game(text, game), game, lang), game,
                                                     lang))
        if rest == text:
            continue
        po = po_path(lang)
        catalog = read(po, lang, "regola") if po.is_file() else update("regola", lang, template)
        filled = []
        for msgid, old in converted(removed).items():
            message = catalog.get(msgid)
            if message is not None and not message.string:
                message.string = old
                filled.append(msgid)
        untranslated = [m.id if isinstance(m.id, str) else m.id[0] for m in catalog
                        if m.id and (not m.string or not all(m.string if isinstance(m.string, tuple) else [m.string]))]
        print(f"{path}: game {game}; {len(removed)} interface words moved, {len(filled)} filled into {po}; "
              f"{len(untranslated)} of its messages still to translate")
        for msgid in untranslated:
            print(f"  to translate in {lang}/LC_MESSAGES/regola.po: {msgid!r}")
        if not args.dry_run:
            path.write_text(rest, encoding="utf-8")
            write(catalog, po)
    return 0


if __name__ == "__main__":
    sys.exit(main())
