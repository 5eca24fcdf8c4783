// An example front-end in TypeScript over modern-art.js: a seeded game where
// seat 0 always takes its first legal action and the heuristic bots play the
// others. CI checks it with `tsc --strict` (npm run check in js/). In a page
// served from the site's folder, import "./modern-art.js"; its types come
// from modern-art.d.ts beside it.
import {
  load,
  ModernArtError,
  type EventDocument,
  type Game,
  type ViewDocument,
} from "../../modern_art/site/static/modern-art.js";

function describeView(view: ViewDocument): string {
  const seat = view.seat === null ? "the public" : `seat ${view.seat}`;
  const hand = view.hand.map((card) => `${card.artist} (${card.auction})`).join(", ");
  return `round ${view.round}, ${seat}: ${view.hand.length} cards: ${hand}`;
}

function sales(events: EventDocument[]): number {
  let total = 0;
  for (const event of events) {
    if (event.type === "PaintingsSold") total += event.amount;
  }
  return total;
}

export async function playOneGame(seed: number): Promise<number[]> {
  const ma = await load();
  const game: Game = ma.newGame({ players: 4, seed, rules: "cmon" });
  for (const seat of [1, 2, 3]) game.setBot(seat, "heuristic");
  console.log(describeView(game.view(0)));
  let paid = 0;
  try {
    game.apply("0 bid 1000"); // not legal now: the library says which rule
  } catch (err) {
    if (err instanceof ModernArtError) console.log(`refused (${err.rule}): ${err.reason}`);
  }
  while (!game.isOver) {
    for (const move of game.runBots()) paid += sales(move.events);
    if (game.isOver) break;
    const [first] = game.legalActions(0);
    if (first === undefined) throw new Error("seat 0 was asked but has no legal action");
    paid += sales(game.apply(first).events);
  }
  const record = game.record();
  const winners = game.winners;
  console.log(`${record.actions.length} actions; paid out ${paid}; winners ${winners.join(", ")}`);
  game.close();
  return winners;
}
