"""Both stores, one contract: every test here runs on ``MemoryStore`` and on ``EventStore``
(``any_store`` and ``private_store``, tests/service/conftest.py).

The PostgreSQL variant is marked ``storage`` (it starts the suite's database); the memory
variant needs no database, so ``pytest -m "not storage" tests/service/store_contract`` runs
in seconds. What only PostgreSQL does (concurrent writers, the feed's horizon across open
transactions, the append-only triggers, faults) stays in tests/service/test_store.py,
tests/service/test_feed.py and tests/reliability/.
"""
