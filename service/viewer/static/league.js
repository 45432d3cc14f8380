// A league's page (/leagues/{id}/viewer): its standings with the tie-break columns the API
// gives, the bracket of a knock-out season, every fixture by round with its status and a
// link to its game, and the members' ratings. A member signed in with their player token
// (kept in this browser, as the home page keeps it; never in an address) sees their next
// game and opens it ready to play: their own token acts in their league games.
import { api, keep } from "./keep.js";

const $ = (id) => document.getElementById(id);
const leagueId = decodeURIComponent(location.pathname.split("/")[2] || "");
const state = { league: null, fixtures: [], me: null };
const STATUS = {
  scheduled: "to be played",
  played: "played",
  forfeited: "forfeited",
  abandoned: "void (abandoned)",
};
// Each tie-break in words (the order sentence), and its column: a short header and a title
// that says what the number is (docs/leagues.md, Standings).
const TIEBREAKS = {
  "head-to-head": { words: "head-to-head results", short: "H2H", title: "head-to-head: league points earned against the players tied on points" },
  buchholz: { words: "Buchholz (the opponents' points)", short: "Buch.", title: "Buchholz: the sum of every opponent's points" },
  "sonneborn-berger": { words: "Sonneborn-Berger", short: "S-B", title: "Sonneborn-Berger: each opponent's points times the league points earned against them" },
  wins: { words: "wins", short: "W", title: "wins: first places, shared ones included" },
  draw: { words: "the season's seeded draw", short: "Draw", title: "the place in the season's seeded draw (1 goes first): the last tie-break" },
};

function el(tag, text = "", attributes = {}) {
  const node = document.createElement(tag);
  Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, v));
  if (text) node.textContent = text;
  return node;
}

function gameLink(gameId, words) {
  return el("a", words, { href: `/games/${gameId}/viewer` });
}

function ordinal(place) {
  const tail = place % 100 >= 11 && place % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[place % 10] || "th";
  return `${place}${tail}`;
}

// A league's tie-breaks in the order they apply: as it named them, but the seeded draw
// always last, named or not (domain/leagues/standings.applied).
function applied(tiebreaks) {
  return [...tiebreaks.filter((t) => t !== "draw"), "draw"];
}

function describe() {
  const league = state.league;
  $("title").textContent = league.name;
  document.title = `${league.name}: Cairn league`;
  const members = league.members.length === 1 ? "1 member" : `${league.members.length} members`;
  $("summary").textContent = `${league.ruleset}, ${league.seats} seats a table, ${league.pairing} pairing; season ${league.season || "not started"}; ${members}`;
  // A league from before its tie-breaks were recorded keeps the old order (docs/leagues.md);
  // a newer one's are said in the order they apply, as its columns show them.
  const breaks = league.tiebreaks === null ? ["wins", "game score", "fewer forfeits"] : applied(league.tiebreaks).map((t) => TIEBREAKS[t]?.words || t);
  $("tiebreaks").textContent = `Ordered by points, then ${breaks.join(", then ")}.`;
}

// The columns after Forf. are the tie-breaks each row carries, in the order they apply.
function tiebreakHeaders(rows) {
  const head = $("standings-table").querySelector("thead tr");
  head.querySelectorAll("th.tiebreak").forEach((th) => th.remove());
  const names = rows.length ? rows[0].tiebreaks.map((t) => t.tiebreak) : [];
  for (const name of names) {
    const known = TIEBREAKS[name] || { short: name, title: name };
    const th = el("th", "", { scope: "col", class: "tiebreak", "data-tiebreak": name });
    th.append(el("abbr", known.short, { title: known.title }));
    head.append(th);
  }
}

function standings(rows) {
  tiebreakHeaders(rows);
  const body = $("standings-table").querySelector("tbody");
  body.replaceChildren(
    ...rows.map((r) => {
      const tr = el("tr");
      if (state.me && r.player_id === state.me.player_id) tr.className = "you";
      const name = el("th", r.name, { scope: "row" });
      tr.append(el("td", String(r.place)), name);
      for (const key of ["points", "played", "wins", "score", "forfeits"]) tr.append(el("td", String(r[key])));
      for (const t of r.tiebreaks) tr.append(el("td", String(t.value), { class: "tiebreak" }));
      return tr;
    })
  );
  if (!rows.length) body.append(row("No standings yet: no season has started.", 7));
}

function row(words, span) {
  const tr = el("tr");
  tr.append(el("td", words, { colspan: String(span) }));
  return tr;
}

function result(fixture) {
  if (fixture.status === "scheduled") return fixture.deadline ? `to be played by ${fixture.deadline}` : "to be played";
  if (!fixture.places.length) return `${STATUS[fixture.status] || fixture.status}${fixture.reason ? `: ${fixture.reason}` : ""}`;
  const each = fixture.names.map((n, i) => `${n} ${ordinal(fixture.places[i])} (${fixture.scores[i]})`);
  return `${STATUS[fixture.status] || fixture.status}: ${each.join(", ")}`;
}

function fixtures() {
  const rounds = new Map();
  for (const f of state.fixtures) {
    const key = `Season ${f.season}, round ${f.round}`;
    if (!rounds.has(key)) rounds.set(key, []);
    rounds.get(key).push(f);
  }
  const box = $("rounds");
  box.replaceChildren();
  if (!rounds.size) box.append(el("p", "No round has been scheduled yet."));
  // The newest round first: the one being played is what a member looks for.
  for (const [title, list] of [...rounds.entries()].reverse()) {
    const items = el("ul", "", { class: "fixture-list" });
    for (const f of list) {
      const li = el("li", "", { class: `fixture ${f.status}`, "data-game": f.game_id });
      li.append(el("span", f.names.join(" v "), { class: "who" }), " ");
      li.append(el("span", result(f), { class: "status" }), " ");
      const mine = state.me && f.players.includes(state.me.player_id);
      li.append(gameLink(f.game_id, f.status === "scheduled" ? (mine ? "your game" : "watch") : "review"));
      items.append(li);
    }
    box.append(el("h3", title), items);
  }
}

function ratings(rows) {
  const body = $("ratings-table").querySelector("tbody");
  body.replaceChildren(
    ...rows.map((r) => {
      const tr = el("tr");
      tr.append(el("th", r.name, { scope: "row" }));
      tr.append(el("td", `${r.display.toFixed(1)}${r.provisional ? " (provisional)" : ""}`));
      const last = r.history[r.history.length - 1];
      const change = last ? last.mu_after - 3 * last.sigma_after - (last.mu_before - 3 * last.sigma_before) : null;
      tr.append(el("td", change === null ? "none yet" : `${change >= 0 ? "+" : "−"}${Math.abs(change).toFixed(1)}`));
      tr.append(el("td", String(r.games)), el("td", r.mu.toFixed(1)), el("td", r.sigma.toFixed(2)));
      return tr;
    })
  );
  if (!rows.length) body.append(row("Nobody is rated in this ruleset yet.", 6));
}

async function bracket() {
  // A knock-out season has a bracket, and so may any two-seat league's playoffs; a 404
  // says this season has none.
  if (state.league.seats !== 2) return;
  let drawn;
  try {
    drawn = await api(`/leagues/${leagueId}/bracket`);
  } catch (error) {
    if (error.status === 404) return; // this season has no bracket (no knock-out, no playoffs)
    throw error;
  }
  $("bracket").hidden = false;
  const names = Object.fromEntries(drawn.seeds.map((s) => [s.player_id, s.name]));
  $("champion").textContent = drawn.champion ? `Champion: ${names[drawn.champion] || drawn.champion}` : `Season ${drawn.season}, ${drawn.kind}: ${drawn.size} places, ${drawn.rounds} rounds.`;
  const columns = [];
  for (let round = 1; round <= drawn.rounds; round += 1) {
    const column = el("div", "", { class: "bracket-round" });
    column.append(el("h3", round === drawn.rounds ? "Final" : `Round ${round}`));
    for (const m of drawn.matches.filter((x) => x.round === round)) {
      const box = el("div", "", { class: "match" });
      const lines = el("ul");
      m.players.forEach((p, i) => {
        const won = m.winner === p;
        const li = el("li", `${m.seeds[i]}. ${m.names[i]}${won ? ` ✓ (${m.decided_by})` : ""}`, { class: won ? "winner" : "" });
        lines.append(li);
      });
      if (m.bye) lines.append(el("li", "a bye", { class: "bye" }));
      if (!m.players.length) lines.append(el("li", "to be decided"));
      box.append(lines);
      if (m.game_id) box.append(gameLink(m.game_id, m.status === "scheduled" ? "watch" : "review"));
      column.append(box);
    }
    columns.push(column);
  }
  $("bracket-rounds").replaceChildren(...columns);
}

function next() {
  // The member's first fixture still to be played: the button opens it ready to play.
  const button = $("play-next");
  button.hidden = true;
  const me = state.me;
  if (!me) {
    $("next-text").textContent = "Members: sign in with your player token to see your next game.";
    return;
  }
  if (!state.league.members.includes(me.player_id)) {
    $("next-text").textContent = `${me.name} is not a member of this league.`;
    return;
  }
  const mine = state.fixtures.find((f) => f.status === "scheduled" && f.players.includes(me.player_id));
  if (!mine) {
    $("next-text").textContent = "You have no game to play now: the next round is not scheduled yet.";
    return;
  }
  const seat = mine.players.indexOf(me.player_id);
  const others = mine.names.filter((_, i) => i !== seat).join(" and ");
  $("next-text").textContent = `Your next game: season ${mine.season}, round ${mine.round}, against ${others} (you are seat ${seat}).`;
  button.hidden = false;
  button.onclick = () => {
    // The player's own token acts in their league games: kept for this game, not put in
    // the address.
    keep.setToken(mine.game_id, keep.player());
    keep.remember({ game_id: mine.game_id, ruleset: state.league.ruleset, seat });
    location.assign(`/games/${mine.game_id}/viewer`);
  };
}

async function signIn(token) {
  state.me = null;
  try {
    if (token) {
      state.me = await api("/players/me", { token });
      keep.setPlayer(token);
    }
  } catch (error) {
    keep.setPlayer(null);
    throw new Error(error.status === 401 ? "That player token is not valid." : error.message);
  } finally {
    shown();
  }
}

function shown() {
  $("sign-in").hidden = Boolean(state.me);
  $("signed-in").hidden = !state.me;
  $("signed-in-name").textContent = state.me ? `Signed in as ${state.me.name}.` : "";
  next();
  fixtures();
}

function unknown() {
  $("title").textContent = "No such league";
  $("summary").textContent = "";
  fail(new Error(`There is no league ${leagueId} on this server. Check the link, or find your leagues from the home page.`));
  for (const id of ["me", "standings", "bracket", "fixtures", "ratings"]) $(id).hidden = true;
}

function fail(error) {
  $("message").textContent = error.message || String(error);
  $("message").hidden = false;
}

async function start() {
  try {
    state.league = await api(`/leagues/${leagueId}`);
  } catch (error) {
    if (error.status === 404 || error.status === 400) return unknown();
    throw error;
  }
  describe();
  const [table, fixtureList, rated] = await Promise.all([
    api(`/leagues/${leagueId}/standings`),
    api(`/leagues/${leagueId}/fixtures`),
    api(`/leagues/${leagueId}/ratings`),
  ]);
  state.fixtures = fixtureList;
  await signIn(keep.player()).catch(fail);
  standings(table);
  ratings(rated);
  await bracket();
  $("sign-in").addEventListener("submit", (event) => {
    event.preventDefault();
    const token = $("player-token").value.trim();
    $("player-token").value = "";
    signIn(token).then(() => standings(table)).catch(fail);
  });
  $("sign-out").addEventListener("click", () => {
    keep.setPlayer(null);
    signIn(null).then(() => standings(table)).catch(fail);
  });
  // Disabled in the page until now: a submit before this handler reloaded the page.
  $("sign-in").querySelector("button[type=submit]").disabled = false;
}

start().catch(fail);
