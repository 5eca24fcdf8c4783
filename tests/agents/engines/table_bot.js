#!/usr/bin/env node
// A Modern Art engine written from docs/engines.rst's table of actions alone:
// it reads each legal action's JSON (view.legal_actions[i]: its type and
// fields, the phase in view.phase.type) and answers the notation at the same
// index (legal[i]). It offers its cheapest-looking card, adds no second card,
// bids the lowest bid up to a cap, seals small hidden bids, names a middling
// price and accepts cheap ones. tests/agents/test_engine_table.py plays it.
"use strict";
const readline = require("readline");

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

// The index of the first action matching `test`, else -1.
function find(actions, test) {
  return actions.findIndex(test);
}

function choose(view) {
  const actions = view.legal_actions; // the JSON; legal[i] is the same action
  const phase = view.phase.type;
  let i = -1;
  if (phase === "Offering") {
    // Offer a card whose auction is not a double (any card if all are).
    i = find(actions, (a) => a.type === "PlayCard" && a.card.auction !== "double");
  } else if (phase === "DoubleOffer") {
    i = find(actions, (a) => a.type === "Pass"); // decline to add a second card
  } else if (phase === "OpenAuction" || phase === "OneOfferAuction") {
    const bids = actions.filter((a) => a.type === "Bid" && a.amount <= 25);
    const lowest = bids.reduce((m, a) => (m === null || a.amount < m.amount ? a : m), null);
    i = lowest ? actions.indexOf(lowest) : find(actions, (a) => a.type === "Pass");
  } else if (phase.startsWith("HiddenAuction")) {
    const bids = actions.filter((a) => a.type === "Bid" && a.amount <= 12);
    i = bids.length ? actions.indexOf(bids[bids.length - 1]) : 0;
  } else if (phase === "FixedPriceAuction") {
    const prices = actions.filter((a) => a.type === "SetPrice");
    if (prices.length) {
      const middle = prices.reduce((m, a) => (Math.abs(a.price - 18) < Math.abs(m.price - 18) ? a : m));
      i = actions.indexOf(middle);
    } else {
      const price = view.phase.price;
      i = find(actions, (a) => (price <= 15 ? a.type === "Accept" : a.type === "Pass"));
    }
  }
  return i >= 0 ? i : 0;
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  if (line.trim() === "") return;
  const message = JSON.parse(line);
  if (message.type === "hello") {
    send({ type: "ready", name: "table-js", author: "from docs/engines.rst" });
  } else if (message.type === "act") {
    const i = choose(message.view);
    if (message.legal.length !== message.view.legal_actions.length) process.exit(3);
    send({ type: "action", step: message.step, action: message.legal[i] });
  } else if (message.type === "quit") {
    process.exit(0);
  }
});
input.on("close", () => process.exit(0));
