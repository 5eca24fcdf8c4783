// modern-art.js: the library in the browser, through Pyodide. Hand-written ES
// module, no build step; its types are in modern-art.d.ts beside it.
//
//   import { load } from "./modern-art.js";
//   const ma = await load();                  // Pyodide and the library, from this folder
//   const game = ma.newGame({ players: 4, seed: 7, rules: "cmon" });
//   game.legalActions(0);                     // ["0 play Martins/D#52", ...]
//   game.apply("0 play Martins/D#52");        // {events: [...]}; throws ModernArtError
//
// Every file is loaded from the folder this module is in (or options.base):
// no request goes anywhere else.

/** The library refused: `type` is "IllegalAction" (with the `rule`) or "ValueError"... */
export class ModernArtError extends Error {
  constructor(error) {
    super(error.message);
    this.name = "ModernArtError";
    this.type = error.type;
    this.rule = error.rule;
    this.reason = error.reason;
  }
}

function answer(text) {
  const reply = JSON.parse(text);
  if ("error" in reply) throw new ModernArtError(reply.error);
  return reply.ok;
}
const arg = (value) => JSON.stringify(value === undefined ? null : value);

/** One game: a handle on the Python game in Pyodide. Call `close()` when done with it. */
export class Game {
  #py;
  constructor(py) { this.#py = py; }
  /** That seat's legal actions in the notation; all seats' with no argument. */
  legalActions(seat) { return answer(this.#py.legal_actions(arg(seat))); }
  /** Apply an action (notation string or action document): `{events}`, or throws ModernArtError. */
  apply(action) {
    if (typeof action !== "string" && (typeof action !== "object" || action === null)) {
      throw new ModernArtError({ type: "ValueError", rule: null, reason: "an action is a string or a document", message: "an action is a string or a document" });
    }
    return answer(this.#py.apply(JSON.stringify(action)));
  }
  /** The state document: the whole truth, every hand (show a player only `view`). */
  state() { return JSON.parse(this.#py.state()); }
  /** The view document of `seat` (`null`: the public view, no hand). */
  view(seat) { return answer(this.#py.view(arg(seat))).view; }
  /** What one painting of each artist pays if the round ended now, and at best, as `seat` sees it. */
  payout(seat) { return answer(this.#py.view(arg(seat))).payout; }
  #status() { return answer(this.#py.status()); }
  get isOver() { return this.#status().isOver; }
  /** The winners' seats once the game is over (R7), else []. */
  get winners() { return this.#status().winners; }
  get toAct() { return this.#status().toAct; }
  get step() { return this.#status().step; }
  /** How many actions were applied since the start. */
  get actions() { return this.#status().actions; }
  /** The seat to ask next (modern_art.next_seat), null once the game is over. */
  get nextSeat() { return this.#status().nextSeat; }
  /** Seat a built-in bot (one of `bots`: `"random"`, `"heuristic"`, `"montecarlo"`, `"search"`) at `seat`; `null` frees it. */
  setBot(seat, bot) { answer(this.#py.set_bot(arg(seat), arg(bot))); }
  /** The bot at `seat` (default: the next bot asked) acts: `{action, events}`. */
  playBot(seat) { return answer(this.#py.play_bot(arg(seat))); }
  /** Let the bots act until a person's seat is asked or the game ends; their moves. */
  runBots() {
    const moves = [];
    const bots = new Set(this.#botSeats());
    for (let seat = this.nextSeat; seat !== null && bots.has(seat); seat = this.nextSeat) {
      moves.push(this.playBot(seat));
    }
    return moves;
  }
  #botSeats() { return answer(this.#py.bot_seats()); }
  /** Take back the last `count` actions (default 1); how many were taken back. */
  undo(count = 1) { return answer(this.#py.undo(arg(count))); }
  /** The record document of the game so far, as `modern-art replay` reads it. */
  record() { return JSON.parse(this.#py.record()); }
  /** The event documents told as sentences, to `seat` (`null`: to anyone). */
  describe(events, seat) { return answer(this.#py.describe(JSON.stringify(events), arg(seat))); }
  /** Free the Python game. */
  close() { this.#py.destroy(); }
}

/**
 * Load Pyodide and the library from the site's folder.
 * options.base: the folder's URL (default: this module's folder);
 * options.pyodide: an already loaded Pyodide to install into.
 */
export async function load(options = {}) {
  const base = new URL(options.base ?? ".", import.meta.url);
  const manifest = await (await fetch(new URL("site.json", base))).json();
  let pyodide = options.pyodide;
  if (!pyodide) {
    const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
    pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, fullStdLib: false });
  }
  for (const wheel of manifest.wheels) {
    const bytes = await (await fetch(new URL(`wheels/${wheel}`, base))).arrayBuffer();
    pyodide.unpackArchive(bytes, "wheel");
  }
  const bridge = pyodide.pyimport("modern_art.site.bridge");
  const about = answer(bridge.version());
  return {
    version: about.version,
    bots: about.bots,
    presets: about.presets,
    pyodide,
    /** A new game: `{players, seed, rules, botSeed}` (see the docs). */
    newGame(options = {}) {
      const made = bridge.open_game(JSON.stringify(options));
      if (typeof made === "string") answer(made); // throws the refusal
      return new Game(made);
    },
  };
}
