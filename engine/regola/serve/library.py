"""The packs, variants and languages a server offers, loaded and validated once at start.

An *edition* is a pack with at most one variant applied: a variant file found at start (named by its
id) or one posted to the API that passed the check (named ``sha256-…`` after its content). Bound
rules and rulebooks are built on first use and kept in bounded caches, so memory stays flat however
many variants strangers post.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.core.errors import PackError, RegolaError
from regola.core.game import load_ruleset
from regola.core.pack import Pack, available_packs, load_pack
from regola.core.pointers import MISSING, resolve
from regola.core.variant import Variant, load_variant
from regola.serve.lru import Bounded
from regola.text.bind import BoundRule, bind_all
from regola.text.catalog import Catalog, catalogs_for
from regola.text.render import Book, build_book, section_of

__all__ = ["POSTED_PREFIX", "Edition", "LanguageMissing", "Library", "NotFound"]

POSTED_PREFIX = "sha256-"
POSTED_KEPT = 64  # variants posted to the API whose rulebooks stay reachable
BOUND_KEPT = 128  # (edition, language) pairs kept bound


class NotFound(RegolaError):
    """A pack, variant, language, rule or section the server does not have (HTTP 404)."""


class LanguageMissing(NotFound):
    """A language the pack's game has no rule text in: the API says so in English, a page in the
    language asked for (``text.lang.missing_language``)."""

    def __init__(self, pack: str, asked: str, offered: list[str]) -> None:
        from regola.text.lang import missing_language

        super().__init__(missing_language(pack, asked, offered, said_in="en"))
        self.pack, self.asked, self.offered = pack, asked, offered


def posted_token(variant: Variant) -> str:
    """The content address of a posted variant: its canonical hash, shortened for a readable URL."""
    return POSTED_PREFIX + variant.content_hash.split(":", 1)[1][:32]


@dataclass
class Edition:
    """A pack with at most one variant; ``token`` names the variant (None: the pack as published)."""

    pack: Pack
    base: Pack
    token: str | None
    variant: Variant | None


@dataclass
class Bound:
    """One edition's rules in one language, ready for the API and the pages."""

    edition: Edition
    catalog: Catalog
    rules: dict[str, BoundRule]
    json: dict[str, dict[str, Any]] = field(default_factory=dict)
    _book: Book | None = None
    _replies: dict[str, tuple[bytes, str]] = field(default_factory=dict)
    fallback: Catalog | None = None  # the pack's own language, for a rule a translation still lacks
    _changes: Any = None

    def rule_reply(self, rule_id: str) -> tuple[bytes, str] | None:
        """A rule's JSON reply and its ETag, encoded once: the API's most frequent answer."""
        found = self._replies.get(rule_id)
        if found is None and rule_id in self.json:
            from regola.serve.replies import etag_of, json_bytes

            body = json_bytes(self.json[rule_id])
            found = self._replies[rule_id] = (body, etag_of(body))
        return found

    def book(self) -> Book:
        if self._book is None:
            self._book = build_book(self.catalog, self.edition.pack, self.fallback)
        return self._book

    def changes(self) -> Any:
        """What the edition's variant changes, in this language (a ``text.diff.RuleDiff``; empty for the
        pack as published), with the base pack's tables to strike the old cells."""
        if self._changes is None:
            from regola.text.diff import diff_rules

            pack, base = self.edition.pack, self.edition.base
            self._changes = diff_rules(self.catalog, base, pack, self.fallback) if pack is not base else None
        return self._changes


def posted_edition(home: Path, pack_id: str, variant: Variant) -> Edition:
    """A pack with a posted variant applied."""
    return Edition(load_ruleset(pack_id, [variant], home).pack, load_pack(pack_id, home=home),
                   posted_token(variant), variant)


def bind(home: Path, edition: Edition, lang: str) -> Bound:
    """An edition's rules bound to the texts of one language (the pack's own for a rule a translation
    lacks), with their JSON replies."""
    catalog, fallback = catalogs_for(lang, edition.base.game, edition.base.language, home)
    rules = bind_all(catalog, edition.pack, fallback)
    bound = Bound(edition, catalog, rules, fallback=fallback)
    bound.json = {rid: _rule_json(edition, rule) for rid, rule in rules.items()}
    return bound


def posted_bound(home: Path, pack_id: str, variant: Variant, lang: str) -> Bound:
    """A posted variant's rules, rulebook and changes in one language, built whole (an engine worker's job)."""
    bound = bind(home, posted_edition(home, pack_id, variant), lang)
    bound.book()
    bound.changes()
    return bound


def _rule_json(edition: Edition, rule: BoundRule) -> dict[str, Any]:
    entry = edition.pack.data.get("rules", {}).get(rule.id, {})
    data = []
    for pointer in entry.get("data", []):
        value = resolve(edition.pack.data, pointer)
        before = resolve(edition.base.data, pointer)
        data.append({"pointer": pointer, "value": None if value is MISSING else value,
                     "changed": (value is MISSING) != (before is MISSING) or value != before})
    return {"id": rule.id, "pack": edition.pack.id, "variant": edition.token, "language": rule.language,
            "section": section_of(rule.id), "title": rule.title, "text": rule.text, "cites": list(rule.cites),
            "text_cites": list(rule.text_cites), "data": data}


def _forget_loaded(variant: Variant) -> None:
    # core.pack memoises every (pack, variants) it loads, without a bound; a posted variant evicted
    # here must leave that memo too, or each stranger's variant would stay in memory for good.
    from regola.core import pack as pack_module

    for key in [k for k in pack_module._cache if any(isinstance(v, tuple) and variant.content_hash in v
                                                      for v in k[1])]:
        pack_module._cache.pop(key, None)


class Library:
    """What one server offers. ``problems`` lists, one line each, what was skipped at start."""

    def __init__(self, home: Path, variant_dirs: list[Path] | None = None) -> None:
        from regola.text.catalog import languages_of

        self.home = home.resolve()
        self.problems: list[str] = []
        self.packs: dict[str, Pack] = {}
        for pack_id in available_packs(self.home):
            try:
                self.packs[pack_id] = load_pack(pack_id, home=self.home)
            except PackError as err:
                self.problems.append(f"pack {pack_id} skipped: {str(err).splitlines()[0]}")
        # a catalog words the rules of one game (its `text.game`, the pack folder it sits in)
        self._languages_of_game: dict[str, list[str]] = {
            game: languages_of(game, self.home) for game in {pack.game for pack in self.packs.values()}}
        self.languages = sorted({lang for langs in self._languages_of_game.values() for lang in langs})
        self.variants: dict[str, dict[str, Edition]] = {p: {} for p in self.packs}
        files = sorted((self.home / "rulepacks").glob("*/variants/*.y*ml"))
        for folder in variant_dirs or []:
            files += sorted(Path(folder).glob("*.y*ml"))
        for path in files:
            self._add_variant_file(path)
        self._posted: Bounded[str, Variant] = Bounded(POSTED_KEPT, lambda _k, v: _forget_loaded(v))
        self._posted_editions: Bounded[tuple[str, str], Edition] = Bounded(POSTED_KEPT * 2)
        self._bound: Bounded[tuple[str, str | None, str], Bound] = Bounded(BOUND_KEPT)

    def _add_variant_file(self, path: Path) -> None:
        try:
            variant = load_variant(path, self.home)
        except PackError as err:
            self.problems.append(f"variant {path} skipped: {str(err).splitlines()[0]}")
            return
        for base in variant.base:
            if base not in self.packs:
                continue
            try:
                pack = load_ruleset(base, [path], self.home).pack  # what play refuses is not served
            except PackError as err:
                self.problems.append(f"variant {variant.id} on {base} skipped: {str(err).splitlines()[0]}")
                continue
            self.variants[base].setdefault(variant.id, Edition(pack, self.packs[base], variant.id, variant))

    def report(self) -> None:
        for line in self.problems:
            print(f"regola serve: {line}", file=sys.stderr)

    # --- editions ---------------------------------------------------------------------------------

    def base(self, pack_id: str) -> Pack:
        pack = self.packs.get(pack_id)
        if pack is None:
            from regola.core.names import ID

            named = f" '{pack_id}'" if isinstance(pack_id, str) and ID.fullmatch(pack_id) else ""  # no path echoed
            raise NotFound(f"no pack{named} (packs: {', '.join(self.packs)})")
        return pack

    def edition(self, pack_id: str, token: str | None) -> Edition:
        """The edition a token names; a posted one not yet built is built here (the server builds it in
        an engine worker first: ``posted`` and ``keep_bound``)."""
        base = self.base(pack_id)
        if not token:
            return Edition(base, base, None, None)
        found = self.variants[pack_id].get(token)
        if found is not None:
            return found
        variant = self.posted(pack_id, token)
        if variant is None:
            raise self._no_variant(pack_id, token)
        return self._posted_editions.get_or_make((pack_id, token), lambda: posted_edition(self.home, pack_id, variant))

    def known(self, pack_id: str, token: str | None) -> None:
        """NotFound unless the pack has this variant (a file's id, or a posted token still kept)."""
        self.base(pack_id)
        if token and token not in self.variants[pack_id] and self.posted(pack_id, token) is None:
            raise self._no_variant(pack_id, token)

    def variant_named(self, pack_id: str, name: object, what: str = "variant") -> Variant:
        """The variant a name from outside gives for a served pack: a served variant's id or a posted
        house rule's token, nothing else (core.names: never a path, never a file read). NameRefused
        for a name of the wrong form, NotFound for one the server does not know."""
        from regola.core.names import outside_id

        self.base(pack_id)
        token = outside_id(name, what)
        served = self.variants[pack_id].get(token)
        if served is not None and served.variant is not None:
            return served.variant
        posted = self.posted(pack_id, token)
        if posted is None:
            raise self._no_variant(pack_id, token)
        return posted

    def posted(self, pack_id: str, token: str | None) -> Variant | None:
        """The posted variant a token names, when it is still kept and applies to the pack."""
        if not token or not token.startswith(POSTED_PREFIX):
            return None
        variant = self._posted.get(token)
        return variant if variant is not None and pack_id in variant.base else None

    def _no_variant(self, pack_id: str, token: str) -> NotFound:
        from regola.core.names import ID

        known = ", ".join(self.variants[pack_id]) or "none"
        named = f" '{token}'" if ID.fullmatch(token) else " of that name"  # a path is never echoed
        return NotFound(f"pack '{pack_id}' has no variant{named} (variants: {known}; posted variants are kept "
                        f"for the last {POSTED_KEPT} posted)")

    def keep_posted(self, variant: Variant) -> str:
        """Remember a variant that passed the check; its token addresses its rulebook."""
        token = posted_token(variant)
        if token not in self._posted:
            self._posted.put(token, variant)
        else:
            self._posted.get(token)  # mark as recently used
        return token

    def posted_count(self) -> int:
        return len(self._posted)

    # --- bound texts ------------------------------------------------------------------------------

    def languages_of(self, pack_id: str) -> list[str]:
        """The languages whose catalogs word this pack's game."""
        return self._languages_of_game.get(self.base(pack_id).game, [])

    def language(self, lang: str, pack_id: str) -> str:
        from regola.i18n.pseudo import PSEUDO

        offered = self.languages_of(pack_id)
        if lang not in offered and lang != PSEUDO:
            raise LanguageMissing(pack_id, lang, offered)
        return lang

    def bound(self, pack_id: str, token: str | None, lang: str) -> Bound:
        self.language(lang, pack_id)
        key = (pack_id, token, lang)
        found = self._bound.get(key)
        return found if found is not None else self._bound.put(key, bind(self.home, self.edition(pack_id, token), lang))

    def cached_bound(self, pack_id: str, token: str | None, lang: str) -> Bound | None:
        return self._bound.get((pack_id, token, lang))

    def keep_bound(self, bound: Bound) -> Bound:
        """Keep what an engine worker built for a posted variant (its edition too)."""
        # what the worker sent is a copy of everything: keep one edition per variant (not one per language),
        # and share the server's own base pack and catalog, so a posted variant costs only what is its own
        edition = bound.edition
        pack_id = edition.base.id
        edition.base = self.packs.get(pack_id, edition.base)
        token = edition.token
        if token is not None:
            known = self._posted_editions.get((pack_id, token))
            if known is not None:
                bound.edition = edition = known
            else:
                self._posted_editions.put((pack_id, token), edition)
        lang = bound.catalog.language
        bound.catalog, bound.fallback = catalogs_for(lang, edition.base.game, edition.base.language, self.home)
        return self._bound.put((pack_id, edition.token, lang), bound)

    def listing(self) -> list[dict[str, Any]]:
        """Every pack with its variants, as the API lists them."""
        return [{"id": pack.id, "game": pack.game, "title": pack.title, "language": pack.language,
                 "content_hash": pack.content_hash, "languages": self.languages_of(pack.id),
                 "variants": [{"id": e.token, "title": e.variant.title if e.variant else "",
                               "cites": list(e.variant.cites) if e.variant else [],
                               "content_hash": e.pack.content_hash}
                              for e in self.variants[pack.id].values()]}
                for pack in self.packs.values()]
