"""cairn player ratings: a player's ratings over time per ruleset, on PostgreSQL."""

from __future__ import annotations

import math
import uuid
from datetime import datetime

import pytest

from service.store import EventStore
from tests.cli.test_brackets import _league, _play_round
from tests.cli.test_leagues import lines, run

pytestmark = pytest.mark.storage


def test_a_players_ratings_from_the_command_line(store: EventStore) -> None:
    lid, boss, players = _league("round-robin", ("ann", "bob"))
    ann = players["ann"]
    empty = run("player", "ratings", ann["name"])
    assert empty.exit_code == 0 and "no rated game yet" in empty.stdout
    _play_round(store, lid, boss, players)
    _play_round(store, lid, boss, players)
    (found,) = lines(run("player", "ratings", ann["name"], "--json"))
    (counting,) = found["rulesets"]
    assert counting["games"] == 2 and len(counting["history"]) == 2
    first = counting["history"][0]
    assert math.isclose(first["change"], first["display_after"] - first["display_before"])
    datetime.fromisoformat(first["rated_at"])  # ISO 8601, as the API writes it
    text = run("player", "ratings", ann["name"]).stdout
    assert text.startswith("counting: rating") and first["game_id"] in text
    assert run("player", "ratings", "nobody-at-all").exit_code == 3


def test_entry_requirements_from_the_command_line(store: EventStore) -> None:
    tag = uuid.uuid4().hex[:6]
    (boss,) = lines(run("player", "create", f"boss-{tag}", "--organiser", "--json"))
    (ann,) = lines(run("player", "create", f"ann-{tag}", "--json"))
    made = run(
        "league",
        "create",
        f"Veterans {tag}",
        "--ruleset",
        "counting",
        "--seats",
        "2",
        "--min-rated-games",
        "3",
        "--min-rating",
        "-5",
        "--max-rating",
        "40",
        "--json",
        token=boss["token"],
    )
    assert made.exit_code == 0, made.output
    (league,) = lines(made)
    assert (league["min_rated_games"], league["min_rating"], league["max_rating"]) == (3, -5, 40)
    added = run(
        "league", "add-player", league["league_id"], ann["name"], "--json", token=boss["token"]
    )
    assert added.exit_code == 1 and "too_few_rated_games" in added.output
    assert (
        run(
            "league",
            "create",
            "x",
            "--ruleset",
            "counting",
            "--seats",
            "2",
            "--min-rating",
            "5",
            "--max-rating",
            "1",
            token=boss["token"],
        ).exit_code
        == 1
    )
