// The web table's connection to the server: plain JavaScript, no build step.
// Loaded before table.js, which draws the page (`page`, `render`, `showBanner`).
"use strict";

// ---- talking to the server -------------------------------------------------
//
// News comes pushed: a stream of server-sent events read with fetch (so the
// token travels in a header, never in the URL), each message the same
// document a poll answers. A stream that ends or breaks (a server restart,
// a network hiccup) is opened again from the cursor `page.next`, with a
// growing pause; a browser that cannot read a stream polls instead.

function headers() { return { Authorization: `Bearer ${page.token}` }; }

function stopFor(status) { return status === 401 || status === 403 || status === 404; }

function connectionLost() {
  $("status").textContent = "connection lost; reconnecting…";
  document.body.dataset.connected = "false";
}

const STREAM_FAILURES_BEFORE_POLLING = 3;
const POLLS_BEFORE_STREAMING_AGAIN = 20;

async function listen() {
  clearTimeout(page.timer);
  if (page.polling) return poll();
  const controller = new AbortController();
  page.stream = controller;
  // A proxy that holds the stream back looks like silence: the server always
  // sends the seat's document at once, so no word in 5 s counts as a failure.
  page.watchdog = setTimeout(() => controller.abort(), 5000);
  try {
    const reply = await fetch(`/api/tables/${page.tableId}/stream?since=${page.next}`,
      { headers: headers(), signal: controller.signal });
    if (!reply.ok) {
      const body = await reply.json().catch(() => ({}));
      showBanner(body.error || `the server answered ${reply.status}`);
      if (stopFor(reply.status)) return;
      throw new Error(`status ${reply.status}`);
    }
    if (!reply.body || !reply.body.getReader) throw new Error("this browser cannot read a stream");
    await readEvents(reply.body.getReader());
  } catch (err) {
    if (page.stopped) return;
    connectionLost();
    page.retry = (page.retry || 0) + 1;
  } finally {
    clearTimeout(page.watchdog);
  }
  if (page.stopped) return;
  if (page.retry >= STREAM_FAILURES_BEFORE_POLLING) { // fall back to polling for a while
    page.polling = true;
    page.pollsLeft = POLLS_BEFORE_STREAMING_AGAIN;
    return poll();
  }
  page.timer = setTimeout(listen, page.retry ? 250 * 2 ** page.retry : 0);
}

async function readEvents(reader) {
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      clearTimeout(page.watchdog);
      page.retry = 0;
      if (!data.length) continue; // a keepalive comment
      const body = JSON.parse(data.join("\n"));
      if (event === "seat") receive(body);
      else if (event === "gone" || event === "replaced") {
        showBanner(body.error);
        page.stopped = true;
        return;
      }
    }
  }
}

async function poll() {
  clearTimeout(page.timer);
  try {
    const reply = await fetch(`/api/tables/${page.tableId}/seat?since=${page.next}`, { headers: headers() });
    const body = await reply.json();
    if (!reply.ok) {
      showBanner(body.error || `the server answered ${reply.status}`);
      if (stopFor(reply.status)) return;
    } else {
      receive(body);
      if (page.polling && --page.pollsLeft <= 0) { // try the stream again
        page.polling = false;
        page.retry = 0;
        return listen();
      }
    }
  } catch (err) {
    connectionLost();
  }
  const every = page.data ? page.data.table.poll : 1;
  page.timer = setTimeout(poll, every * 1000);
}

function receive(body) {
  if (page.replay) return; // a replay is shown: the live table (its game over) waits
  const undos = body.table.undos;
  if (page.undos !== undefined && undos !== page.undos) { // a decision was taken back: the log was cut
    page.log = [];
    page.controlsKey = "";
    page.undos = undos;
    if (!body.log.length || body.log[0].index !== 0) { page.next = 0; resync(); return; }
  }
  page.undos = undos;
  for (const entry of body.log) {
    if (entry.index === page.log.length) page.log.push(entry);
  }
  page.next = page.log.length;
  page.data = body;
  page.receivedAt = performance.now();
  document.body.dataset.connected = "true";
  render();
}

// The whole log again, after an undo cut it.
async function resync() {
  try {
    const reply = await fetch(`/api/tables/${page.tableId}/seat?since=0`, { headers: headers() });
    if (reply.ok) receive(await reply.json());
  } catch (err) {
    connectionLost();
  }
}

async function post(path, doc) {
  const reply = await fetch(`/api/tables/${page.tableId}/${path}`, {
    method: "POST", headers: Object.assign({ "Content-Type": "application/json" }, headers()),
    body: JSON.stringify(doc),
  });
  return [reply, await reply.json()];
}

async function send(action) {
  if (page.busy || !page.data) return;
  page.busy = true;
  setControlsDisabled(true);
  const view = page.data.view;
  const doc = Object.assign({ format: view.format, seat: page.data.seat }, action);
  try {
    const undos = page.undos === undefined ? "" : `&undos=${page.undos}`; // made before an undo: refused
    const [reply, body] = await post(`actions?step=${view.step}${undos}`, doc);
    if (reply.status === 409) showBanner(body.error, "info");
    else if (!reply.ok) showBanner(body.error || `the server answered ${reply.status}`);
    else hideBanner();
  } catch (err) {
    showBanner("the action could not be sent; check the connection");
  } finally {
    page.busy = false;
    setControlsDisabled(false);
  }
  if (page.polling) await poll();
}

async function comeBack() {
  try {
    const [reply, body] = await post("return", {});
    if (!reply.ok) showBanner(body.error || `the server answered ${reply.status}`);
  } catch (err) {
    showBanner("the request could not be sent; check the connection");
  }
  if (page.polling) await poll();
}

async function downloadRecord(format) {
  const reply = await fetch(`/api/tables/${page.tableId}/record?format=${format}`, { headers: headers() });
  if (!reply.ok) {
    const body = await reply.json().catch(() => ({}));
    showBanner(body.error || `the server answered ${reply.status}`);
    return;
  }
  const url = URL.createObjectURL(await reply.blob());
  const suffix = format === "text" ? "txt" : "json";
  const link = el("a", { href: url, download: `modern-art-${page.tableId}.${suffix}` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
