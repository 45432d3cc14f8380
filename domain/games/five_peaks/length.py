"""The most decisions a Five Peaks game can take (``GameType.longest``), from its rules;
docs/rules/five-peaks.md, "The longest game", gives the same reasoning.

* Turns: a game whose end is never triggered ends once every seat has had
  ``TURNS_PER_SEAT`` turns. One triggered in time plays on until the triggering seat's turn
  ends, then one final turn per seat; rules version 1 cut that final round at the limit,
  so at most ``TURNS_PER_SEAT`` turns per seat, and version 2 plays it, so one more.
* Decisions in a turn: only the seat whose turn it is decides, and every fact of its turn
  but a campfire draw adds to its count for the platform's ``max_commands_per_round`` (at
  most its upper bound). So at most the cap's decisions add to it; each ``draw_campfire``
  (which adds nothing) must be followed by a ``keep_campfire`` (which does) before the
  next, so there are at most one more of them; and one decision ends the turn.
* The set-up and the seed's reveal are one decision each; the system decides nothing else.
"""

from __future__ import annotations

from domain.core import MAX_COMMANDS_PER_ROUND
from domain.games.five_peaks.flow import TURNS_PER_SEAT
from domain.games.five_peaks.setup import MAX_SEATS


def longest(rules_version: str) -> int:
    """The bound for a rules version (the module's docstring)."""
    assert MAX_COMMANDS_PER_ROUND.bounds is not None
    cap = MAX_COMMANDS_PER_ROUND.bounds[1]
    turns = TURNS_PER_SEAT + (0 if rules_version == "1" else 1)
    per_turn = cap + (cap + 1) + 1
    return 2 + MAX_SEATS * turns * per_turn
