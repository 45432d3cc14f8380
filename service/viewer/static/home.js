// The games list: filtered by ruleset and status, open tables first, each linked to its viewer.
"use strict";

const $ = (id) => document.getElementById(id);
const LIMIT = 100; // the newest games of each status (the API's largest page)

async function json(path) {
  const answer = await fetch(path);
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.detail || `${answer.status}`);
  return body;
}

function rank(game) {
  // Open tables first, then games in progress, then finished ones; newest first in each.
  if (game.status !== "finished" && game.seats.some((s) => s.kind === "open")) return 0;
  return game.status === "finished" ? 2 : 1;
}

function seatWords(seat) {
  if (seat.kind === "open") return "open seat";
  return seat.kind === "bot" ? `bot ${seat.bot}` : seat.player;
}

function item(game) {
  const li = document.createElement("li");
  const link = document.createElement("a");
  link.href = `/games/${game.game_id}/viewer`;
  link.textContent = `${game.ruleset} ${game.game_id.slice(0, 8)}`;
  const tag = document.createElement("span");
  const open = rank(game) === 0;
  tag.className = `tag ${open ? "open" : game.status}`;
  tag.textContent = open ? "open table" : game.status === "finished" ? "finished" : "in progress";
  const about = document.createElement("p");
  const scores = game.result ? `; scores ${game.result.scores.join(", ")}` : "";
  const fork = game.parent_id ? `; fork of ${game.parent_id.slice(0, 8)} at ${game.fork_at}` : "";
  about.textContent = `${game.seats.map(seatWords).join(", ")}; ${game.version} events${scores}${fork}`;
  li.append(link, " ", tag, about);
  return li;
}

async function list() {
  const query = new URLSearchParams();
  for (const name of ["ruleset", "status"]) if ($(name).value) query.set(name, $(name).value);
  history.replaceState(null, "", query.toString() ? `?${query}` : location.pathname);
  // Games in progress (open tables among them) are read apart from finished ones, so that
  // a long history of finished games never pushes an open table off the list.
  const statuses = $("status").value ? [$("status").value] : ["active", "finished"];
  const pages = await Promise.all(
    statuses.map((status) => {
      const asked = new URLSearchParams(query);
      asked.set("status", status);
      asked.set("limit", String(LIMIT));
      return json(`/games?${asked}`);
    })
  );
  const games = pages.flatMap((p) => p.games).sort(
    (a, b) => rank(a) - rank(b) || b.created_at.localeCompare(a.created_at)
  );
  $("games").replaceChildren(...games.map(item));
  if (!games.length) $("games").textContent = "No games yet.";
}

async function start() {
  const rulesets = await json("/rulesets");
  for (const r of rulesets) $("ruleset").add(new Option(r.title || r.id, r.id));
  const asked = new URLSearchParams(location.search);
  for (const name of ["ruleset", "status"]) if (asked.get(name)) $(name).value = asked.get(name);
  for (const name of ["ruleset", "status"]) $(name).addEventListener("change", () => list().catch(fail));
  await list();
}

function fail(error) {
  $("message").textContent = error.message;
  $("message").hidden = false;
}

start().catch(fail);
