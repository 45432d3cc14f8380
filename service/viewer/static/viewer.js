// The game viewer: steps through a game's events, draws the board at each one (the
// server draws it from the same view the API serves), follows a live game's stream, and
// lets a seat holding its token play from the page. Plain JavaScript, no build step.
"use strict";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
// On a phone the board is drawn for its width (one column) and never so small that a
// place is too small to tap: it scrolls sideways in its own box instead.
const phone = window.matchMedia("(max-width: 40rem)");
const TAPPABLE = 1.1; // CSS px per drawing unit: a place of 22 units is 24 px
const page = {
  game: null,        // GET /games/{id}
  steps: [],         // GET /games/{id}/steps
  stepsViewer: null, // whose steps those are (seat and token): another's are read anew
  index: -1,         // the step shown
  following: true,   // whether it is the newest step: a refresh then shows the new newest
  token: null,       // a seat token: kept in this browser (localStorage), never in a URL
  seat: null,        // the seat chosen to view a finished game as
  source: null,      // the live EventSource
  drawn: 0,          // guards against a slow board answer overwriting a newer one
  drawing: null,     // the board's SVG text now on the page
  refreshing: null,
  wanted: null,      // the step (seq) the address asked for (#23)
  waiting: null,     // the timer that reads a table waiting for players again
};

const OFFLINE = "The server cannot be reached: the connection is lost. The page tries again by itself.";
const NOT_A_SEAT =
  "That seat token is not one of this game's (mistyped, or for another game): you are watching as a" +
  " spectator. To play, paste your seat's token under the board.";

function say(message) {
  const box = $("message");
  box.textContent = message || "";
  box.hidden = !message;
}

async function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  if (page.token) headers.Authorization = `Bearer ${page.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  let answer;
  try {
    answer = await fetch(path, {
      method: options.method || "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    // fetch's own words ("Failed to fetch") tell a player nothing
    throw Object.assign(new Error(OFFLINE), { status: 0 });
  }
  const type = answer.headers.get("Content-Type") || "";
  const body = type.includes("json") ? await answer.json() : await answer.text();
  if (!answer.ok) {
    const error = new Error((body && body.detail) || `${answer.status} ${answer.statusText}`);
    error.status = answer.status;
    error.body = body;
    throw error;
  }
  return body;
}

function seatQuery() {
  return page.seat === null ? "" : `seat=${page.seat}`;
}

function takeToken() {
  // A token or an invite handed over in the address's fragment (#token=..., #invite=...)
  // never reaches the server's logs; a token is moved to this browser's storage and taken
  // out of the address. A bare number (#23) is the step to open.
  const key = `cairn:token:${gameId}`;
  const hash = location.hash.slice(1);
  if (/^\d+$/.test(hash)) page.wanted = Number(hash);
  const fragment = new URLSearchParams(hash);
  if (fragment.get("token")) {
    localStorage.setItem(key, fragment.get("token"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  if (fragment.get("invite")) {
    page.invite = fragment.get("invite");
    history.replaceState(null, "", location.pathname + location.search);
  }
  page.token = localStorage.getItem(key) || sessionStorage.getItem(key);
}

function forgetToken() {
  const key = `cairn:token:${gameId}`;
  localStorage.removeItem(key);
  sessionStorage.removeItem(key);
  page.token = null;
  page.stepsViewer = null;
}

async function join(event) {
  // An invite opens one seat, once: it becomes this browser's token for the seat.
  event.preventDefault();
  const player = $("join-name").value.trim();
  if (!player) return;
  try {
    const joined = await api(`/games/${gameId}/join`, {
      method: "POST",
      body: { invite: page.invite, player },
    });
    localStorage.setItem(`cairn:token:${gameId}`, joined.token);
    page.token = joined.token;
    page.invite = null;
    $("join-form").hidden = true;
    say("");
    await start();
  } catch (error) {
    say(error.status === 401 ? "This invite was already used, or is not for this game." : error.message);
  }
}

async function load() {
  page.game = await api(`/games/${gameId}`);
  const told = await readSteps();
  page.logIsPublic = told.log_is_public;
  page.version = told.version;
  describeGame();
  // A live game's line about following it is there from the first drawing: shown only once
  // the stream was asked for, it pushed the board down under a player's first click.
  const live = $("live");
  if (live.hidden && !page.source && page.game.status !== "finished") {
    live.textContent = "connecting to the live game…";
    live.hidden = false;
  }
  const slider = $("slider");
  slider.max = String(Math.max(page.steps.length - 1, 0));
  // Taking an open seat appends no event, so the stream says nothing: a table still
  // waiting for players is read again every few seconds.
  clearTimeout(page.waiting);
  if (page.game.status !== "finished" && page.game.seats.some((s) => s.kind === "open")) {
    page.waiting = setTimeout(refreshSoon, 3000);
  }
  document.dispatchEvent(
    new CustomEvent("cairn:game", {
      detail: { game: page.game, steps: page.steps, logIsPublic: page.logIsPublic, token: page.token },
    })
  );
  if (page.wanted !== null) {
    const wanted = page.wanted;
    page.wanted = null;
    await show(indexOfSeq(wanted));
    return;
  }
  // Read only now: a step chosen while the game was being read (a look back at the start)
  // is not taken away by this refresh, begun before it.
  await show(page.following ? page.steps.length - 1 : page.index);
}

function indexOfSeq(seq) {
  // The step of event `seq`, or the last one before it (a hidden event has no step).
  let index = 0;
  page.steps.forEach((s, i) => {
    if (s.seq <= seq) index = i;
  });
  return index;
}

async function readSteps() {
  // Once this viewer holds the steps, only those after the last are asked for: a live
  // game's page asks on every move. A log that became public (the end) shows events it
  // hid until then, and another seat sees other events: both are read again whole.
  const viewer = `${page.seat}|${page.token || ""}`;
  const last = page.steps.length ? page.steps[page.steps.length - 1].seq : 0;
  const incremental = page.stepsViewer === viewer && last > 0;
  const params = new URLSearchParams(seatQuery());
  if (incremental) params.set("after", String(last));
  const query = params.toString();
  const told = await api(`/games/${gameId}/steps${query ? "?" + query : ""}`);
  if (incremental && told.log_is_public !== page.logIsPublic) {
    page.stepsViewer = null;
    return readSteps();
  }
  const shown = page.steps.length ? page.steps[page.steps.length - 1].seq : 0;
  // Two refreshes may cross: keep each step once, in order.
  const fresh = told.steps.filter((s) => s.seq > shown);
  page.steps = incremental ? page.steps.concat(fresh) : told.steps;
  page.stepsViewer = viewer;
  return told;
}

function describeGame() {
  const game = page.game;
  const seats = game.seats.map((s, i) => `seat ${i}: ${s.player || (s.bot ? "bot " + s.bot : s.kind)}`);
  $("title").textContent = `${game.ruleset} game ${game.game_id.slice(0, 8)}`;
  const status = game.status === "finished" ? "finished" : `in progress, ${game.phase}`;
  const you = game.seat === null || game.seat === undefined ? "" : `; you are seat ${game.seat}`;
  $("summary").textContent = `${status}; ${seats.join(", ")}${you}`;
  const select = $("seat");
  if (select.options.length !== game.seats.length + 1) {
    select.length = 1;
    game.seats.forEach((_, i) => select.add(new Option(`seat ${i}`, String(i))));
  }
  // Any seat's view of a finished game is public; a live game's only to that seat's token.
  select.disabled = !page.logIsPublic;
  // Only a seat may fork a position that is not public yet (docs/api.md, "Forks").
  $("fork").disabled = !page.logIsPublic && !page.token;
  if (page.seat === null && game.seat !== null && game.seat !== undefined) {
    select.value = String(game.seat);
  }
}

function scoresText(scores) {
  if (!scores || !scores.length) return "no scores yet";
  return scores.map((s) => `seat ${s.seat}: ${s.total}`).join(" · ");
}

async function show(index) {
  const steps = page.steps;
  if (!steps.length) {
    $("event-text").textContent = "Nothing has happened yet.";
    $("position").textContent = "";
    return;
  }
  index = Math.max(0, Math.min(index, steps.length - 1));
  page.index = index;
  page.following = index === steps.length - 1;
  const step = steps[index];
  $("slider").value = String(index);
  $("position").textContent = `event ${step.seq} of ${page.version}`;
  // "seat:1" is said only when the words do not already name that seat.
  const actor = step.actor ? step.actor.replace(":", " ") : "";
  const who = actor && !step.text.toLowerCase().includes(actor) ? ` (${actor})` : "";
  $("event-text").textContent = `${step.seq}. ${step.text}${who}`;
  $("scores").textContent = scoresText(step.scores);
  // The address names the step shown: a link to it opens this position.
  history.replaceState(null, "", `${location.pathname}${location.search}#${step.seq}`);
  // The position shown in words is the one "Fork from here" forks, at once: the board's
  // drawing may still be on its way (a fork clicked meanwhile took the step before).
  document.dispatchEvent(new CustomEvent("cairn:position", { detail: { at: step.at, seat: page.seat } }));
  if (!(await drawBoard(step.at, page.seat))) return;
  const analysis = $("analysis");
  analysis.dataset.game = gameId;
  analysis.dataset.at = String(step.at);
  // The hook for other panels (an analysis graph): they listen for this event.
  document.dispatchEvent(
    new CustomEvent("cairn:step", {
      detail: { gameId, at: step.at, seq: step.seq, seat: page.seat, latest: index === steps.length - 1 },
    })
  );
}

async function drawBoard(at, seat) {
  // The board after event `at` as `seat` sees it (null: this viewer's own view, its
  // token's seat or a spectator's); false when a newer drawing overtook this one.
  const ticket = ++page.drawn;
  const as = seat === null ? "" : `seat=${seat}`;
  const query = [`at=${at}`, as, phone.matches ? "narrow=1" : ""].filter(Boolean).join("&");
  const svg = await api(`/games/${gameId}/board.svg?${query}`);
  if (ticket !== page.drawn) return false;
  // The same drawing again (a refresh at the same version, a step that changes nothing
  // drawn) keeps the nodes on the page: replacing them between a player's press and release
  // lost the click, since a click goes to the nodes both landed on (a test's move, #24).
  if (svg !== page.drawing) {
    $("board").innerHTML = svg;
    page.drawing = svg;
  }
  $("board").dataset.viewer = String(seat ?? page.game.seat ?? "");
  const drawing = $("board").querySelector("svg");
  if (drawing && phone.matches) drawing.style.minWidth = `${drawing.viewBox.baseVal.width * TAPPABLE}px`;
  return true;
}

async function boardAs({ at, seat }) {
  // Another panel (the hints) asks for the step shown as one seat sees it; the server
  // draws that only where the seat's view is public to this viewer. The step stays.
  const shown = page.steps[page.index];
  if (!shown || shown.at !== at) return;
  if (await drawBoard(at, seat)) document.dispatchEvent(new CustomEvent("cairn:board", { detail: { at, seat } }));
}

function step(delta) {
  show(page.index + delta).catch(fail);
}

function fail(error) {
  say(error.message || String(error));
}

function unknownGame(error) {
  // No game behind this address: say so, and offer no control that could not work.
  $("title").textContent = "No such game";
  $("summary").textContent = "";
  say(`There is no game ${gameId} on this server. Check the link, or find the game from the home page.`);
  for (const id of ["steps", "event", "board-row", "analysis", "controls", "token-form", "play"]) {
    $(id).hidden = true;
  }
}

// -- live games -------------------------------------------------------------------------

async function follow() {
  if (page.source || page.game.status === "finished") return;
  const last = page.steps.length ? page.steps[page.steps.length - 1].seq : 0;
  let url = `/games/${gameId}/stream?after=${last}`;
  if (page.token) {
    const issued = await api(`/games/${gameId}/stream-tickets`, { method: "POST" });
    url = `${issued.stream_url}&after=${last}`;
  }
  const source = new EventSource(url);
  page.source = source;
  $("live").hidden = false;
  source.onmessage = () => refreshSoon();
  source.addEventListener("end", () => {
    source.close();
    page.source = null;
    $("live").hidden = true;
    refreshSoon();
  });
  source.onopen = () => {
    $("live").textContent = "following live";
    $("live").classList.remove("lost");
    refreshSoon(); // what happened while the connection was down
  };
  source.onerror = () => {
    // The browser reconnects by itself after a lost connection; a stream that refused its
    // ticket (they last minutes) is closed, and a new one is asked for, until it answers.
    $("live").textContent = "connection lost: reconnecting…";
    $("live").classList.add("lost");
    if (source.readyState === EventSource.CLOSED) {
      page.source = null;
      setTimeout(reconnect, 1000);
    }
  };
}

function reconnect() {
  follow().catch(() => setTimeout(reconnect, 3000));
}

function refreshSoon() {
  clearTimeout(page.refreshing);
  page.refreshing = setTimeout(() => refresh().catch(fail), 150);
}

async function refresh() {
  await load();
  await choices();
}

// -- playing from the page --------------------------------------------------------------

async function choices() {
  const section = $("play");
  if (!page.token || page.game.status === "finished") {
    section.hidden = true;
    document.dispatchEvent(new CustomEvent("cairn:choices", { detail: null }));
    return;
  }
  section.hidden = false;
  const offered = await api(`/games/${gameId}/choices`);
  const list = $("choices");
  // The same version offers the same choices: keep the buttons, so a refresh that a late
  // stream message starts never takes the focus (or a half-made keyboard choice) away.
  // An answer older than the one shown (two refreshes crossed) is dropped.
  if (Number(section.dataset.version) > offered.version) return;
  if (section.dataset.version === String(offered.version)) {
    for (const button of list.querySelectorAll("button")) button.disabled = false;
    return;
  }
  // The board composes a move from the same choices (compose.js).
  document.dispatchEvent(new CustomEvent("cairn:choices", { detail: offered }));
  $("play-seat").textContent = String(offered.seat);
  section.dataset.version = String(offered.version);
  list.replaceChildren();
  // With places on the board, the list is the alternative in words: it scrolls in its own
  // box (viewer.css) rather than push the rest of the page screens down.
  const onBoard = offered.choices.some((c) => c.places && c.places.length);
  const count = offered.choices.length;
  $("play-status").textContent = !count
    ? "Nothing to do now: waiting for the other seats."
    : onBoard
      ? `Or choose from every move in words (${count}):`
      : "Choose what to do:";
  offered.choices.forEach((choice) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choice";
    button.textContent = choice.text;
    button.addEventListener("click", () => send(choice.command, offered.version));
    item.append(button);
    list.append(item);
  });
}

async function send(command, version) {
  for (const button of document.querySelectorAll("#choices button")) button.disabled = true;
  try {
    await api(`/games/${gameId}/commands`, {
      method: "POST",
      body: { command, expected_version: version },
      headers: { "Idempotency-Key": newKey() },
    });
    say("");
  } catch (error) {
    if (error.status === 0) {
      // Sent or not, the server's answer never came: read the game once it is back.
      say(`Your move may not have reached the server. ${OFFLINE} Choose again if your move is not on the board then.`);
      recover();
      return;
    }
    // 409: what this seat may do changed meanwhile; read again and choose again.
    say(error.status === 409 ? "The game moved on: choose again." : error.message);
  }
  page.following = true; // follow to the newest step
  await refresh();
}

function recover() {
  // After a lost connection: the game read again every few seconds until the server answers.
  setTimeout(() => refresh().catch((error) => (error.status === 0 ? recover() : fail(error))), 3000);
}

function newKey() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

// -- wiring -----------------------------------------------------------------------------

function keys(event) {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  if (document.querySelector("dialog[open]")) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
  if (!(event.key in moves)) return;
  event.preventDefault();
  const delta = moves[event.key];
  if (delta === -Infinity) show(0).catch(fail);
  else if (delta === Infinity) show(page.steps.length - 1).catch(fail);
  else step(delta);
}

function wire() {
  $("first").addEventListener("click", () => show(0).catch(fail));
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => show(page.steps.length - 1).catch(fail));
  $("slider").addEventListener("input", (e) => show(Number(e.target.value)).catch(fail));
  $("seat").addEventListener("change", (e) => {
    page.seat = e.target.value === "" ? null : Number(e.target.value);
    load().catch(fail);
  });
  $("token-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const token = $("token").value.trim();
    if (!token) return;
    localStorage.setItem(`cairn:token:${gameId}`, token);
    page.token = token;
    $("token").value = "";
    say("");
    start().catch(fail);
  });
  document.addEventListener("keydown", keys);
  phone.addEventListener("change", () => show(page.index).catch(fail));
  $("join-form").addEventListener("submit", (e) => join(e).catch(fail));
  document.addEventListener("cairn:goto", (e) => show(e.detail.index).catch(fail));
  document.addEventListener("cairn:board-as", (e) => boardAs(e.detail).catch(fail));
  document.addEventListener("cairn:changed", () => refreshSoon());
  document.addEventListener("cairn:send", (e) => send(e.detail.command, e.detail.version).catch(fail));
}

async function start() {
  try {
    await load();
  } catch (error) {
    if (error.status === 404 || error.status === 400) {
      unknownGame(error);
      return;
    }
    if ((error.status === 401 || error.status === 403) && page.token) {
      // A token kept (or pasted) that is no seat of this game would refuse every read,
      // on every visit: it is forgotten, and the game shown to a spectator.
      forgetToken();
      await start();
      say(NOT_A_SEAT);
      return;
    }
    throw error;
  }
  if (page.invite && !page.token) {
    $("join-form").hidden = false;
    $("join-name").focus();
  }
  $("token-form").hidden = Boolean(page.token) || page.game.status === "finished";
  await choices();
  await follow();
}

// The panels (table.js, moves.js, ...) are modules that listen for "cairn:game": they run
// after this deferred script, and a module fetched slowly would miss the first game read.
// DOMContentLoaded comes after every deferred script and module has run.
document.addEventListener("DOMContentLoaded", () => {
  takeToken();
  wire();
  begin();
});

function begin() {
  // A page opened while the server cannot be reached tries again until it answers.
  start()
    .then(() => {
      if ($("message").textContent === OFFLINE) say("");
    })
    .catch((error) => {
      fail(error);
      if (error.status === 0) setTimeout(begin, 3000);
    });
}
