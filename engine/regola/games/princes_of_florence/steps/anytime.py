"""What a player may do outside the order of actions: use a recruitment card, move back on the fame
track for money, and put unchosen cards under a pile in an order of his choosing.

- **Recruitment** (004 Karty Rekrutacji): take a face-up profession card from an opponent's table into
  one's hand; the recruitment card takes its place. It may be used when won and at any moment of the
  action phase, and is no action (footnote 4) unless the pack says otherwise (``recruit_is_action``).
  regola offers it on the holder's own turn, at once when it is won, and at every turn boundary of the
  action phase (ruling R16: each holder is asked in turn order; "wait" keeps the card).
- **Moving back for money** (004 Wypłata wynagrodzenia, ruling R15): at any of one's own decisions of
  the auction and of the action phase.
- **Cards under a pile** (004 Karty Prestiżu, Karty Wolnego Zawodu, Karty Premii, ruling R17): in the
  order the player chooses, a follow-up decision when two or more go back.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from regola.core.errors import IllegalAction
from regola.core.step import Action
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.state import RECRUITMENT, State
from regola.games.princes_of_florence.steps.characters import most_actions
from regola.games.princes_of_florence.verbs import work_value_bound

RECRUIT_RULE = "actions.recruit"
SELL_RULE = "actions.prestige_for_money"


# --- recruitment ---------------------------------------------------------------------------------


def recruit_options(state: State, seat: int) -> list[Action]:
    """Every recruitment the player could make now: a face-up profession card of an opponent's table."""
    if not state.players[seat].recruits:
        return []
    return sorted({("recruit", q.seat, card) for q in state.players if q.seat != seat
                   for card in q.table if card != RECRUITMENT})


def recruit(state: State, seat: int, action: Action) -> None:
    victim = state.players[action[1]]
    p = state.players[seat]
    victim.table[victim.table.index(action[2])] = RECRUITMENT
    p.recruits -= 1
    p.hand.append(action[2])
    p.hand.sort()


def recruit_refusal(state: State, seat: int, action: Action) -> IllegalAction:
    """Why this recruitment is not allowed, in the recruitment rule's words."""
    p = state.players[seat]
    if not p.recruits:
        return IllegalAction(RECRUIT_RULE, "the player holds no recruitment card", action)
    if len(action) != 3 or type(action[1]) is not int or type(action[2]) is not int:
        return IllegalAction(RECRUIT_RULE, "a recruitment names a seat and a profession card: "
                             "('recruit', seat, card)", action)
    victim, card = action[1], action[2]
    if not 0 <= victim < state.n:
        return IllegalAction(RECRUIT_RULE, f"there is no seat {victim}", action)
    if victim == seat:
        return IllegalAction(RECRUIT_RULE, "a player cannot recruit from his own principality", action)
    if card == RECRUITMENT or card not in state.players[victim].table:
        return IllegalAction(RECRUIT_RULE, f"card {card} does not lie face up on seat {victim}'s table: only "
                             "face-up profession cards can be recruited, never cards in a hand", action)
    return IllegalAction(RECRUIT_RULE, "the recruitment card cannot be used at this moment", action)


def window(state: State, first: int, skip: int | None) -> list[int]:
    """The seats to ask at a turn boundary, clockwise from ``first``: those who hold a recruitment card
    that they could use now (never ``skip``, the player whose turn it is: he recruits on his turn)."""
    if state.rules.recruit_is_action:
        return []
    seats = state.in_turn_from(first)
    return [seat for seat in seats if seat != skip and recruit_options(state, seat)]


def recruiting(rules: Rules, players: int) -> bool:
    """Whether anyone can come to hold a recruitment card: a lot of this player count gives one."""
    return any("recruitment" in lot.gives for lot in rules.lots_by_players.get(players, ()))


def most_recruiting(rules: Rules, players: int) -> int:
    """The most recruitment decisions of one round's action phase (regola.core.bounds): each recruitment
    uses up a card for good, so no more than the box holds; and at each of the turn boundaries (one before
    every turn and one after the last) each holder waits once."""
    if not recruiting(rules, players):
        return 0
    waits = 0 if rules.recruit_is_action else (players + 1) * players
    return rules.recruitment_cards + waits


# --- moving back on the fame track ---------------------------------------------------------------


def most_sales(rules: Rules, players: int) -> int:
    """The most moves back on the fame track in one round (regola.core.bounds): a sale needs a point, so
    each seat sells no more than the points it started the game with and every point it can earn in a round,
    counted from every way the game gives prestige: a work's pay turned into points (a work per action,
    each worth at most ``work_value_bound``), a building (and its partner's share) per action, per lot won
    the most a landscape, an architect or the merchant gives, the best work, and the merchant twice."""
    if not rules.sell_allowed:
        return 0
    actions = most_actions(rules)
    pay = work_value_bound(rules) * rules.payout_per_point // max(1, rules.florins_per_prestige)
    joint = int(rules.shared_board["joint"]["prestige"]) if rules.shared_board else 0
    lot = max(rules.repeat_landscape_prestige, max(rules.architect_prestige, default=0), players)
    earned = actions * max(pay, rules.building_prestige + joint) + rules.per_player * lot
    return players * (max(0, rules.start_prestige) + earned + rules.best_work_prestige + 2 * players)


def may_sell(state: State, seat: int) -> bool:
    return state.rules.sell_allowed and state.players[seat].prestige > 0


def sell(state: State, seat: int) -> None:
    state.players[seat].prestige -= 1
    state.gain(seat, state.rules.sell_per_point)


def sellable(state: State, seat: int) -> int:
    """The money the player could still raise by moving back."""
    if not state.rules.sell_allowed:
        return 0
    return max(0, state.players[seat].prestige) * state.rules.sell_per_point


def sell_refusal(state: State, action: Action) -> IllegalAction:
    if not state.rules.sell_allowed:
        return IllegalAction(SELL_RULE, "this pack does not allow moving back on the fame track for money", action)
    return IllegalAction(SELL_RULE, "the player's pawn is at 0 on the fame track: nothing to move back", action)


# --- cards under a pile --------------------------------------------------------------------------


def back_under(state: State, seat: int, deck: str, cards: list[int]) -> dict[str, Any] | None:
    """Put ``cards`` under the pile ``deck``; with two or more, the pending decision of their order."""
    if len(cards) < 2:
        getattr(state, deck).extend(cards)
        return None
    return {"seat": seat, "kind": "under", "deck": deck, "cards": list(cards)}


def under_options(pending: dict[str, Any]) -> list[Action]:
    return [("under", order) for order in permutations(pending["cards"])]


def put_under(state: State, pending: dict[str, Any], action: Action) -> None:
    getattr(state, pending["deck"]).extend(action[1])
