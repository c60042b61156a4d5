"""Which files a run checks, and loading them into Subjects without stopping at the first fault.

The engine's loader raises at the first broken file (a game must not start on it); the checker turns
each raised PackError (every schema finding of it) into findings and carries on with the next target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from regola.check.findings import Finding
from regola.check.subject import Subject
from regola.core.errors import PackError
from regola.core.pack import PackErrors, home_variant_files, load_pack
from regola.core.schemas import schema_id, schema_set
from regola.core.variant import Variant, load_variant
from regola.core.yamlio import display_path, load_yaml, locate

__all__ = ["Plan", "UsageError", "findings_of", "load_pack_subject", "load_variant_subjects", "plan"]

PACK_FILE = "pack.yaml"


class UsageError(Exception):
    """A path that is neither a pack nor a variant (or does not exist): exit status 2."""


@dataclass
class Plan:
    """The pack folders and variant files of one run; ``full`` when it is the whole repository.

    ``unusable`` holds a finding per PATH that is no pack, variant or YAML file at all (exit status 2);
    the other paths are checked all the same.
    """

    packs: list[Path] = field(default_factory=list)
    variants: list[Path] = field(default_factory=list)
    full: bool = False
    unusable: list[Finding] = field(default_factory=list)


def _is_yaml(path: Path) -> bool:
    return path.suffix in (".yaml", ".yml")


def _home_variants(home: Path) -> list[Path]:
    return sorted(p.resolve() for p in home_variant_files(home))


def home_packs(home: Path) -> list[Path]:
    """Every pack folder under ``<home>/rulepacks``."""
    folder = home / "rulepacks"
    if not folder.is_dir():
        return []
    return sorted(p.resolve() for p in folder.iterdir() if (p / PACK_FILE).is_file())


def _pack_of(path: Path) -> Path | None:
    """The pack folder a data file or text catalog belongs to, if any (never for a file in variants/)."""
    if path.parent.name == "variants" or path.parent.parent.name == "variants":
        return None
    for folder in (path.parent, path.parent.parent):
        if (folder / PACK_FILE).is_file():
            return folder.resolve()
    return None


def _holds_variant(path: Path) -> bool:
    try:
        content = load_yaml(path)
    except PackError:
        return False
    return isinstance(content, dict) and "variant" in content


def plan(paths: Sequence[str | Path], home: Path) -> Plan:
    """What to check: the given paths, or every pack and variant under ``<home>/rulepacks``.

    A YAML file is a file of its pack when it lies in one (pack.yaml, a data file, a catalog) and is no
    variant; any other YAML file is checked as a variant, so a broken one (bad YAML, no ``variant:``)
    gets its findings with lines like any variant.
    """
    if not paths:
        return Plan(home_packs(home), _home_variants(home), full=True)
    result = Plan()
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            if (path / PACK_FILE).is_file():
                _add(result.packs, path.resolve())
            else:
                result.unusable.append(Finding("LOAD", f"not a pack folder (no {PACK_FILE} in it)", str(raw)))
        elif path.is_file() and _is_yaml(path):
            folder = _pack_of(path)
            if folder is not None and (path.name == PACK_FILE or not _holds_variant(path)):
                _add(result.packs, folder)
            else:
                _add(result.variants, path.resolve())
        elif path.exists():
            result.unusable.append(Finding("LOAD", "not a pack folder or a YAML file (.yaml, .yml)", str(raw)))
        else:
            result.unusable.append(Finding("LOAD", "no such file or folder", str(raw)))
    return result


def _add(items: list[Path], path: Path) -> None:
    if path not in items:
        items.append(path)


def findings_of(err: PackError, default: str = "LOAD") -> list[Finding]:
    """Each problem a PackError carries, as a finding (schema findings keep the code SCHEMA)."""
    errors = err.findings if isinstance(err, PackErrors) and err.findings else [err]
    out = []
    for e in errors:
        code = "SCHEMA" if e.code == "schema" else default
        out.append(Finding(code, e.message, e.file, e.line, e.column, e.field))
    return out


def load_pack_subject(folder: Path, home: Path) -> tuple[Subject | None, list[Finding]]:
    """The pack as the engine loads it, or the findings that stop it from loading."""
    try:
        return Subject(load_pack(folder, home=home), None, home), []
    except PackError as err:
        return None, findings_of(err)


def _variant_schema(path: Path, home: Path, shown: str) -> tuple[Any, list[Finding]]:
    """The variant file's content and every schema finding of it (the engine reports only the first)."""
    try:
        content = load_yaml(path, name=shown)
    except PackError as err:
        return None, findings_of(err)
    found = schema_set(home / "schemas").validate(content, schema_id("variant"))
    return content, [Finding("SCHEMA", f.message, shown, *locate(path, f.pointer), f.pointer) for f in found]


def load_variant_subjects(path: Path, home: Path) -> tuple[list[Subject], list[Finding]]:
    """The variant applied to each pack of its ``base`` (those that load), plus what went wrong."""
    shown = display_path(path, home)
    content, findings = _variant_schema(path, home, shown)
    if content is None or findings:
        return [], findings
    try:
        variant: Variant = load_variant(path, home)
    except PackError as err:
        return [], findings_of(err)
    subjects = []
    for index, base in enumerate(variant.base):
        where = "/variant/base" if isinstance(content["variant"]["base"], str) else f"/variant/base/{index}"
        if not (home / "rulepacks" / base / PACK_FILE).is_file():
            findings.append(Finding("VARIANT_BASE_UNKNOWN", f"variant '{variant.id}' applies to pack '{base}', "
                                    "which is not under rulepacks/", shown, *locate(path, where), where))
            continue
        try:
            load_pack(base, home=home)
        except PackError as err:  # the base's own fault: reported (once) as the base's, not as the variant's
            findings += [replace(f, about=f"{base} + {variant.id}") for f in findings_of(err)]
            continue
        try:
            subjects.append(Subject(load_pack(base, variants=[path], home=home), variant, home))
        except PackError as err:
            for finding in findings_of(err):
                code = finding.code
                if code == "LOAD" and finding.file == shown:
                    code = "VARIANT_APPLY"
                findings.append(Finding(code, f"applied to '{base}': {finding.message}", finding.file,
                                        finding.line, finding.column, finding.pointer))
    return subjects, findings
