// Hints drawn in place (#24): analysis.js asks for the hints at a decision point and hands
// the result over in a "cairn:hints" event; this lists them by the board, each a button,
// and draws the chosen one on the board: the places its move touches (the hint's "places",
// named as the drawing's data-place attributes) outlined as .hinted, a badge with its win
// share and its difference to the move played, and the same in words for a screen reader.
// The move played is outlined as .hint-played when another hint is drawn.
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const state = { result: null };
// How far past its first rows a badge may go from its place, in the drawing's units: three
// badges' height.
const FURTHEST = 45;

function percent(share) {
  return `${Math.round(share * 100)}%`;
}

function signed(points) {
  const rounded = Math.round(points * 100);
  if (rounded === 0) return "as good as the move played";
  const word = rounded > 0 ? "better" : "worse";
  return `${Math.abs(rounded)} points ${word} than the move played`;
}

function targets(seat, place) {
  // As the board's moves are composed (compose.js): on the deciding seat's own part of the
  // board when the drawing has one per seat, else anywhere on it.
  const name = CSS.escape(place);
  const mine = document.querySelectorAll(`#board svg [data-seat="${seat}"] [data-place="${name}"]`);
  return [...(mine.length ? mine : document.querySelectorAll(`#board svg [data-place="${name}"]`))];
}

function unmark() {
  for (const node of document.querySelectorAll("#board .hinted, #board .hint-played")) {
    node.classList.remove("hinted", "hint-played");
  }
  for (const badge of document.querySelectorAll("#board .hint-badge")) badge.remove();
}

function gap(points) {
  // The badge's short form: +8 or −5 points of win share against the move played.
  const rounded = Math.round(points * 100);
  return rounded < 0 ? `−${-rounded}` : `+${rounded}`;
}

function words(hint, played) {
  const share = `wins ${percent(hint.win)} of the rollouts`;
  if (hint.played) return `${hint.text}, the move played (${share}).`;
  if (!played) return `${hint.text} (${share}).`;
  return `${hint.text} (${share}), ${signed(hint.win - played.win)} (${played.text}, ${percent(played.win)}).`;
}

function overlap(a, b) {
  const wide = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const high = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return wide > 0 && high > 0 ? wide * high : 0;
}

function covered(box, texts, frame) {
  // How much of the drawing's words the badge would hide, and how much of it would fall
  // outside the drawing (in CSS pixels): a badge must hide no label of the board.
  const outside = box.width * box.height - overlap(box, frame);
  return texts.reduce((sum, t) => sum + overlap(box, t), 0) + outside;
}

function badge(node, label) {
  // Beside the first place the hint touches, in that place's own coordinates (a sibling
  // under the same transform), so it stays with the place however the drawing nests it.
  // Of the spots around the place, the nearest that hides no words of the board and stays
  // inside the drawing; failing that, the one hiding least.
  const box = node.getBBox();
  const drawing = node.ownerSVGElement;
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", "hint-badge");
  group.setAttribute("aria-hidden", "true");
  if (node.getAttribute("transform")) group.setAttribute("transform", node.getAttribute("transform"));
  const rect = document.createElementNS(SVG_NS, "rect");
  rect.setAttribute("height", "15");
  rect.setAttribute("rx", "3");
  const text = document.createElementNS(SVG_NS, "text");
  text.textContent = label;
  group.append(rect, text);
  node.parentNode.append(group);
  // The words' own length, once drawn in the page's font, sizes the badge.
  const w = text.getComputedTextLength() + 8;
  rect.setAttribute("width", String(w));
  const texts = [...drawing.querySelectorAll("text")]
    .filter((t) => t !== text && t.textContent.trim())
    .map((t) => t.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const frame = drawing.getBoundingClientRect();
  // Above and below the place first, slid sideways step by step (nearest first), then
  // beside it; then rows further out, for a place whose every side has words next to it
  // (a hand's first card: the label over its row, its neighbour, and the next row's
  // cards, whose words a badge under it covered, #26).
  const [above, below] = [box.y - 16, box.y + box.height + 1];
  const spots = [];
  for (let dy = 0; dy <= FURTHEST; dy += 5) {
    for (let dx = 0; dx <= box.width + 3 * w; dx += 4) {
      for (const x of dx ? [box.x + dx, box.x - dx] : [box.x]) spots.push([x, above - dy], [x, below + dy]);
    }
    if (dy) continue;
    for (const y of [box.y, box.y + box.height - 15]) {
      spots.push([box.x + box.width + 2, y], [box.x - w - 2, y]);
    }
  }
  // The badge is measured once, at the place's origin: moved by (x, y) in its own units,
  // its box on the page moves by the drawing's transform of (x, y). A layout per spot
  // took half a second where no spot is clean.
  put(rect, text, 0, 0);
  const home = group.getBoundingClientRect();
  const m = group.getScreenCTM();
  let best = null;
  for (const [x, y] of spots) {
    const moved = new DOMRect(home.x + m.a * x + m.c * y, home.y + m.b * x + m.d * y, home.width, home.height);
    const hidden = covered(moved, texts, frame);
    if (best === null || hidden < best[2]) best = [x, y, hidden];
    if (hidden < 1) break;
  }
  put(rect, text, best[0], best[1]);
}

function put(rect, text, x, y) {
  rect.setAttribute("x", String(x));
  rect.setAttribute("y", String(y));
  text.setAttribute("x", String(x + 4));
  text.setAttribute("y", String(y + 11));
}

function draw(hint) {
  const result = state.result;
  unmark();
  const played = result.hints.find((h) => h.played);
  const hinted = (hint.places || []).flatMap((place) => targets(result.seat, place));
  if (played && played !== hint) {
    for (const place of played.places || []) {
      for (const node of targets(result.seat, place)) node.classList.add("hint-played");
    }
  }
  for (const node of hinted) {
    node.classList.remove("hint-played");
    node.classList.add("hinted");
  }
  if (hinted.length) badge(hinted[0], `${percent(hint.win)}${played && played !== hint ? ` ${gap(hint.win - played.win)}` : ""}`);
  const said = words(hint, played);
  $("hint-drawn").textContent = hinted.length ? `Drawn on the board: ${said}` : `${said} (a move not made on the board)`;
  for (const button of document.querySelectorAll("#hint-list button")) {
    button.setAttribute("aria-pressed", String(button.dataset.rank === String(hint.rank)));
  }
}

function list(result) {
  const aside = $("hints");
  aside.replaceChildren();
  const heading = document.createElement("h2");
  heading.textContent = `Hints for seat ${result.seat}`;
  const view = Object.assign(document.createElement("p"), { id: "hint-view" });
  const drawn = document.createElement("p");
  drawn.id = "hint-drawn";
  drawn.setAttribute("aria-live", "polite");
  const items = document.createElement("ol");
  items.id = "hint-list";
  // Which decision the list answers: the event it follows.
  items.dataset.at = String(result.at);
  for (const hint of result.hints) {
    const item = document.createElement("li");
    if (hint.played) item.className = "played";
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.rank = String(hint.rank);
    button.textContent = `${percent(hint.win)} · ${hint.score.toFixed(1)} · ${hint.text}`;
    if (hint.played) button.append(Object.assign(document.createElement("strong"), { textContent: " (played)" }));
    button.addEventListener("click", () => draw(hint));
    item.append(button);
    items.append(item);
  }
  aside.append(heading, view, drawn, items);
}

function seen(result) {
  // A hint's places (a hand, the turn's actions) are drawn only on its seat's own view of
  // the board. That view is asked for where the hints themselves say it is public (a
  // finished game's whole log); a live game's hints are the asking seat's own, whose view
  // the board already is. Otherwise the hints stay in words.
  if ($("board").dataset.viewer === String(result.seat)) return true;
  if (result.viewer !== "public") return true;
  document.dispatchEvent(new CustomEvent("cairn:board-as", { detail: { at: result.at, seat: result.seat } }));
  return false;
}

document.addEventListener("cairn:hints", (event) => {
  state.result = event.detail;
  list(state.result);
  // The best hint is drawn first; any other is a click away.
  if (state.result.hints.length && seen(state.result)) draw(state.result.hints[0]);
});
document.addEventListener("cairn:board", (event) => {
  const result = state.result;
  if (!result || result.at !== event.detail.at || result.seat !== event.detail.seat) return;
  $("hint-view").textContent = `The board shows what seat ${result.seat} sees.`;
  if (result.hints.length) draw(result.hints[0]);
});
document.addEventListener("cairn:step", () => {
  // Another step's board may be the same drawing, kept on the page: its marks go.
  state.result = null;
  unmark();
});
