"""Leagues: a pure decider for a league's stream, its pairings and its standings."""

from domain.leagues.commands import COMMAND_TYPES, Actor, Command, Fixture
from domain.leagues.decider import decide, evolve, fold, is_terminal
from domain.leagues.events import EVENT_TYPES, Event
from domain.leagues.state import INITIAL, League, Scheduled

__all__ = [
    "COMMAND_TYPES",
    "EVENT_TYPES",
    "INITIAL",
    "Actor",
    "Command",
    "Event",
    "Fixture",
    "League",
    "Scheduled",
    "decide",
    "evolve",
    "fold",
    "is_terminal",
]
