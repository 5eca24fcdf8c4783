// The table in the browser: plain JavaScript over modern-art.js, no server.
// The web table's look, palette and drawing: modern-art site copies its
// style.css and render.js in beside this file and writes palette.css;
// render.js, a plain script loaded first, gives el, $, setChildren and the
// table's parts (cards, the lot, the auction, museums, the board). The rules
// are the library's own, in Pyodide.
import { load, ModernArtError } from "./modern-art.js";

const FORMAT = "modern-art/1";
const BOT_DELAY = Number(new URLSearchParams(location.search).get("delay") ?? 300); // ms between bot moves

const page = {
  ma: null, game: null, seats: [], names: [],
  viewer: null,     // the person whose hand is on screen (null: nobody's)
  marks: [],        // game.actions before each person's move, for undo
  log: [],          // [actions count when it happened, sentence]
  busy: false,
};

// ---- who sits where -------------------------------------------------------
const people = () => page.seats.map((s, i) => (s === "person" ? i : null)).filter((s) => s !== null);
const hotSeat = () => people().length > 1;
const nameOf = (seat) => (seat === null || seat === undefined ? "the bank" : page.names[seat]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the setup form --------------------------------------------------------
function seatRows() {
  const n = Number($("players-count").value);
  const old = [...document.querySelectorAll("#seat-list .seat-row")].map((row) => [row.querySelector("input").value, row.querySelector("select").value]);
  const rows = Array.from({ length: n }, (_, s) => {
    const [name, kind] = old[s] ?? [s === 0 ? "You" : `Bot ${s + 1}`, s === 0 ? "person" : "heuristic"];
    const select = el("select", { name: `kind-${s}`, "aria-label": `seat ${s + 1} is played by` },
      ["person", ...page.ma.bots].map((k) => el("option", { value: k, selected: k === kind }, k === "person" ? "a person" : `bot: ${k}`)));
    return el("div", { class: "seat-row", "data-seat": s }, `Seat ${s + 1}`,
      el("input", { name: `name-${s}`, value: name, maxlength: 24, "aria-label": `seat ${s + 1}'s name` }), select);
  });
  setChildren($("seat-list"), rows);
}

function startGame(event) {
  event.preventDefault();
  const rows = [...document.querySelectorAll("#seat-list .seat-row")];
  const names = rows.map((row, s) => row.querySelector("input").value.trim() || `Seat ${s + 1}`);
  const seats = rows.map((row) => row.querySelector("select").value);
  const seedText = $("seed").value.trim();
  const options = { players: names, rules: $("rules").value };
  if (seedText) options.seed = Number(seedText);
  let game;
  try {
    game = page.ma.newGame(options);
  } catch (err) {
    $("setup-error").textContent = err.message;
    $("setup-error").hidden = false;
    return;
  }
  if (page.game) page.game.close();
  Object.assign(page, { game, seats, names, viewer: null, marks: [], log: [], ended: null });
  window.modernArtTable = game; // the table's game, for the console (and the tests)
  seats.forEach((kind, s) => { if (kind !== "person") game.setBot(s, kind); });
  if (!people().length) page.viewer = null;
  $("setup").hidden = true;
  $("table").hidden = false;
  document.body.dataset.state = "playing";
  advance();
}

// ---- the game loop ---------------------------------------------------------
// Ask the next seat: a bot plays at once (a short pause between moves), a
// person is shown their hand, after the hand-over screen at a hot-seat table.
async function advance() {
  page.busy = true;
  for (;;) {
    const seat = page.game.nextSeat;
    if (seat === null) break;
    if (page.seats[seat] !== "person") {
      const move = page.game.playBot(seat);
      note(move.events);
      if (BOT_DELAY > 0) { render(); await sleep(BOT_DELAY); }
      continue;
    }
    if (hotSeat() && page.viewer !== seat) { page.viewer = null; render(); showHandoff(seat); page.busy = false; return; }
    page.viewer = seat;
    break;
  }
  page.busy = false;
  render();
}

function showHandoff(seat) {
  $("handoff").hidden = false;
  $("handoff").dataset.seat = seat;
  $("handoff-title").textContent = `${nameOf(seat)}'s turn`;
  $("reveal-button").textContent = `I am ${nameOf(seat)}: show my hand`;
  document.body.dataset.handoff = "true";
}

function reveal() {
  const seat = Number($("handoff").dataset.seat);
  $("handoff").hidden = true;
  document.body.dataset.handoff = "false";
  page.viewer = seat;
  render();
}

function act(action) {
  if (page.busy || page.viewer === null) return;
  const before = page.game.actions;
  let result;
  try {
    result = page.game.apply({ format: FORMAT, ...action }); // a view's legal actions carry no format
  } catch (err) {
    if (!(err instanceof ModernArtError)) throw err;
    $("action-error").textContent = err.message;
    $("action-error").hidden = false;
    return;
  }
  $("action-error").hidden = true;
  page.marks.push(before);
  note(result.events);
  if (hotSeat()) page.viewer = null; // the next person sees the hand-over screen first
  advance();
}

function undo() {
  if (page.busy || !page.marks.length) return;
  const to = page.marks.pop();
  page.game.undo(page.game.actions - to);
  page.log = page.log.filter(([at]) => at < to);
  $("handoff").hidden = true;
  document.body.dataset.handoff = "false";
  page.viewer = null;
  advance();
}

// The log tells each event as the public sees it at a hot-seat table, as the
// one person sees it otherwise: the library redacts before it describes.
function note(events) {
  const at = page.game.actions - 1;
  const you = hotSeat() ? null : (people()[0] ?? null);
  for (const line of page.game.describe(events, you)) page.log.push([at, line]);
  for (const e of events) if (e.type === "GameEnded") page.ended = e;
}

function downloadRecord() {
  const text = JSON.stringify(page.game.record(), null, 1);
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: "modern-art-game.json" });
  document.body.append(link);
  link.click();
  link.remove();
}

// ---- rendering (the table's parts are render.js's) --------------------------
function render() {
  const game = page.game;
  const seat = page.viewer;
  const view = game.view(seat);
  const payout = game.payout(seat);
  const over = game.isOver;
  const legal = view.legal_actions;
  document.body.dataset.step = view.step;
  document.body.dataset.over = String(over);
  document.body.dataset.viewer = seat === null ? "" : String(seat);
  document.body.dataset.myTurn = String(legal.length > 0 && !page.busy);
  $("status").textContent = over ? "The game is over."
    : `Round ${view.round} · ${seat === null ? `waiting for ${view.to_act.map(nameOf).join(", ")}` : `${nameOf(seat)} to act`}`;
  renderBoard(view, payout);
  renderPlayers(view, (s) => nameOf(s) + (s === seat ? " (hand shown)" : ""),
    (s) => (page.seats[s] === "person" ? "person" : `bot (${page.seats[s]})`));
  // The hand: only the viewer's, never at the hand-over screen.
  $("hand").dataset.seat = seat === null ? "" : String(seat);
  $("hand-title").textContent = seat === null ? "Hand (hidden)" : `Hand: ${nameOf(seat)}`;
  $("hand-size").textContent = seat === null ? "" : `(${view.hand.length})`;
  setChildren($("hand-cards"), seat === null ? [el("p", { class: "quiet", text: "Hidden until its owner takes the screen." })]
    : handNodes(view, act));
  setChildren($("controls"), renderAuction(view, payout, seat, nameOf, act));
  setChildren($("log-list"), page.log.map(([, line]) => el("li", { text: line })).reverse().slice(0, 200));
  $("undo-button").disabled = !page.marks.length;
  renderStandings(over ? page.ended : null, nameOf);
}

// ---- start -----------------------------------------------------------------
async function main() {
  try {
    page.ma = await load();
  } catch (err) {
    $("status").textContent = `The library could not load: ${err.message}`;
    document.body.dataset.state = "failed";
    return;
  }
  $("status").textContent = `modern-art ${page.ma.version}, in this browser`;
  $("players-count").addEventListener("change", seatRows);
  $("new-game").addEventListener("submit", startGame);
  $("reveal-button").addEventListener("click", reveal);
  $("undo-button").addEventListener("click", undo);
  $("record-button").addEventListener("click", downloadRecord);
  $("new-button").addEventListener("click", () => { $("table").hidden = true; $("setup").hidden = false; document.body.dataset.state = "setup"; });
  seatRows();
  $("setup").hidden = false;
  document.body.dataset.state = "setup";
  window.modernArt = page.ma; // for the console (and the tests): the JS API
}
main();
