"""`regola new variant --pack P`: a commented starting variant for a house-ruler who never opened the code.

The file lists, as commented-out changes, the values a house rule most often touches: every number,
yes/no and short table the pack's rules govern (``rules.yaml`` data pointers), with today's value, the
rule ID, its title in the pack's language and the source it cites. One harmless ``test`` change keeps
the file a valid variant while every other line is commented out, so `regola check` passes it as
written; uncommenting a line and editing its value is the whole job.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from regola.cli.argtypes import identifier
from regola.core.errors import RegolaError

#: the most entries a starting file offers (the rest are in `regola rules list`; the workshop shows them all)
MAX_FIELDS = 30


def register(sub: Any) -> None:
    p = sub.add_parser("new", help="start a new file: a house-rule variant",
                       description="Write a commented starting file.")
    kinds = p.add_subparsers(dest="new_kind", required=True, metavar="KIND")
    q = kinds.add_parser("variant", help="a house-rule variant of a pack, every common change commented out",
                         description="Write a variant file listing, commented out, the values a house rule most "
                         "often changes, with their current values and rule IDs. `regola check FILE` passes it "
                         "as written.")
    q.add_argument("--pack", default="cs", help="the pack it changes: an id or a pack folder (default: cs)")
    q.add_argument("--id", type=identifier, default="my-house-rule", help="the variant's id (default: my-house-rule)")
    q.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                   help="where to write it (default: <id>.yaml here); never overwrites a file")
    q.add_argument("--lang", default=None, help="language of its comments and rule titles (e.g. cs, de, fr, pl, "
                   "en; default: LANG, else the pack's)")
    q.set_defaults(run=run_variant)


def _titles(pack: Any, lang: str) -> dict[str, str]:
    """Rule ID -> title in ``lang``, the pack's own language's where that catalog has none (empty when no
    catalog can be read)."""
    from regola.core.yamlio import load_yaml
    from regola.text.catalog import catalog_for

    titles: dict[str, str] = {}
    try:
        catalog = load_yaml(pack.root / "text" / f"{pack.language}.yaml")
        titles = {rule: str(entry.get("title", "")) for rule, entry in catalog["text"]["rules"].items()}
    except Exception:  # no catalog, or a broken one: the file is still useful without titles
        pass
    if lang != pack.language:
        try:
            theirs = catalog_for(lang, None, pack.game).data.get("rules", {})
            titles |= {rule: str(entry["title"]) for rule, entry in theirs.items()
                       if isinstance(entry, dict) and entry.get("title")}
        except Exception:  # a language without a catalog of this game: the pack's own titles
            pass
    return titles


def language(pack: Any, lang: str | None) -> str:
    """The language of the file: ``lang`` (an error if the game has no catalog in it), else LANG, else the
    pack's own."""
    from regola.text.catalog import languages_of
    from regola.text.lang import negotiate

    return negotiate(lang, pack.language, languages_of(pack.game), pack.id)


def fields(pack: Any) -> list[tuple[str, str, Any, list[str]]]:
    """(pointer, rule ID, current value, cites) for the first editable values the pack's rules govern."""
    from regola.mechanics.editable import value_fields

    return value_fields(pack)[:MAX_FIELDS]


def mechanic_lines(pack: Any, lang: str = "en") -> list[str]:
    """Commented-out changes of form (docs/MECHANICS.md): the kinds the library offers, with the pack's
    measures and parts, each a valid change once uncommented; the comments in ``lang``."""
    from regola.i18n import words
    from regola.mechanics.awards import MOMENTS, RECEIVERS
    from regola.mechanics.parts import units
    from regola.mechanics.visibility import HELD_AUDIENCES, HELD_WORDS, PILE_AUDIENCES, PILE_WORDS

    mechanics = pack.data.get("mechanics")
    measures = list(units(mechanics)) if isinstance(mechanics, dict) else []
    if not measures:
        return []
    gain = "money" if "money" in measures else measures[0]
    counted = next((m for m in measures if m != gain), gain)
    w = words(lang)
    heading = w.gettext("the form of a mechanic, not only its numbers")
    lines = ["", f"    # --- {heading} (docs/MECHANICS.md) ---",
             "    # " + w.gettext("the measures these may count: {measures}", measures=", ".join(measures))]
    lines += _form_lines(pack, w)
    seen = mechanics.get("visibility") or {}
    held = tuple(zip(HELD_AUDIENCES, HELD_WORDS, strict=True))
    piled = tuple(zip(PILE_AUDIENCES, PILE_WORDS, strict=True))
    choices = [(part, audience, "parts", held, part) for part, audience in seen.items() if part != "piles"]
    choices += [(pile, audience, "piles", piled, f"piles/{pile}")  # a pile lies face up or down
                for pile, audience in (seen.get("piles") or {}).items()]
    for part, audience, category, audiences, path in choices:
        other = next(a for a, _ in audiences if a != audience)
        offered = " | ".join(f"{a} ({w.gettext(label)})" for a, label in audiences)
        said = w.gettext("{part} — who sees them: {kinds} (today: {kind})", part=_part_name(pack, lang, part, category),
                         kinds=offered, kind=audience)
        lines += [f"    # {said}", f"    # - {{op: replace, path: /mechanics/visibility/{path}, value: {other}}}"]
    award = w.gettext("an award: when {moments}; to {receivers} (fewest and most with by);",
                      moments=" | ".join(MOMENTS), receivers=" | ".join(RECEIVERS))
    amount = w.gettext("amount: a whole number or an expression over the measures")
    end = w.gettext("a further end: after the round in which someone has at least this many "
                    "(at: turn — as soon as a turn ends so, the rest of the round unplayed)")
    lines += [f"    # {award}", f"    # {amount} (+ - * // %, min, max, abs, if/else)",
              "    # - {op: add, path: /mechanics/awards/-, value: {when: round_start, to: fewest, by: "
              f"{gain}, gain: {gain}, amount: 2}}}}",
              "    # - {op: add, path: /mechanics/awards/-, value: {when: game_end, to: each, gain: "
              f"{gain}, amount: \"2 * {counted}\"}}}}",
              f"    # {end}",
              f"    # - {{op: add, path: /mechanics/end/-, value: {{kind: reaches, by: {counted}, at_least: 6, "
              "at: round}}"]
    lines += _move_lines(mechanics, w)
    return lines


def _move_lines(mechanics: dict[str, Any], w: Any) -> list[str]:
    """A further move (mechanics.moves) over the pack's own parts: what the operations may name, and one
    example that checks once uncommented."""
    from regola.mechanics.moves import OPS, PERIODS, TURN

    parts = mechanics.get("parts") or {}
    counters = [n for n, p in parts.items() if p.get("kind") == "counter" and p.get("owner") == "player"]
    holdings = [n for n, p in parts.items() if p.get("owner") == "player" and p.get("kinds")]
    places = [n for n, p in parts.items() if p.get("owner") == "shared"]
    if not counters:
        return []
    if len(counters) > 1:
        do = f"{{pay: {counters[0]}, amount: 2}}, {{gain: {counters[1]}, amount: 1}}"
    else:
        held = holdings[0] if holdings else None
        back = next((n for n in places if held and parts[n].get("kinds") == parts[held].get("kinds")), None)
        if held is None or back is None:
            return []
        do = f"{{return: {held}, amount: 1, to: {back}}}, {{gain: {counters[0]}, amount: 2}}"
    said = w.gettext("a further move: offered in named phases or at any of one's decisions ({turn}), at most so "
                     "many times a {periods}; its operations: {ops}", turn=TURN, periods=" | ".join(PERIODS),
                     ops=" | ".join(OPS))
    names = w.gettext("counters: {counters}; holdings by kind: {holdings}; shared places: {places}",
                      counters=", ".join(counters), holdings=", ".join(holdings) or "—",
                      places=", ".join(places) or "—")
    return [f"    # {said}", f"    # {names}",
            "    # - {op: add, path: /mechanics/moves, value: {house_move: {in: turn, limit: {times: 1, per: round}, "
            f"do: [{do}]}}}}}}"]


def _part_name(pack: Any, lang: str, part: str, category: str = "parts") -> str:
    """A part of a player's holdings, or a pile, in the rule catalog's words (its id where the catalog has
    none)."""
    from regola.text.catalog import catalog_for

    try:
        return catalog_for(lang, None, pack.game).name(category, part)
    except Exception:  # no catalog of the game in this language: the id still says which part
        return part


def _form_lines(pack: Any, w: Any) -> list[str]:
    """Each mechanic whose form data chooses (regola.mechanics.forms), from its record and the game's
    reading of it: its forms in the reader's words, today's, and an example of another form with the
    values it needs (the first one the game can run with today's values and the record's suggestions)."""
    from regola.mechanics.editable import changes, mechanic_fields, unset

    known = [f for f in mechanic_fields(pack) if f.formed]
    lines: list[str] = []
    for kind_field in (f for f in known if f.whole is not None):
        forms = " | ".join(f"{choice} ({w.gettext(said)})" for choice, said in zip(kind_field.choices,
                                                                                  kind_field.words, strict=True))
        lines.append("    # " + w.gettext("{mechanic}: {forms} (today: {kind})", mechanic=w.gettext(kind_field.label),
                                          forms=forms, kind=kind_field.value))
        for other in (c for c in kind_field.choices if c != kind_field.value):
            values = {kind_field.pointer: other}
            if unset(known, values):
                continue  # a form that needs a value no record suggests (a Dutch auction's first price)
            made = changes(known, values)
            if made:
                value = json.dumps(made[0]["value"], ensure_ascii=False).replace('"', "")
                lines.append(f"    # - {{op: replace, path: {kind_field.whole}, value: {value}}}")
                break
    return lines


def variant_text(pack: Any, variant_id: str, lang: str | None = None) -> str:
    """The starting file, its comments and rule titles in ``lang`` (default: the pack's language)."""
    from regola.i18n import words

    lang = lang or pack.language
    w = words(lang)
    titles = _titles(pack, lang)
    chosen = fields(pack)
    if not chosen:
        raise RegolaError(f"pack '{pack.id}' names no number or yes/no in its rules to start a house rule from")
    first_pointer, _, first_value, _ = chosen[0]
    check, diff, play = ("regola check THIS_FILE", f"regola rules diff --pack {pack.id} --variant THIS_FILE",
                         f"regola play --pack {pack.id} --variant THIS_FILE")
    title = json.dumps(w.gettext("My house rule"), ensure_ascii=False)  # quoted: valid YAML in any language
    lines = [
        "# " + w.gettext("A house rule for the pack '{pack}' ({title}), started by `regola new variant`.",
                         pack=pack.id, title=pack.title),
        "# " + w.gettext("To change a rule: remove the '# ' before its change and edit the value. Then"),
        f"#   {check:<56} " + w.gettext("says whether the result holds together,"),
        f"#   {diff:<56} " + w.gettext("shows what it changes in the rulebook,"),
        f"#   {play:<56} " + w.gettext("plays it."),
        "# " + w.gettext("Each change names the rule it touches (`regola rules show RULE_ID`) and the source "
                         "that rule cites."),
        "variant:",
        f"  id: {variant_id}",
        f"  base: {pack.id}",
        f"  title: {title}",
        "  cites: []                 # " + w.gettext("where the rule comes from, if anywhere (e.g. a club's rule "
                                                     "sheet)"),
        "  changes:",
        "    # " + w.gettext("This line changes nothing: it only checks today's value, so the file is valid as "
                             "it stands."),
        f"    - {{op: test, path: {first_pointer}, value: {json.dumps(first_value, ensure_ascii=False)}}}",
    ]
    for pointer, rule_id, value, cites in chosen:
        title = titles.get(rule_id, "")
        lines.append("")
        said = (f" — {title}" if title else "") + (f" [{', '.join(cites)}]" if cites else "")
        lines.append(f"    # {rule_id}{said}")
        lines.append(f"    # - {{op: replace, path: {pointer}, value: {json.dumps(value, ensure_ascii=False)}}}")
    lines += mechanic_lines(pack, lang)
    return "\n".join(lines) + "\n"


def run_variant(args: argparse.Namespace) -> int:
    import re

    from regola.core.home import current

    if not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", args.id):
        raise RegolaError(f"--id {args.id}: an id is lowercase letters, digits, '-', '_' or '.'")
    pack = current().load_pack(args.pack)
    target: Path = args.output if args.output is not None else Path(f"{args.id}.yaml")
    if target.exists():
        raise RegolaError(f"{target} exists already; choose another file with -o")
    lang = language(pack, args.lang)
    text = variant_text(pack, args.id, lang)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("x", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise RegolaError(f"cannot write {target}: {exc.strerror or exc}") from None
    from regola.i18n import words

    print(words(lang).ngettext("wrote {file}: {count} change to choose from, all commented out; check it with "
                               "`regola check {file}`",
                               "wrote {file}: {count} changes to choose from, all commented out; check it with "
                               "`regola check {file}`", len(fields(pack)), file=str(target), count=len(fields(pack))))
    return 0
