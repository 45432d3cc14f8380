// Exploring from the page: "Fork from here" forks the game at the step shown, with the
// seats chosen in its dialog (you, a bot of the ruleset, or an open seat), and opens the
// fork ready to play; "Compare" diffs this game with another (GET /games/{id}/diff) and
// shows where they part, with links to that step in each.
import { api as call } from "./keep.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const state = { game: null, steps: [], logIsPublic: false, token: null, at: null, seat: null };

function api(path, options = {}) {
  return call(path, { ...options, token: state.token });
}

function say(message) {
  $("message").textContent = message;
  $("message").hidden = !message;
}

function seatPicker(seat, bots, mine) {
  // One select per seat of the fork: you, each bot, or an open seat (an invite).
  const label = document.createElement("label");
  label.textContent = `seat ${seat} `;
  const select = document.createElement("select");
  select.id = `fork-seat-${seat}`;
  select.add(new Option("you", "you"));
  for (const bot of bots) select.add(new Option(`bot ${bot}`, `bot:${bot}`));
  // Only a public position may have open seats or seats for other players (docs/api.md).
  if (state.logIsPublic) select.add(new Option("open (invite)", "open"));
  const bot = bots.includes("greedy") ? "greedy" : bots[0];
  select.value = seat === mine ? "you" : `bot:${bot}`;
  label.append(select);
  return label;
}

function chosenSeats() {
  return state.game.seats.map((_, i) => {
    const value = $(`fork-seat-${i}`).value;
    if (value === "you") return { kind: "player", player: "you" };
    if (value === "open") return { kind: "open" };
    return { kind: "bot", bot: value.slice(4) };
  });
}

async function fork() {
  if (state.at === null || !state.game) return;
  const ruleset = await api(`/rulesets/${state.game.ruleset}`);
  const mine = state.seat !== null ? state.seat : state.game.seat ?? 0;
  $("fork-seats").replaceChildren(...state.game.seats.map((_, i) => seatPicker(i, ruleset.bots, mine)));
  // A position not public yet may only be forked by its seat, with the luck reshuffled.
  const luck = state.logIsPublic ? "same" : "reshuffle";
  $("fork-question").textContent =
    `Fork this game after event ${state.at}, with ${luck === "same" ? "the same luck" : "the luck reshuffled"}? ` +
    "Choose who plays each seat; the fork opens at your first seat.";
  const dialog = $("fork-dialog");
  dialog.returnValue = "";
  dialog.showModal();
  $("fork-cancel").focus();
  const at = state.at;
  dialog.addEventListener("close", () => forked(dialog.returnValue, at, luck).catch((e) => say(e.message)), {
    once: true,
  });
}

async function forked(answer, at, luck) {
  if (answer !== "fork") return;
  const made = await api(`/games/${gameId}/forks`, { method: "POST", body: { at, luck, seats: chosenSeats() } });
  const granted = made.seats.find((s) => s.token);
  const fragment = granted ? `#token=${encodeURIComponent(granted.token)}` : "";
  location.assign(`/games/${made.game_id}/viewer${fragment}`);
}

// -- comparing two games ----------------------------------------------------------------

function told(move) {
  if (!move) return "(no such move: not played there)";
  return `${move.actor.replace(":", " ")}, event ${move.seq}: ${move.text}`;
}

function link(id, seq, words) {
  const a = document.createElement("a");
  a.href = `/games/${id}/viewer#${seq}`;
  a.textContent = words;
  return a;
}

function item(...parts) {
  const li = document.createElement("li");
  li.append(...parts);
  return li;
}

async function compare(event) {
  event.preventDefault();
  const other = $("diff-other").value.trim();
  if (!other) return;
  let found;
  try {
    found = await api(`/games/${gameId}/diff?other=${encodeURIComponent(other)}`);
    say("");
  } catch (error) {
    say(`Cannot compare with ${other}: ${error.message}`);
    return;
  }
  const [a, b] = found.games;
  const parts = found.diverges_at === null ? "The two games are identical." :
    `They share the first ${found.common_prefix} events and part at event ${found.diverges_at}.`;
  $("diff-summary").textContent = parts;
  const rows = [];
  if (found.diverges_at !== null) {
    rows.push(item(link(a, found.diverges_at, `this game at event ${found.diverges_at}`), " · ",
      link(b, found.diverges_at, `the other at event ${found.diverges_at}`)));
  }
  for (const apart of found.moves_apart.slice(0, 20)) {
    rows.push(item(`move ${apart.move}: here ${told(apart.a)}; there ${told(apart.b)}`));
  }
  const scores = found.scores.map((s) => `seat ${s.seat}: ${s.a ?? "–"} here, ${s.b ?? "–"} there`);
  rows.push(item(`scores at the end: ${scores.join("; ")}`));
  $("diff-list").replaceChildren(...rows);
  $("diff").hidden = false;
}

document.addEventListener("cairn:game", (event) => {
  const { game, steps, logIsPublic, token } = event.detail;
  Object.assign(state, { game, steps, logIsPublic, token });
  // A fork is compared with its parent unless another game is asked for.
  if (game.parent_id && !$("diff-other").value) $("diff-other").value = game.parent_id;
});
document.addEventListener("cairn:position", (event) => {
  state.at = event.detail.at;
  state.seat = event.detail.seat;
});
$("fork").addEventListener("click", () => fork().catch((e) => say(e.message)));
$("diff-form").addEventListener("submit", compare);
