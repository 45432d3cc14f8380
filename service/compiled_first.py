"""Imported first by the analysis fork server, before any module of the domain.

``service.analysis.running`` names this module first in the fork server's preload, so the
workers forked from it run the compiled domain when ``cairn compile`` has built one for
this very source (``service.compiled.activate``). Nothing else imports it: the server, the
CLI and the tests run the source.
"""

from __future__ import annotations

from service.compiled import activate

activate()
