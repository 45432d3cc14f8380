"""The most decisions a Peloponnes game can take (``GameType.longest``), from its rules
and content; docs/rules/peloponnes.md, "The longest game", gives the same reasoning. The
platform's cap on a round's bids plays no part: the rules bound every phase by themselves.

* Every decision a seat is asked for outside the bidding (paying or marking a building
  won, choosing income, saving tiles, paying unpaid buildings, an end-of-game choice)
  takes that seat off the phase's list of seats awaited, and each list names every seat
  at most once (the end choices: at most one per tile in play).
* In the bidding each seat, in its turn, bids or withdraws once; each bid outbids at most
  one seat, which then moves its bid to a free tile (outbidding no one) or withdraws; and
  each seat buys at most one sea tile a round.
* A round reveals at most ``tiles_per_round`` tiles, each bringing at most one supply, and
  draws ``CHITS_PER_ROUND`` chits, each striking at most once; the system decides the
  reveal, each supply, the settling, the income, the chits, each strike and the round's
  end. So a round is at most (seats + 1) x (5 + chits + tiles) decisions: a phase for the
  system, and for each seat, its bid, its response to an outbid, its sea tile, its
  building, its income, its tiles in each strike and its unpaid buildings in each supply.
* After the last round: the final supply (the system's, and each seat's unpaid
  buildings), the end-of-game choices, the scoring; the set-up and the seed's reveal.
"""

from __future__ import annotations

from domain.games.peloponnes.content.model import CHITS_PER_ROUND, MAX_SEATS, Content


def longest(packs: tuple[Content, ...]) -> int:
    """The bound for these content packs (the module's docstring)."""
    rounds = max(len(pack.rounds) for pack in packs)
    tiles = max(n for pack in packs for n in pack.tiles_per_round.values())
    in_play = max(len(p.tiles) + len(p.sea_tiles) + len(p.civilizations) for p in packs)
    per_round = (MAX_SEATS + 1) * (5 + CHITS_PER_ROUND + tiles)
    return 2 + rounds * per_round + (MAX_SEATS + 1) + in_play + 1
