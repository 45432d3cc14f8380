"""What each viewer sees (hidden: hands but their size, face-down orders, campfire draws)
and the drawing for ``cairn show``."""

from __future__ import annotations

import re

from domain.games.five_peaks import RULESET
from domain.games.five_peaks.commands import Move, PlaceTile, PlayCard
from domain.games.five_peaks.geometry import Cell
from domain.games.five_peaks.render import column_labels
from tests.domain.five_peaks.scenario import act, fresh, legal, pawns


def test_hands_are_hidden_but_their_size():
    game = fresh(3)
    for viewer in (None, 1, 2):
        shown = RULESET.view(game, viewer)["hikers"][0]
        assert "hand" not in shown and shown["hand_size"] == 5
    assert RULESET.view(game, 0)["hikers"][0]["hand"] == list(game.hiker(0).hand)


def test_no_face_down_order_is_in_any_view():
    game = fresh(2)
    text = str(RULESET.view(game, 0)) + str(RULESET.view(game, None))
    assert str(list(game.deck[:3]))[1:-1] not in text
    assert all(tile not in text for tile in game.terrain_stack)
    view = RULESET.view(game, None)
    assert view["terrain_next"] == "forest" and view["deck_size"] == len(game.deck)


def test_view_places_use_the_cells_commands_use():
    """Clients compare places as they are: the pawn in the view is a Move's ``to``."""
    game = pawns(fresh(2), Cell(0, 0), Cell(1, 1))
    _, game = act(game, PlayCard(0, "walk"))
    targets = [c.to for c in legal(game) if isinstance(c, Move)]
    _, after = act(game, Move(0, targets[0]))
    pawn = RULESET.view(after, None)["hikers"][0]["pawn"]
    assert pawn == {"x": targets[0].x, "y": targets[0].y}


def test_placed_tiles_are_shown_by_their_south_west_cell_and_rotation():
    game = pawns(fresh(2), Cell(-1, 1), Cell(1, 1))
    _, game = act(game, PlayCard(0, "discovery", 0))
    _, game = act(game, PlaceTile(0, Cell(2, 2), 1))
    tiles = RULESET.view(game, None)["tiles"]
    assert tiles[-1]["x"] == 2 and tiles[-1]["y"] == 2 and tiles[-1]["rotation"] == 1


def test_the_content_view_has_every_tiles_spaces_paths_and_halves():
    content = RULESET.presentation.content(RULESET.packs[0])
    assert len(content["tiles"]) == 13 and content["start"]["size"] == 5
    halves = [s for s in content["tiles"][0]["spaces"] if s["triangle_half"]]
    assert len(halves) == 4 and content["tiles"][0]["paths"]


def test_render_draws_the_board_and_the_legend_explains_it():
    game = pawns(fresh(2), Cell(0, 0), Cell(1, 1))
    drawing = RULESET.render(game, 0)
    assert "0 " in drawing and "1 " in drawing and "hand" in drawing
    assert "parking" in RULESET.presentation.legend


def test_render_labels_columns_where_they_start_even_past_minus_nine():
    """The header labels every second column at the column's own place (a cell is two
    characters), so a three-character label such as -10 never runs into its neighbour (a
    simulated board spanned x = -11 to 8 and its header read "1110-9-8...")."""
    header = column_labels(-11, 8)
    labels = {int(m.group()): m.start() for m in re.finditer(r"-?\d+", header)}
    assert sorted(labels) == list(range(-11, 9, 2))
    for x, column in labels.items():
        assert column == 4 + (x + 11) * 2, (x, header)
    drawn = RULESET.render(pawns(fresh(2), Cell(0, 0), Cell(1, 1)), None).splitlines()
    assert drawn[1].split() == [str(x) for x in range(-2, 3, 2)], drawn[1]


def test_forget_sorts_what_the_seat_cannot_see_and_keeps_the_rest():
    game = fresh(2)
    forgotten = RULESET.forget(game, 0)
    assert forgotten.deck == tuple(sorted(game.deck)) and forgotten.market == game.market
    kinds = [t.split("-")[0] for t in forgotten.terrain_stack]
    assert kinds == ["forest"] * 6 + ["alpine"] * 4 + ["rocky"] * 3


def test_a_fork_reshuffles_what_is_hidden_only():
    from domain.games.five_peaks.setup import reshuffle

    game = fresh(2)
    (shuffled,) = reshuffle(game, 0)
    assert sorted(shuffled.deck) == sorted(game.deck)
    assert sorted(shuffled.terrain) == sorted(game.terrain_stack)


def test_every_event_of_a_golden_game_reads_in_words_and_hidden_draws_by_count():
    from domain.core import registry
    from domain.games.five_peaks.events import CampfireDrawn, CampfireReturned
    from tests.domain.five_peaks.test_golden import FOLDER, lines

    _, *records = lines(FOLDER / "two-seats-greedy.ndjson")
    seen = set()
    for record in records:
        event = registry.event_from_record(
            RULESET, record["type"], record["schema_version"], record["payload"]
        )
        words = RULESET.describe(event)
        assert words and words.strip() == words
        if isinstance(event, (CampfireDrawn, CampfireReturned)):
            assert not any(card in words for card in event.cards)
        seen.add(type(event).__name__)
    assert {"TilePlaced", "PeakPlaced", "StonePlaced", "PanoramaBought"} <= seen
