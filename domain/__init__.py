"""Cairn's pure domain: rules as Deciders, with no I/O, clock or randomness of its own."""
