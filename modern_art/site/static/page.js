// The table in the browser: plain JavaScript over modern-art.js, no server.
// Same look and palette as the web table (its style.css is copied in beside
// this file); the rules are the library's own, in Pyodide.
import { load, ModernArtError } from "./modern-art.js";

const SYMBOLS = { open: "Open", one_offer: "One offer", hidden: "Hidden", fixed_price: "Fixed price", double: "Double" };
const KINDS = { OpenAuction: "Open auction", OneOfferAuction: "One-offer auction", HiddenAuctionView: "Hidden auction", FixedPriceAuction: "Fixed-price auction" };
const FORMAT = "modern-art/1";
const BOT_DELAY = Number(new URLSearchParams(location.search).get("delay") ?? 300); // ms between bot moves

const page = {
  ma: null, game: null, seats: [], names: [],
  viewer: null,     // the person whose hand is on screen (null: nobody's)
  marks: [],        // game.actions before each person's move, for undo
  log: [],          // [actions count when it happened, sentence]
  busy: false,
};

// ---- small DOM helpers (never innerHTML: names come from people) ----------
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
const $ = (id) => document.getElementById(id);
const setChildren = (node, children) => node.replaceChildren(...children.filter(Boolean));
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

// ---- rendering -------------------------------------------------------------
function cardNode(card, artists, opts = {}) {
  const cls = `card a${artists.indexOf(card.artist)}${opts.small ? " small" : ""}${opts.playable ? " playable" : ""}`;
  const inner = [el("span", { class: "artist", text: card.artist }), el("span", { class: "symbol", text: SYMBOLS[card.auction] })];
  const attrs = { class: cls, "data-card-id": card.id, "data-artist": card.artist, "data-auction": card.auction, title: `${card.artist}, ${SYMBOLS[card.auction]}` };
  if (opts.onclick) return el("button", { ...attrs, type: "button", disabled: !opts.playable, onclick: opts.onclick }, inner);
  return el("div", attrs, inner);
}

function render() {
  const game = page.game;
  const seat = page.viewer;
  const view = game.view(seat);
  const payout = game.payout(seat);
  const artists = view.rules.edition.artists;
  const over = game.isOver;
  const legal = view.legal_actions;
  document.body.dataset.step = view.step;
  document.body.dataset.over = String(over);
  document.body.dataset.viewer = seat === null ? "" : String(seat);
  document.body.dataset.myTurn = String(legal.length > 0 && !page.busy);
  $("status").textContent = over ? "The game is over."
    : `Round ${view.round} · ${seat === null ? `waiting for ${view.to_act.map(nameOf).join(", ")}` : `${nameOf(seat)} to act`}`;
  $("round-label").textContent = `· round ${view.round} of ${view.rules.rounds}`;
  setChildren(document.querySelector("#board-table tbody"), artists.map((artist, a) => el("tr", { "data-artist": artist },
    el("td", {}, el("span", { class: `swatch a${a}` }), artist),
    el("td", {}, view.tiles[a].length ? view.tiles[a].map((t) => el("span", { class: "tile", text: t })) : "–"),
    el("td", { class: "num count", text: view.counts[a] }),
    el("td", { class: "num", text: payout.now[artist] }),
    el("td", { class: "num", text: payout.best[artist] }))));
  setChildren($("player-list"), view.players.map((p, s) => {
    const tags = [page.seats[s] === "person" ? "person" : `bot (${page.seats[s]})`, `${p.hand_size} in hand`, p.money === null ? "money hidden" : `$${p.money}`];
    if (view.phase.auctioneer === s) tags.push("auctioneer");
    if (view.phase.high_bidder === s) tags.push(`high bid $${view.phase.high_bid}`);
    return el("div", { class: `player${view.to_act.includes(s) ? " acting" : ""}`, "data-seat": s },
      el("div", { class: "who", text: nameOf(s) + (s === seat ? " (hand shown)" : "") }),
      el("div", { class: "tags", text: tags.join(" · ") }),
      el("div", { class: "museum" }, p.museum.length ? p.museum.map((c) => cardNode(c, artists, { small: true })) : el("span", { class: "quiet", text: "museum empty" })));
  }));
  // The hand: only the viewer's, never at the hand-over screen.
  const playable = new Map(legal.filter((a) => a.type === "PlayCard").map((a) => [a.card.id, a]));
  $("hand").dataset.seat = seat === null ? "" : String(seat);
  $("hand-title").textContent = seat === null ? "Hand (hidden)" : `Hand: ${nameOf(seat)} (${view.hand.length})`;
  setChildren($("hand-cards"), seat === null ? [el("p", { class: "quiet", text: "Hidden until its owner takes the screen." })]
    : view.hand.map((card) => cardNode(card, artists, { playable: playable.has(card.id), onclick: () => act(playable.get(card.id)) })));
  renderAuction(view, artists, legal);
  setChildren($("log-list"), page.log.map(([, line]) => el("li", { text: line })).reverse().slice(0, 200));
  $("undo-button").disabled = !page.marks.length;
  $("standings").hidden = !over;
  if (over && page.ended) {
    const order = page.ended.money.map((m, s) => [m, s]).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
    setChildren($("final"), order.map(([money, s]) => el("li", { class: page.ended.winners.includes(s) ? "winner" : "", "data-seat": s },
      `${nameOf(s)}: $${money}${page.ended.winners.includes(s) ? " (winner)" : ""}`)));
  }
}

function amountControls(kind, docs, field, label) {
  if (!docs.length) return [];
  const values = docs.map((a) => a[field]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const input = el("input", { id: `${kind}-amount`, type: "number", min, max, step: 1, value: min, "aria-label": "amount" });
  const send = () => {
    const raw = input.value.trim();
    act({ ...docs[0], [field]: /^-?\d+$/.test(raw) ? Number(raw) : raw });
  };
  return [input, el("button", { id: `${kind}-button`, type: "button", onclick: send }, label), el("span", { class: "quiet", text: `$${min} to $${max}` })];
}

function renderAuction(view, artists, legal) {
  const phase = view.phase;
  const of = (type) => legal.filter((a) => a.type === type);
  let title = "";
  let info = "";
  let lot = [];
  if (phase.type === "Offering") {
    title = `${nameOf(phase.auctioneer)} offers a painting`;
    if (legal.length) info = "Click a card in the hand to offer it; its symbol decides the auction.";
  } else if (phase.type === "DoubleOffer") {
    title = `Double: ${nameOf(phase.double_player)} offered a double ${phase.card.artist}`;
    lot = [phase.card];
    info = `${nameOf(phase.asking)} may add a second ${phase.card.artist} painting (not a double) or decline.`;
  } else if (phase.type === "GameOver") {
    title = "The game is over";
  } else {
    title = `${KINDS[phase.type]} by ${nameOf(phase.auctioneer)}`;
    lot = phase.lot;
    if (phase.type === "FixedPriceAuction" && phase.price !== null) info = `Price $${phase.price}.`;
    else if (phase.high_bidder !== undefined && phase.high_bidder !== null) info = `High bid $${phase.high_bid} by ${nameOf(phase.high_bidder)}.`;
    if (phase.type === "HiddenAuctionView") info = `Everyone bids in secret, 0 for no interest.${phase.own_bid === null || phase.own_bid === undefined ? "" : ` Your sealed bid: $${phase.own_bid}.`}`;
  }
  $("auction-title").textContent = title;
  $("auction-info").textContent = info;
  setChildren($("lot"), lot.map((c) => cardNode(c, artists)));
  const controls = [
    ...amountControls("bid", of("Bid"), "amount", phase.type === "HiddenAuctionView" ? "Seal bid" : "Bid"),
    ...amountControls("price", of("SetPrice"), "price", "Set price"),
    ...of("Accept").map((a) => el("button", { id: "accept-button", type: "button", onclick: () => act(a) }, `Buy for $${phase.price}`)),
    ...of("Pass").map((a) => el("button", { id: phase.type === "DoubleOffer" ? "decline-button" : "pass-button", class: "secondary", type: "button", onclick: () => act(a) }, phase.type === "DoubleOffer" ? "Decline" : "Pass")),
  ];
  setChildren($("controls"), controls);
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
