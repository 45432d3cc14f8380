// A small client of Cairn's API, typed only by what openapi-typescript generates from the
// served OpenAPI document (./cairn.d.ts) and checked against a recorded game (./recorded.ts);
// tests/service/api/test_client.py writes both and runs tsc --noEmit.
import type { components } from "./cairn";
import { commands, events, view } from "./recorded";

type Schemas = components["schemas"];
type Place = { q: number; r: number };

// Where every seat's architect stands: a place of the view, written as commands write it.
export function architects(game: Schemas["GameView"]): Place[] {
  if (game.ruleset !== "peninsula") {
    return [];
  }
  return (game.view.sheets ?? []).map((sheet) => sheet.location);
}

// The hexes a legal draw_icon may target: the same {q, r} places.
export function drawTargets(legal: Schemas["Command"][]): Place[] {
  const targets: Place[] = [];
  for (const command of legal) {
    if (command.type === "draw_icon") {
      targets.push(command.at);
    }
  }
  return targets;
}

// The icons the feed says were drawn, read from typed payloads.
export function iconsDrawn(feed: Schemas["Event"][]): string[] {
  return feed.flatMap((event) => (event.type === "peninsula.icon_drawn" ? [event.payload.icon] : []));
}

export function isSamePlace(a: Place, b: Place): boolean {
  return a.q === b.q && a.r === b.r;
}

export const summary = {
  architects: architects(view),
  targets: drawTargets(commands),
  drawn: iconsDrawn(events),
  onTarget: drawTargets(commands).some((t) => architects(view).some((a) => isSamePlace(a, t))),
};
