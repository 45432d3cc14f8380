// Moves made on the board: the places the seat's legal commands use (each choice's
// "places", named as the drawing's data-place attributes) are highlighted on its own part
// of the board; clicking them one after another narrows the choices, step by step. A
// choice may also be made in another order ("orders": an icon in hand, then its hex) or
// from a set picked in any order ("any_order": tiles to save). Once a move is chosen it is
// previewed on the board (its "ghosts" drawn faintly on its places, its words beside the
// Send and Back buttons; Enter sends, Escape backs out) and sent only then. Back and Start
// over undo the picks. The list of choices under it stays as the accessible alternative.
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const state = { offered: null, picked: [], latest: true, listed: null, preview: null, auto: false, focused: null, note: "" };

function progress(choice, picked) {
  // How far the picks go into the choice: null if they leave it, else whether they make it
  // whole and which places may come next.
  if (choice.any_order) {
    const left = [...choice.places];
    for (const place of picked) {
      const at = left.indexOf(place);
      if (at < 0) return null;
      left.splice(at, 1);
    }
    return { whole: !left.length, next: left };
  }
  let found = null;
  for (const order of [choice.places, ...(choice.orders || [])]) {
    if (order.length < picked.length || !picked.every((place, i) => order[i] === place)) continue;
    found = found || { whole: false, next: [] };
    if (order.length === picked.length) found.whole = true;
    else found.next.push(order[picked.length]);
  }
  return found;
}

function options() {
  // The moves the picks make whole, and the places that may be picked next.
  const placed = state.offered ? state.offered.choices.filter((c) => c.places && c.places.length) : [];
  const ready = [];
  const next = new Set();
  for (const choice of placed) {
    const made = progress(choice, state.picked);
    if (!made) continue;
    if (made.whole && state.picked.length) ready.push(choice);
    for (const place of made.next) next.add(place);
  }
  return { placed, ready, next: [...next] };
}

function targets(place) {
  // The seat's own part of the board when the drawing has one per seat (a sheet).
  const seat = state.offered.seat;
  const mine = document.querySelectorAll(`#board svg [data-seat="${seat}"] [data-place="${CSS.escape(place)}"]`);
  return mine.length ? mine : document.querySelectorAll(`#board svg [data-place="${CSS.escape(place)}"]`);
}

function labelOf(node, place) {
  // A place's words: its data-label, else its title (a drawn piece's), else its name.
  const titled = node.querySelector(":scope > title");
  return node.dataset.label || (titled && titled.textContent) || place;
}

function spoken(place) {
  const node = targets(place)[0];
  return node ? node.dataset.label || place : place;
}

function clear() {
  for (const marked of document.querySelectorAll("#board .pickable, #board .picked, #board .previewed")) {
    marked.classList.remove("pickable", "picked", "previewed");
    marked.removeAttribute("tabindex");
    marked.removeAttribute("role");
    marked.removeAttribute("aria-label");
  }
  for (const layer of document.querySelectorAll("#board svg .ghosts")) layer.remove();
}

function centre(svg, node) {
  // A place's middle in the drawing's own units, whatever groups it is drawn in.
  const box = node.getBBox();
  const into = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
  const middle = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(into);
  return { x: middle.x, y: middle.y, height: box.height * Math.abs(into.d) };
}

function drawn(name, attributes, words) {
  const made = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  if (words) made.textContent = words;
  return made;
}

function ghosts(choice) {
  // The move's result drawn faintly on its places: only what the command itself says.
  const svg = document.querySelector("#board svg");
  if (!svg) return;
  const layer = drawn("g", { class: "ghosts", "aria-hidden": "true" });
  let last = null;
  for (const ghost of choice.ghosts || []) {
    const node = targets(ghost.place)[0];
    if (!node) continue;
    const at = centre(svg, node);
    if (ghost.joined && last) {
      layer.append(drawn("line", { x1: last.x, y1: last.y, x2: at.x, y2: at.y, class: "ghost-line" }));
      layer.append(drawn("circle", { cx: at.x, cy: at.y, r: 3, class: "ghost-end" }));
    }
    if (ghost.words) {
      const size = Math.max(7, Math.min(12, at.height * 0.45));
      layer.append(drawn("text", { x: at.x, y: at.y + size / 3, "font-size": size, "text-anchor": "middle" }, ghost.words));
    }
    last = at;
  }
  svg.append(layer);
}

function say(text) {
  // The status line; a note of what another seat's move did to this seat's picks leads it
  // until the player acts again.
  $("compose-status").textContent = state.note ? `${state.note} ${text}` : text;
}

function showPreview(box) {
  const choice = state.preview;
  for (const place of new Set(choice.places)) for (const node of targets(place)) node.classList.add("previewed");
  ghosts(choice);
  const drawing = document.querySelector("#board svg");
  if (drawing) drawing.setAttribute("role", "img");
  say(`Preview: ${choice.text}. Send it, or go back.`);
  $("compose-send").hidden = false;
  $("compose-back").disabled = false;
  $("compose-reset").disabled = false;
  box.dataset.preview = choice.text;
  list([]);
}

function render() {
  clear();
  const box = $("compose");
  const { placed, ready, next } = options();
  if (!placed.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.classList.toggle("behind", !state.latest);
  $("compose-now").hidden = state.latest;
  if (!state.latest) return behind(box);
  $("compose-back").hidden = false;
  $("compose-reset").hidden = false;
  if (state.preview) return showPreview(box);
  delete box.dataset.preview;
  $("compose-send").hidden = true;
  const depth = state.picked.length;
  // A board with places to click is a group of controls, no longer a picture.
  const drawing = document.querySelector("#board svg");
  if (drawing) drawing.setAttribute("role", next.length ? "group" : "img");
  for (const place of state.picked) for (const node of targets(place)) node.classList.add("picked");
  for (const place of next) {
    for (const node of targets(place)) {
      node.classList.add("pickable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const name = labelOf(node, place);
      node.setAttribute("aria-label", depth ? `then ${name}` : `${name}: a move starts here`);
    }
  }
  const path = state.picked.map(spoken).join(" → ");
  if (!depth) say("Click a highlighted place on the board to start a move there (or choose from the list below).");
  else if (next.length) say(`Picked ${path}: preview one of these moves, or click a highlighted place to go on.`);
  else say(`Picked ${path}: choose the move to preview.`);
  $("compose-back").disabled = !depth;
  $("compose-reset").disabled = !depth;
  list(ready);
  refocus(next);
}

function behind(box) {
  // Stepped back to an earlier position: moves are made on the game as it is now, so the
  // board offers none here, and the player is told how to get back.
  delete box.dataset.preview;
  for (const id of ["compose-send", "compose-back", "compose-reset"]) $(id).hidden = true;
  $("compose-moves").replaceChildren();
  state.listed = null;
  $("compose-status").textContent = "You are looking at an earlier step: your move is made on the game as it is now.";
}

function refocus(next) {
  // A redrawn board (a stream message, another seat's move) replaces the place a keyboard
  // player had focused, and the focus falls to the page: it goes back to the same place.
  const lost = !document.activeElement || document.activeElement === document.body;
  if (!lost || !state.focused || !next.includes(state.focused)) return;
  const node = targets(state.focused)[0];
  if (node) node.focus({ preventScroll: true });
}

function list(ready) {
  // A refresh at the same version, picks and preview (a late stream message redraws the
  // board) keeps the buttons: replacing them would take a keyboard player's focus away.
  const signature = JSON.stringify([state.offered.version, state.picked, state.preview && state.preview.text]);
  if (signature === state.listed) return;
  state.listed = signature;
  $("compose-moves").replaceChildren(
    ...ready.map((choice) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "compose-move";
      button.textContent = choice.text;
      button.addEventListener("click", () => preview(choice, false));
      return button;
    })
  );
}

function preview(choice, auto) {
  state.note = "";
  state.preview = choice;
  state.auto = auto;
  render();
  $("compose-send").focus();
}

function send() {
  const choice = state.preview;
  if (!choice) return;
  state.note = "";
  const version = state.offered.version;
  state.picked = [];
  state.preview = null;
  render();
  document.dispatchEvent(new CustomEvent("cairn:send", { detail: { command: choice.command, version } }));
}

function back() {
  state.note = "";
  // Out of a preview: to the picks it was chosen from (one pick back when the picks alone
  // made it); else one pick back.
  if (state.preview) {
    if (state.auto) state.picked.pop();
    state.preview = null;
  } else {
    state.picked.pop();
  }
  render();
  focusNext();
}

function focusNext() {
  // The moves that fit, or the next places, take the focus (and come into sight).
  const first = document.querySelector("#compose-moves button, #board .pickable");
  if (first) first.focus();
}

function pick(event) {
  const node = event.target.closest && event.target.closest(".pickable");
  if (!node) return;
  if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  // The Enter that makes a move whole opens its preview; it must not also send it.
  event.stopPropagation();
  state.note = "";
  state.picked.push(node.dataset.place);
  const { ready, next } = options();
  // Picks that make exactly one move, with nothing left to pick, preview it at once.
  if (ready.length === 1 && !next.length) return preview(ready[0], true);
  render();
  focusNext();
}

function keys(event) {
  if (!state.preview || !state.latest || $("compose").hidden || document.querySelector("dialog[open]")) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  if (event.key === "Escape") {
    event.preventDefault();
    back();
  } else if (event.key === "Enter" && !(target instanceof HTMLButtonElement)) {
    event.preventDefault();
    send();
  }
}

function carried() {
  // Another seat's move gives a new version while this seat is half-way through its own
  // (a game whose seats act side by side): what the player picked, or previewed,
  // stays while the new choices still hold it, so nothing they did is lost to a move
  // they did not make. Else they start again, and are told why.
  const had = state.preview || state.picked.length;
  if (state.preview) {
    const same = JSON.stringify(state.preview.command);
    state.preview = state.offered.choices.find((c) => JSON.stringify(c.command) === same) || null;
    if (!state.preview) state.picked = [];
  }
  const { ready, next } = options();
  if (state.picked.length && !ready.length && !next.length) state.picked = [];
  if (!had) return "";
  return state.preview || state.picked.length
    ? "The game moved on; what you picked still fits."
    : "The game moved on, and the move you were making is no longer open: start again.";
}

document.addEventListener("cairn:choices", (event) => {
  const changed = !state.offered || !event.detail || state.offered.version !== event.detail.version;
  const mine = state.offered && event.detail && state.offered.seat === event.detail.seat;
  state.offered = event.detail;
  if (changed && mine) state.note = carried();
  else if (changed) {
    state.picked = [];
    state.preview = null;
    state.note = "";
  }
  if (state.offered) render();
  else {
    // Nothing to play any more (the game ended, or no token): no place stays marked as a
    // move's start, nor reachable as a button, on the board drawn before.
    clear();
    $("compose").hidden = true;
  }
});
document.addEventListener("cairn:step", (event) => {
  // Moves are made on the position now, never on one stepped back to.
  state.latest = event.detail.latest;
  if (state.offered) render();
});
document.addEventListener("keydown", keys);
document.addEventListener("focusin", (event) => {
  // The board place a keyboard player is on, until they go to another control.
  const node = event.target.closest && event.target.closest("#board .pickable");
  state.focused = node ? node.dataset.place : null;
});
$("board").addEventListener("click", pick);
$("board").addEventListener("keydown", pick);
$("compose-send").addEventListener("click", send);
$("compose-now").addEventListener("click", () => {
  document.dispatchEvent(new CustomEvent("cairn:goto", { detail: { index: Number.MAX_SAFE_INTEGER } }));
});
$("compose-back").addEventListener("click", back);
$("compose-reset").addEventListener("click", () => {
  state.note = "";
  state.picked = [];
  state.preview = null;
  render();
  focusNext();
});
