"""Properties of knock-out brackets for 2 to 32 players, results drawn at random (#25):
every round halves the field, byes fall in the first round only, nobody plays twice in a
round, and when the better seed always wins the top two seeds meet in the final."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.leagues import League, decide, fold
from domain.leagues.bracket import champion
from domain.leagues.commands import RecordResult
from tests.domain.leagues.driving import BOSS, new_league
from tests.domain.leagues.test_knockout import schedule

FIELDS = st.integers(min_value=2, max_value=32)


def ratings_for(state: League, data: st.DataObject) -> dict[str, int]:
    values = st.lists(st.integers(0, 5), min_size=len(state.members), max_size=len(state.members))
    return dict(zip(state.members, data.draw(values), strict=True))


def play_out(state: League, pick: st.DataObject | None) -> list[League]:
    """Every round's league after it is played: the seat-0 player (the better seed) wins,
    or a drawn seat when ``pick`` is given."""
    rounds = []
    while True:
        for f in [f for f in state.season_fixtures() if f.is_open]:
            seat = 0 if pick is None else pick.draw(st.integers(0, 1))
            places = (1, 2) if seat == 0 else (2, 1)
            state = fold(decide(state, RecordResult(BOSS, f.game_id, places, (0, 0))), state)
        rounds.append(state)
        if champion(state.bracket) is not None:  # type: ignore[arg-type]
            return rounds
        state = schedule(state, {})


@settings(max_examples=60, deadline=None)
@given(n=FIELDS, data=st.data())
def test_every_round_halves_and_byes_come_only_first(n: int, data: st.DataObject) -> None:
    state = schedule(new_league(n, "knockout"), ratings_for(new_league(n, "knockout"), data))
    assert state.bracket is not None
    size = state.bracket.size
    assert size // 2 < n <= size
    rounds = play_out(state, data)
    assert len(rounds) == state.bracket.rounds
    alive = n
    for number, after in enumerate(rounds, start=1):
        tables = [f.players for f in after.season_fixtures() if f.round == number]
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated))
        byes = [p for r, p in after.bracket.advanced if r == number and p not in seated]  # type: ignore[union-attr]
        assert len(byes) == (size - n if number == 1 else 0)
        through = [p for r, p in after.bracket.advanced if r == number]  # type: ignore[union-attr]
        assert len(through) == (size >> number)
        assert len(seated) + len(byes) == alive
        alive = len(through)
    assert alive == 1


@settings(max_examples=40, deadline=None)
@given(n=FIELDS, data=st.data())
def test_the_top_two_seeds_meet_last(n: int, data: st.DataObject) -> None:
    league = new_league(n, "knockout")
    state = schedule(league, ratings_for(league, data))
    assert state.bracket is not None
    top = set(state.bracket.seeds[:2])
    rounds = play_out(state, None)
    last = len(rounds)
    for number, after in enumerate(rounds, start=1):
        tables = [set(f.players) for f in after.season_fixtures() if f.round == number]
        assert (top in tables) == (number == last)
    assert champion(rounds[-1].bracket) == state.bracket.seeds[0]  # type: ignore[arg-type]
