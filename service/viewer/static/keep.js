// What every page shares: the API call, the seats' colours and names, and what this
// browser keeps (seat tokens, creator tokens, the player token, the games started here).
// Tokens live in localStorage: never in an address the server logs.

// The seats' colours, the same on every drawing and graph (each ruleset's drawing.py).
export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#d4ac0d", "#7d3c98", "#1e8449", "#566573"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

export function seatName(descriptor, seat) {
  if (!descriptor || descriptor.kind === "open") return `seat ${seat} (open)`;
  if (descriptor.kind === "bot") return `bot ${descriptor.bot}`;
  return descriptor.player;
}

export const OFFLINE = "The server cannot be reached: the connection is lost. Try again once it is back.";

// Every page's one API call: options.token is sent as the bearer; a non-GET gets a fresh
// Idempotency-Key unless one is given; a refusal throws an Error with the problem's detail,
// its status and body; no answer at all throws status 0 with OFFLINE.
// Any answer is read by its Content-Type, so a proxy's plain-text 502 is an Error with its
// status, not a JSON parse error.
export async function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.method && options.method !== "GET" && !headers["Idempotency-Key"]) {
    headers["Idempotency-Key"] = newKey();
  }
  let answer;
  try {
    answer = await fetch(path, {
      method: options.method || "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    // fetch's own words ("Failed to fetch") tell a person nothing; status 0: no answer
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

export function newKey() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const MINE = "cairn:mine";

export const keep = {
  token: (gameId) => localStorage.getItem(`cairn:token:${gameId}`),
  setToken: (gameId, token) => localStorage.setItem(`cairn:token:${gameId}`, token),
  creator: (gameId) => localStorage.getItem(`cairn:creator:${gameId}`),
  setCreator: (gameId, token) => localStorage.setItem(`cairn:creator:${gameId}`, token),
  player: () => localStorage.getItem("cairn:player"),
  setPlayer: (token) =>
    token ? localStorage.setItem("cairn:player", token) : localStorage.removeItem("cairn:player"),
  // The games started or joined in this browser, newest first: {game_id, ruleset, seat}.
  mine: () => {
    try {
      return JSON.parse(localStorage.getItem(MINE) || "[]");
    } catch {
      return [];
    }
  },
  remember: (game) => {
    const others = keep.mine().filter((g) => g.game_id !== game.game_id);
    localStorage.setItem(MINE, JSON.stringify([game, ...others].slice(0, 200)));
  },
};
