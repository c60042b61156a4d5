"""Rule packs: find, load, merge, borrow, apply variants, validate, hash.

A pack is a folder with ``pack.yaml`` (its header) and the data files the header lists. Its
**document** is the union of the data files' top-level keys, plus what it borrows from other packs,
with the chosen variants applied. Everything that goes wrong is a PackError naming the file, line,
column and JSON pointer, because the people who edit packs are not programmers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from regola import paths
from regola.core.diskcache import Stamp, fresh, load_stamped, stamp, store_stamped
from regola.core.errors import PackError
from regola.core.home import DataHome
from regola.core.pointers import MISSING, resolve
from regola.core.schemas import schema_id, schema_set
from regola.core.variant import (
    Change,
    Variant,
    apply_variants_traced,
    blame,
    blamed,
    canonical_hash,
    copy_json,
    last_change_over,
    load_variant,
)
from regola.core.yamlio import display_path, load_yaml, locate, parse_pointer

__all__ = ["HASH_EXCLUDED", "Pack", "PackErrors", "available_packs", "available_variants", "find_pack",
           "home_variant_files", "join_errors", "load_pack"]

PACK_FILE = "pack.yaml"
#: wording, rule entries and the take-back policy of a table (undo) do not change how a recorded game plays
HASH_EXCLUDED = frozenset({"rules", "text", "undo"})


@dataclass
class PackErrors(PackError):
    """Several problems at once (e.g. every schema finding). Its own fields are the first one's."""

    findings: list[PackError] = field(default_factory=list)

    def __str__(self) -> str:
        if len(self.findings) <= 1:
            return super().__str__()
        return "\n".join(str(finding) for finding in self.findings)


def _within(pointer: str, prefix: str) -> bool:
    return pointer == prefix or pointer.startswith(prefix + "/")


@dataclass(frozen=True)
class _Locator:
    """What Pack.locate needs: which file each part of the document came from."""

    home: DataHome
    pack_file: Path
    origins: dict[str, Path]
    borrowed: tuple[tuple[str, Pack], ...] = ()
    changes: tuple[Change, ...] = ()

    def __call__(self, pointer: str) -> tuple[str, int | None, int | None]:
        tokens = parse_pointer(pointer)
        if tokens is None:
            return display_path(self.pack_file, self.home.root), None, None
        change = last_change_over(self.changes, pointer)  # the last operation that wrote there wins
        if change is not None:
            where = f"/variant/changes/{change.index}"
            if change.op in ("add", "replace"):
                where += "/value" + pointer[len(change.pointer):]
            return change.variant.where(where)
        for prefix, lender in self.borrowed:
            if _within(pointer, prefix):
                return lender.locate(pointer)
        if tokens and tokens[0] == "pack":
            return self._at(self.pack_file, pointer)
        origin = self.origins.get(tokens[0]) if tokens else None
        if origin is None:  # the whole document, or a top-level key no file defines
            return self._at(self.pack_file, "/pack/data")
        return self._at(origin, pointer)

    def _at(self, path: Path, pointer: str) -> tuple[str, int | None, int | None]:
        line, column = locate(path, pointer)
        return display_path(path, self.home.root), line, column


@dataclass(frozen=True, eq=False)
class Pack:
    """A loaded rule pack (plus variants). Treat ``meta`` and ``data`` as read-only: packs are shared."""

    id: str
    game: str
    language: str
    title: str
    root: Path
    meta: dict[str, Any]  # the `pack:` mapping of pack.yaml
    data: dict[str, Any]  # the document: merged data files + borrows + variants, without `pack`
    origins: dict[str, Path]  # top-level key -> the file that defines it
    variants: tuple[Variant, ...]
    content_hash: str
    _locator: _Locator = field(repr=False)

    def locate(self, pointer: str) -> tuple[str, int | None, int | None]:
        """(file for display, line, column) of a JSON pointer into ``data`` (or ``/pack/…``)."""
        return self._locator(pointer)

    def change_at(self, pointer: str | None) -> Change | None:
        """The variant change most likely behind a fault at ``pointer`` (None for a pack without variants)."""
        return blame(self._locator.changes, pointer)

    def error(self, message: str, pointer: str) -> PackError:
        """A PackError at a pointer of this pack, located; at the variant change behind it when the
        place is in a base file of a pack with variants (the base alone was valid)."""
        file, line, column = self.locate(pointer)
        err = PackError(message, file=file, line=line, column=column, field=pointer)
        if self.variants and file not in {variant.source for variant in self.variants}:
            change = self.change_at(pointer)
            if change is not None:
                return blamed(err, change)
        return err


# --- finding packs -----------------------------------------------------------------------------


def _home(home: Path | DataHome | None) -> DataHome:
    """The data home a caller named (its folder, or the object), else the one regola.core.home chooses."""
    if isinstance(home, DataHome):
        return home if home.root.is_absolute() else DataHome(home.root.resolve(), home.how)
    return DataHome(Path(home if home is not None else paths.home()).resolve(), "given")


def available_packs(home: Path | DataHome | None = None) -> list[str]:
    """The ids of the packs under ``<home>/rulepacks`` (folders holding a pack.yaml)."""
    folder = _home(home).rulepacks
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / PACK_FILE).is_file())


def _looks_like_path(ref: str) -> bool:
    return any(sep in ref for sep in ("/", os.sep)) or ref.endswith((".yaml", ".yml")) or ref in (".", "..")


def find_pack(ref: str | Path, home: Path | DataHome | None = None) -> Path:
    """The folder of a pack given by id (under ``<home>/rulepacks``) or by path (folder or pack.yaml)."""
    text = str(ref)
    candidates: list[Path] = []
    if isinstance(ref, Path) or _looks_like_path(text):
        path = Path(text)
        candidates.append(path.parent if path.is_file() or path.suffix in (".yaml", ".yml") else path)
    else:
        candidates.append(_home(home).rulepacks / text)
        candidates.append(Path(text))
    for folder in candidates:
        if (folder / PACK_FILE).is_file():
            return folder.resolve()
    known = ", ".join(available_packs(home)) or "none"
    if isinstance(ref, Path) or _looks_like_path(text):
        raise PackError(f"no pack at '{text}' (a pack is a folder with a {PACK_FILE}); "
                        f"installed packs: {known}", file=text)
    raise PackError(f"unknown pack '{text}'; available packs: {known}",
                    file=display_path(_home(home).rulepacks, _home(home).root))


def _yaml_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def _bases(path: Path) -> tuple[str, ...]:
    """The ``base`` a variant file names, read without validating it (() when it cannot be read)."""
    try:
        content = load_yaml(path)
    except PackError:
        return ()
    variant = content.get("variant") if isinstance(content, dict) else None
    base = variant.get("base") if isinstance(variant, dict) else None
    if isinstance(base, str):
        return (base,)
    return tuple(b for b in base if isinstance(b, str)) if isinstance(base, list) else ()


def _variants_in(folder: Path) -> list[Path]:
    """A ``variants/`` folder's files: the official variants, then the house rules of ``variants/house/``."""
    return _yaml_files(folder) + _yaml_files(folder / "house")


def home_variant_files(home: Path | DataHome) -> list[Path]:
    """Every variant file under ``<home>/rulepacks``: each pack's ``variants/`` and ``variants/house/``."""
    folder = _home(home).rulepacks
    return sorted(p for pattern in ("*/variants/*.y*ml", "*/variants/house/*.y*ml") for p in folder.glob(pattern)
                  if p.suffix in (".yaml", ".yml") and p.is_file())


def _variant_files(folder: Path, home: DataHome) -> list[Path]:
    """The variant files a pack may use: its own ``variants/`` (and ``variants/house/``), then those of
    other packs under ``<home>/rulepacks`` whose ``base`` lists it (codex-leonardi-1 lives with cs and
    applies to fr too)."""
    own = _variants_in(folder / "variants")
    pack_id = folder.name
    others = [path for other in sorted(home.rulepacks.glob("*/variants")) if other.parent != folder
              for path in _variants_in(other) if pack_id in _bases(path)]
    return own + others


def available_variants(ref: str | Path, home: Path | DataHome | None = None) -> list[str]:
    """The names (file stems) of the variants a pack may use: its own, under its ``variants/`` folder,
    and those of other packs that list it as a base."""
    folder = find_pack(ref, home)
    return sorted(dict.fromkeys(p.stem for p in _variant_files(folder, _home(home))))


# --- loading -----------------------------------------------------------------------------------

_Where = Callable[[str], tuple[str, int | None, int | None]]  # pointer -> (file, line, column)


class _Reads:
    """The files a load depends on, with their stamps, so a memoised pack can tell it is stale."""

    def __init__(self) -> None:
        self.stamps: dict[str, Stamp] = {}

    def note(self, path: Path) -> None:
        key = str(path)
        if key not in self.stamps:
            self.stamps[key] = stamp(path)

    def merge(self, stamps: tuple[Stamp, ...]) -> None:
        for entry in stamps:
            self.stamps.setdefault(entry[0], entry)

    def frozen(self) -> tuple[Stamp, ...]:
        return tuple(self.stamps.values())


_CacheKey = tuple[Path, tuple[object, ...], Path]  # folder, variants, the home's folder
_cache: dict[_CacheKey, tuple[tuple[Stamp, ...], Pack]] = {}


def load_pack(
    ref: str | Path, variants: Sequence[str | Path | Variant] = (), home: Path | DataHome | None = None
) -> Pack:
    """Load, merge, borrow, apply variants (in order), validate and hash a pack.

    ``ref`` is a pack id or a path; each variant is a file path, the name of a file in the pack's
    ``variants/`` folder, a variant id found there, or a Variant (e.g. re-created from a record).
    ``home`` is the data home (or its folder); without it, the home ``regola.core.home`` chooses (for a
    pack named by path: the home it lies in). The home is one object from here down. Loads are memoised
    until one of the files involved changes.
    """
    if home is None and (isinstance(ref, Path) or _looks_like_path(str(ref))):
        from regola.core.home import home_of  # a pack named by path borrows from the home it lies in

        home = home_of(find_pack(ref))
    data_home = _home(home)
    folder = find_pack(ref, data_home)
    resolved = tuple(_resolve_variant(v, folder, data_home) for v in variants)
    return _load_cached(folder, resolved, data_home, ())[1]


def _variant_key(variant: Path | Variant) -> object:
    return variant if isinstance(variant, Path) else ("variant", variant.content_hash, variant.source)


def _load_cached(
    folder: Path, variants: tuple[Path | Variant, ...], home: DataHome, chain: tuple[Path, ...]
) -> tuple[tuple[Stamp, ...], Pack]:
    key: _CacheKey = (folder, tuple(_variant_key(v) for v in variants), home.root)
    cached = _cache.get(key)
    if cached is not None and fresh(cached[0]):
        return cached
    entry = None if variants else _from_disk(folder, home)
    if entry is None:
        reads = _Reads()
        pack = _load(folder, variants, home, chain, reads)
        entry = (reads.frozen(), pack)
        if not variants:
            _to_disk(entry[0], pack, home)
    _cache[key] = entry
    return entry


# --- the base packs on disk ----------------------------------------------------------------------
# A check or a game loads the same unchanged packs run after run; merging, borrowing and validating
# them again costs more than the rest of a one-variant check. A base pack (no variants) is kept in
# regola's cache folder with the stamps of every file it was built from, this loader's own code
# among them, and used only while none of them has changed.

_CODE = tuple(str(Path(__file__).with_name(name)) for name in (
    "pack.py", "variant.py", "schemas.py", "yamlio.py", "yaml_loader.py", "diskcache.py"))


def _disk_key(folder: Path, home: DataHome) -> str:
    return f"{folder}\n{home.root}"


def _to_disk(stamps: tuple[Stamp, ...], pack: Pack, home: DataHome) -> None:
    value = {"meta": pack.meta, "data": pack.data, "hash": pack.content_hash,
             "origins": {key: str(path) for key, path in pack.origins.items()},
             "borrowed": [[pointer, str(lender.root)] for pointer, lender in pack._locator.borrowed]}
    store_stamped("packs", _disk_key(pack.root, home), (*stamps, *(stamp(p) for p in _CODE)), value)


def _from_disk(folder: Path, home: DataHome) -> tuple[tuple[Stamp, ...], Pack] | None:
    stored = load_stamped("packs", _disk_key(folder, home))
    if stored is None:
        return None
    stamps, value = stored
    borrowed = []
    for pointer, lender_root in value["borrowed"]:
        lender_stamps, lender = _load_cached(Path(lender_root), (), home, ())
        stamps = (*stamps, *lender_stamps)
        borrowed.append((pointer, lender))
    origins = {key: Path(path) for key, path in value["origins"].items()}
    locator = _Locator(home, folder / PACK_FILE, origins, tuple(borrowed), ())
    return stamps, _new_pack(folder, value["meta"], value["data"], origins, (), value["hash"], locator)


def _resolve_variant(ref: str | Path | Variant, folder: Path, home: DataHome) -> Path | Variant:
    if isinstance(ref, Variant):
        return ref
    path = Path(ref)
    if path.is_file():
        return path.resolve()
    own = folder / "variants"
    names = _variant_files(folder, home)
    for candidate in names:  # by file name: the pack's own first
        if candidate.stem == str(ref):
            return candidate.resolve()
    for candidate in names:  # a variant id that differs from its file name
        try:
            if load_variant(candidate, home.root).id == str(ref):
                return candidate.resolve()
        except PackError:
            continue
    known = ", ".join(dict.fromkeys(p.stem for p in names)) or "none"
    raise PackError(f"no variant '{ref}': not a file, and no variant of that name applies to the pack "
                    f"'{folder.name}' (available: {known})", file=display_path(own, home.root))


def join_errors(findings: list[PackError]) -> PackError:
    """One finding as itself; several as PackErrors, whose own fields are the first one's."""
    first = findings[0]
    if len(findings) == 1:
        return first
    return PackErrors(first.message, file=first.file, line=first.line, column=first.column,
                      field=first.field, code=first.code, findings=findings)


def _validate(instance: Any, schema: str, home: DataHome, reads: _Reads, where: _Where) -> None:
    """Raise every schema finding as one PackError(s), located by ``where(pointer)``."""
    schemas_dir = home.schemas
    reads.note(home.root / "schemas")
    schemas = schema_set(schemas_dir)
    for schema_file in schemas.files.values():
        reads.note(schema_file)
    if not schemas.has(schema):
        if schema == schema_id("pack-meta"):
            raise PackError(f"the schema {schema} is missing", file=display_path(schemas_dir, home.root))
        return
    found = schemas.validate(instance, schema)
    if not found:
        return
    errors = []
    for finding in found:
        file, line, column = where(finding.pointer)
        errors.append(PackError(finding.message, file=file, line=line, column=column, field=finding.pointer,
                                code="schema"))
    raise join_errors(errors)


def _load(folder: Path, variant_refs: tuple[Path | Variant, ...], home: DataHome, chain: tuple[Path, ...],
          reads: _Reads) -> Pack:
    if variant_refs:
        return _with_variants(folder, variant_refs, home, chain, reads)
    pack_file = folder / PACK_FILE
    shown = display_path(pack_file, home.root)
    reads.note(pack_file)
    header = load_yaml(pack_file, name=shown)

    def in_header(pointer: str) -> tuple[str, int | None, int | None]:
        return (shown, *locate(pack_file, pointer))

    _validate(header, schema_id("pack-meta"), home, reads, in_header)
    meta: dict[str, Any] = header["pack"]
    pack_id: str = meta["id"]
    if folder.parent == home.rulepacks and folder.name != pack_id:
        raise PackError(f"the pack in folder '{folder.name}' must have the id '{folder.name}', "
                        f"not '{pack_id}'",
                        *in_header("/pack/id"), field="/pack/id")

    document, origins = _merge(folder, meta, home, reads, in_header)
    borrowed = _borrow(document, origins, folder, meta, home, chain, reads, in_header)
    locator = _Locator(home, pack_file, origins, tuple(borrowed))
    return _finish(folder, meta, document, origins, (), locator, home, reads)


def _with_variants(folder: Path, variant_refs: tuple[Path | Variant, ...], home: DataHome, chain: tuple[Path, ...],
                   reads: _Reads) -> Pack:
    """The base pack (loaded once, memoised) with the variants applied to a copy of its document."""
    stamps, base = _load_cached(folder, (), home, chain)
    reads.merge(stamps)
    variants = tuple(v if isinstance(v, Variant) else _read_variant(v, home, reads) for v in variant_refs)
    document, changes = apply_variants_traced(base.data, variants, base.id)
    locator = replace(base._locator, changes=tuple(changes))
    try:
        return _finish(folder, base.meta, document, base.origins, variants, locator, home, reads)
    except PackError as err:  # the base was valid alone: a fault in its files is a variant's doing
        sources = {variant.source for variant in variants}
        problems = err.findings if isinstance(err, PackErrors) and err.findings else [err]
        said = []
        for problem in problems:
            change = None if problem.file in sources else blame(changes, problem.field)
            said.append(problem if change is None else blamed(problem, change))
        raise join_errors(said) from None


def _finish(folder: Path, meta: dict[str, Any], document: dict[str, Any], origins: dict[str, Path],
            variants: tuple[Variant, ...], locator: _Locator, home: DataHome, reads: _Reads) -> Pack:
    """Validate the whole document against its game's schema, hash it and make it a Pack."""
    _validate(document, schema_id(meta["game"]), home, reads, locator)
    hashed = {key: value for key, value in document.items() if key not in HASH_EXCLUDED}
    try:
        content_hash = canonical_hash(hashed)
    except PackError as err:
        err.file = display_path(folder / PACK_FILE, home.root)
        raise
    return _new_pack(folder, meta, document, origins, variants, content_hash, locator)


def _new_pack(folder: Path, meta: dict[str, Any], document: dict[str, Any], origins: dict[str, Path],
              variants: tuple[Variant, ...], content_hash: str, locator: _Locator) -> Pack:
    return Pack(id=meta["id"], game=meta["game"], language=meta["language"], title=meta["title"], root=folder,
                meta=meta, data=document, origins=origins, variants=variants, content_hash=content_hash,
                _locator=locator)


def _read_variant(path: Path, home: DataHome, reads: _Reads) -> Variant:
    reads.note(path)
    return load_variant(path, home.root)


def _merge(folder: Path, meta: dict[str, Any], home: DataHome, reads: _Reads,
           in_header: _Where) -> tuple[dict[str, Any], dict[str, Path]]:
    """The union of the data files' top-level keys; a key defined twice is an error."""
    document: dict[str, Any] = {}
    origins: dict[str, Path] = {}
    for index, name in enumerate(meta["data"]):
        path = folder / name
        if not path.is_file():
            raise PackError(f"the data file '{name}' does not exist in {display_path(folder, home.root)}",
                            *in_header(f"/pack/data/{index}"), field=f"/pack/data/{index}")
        reads.note(path)
        shown = display_path(path, home.root)
        content = load_yaml(path, name=shown)
        if content is None:
            continue
        if not isinstance(content, dict):
            raise PackError("a data file holds top-level keys (like 'city:'), not a list or a single value",
                            shown, *locate(path, ""), field="")
        for key, value in content.items():
            if key == "pack":
                raise PackError("the key 'pack' belongs in pack.yaml only", shown, *locate(path, "/pack"),
                                field="/pack")
            if key in origins:
                first = display_path(origins[key], home.root)
                raise PackError(f"the top-level key '{key}' is defined in both {first} and {shown}",
                                shown, *locate(path, "/" + key.replace("~", "~0").replace("/", "~1")),
                                field="/" + key)
            document[key] = value
            origins[key] = path
    return document, origins


def _borrow(document: dict[str, Any], origins: dict[str, Path], folder: Path, meta: dict[str, Any],
            home: DataHome, chain: tuple[Path, ...], reads: _Reads, in_header: _Where) -> list[tuple[str, Pack]]:
    """Copy the parts listed in ``pack.borrows`` from their lending packs into the document."""
    borrowed: list[tuple[str, Pack]] = []
    for index, entry in enumerate(meta.get("borrows", [])):
        at = f"/pack/borrows/{index}"
        lender_id = entry["from"]
        lender_folder = home.rulepacks / lender_id
        if not (lender_folder / PACK_FILE).is_file():
            known = ", ".join(available_packs(home)) or "none"
            raise PackError(f"cannot borrow from unknown pack '{lender_id}' (available: {known})",
                            *in_header(f"{at}/from"), field=f"{at}/from")
        lender_folder = lender_folder.resolve()
        if lender_folder == folder or lender_folder in chain:
            circle = " → ".join(p.name for p in (*chain, folder, lender_folder))
            raise PackError(f"packs borrow from each other in a circle: {circle}",
                            *in_header(f"{at}/from"), field=f"{at}/from")
        stamps, lender = _load_cached(lender_folder, (), home, (*chain, folder))
        reads.merge(stamps)
        if lender.game != meta["game"]:
            raise PackError(f"pack '{lender_id}' is for the game '{lender.game}', not '{meta['game']}'",
                            *in_header(f"{at}/from"), field=f"{at}/from")
        for number, pointer in enumerate(entry["paths"]):
            where = f"{at}/paths/{number}"
            tokens = parse_pointer(pointer) or []
            value = resolve(lender.data, pointer)
            if value is MISSING:
                raise PackError(f"pack '{lender_id}' has nothing at {pointer} to borrow",
                                *in_header(where), field=where)
            parent = resolve(document, pointer.rsplit("/", 1)[0])
            if not isinstance(parent, dict):
                parent_pointer = pointer.rsplit("/", 1)[0]
                raise PackError(f"cannot borrow {pointer}: this pack has no mapping at {parent_pointer} "
                                "to put it in",
                                *in_header(where), field=where)
            if tokens[-1] in parent:
                own = _Locator(home, folder / PACK_FILE, origins)(pointer)
                raise PackError(f"{pointer} is both defined here ({own[0]}:{own[1]}) and borrowed from "
                                f"'{lender_id}'; keep one", *in_header(where), field=where)
            parent[tokens[-1]] = copy_json(value)
            if len(tokens) == 1 and tokens[0] in lender.origins:
                origins[tokens[0]] = lender.origins[tokens[0]]
            borrowed.append((pointer, lender))
    return borrowed
