"use strict";
// The room's scoreboard: every table's retained state (and its rulings as they come) through the broker,
// the evening's standings computed from the games the tables say they finished (docs/club.md, "The standings":
// the same rule as companion/club/standings.py, which the browser test checks against).

const tables = new Map();     // table name -> its latest state message
const offline = new Set();    // tables whose status is "offline"
const lastRuling = new Map(); // table name -> the words of its latest ruling
const finished = new Map();   // "table/game_id" -> result: every game any state listed while the page was open
let words = {};

function playerKey(name) {
  return name.trim().split(/\s+/).join(" ").toLowerCase();
}

function standings() {
  const results = finished;
  const players = new Map();
  for (const result of results.values()) {
    result.seats.forEach((name, seat) => {
      const mine = result.places[seat];
      let halves = -1;  // the player's own place counted below as shared
      for (const other of result.places) halves += other > mine ? 2 : other === mine ? 1 : 0;
      const key = playerKey(name);
      const row = players.get(key) || {name: name.trim().split(/\s+/).join(" "), halves: 0, games: 0, wins: 0};
      row.halves += halves;
      row.games += 1;
      row.wins += mine === 1 ? 1 : 0;
      players.set(key, row);
    });
  }
  const rows = Array.from(players.values());
  rows.sort((a, b) => b.halves - a.halves || b.wins - a.wins || a.games - b.games ||
    (playerKey(a.name) < playerKey(b.name) ? -1 : playerKey(a.name) > playerKey(b.name) ? 1 : 0));
  return {rows, games: results.size};
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawTables() {
  const box = document.getElementById("tables");
  box.replaceChildren();
  const names = Array.from(tables.keys()).sort((a, b) => a.localeCompare(b, undefined, {numeric: true}));
  if (!names.length) box.append(element("p", "note", words.no_tables));
  for (const name of names) {
    const state = tables.get(name);
    const card = element("div", "table" + (offline.has(name) ? " offline" : ""));
    card.dataset.table = name;
    const title = element("h3", "", name);
    if (offline.has(name)) title.append(element("span", "badge", words.offline));
    card.append(title, element("div", "game", state.title));
    const list = element("ul");
    state.seats.forEach((seat, i) => {
      const won = state.over && state.winners.includes(i);
      const item = element("li", won ? "winner" : state.turn === i ? "acting" : "");
      const label = won ? seat + " — " + words.won : state.turn === i ? seat + " — " + words.to_play : seat;
      item.append(element("span", "", label), element("span", "score", String((state.measures || state.scores)[i])));
      list.append(item);
    });
    card.append(list);
    if (state.over) card.append(element("div", "over", words.over));
    card.append(element("div", "ruling", lastRuling.get(name) || ""));
    box.append(card);
  }
}

function drawStandings() {
  const {rows, games} = standings();
  const body = document.querySelector("#standings tbody");
  body.replaceChildren();
  const number = new Intl.NumberFormat(words.language, {maximumFractionDigits: 1});
  rows.forEach((row, i) => {
    const line = element("tr");
    line.dataset.player = row.name;
    line.dataset.points = String(row.halves / 2);
    line.dataset.games = String(row.games);
    line.dataset.wins = String(row.wins);
    for (const text of [String(i + 1), row.name, number.format(row.halves / 2), String(row.games), String(row.wins)]) {
      line.append(element("td", "", text));
    }
    body.append(line);
  });
  document.getElementById("finished").textContent = games ? words.finished.replace("{n}", String(games)) : words.no_games;
}

let pending = false;
function redraw() {
  if (pending) return;
  pending = true;  // many retained messages arrive at once: one drawing for them all
  requestAnimationFrame(() => {
    pending = false;
    drawTables();
    drawStandings();
  });
}

function onMessage(topic, text) {
  const parts = topic.split("/");
  if (parts.length !== 4 || parts[0] !== "club" || parts[1] !== "tables") return;
  const name = parts[2];
  if (parts[3] === "status") {
    if (text === "offline") offline.add(name); else offline.delete(name);
    redraw();
    return;
  }
  let message;
  try {
    message = JSON.parse(text);
  } catch (error) {
    return;  // not a table's message: the scoreboard shows what it can read
  }
  if (!message || message.v !== 1 || message.table !== name) return;
  if (parts[3] === "state") {
    const old = tables.get(name);
    if (!old || message.seq >= old.seq || message.t > old.t) tables.set(name, message);
    // Kept even when a restarted table's next state no longer lists them.
    for (const result of message.results) finished.set(result.table + "/" + result.game_id, result);
  } else if (parts[3] === "events" && message.kind === "ruling" && message.words.length) {
    lastRuling.set(name, message.words[message.words.length - 1]);
  }
  redraw();
}

function setStatus(status) {
  const node = document.getElementById("status");
  node.textContent = status === "connected" ? words.connected : status === "connecting" ? words.connecting : words.disconnected;
  node.className = "status" + (status === "connected" ? "" : " down");
  node.dataset.status = status;
}

async function main() {
  const config = await (await fetch("config.json")).json();
  const asked = new URLSearchParams(location.search).get("lang") || config.language;
  words = await (await fetch("strings.json?lang=" + encodeURIComponent(asked))).json();
  document.documentElement.lang = words.language;
  document.title = words.heading;
  const texts = {heading: "heading", "tables-heading": "tables", "standings-heading": "standings",
    "col-player": "player", "col-points": "points", "col-games": "games", "col-wins": "wins", rule: "rule"};
  for (const [id, key] of Object.entries(texts)) document.getElementById(id).textContent = words[key];
  setStatus("connecting");
  redraw();
  const url = config.broker || "ws://" + location.hostname + ":" + config.ws_port;
  new MqttSubscriber(url, {
    username: config.user,
    password: config.password,
    filters: [["club/tables/+/state", 1], ["club/tables/+/status", 1], ["club/tables/+/events", 0]],
    onMessage,
    onStatus: setStatus,
  }).start();
}

main();
