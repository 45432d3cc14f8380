// The analysis panels of the viewer: the win-probability graph under the board (one line
// per seat; click a point to jump there, a mistake mark to jump and ask for the hints) and
// the hints at the point shown (hints.js lists them and draws them on the board).
// With the keyboard the graph is two tab stops, not one per point: its decisions, then its
// mistake marks, each a toolbar with a roving focus (Left/Right, Home/End; Enter or Space
// jumps there, as a click does), each decision named with every seat's words.
// It listens for the viewer's "cairn:step" event and calls the analysis API
// (docs/analysis.md); plain JavaScript, no build step.
import { api as call, SEAT_COLOURS as COLOURS } from "./keep.js";

const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
// The graph is drawn as wide as its box, in CSS pixels (a unit is a pixel), so that its
// words and marks keep their size on a phone instead of shrinking with a fixed width.
const HEIGHT = 180;
const LEFT = 48; // the axis' title and its percentages
const RIGHT = 12;
const TOP = 30; // the mistake marks' row
const BOTTOM = 26; // the decisions' axis
const MARK = 28; // a mark's side: a fingertip's target (24 CSS px at least), with room
// `sketch`: the rollouts a point of the graph shown while it is still refining (0: done).
const state = { width: 600, graph: null, sketch: 0, steps: [], at: null, seat: null, hintsFor: null, hintsAt: null };

function token() {
  return localStorage.getItem(`cairn:token:${gameId}`);
}

function api(path, options = {}) {
  return call(path, { ...options, token: token() });
}

function el(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, v));
  if (text) node.textContent = text;
  return node;
}

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, String(v)));
  return node;
}

function build() {
  const panel = $("analysis");
  if (!panel) return false;
  const bar = el("div", { id: "analysis-bar" });
  const size = el("select", { id: "analysis-rollouts", "aria-label": "rollouts per point" });
  // Whatever is chosen, the graph shows itself at 1 rollout a point first (a sketch) and
  // settles; 10, the default, settles in a tenth of 100's time, and more are surer.
  [3, 10, 30, 100].forEach((n) => size.add(new Option(`${n} rollouts`, String(n), n === 10, n === 10)));
  const start = el("button", { type: "button", id: "analyse" }, "Analyse this game");
  start.addEventListener("click", () => analyse().catch(fail));
  bar.append(start, size, el("span", { id: "analysis-status", "aria-live": "polite" }));
  const graph = el("div", { id: "graph", role: "figure", "aria-label": "win probability graph" });
  panel.append(bar, graph);
  // The hints go in the board's row, after the move list (under both unless the page is
  // wide enough to keep the board at its width beside them).
  const hints = el("aside", { id: "hints", "aria-label": "move hints" });
  $("board-row").append(hints);
  return true;
}

function status(text) {
  $("analysis-status").textContent = text;
}

function fail(error) {
  status(error.message || String(error));
}

async function finished(job, progress, sketched = () => {}) {
  // A running graph carries the graph so far (`partial`, at `shown` rollouts a point);
  // asking with `seen` leaves out one no further along than the one drawn.
  let seen = 0;
  while (job.status === "running") {
    if (job.partial && job.shown > seen) {
      seen = job.shown;
      sketched(job.partial, job.shown);
    }
    progress(job);
    await new Promise((resolve) => setTimeout(resolve, 700));
    job = await api(`${job.url}?seen=${seen}`);
  }
  if (job.status === "failed") throw new Error(job.error || "the analysis failed");
  return job.result;
}

async function analyse() {
  $("analyse").disabled = true;
  try {
    const rollouts = Number($("analysis-rollouts").value);
    const told = await api(`/games/${gameId}/steps${seatQuery()}`);
    state.steps = told.steps;
    const job = await api(`/games/${gameId}/analyses`, {
      method: "POST",
      body: { kind: "graph", rollouts },
    });
    // The graph refines as it plays: first every point at one rollout, then two, four, …
    // each drawn as it comes, so the game's shape shows in seconds.
    const sketched = (graph, shown) => {
      state.graph = graph;
      state.sketch = shown;
      draw();
      hintsHere();
    };
    const progress = (j) =>
      status(
        j.shown
          ? `refining: ${j.shown} of ${j.partial?.rollouts ?? rollouts} rollouts per point so far (${j.done} of ${j.total})`
          : `analysing: ${j.done} of ${j.total} rollouts`
      );
    const graph = await finished(job, progress, sketched);
    state.graph = graph;
    state.sketch = 0;
    status(`${state.graph.rollouts} rollouts per point, bot ${state.graph.bot}`);
    draw();
    hintsHere();
  } finally {
    $("analyse").disabled = false;
  }
}

function seatQuery() {
  return state.seat === null || state.seat === undefined || token() ? "" : `?seat=${state.seat}`;
}

function x(index, count) {
  return LEFT + ((state.width - LEFT - RIGHT) * index) / Math.max(count - 1, 1);
}

function y(win) {
  return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * win;
}

function nearest(drawing, clientX, count) {
  // The decision whose column a tap falls in: the points are small on a phone.
  const box = drawing.getBoundingClientRect();
  const unit = ((clientX - box.left) * state.width) / (box.width || 1);
  const step = (state.width - LEFT - RIGHT) / Math.max(count - 1, 1);
  return Math.min(count - 1, Math.max(0, Math.round((unit - LEFT) / step)));
}

function axis(text, attributes) {
  const label = svg("text", { class: "axis", ...attributes });
  label.textContent = text;
  return label;
}

function draw() {
  const graph = state.graph;
  const box = $("graph");
  // A redraw (the step shown changed, the window's width) keeps a keyboard user's place.
  const had = document.activeElement && box.contains(document.activeElement) ? document.activeElement : null;
  const refocus = had && had.dataset.at !== undefined ? [had.getAttribute("class"), had.dataset.at] : null;
  box.replaceChildren();
  if (!graph || !graph.points.length) {
    box.textContent = "No seat has decided anything yet.";
    return;
  }
  const points = graph.points;
  state.width = Math.max(280, Math.round(box.clientWidth) || 600);
  // A group, not an image: its decisions and marks are controls (each jumps to its step).
  const drawing = svg("svg", {
    viewBox: `0 0 ${state.width} ${HEIGHT}`,
    role: "group",
    "aria-label": "each seat's win share at each decision",
  });
  drawing.append(svg("line", { x1: LEFT, x2: state.width - RIGHT, y1: y(0.5), y2: y(0.5), class: "even" }));
  const middle = (TOP + HEIGHT - BOTTOM) / 2;
  drawing.append(
    axis("win share", { x: 12, y: middle, transform: `rotate(-90 12 ${middle})`, "text-anchor": "middle" })
  );
  [1, 0.5, 0].forEach((v) => drawing.append(axis(`${v * 100}%`, { x: LEFT - 4, y: y(v) + 4, "text-anchor": "end" })));
  // Anywhere over a decision (not only its point) shows it.
  drawing.addEventListener("click", (event) => {
    if (event.target.closest(".point, .mistake")) return;
    jump(points[nearest(drawing, event.clientX, points.length)].at);
  });
  for (let seat = 0; seat < graph.seats; seat += 1) {
    const colour = COLOURS[seat % COLOURS.length];
    const path = points.map((p, i) => `${x(i, points.length)},${y(p.seats[seat].win)}`).join(" ");
    drawing.append(svg("polyline", { points: path, stroke: colour, class: "seat-line" }));
    points.forEach((p, i) => {
      const dot = svg("circle", {
        cx: x(i, points.length),
        cy: y(p.seats[seat].win),
        r: 4,
        fill: colour,
        class: "point",
        "data-at": p.at,
        // its words are its decision's (the keyboard's stop, below); the tooltip stays
        "aria-hidden": "true",
      });
      const title = svg("title");
      const e = p.seats[seat];
      title.textContent =
        `after event ${p.at}: seat ${seat} wins ${(e.win * 100).toFixed(0)}% ` +
        `[${(e.win_low * 100).toFixed(0)}-${(e.win_high * 100).toFixed(0)}], ` +
        `scores ${e.score.toFixed(1)}`;
      dot.append(title);
      dot.addEventListener("click", () => jump(p.at));
      drawing.append(dot);
    });
  }
  const current = points.findIndex((p) => p.at >= (state.at ?? 0));
  drawing.append(decisions(points, Math.max(current, 0)));
  // A sketch's falls are a few rollouts' luck: the marks wait for the whole graph.
  const marked = state.sketch ? [] : mistakes(points); // the biggest fall first
  const xs = marked.map(([index]) => x(index + 1, points.length));
  marked.forEach(([index, drop], n) => {
    const p = points[index];
    const cx = xs[n];
    // Its square to tap reaches halfway to a neighbouring mark at most, so that each
    // triangle seen is its own mark's to tap.
    const others = xs.filter((_, m) => m !== n);
    const before = Math.max(-Infinity, ...others.filter((o) => o < cx).map((o) => (o + cx) / 2));
    const after = Math.min(Infinity, ...others.filter((o) => o > cx).map((o) => (o + cx) / 2));
    const [from, to] = [Math.max(cx - MARK / 2, before), Math.min(cx + MARK / 2, after)];
    const words = `seat ${p.seat}'s move after event ${p.at}: its win share fell ${(drop * 100).toFixed(0)} points`;
    const mark = svg("g", { class: "mistake", tabindex: -1, role: "button", "data-at": p.at, "aria-label": words });
    const title = svg("title");
    title.textContent = words;
    // A square to tap around the small triangle that is seen.
    mark.append(
      title,
      svg("rect", { x: from, y: 1, width: to - from, height: MARK, class: "hit" }),
      svg("path", { d: `M${cx - 7},${8} L${cx + 7},${8} L${cx},${21} z` })
    );
    // A mistake is where a reviewer wants the hints: the mark asks for them there.
    mark.addEventListener("click", () => jump(p.at, true));
    drawing.append(mark);
  });
  if (marked.length) {
    // The marks' own tab stop, Left/Right from mark to mark as they stand, left to right.
    const row = [...drawing.querySelectorAll(".mistake")].sort((a, b) => a.dataset.at - b.dataset.at);
    const here = row.findIndex((m) => Number(m.dataset.at) === points[current]?.at);
    rove(row, Math.max(here, 0), (mark) => jump(Number(mark.dataset.at), true));
  }
  drawing.append(axis("decisions, first to last →", { x: (LEFT + state.width - RIGHT) / 2, y: HEIGHT - 7, "text-anchor": "middle" }));
  if (current >= 0) {
    const cx = x(current, points.length);
    drawing.append(svg("line", { x1: cx, x2: cx, y1: TOP - 4, y2: HEIGHT - BOTTOM + 4, class: "now" }));
  }
  const legend = el("p", { class: "legend" });
  for (let seat = 0; seat < graph.seats; seat += 1) {
    // The colour on a swatch, the words in the text's colour: a light seat colour (a
    // yellow) would be unreadable as text.
    const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
    swatch.style.background = COLOURS[seat % COLOURS.length];
    legend.append(swatch, el("span", {}, `seat ${seat} `));
  }
  legend.append(
    state.sketch
      ? el("span", { class: "sketch-key" }, `A first look, at ${state.sketch} rollouts per point: it settles as more come.`)
      : el("span", { class: "mistake-key" }, "▼ the moves after which the mover's win share fell most")
  );
  box.append(drawing, legend);
  if (refocus) {
    const [kind, at] = refocus;
    const again = [...drawing.querySelectorAll("[tabindex]")].find(
      (n) => n.getAttribute("class") === kind && n.dataset.at === at
    );
    if (again) {
      for (const other of drawing.querySelectorAll("[tabindex]")) {
        if (other.getAttribute("class") === kind) other.setAttribute("tabindex", "-1");
      }
      again.setAttribute("tabindex", "0");
      again.focus();
    }
  }
}

function decisions(points, start) {
  // The keyboard's stop for the decisions: a column per decision over the plot, drawn
  // only when focused and never in a pointer's way (a click goes on to the points).
  const group = svg("g", { role: "toolbar", "aria-label": "decisions: Left and Right to move, Enter to show one" });
  const step = (state.width - LEFT - RIGHT) / Math.max(points.length - 1, 1);
  const wide = Math.max(step, 8);
  const columns = points.map((p, i) => {
    const words = p.seats
      .map((e, seat) => `seat ${seat} wins ${(e.win * 100).toFixed(0)}% [${(e.win_low * 100).toFixed(0)}-${(e.win_high * 100).toFixed(0)}], scores ${e.score.toFixed(1)}`)
      .join("; ");
    const column = svg("rect", {
      class: "decision",
      x: x(i, points.length) - wide / 2,
      y: TOP - 4,
      width: wide,
      height: HEIGHT - TOP - BOTTOM + 8,
      role: "button",
      "data-at": p.at,
      "aria-label": `after event ${p.at}: ${words}`,
    });
    group.append(column);
    return column;
  });
  rove(columns, start, (column) => jump(Number(column.dataset.at)));
  return group;
}

function rove(items, start, activate) {
  // One tab stop for a row of controls (WAI-ARIA's roving tabindex): Tab reaches the one
  // at `start`, the arrows, Home and End move along the row, Enter or Space activates.
  const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
  items.forEach((item, i) => {
    item.setAttribute("tabindex", i === start ? "0" : "-1");
    item.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        // Not the viewer's keys as well (compose.js sends a previewed move on Enter).
        event.preventDefault();
        event.stopPropagation();
        activate(item);
        return;
      }
      if (!(event.key in moves)) return;
      event.preventDefault();
      event.stopPropagation(); // the viewer's own arrows step the game
      const to = Math.min(items.length - 1, Math.max(0, i + moves[event.key]));
      item.setAttribute("tabindex", "-1");
      items[to].setAttribute("tabindex", "0");
      items[to].focus();
    });
  });
}

function mistakes(points) {
  // The decisions after which the deciding seat's win share fell most (at most three),
  // as [index of the point, how far it fell].
  const drops = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const seat = points[i].seat;
    if (seat === null || seat === undefined) continue;
    const drop = points[i].seats[seat].win - points[i + 1].seats[seat].win;
    if (drop > 0) drops.push([i, drop]);
  }
  return drops.sort((a, b) => b[1] - a[1]).slice(0, 3);
}

function jump(at, withHints = false) {
  // The step showing the position after event `at` (the last one at or before it).
  state.hintsAt = withHints ? at : null;
  let index = 0;
  state.steps.forEach((s, i) => {
    if (s.at <= at) index = i;
  });
  const slider = $("slider");
  slider.value = String(index);
  slider.dispatchEvent(new Event("input"));
}

async function hintsHere() {
  const aside = $("hints");
  const graph = state.graph;
  aside.replaceChildren();
  if (!graph) return;
  if (state.sketch) {
    // One analysis runs at a time: hints asked now would wait for the whole graph.
    aside.append(el("p", { id: "hints-later" }, "Hints can be asked once the graph is done."));
    return;
  }
  const point = graph.points.find((p) => p.at === state.at && p.seat !== null);
  if (!point) {
    aside.append(el("p", {}, "No seat decides right after this event."));
    return;
  }
  if (!mayAsk(graph, point)) {
    // A live game's hints show its seat's hand: the server gives them to that seat only.
    aside.append(el("p", { id: "no-hints" }, `Hints here are seat ${point.seat}'s own until the game is over.`));
    return;
  }
  const ask = el("button", { type: "button", id: "ask-hints" }, `Hints for seat ${point.seat}`);
  aside.append(el("h2", {}, "Hints"), ask);
  ask.addEventListener("click", () => hints(point).catch((e) => fail(e)));
  if (state.hintsAt === point.at) {
    state.hintsAt = null;
    ask.click();
  }
}

function mayAsk(graph, point) {
  // The graph's viewer: "public" (the whole log is revealed), else who asked for it.
  return graph.viewer === "public" || graph.viewer === `seat:${point.seat}`;
}

async function hints(point) {
  const key = `${point.at}`;
  state.hintsFor = key;
  const job = await api(`/games/${gameId}/analyses`, {
    method: "POST",
    body: { kind: "hints", at: point.at, rollouts: state.graph.rollouts },
  });
  const result = await finished(job, (j) => status(`hints: ${j.done} of ${j.total} rollouts`));
  status(`${state.graph.rollouts} rollouts per point, bot ${state.graph.bot}`);
  if (state.hintsFor !== key) return; // the viewer moved on meanwhile
  // hints.js lists them and draws the best on the board.
  document.dispatchEvent(new CustomEvent("cairn:hints", { detail: result }));
}

document.addEventListener("cairn:step", (event) => {
  state.at = event.detail.at;
  state.seat = event.detail.seat;
  if (state.graph) {
    draw();
    hintsHere();
  }
});

// The graph is as wide as its box: drawn again when the window's width changes.
let resized = null;
window.addEventListener("resize", () => {
  cancelAnimationFrame(resized);
  resized = requestAnimationFrame(() => state.graph && draw());
});

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", build);
else build();
