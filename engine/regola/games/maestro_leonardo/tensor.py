"""Maestro Leonardo's view as a fixed-shape vector (regola.core.tensor), every field read from the view.

Shapes come from the pack: C cards (/inventions/cards, in card-id order), M materials, D districts
(/city/order), L labs (/limits/labs), K cards the council may reveal, S council spaces, R rounds, and
the game's P seats, numbered from the observer (0 = the observer, then clockwise). Counts are raw
numbers (money in gulden, weeks, people); one-hot and multi-hot fields are 0/1. The fields, in order,
are listed by ``tensor_spec(...).table()`` and in docs/SEARCH.md.
"""

from __future__ import annotations

from typing import Any

from regola.core.tensor import TensorField, TensorSpec, Writer, common_fields, fill_common, fill_moves, moves_fields
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.steps.city import COUNCIL_STAGES
from regola.games.maestro_leonardo.verbs import purse_bound
from regola.mechanics.awards import RECENT


def tensor_spec(ruleset: Any, players: int) -> TensorSpec:
    rules: Rules = ruleset.rules
    phases = ruleset.flow.state_names
    cards = rules.card_ids
    card_at = {c: i for i, c in enumerate(cards)}
    materials = rules.materials
    districts = rules.district_order
    labs = rules.limit_labs
    where = (*districts, *(f"lab{i}" for i in range(labs)))  # a master's place; one more entry: at home
    kinds = tuple(dict.fromkeys(k for k, _ in rules.lab_sides))
    sides = tuple(dict.fromkeys(s for _, s in rules.lab_sides))
    peek = max((int(s.params["cards"]) for s in rules.council_spaces if s.effect == "peek_deck"), default=0)
    # positions of the deck a seat may know in order: what a council peek shows, or all of it face up
    seen = rules.mechanics.visibility
    known = len(cards) if seen.open_pile("inventions") else max(peek, seen.shown_on_top("inventions"), 1)
    spaces = tuple(s.id for s in rules.council_spaces)
    n_c, n_m, n_d, p = len(cards), len(materials), len(districts), players
    lab_numbers = ("present", "working", "weeks", "apprentices", "master", "robots", "fresh")
    # scales of a normalized tensor (TensorField.scale): the bound the pack sets on each count, and for
    # money the most a seat can hold (verbs.purse_bound)
    people = max(rules.limit_apprentices, rules.apprentices_per_color, 1)
    weeks = max((c.weeks for c in rules.cards.values()), default=1)
    spaces_most = max((s.spaces for s in rules.lab_sides.values()), default=1)
    robots_most = max((s.robot_spaces for s in rules.lab_sides.values()), default=0) or 1
    cards_per = max(rules.cards_per_material, 1)
    component_most = max((max(c.components, default=1) for c in rules.cards.values()), default=1) or 1
    purse = float(max(purse_bound(rules), 1))
    # a house rule's awards (mechanics.awards) are paid in the open: the view lists the latest (awards.RECENT)
    gains = tuple(dict.fromkeys(a.gain for awards in rules.mechanics.awards.values() for a in awards))
    fields = (
        *common_fields(rules.rounds, phases, p),
        TensorField("leonardo", (p,), "one-hot: the seat holding Leonardo (relative)"),
        TensorField("council_money", (1,), "gulden lying on the council",
                    max(rules.council_money + rules.council_income * rules.rounds, 1)),
        TensorField("display", (n_c,), "multi-hot: the requested inventions"),
        TensorField("deck_size", (1,), "cards left in the deck", max(n_c, 1)),
        TensorField("deck_top_known", (known, n_c), "one-hot per position: deck top cards this seat saw "
                    "(the whole deck when it lies face up)"),
        TensorField("shops", (n_m,), "material cards in each shop pile", cards_per),
        TensorField("market", (n_m,), "material cards on the marketplace (Codex Leonardi II)", cards_per),
        TensorField("occupancy", (n_d, p, 2), "per district and seat: apprentices there, master there (0/1)",
                    (people, 1)),
        TensorField("arrival", (n_d, p), "per district and seat: its place in the district's row, in the order "
                                         "the seats came (1 first, 0 not there): it breaks ties (001 §8)", p),
        TensorField("completed_before", (n_c,), "multi-hot: inventions completed in earlier rounds"),
        TensorField("removed", (n_c,), "multi-hot: cards out of the game (2-player advanced setup)"),
        TensorField("people", (p, 3), "per seat: apprentices in supply, own apprentices in the academy, "
                                      "robots at the workshop", (people, people, max(rules.robots_per_color, 1))),
        TensorField("master_at", (p, len(where) + 1), "one-hot per seat: where its master stands (last: home)"),
        TensorField("cards", (p, n_c), "multi-hot per seat: invention cards in front of it"),
        TensorField("completed", (p, n_c), "multi-hot per seat: inventions it completed"),
        TensorField("labs", (p, labs, len(lab_numbers)), "per seat and lab: " + ", ".join(lab_numbers),
                    (1, 1, weeks, spaces_most, 1, robots_most, 1)),
        TensorField("lab_kind", (p, labs, len(kinds) + len(sides)), "one-hot per lab: kind, then side"),
        TensorField("lab_target", (p, labs, n_c), "one-hot per lab: its invention, where the view shows it"),
        TensorField("lab_materials", (p, labs, n_m), "per lab: material cards under it, where the view shows them",
                    component_most),
        TensorField("money", (p,), "per seat: its gulden, where the view shows them (mechanics.visibility)", purse),
        TensorField("hand", (p, n_m), "per seat: material cards in hand by material, where the view shows them",
                    cards_per),
        TensorField("auction", (n_c,), "one-hot: the invention being auctioned (phase D)"),
        TensorField("bidders_done", (p,), "multi-hot: seats that have bid in the auction"),
        TensorField("my_bid", (2,), "the observer's sealed bid, and 1 if it has bid", (purse, 1)),
        TensorField("district", (n_d,), "one-hot: the district being resolved (phase C)"),
        TensorField("rank", (p, p), "row r one-hot: the seat ranked r-th in that district"),
        TensorField("price", (1,), "the current price in that district", max(max(rules.cost_track, default=1), 1)),
        TensorField("spaces", (len(spaces), p), "per council space: one-hot the seat that took it"),
        TensorField("council_stage", (len(COUNCIL_STAGES),),
                    "one-hot: the council's stage: " + ", ".join(COUNCIL_STAGES)),
        TensorField("box", (n_c,),
                    "multi-hot: cards in the box (nobody won them, or a house rule's move put them there)"),
        *((TensorField("awarded", (RECENT, 2 + p + len(gains)), "only where a house rule gives awards: the latest "
                       "awards, oldest first: given, how much the part changed, one-hot the seat (relative), one-hot "
                       "the part", (1, purse, *(1,) * (p + len(gains)))),
           TensorField("awards_given", (1,), "how many awards were given so far", RECENT)) if gains else ()),
        *moves_fields(ruleset, p),
    )

    def fill(view: dict[str, Any], seat: int, w: Writer) -> None:
        def rel(s: int) -> int:
            return (s - seat) % p

        fill_common(view, seat, w, rules.rounds, phases, p)
        w.set("leonardo", 1, rel(view["leonardo"]))
        w.set("council_money", view["council_money"], 0)
        for c in view["display"]:
            w.set("display", 1, card_at[c])
        w.set("deck_size", view["deck_size"], 0)
        for i, c in enumerate(view["deck_top_known"][:known]):
            w.set("deck_top_known", 1, i, card_at[c])
        for m, name in enumerate(materials):
            w.set("shops", view["shops"][name], m)
            w.set("market", view["market"].get(name, 0), m)
        for d, letter in enumerate(districts):
            for place, (s, apprentices, master) in enumerate(view["occupancy"].get(letter, ()), 1):
                w.add("occupancy", apprentices, d, rel(s), 0)
                w.add("occupancy", master, d, rel(s), 1)
                w.set("arrival", place, d, rel(s))
        for c in view["completed_before"]:
            w.set("completed_before", 1, card_at[c])
        for c in view["removed"]:
            w.set("removed", 1, card_at[c])
        for entry in view["players"]:
            r = rel(entry["seat"])
            w.set("people", entry["apprentices"], r, 0)
            w.set("people", entry["academy"], r, 1)
            w.set("people", entry["robot_supply"], r, 2)
            master = entry["master"]
            w.set("master_at", 1, r, where.index(master) if master in where else len(where))
            for c in entry["cards"]:
                w.set("cards", 1, r, card_at[c])
            for c in entry["completed"]:
                w.set("completed", 1, r, card_at[c])
            for li, lab in enumerate(entry["labs"][:labs]):
                numbers = (1, lab["working"], lab["weeks"], lab["apprentices"], lab["master"], lab["robots"],
                           lab["fresh"])
                for k, value in enumerate(numbers):
                    w.set("labs", value, r, li, k)
                w.set("lab_kind", 1, r, li, kinds.index(lab["kind"]))
                w.set("lab_kind", 1, r, li, len(kinds) + sides.index(lab["side"]))
                target = lab.get("target")
                if target is not None and target in card_at:
                    w.set("lab_target", 1, r, li, card_at[target])
                for m, count in enumerate(lab.get("materials") or ()):
                    w.set("lab_materials", count, r, li, m)
            if "money" in entry:
                w.set("money", entry["money"], r)
            if "hand" in entry:
                for m, name in enumerate(materials):
                    w.set("hand", entry["hand"][name], r, m)
        step = view["step"]
        if "bidders_done" in step:
            if step["auction"] is not None:
                w.set("auction", 1, card_at[step["auction"]])
            for s in step["bidders_done"]:
                w.set("bidders_done", 1, rel(s))
            if step["my_bid"] is not None:
                w.set("my_bid", step["my_bid"], 0)
                w.set("my_bid", 1, 1)
        if "district" in step:
            w.set("district", 1, districts.index(step["district"]))
            for i, s in enumerate(step["rank"][:p]):
                w.set("rank", 1, i, rel(s))
            if "price" in step:
                w.set("price", step["price"], 0)
            for space, s in step.get("spaces", {}).items():
                w.set("spaces", 1, spaces.index(int(space)), rel(s))
            if "stage" in step:
                w.set("council_stage", 1, COUNCIL_STAGES.index(step["stage"]))
        for c in view["box"]:
            w.set("box", 1, card_at[c])
        awarded = view.get("awarded", ())
        for row, (number, s, gain, change) in enumerate(awarded[-RECENT:]):
            w.set("awarded", 1, row, 0)
            w.set("awarded", change, row, 1)
            w.set("awarded", 1, row, 2 + rel(s))
            w.set("awarded", 1, row, 2 + p + gains.index(gain))
            w.set("awards_given", number, 0)
        fill_moves(view, seat, w, p)

    return TensorSpec(fields, fill)
