"""The most decisions a Peninsula game can take (``GameType.longest``), from its rules and
content; docs/rules/peninsula.md, "The longest game", gives the same reasoning.

Rules version 1 has none: moving the architect along drawn arrows costs nothing, and
nothing bounds the moves of a round (a client could move back and forth for ever).
Version 2 caps them with the platform's ``max_commands_per_round`` (at most its upper
bound), and every other decision is bounded by what it uses up:

* a round is one card of the deck (the drafted card, the fast game's face-up card, or the
  solo game's two flipped cards, none used twice), so there are at most as many rounds as
  cards, each with one draft (none in the fast game) and one ``end_round``;
* in a round a seat uses at most two icons (the solo game's two; one otherwise), each
  perhaps after one lifesaver (a lifesaver needs an unused icon, then that icon must be
  drawn), makes at most the cap's architect moves, and ends its actions once;
* in a game a seat fills each land hex at most once, claims at most one mission per icon
  type, and spends each landmark's bonus at most once (every bonus decision spends one);
* the final window is one more ``end_actions`` per seat and one ``end_game``; the set-up
  and the seed's reveal are one decision each.
"""

from __future__ import annotations

from domain.core import MAX_COMMANDS_PER_ROUND
from domain.games.peninsula.cards import ICONS, full_deck
from domain.games.peninsula.content.model import Content
from domain.games.peninsula.setup import MAX_SEATS

ICONS_PER_ROUND = 2
"""The most icons a seat has in one round (the solo game's two cards)."""


def longest(packs: tuple[Content, ...]) -> int:
    """The bound for rules version 2 and these content packs (the module's docstring)."""
    assert MAX_COMMANDS_PER_ROUND.bounds is not None
    cap = MAX_COMMANDS_PER_ROUND.bounds[1]
    rounds = len(full_deck())
    maps = [m for pack in packs for m in pack.maps.values()]
    land = max(len(m.land) for m in maps)
    landmarks = max(len(m.landmarks) for m in maps)
    per_round = 2 * ICONS_PER_ROUND + cap + 1
    per_seat = rounds * per_round + land + len(ICONS) + landmarks + 1
    return 2 + rounds * 2 + 1 + MAX_SEATS * per_seat
