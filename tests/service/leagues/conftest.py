"""Leagues on both stores: ``any_store`` (tests/service/conftest.py) is the in-memory store and
the PostgreSQL one.

The PostgreSQL variant is marked ``storage``; ``pytest -m "not storage" tests/service/leagues``
runs every league test on the memory store, in seconds: the tests read the projection and
the outbox through the store's interfaces (``Store.league_views``, ``Store.webhooks``). What
stays on PostgreSQL (``store``): the Citus modules, the league stream's append-only triggers
(test_league_store.py), and the one rebuild compared table by table with SQL
(test_season.py, ``test_a_rebuild_leaves_every_table_as_it_was``)."""
