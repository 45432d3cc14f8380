// Starting a game from the home page: a ruleset, its options and the live ones (clock,
// takebacks) from GET /rulesets/{id}, and who plays each seat: you, a bot, or an open seat
// whose invite link is shared. The seat and creator tokens stay in this browser.
import { api, keep, seatColour } from "./keep.js";

const $ = (id) => document.getElementById(id);
const rulesets = new Map(); // id -> GET /rulesets/{id}

function say(message) {
  $("message").textContent = message || "";
  $("message").hidden = !message;
}

function option(name, value, text) {
  const made = new Option(text ?? String(value), String(value));
  made.dataset.name = name;
  return made;
}

function seatRow(seat, bots) {
  const label = document.createElement("label");
  label.className = "seat-choice";
  const swatch = document.createElement("span");
  swatch.className = "swatch";
  swatch.style.background = seatColour(seat);
  const select = document.createElement("select");
  select.id = `new-seat-${seat}`;
  select.append(new Option("you", "you"));
  for (const bot of bots) select.append(new Option(`bot: ${bot}`, `bot:${bot}`));
  select.append(new Option("open seat (invite a player)", "open"));
  // You take seat 0; the others start as the ruleset's best bot.
  if (seat > 0) select.value = bots.includes("greedy") ? "bot:greedy" : `bot:${bots[0]}`;
  label.append(swatch, `Seat ${seat} `, select);
  return label;
}

function optionField(described, live) {
  const label = document.createElement("label");
  label.title = described.description || "";
  let input;
  if (described.choices && described.choices.length) {
    input = document.createElement("select");
    for (const choice of described.choices) input.append(option(described.name, choice));
    input.value = String(described.default);
  } else if (typeof described.default === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = described.default;
  } else {
    input = document.createElement("input");
    input.type = typeof described.default === "number" ? "number" : "text";
    if (described.minimum !== null && described.minimum !== undefined) input.min = described.minimum;
    if (described.maximum !== null && described.maximum !== undefined) input.max = described.maximum;
    input.value = String(described.default);
  }
  input.name = described.name;
  input.dataset.live = live ? "1" : "";
  input.dataset.default = JSON.stringify(described.default);
  input.className = "game-option";
  label.append(`${described.name.replaceAll("_", " ")} `, input);
  return label;
}

let fetching = 0; // rulesets whose description is on its way: the form is not yet theirs

async function chosen() {
  const id = $("new-ruleset").value;
  if (!rulesets.has(id)) {
    fetching += 1;
    $("new-start").disabled = true;
    try {
      rulesets.set(id, await api(`/rulesets/${id}`));
    } finally {
      fetching -= 1;
      $("new-start").disabled = fetching > 0;
    }
  }
  // Another ruleset was picked while this one's description came: that pick draws the form.
  if ($("new-ruleset").value !== id) return;
  const ruleset = rulesets.get(id);
  const seats = $("new-seats");
  const wanted = Number(seats.value) || Math.max(ruleset.min_seats, 2);
  seats.replaceChildren();
  // A sensible choice of seat counts: the ruleset's range, at most six.
  for (let n = ruleset.min_seats; n <= Math.min(ruleset.max_seats, 6); n += 1) seats.add(new Option(String(n), String(n)));
  seats.value = String(Math.min(Math.max(wanted, ruleset.min_seats), Math.min(ruleset.max_seats, 6)));
  drawSeats();
  const list = $("new-option-list");
  list.replaceChildren(
    ...ruleset.options.map((o) => optionField(o, false)),
    ...ruleset.live_options.map((o) => optionField(o, true))
  );
}

function drawSeats() {
  const ruleset = rulesets.get($("new-ruleset").value);
  const fieldset = $("new-seat-list");
  const legend = fieldset.querySelector("legend");
  // A seat keeps what was picked for it where the new rows still offer that: a ruleset's
  // description comes after a pause, and a seat opened meanwhile was silently made a bot.
  const picked = new Map([...fieldset.querySelectorAll("select")].map((s) => [s.id, s.value]));
  const rows = [];
  for (let seat = 0; seat < Number($("new-seats").value); seat += 1) {
    const row = seatRow(seat, ruleset.bots);
    const select = row.querySelector("select");
    const kept = picked.get(select.id);
    if ([...select.options].some((o) => o.value === kept)) select.value = kept;
    rows.push(row);
  }
  fieldset.replaceChildren(legend, ...rows);
}

function options() {
  // Only what differs from the default is sent: a game records the options it was given.
  const given = {};
  for (const input of document.querySelectorAll(".game-option")) {
    const fallback = JSON.parse(input.dataset.default);
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (typeof fallback === "number") value = Number(input.value);
    else value = input.value;
    if (value !== fallback) given[input.name] = value;
  }
  return given;
}

async function start(event) {
  event.preventDefault();
  say("");
  const name = $("new-name").value.trim();
  const seats = [...document.querySelectorAll("#new-seat-list select")].map((select) => {
    if (select.value === "you") return { kind: "player", player: name };
    if (select.value === "open") return { kind: "open" };
    return { kind: "bot", bot: select.value.slice(4) };
  });
  const ruleset = $("new-ruleset").value;
  $("new-start").disabled = true;
  try {
    const made = await api("/games", { method: "POST", body: { ruleset, seats, options: options() } });
    if (made.creator_token) keep.setCreator(made.game_id, made.creator_token);
    const mine = made.seats.find((s) => s.token);
    if (mine) keep.setToken(made.game_id, mine.token);
    keep.remember({ game_id: made.game_id, ruleset, seat: mine ? mine.seat : null });
    shareInvites(made, Boolean(mine));
  } catch (error) {
    say(`The game was not started: ${error.message}`);
  } finally {
    $("new-start").disabled = fetching > 0;
  }
}

function shareInvites(made, playing) {
  const table = `/games/${made.game_id}/viewer`;
  const invites = made.seats.filter((s) => s.invite);
  if (!invites.length) {
    location.assign(table);
    return;
  }
  // The invite travels in the fragment, which a browser never sends to the server.
  $("started-text").textContent =
    `Your ${made.ruleset} table is set. It starts when every open seat is taken: ` +
    "send each invite link to the player it is for (each opens one seat, once).";
  $("invites").replaceChildren(
    ...invites.map((s) => {
      const item = document.createElement("li");
      const link = `${location.origin}${table}#invite=${encodeURIComponent(s.invite)}`;
      const field = document.createElement("input");
      field.readOnly = true;
      field.value = link;
      field.className = "invite-link";
      field.setAttribute("aria-label", `invite link for seat ${s.seat}`);
      const copy = document.createElement("button");
      copy.type = "button";
      copy.textContent = "Copy";
      copy.addEventListener("click", () => {
        field.select();
        if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
        copy.textContent = "Copied";
      });
      item.append(`Seat ${s.seat}: `, field, " ", copy);
      return item;
    })
  );
  $("started-link").href = table;
  $("started-link").textContent = playing ? "Go to your table" : "Watch the table";
  $("started").hidden = false;
  $("started-link").focus();
}

// The start button is disabled in the page until the first ruleset is described (``chosen``
// enables it): a submit before this script's handler reloaded the page, and the game was
// not started.
async function begin() {
  const listed = await api("/rulesets");
  for (const r of listed) $("new-ruleset").add(new Option(r.title || r.id, r.id));
  $("new-ruleset").addEventListener("change", () => chosen().catch((e) => say(e.message)));
  $("new-seats").addEventListener("change", drawSeats);
  $("new-game-form").addEventListener("submit", start);
  await chosen();
}

begin().catch((error) => say(error.message));
