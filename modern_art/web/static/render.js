// The table drawn in the page, for both pages: the service's (modern-art serve:
// connection.js, practice.js, replay.js and table.js) and the static site's
// (modern-art site: page.js over Pyodide, which copies this file in beside it).
// A plain script, loaded before the page's own: its functions are globals,
// which an ES module sees too. It keeps no state: a page passes what it knows
// (the view and payout documents, how to name a seat, what a chosen action
// does). The colours come from palette.css (modern_art.svg.palette_css).
"use strict";

const SYMBOLS = {
  open: "Open", one_offer: "One offer", hidden: "Hidden", fixed_price: "Fixed price", double: "Double",
};
const SYMBOL_ORDER = Object.keys(SYMBOLS);
const AUCTION_TITLES = {
  OpenAuction: "Open auction", OneOfferAuction: "One-offer auction",
  HiddenAuctionView: "Hidden auction", FixedPriceAuction: "Fixed-price auction",
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
function $(id) { return document.getElementById(id); }
function setChildren(node, children) { node.replaceChildren(...children.filter(Boolean)); }

// ---- cards, the hand, museums ----------------------------------------------

// A card in its artist's colour (class aN: board position N, R1.3), its
// artist's name and its auction symbol; a button when `opts.onclick` is given.
function cardNode(card, artists, opts = {}) {
  const cls = `card a${artists.indexOf(card.artist)}${opts.small ? " small" : ""}${opts.playable ? " playable" : ""}`;
  const inner = [el("span", { class: "artist", text: card.artist }),
    el("span", { class: "symbol", text: SYMBOLS[card.auction] || card.auction })];
  const attrs = { class: cls, "data-card-id": card.id, "data-artist": card.artist, "data-auction": card.auction };
  if (opts.onclick !== undefined) {
    return el("button", {
      ...attrs, type: "button", disabled: !opts.playable, onclick: opts.onclick,
      title: `${card.artist}, ${SYMBOLS[card.auction]} (#${card.id})`,
    }, inner);
  }
  return el("div", { ...attrs, title: `${card.artist}, ${SYMBOLS[card.auction]}` }, inner);
}

// The viewer's hand, by artist, symbol and id; `play(action)` gets a card's
// legal PlayCard action (no `play`: the cards are shown, not played).
function handNodes(view, play) {
  const artists = view.rules.edition.artists;
  const playable = new Map(view.legal_actions.filter((a) => a.type === "PlayCard").map((a) => [a.card.id, a]));
  const hand = [...view.hand].sort((x, y) => artists.indexOf(x.artist) - artists.indexOf(y.artist)
    || SYMBOL_ORDER.indexOf(x.auction) - SYMBOL_ORDER.indexOf(y.auction) || x.id - y.id);
  return hand.map((card) => cardNode(card, artists, {
    playable: playable.has(card.id),
    onclick: play ? () => play(playable.get(card.id)) : undefined,
  }));
}

function museumNode(cards, artists) {
  return el("div", { class: "museum" },
    cards.length ? cards.map((c) => cardNode(c, artists, { small: true })) : el("span", { class: "quiet", text: "museum empty" }));
}

// ---- the board and the players ---------------------------------------------

function renderBoard(view, payout) {
  const rows = view.rules.edition.artists.map((artist, a) => el("tr", {
    "data-artist": artist, "data-count": view.counts[a], "data-now": payout.now[artist], "data-best": payout.best[artist],
  },
    el("td", {}, el("span", { class: `swatch a${a}` }), artist),
    el("td", {}, view.tiles[a].length ? view.tiles[a].map((t) => el("span", { class: "tile", text: t })) : "–"),
    el("td", { class: "num count", text: view.counts[a] }),
    el("td", { class: "num", text: payout.now[artist] }),
    el("td", { class: "num", text: payout.best[artist] })));
  $("round-label").textContent = `· round ${view.round} of ${view.rules.rounds}`;
  setChildren(document.querySelector("#board-table tbody"), rows);
}

// Each player: `who(s)` their name as shown, `playedBy(s)` who plays the seat
// ("person", "bot (heuristic)"...); then what everyone sees, and the museum.
function renderPlayers(view, who, playedBy) {
  const phase = view.phase;
  const artists = view.rules.edition.artists;
  setChildren($("player-list"), view.players.map((p, s) => {
    const tags = [playedBy(s), `${p.hand_size} card${p.hand_size === 1 ? "" : "s"} in hand`,
      p.money === null ? "money hidden" : `$${p.money}`];
    if (phase.auctioneer === s) tags.push("auctioneer");
    if (phase.high_bidder === s) tags.push(`high bid $${phase.high_bid}`);
    if (view.to_act.includes(s)) tags.push("to act");
    return el("div", { class: `player${view.to_act.includes(s) ? " acting" : ""}`, "data-seat": s, "data-money": p.money },
      el("div", { class: "who", text: who(s) }),
      el("div", { class: "tags", text: tags.join(" · ") }),
      museumNode(p.museum, artists));
  }));
}

// ---- the auction: title, what stands, the lot, the payout hint --------------

// Fills the auction panel for `seat` (null: nobody's turn on this screen) and
// answers its controls, each calling `act(action)` with a legal action (an
// amount filled in); the page puts them in #controls when it sees fit.
function renderAuction(view, payout, seat, nameOf, act) {
  const phase = view.phase;
  const type = phase.type;
  const legal = view.legal_actions;
  let title = "";
  let info = "";
  let lot = [];
  let controls = [];
  if (type === "Offering") {
    title = phase.auctioneer === seat ? "Your turn to offer a painting" : `${nameOf(phase.auctioneer)} offers a painting`;
    if (legal.length) info = "Click a card in your hand to offer it; its symbol decides the auction.";
  } else if (type === "DoubleOffer") {
    title = `Double: ${nameOf(phase.double_player)} offered a double ${phase.card.artist}`;
    lot = [phase.card];
    info = phase.asking === seat
      ? `Add a second ${phase.card.artist} painting (not a double) from your hand, or decline.`
      : `${nameOf(phase.asking)} may add a second painting.`;
    controls = legal.filter((a) => a.type === "Pass").map((a) => el("button", { id: "decline-button", class: "secondary", type: "button", onclick: () => act(a) }, "Decline"));
  } else if (type === "GameOver") {
    title = "The game is over";
    info = "See the final standings.";
  } else {
    title = `${AUCTION_TITLES[type]} by ${nameOf(phase.auctioneer)}`;
    lot = phase.lot;
    if (phase.double_player !== null && phase.double_player !== phase.auctioneer) {
      title += ` (double played by ${nameOf(phase.double_player)})`;
    }
    info = auctionInfo(phase, seat, nameOf);
    controls = auctionControls(phase, legal, act);
  }
  $("auction-title").textContent = title;
  $("auction-info").textContent = info;
  setChildren($("lot"), lot.map((c) => cardNode(c, view.rules.edition.artists)));
  // The payout hint, before anyone bids or names a price.
  if (lot.length) {
    const artist = lot[0].artist;
    const n = type === "DoubleOffer" ? 2 : lot.length;
    $("hint").textContent = `Payout hint: ${n === 1 ? "this painting" : `these ${n} paintings`} would pay `
      + `$${payout.now[artist] * n} if the round ended now, $${payout.best[artist] * n} at best.`;
  } else {
    $("hint").textContent = "";
  }
  return controls;
}

function auctionInfo(phase, seat, nameOf) {
  const high = phase.high_bidder === null || phase.high_bidder === undefined
    ? "No bid yet." : `High bid $${phase.high_bid} by ${nameOf(phase.high_bidder)}.`;
  switch (phase.type) {
    case "OpenAuction": {
      const passed = phase.passed.length ? ` Passed: ${phase.passed.map(nameOf).join(", ")}.` : "";
      return high + passed + " Anyone may raise at any time.";
    }
    case "OneOfferAuction":
      return `${high} ${nameOf(phase.turn)} to bid once or pass; the auctioneer goes last.`;
    case "HiddenAuctionView": {
      const sealed = phase.sealed.length ? `Sealed: ${phase.sealed.map(nameOf).join(", ")}.` : "Nobody has sealed a bid yet.";
      const own = phase.own_bid === null || phase.own_bid === undefined ? "" : ` Your sealed bid: $${phase.own_bid}.`;
      return `Everyone bids in secret, 0 for no interest. ${sealed}${own}`;
    }
    case "FixedPriceAuction":
      if (phase.price === null) return `${nameOf(phase.auctioneer)} names the price.`;
      return `Price $${phase.price}. ${phase.turn === seat ? "Buy it or pass." : `${nameOf(phase.turn)} to buy or pass.`} If nobody buys, the auctioneer must.`;
    default:
      return "";
  }
}

// An amount box (`kind`-amount), its button (`kind`-button) and the range,
// for the legal actions `docs` that differ only in `field`.
function amountControls(kind, docs, field, label, start, act) {
  if (!docs.length) return [];
  const values = docs.map((a) => a[field]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const input = el("input", { id: `${kind}-amount`, type: "number", min, max, step: 1, value: Math.max(min, start), "aria-label": "amount" });
  const send = () => {
    const raw = input.value.trim();
    // A non-number goes as it is: the rules explain what is wrong with it.
    act({ ...docs[0], [field]: /^-?\d+$/.test(raw) ? Number(raw) : raw });
  };
  return [input, el("button", { id: `${kind}-button`, type: "button", onclick: send }, label),
    el("span", { class: "quiet", text: `$${min} to $${max}` })];
}

function auctionControls(phase, legal, act) {
  const of = (type) => legal.filter((a) => a.type === type);
  const pass = of("Pass").map((a) => el("button", { id: "pass-button", class: "secondary", type: "button", onclick: () => act(a) }, "Pass"));
  switch (phase.type) {
    case "OpenAuction":
    case "OneOfferAuction":
      return [...amountControls("bid", of("Bid"), "amount", "Bid", phase.high_bid + 1, act), ...pass];
    case "HiddenAuctionView":
      return [...amountControls("bid", of("Bid"), "amount", "Seal bid", 0, act), ...pass];
    case "FixedPriceAuction":
      return [
        ...amountControls("price", of("SetPrice"), "price", "Set price", 0, act),
        ...of("Accept").map((a) => el("button", { id: "accept-button", type: "button", "data-price": phase.price, onclick: () => act(a) }, `Buy for $${phase.price}`)),
        ...pass,
      ];
    default:
      return [];
  }
}

// ---- the end ------------------------------------------------------------------

// The final standings from the GameEnded event (none yet: the panel hides).
function renderStandings(ended, nameOf) {
  $("standings").hidden = !ended;
  if (!ended) return;
  const order = ended.money.map((m, s) => [m, s]).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  setChildren($("final"), order.map(([money, s]) => el("li", { class: ended.winners.includes(s) ? "winner" : "", "data-seat": s },
    `${nameOf(s)}: $${money}${ended.winners.includes(s) ? " (winner)" : ""}`)));
}
