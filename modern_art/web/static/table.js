// The web table: plain JavaScript, no build step.
//
// The server pushes this seat its view and its redacted events as the
// library's JSON documents; actions go back as the library's JSON. Every
// action names the step it was made on; a stale one comes back 409 and the
// page catches up. Talking to the server is in connection.js; the table's
// parts (cards, the lot, the auction, museums, the board) are drawn by
// render.js, which the static site's page shares.
"use strict";

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

// ---- names ---------------------------------------------------------------------

function artists() { return page.data.view.rules.edition.artists; }
function artistIndex(name) { return artists().indexOf(name); }
function nameOf(seat) {
  if (seat === null || seat === undefined) return "the bank";
  const p = page.data.view.players[seat];
  return seat === page.data.seat ? yourName(p.name) : p.name;
}
// "Ann (you)", but a person who called themselves "You" is just "You".
function yourName(name) { return name.trim().toLowerCase() === "you" ? name : `${name} (you)`; }
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

// ---- rendering (the table's parts are render.js's) --------------------------

function legal() { return page.data.view.legal_actions; }

function render() {
  const { view, payout, seat, table } = page.data;
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
  renderBoard(view, payout);
  renderPlayers(view, nameOf, (s) => {
    const who = table.seats[s];
    return who.kind === "bot" ? `bot (${who.bot})` : who.away ? `away: a bot (${who.bot}) plays` : "person";
  });
  renderHand();
  renderTableAuction();
  renderLog();
  renderResults();
  renderStandings(events().map(([e]) => e).find((e) => e.type === "GameEnded"), nameOf);
  renderPractice();
}

function renderHand() {
  const { view } = page.data;
  $("hand-size").textContent = `(${view.hand.length})`;
  $("hand-title").textContent = view.seat === null ? "Hands (the public sees none)"
    : page.replay && !page.data.table.seats[view.seat].you ? `${view.players[view.seat].name}'s hand` : "Your hand";
  const nodes = handNodes(view, page.replay ? null : send); // a replay's cards are shown, not played
  setChildren($("hand-cards"), nodes.length ? nodes : [el("p", { class: "quiet", text: "No cards in hand." })]);
}

function renderTableAuction() {
  const { view, payout, seat } = page.data;
  const phase = view.phase;
  const controls = renderAuction(view, payout, seat, nameOf, send);
  renderClock();
  renderAway();
  // Rebuild the controls only when the choice changes, so a half-typed bid survives polling.
  const key = phase.type === "HiddenAuctionView"
    ? `hidden|${phase.lot.map((c) => c.id).join(",")}|${legal().length}`
    : `${view.step}|${legal().length}`;
  if (page.controlsKey !== key) {
    page.controlsKey = key;
    setChildren($("controls"), controls);
  }
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
