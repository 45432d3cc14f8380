// The move list beside the board: every step in words, by whom, with the scores after it.
// Clicking one shows that position (the viewer then puts its number in the address, so a
// link opens it). It listens for the viewer's "cairn:game" and "cairn:step" events.
import { seatColour } from "./keep.js";

const $ = (id) => document.getElementById(id);
const state = { steps: [], seats: [] };

function by(actor) {
  if (!actor || actor === "system") return "the rules";
  const seat = Number(actor.split(":")[1]);
  const descriptor = state.seats[seat];
  const name = descriptor && descriptor.kind !== "open" ? descriptor.player || `bot ${descriptor.bot}` : "";
  return name ? `seat ${seat} (${name})` : `seat ${seat}`;
}

function item(step, index) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.seq = String(step.seq);
  button.dataset.index = String(index);
  const scores = (step.scores || []).map((s) => s.total).join("–");
  const seat = step.actor && step.actor.startsWith("seat:") ? Number(step.actor.slice(5)) : null;
  if (seat !== null) button.style.borderLeft = `4px solid ${seatColour(seat)}`;
  const text = document.createElement("span");
  text.textContent = `${step.seq}. ${step.text}`;
  const who = document.createElement("span");
  who.className = "by";
  who.textContent = ` — ${by(step.actor)}${scores ? `; score ${scores}` : ""}`;
  button.append(text, who);
  button.addEventListener("click", () =>
    document.dispatchEvent(new CustomEvent("cairn:goto", { detail: { index } }))
  );
  li.append(button);
  return li;
}

function render(detail) {
  const steps = detail.steps;
  state.seats = detail.game.seats;
  const list = $("move-list");
  // Steps only grow while a viewer follows a game: add the new ones; anything else (another
  // seat's view, the log made public) is drawn again whole.
  const grows =
    state.steps.length <= steps.length &&
    state.steps.every((s, i) => steps[i] && steps[i].seq === s.seq) &&
    list.children.length === state.steps.length;
  if (grows) {
    for (let i = state.steps.length; i < steps.length; i += 1) list.append(item(steps[i], i));
  } else {
    list.replaceChildren(...steps.map(item));
  }
  state.steps = steps.slice();
}

function current(seq) {
  for (const marked of document.querySelectorAll('#move-list [aria-current="step"]')) {
    marked.removeAttribute("aria-current");
  }
  const button = document.querySelector(`#move-list button[data-seq="${seq}"]`);
  if (!button) return;
  button.setAttribute("aria-current", "step");
  // Keep the current move in sight within the list, without scrolling the page.
  const box = $("moves");
  const top = button.offsetTop - box.offsetTop;
  if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - button.offsetHeight) {
    box.scrollTop = top - box.clientHeight / 2;
  }
}

document.addEventListener("cairn:game", (event) => render(event.detail));
document.addEventListener("cairn:step", (event) => current(event.detail.seq));
