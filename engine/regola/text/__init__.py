"""Rule text in several languages, kept apart from rule data.

A catalog (``rulepacks/<pack>/text/<lang>.yaml``) holds names, plural units, one reference entry per
rule ID and the rulings, in one language. Its numbers are placeholders bound to JSON pointers of
whatever pack (plus variants) it is rendered over, so every language follows a data change.
Heavy imports (YAML, JSON Schema, Babel, the pack loader) happen inside functions: the quick CLI
paths read a small JSON cache instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from regola.core.game import Ruleset

__all__ = ["explain"]


def explain(rule_id: str, lang: str | None, ruleset: Ruleset) -> str:
    """The rule's title and text in ``lang`` (negotiated), over the ruleset's own pack data.

    Used for illegal actions: the engine names a rule ID, the person reads the rule in their language.
    """
    from regola.text.bind import bind_rule
    from regola.text.catalog import catalogs_for, languages_of
    from regola.text.lang import negotiate

    pack = ruleset.pack
    language = negotiate(lang, pack.language, languages_of(pack.game), pack.id)
    catalog, fallback = catalogs_for(language, pack.game, pack.language)
    bound = bind_rule(catalog, pack, rule_id, fallback)
    cites = ", ".join(bound.cites)
    return f"{bound.title}: {bound.text} [{rule_id}; {cites}]"
