// The practice aids of a table of one person and bots: undo and analysis.
// Plain JavaScript, no build step; loaded after connection.js, before table.js.
// The server refuses both at a table of more people (it would be an advantage);
// the page shows them only at practice tables. Every name and sentence goes
// into the page as text (el(), textContent), never as HTML.
"use strict";

function renderPractice() {
  const { table, view } = page.data;
  const shown = table.practice && !table.over && !page.replay;
  $("practice").hidden = !shown;
  $("analysis-button").disabled = page.analysing || legal().length === 0;
  // An analysis is of one decision: once the game moves on it goes.
  if (page.analysis && (page.analysis.step !== view.step || !shown)) page.analysis = null;
  if (!shown) page.analysisNote = null;
  renderAnalysis();
}

async function takeBack() {
  if (page.busy || !page.data) return;
  page.busy = true;
  setControlsDisabled(true);
  $("undo-button").disabled = true;
  try {
    const [reply, body] = await post("undo", {});
    if (!reply.ok) showBanner(body.error || `the server answered ${reply.status}`);
    else {
      const after = body.later ? ` and the ${body.later} action${body.later === 1 ? "" : "s"} after it` : "";
      showBanner(`Taken back: ${body.taken}${after}. Decide again.`, "info");
    }
  } catch (err) {
    showBanner("the request could not be sent; check the connection");
  } finally {
    page.busy = false;
    setControlsDisabled(false);
    $("undo-button").disabled = false;
  }
  if (page.polling) await poll();
}

async function analyse() {
  if (page.analysing || !page.data) return;
  page.analysing = true;
  page.analysis = null;
  page.analysisNote = "Analysing your decision (about a second)…";
  renderPractice();
  try {
    const reply = await fetch(`/api/tables/${page.tableId}/analysis`, { headers: headers() });
    const body = await reply.json();
    if (reply.ok) {
      page.analysis = body;
      page.analysisNote = null;
    } else page.analysisNote = body.error || `the server answered ${reply.status}`;
  } catch (err) {
    page.analysisNote = "the analysis could not be asked for; check the connection";
  } finally {
    page.analysing = false;
  }
  if (page.data) renderPractice();
}

const PLACES = ["1st", "2nd", "3rd", "4th", "5th"];

function percent(p) { return `${Math.round(p * 100)}%`; }
function signed(x) { return `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(1)}`; }

function renderAnalysis() {
  const section = $("analysis");
  const a = page.analysis;
  if (!a) {
    section.hidden = !page.analysisNote;
    $("analysis-note").textContent = page.analysisNote || "";
    setChildren($("analysis-actions"), []);
    setChildren(document.querySelector("#analysis-artists thead"), []);
    setChildren(document.querySelector("#analysis-artists tbody"), []);
    return;
  }
  section.hidden = false;
  $("analysis-note").textContent = `From ${a.samples} sampled deals of what you cannot see, if everyone`
    + " plays like the heuristic bot to the round's end: your money minus the others' mean, ± one standard error.";
  setChildren($("analysis-actions"), a.actions.map((v) => el("li", { "data-money": v.money },
    `${v.text.replace(/\.$/, "")}: ${signed(v.money)} ± ${v.stderr.toFixed(1)}`)));
  const ranks = a.artists.length ? a.artists[0].p_rank.length - 1 : 0;
  const head = ["Artist", ...PLACES.slice(0, ranks), "unranked", "a painting pays"];
  setChildren(document.querySelector("#analysis-artists thead"), [el("tr", {}, head.map((h) => el("th", { text: h })))]);
  setChildren(document.querySelector("#analysis-artists tbody"), a.artists.map((o) => el("tr", { "data-artist": o.artist },
    el("td", {}, el("span", { class: `swatch a${artistIndex(o.artist)}` }), o.artist),
    o.p_rank.map((p) => el("td", { text: percent(p) })),
    el("td", { text: o.exact ? `${o.value.toFixed(1)} exactly` : `${o.value.toFixed(1)} ± ${o.stderr.toFixed(1)}` }))));
}

function wirePractice() {
  $("undo-button").addEventListener("click", takeBack);
  $("analysis-button").addEventListener("click", analyse);
}
