"""Loading and checking rule catalogs (``rulepacks/<pack>/text/<lang>.yaml``).

A rule catalog holds one game's words in one language: units, names, one entry per rule ID, the
rulings, and the rulebook's own headings. It is keyed by (game, language): its ``text.game`` names
the game, and it lives in a pack folder of that game, preferably the pack of its language (the Czech
pack holds Maestro Leonardo in Polish and English, the Polish pack Princes of Florence in the other
languages). The program's own words (pages, terminal, commands) are not here but in the gettext
catalogs of ``regola.i18n``.

A catalog is validated against ``schemas/text-catalog.schema.json`` and its placeholders are checked
against its own ``args`` when it loads, so a typo is reported with the file before any rendering.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regola import paths
from regola.core.errors import PackError
from regola.i18n.forms import NAMED, Inflected, forms_of
from regola.i18n.pseudo import PSEUDO, pseudo

__all__ = [
    "PLACEHOLDER",
    "Catalog",
    "available_languages",
    "catalog_files",
    "catalog_for",
    "catalogs_for",
    "falls_back",
    "game_of_folder",
    "languages_of",
    "load_catalog",
    "pseudo_catalog",
]

PLACEHOLDER = NAMED  # {name} or {name:form} (regola.i18n.forms)
CATALOG_SCHEMA = "text-catalog"


@dataclass(frozen=True, eq=False)
class Catalog:
    """One game's texts in one language. ``file`` is how errors name it."""

    language: str
    path: Path
    file: str
    data: dict[str, Any]
    #: the catalog whose words stand in for a name, heading or unit this one lacks (a translation still
    #: in progress shows the pack's own words there, never an id); see ``with_fallback``
    fallback: Catalog | None = None

    def with_fallback(self, other: Catalog | None) -> Catalog:
        """This catalog, falling back on ``other`` for what it lacks (a new object: catalogs are shared)."""
        if other is None or other is self or other.language == self.language:
            return self
        return dataclasses.replace(self, fallback=other)

    @property
    def game(self) -> str:
        return str(self.data.get("game", ""))

    @property
    def rules(self) -> dict[str, Any]:
        rules: dict[str, Any] = self.data["rules"]
        return rules

    @property
    def rulings(self) -> dict[str, Any]:
        rulings: dict[str, Any] = self.data["rulings"]
        return rulings

    def names(self, category: str) -> dict[str, Any]:
        names: dict[str, Any] = self.data["names"].get(category, {})
        return names

    def name(self, category: str, key: object) -> str:
        """The name of an id in a category; the fallback's when this catalog has none; the id itself
        when neither has one (never a crash)."""
        value = self.names(category).get(str(key))
        if value is None and self.fallback is not None:
            return self.fallback.name(category, key)
        if isinstance(value, dict):  # a card's name with its provenance, or a name with its forms (forms.py)
            return Inflected(str(value.get("name", key)), forms_of(value))
        return str(value) if value is not None else str(key)

    def chrome(self, key: str) -> str:
        """A heading of the game's rulebook (a section, a table column); the fallback's, else the key."""
        value = self.data.get("chrome", {}).get(key)
        if value is None and self.fallback is not None:
            return self.fallback.chrome(key)
        return str(value) if value is not None else key

    def chrome_or(self, key: str, default: str) -> str:
        """A heading, or ``default`` when neither this catalog nor its fallback has one (e.g. the title of a
        pack it does not know)."""
        value = self.data.get("chrome", {}).get(key)
        if value is None and self.fallback is not None:
            return self.fallback.chrome_or(key, default)
        return str(value) if value is not None else default

    def unit(self, unit: str) -> tuple[dict[str, str], str]:
        """(the plural forms of ``unit``, the language whose plural rules pick among them): this catalog's,
        else its fallback's."""
        forms = self.data["units"].get(unit)
        if forms is None and self.fallback is not None:
            return self.fallback.unit(unit)
        if forms is None:
            raise KeyError(unit)
        return forms, self.language


def falls_back(data: dict[str, Any]) -> bool:
    """Whether a catalog's data is a translation with a fallback: translated (``source``) from the language
    of the pack it lives in, whose catalog stands in where it lacks a text or a unit; not a catalog of its
    own pack's language measured against another pack's (``source.own``)."""
    source = data.get("source")
    return isinstance(source, dict) and bool(source) and not source.get("own", False)


def _home(home: Path | None) -> Path:
    return Path(home if home is not None else paths.home())


_HEADER = re.compile(r"^\s+(game|language):\s*['\"]?([A-Za-z0-9_-]+)", re.MULTILINE)


def game_of_folder(folder: Path) -> tuple[str, str]:
    """(game, language) of the pack in ``folder``, read from pack.yaml without a YAML parser (the quick
    paths must not pay for one); ('', '') when it cannot be read (the pack check says why)."""
    try:
        text = (folder / "pack.yaml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return "", ""
    found: dict[str, str] = {m.group(1): m.group(2) for m in _HEADER.finditer(text)}
    return found.get("game", ""), found.get("language", "")


#: home -> (the stamps of its text folders, (game, language) -> catalog file)
_index: dict[str, tuple[tuple[Any, ...], dict[tuple[str, str], Path]]] = {}


def catalog_files(home: Path | None = None) -> dict[tuple[str, str], Path]:
    """(game, language) -> catalog file, for every ``rulepacks/*/text/<lang>.yaml``.

    When two pack folders of one game hold a catalog of the same language, the one in the pack of that
    language wins, else the first folder in name order (the check reports the second as a duplicate).
    """
    folder = _home(home) / "rulepacks"
    if not folder.is_dir():
        return {}
    packs = sorted(p for p in folder.iterdir() if (p / "text").is_dir())
    stamp = tuple((str(p), (p / "text").stat().st_mtime_ns, (p / "pack.yaml").stat().st_mtime_ns
                   if (p / "pack.yaml").exists() else 0) for p in packs)
    known = _index.get(str(folder))
    if known is not None and known[0] == stamp:
        return dict(known[1])
    found: dict[tuple[str, str], Path] = {}
    for pack in packs:
        game, pack_language = game_of_folder(pack)
        if not game:
            continue
        for file in sorted((pack / "text").glob("*.yaml")):
            key = (game, file.stem)
            if key not in found or file.stem == pack_language:
                found[key] = file
    _index[str(folder)] = (stamp, found)
    return dict(found)


def languages_of(game: str, home: Path | None = None) -> list[str]:
    """The languages the rules of ``game`` can be read in, sorted."""
    return sorted(lang for g, lang in catalog_files(home) if g == game)


def available_languages(home: Path | None = None, game: str | None = None) -> dict[str, Path]:
    """Language -> catalog file: of one game, or (``game`` None) of any game, a language's catalog in
    the pack of that language preferred."""
    found: dict[str, Path] = {}
    for (g, lang), path in sorted(catalog_files(home).items()):
        if game is not None and g != game:
            continue
        if lang not in found or path.parent.parent.name == lang:
            found[lang] = path
    return found


#: (catalog file, home) -> (its mtime and size, the schemas it was validated with, the catalog). One
#: entry per file, replaced when the file or the schemas change, so a long-lived process (the check
#: daemon) neither grows with every edit nor keeps a catalog its schemas no longer accept.
_loaded: dict[tuple[str, str], tuple[tuple[int, int], object, Catalog]] = {}


def catalog_for(language: str, home: Path | None = None, game: str | None = None) -> Catalog:
    """The catalog of ``game`` in a language (already negotiated). Without ``game``: the catalog of that
    language in the pack of that language, else any (for callers that know only one game's languages).
    The pseudo-locale (``regola.i18n.pseudo``) is built from the game's English catalog, or its first."""
    if language == PSEUDO:
        langs = languages_of(game, home) if game is not None else sorted(available_languages(home))
        if not langs:
            raise PackError(f"no rule text of {game} in any language")
        return pseudo_catalog(catalog_for("en" if "en" in langs else langs[0], home, game))
    if game is None:
        files = available_languages(home)
        if language not in files:
            raise PackError(f"no text catalog for language '{language}' (available: {', '.join(sorted(files))})")
        return load_catalog(files[language], home)
    path = catalog_files(home).get((game, language))
    if path is None:
        raise PackError(f"no rule text of {game} in language '{language}' "
                        f"(languages: {', '.join(languages_of(game, home)) or 'none'})")
    return load_catalog(path, home)


def catalogs_for(language: str, game: str, pack_language: str,
                 home: Path | None = None) -> tuple[Catalog, Catalog | None]:
    """(the catalog of ``game`` in ``language``, the catalog in the pack's own language to fall back on
    for a rule the first lacks, or None when they are the same or the pack's language has none)."""
    catalog = catalog_for(language, home, game)
    if pack_language == catalog.language or (game, pack_language) not in catalog_files(home):
        return catalog, None
    fallback = catalog_for(pack_language, home, game)
    return catalog.with_fallback(fallback), fallback


def load_catalog(path: Path, home: Path | None = None) -> Catalog:
    """Read, validate and check one catalog; memoised until the file changes."""
    from regola.core.schemas import schema_id, schema_set
    from regola.core.yamlio import display_path, load_yaml, locate

    path = Path(path).resolve()
    stat = path.stat()
    key, stamp = (str(path), str(home)), (stat.st_mtime_ns, stat.st_size)
    schemas = schema_set(_home(home) / "schemas")
    cached = _loaded.get(key)
    if cached is not None and cached[0] == stamp and cached[1] is schemas:
        return cached[2]
    shown = display_path(path, home)
    content = load_yaml(path, name=shown)
    findings = schemas.validate(content, schema_id(CATALOG_SCHEMA))
    if findings:
        first = findings[0]
        line, column = locate(path, first.pointer)
        raise PackError(first.message, file=shown, line=line, column=column, field=first.pointer, code="schema")
    data: dict[str, Any] = content["text"]
    if path.stem != data["language"]:
        raise PackError(f"the catalog {path.name} says it is in '{data['language']}'", file=shown,
                        line=locate(path, "/text/language")[0], field="/text/language")
    folder_game = game_of_folder(path.parent.parent)[0]
    if folder_game and data["game"] != folder_game:
        raise PackError(f"the catalog says it words {data['game']}, but it lives in a pack of {folder_game}",
                        file=shown, line=locate(path, "/text/game")[0], field="/text/game")
    _check_placeholders(data, path, shown)
    catalog = Catalog(data["language"], path, shown, data)
    _loaded[key] = (stamp, schemas, catalog)
    return catalog


def _check_placeholders(data: dict[str, Any], path: Path, shown: str) -> None:
    """Every {name} has an arg, every arg is used, every unit and name category exists."""
    from regola.core.yamlio import locate

    for rule_id, entry in data["rules"].items():
        args = entry.get("args", {})
        used = set(PLACEHOLDER.findall(entry["text"])) | set(PLACEHOLDER.findall(entry["title"]))
        at = f"/text/rules/{rule_id}"
        for name in sorted(used - set(args)):
            raise PackError(f"rule {rule_id}: the placeholder {{{name}}} has no entry in args", file=shown,
                            line=locate(path, at + "/text")[0], field=at + "/text")
        for name in sorted(set(args) - used):
            raise PackError(f"rule {rule_id}: the arg '{name}' is not used in the text", file=shown,
                            line=locate(path, f"{at}/args/{name}")[0], field=f"{at}/args/{name}")
        for name, arg in args.items():
            unit = arg.get("unit")
            # a translation in progress may lack a unit: its fallback's forms stand in, and the check
            # reports it untranslated; a catalog that translates nothing must have every unit it uses
            if unit is not None and unit not in data["units"] and not falls_back(data):
                raise PackError(f"rule {rule_id}: unknown unit '{unit}'", file=shown,
                                line=locate(path, f"{at}/args/{name}/unit")[0], field=f"{at}/args/{name}/unit")
            category = arg.get("names")
            if category is not None and category not in data["names"]:
                raise PackError(f"rule {rule_id}: unknown name category '{category}'", file=shown,
                                line=locate(path, f"{at}/args/{name}/names")[0], field=f"{at}/args/{name}/names")


def _pseudo_names(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: (dict(v, name=pseudo(v["name"])) if isinstance(v, dict) and "name" in v else _pseudo_names(v))
                for k, v in value.items()}
    return pseudo(str(value))


def _pseudo_rule(entry: dict[str, Any]) -> dict[str, Any]:
    out = dict(entry, title=pseudo(entry["title"]), text=pseudo(entry["text"]))
    if "args" in entry:
        out["args"] = {name: (dict(spec, cases={k: pseudo(v) for k, v in spec["cases"].items()})
                              if "cases" in spec else spec) for name, spec in entry["args"].items()}
    return out


def pseudo_catalog(base: Catalog) -> Catalog:
    """A rule catalog in the pseudo-locale, made from ``base`` (same rules, args and citations)."""
    data = base.data
    units = {unit: {"one": pseudo(forms.get("one", forms["other"])), "other": pseudo(forms["other"])}
             for unit, forms in data["units"].items()}
    made = dict(data, language=PSEUDO, units=units,
                names={category: _pseudo_names(names) for category, names in data["names"].items()},
                rules={rule_id: _pseudo_rule(entry) for rule_id, entry in data["rules"].items()},
                rulings={r: {"title": pseudo(e["title"]), "text": pseudo(e["text"])}
                         for r, e in data["rulings"].items()},
                chrome={key: pseudo(str(value)) for key, value in data.get("chrome", {}).items()})
    made.pop("source", None)
    return Catalog(PSEUDO, base.path, f"{base.file} ({PSEUDO})", made)
