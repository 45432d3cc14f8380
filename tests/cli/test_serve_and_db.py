"""`cairn db` manages the schema; `cairn serve --no-migrate` refuses a stale one clearly."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli.main import cairn
from service.store.migrate import current_revision, head_revision
from tests.support.databases import scratch_database

pytestmark = pytest.mark.storage


def test_db_upgrade_then_status(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with scratch_database(database_url, "cairn_cli") as url:
        monkeypatch.setenv("DATABASE_URL", url)
        runner = CliRunner()
        before = runner.invoke(cairn, ["db", "status"])
        assert before.exit_code == 0 and "cairn db upgrade" in before.output
        upgraded = runner.invoke(cairn, ["db", "upgrade"])
        assert upgraded.exit_code == 0, upgraded.output
        assert current_revision(url) == head_revision()
        after = runner.invoke(cairn, ["db", "status"])
        assert "up to date" in after.output


def test_serve_refuses_a_stale_schema_naming_the_command(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with scratch_database(database_url, "cairn_cli") as url:
        monkeypatch.setenv("DATABASE_URL", url)
        result = CliRunner().invoke(cairn, ["serve", "--no-migrate", "--port", "1"])
        assert result.exit_code == 1
        assert "run `cairn db upgrade` first" in result.output
        assert current_revision(url) is None


def test_an_unreachable_database_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")
    result = CliRunner().invoke(cairn, ["db", "status"])
    assert result.exit_code == 1
    assert "cannot reach PostgreSQL" in result.output
    assert "Traceback" not in result.output
