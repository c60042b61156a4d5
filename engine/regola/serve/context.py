"""What every handler needs from a request: the app's state, which pack, variant and language, and the
bound rules of that edition (built in an engine worker when a posted variant's are not at hand)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from starlette.requests import Request

from regola.serve.library import Bound, LanguageMissing, Library, posted_bound
from regola.serve.negotiate import choose
from regola.serve.workers import EnginePool

__all__ = ["Asked", "asked", "bound_of", "client_of", "engine_of", "library_of"]


def library_of(request: Request) -> Library:
    library: Library = request.app.state.library
    return library


def engine_of(request: Request) -> EnginePool:
    engine: EnginePool = request.app.state.engine
    return engine


def client_of(request: Request) -> str:
    """Who asks: the client's address (the real one behind a trusted proxy: uvicorn's proxy headers)."""
    client = request.scope.get("client")
    return str(client[0]) if client else "unknown"


async def bound_of(request: Request, pack_id: str, token: str | None, lang: str) -> Bound:
    """The bound rules of an edition in a language; a posted variant's are built by an engine worker."""
    library = library_of(request)
    found = library.cached_bound(pack_id, token, lang)
    if found is not None:
        return found
    variant = library.posted(pack_id, token)
    if variant is None:
        return library.bound(pack_id, token, lang)
    library.language(lang, pack_id)
    built: Bound = await engine_of(request).run(client_of(request), posted_bound, library.home, pack_id, variant, lang)
    return library.keep_bound(built)


@dataclass(frozen=True)
class Asked:
    pack: str
    variant: str | None
    lang: str


@lru_cache(maxsize=512)
def _language_for(lang: str, languages: tuple[str, ...]) -> str:
    from regola.text.lang import parse_tag

    parsed = parse_tag(lang) if len(lang) <= 35 else None
    return choose(parsed.replace("_", "-"), list(languages), "") if parsed is not None else ""


@lru_cache(maxsize=512)
def _header_language(header: str | None, languages: tuple[str, ...], default: str) -> str:
    return choose(header, list(languages), default)


def explicit_language(library: Library, lang: str, pack_id: str) -> str:
    """``?lang=`` or a URL's language: any tag Babel reads (de-AT, cs_CZ), or the pseudo-locale en-XA;
    404 with the one line every surface says when no catalog of the pack's game fits."""
    from regola.i18n.pseudo import PSEUDO

    offered = library.languages_of(pack_id)
    if lang in offered or lang == PSEUDO:
        return lang
    if lang.replace("-", "_").lower() == PSEUDO.lower():
        return PSEUDO
    found = _language_for(lang, tuple(offered))  # Babel's parse costs more than the reply
    if found:
        return found
    raise LanguageMissing(pack_id, lang, offered)


def asked(request: Request, pack_id: str) -> Asked:
    """Pack from the path; variant from ``?variant=``; language from ``?lang=``, Accept-Language, the pack."""
    library = library_of(request)
    pack = library.base(pack_id)
    variant = request.query_params.get("variant") or None
    library.known(pack_id, variant)  # 404 early for an unknown variant
    lang = request.query_params.get("lang")
    if lang:
        language = explicit_language(library, lang, pack_id)
    else:
        header = request.headers.get("accept-language")
        offered = tuple(library.languages_of(pack_id))
        language = _header_language(header[:200] if header else None, offered, pack.language)
    return Asked(pack_id, variant, language)
