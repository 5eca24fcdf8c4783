// The web table: plain JavaScript, no build step.
//
// The server pushes this seat its view and its redacted events as the
// library's JSON documents; actions go back as the library's JSON. Every
// action names the step it was made on; a stale one comes back 409 and the
// page catches up. Talking to the server is in connection.js.
"use strict";

const SYMBOLS = {
  open: "Open", one_offer: "One offer", hidden: "Hidden", fixed_price: "Fixed price", double: "Double",
};
const KINDS = {
  open: "Open auction", one_offer: "One-offer auction", hidden: "Hidden auction",
  fixed_price: "Fixed-price auction", double: "Double",
};
const AUCTION_OF_PHASE = {
  OpenAuction: "open", OneOfferAuction: "one_offer", HiddenAuctionView: "hidden", FixedPriceAuction: "fixed_price",
};
const SYMBOL_ORDER = Object.keys(SYMBOLS);

const page = {
  tableId: null,
  token: null,
  next: 0,          // the first log entry not yet received
  log: [],          // every log entry received, in order
  data: null,       // the last reply
  busy: false,      // an action is on its way
  controlsKey: "",  // the step and choices the controls were built for
  timer: null,
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
function setChildren(node, children) { node.replaceChildren(...children.filter(Boolean)); }

// ---- names and cards -------------------------------------------------------

function artists() { return page.data.view.rules.edition.artists; }
function artistIndex(name) { return artists().indexOf(name); }
function nameOf(seat) {
  if (seat === null || seat === undefined) return "the bank";
  const p = page.data.view.players[seat];
  return seat === page.data.seat ? yourName(p.name) : p.name;
}
// "Ann (you)", but a person who called themselves "You" is just "You".
function yourName(name) { return name.trim().toLowerCase() === "you" ? name : `${name} (you)`; }
function cardNode(card, opts = {}) {
  const cls = `card a${artistIndex(card.artist)}${opts.small ? " small" : ""}${opts.playable ? " playable" : ""}`;
  const inner = [el("span", { class: "artist", text: card.artist }),
    el("span", { class: "symbol", text: SYMBOLS[card.auction] || card.auction })];
  if (opts.onclick !== undefined) {
    return el("button", {
      class: cls, type: "button", "data-card-id": card.id, "data-artist": card.artist,
      "data-auction": card.auction, disabled: !opts.playable, onclick: opts.onclick,
      title: `${card.artist}, ${SYMBOLS[card.auction]} (#${card.id})`,
    }, inner);
  }
  return el("div", {
    class: cls, "data-card-id": card.id, "data-artist": card.artist, "data-auction": card.auction,
    title: `${card.artist}, ${SYMBOLS[card.auction]}`,
  }, inner);
}

function showBanner(message, kind) {
  const banner = $("banner");
  banner.textContent = message;
  banner.className = kind || "";
  banner.hidden = false;
}
function hideBanner() { $("banner").hidden = true; }
function setControlsDisabled(disabled) {
  for (const node of document.querySelectorAll("#controls button, #controls input, #hand-cards button.playable")) {
    node.disabled = disabled;
  }
}

// ---- rendering -------------------------------------------------------------

function legal() { return page.data.view.legal_actions; }
function legalOf(type) { return legal().filter((a) => a.type === type); }

function render() {
  const { view, seat, table } = page.data;
  document.body.dataset.step = view.step;
  document.body.dataset.phase = view.phase.type;
  document.body.dataset.myTurn = legal().length > 0 ? "true" : "false";
  document.body.dataset.over = table.over ? "true" : "false";
  const acting = view.to_act.map(nameOf).join(", ");
  $("status").textContent = page.replay
    ? `Replay · round ${view.round}`
    : table.over
      ? "The game is over."
      : `Round ${view.round} · ${legal().length ? "your turn" : `waiting for ${acting}`}`;
  $("round-label").textContent = `· round ${view.round} of ${view.rules.rounds}`;
  renderBoard();
  renderPlayers();
  renderHand();
  renderAuction();
  renderLog();
  renderResults();
  renderStandings();
  renderPractice();
}

function renderBoard() {
  const { view, payout } = page.data;
  const rows = artists().map((artist, a) => el("tr", {
    "data-artist": artist, "data-count": view.counts[a], "data-now": payout.now[artist], "data-best": payout.best[artist],
  },
    el("td", {}, el("span", { class: `swatch a${a}` }), artist),
    el("td", {}, view.tiles[a].length ? view.tiles[a].map((t) => el("span", { class: "tile", text: t })) : "–"),
    el("td", { class: "num count", text: view.counts[a] }),
    el("td", { class: "num", text: payout.now[artist] }),
    el("td", { class: "num", text: payout.best[artist] })));
  setChildren(document.querySelector("#board-table tbody"), rows);
}

function renderPlayers() {
  const { view, seat, table } = page.data;
  const phase = view.phase;
  const nodes = view.players.map((p, s) => {
    const who = table.seats[s];
    const tags = [who.kind === "bot" ? `bot (${who.bot})` : who.away ? `away: a bot (${who.bot}) plays` : "person"];
    tags.push(`${p.hand_size} card${p.hand_size === 1 ? "" : "s"} in hand`);
    tags.push(p.money === null ? "money hidden" : `$${p.money}`);
    if (phase.auctioneer === s) tags.push("auctioneer");
    if (phase.high_bidder === s) tags.push(`high bid $${phase.high_bid}`);
    if (view.to_act.includes(s)) tags.push("to act");
    const museum = p.museum.length ? p.museum.map((c) => cardNode(c, { small: true })) : [el("span", { class: "quiet", text: "museum empty" })];
    return el("div", { class: `player${view.to_act.includes(s) ? " acting" : ""}`, "data-seat": s, "data-money": p.money },
      el("div", { class: "who", text: nameOf(s) }),
      el("div", { class: "tags", text: tags.join(" · ") }),
      el("div", { class: "museum" }, museum));
  });
  setChildren($("player-list"), nodes);
}

function renderHand() {
  const { view } = page.data;
  const playable = new Map(legalOf("PlayCard").map((a) => [a.card.id, a]));
  $("hand-size").textContent = `(${view.hand.length})`;
  $("hand-title").textContent = view.seat === null ? "Hands (the public sees none)"
    : page.replay && !page.data.table.seats[view.seat].you ? `${view.players[view.seat].name}'s hand` : "Your hand";
  const hand = [...view.hand].sort((x, y) => artistIndex(x.artist) - artistIndex(y.artist)
    || SYMBOL_ORDER.indexOf(x.auction) - SYMBOL_ORDER.indexOf(y.auction) || x.id - y.id);
  const nodes = hand.map((card) => cardNode(card, {
    playable: playable.has(card.id),
    onclick: page.replay ? undefined : () => send({ type: "PlayCard", card }), // a replay's cards are shown, not played
  }));
  setChildren($("hand-cards"), nodes.length ? nodes : [el("p", { class: "quiet", text: "No cards in hand." })]);
}

function amountInput(id, min, max, value) {
  return el("input", { id, type: "number", min, max, step: 1, value, "aria-label": "amount" });
}
function readAmount(id) {
  const raw = $(id).value.trim();
  return /^-?\d+$/.test(raw) ? Number(raw) : raw; // a non-number goes as is: the server explains
}

function renderAuction() {
  const { view, payout, seat } = page.data;
  const phase = view.phase;
  const type = phase.type;
  const controls = [];
  let title = "";
  let info = "";
  let lot = [];
  if (type === "Offering") {
    title = phase.auctioneer === seat ? "Your turn to offer a painting" : `${nameOf(phase.auctioneer)} offers a painting`;
    if (legal().length) info = "Click a card in your hand to offer it; its symbol decides the auction.";
  } else if (type === "DoubleOffer") {
    title = `Double: ${nameOf(phase.double_player)} offered a double ${phase.card.artist}`;
    lot = [phase.card];
    info = phase.asking === seat
      ? `Add a second ${phase.card.artist} painting (not a double) from your hand, or decline.`
      : `${nameOf(phase.asking)} may add a second painting.`;
    if (legal().length) controls.push(el("button", { id: "decline-button", class: "secondary", type: "button", onclick: () => send({ type: "Pass" }) }, "Decline"));
  } else if (type === "GameOver") {
    title = "The game is over";
    info = "See the final standings.";
  } else {
    title = `${KINDS[AUCTION_OF_PHASE[type]]} by ${nameOf(phase.auctioneer)}`;
    lot = phase.lot;
    if (phase.double_player !== null && phase.double_player !== phase.auctioneer) {
      title += ` (double played by ${nameOf(phase.double_player)})`;
    }
    info = auctionInfo(phase);
    controls.push(...auctionControls(phase));
  }
  $("auction-title").textContent = title;
  $("auction-info").textContent = info;
  setChildren($("lot"), lot.map((c) => cardNode(c)));
  // The payout hint, before anyone bids or names a price.
  if (lot.length) {
    const artist = lot[0].artist;
    const n = type === "DoubleOffer" ? 2 : lot.length;
    $("hint").textContent = `Payout hint: ${n === 1 ? "this painting" : `these ${n} paintings`} would pay `
      + `$${payout.now[artist] * n} if the round ended now, $${payout.best[artist] * n} at best.`;
  } else {
    $("hint").textContent = "";
  }
  renderClock();
  renderAway();
  // Rebuild the controls only when the choice changes, so a half-typed bid survives polling.
  const key = type === "HiddenAuctionView"
    ? `hidden|${phase.lot.map((c) => c.id).join(",")}|${legal().length}`
    : `${view.step}|${legal().length}`;
  if (page.controlsKey !== key) {
    page.controlsKey = key;
    setChildren($("controls"), controls);
  }
}

function auctionInfo(phase) {
  const { seat } = page.data;
  switch (phase.type) {
    case "OpenAuction": {
      const high = phase.high_bidder === null ? "No bid yet." : `High bid $${phase.high_bid} by ${nameOf(phase.high_bidder)}.`;
      const passed = phase.passed.length ? ` Passed: ${phase.passed.map(nameOf).join(", ")}.` : "";
      return high + passed + " Anyone may raise at any time.";
    }
    case "OneOfferAuction": {
      const high = phase.high_bidder === null ? "No bid yet." : `High bid $${phase.high_bid} by ${nameOf(phase.high_bidder)}.`;
      return `${high} ${nameOf(phase.turn)} to bid once or pass; the auctioneer goes last.`;
    }
    case "HiddenAuctionView": {
      const sealed = phase.sealed.length ? `Sealed: ${phase.sealed.map(nameOf).join(", ")}.` : "Nobody has sealed a bid yet.";
      const own = phase.own_bid === null ? "" : ` Your sealed bid: $${phase.own_bid}.`;
      return `Everyone bids in secret, 0 for no interest. ${sealed}${own}`;
    }
    case "FixedPriceAuction":
      if (phase.price === null) return `${nameOf(phase.auctioneer)} names the price.`;
      return `Price $${phase.price}. ${phase.turn === seat ? "Buy it or pass." : `${nameOf(phase.turn)} to buy or pass.`} If nobody buys, the auctioneer must.`;
    default:
      return "";
  }
}

function bidControls(minimum) {
  const bids = legalOf("Bid").map((a) => a.amount);
  const controls = [];
  if (bids.length) {
    const min = Math.min(...bids);
    const max = Math.max(...bids);
    controls.push(amountInput("bid-amount", min, max, Math.max(min, minimum)));
    controls.push(el("button", { id: "bid-button", type: "button", onclick: () => send({ type: "Bid", amount: readAmount("bid-amount") }) },
      page.data.view.phase.type === "HiddenAuctionView" ? "Seal bid" : "Bid"));
    controls.push(el("span", { class: "quiet", text: `$${min} to $${max}` }));
  }
  if (legalOf("Pass").length) {
    controls.push(el("button", { id: "pass-button", class: "secondary", type: "button", onclick: () => send({ type: "Pass" }) }, "Pass"));
  }
  return controls;
}

function auctionControls(phase) {
  if (!legal().length) return [];
  if (phase.type === "OpenAuction" || phase.type === "OneOfferAuction") return bidControls(phase.high_bid + 1);
  if (phase.type === "HiddenAuctionView") return bidControls(0);
  if (phase.type === "FixedPriceAuction") {
    const prices = legalOf("SetPrice").map((a) => a.price);
    if (prices.length) {
      const min = Math.min(...prices);
      const max = Math.max(...prices);
      return [amountInput("price-amount", min, max, min),
        el("button", { id: "price-button", type: "button", onclick: () => send({ type: "SetPrice", price: readAmount("price-amount") }) }, "Set price"),
        el("span", { class: "quiet", text: `$${min} to $${max}` })];
    }
    const controls = [];
    if (legalOf("Accept").length) controls.push(el("button", { id: "accept-button", type: "button", "data-price": phase.price, onclick: () => send({ type: "Accept" }) }, `Buy for $${phase.price}`));
    if (legalOf("Pass").length) controls.push(el("button", { id: "pass-button", class: "secondary", type: "button", onclick: () => send({ type: "Pass" }) }, "Pass"));
    return controls;
  }
  return [];
}

// The clock counts down on the page between messages: the server sends how
// long is left when it writes, the page subtracts the time since.
function renderClock() {
  const clock = page.data.clock;
  const node = $("clock");
  if (!clock) { node.hidden = true; node.textContent = ""; node.dataset.stage = ""; return; }
  const left = Math.max(0, clock.passes_in - (performance.now() - page.receivedAt) / 1000);
  const shown = Math.ceil(left);
  node.hidden = false;
  if (clock.stage === "turn") {
    const mine = legal().length > 0;
    node.dataset.stage = "turn";
    node.className = left <= 10 ? "going" : "";
    node.textContent = mine
      ? `You have ${shown}s to decide; then the table decides for you.`
      : `${page.data.view.to_act.map(nameOf).join(", ")}: ${shown}s left to decide.`;
    return;
  }
  const stage = left > 2 * clock.going ? "open" : left > clock.going ? "going once" : "going twice";
  node.dataset.stage = stage;
  node.className = stage === "open" ? "" : "going";
  node.textContent = stage === "open"
    ? `The clock runs: idle players are passed for in ${shown}s.`
    : `Going ${stage === "going once" ? "once" : "twice"}… (${shown}s)`;
}

function renderAway() {
  const { table, seat } = page.data;
  const away = seat !== null && !page.replay && table.seats[seat].away;
  const node = $("away");
  node.hidden = !away;
  document.body.dataset.away = away ? "true" : "false";
}

// ---- events: the log, round results, final standings -----------------------

function events() {
  const out = [];
  for (const entry of page.log) for (const e of entry.events.events) out.push([e, entry]);
  return out;
}

// The log shows the server's sentences (the library's describe, spoken to
// this seat), one per event, or the table's notice.
function renderLog() {
  const items = [];
  for (const entry of page.log) {
    if (entry.note) {
      items.push(el("li", { class: "note", "data-type": `note-${entry.note}` }, entry.text[0]));
      continue;
    }
    entry.events.events.forEach((e, i) => {
      const round = e.type === "RoundStarted" || e.type === "RoundEnded";
      items.push(el("li", { class: round ? "round" : "", "data-type": e.type }, entry.text[i]));
    });
  }
  items.reverse();
  setChildren($("log-list"), items.slice(0, 200));
}

function renderResults() {
  const rounds = [];
  for (const [e] of events()) {
    if (e.type === "RoundEnded") rounds.push({ ended: e, sales: [] });
    else if (e.type === "PaintingsSold" && rounds.length) rounds[rounds.length - 1].sales.push(e);
  }
  if (!rounds.length) { // none yet (or none any more: a replay's early step, an undo)
    setChildren($("round-results"), [el("p", { class: "quiet", text: "No round has ended yet." })]);
    return;
  }
  const players = page.data.view.players;
  const nodes = rounds.map(({ ended, sales }) => {
    const ranking = ended.ranking.map((a, i) => el("li", {}, el("span", { class: `swatch a${artistIndex(a)}` }), `${a}: +${ended.tiles[i]}`));
    const rows = players.map((p, s) => {
      const mine = sales.filter((x) => x.seat === s);
      const total = mine.reduce((sum, x) => sum + x.amount, 0);
      const detail = mine.map((x) => `${x.paintings}× ${x.artist} at $${x.value}`).join(", ") || "nothing sold";
      return el("tr", {}, el("td", { text: nameOf(s) }), el("td", { text: `$${total}` }), el("td", { class: "quiet", text: detail }));
    });
    return el("div", { class: "round-result", "data-round": ended.round },
      el("strong", { text: `Round ${ended.round}` }),
      el("ol", {}, ranking),
      el("table", {}, el("tbody", {}, rows)));
  });
  setChildren($("round-results"), nodes);
}

function renderStandings() {
  const ended = events().map(([e]) => e).find((e) => e.type === "GameEnded");
  const section = $("standings");
  if (!ended) { section.hidden = true; return; }
  section.hidden = false;
  const order = ended.money.map((m, s) => [m, s]).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  setChildren($("final"), order.map(([money, s]) => el("li", { class: ended.winners.includes(s) ? "winner" : "", "data-seat": s },
    `${nameOf(s)}: $${money}${ended.winners.includes(s) ? " (winner)" : ""}`)));
}

// ---- the lobby -------------------------------------------------------------

async function openTable(event) {
  event.preventDefault();
  const form = event.target;
  const players = Number(form.players.value);
  const people = Math.min(Number(form.people.value), players - 1);
  const humans = Array.from({ length: people + 1 }, (_, s) => s);
  const names = Array.from({ length: players }, (_, s) => (s === 0 ? form.name.value.trim() || "You" : s <= people ? `Player ${s + 1}` : `Bot ${s + 1}`));
  const request = { players, humans, names, bot: form.bot.value, preset: form.preset.value, turn: Number(form.turn.value), spectators: form.spectators.value };
  if (form.seed.value.trim()) request.seed = Number(form.seed.value.trim());
  const reply = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
  const body = await reply.json();
  if (!reply.ok) {
    $("lobby-error").textContent = body.error;
    $("lobby-error").hidden = false;
    return;
  }
  $("lobby-error").hidden = true;
  if (body.invitations.length === 0) { // nobody to invite: sit down at once
    location.assign(new URL(body.you.link, location.href).href);
    return;
  }
  const items = body.seats.map((s) => {
    const url = new URL(s.link, location.href).href;
    const label = s.you ? "take your seat" : url;
    return el("li", {}, `Seat ${s.seat + 1}, ${s.name}${s.you ? " (you)" : ", invitation"}: `, el("a", { href: url, "data-seat": s.seat }, label));
  });
  setChildren($("link-list"), items);
  $("links").hidden = false;
}

async function fillLobby() {
  // Every bot the library has, from the server (a new bot appears by itself).
  try {
    const reply = await fetch("/api/options");
    if (!reply.ok) return;
    const options = await reply.json();
    setChildren($("bot-choice"), options.bots.map((b) => el("option", { value: b.name }, b.title)));
    $("bot-choice").value = "heuristic";
  } catch (err) { /* the lobby keeps its default bot */ }
}

async function claimInvitation(code) {
  // An invitation claims its seat once; the token replaces it in the address.
  const reply = await fetch(`/api/tables/${encodeURIComponent(page.tableId)}/claim`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ invite: code }),
  });
  const body = await reply.json();
  if (!reply.ok) { showBanner(body.error); return null; }
  history.replaceState(null, "", `#token=${body.token}`);
  return body.token;
}

async function start() {
  const match = location.pathname.match(/^\/t\/([^/]+)$/);
  if (!match) {
    $("lobby").hidden = false;
    $("new-table").addEventListener("submit", openTable);
    fillLobby();
    return;
  }
  page.tableId = decodeURIComponent(match[1]);
  const params = new URLSearchParams(location.hash.slice(1));
  page.token = params.get("token");
  $("table").hidden = false;
  if (!page.token && params.get("invite")) {
    page.token = await claimInvitation(params.get("invite"));
    if (!page.token) return; // the banner says why (already used, malformed)
  }
  wireReplay();
  if (!page.token) {
    if (await watchIfAllowed()) return; // a finished table its spectators may replay
    showBanner("This link has no seat token; open the link you were given for your seat.");
    return;
  }
  wirePractice();
  $("return-button").addEventListener("click", comeBack);
  $("record-button").addEventListener("click", () => downloadRecord("json"));
  $("record-text-button").addEventListener("click", () => downloadRecord("text"));
  setInterval(() => { if (page.data) renderClock(); }, 250);
  listen();
}

window.addEventListener("hashchange", () => location.reload());
window.addEventListener("pagehide", () => { page.stopped = true; if (page.stream) page.stream.abort(); });
start();
