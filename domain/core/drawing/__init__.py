"""What a ruleset's browser drawing is made with: the ``Board`` it is given, the ``Painter``
it publishes, and a few SVG elements (``svg``).

A ruleset's drawing lives in its own package beside the rules (``domain/games/<game>/
drawing.py``) and is named by ``Presentation.drawing``; the rules never import it, and the
viewer imports it only to draw (service/viewer/drawings.py). Drawing is string building
from a view: as pure as the rules, which is why it may live in ``domain/``.
"""
