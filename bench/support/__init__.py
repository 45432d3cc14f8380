"""Bench-only helpers; nothing here is registered by product code."""
