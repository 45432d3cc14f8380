// The home page's lists: the games list (filtered by ruleset and status, open tables
// first, each linked to its viewer, where a signed-in player may take an open seat), and
// "my games": those started or joined in this browser, and a signed-in player's; "my
// leagues": a signed-in player's leagues, each linked to its page.
import { api, keep, seatName } from "./keep.js";

const $ = (id) => document.getElementById(id);
const LIMIT = 100; // the newest games of each status (the API's largest page)
let me = null; // GET /players/me for the kept player token

function note(words) {
  const li = document.createElement("li");
  li.textContent = words;
  return li;
}

function rank(game) {
  // Open tables first, then games in progress, then finished ones; newest first in each.
  if (game.status !== "finished" && game.seats.some((s) => s.kind === "open")) return 0;
  return game.status === "finished" ? 2 : 1;
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
  about.textContent = `${game.seats.map(seatName).join(", ")}; ${game.version} events${scores}${fork}`;
  li.append(link, " ", tag);
  if (open && me) li.append(" ", takeSeat(game));
  li.append(about);
  return li;
}

function takeSeat(game) {
  // A signed-in player takes an open seat with their own token, which then acts for it.
  const button = document.createElement("button");
  button.type = "button";
  button.className = "take-seat";
  button.textContent = "Take a seat";
  button.addEventListener("click", async () => {
    try {
      const taken = await api(`/games/${game.game_id}/seats`, {
        method: "POST",
        body: {},
        token: keep.player(),
      });
      keep.setToken(game.game_id, keep.player());
      keep.remember({ game_id: game.game_id, ruleset: game.ruleset, seat: taken.seat });
      location.assign(`/games/${game.game_id}/viewer`);
    } catch (error) {
      fail(error);
    }
  });
  return button;
}

let listing = 0; // the newest listing asked for: an older answer arriving later is dropped

async function list() {
  const ticket = ++listing;
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
      return api(`/games?${asked}`);
    })
  );
  if (ticket !== listing) return;
  const games = pages.flatMap((p) => p.games).sort(
    (a, b) => rank(a) - rank(b) || b.created_at.localeCompare(a.created_at)
  );
  $("games").replaceChildren(...games.map(item));
  if (!games.length) $("games").replaceChildren(note("No games yet: start one above."));
}

async function mine() {
  // This browser's games, then (signed in) every game with a seat in the player's name.
  const kept = keep.mine();
  let named = [];
  if (me) named = (await api(`/games?player=${encodeURIComponent(me.name)}&limit=${LIMIT}`)).games;
  const seen = new Set();
  const rows = [];
  for (const game of [...kept, ...named]) {
    if (seen.has(game.game_id)) continue;
    seen.add(game.game_id);
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/games/${game.game_id}/viewer`;
    link.textContent = `${game.ruleset} ${game.game_id.slice(0, 8)}`;
    li.append(link);
    const about = game.status ? ` ${game.status === "finished" ? "finished" : "in progress"}` : "";
    const seat = game.seat === null || game.seat === undefined ? "" : `, your seat ${game.seat}`;
    li.append(`${about}${seat}`);
    rows.push(li);
  }
  $("my-games").replaceChildren(...rows);
  if (!rows.length) $("my-games").replaceChildren(note("No games of yours in this browser yet."));
}

async function leagues() {
  // A signed-in player's leagues, each linked to its page (standings, fixtures, their
  // next game ready to play).
  $("leagues").hidden = !me;
  if (!me) return;
  const joined = await api(`/players/${me.player_id}/leagues`);
  const rows = joined.map((league) => {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/leagues/${league.league_id}/viewer`;
    link.textContent = league.name;
    const season = league.season ? `season ${league.season}` : "not started";
    const next = league.next_game ? "; your next game is ready to play" : "";
    li.append(link, ` ${league.ruleset}, ${season}${next}`);
    return li;
  });
  $("my-leagues").replaceChildren(...rows);
  if (!rows.length) $("my-leagues").replaceChildren(note("You are in no league yet."));
}

async function signIn(token) {
  if (!token) {
    me = null;
  } else {
    try {
      me = await api("/players/me", { token });
      keep.setPlayer(token);
    } catch (error) {
      me = null;
      keep.setPlayer(null);
      throw new Error(error.status === 401 ? "That player token is not valid." : error.message);
    }
  }
  $("sign-in").hidden = Boolean(me);
  $("signed-in").hidden = !me;
  $("signed-in-name").textContent = me ? `Signed in as ${me.name}.` : "";
  // A new game's seat is "you" under the signed-in player's own name (so it is among their
  // games in any browser they sign in from), unless a name was typed.
  const name = $("new-name");
  if (name.value === name.defaultValue || name.dataset.signedIn === "1") {
    name.value = me ? me.name : name.defaultValue;
    name.dataset.signedIn = me ? "1" : "";
  }
}

async function start() {
  // The sign-in form works before the lists load: its button is disabled in the page until
  // this handler is there (a submit without it reloaded the page, and the sign-in was lost).
  let byHand = false; // signed in or out here before the page's own sign-in below
  $("sign-in").addEventListener("submit", (event) => {
    event.preventDefault();
    byHand = true;
    const token = $("player-token").value.trim();
    $("player-token").value = "";
    signIn(token).then(() => Promise.all([mine(), list(), leagues()])).catch(fail);
  });
  $("sign-in").querySelector("button[type=submit]").disabled = false;
  $("new-name").addEventListener("input", () => {
    $("new-name").dataset.signedIn = "";
  });
  $("sign-out").addEventListener("click", () => {
    byHand = true;
    keep.setPlayer(null);
    signIn(null).then(() => Promise.all([mine(), list(), leagues()])).catch(fail);
  });
  const rulesets = await api("/rulesets");
  for (const r of rulesets) $("ruleset").add(new Option(r.title || r.id, r.id));
  const asked = new URLSearchParams(location.search);
  for (const name of ["ruleset", "status"]) if (asked.get(name)) $(name).value = asked.get(name);
  for (const name of ["ruleset", "status"]) $(name).addEventListener("change", () => list().catch(fail));
  if (!byHand) await signIn(keep.player()).catch(fail);
  await Promise.all([mine(), list(), leagues()]);
}

function fail(error) {
  $("message").textContent = error.message;
  $("message").hidden = false;
}

start().catch(fail);
