"""Alembic migrations for Cairn's PostgreSQL schema."""
