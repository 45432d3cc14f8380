"""Audit, replay files, forks and diffs, for every registered ruleset, on real PostgreSQL."""

from __future__ import annotations

import json
import uuid

import pytest

from domain.core import registry
from service.application import Application
from service.audit import audit_game
from service.replays import (
    ExportRefused,
    ImportRefused,
    ReplayFileError,
    audit_file,
    export_game,
    import_replay,
)
from service.review import diff, replay_steps
from service.simulation import simulate
from service.store import UnknownGame
from service.store.records import canonical_json
from service.trail import trail_from_store
from tests.support.replaying import (
    HOSTILE,
    finished_game,
    forged,
    fork_points,
    play_out,
    reversible_list,
    seed_for,
    tampered,
    with_game_id,
    with_hostile_payload,
)
from tests.support.rulesets import installed

pytestmark = pytest.mark.storage
RULESETS = [r.id for r in installed()]


@pytest.fixture(scope="module", params=RULESETS)
def parent(request: pytest.FixtureRequest, store: object) -> tuple[str, uuid.UUID]:
    app = Application(store)  # type: ignore[arg-type]
    return request.param, finished_game(app, request.param, "parent")


def _hashes(app: Application, game_id: uuid.UUID) -> list[str]:
    return [e.hash for e in app.store.read(game_id)]


def test_simulated_games_audit_clean_and_a_seed_reproduces_them(app: Application) -> None:
    for ruleset_id in RULESETS:
        first = list(simulate(app, ruleset_id, 2, seed="42"))
        again = list(simulate(app, ruleset_id, 2, seed="42"))
        for game in first + again:
            report = audit_game(app.store, game.game_id)
            assert report.is_clean, report.summary()
            assert game.result is not None
        assert [_hashes(app, g.game_id) for g in first] == [_hashes(app, g.game_id) for g in again]
        assert first[0].result == again[0].result


def test_export_then_import_is_byte_identical(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    _, game_id = parent
    text = export_game(app.store, game_id)
    copy = with_game_id(text, uuid.uuid4())
    imported = import_replay(app.store, copy)
    assert imported.created and imported.audit.is_clean
    assert export_game(app.store, imported.game_id) == copy
    assert _hashes(app, imported.game_id) == _hashes(app, game_id)


def test_importing_the_same_file_twice_is_idempotent(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    _, game_id = parent
    copy = with_game_id(export_game(app.store, game_id), uuid.uuid4())
    first = import_replay(app.store, copy)
    second = import_replay(app.store, copy)
    assert (first.created, second.created) == (True, False)
    assert first.game_id == second.game_id
    assert app.store.game(first.game_id).version == first.events
    same_id_other_game = export_game(app.store, finished_game(app, parent[0], "other"))
    with pytest.raises(ImportRefused):
        import_replay(app.store, with_game_id(same_id_other_game, first.game_id))


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_a_fork_keeps_the_prefix_plays_on_and_audits_clean(
    app: Application, parent: tuple[str, uuid.UUID], where: str
) -> None:
    _, parent_id = parent
    at = fork_points(app, parent_id)[where]
    before = _hashes(app, parent_id)
    luck = "same" if where == "end" else "reshuffle"
    forked = app.fork(parent_id, at, luck, seed=seed_for(f"fork:{where}"))
    child = forked.game_id
    at = forked.fork_at  # a fork at 0 copies the opening decision, and says so
    play_out(app, child)
    assert _hashes(app, child)[:at] == before[:at]
    assert _hashes(app, parent_id) == before, "the parent is untouched"
    assert app.store.game(child).is_finished
    assert audit_game(app.store, child).is_clean
    found = diff(
        app.store, trail_from_store(app.store, parent_id), trail_from_store(app.store, child)
    )
    if where == "end":
        assert found.common == len(before) and found.to_json()["diverges_at"] is None
    else:
        assert found.common == at and found.to_json()["diverges_at"] == at + 1
        assert found.first[1] is not None
    assert export_game(app.store, child).count("\n") == app.store.game(child).version + 1


def test_tampering_a_payload_fails_the_audit_at_that_seq(
    app: Application, parent: tuple[str, uuid.UUID], database_url: str
) -> None:
    _, game_id = parent
    seq = app.store.game(game_id).version // 2 + 1
    with tampered(database_url, game_id, seq):
        report = audit_game(app.store, game_id)
        assert report.verdict == "failed"
        assert report.finding is not None
        assert (report.finding.check, report.finding.seq) == ("hash_chain", seq)
    assert audit_game(app.store, game_id).is_clean


def _lines(app: Application, game_id: uuid.UUID) -> list[str]:
    return with_game_id(export_game(app.store, game_id), uuid.uuid4()).split("\n")


def _refused_and_nothing_stored(app: Application, text: str, line: int) -> ReplayFileError:
    game_id = uuid.UUID(json.loads(text.split("\n")[0])["game_id"])
    with pytest.raises(ReplayFileError) as refused:
        import_replay(app.store, text)
    assert refused.value.line == line, refused.value.message
    with pytest.raises(UnknownGame):
        app.store.game(game_id)
    return refused.value


def test_a_corrupt_file_is_refused_with_its_line_and_nothing_is_stored(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    lines = _lines(app, parent[1])
    number = len(lines) // 2
    event = json.loads(lines[number - 1])
    event["payload"]["tampered"] = True
    lines[number - 1] = json.dumps(event, sort_keys=True, separators=(",", ":"))
    error = _refused_and_nothing_stored(app, "\n".join(lines), number)
    assert "hash" in error.reason
    garbled = _lines(app, parent[1])
    garbled[2] = garbled[2][:-1]
    _refused_and_nothing_stored(app, "\n".join(garbled), 3)


def test_a_truncated_file_is_refused_with_its_line_and_nothing_is_stored(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    lines = _lines(app, parent[1])  # the last item is the "" after the final newline
    whole_lines = "\n".join(lines[:-3]) + "\n"
    _refused_and_nothing_stored(app, whole_lines, len(lines) - 2)
    mid_line = "\n".join(lines[:-2])[:-10]
    _refused_and_nothing_stored(app, mid_line, len(lines) - 2)


def test_a_file_is_audited_without_a_database(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    text = export_game(app.store, parent[1])
    assert audit_file(text).is_clean
    header, _, rest = text.partition("\n")
    data = json.loads(header)
    data["rules_version"] = "0-older"
    old = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n" + rest
    report = audit_file(old)
    assert report.verdict == "unverifiable"
    assert report.finding is not None and "cannot replay it exactly" in report.finding.message


def test_an_unfinished_game_and_a_fork_of_one_are_not_exported(app: Application) -> None:
    ruleset = registry.get("peninsula")
    live = app.create_game(ruleset.id, ruleset.min_seats).game_id
    with pytest.raises(ExportRefused):
        export_game(app.store, live)
    app.play_bots(live, dict.fromkeys(range(ruleset.min_seats), "random"), "e", max_commands=1)
    tokens, _ = app.tokens.issue(live, [0])
    fork = app.fork(live, app.store.version(live), "reshuffle", token=tokens[0]).game_id
    play_out(app, fork)
    with pytest.raises(ExportRefused):
        export_game(app.store, fork)
    report = audit_game(app.store, live)
    assert report.verdict == "active" and report.finding is None, "not yet auditable"
    assert "not yet auditable" in report.summary()


def test_a_replay_tells_every_event_with_the_final_score(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    trail = trail_from_store(app.store, parent[1])
    steps = replay_steps(trail, store=app.store)
    assert [s.seq for s in steps] == [e.seq for e in trail.events]
    assert all(s.text for s in steps)
    final = steps[-1].scores
    assert final is not None
    assert [s["total"] for s in final] == trail.game.result["scores"]  # type: ignore[index]
    assert [s["breakdown"] for s in final] == trail.game.result["breakdown"]  # type: ignore[index]
    # while the game ran, each step carried the running score with its breakdown and total
    running = [s.scores for s in steps[:-1] if s.scores]
    assert running and all(sum(x["breakdown"].values()) == x["total"] for x in running[-1])
    assert [s.seq for s in replay_steps(trail, start=2, stop=3, store=app.store)] == [2, 3]


def test_a_forgery_with_a_recomputed_chain_fails_the_audit_at_that_seq(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    text = export_game(app.store, parent[1])
    assert audit_file(forged(text, 1, lambda e: None)).is_clean, "re-chaining alone is harmless"
    seq = app.store.game(parent[1]).version // 2
    added = audit_file(forged(text, seq, lambda e: e["payload"].update(extra=1)))
    assert added.finding is not None and (added.finding.check, added.finding.seq) == ("decide", seq)
    other_seed = seed_for("another seed")
    reseeded = audit_file(forged(text, 1, lambda e: e["command"].update(seed=other_seed)))
    assert reseeded.finding is not None
    assert (reseeded.finding.check, reseeded.finding.seq) == ("commitment", 1)
    drawn = reversible_list(text)
    if drawn is not None:
        at, name = drawn
        redrawn = audit_file(forged(text, at, lambda e: e["payload"][name].reverse()))
        assert redrawn.finding is not None
        assert (redrawn.finding.check, redrawn.finding.seq) == ("decide", at)


def test_a_forged_result_fails_the_audit_at_the_last_seq(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    header, _, rest = export_game(app.store, parent[1]).partition("\n")
    data = json.loads(header)
    data["result"]["scores"][0] += 1
    report = audit_file(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n" + rest)
    assert report.finding is not None
    assert (report.finding.check, report.finding.seq) == ("result", data["events"])


def test_a_fork_file_imports_after_its_parent_and_not_before(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    _, parent_id = parent
    at = fork_points(app, parent_id)["middle"]
    child = app.fork(parent_id, at, "reshuffle", seed=seed_for("fork file")).game_id
    play_out(app, child)
    text = with_game_id(export_game(app.store, child), uuid.uuid4())
    imported = import_replay(app.store, text)
    assert export_game(app.store, imported.game_id) == text
    assert app.store.game(imported.game_id).parent_id == parent_id
    header, _, rest = with_game_id(text, uuid.uuid4()).partition("\n")
    orphan = json.loads(header)
    orphan["lineage"]["parent_id"] = str(uuid.uuid4())
    with pytest.raises(ImportRefused, match="import that game's file first"):
        import_replay(
            app.store, json.dumps(orphan, sort_keys=True, separators=(",", ":")) + "\n" + rest
        )


def test_a_file_with_a_float_in_a_payload_is_refused_at_its_line(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    """jsonb would spell it differently when read back, and the event would fail its hash."""
    lines = _lines(app, parent[1])
    number = len(lines) // 2
    event = json.loads(lines[number - 1])
    event["payload"]["measured"] = 1e16
    lines[number - 1] = canonical_json(event)
    error = _refused_and_nothing_stored(app, "\n".join(lines), number)
    assert "not an integer" in error.reason


@pytest.mark.parametrize("hostile", sorted(HOSTILE))
def test_a_hostile_line_is_refused_at_its_line_never_a_crash(
    app: Application, parent: tuple[str, uuid.UUID], hostile: str
) -> None:
    """Nested past the bound or an integer past 64 bits, in an event or as the header."""
    text = "\n".join(_lines(app, parent[1]))
    seq = text.count("\n") // 2
    error = _refused_and_nothing_stored(
        app, with_hostile_payload(text, seq, HOSTILE[hostile]), seq + 1
    )
    assert "nested deeper than 64" in error.reason or "more than 20 digits" in error.reason
    with pytest.raises(ReplayFileError) as header:
        audit_file(HOSTILE[hostile] + "\n" + text.partition("\n")[2])
    assert header.value.line == 1


def test_a_line_nested_within_the_bound_is_read(
    app: Application, parent: tuple[str, uuid.UUID]
) -> None:
    """64 deep is read (and here refused only for its hash), 65 is not; the line and its
    payload are the first two."""
    text = "\n".join(_lines(app, parent[1]))
    deep = with_hostile_payload(text, 2, "[" * 62 + "]" * 62)
    assert "hash" in _refused_and_nothing_stored(app, deep, 3).reason
    deeper = with_hostile_payload(text, 2, "[" * 63 + "]" * 63)
    assert "nested deeper than 64" in _refused_and_nothing_stored(app, deeper, 3).reason
