// Moves made on the board: the places the seat's legal commands use (each choice's
// "places", named as the drawing's data-place attributes) are highlighted on its own part
// of the board; clicking them one after another narrows the choices, step by step, until
// the moves that fit are offered to send. Back and Start over undo the picks. The list of
// choices under it stays as the accessible alternative.
const $ = (id) => document.getElementById(id);
const state = { offered: null, picked: [], latest: true, listed: null };

function fits(choice) {
  return state.picked.every((place, i) => choice.places[i] === place);
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
  for (const marked of document.querySelectorAll("#board .pickable, #board .picked")) {
    marked.classList.remove("pickable", "picked");
    marked.removeAttribute("tabindex");
    marked.removeAttribute("role");
    marked.removeAttribute("aria-label");
  }
}

function render() {
  clear();
  const box = $("compose");
  const offered = state.offered;
  const placed = offered ? offered.choices.filter((c) => c.places && c.places.length) : [];
  if (!placed.length || !state.latest) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const depth = state.picked.length;
  const open = placed.filter(fits);
  const ready = depth ? open.filter((c) => c.places.length === depth) : [];
  const next = [...new Set(open.filter((c) => c.places.length > depth).map((c) => c.places[depth]))];
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
  if (!depth) $("compose-status").textContent = "Click a highlighted place on the board to start a move there (or choose from the list below).";
  else if (next.length) $("compose-status").textContent = `Picked ${path}: send one of these moves, or click a highlighted place to go on.`;
  else $("compose-status").textContent = `Picked ${path}: choose the move to send.`;
  $("compose-back").disabled = !depth;
  $("compose-reset").disabled = !depth;
  // A refresh at the same version and picks (a late stream message redraws the board)
  // keeps the buttons: replacing them would take a keyboard player's focus away.
  const signature = JSON.stringify([offered.version, state.picked]);
  if (signature === state.listed) return;
  state.listed = signature;
  $("compose-moves").replaceChildren(
    ...ready.map((choice) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "compose-move";
      button.textContent = choice.text;
      button.addEventListener("click", () => {
        state.picked = [];
        document.dispatchEvent(
          new CustomEvent("cairn:send", { detail: { command: choice.command, version: offered.version } })
        );
      });
      return button;
    })
  );
}

function pick(event) {
  const node = event.target.closest && event.target.closest(".pickable");
  if (!node) return;
  if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
  event.preventDefault();
  state.picked.push(node.dataset.place);
  render();
  // The moves that fit, or the next places, take the focus (and come into sight).
  const first = document.querySelector("#compose-moves button, #board .pickable");
  if (first) first.focus();
}

document.addEventListener("cairn:choices", (event) => {
  const changed = !state.offered || !event.detail || state.offered.version !== event.detail.version;
  state.offered = event.detail;
  if (changed) state.picked = [];
  render();
});
document.addEventListener("cairn:step", (event) => {
  // Moves are made on the position now, never on one stepped back to.
  state.latest = event.detail.latest;
  if (state.offered) render();
});
$("board").addEventListener("click", pick);
$("board").addEventListener("keydown", pick);
$("compose-back").addEventListener("click", () => {
  state.picked.pop();
  render();
});
$("compose-reset").addEventListener("click", () => {
  state.picked = [];
  render();
});
