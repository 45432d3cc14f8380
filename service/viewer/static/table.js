// The table above the board: each seat's name, colour, running score and clock (counting
// down from the server's answer), whose turn it is and why a seat waits, the seat's own
// actions (resign, takebacks as the game allows, abandon for its creator), and at the end
// the result: ranks, scores by category, how it ended, and the revealed seed.
// It listens for the viewer's "cairn:game" event; actions go to the live-play API.
import { api, keep, seatColour, seatName } from "./keep.js";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
const LOW_MS = 30_000;
const state = { game: null, token: null, received: 0, ticking: null, seedFor: null };

function say(message) {
  $("message").textContent = message || "";
  $("message").hidden = !message;
}

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  const days = d ? `${d} day${d > 1 ? "s" : ""} ` : "";
  return d || h ? `${days}${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function clockWords(live, seat, runs, elapsed) {
  // What a seat's clock says now, counted down from the server's answer by the time since:
  // a per-move clock spends the move's allowance first, then the reserve (marked).
  const left = live.clocks[seat] - (runs ? elapsed : 0);
  const allowances = live.allowances || [];
  if (!allowances.length) return { left, text: clockText(left), reserve: false };
  const move = Math.max(0, allowances[seat] - (runs ? elapsed : 0));
  const reserve = Math.max(0, left - move);
  if (!runs) return { left, text: clockText(left), reserve: false };
  if (!move) return { left, text: `reserve ${clockText(reserve)}`, reserve: true };
  const then = reserve ? ` + reserve ${clockText(reserve)}` : "";
  return { left, text: `${clockText(move)} for this move${then}`, reserve: false };
}

function clockTitle(live, seat) {
  const increment = live.increment ? `, +${live.increment / 1000} s after each decision` : "";
  if (live.time_control === "fischer") return `seat ${seat}'s bank${increment}`;
  if (live.time_control === "correspondence") return `seat ${seat}'s time for the move`;
  return `seat ${seat}'s time for the move, then its reserve`;
}

function mySeat() {
  const seat = state.game.seat;
  return seat === null || seat === undefined ? null : seat;
}

function who(seat) {
  const name = seatName(state.game.seats[seat], seat);
  return seat === mySeat() ? `${name} (you)` : name;
}

function list(seats) {
  const names = seats.map((s) => `seat ${s} (${who(s)})`);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
}

function turnText() {
  const game = state.game;
  const live = game.live;
  if (game.status === "finished") return "The game is over.";
  const open = game.seats.filter((s) => s.kind === "open").length;
  if (open) return `Waiting for players: ${open} open seat${open > 1 ? "s" : ""} to be taken before play starts.`;
  const acting = game.to_act;
  if (!acting.length) return "Nobody is to act.";
  const mine = mySeat();
  const together = acting.length > 1 ? " (they act at the same time)" : "";
  if (mine !== null && acting.includes(mine)) {
    const others = acting.filter((s) => s !== mine);
    return others.length
      ? `Your turn, together with ${list(others)}.`
      : "Your turn: pick a highlighted place on the board, or a move from the list.";
  }
  const waiting = mine === null ? "" : "You wait: ";
  const bots = acting.filter((s) => live.stand_ins.includes(s));
  const stood = bots.length ? `; a bot plays for ${list(bots)}` : "";
  return `${waiting}${list(acting)} ${acting.length > 1 ? "are" : "is"} to act${together}${stood}.`;
}

function seatRows() {
  const game = state.game;
  const live = game.live;
  const timed = live.time_control !== "none";
  return game.seats.map((descriptor, seat) => {
    const li = document.createElement("li");
    li.dataset.seat = String(seat);
    if (game.to_act.includes(seat)) li.classList.add("to-act");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = seatColour(seat);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = `seat ${seat}: ${who(seat)}`;
    const score = (game.scores || []).find((s) => s.seat === seat);
    const total = document.createElement("span");
    total.className = "score";
    total.textContent = score ? `${score.total} points` : "";
    const parts = score
      ? Object.entries(score.breakdown).filter(([, v]) => v).map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`)
      : [];
    const breakdown = document.createElement("span");
    breakdown.className = "breakdown";
    breakdown.textContent = parts.length ? `(${parts.join(", ")})` : "";
    li.append(swatch, name, total, breakdown);
    if (timed && live.clocks.length > seat) {
      const clock = document.createElement("span");
      clock.className = "clock";
      clock.dataset.seat = String(seat);
      clock.setAttribute("role", "timer");
      clock.setAttribute("aria-label", `seat ${seat}'s time`);
      li.append(clock);
    }
    const notes = [];
    if (game.to_act.includes(seat) && game.status !== "finished") notes.push("to act");
    if (live.out.includes(seat)) notes.push("left the game");
    if (live.stand_ins.includes(seat)) notes.push("a bot plays for this seat");
    if (notes.length) {
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = notes.join("; ");
      li.append(note);
    }
    return li;
  });
}

function tick() {
  // Each running clock counts down from what the server answered, by the time since.
  const live = state.game.live;
  const elapsed = Date.now() - state.received;
  const running = state.game.status === "finished" ? [] : live.running;
  for (const clock of document.querySelectorAll("#seat-list .clock")) {
    const seat = Number(clock.dataset.seat);
    const runs = running.includes(seat);
    const { left, text, reserve } = clockWords(live, seat, runs, elapsed);
    clock.textContent = `${text}${runs ? " running" : ""}`;
    clock.title = clockTitle(live, seat);
    clock.classList.toggle("running", runs);
    clock.classList.toggle("on-reserve", reserve);
    clock.classList.toggle("low", left < LOW_MS);
    if (runs && left <= 0) clock.textContent = "0:00 out of time";
  }
}

function actions() {
  const game = state.game;
  const live = game.live;
  const mine = mySeat();
  const playing = game.status !== "finished" && mine !== null && Boolean(state.token);
  const still = playing && !live.out.includes(mine);
  $("resign").hidden = !still;
  $("takeback").hidden = !(
    still && live.takebacks !== "off" && live.takeback_seat === mine && live.takeback_decisions > 0 && !live.takeback_asked
  );
  $("takeback").textContent = live.takebacks === "consent" ? "Ask to take back my last move" : "Take back my last move";
  const asked = live.takeback_asked;
  const answering = still && asked && asked[0] !== mine;
  $("takeback-yes").hidden = !answering;
  $("takeback-no").hidden = !answering;
  if (answering) $("takeback-yes").textContent = `Allow seat ${asked[0]} to take back ${asked[1]} move${asked[1] > 1 ? "s" : ""}`;
  $("abandon").hidden = !(game.status !== "finished" && keep.creator(gameId));
  $("actions").hidden = [...$("actions").children].every((b) => b.hidden);
}

async function result() {
  const game = state.game;
  const section = $("result");
  if (game.status !== "finished" || !game.result) {
    section.hidden = true;
    return;
  }
  section.hidden = false;
  const res = game.result;
  const live = game.live;
  const endings = {
    resigned: "by resignation",
    timed_out: "on time",
    abandoned: "by abandonment",
  };
  const how = live.ending ? endings[live.ending] || live.ending : "by the rules, played to the end";
  const reason = live.reason ? `: ${live.reason}` : "";
  const winners = res.ranks.map((r, s) => (r === 1 ? s : null)).filter((s) => s !== null);
  const won = winners.length ? `; ${winners.length > 1 ? "shared first place" : "won by"} ${list(winners)}` : "; no winner";
  $("ending").textContent = `The game ended ${how}${reason}${won}.`;
  const categories = [...new Set(res.breakdown.flatMap((b) => Object.keys(b)))];
  const table = $("result-table");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const text of ["Rank", "Seat", "Score", ...categories.map((c) => c.replaceAll("_", " "))]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  const order = res.scores.map((_, s) => s).sort((a, b) => (res.ranks[a] || 99) - (res.ranks[b] || 99) || a - b);
  for (const seat of order) {
    const row = body.insertRow();
    row.insertCell().textContent = res.ranks[seat] ? String(res.ranks[seat]) : "unranked";
    const name = row.insertCell();
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = seatColour(seat);
    name.append(swatch, `seat ${seat}: ${who(seat)}`);
    row.insertCell().textContent = String(res.scores[seat]);
    for (const c of categories) row.insertCell().textContent = String(res.breakdown[seat][c] ?? 0);
  }
  $("audit-link").href = `/games/${gameId}/replay`;
  if (state.seedFor !== game.version) {
    state.seedFor = game.version;
    const recent = await api(`/games/${gameId}/events?after=${Math.max(0, game.version - 5)}`);
    const revealed = recent.events.find((e) => e.type === "game.seed_revealed");
    $("seed").textContent = revealed ? revealed.payload.seed : "";
    $("seed-line").hidden = !revealed;
  }
}

function render(detail) {
  state.game = detail.game;
  state.token = detail.token;
  state.received = Date.now();
  $("table").hidden = false;
  $("turn").textContent = turnText();
  $("seat-list").replaceChildren(...seatRows());
  actions();
  tick();
  clearInterval(state.ticking);
  if (state.game.status !== "finished" && state.game.live.running.length) state.ticking = setInterval(tick, 250);
  result().catch((e) => say(e.message));
}

function confirmed(question, askReason) {
  // A dialog that takes the focus; resolves with the reason (or true), or null if cancelled.
  return new Promise((resolve) => {
    const dialog = $("confirm-dialog");
    $("confirm-question").textContent = question;
    $("confirm-reason-label").hidden = !askReason;
    $("confirm-reason").required = Boolean(askReason);
    $("confirm-reason").value = "";
    dialog.returnValue = "";
    dialog.showModal();
    (askReason ? $("confirm-reason") : $("confirm-cancel")).focus();
    dialog.addEventListener(
      "close",
      () => {
        if (dialog.returnValue !== "yes") resolve(null);
        else resolve(askReason ? $("confirm-reason").value.trim() || null : true);
      },
      { once: true }
    );
  });
}

async function act(path, body, token) {
  try {
    await api(`/games/${gameId}/${path}`, { method: "POST", body, token: token || state.token });
    say("");
  } catch (error) {
    say(error.status === 0 ? `Not done. ${error.message}` : `Refused: ${error.message}`);
  }
  document.dispatchEvent(new CustomEvent("cairn:changed"));
}

function wire() {
  $("resign").addEventListener("click", async () => {
    if (await confirmed("Resign this game? You cannot take it back.")) await act("resign", {});
  });
  $("takeback").addEventListener("click", () => act("takebacks", { decisions: 1 }));
  $("takeback-yes").addEventListener("click", () => act("takebacks/answer", { accept: true }));
  $("takeback-no").addEventListener("click", () => act("takebacks/answer", { accept: false }));
  $("abandon").addEventListener("click", async () => {
    const reason = await confirmed("Abandon this game for everyone? It ends with no winner.", true);
    if (reason) await act("abandon", { reason }, keep.creator(gameId));
  });
  $("review").addEventListener("click", () => {
    document.dispatchEvent(new CustomEvent("cairn:goto", { detail: { index: 0 } }));
    $("first").focus();
  });
  $("result-fork").addEventListener("click", () => $("fork").click());
  $("result-analyse").addEventListener("click", () => {
    const analyse = $("analyse");
    if (!analyse) return;
    analyse.scrollIntoView();
    analyse.click();
  });
  document.addEventListener("cairn:game", (event) => render(event.detail));
}

wire();
