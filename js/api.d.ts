// ---- The JS API of modern-art.js (hand-written; the documents above are generated) ----

/** The library refused: an IllegalAction (with the rule it breaks) or a ValueError. */
export declare class ModernArtError extends Error {
  readonly type: "IllegalAction" | "NotationError" | "ValueError" | string;
  /** The rule broken, e.g. "R3.2"; null for a ValueError. */
  readonly rule: string | null;
  readonly reason: string;
}

/** A rules preset's name. */
export type PresetName = "cmon" | "original";
/** A built-in bot's name. */
export type BotName = "random" | "heuristic" | "montecarlo" | "search";

export interface NewGameOptions {
  /** The number of players (3 to 5), or their names in seat order; 4 by default. */
  players?: number | string[];
  /** The deal's seed; without one, a fresh shuffle. */
  seed?: number;
  /** A preset's name or a rules document; "cmon" by default. */
  rules?: PresetName | RulesDocument;
  /** The bots' seeds are botSeed + seat (default: the seed, or 0). */
  botSeed?: number;
}

/** What apply returns: the events of the action, unredacted. */
export interface Applied {
  events: EventDocument[];
}

/** What playBot returns: the bot's action in the notation, and its events. */
export interface BotMove extends Applied {
  action: string;
}

/** The payout hints, by artist: one painting's worth if the round ended now, and at best. */
export interface Payout {
  now: Record<string, number>;
  best: Record<string, number>;
}

/** One game, in Pyodide. */
export declare class Game {
  /** That seat's legal actions in the notation; every seat's with no argument. */
  legalActions(seat?: number | null): string[];
  /** Apply an action in the notation, or an action document; throws ModernArtError. */
  apply(action: string | ActionDocument): Applied;
  /** The state document: the whole truth, every hand. */
  state(): StateDocument;
  /** The view document of a seat (null: the public view). */
  view(seat: number | null): ViewDocument;
  payout(seat: number | null): Payout;
  readonly isOver: boolean;
  /** The winners' seats once the game is over, else []. */
  readonly winners: number[];
  readonly toAct: number[];
  readonly step: number;
  /** How many actions were applied since the start. */
  readonly actions: number;
  /** The seat to ask next; null once the game is over. */
  readonly nextSeat: number | null;
  /** Seat a built-in bot; null hands the seat back to a person. */
  setBot(seat: number, bot: BotName | null): void;
  /** The bot at seat (default: the next bot asked) acts. */
  playBot(seat?: number): BotMove;
  /** The bots act until a person is asked or the game ends. */
  runBots(): BotMove[];
  /** Take back the last count actions (default 1); how many were taken back. */
  undo(count?: number): number;
  /** The record document, as `modern-art replay` reads it. */
  record(): RecordDocument;
  /** Event documents as seat may see them (null: the public), told as sentences. */
  describe(events: EventDocument[], seat: number | null): string[];
  /** Free the Python game. */
  close(): void;
}

export interface ModernArt {
  readonly version: string;
  readonly bots: BotName[];
  readonly presets: PresetName[];
  /** The Pyodide instance the library runs in. */
  readonly pyodide: unknown;
  newGame(options?: NewGameOptions): Game;
}

export interface LoadOptions {
  /** The site folder's URL (default: the folder of modern-art.js). */
  base?: string | URL;
  /** An already loaded Pyodide to install the library into. */
  pyodide?: unknown;
}

/** Load Pyodide and the library from the site's folder. */
export declare function load(options?: LoadOptions): Promise<ModernArt>;
