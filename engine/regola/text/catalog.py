"""Loading and checking text catalogs (``rulepacks/<pack>/text/<lang>.yaml``).

A catalog is validated against ``schemas/text-catalog.schema.json`` and its placeholders are checked
against its own ``args`` when it loads, so a typo is reported with the file before any rendering.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regola import paths
from regola.core.errors import PackError

__all__ = ["PLACEHOLDER", "Catalog", "available_languages", "catalog_for", "load_catalog"]

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
CATALOG_SCHEMA = "text-catalog"


@dataclass(frozen=True, eq=False)
class Catalog:
    """One language's texts. ``file`` is how errors name it."""

    language: str
    path: Path
    file: str
    data: dict[str, Any]

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
        """The name of an id in a category; the id itself when the catalog has none (never a crash)."""
        value = self.names(category).get(str(key))
        if isinstance(value, dict):
            return str(value.get("name", key))
        return str(value) if value is not None else str(key)

    def chrome(self, key: str) -> str:
        return str(self.data["chrome"].get(key, key))

    def chrome_or(self, key: str, default: str) -> str:
        """A chrome text, or ``default`` when the catalog has none (e.g. the title of a pack it does not know)."""
        value = self.data["chrome"].get(key)
        return str(value) if value is not None else default

    def terminal(self, key: str, **values: object) -> str:
        """A line of the terminal game, its {placeholders} filled; the key itself when the catalog lacks it."""
        template = self.data.get("terminal", {}).get(key)
        if template is None:
            return key
        return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), str(template))


def _home(home: Path | None) -> Path:
    return Path(home if home is not None else paths.home())


def available_languages(home: Path | None = None) -> dict[str, Path]:
    """Language -> catalog file, for every ``rulepacks/*/text/<lang>.yaml``."""
    found: dict[str, Path] = {}
    folder = _home(home) / "rulepacks"
    if not folder.is_dir():
        return found
    for pack in sorted(folder.iterdir()):
        text = pack / "text"
        if text.is_dir():
            for file in sorted(text.glob("*.yaml")):
                found.setdefault(file.stem, file)
    return found


#: (catalog file, home) -> (its mtime and size, the schemas it was validated with, the catalog). One
#: entry per file, replaced when the file or the schemas change, so a long-lived process (the check
#: daemon) neither grows with every edit nor keeps a catalog its schemas no longer accept.
_loaded: dict[tuple[str, str], tuple[tuple[int, int], object, Catalog]] = {}


def catalog_for(language: str, home: Path | None = None) -> Catalog:
    """The catalog of a language (already negotiated)."""
    files = available_languages(home)
    if language not in files:
        raise PackError(f"no text catalog for language '{language}' (available: {', '.join(sorted(files))})")
    return load_catalog(files[language], home)


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
            if unit is not None and unit not in data["units"]:
                raise PackError(f"rule {rule_id}: unknown unit '{unit}'", file=shown,
                                line=locate(path, f"{at}/args/{name}/unit")[0], field=f"{at}/args/{name}/unit")
            category = arg.get("names")
            if category is not None and category not in data["names"]:
                raise PackError(f"rule {rule_id}: unknown name category '{category}'", file=shown,
                                line=locate(path, f"{at}/args/{name}/names")[0], field=f"{at}/args/{name}/names")
