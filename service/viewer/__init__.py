"""The replay viewer: SVG drawings of a game's view, and the pages that step through games.

Every drawing is made from the very view the API serves (``Application.view``), so a board
shows exactly what that viewer may see. Each ruleset's drawing lives in its own package
and is named by its registration (``Presentation.drawing``, found by
``service.viewer.drawings``); a ruleset without one gets a text drawing.
"""
