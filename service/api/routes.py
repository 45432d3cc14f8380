"""The play API's route handlers, in the order the OpenAPI document lists them."""

from __future__ import annotations

from typing import Any

from service.api.analyses import ANALYSIS_ROUTES
from service.api.games import create_game, fork_game, game_view, join_game, list_games
from service.api.liveplay import LIVE_ROUTES
from service.api.play import events, legal_commands, send_command, stream, stream_ticket
from service.api.replays import download_replay, upload_replay
from service.api.rulesets import content, list_rulesets, ruleset_detail

PLAY_ROUTES: list[Any] = [
    list_rulesets,
    ruleset_detail,
    content,
    create_game,
    list_games,
    game_view,
    join_game,
    legal_commands,
    send_command,
    events,
    stream_ticket,
    stream,
    *LIVE_ROUTES,
    fork_game,
    download_replay,
    upload_replay,
    *ANALYSIS_ROUTES,
]
