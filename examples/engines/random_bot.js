#!/usr/bin/env node
// A Modern Art engine in plain Node (no packages): it speaks the engine
// protocol, version 1, and plays a random legal action, preferring cheap bids.
// Run it in a match:  modern-art match random random random "engine:node examples/engines/random_bot.js"
"use strict";
const readline = require("readline");

// A tiny seeded generator (mulberry32), so a game replays the same.
let state = 12345;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

// The amount of a bid or price in the action notation ("2 bid 31" -> 31).
function amount(action) {
  const words = action.split(" ");
  return words.length === 3 && /^\d+$/.test(words[2]) ? Number(words[2]) : 0;
}

function choose(legal) {
  // Bids above 30 are rarely worth it: keep them out unless nothing else is legal.
  const cheap = legal.filter((action) => amount(action) <= 30);
  const pool = cheap.length > 0 ? cheap : legal;
  return pool[Math.floor(random() * pool.length)];
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  if (line.trim() === "") return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello": // a new game: our seat, the names, the rules
      state = 12345 + message.seat;
      send({ type: "ready", name: "random-js", author: "modern-art examples" });
      break;
    case "act": // answer with one of message.legal, for this step
      send({ type: "action", step: message.step, action: choose(message.legal) });
      break;
    case "quit":
      process.exit(0);
      break;
    default: // "events", "result" and types of later versions: nothing to answer
      break;
  }
});
input.on("close", () => process.exit(0));
