"""Projections and processes fed by the global feed, each with a tracked cursor.

``tracking``: the cursor row, locked and advanced in the same transaction as the change it
covers. ``leagues``: fixtures, standings and ratings from league events. ``results``: the
process that records a finished league game's result in its league.
"""
