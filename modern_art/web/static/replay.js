// The replay of a finished game, move by move, drawn as the table is drawn.
// Plain JavaScript, no build step; loaded after connection.js, before table.js.
//
// The server answers each step as a seat document (GET .../replay?step=N&as=S),
// so render() draws it; the page keeps each seat's log lines once fetched, and
// asks only for the lines it has not got. A player may see the game as any seat
// saw it (the record is theirs after the end); a spectator as the table's
// policy allows. While a replay is shown the live table waits.
"use strict";

function replayQuery(step) {
  const r = page.replay;
  const lines = r.lines[r.as] || [];
  const as = r.as === null ? "" : `&as=${encodeURIComponent(r.as)}`;
  return `step=${step}&since=${Math.min(lines.length, step)}${as}`;
}

async function enterReplay(as) {
  if (!page.replay) {
    page.replay = { step: 0, steps: null, as: as === undefined ? null : String(as), lines: {}, live: null };
    page.replay.live = page.data ? { data: page.data, log: page.log } : null;
  }
  hideBanner();
  $("replay").hidden = false;
  $("replay-exit").hidden = !page.replay.live;
  document.body.dataset.replay = "true";
  await replayStep(0);
}

async function replayStep(step) {
  const r = page.replay;
  if (!r || r.loading) return;
  const last = r.steps === null ? step : r.steps;
  step = Math.max(0, Math.min(step, last));
  r.loading = true;
  try {
    const reply = await fetch(`/api/tables/${encodeURIComponent(page.tableId)}/replay?${replayQuery(step)}`,
      { headers: page.token ? headers() : {} });
    const body = await reply.json();
    if (!reply.ok) { showBanner(body.error || `the server answered ${reply.status}`); return; }
    const key = r.as;
    const lines = r.lines[key] || (r.lines[key] = []);
    for (const entry of body.log) if (entry.index === lines.length) lines.push(entry);
    r.step = body.replay.step;
    r.steps = body.replay.steps;
    body.view.legal_actions = []; // a replay is watched, not played
    page.data = body;
    page.log = lines.slice(0, body.next);
    render();
    renderReplay();
  } catch (err) {
    showBanner("the replay could not be fetched; check the connection");
  } finally {
    r.loading = false;
  }
}

function renderReplay() {
  const r = page.replay;
  const { table, seat } = page.data;
  $("replay-position").textContent = `move ${r.step} of ${r.steps}`;
  $("replay-start").disabled = $("replay-back").disabled = r.step === 0;
  $("replay-forward").disabled = $("replay-end").disabled = r.step === r.steps;
  const said = r.step > 0 ? page.log[r.step - 1].text.join(" ") : "The game begins: the cards are dealt.";
  $("replay-said").textContent = said;
  const mine = table.seats.find((s) => s.you);
  const anySeat = page.token || table.spectators === "after";
  const options = [el("option", { value: "public" }, "the public (no hand)")];
  if (anySeat) {
    for (const s of table.seats) options.push(el("option", { value: String(s.seat) }, s.you ? yourName(s.name) : s.name));
  }
  const select = $("replay-as");
  setChildren(select, options);
  select.value = seat === null ? "public" : String(seat);
  document.body.dataset.replayStep = r.step;
  document.body.dataset.replayAs = seat === null ? "public" : String(seat);
  if (mine === undefined && !page.token) $("replay-exit").hidden = true;
}

function exitReplay() {
  const r = page.replay;
  if (!r || !r.live) return;
  page.replay = null;
  page.data = r.live.data;
  page.log = r.live.log;
  $("replay").hidden = true;
  document.body.dataset.replay = "false";
  render();
}

function replayKeys(event) {
  if (!page.replay || event.target.closest("input, select, textarea")) return;
  const moves = { ArrowLeft: page.replay.step - 1, ArrowRight: page.replay.step + 1, Home: 0, End: page.replay.steps };
  if (!(event.key in moves)) return;
  event.preventDefault();
  replayStep(moves[event.key]);
}

function wireReplay() {
  $("replay-button").addEventListener("click", () => enterReplay(page.data ? page.data.seat : undefined));
  $("replay-start").addEventListener("click", () => replayStep(0));
  $("replay-back").addEventListener("click", () => replayStep(page.replay.step - 1));
  $("replay-forward").addEventListener("click", () => replayStep(page.replay.step + 1));
  $("replay-end").addEventListener("click", () => replayStep(page.replay.steps));
  $("replay-exit").addEventListener("click", exitReplay);
  $("replay-as").addEventListener("change", (event) => {
    page.replay.as = event.target.value;
    replayStep(page.replay.step);
  });
  document.addEventListener("keydown", replayKeys);
}

// A spectator's link (no seat token) to a finished table the policy lets them see.
async function watchIfAllowed() {
  try {
    const reply = await fetch(`/api/tables/${encodeURIComponent(page.tableId)}`);
    if (!reply.ok) return false;
    const body = await reply.json();
    if (!body.table.over || body.table.spectators === "none") return false;
    await enterReplay(undefined);
    return true;
  } catch (err) {
    return false;
  }
}
