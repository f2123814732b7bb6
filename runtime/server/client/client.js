/*
 * client.js - the browser client of `cairn serve` (docs/protocol.md): the lobby, then the
 * game of a seat or a spectator, played by the terminal's keys (docs/cli.md, README
 * "Playing") or by mouse and touch. Everything the game decides comes from the server; the
 * page keeps only what it draws, the cursor of a target and the menu's highlighted option.
 */
"use strict";

const PROTOCOL = "cairn.1";

/* --- the page's state ------------------------------------------------------------------------ */

const S = {
  ws: null,
  welcome: null,
  game: "",          /* the game's id, once joined or watching */
  seat: 0,           /* 0: a spectator */
  token: "",
  beat: -1,          /* the last beat seen, and the world's checksum then */
  checksum: "",
  state: null,       /* the last `state` */
  beats: [],         /* the history lines of the beats seen: {beat, lines} */
  chats: [],
  prompt: null,      /* the prompt drawn, and what the keys did to it */
  cursor: null,      /* {x, y} while a target is chosen */
  pick: 0,
  entry: "",
  pendingCell: null, /* a cell clicked with no prompt: the step toward it, once asked */
  scroll: 0,         /* log lines scrolled back */
  decidingAt: 0,     /* the local clock when `deciding` said until_ms */
  history: null,     /* spectators: the beats kept, and which one is shown (null: live) */
  histAt: -1,
  leaving: false,
  retries: 0,
  syncs: 0,          /* how often the page found itself out of step */
  recent: [],
  flashed: null,     /* the state whose frames the map has flashed */
};
window.cairn = S; /* for the end-to-end test and the curious */

const $ = (id) => document.getElementById(id);

/* --- the connection -------------------------------------------------------------------------- */

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return scheme + "//" + location.host + "/ws";
}

function connect() {
  const ws = new WebSocket(socketUrl(), PROTOCOL);
  S.ws = ws;
  setLink("connecting", "connecting...");
  ws.onopen = () => {
    S.retries = 0;
    setLink("open", "connected");
    rejoin();
  };
  ws.onmessage = (ev) => {
    let m;
    try {
      m = JSON.parse(ev.data);
    } catch (e) {
      return;
    }
    receive(m);
  };
  ws.onclose = (ev) => {
    if (S.ws !== ws)
      return;
    S.ws = null;
    const why = ev.reason ? ev.code + " " + ev.reason : "closed (" + ev.code + ")";
    setLink("closed", why);
    /* 4005 sends the page to the lobby: a join refused (a token that holds the seat no
     * more, a game gone), the token then forgotten, or the seat taken back by another page
     * with the token, which keeps it. The server's other refusals (4000-4999) are final:
     * coming back would be refused again. */
    if (ev.code === 4005) {
      if (!S.state)
        forget(S.game, S.seat);
      toLobby("The game refused this page: " + why);
    } else if (ev.code >= 4000 && ev.code < 5000) {
      notice("The server closed the connection: " + why);
      return;
    }
    const wait = Math.min(5000, 250 * Math.pow(2, S.retries++));
    setTimeout(connect, wait);
  };
}

function send(m) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN)
    return false;
  S.ws.send(JSON.stringify(m));
  return true;
}

/* An action of the seat carries the beat it saw: the server refuses it as stale otherwise. */
function act(m) {
  if (S.beat >= 0)
    m.beat = S.beat;
  send(m);
}

function setLink(state, text) {
  const l = $("link");
  l.dataset.state = state;
  l.textContent = text;
}

/* Back in the game after a connection is lost, with the seat's token; a spectator watches
 * again. */
function rejoin() {
  if (!S.game || S.leaving)
    return;
  if (S.seat)
    join(S.game, S.seat);
  else
    send({ t: "watch", game: S.game, seat: 0 });
}

/* --- out of step ----------------------------------------------------------------------------- */

/* Whether m says the page has missed something: an older beat than one seen, the same beat with
 * another world, or a beat played that skips one. The page then asks for the whole state. */
function outOfStep(m) {
  if (typeof m.beat !== "number" || S.beat < 0 || !S.game)
    return false;
  if (m.beat < S.beat)
    return true;
  if (m.beat === S.beat && m.checksum && S.checksum && m.checksum !== S.checksum)
    return true;
  if (m.t === "beat" && m.beat > S.beat + 1)
    return true;
  return false;
}

function resync() {
  S.syncs++;
  document.body.dataset.syncs = String(S.syncs);
  send({ t: "sync" });
}

/* A `state` is whole, and taken as it comes: an undo sends one of an older beat. The last
 * messages are kept for whoever looks into a page that went wrong (window.cairn.recent). */
function receive(m) {
  S.recent.push(m);
  if (S.recent.length > 20)
    S.recent.shift();
  if (m.t !== "state" && m.t !== "history" && outOfStep(m)) {
    resync();
    return;
  }
  if (typeof m.beat === "number" && S.game && m.t !== "history") {
    S.beat = m.beat;
    S.checksum = m.checksum || "";
  }
  const on = handlers[m.t];
  if (on)
    on(m);
  document.body.dataset.beat = String(S.beat);
  document.body.dataset.checksum = S.checksum;
}

/* --- the server's messages ------------------------------------------------------------------- */

const handlers = {
  welcome(m) {
    S.welcome = m;
    $("server").textContent = m.server || "";
    fillLobby(m);
    if (!S.game)
      autoJoin();
  },
  created(m) {
    $("created").innerHTML = "";
    $("created").append("Game ", code(m.game), " created, " + m.seats + " seat(s): ");
    for (let s = 1; s <= m.seats; s++)
      $("created").append(button("Join seat " + s, () => join(m.game, s), "join-" + s));
    $("created").append(button("Watch", () => watch(m.game), "watch"));
    $("created").dataset.game = m.game;
    $("join-game").value = m.game;
  },
  joined(m) {
    S.game = m.game;
    S.seat = m.seat;
    S.token = m.token;
    remember(m.game, m.seat, m.token);
    history.replaceState(null, "", "?game=" + m.game + "&seat=" + m.seat);
  },
  state(m) {
    S.game = m.game;
    S.seat = m.seat;
    S.state = m;
    if (m.deciding)
      S.decidingAt = Date.now();
    showPlay();
    takePrompt(m.prompt);
    draw();
  },
  beat(m) {
    S.beats.push({ beat: m.beat, lines: m.history || [] });
    if (S.beats.length > 100)
      S.beats.shift();
  },
  deciding(m) {
    if (!S.state)
      return;
    S.state.deciding = { seat: m.seat, what: m.what, until_ms: m.until_ms };
    S.decidingAt = Date.now();
    drawDeciding();
  },
  chat(m) {
    S.chats.push({ beat: m.beat, seat: m.seat, text: m.text });
    drawLog();
  },
  error(m) {
    const text = (m.reason || m.code) + "";
    if (m.code === "bad_token" || m.code === "no_game" || m.code === "full") {
      if (m.code !== "full")
        forget(S.game, S.seat);
      toLobby(text);
      return;
    }
    if (!S.state)
      $("lobby-error").textContent = text;
    else
      notice(text);
  },
  history(m) {
    S.history = (m.beats || []).slice().sort((a, b) => a.beat - b.beat);
    S.histAt = S.history.length ? S.history.length - 1 : -1;
    draw();
  },
};

/* --- the lobby ------------------------------------------------------------------------------- */

function code(text) {
  const c = document.createElement("code");
  c.textContent = text;
  return c;
}

function button(label, onclick, id) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (id)
    b.id = id;
  b.onclick = onclick;
  return b;
}

function fillLobby(m) {
  const games = $("create-game");
  games.innerHTML = "";
  for (const g of m.games || []) {
    const o = document.createElement("option");
    o.value = o.textContent = g;
    games.append(o);
  }
  const packs = $("create-packs");
  packs.querySelectorAll("label").forEach((l) => l.remove());
  for (const p of m.packs || []) {
    const l = document.createElement("label");
    const c = document.createElement("input");
    c.type = "checkbox";
    c.value = p;
    c.name = "pack";
    l.append(c, " " + p);
    packs.append(l);
  }
  fillBots();
}

/* A line per seat: empty for a person, else the bot that plays it. */
function fillBots() {
  const n = Math.max(1, Math.min(8, parseInt($("create-seats").value, 10) || 1));
  const bots = $("create-bots");
  while (bots.children.length > n)
    bots.lastChild.remove();
  while (bots.children.length < n) {
    const l = document.createElement("label");
    const i = document.createElement("input");
    i.placeholder = "a person";
    i.className = "bot";
    l.append("Seat " + (bots.children.length + 1) + " bot ", i);
    bots.append(l);
  }
}

function createGame(ev) {
  ev.preventDefault();
  const m = { t: "create", game: $("create-game").value };
  const seed = $("create-seed").value;
  if (seed !== "")
    m.seed = parseInt(seed, 10);
  m.packs = Array.from(document.querySelectorAll("#create-packs input:checked")).map((c) => c.value);
  m.seats = Array.from(document.querySelectorAll("#create-bots input")).map((i) => i.value.trim() || null);
  $("lobby-error").textContent = "";
  send(m);
}

function join(game, seat) {
  S.leaving = false;
  S.game = game;
  S.seat = seat;
  S.token = tokenOf(game, seat);
  S.beat = -1;
  const m = { t: "join", game: game, seat: seat };
  if (S.token)
    m.token = S.token;
  send(m);
}

function watch(game) {
  S.leaving = false;
  S.game = game;
  S.seat = 0;
  S.beat = -1;
  history.replaceState(null, "", "?game=" + game + "&watch=1");
  send({ t: "watch", game: game, seat: 0 });
}

/* A seat's token is kept in the browser, so that a page reloaded comes back to its seat. */
function remember(game, seat, token) {
  try {
    localStorage.setItem("cairn:" + game + ":" + seat, token);
  } catch (e) { /* private browsing: the seat lasts as long as the page */ }
}

function forget(game, seat) {
  try {
    localStorage.removeItem("cairn:" + game + ":" + seat);
  } catch (e) { /* as above */ }
}

function tokenOf(game, seat) {
  try {
    return localStorage.getItem("cairn:" + game + ":" + seat) || "";
  } catch (e) {
    return "";
  }
}

/* ?game=ID&seat=N joins (or comes back to) the seat; ?game=ID&watch=1 watches. */
function autoJoin() {
  const q = new URLSearchParams(location.search);
  const game = q.get("game");
  if (!game)
    return;
  $("join-game").value = game;
  if (q.get("watch"))
    watch(game);
  else if (q.get("seat"))
    join(game, parseInt(q.get("seat"), 10));
}

function leave() {
  S.leaving = true;
  send({ t: "leave" });
  if (S.seat)
    forget(S.game, S.seat);
  toLobby("");
}

/* Out of the game, back to the lobby: what the page knew of the game is dropped. */
function toLobby(why) {
  Object.assign(S, { game: "", seat: 0, token: "", state: null, beat: -1, checksum: "",
    history: null, histAt: -1, prompt: null, cursor: null, pendingCell: null, beats: [],
    chats: [] });
  history.replaceState(null, "", location.pathname);
  $("lobby-error").textContent = why;
  $("play").hidden = true;
  $("lobby").hidden = false;
}

function showPlay() {
  $("lobby").hidden = true;
  $("play").hidden = false;
}

/* --- drawing --------------------------------------------------------------------------------- */

/* The view drawn: the live one, or the beat a spectator stepped back to. */
function shownView() {
  if (S.history && S.histAt >= 0)
    return S.history[S.histAt].view;
  return S.state ? S.state.view : null;
}

function stepping() {
  return S.history !== null && S.histAt >= 0;
}

function draw() {
  const st = S.state;
  if (!st)
    return;
  const v = shownView();
  document.body.dataset.seat = String(S.seat);
  document.body.dataset.ended = v && v.ended ? v.ended : "";
  $("header").textContent = v ? v.header : "";
  $("whoami").textContent = S.seat ? "Seat " + S.seat + " of game " + S.game
    : "Watching game " + S.game;
  drawMap(v);
  drawChoices();
  drawPanel(v);
  drawSeats();
  drawLastBeat();
  drawDeciding();
  drawPrompt();
  drawButtons();
  drawLog();
  drawSpectate();
  drawSummary();
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls)
    e.className = cls;
  if (text !== undefined)
    e.textContent = text;
  return e;
}

/* Chebyshev distance: "cells, any way", as the game counts a range. */
function dist(x0, y0, x1, y1) {
  return Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
}

function isCandidate(p, x, y) {
  const c = p.cells || [];
  for (let i = 0; i + 1 < c.length; i += 2)
    if (c[i] === x && c[i + 1] === y)
      return true;
  return false;
}

/* The cells of the last beat's resolutions, which flash once: when the state that brings
 * them is first drawn, not again as the cursor moves. */
function frameCells() {
  const set = new Set();
  if (stepping() || S.flashed === S.state)
    return set;
  S.flashed = S.state;
  for (const f of S.state.frames || [])
    for (let i = 0; i + 1 < (f.cells || []).length; i += 2)
      set.add(f.cells[i] + "," + f.cells[i + 1]);
  return set;
}

function drawMap(v) {
  const map = $("map");
  map.innerHTML = "";
  if (!v)
    return;
  const p = stepping() ? null : S.prompt;
  const target = p && p.kind === "select";
  const flash = frameCells();
  const frag = document.createDocumentFragment();
  for (let y = 0; y < v.height; y++) {
    const row = el("div", "row");
    const glyphs = Array.from(v.glyphs[y] || "");
    const colors = v.colors[y] || "";
    const marks = v.marks[y] || "";
    for (let x = 0; x < v.width; x++) {
      const c = el("span", "cell", glyphs[x] || " ");
      c.dataset.x = x;
      c.dataset.y = y;
      const color = colors[x] || ".";
      if (color !== ".")
        c.classList.add("c" + color);
      const mark = marks[x] || " ";
      if (mark === "r")
        c.classList.add("remembered");
      else if (mark === "m")
        c.classList.add("moves");
      else if (mark === "a")
        c.classList.add("strikes");
      else if (mark === " ")
        c.classList.add("unseen");
      if (target) {
        if (p.range > 0 && dist(p.x, p.y, x, y) <= p.range)
          c.classList.add("range");
        if (S.cursor && p.area > 0 && dist(S.cursor.x, S.cursor.y, x, y) <= p.area)
          c.classList.add("area");
        if (isCandidate(p, x, y))
          c.classList.add("candidate");
        if (S.cursor && S.cursor.x === x && S.cursor.y === y)
          c.classList.add("cursor");
      }
      if (flash.has(x + "," + y))
        c.classList.add("frame");
      row.append(c);
    }
    frag.append(row);
  }
  map.append(frag);
}

function drawChoices() {
  const ul = $("choices");
  ul.innerHTML = "";
  if (stepping() || !S.seat)
    return;
  for (const c of S.state.choices || []) {
    const li = el("li", c.available ? "choice" : "choice unavailable");
    li.dataset.name = c.name;
    li.append(el("kbd", "", c.key === "direction" ? "hjkl" : c.key), " " + c.label);
    if (!c.available && c.reason)
      li.title = c.reason;
    li.onclick = () => begin(c, null);
    ul.append(li);
  }
}

function drawPanel(v) {
  const ul = $("panel");
  ul.innerHTML = "";
  if (!v)
    return;
  const dim = v.panel_dim || "";
  (v.panel || []).forEach((line, i) => {
    ul.append(el("li", dim[i] === "d" ? "dim" : "", line));
  });
}

function drawSeats() {
  const ul = $("seats");
  ul.innerHTML = "";
  for (const s of S.state.seats || []) {
    const li = el("li", "seat");
    li.dataset.seat = s.seat;
    let text = "Seat " + s.seat + (s.seat === S.seat ? " (you)" : "") + ": " + s.kind;
    if (s.kind === "person")
      text += s.connected ? ", here" : ", away";
    if (!s.alive)
      text += ", dead";
    li.textContent = text;
    ul.append(li);
  }
}

/* What the last beat played, as the server tells it (the beat shown, when stepping back),
 * and what its resolutions did to hp. */
function drawLastBeat() {
  const ul = $("lastbeat");
  ul.innerHTML = "";
  const at = stepping() ? S.history[S.histAt].beat : S.beat;
  const b = S.beats.find((e) => e.beat === at);
  const lines = b ? b.lines.slice() : [];
  if (!stepping())
    for (const f of S.state.frames || [])
      for (const c of f.changes || [])
        lines.push(f.label + ": " + c);
  if (!lines.length)
    return;
  ul.append(el("li", "title", "Beat " + at + ":"));
  for (const line of lines)
    ul.append(el("li", "", line));
}

function drawDeciding() {
  const d = S.state && S.state.deciding;
  const box = $("deciding");
  if (!d || stepping()) {
    box.textContent = "";
    box.dataset.seat = "";
    return;
  }
  const who = d.seat === S.seat ? "You are" : "Seat " + d.seat + " is";
  const what = d.what === "question" ? "answering a question" : "choosing";
  let text = who + " " + what;
  if (d.until_ms > 0)
    text += " (" + Math.max(0, Math.ceil((d.until_ms - (Date.now() - S.decidingAt)) / 1000)) +
      " s)";
  box.textContent = text;
  box.dataset.seat = String(d.seat);
  box.dataset.what = d.what;
}

/* The log: the game's messages (the last beat's stand out) and the chat, newest last; PgUp and
 * PgDn (or < >) scroll it back and forth. */
function drawLog() {
  const v = shownView();
  const ol = $("log");
  ol.innerHTML = "";
  if (!v)
    return;
  const msgs = v.messages || [];
  const fresh = v.fresh || 0;
  const lines = msgs.map((t, i) => ({ text: t, cls: i >= msgs.length - fresh ? "fresh" : "" }));
  for (const c of S.chats)
    lines.push({ text: (c.seat ? "Seat " + c.seat : "A spectator") + ": " + c.text, cls: "chat" });
  const shown = 8;
  const end = Math.max(0, lines.length - S.scroll);
  for (const l of lines.slice(Math.max(0, end - shown), end))
    ol.append(el("li", l.cls, l.text));
}

function drawSpectate() {
  const box = $("spectate");
  box.hidden = S.seat !== 0;
  if (box.hidden)
    return;
  $("hist-at").textContent = stepping() ? "beat " + S.history[S.histAt].beat : "live, beat " + S.beat;
  $("hist-at").dataset.beat = stepping() ? String(S.history[S.histAt].beat) : "";
}

function drawSummary() {
  const box = $("summary");
  const s = S.state.summary;
  box.hidden = !s || stepping();
  box.textContent = s || "";
}

/* What a finger has in place of Esc and u: buttons, shown when they would do something. */
function drawButtons() {
  const playing = S.seat && !stepping();
  $("cancel").hidden = !(playing && S.prompt);
  $("undo").hidden = !playing;
}

function notice(text) {
  $("notice").textContent = text;
}

/* --- prompts --------------------------------------------------------------------------------- */

/* A new prompt puts the cursor on the nearest candidate (or the actor); the same one, sent
 * again with the state, keeps what the keys did to it. */
function takePrompt(p) {
  const same = p && S.prompt && p.kind === S.prompt.kind && p.name === S.prompt.name &&
    p.text === S.prompt.text && p.seat === S.prompt.seat;
  if (p && p.seat && S.seat && p.seat !== S.seat)
    p = null; /* another seat's: the deciding line says so */
  if (same && p)
    return void (S.prompt = p);
  S.prompt = p;
  S.pick = 0;
  S.entry = "";
  S.cursor = null;
  if (p && p.kind === "select") {
    const c = p.cells || [];
    S.cursor = c.length >= 2 ? { x: c[0], y: c[1] } : { x: p.x, y: p.y };
    if (S.pendingCell && p.among === "direction") {
      const cell = S.pendingCell;
      S.pendingCell = null;
      const dir = directionTo(p.x, p.y, stepToward(p.x, cell.x), stepToward(p.y, cell.y));
      if (dir)
        act({ t: "answer", answer: dir });
      else
        act({ t: "cancel" });
    }
  }
  if (!p)
    S.pendingCell = null;
}

function drawPrompt() {
  const p = stepping() ? null : S.prompt;
  const box = $("prompt");
  box.hidden = !p || p.kind === "select";
  document.body.dataset.prompt = p ? p.kind : "";
  document.body.dataset.promptName = p ? p.name || "" : "";
  $("prompt-help").textContent = "";
  if (!p)
    return;
  const title = (p.choice ? p.choice + ": " : "") + (p.text || "");
  if (p.kind === "select") {
    notice(reachesActor(p) + title + " (" + selectHelp(p) + ")");
    return;
  }
  $("prompt-text").textContent = title;
  const ol = $("prompt-options");
  ol.innerHTML = "";
  $("prompt-entry").innerHTML = "";
  if (p.kind === "pick") {
    (p.options || []).forEach((o, i) => {
      const li = el("li", i === S.pick ? "option picked" : "option");
      li.append(el("kbd", "", pickLabel(i)), " " + o);
      li.dataset.option = String(i + 1);
      li.onclick = () => act({ t: "answer", answer: String(i + 1) });
      ol.append(li);
    });
    $("prompt-help").textContent = "a key or a click chooses; Esc " + escWord(p);
  } else if (p.kind === "number") {
    $("prompt-entry").append(numberEntry(p));
    $("prompt-help").textContent = "a number from " + p.min + " to " + p.max + ", Enter; Esc " +
      escWord(p);
  } else if (p.kind === "confirm") {
    ol.append(optionItem("y  yes", "yes"), optionItem("n  no", "no"));
    $("prompt-help").textContent = "y or n; Esc " + escWord(p);
  }
}

/* As the terminal warns: the area around the cursor takes in the actor's own cell. */
function reachesActor(p) {
  if (!S.cursor || !(p.area > 0) || dist(S.cursor.x, S.cursor.y, p.x, p.y) > p.area)
    return "";
  return "It would reach you too! ";
}

/* The number typed so far, in a field a finger can type in too (its keyboard comes up). */
function numberEntry(p) {
  const f = el("form", "number");
  const i = el("input");
  i.type = "number";
  i.id = "prompt-number";
  i.min = p.min;
  i.max = p.max;
  i.value = S.entry;
  i.oninput = () => (S.entry = i.value);
  i.onkeydown = (ev) => {
    if (ev.key === "Escape")
      act({ t: "cancel" });
  };
  f.append(i, button("OK", () => f.requestSubmit()));
  f.onsubmit = (ev) => {
    ev.preventDefault();
    if (S.entry)
      act({ t: "answer", answer: S.entry });
  };
  return f;
}

function optionItem(text, answer) {
  const li = el("li", "option", text);
  li.dataset.answer = answer;
  li.onclick = () => act({ t: "answer", answer: answer });
  return li;
}

function escWord(p) {
  return p.cancel_costs ? "cancels (a beat passes)" : "cancels (no beat)";
}

function selectHelp(p) {
  if (p.among === "direction")
    return "a move key or a click beside you; Esc " + escWord(p);
  return "move keys move the cursor, Tab the next target, Enter or a click chooses; Esc " +
    escWord(p);
}

/* As keys.c: options 1-9, then a-z. */
function pickLabel(i) {
  if (i < 9)
    return String(i + 1);
  return i < 35 ? String.fromCharCode(97 + i - 9) : "";
}

function pickOption(key) {
  if (key.length !== 1)
    return -1;
  if (key >= "1" && key <= "9")
    return key.charCodeAt(0) - 49;
  if (key >= "a" && key <= "z")
    return key.charCodeAt(0) - 97 + 9;
  return -1;
}

function stepToward(from, to) {
  return from + Math.sign(to - from);
}

const DIRECTIONS = [["nw", "n", "ne"], ["w", null, "e"], ["sw", "s", "se"]];

function directionTo(x0, y0, x1, y1) {
  const dx = x1 - x0, dy = y1 - y0;
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1)
    return null;
  return DIRECTIONS[dy + 1][dx + 1];
}

function answerCursor() {
  const p = S.prompt;
  if (p.among === "direction") {
    const dir = directionTo(p.x, p.y, S.cursor.x, S.cursor.y);
    if (!dir)
      return notice("Choose a cell next to you");
    return act({ t: "answer", answer: dir });
  }
  act({ t: "answer", answer: S.cursor.x + "," + S.cursor.y });
}

function moveCursor(x, y) {
  const v = S.state.view;
  S.cursor = { x: Math.max(0, Math.min(v.width - 1, x)), y: Math.max(0, Math.min(v.height - 1, y)) };
  drawMap(v);
  drawPrompt();
}

/* Tab: the candidate after the one under the cursor (the nearest when on none). */
function cycleCandidates(back) {
  const c = S.prompt.cells || [];
  const n = c.length / 2;
  if (!n)
    return;
  let at = n;
  for (let i = 0; i < n; i++)
    if (c[2 * i] === S.cursor.x && c[2 * i + 1] === S.cursor.y)
      at = i;
  const next = at === n ? 0 : back ? (at + n - 1) % n : (at + 1) % n;
  moveCursor(c[2 * next], c[2 * next + 1]);
}

/* --- keys ------------------------------------------------------------------------------------ */

/* The terminal's move keys (runtime/app/keys.c): vi keys with U north-east (u is undo), the
 * digits of the keypad and its corners without Num Lock, the arrows. */
const MOVE_KEYS = {
  k: "n", 8: "n", ArrowUp: "n",
  U: "ne", 9: "ne",
  l: "e", 6: "e", ArrowRight: "e",
  n: "se", 3: "se",
  j: "s", 2: "s", ArrowDown: "s",
  b: "sw", 1: "sw",
  h: "w", 4: "w", ArrowLeft: "w",
  y: "nw", 7: "nw",
};
const KEYPAD_CORNERS = { Home: "nw", PageUp: "ne", End: "sw", PageDown: "se" };

function directionOf(ev) {
  if (ev.code && ev.code.startsWith("Numpad") && KEYPAD_CORNERS[ev.key])
    return KEYPAD_CORNERS[ev.key];
  if (ev.key === "End")
    return "sw";
  if (ev.key === "Home")
    return "nw";
  return MOVE_KEYS[ev.key] || null;
}

function onKey(ev) {
  if (ev.ctrlKey || ev.altKey || ev.metaKey)
    return;
  if (ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT"))
    return;
  if (!S.state || $("play").hidden)
    return;
  const done = S.seat ? onPlayKey(ev) : onSpectatorKey(ev);
  if (done)
    ev.preventDefault();
}

/* ? and the log's keys work under any prompt. */
function onCommonKey(ev) {
  const numpad = ev.code && ev.code.startsWith("Numpad");
  if (ev.key === "?") {
    toggleHelp();
    return true;
  }
  if ((ev.key === "PageUp" && !numpad) || (ev.key === "<" && !S.prompt)) {
    S.scroll += 4;
    drawLog();
    return true;
  }
  if ((ev.key === "PageDown" && !numpad) || (ev.key === ">" && !S.prompt)) {
    S.scroll = Math.max(0, S.scroll - 4);
    drawLog();
    return true;
  }
  return false;
}

function onSpectatorKey(ev) {
  if (onCommonKey(ev))
    return true;
  if (ev.key === "[" || ev.key === ",")
    return stepHistory(-1), true;
  if (ev.key === "]" || ev.key === ".")
    return stepHistory(1), true;
  if (ev.key === "Escape")
    return goLive(), true;
  return false;
}

function onPlayKey(ev) {
  if (!$("help").hidden && ev.key === "Escape")
    return toggleHelp(), true;
  notice("");
  if (onCommonKey(ev))
    return true;
  if (S.state.view.ended)
    return ev.key === "u" ? (act({ t: "undo" }), true) : false;
  if (S.prompt)
    return onPromptKey(ev);
  if (ev.key === "Tab") {
    showReasons();
    return true;
  }
  if (ev.key === "u") {
    act({ t: "undo" });
    return true;
  }
  return onChoiceKey(ev);
}

function onPromptKey(ev) {
  const p = S.prompt;
  if (ev.key === "Escape") {
    act({ t: "cancel" });
    return true;
  }
  if (p.kind === "pick") {
    const n = (p.options || []).length;
    if (ev.key === "ArrowUp" || ev.key === "ArrowDown") {
      if (n)
        S.pick = (S.pick + (ev.key === "ArrowUp" ? n - 1 : 1)) % n;
      drawPrompt();
      return true;
    }
    const i = ev.key === "Enter" ? S.pick : pickOption(ev.key);
    if (i >= 0 && i < n)
      act({ t: "answer", answer: String(i + 1) });
    return i >= 0;
  }
  if (p.kind === "number")
    return onNumberKey(ev);
  if (p.kind === "confirm") {
    const k = ev.key.toLowerCase();
    if (k === "y" || k === "n")
      act({ t: "answer", answer: k === "y" ? "yes" : "no" });
    return k === "y" || k === "n";
  }
  if (p.kind === "select")
    return onSelectKey(ev);
  return false;
}

function onNumberKey(ev) {
  const p = S.prompt;
  if (ev.key === "Enter") {
    if (S.entry)
      act({ t: "answer", answer: S.entry });
    else
      notice("Type a number from " + p.min + " to " + p.max);
  } else if (ev.key === "Backspace") {
    S.entry = S.entry.slice(0, -1);
  } else if ((ev.key >= "0" && ev.key <= "9" && ev.key.length === 1) ||
             (ev.key === "-" && !S.entry && p.min < 0)) {
    if (S.entry.length < 20)
      S.entry += ev.key;
  } else {
    return false;
  }
  drawPrompt();
  return true;
}

function onSelectKey(ev) {
  const p = S.prompt;
  const dir = directionOf(ev);
  if (dir && p.among === "direction") {
    act({ t: "answer", answer: dir });
    return true;
  }
  if (dir) {
    const dx = (dir.includes("e") ? 1 : 0) - (dir.includes("w") ? 1 : 0);
    const dy = (dir.includes("s") ? 1 : 0) - (dir.includes("n") ? 1 : 0);
    moveCursor(S.cursor.x + dx, S.cursor.y + dy);
    return true;
  }
  if (ev.key === "Tab") {
    cycleCandidates(ev.shiftKey);
    return true;
  }
  if (ev.key === "Enter") {
    answerCursor();
    return true;
  }
  return false;
}

/* A key that is not the page's own: the choice it triggers, as the panel shows its key. The
 * move keys take the choice whose key is "direction", with their direction; 5 is ".". */
function onChoiceKey(ev) {
  const dir = directionOf(ev);
  let key = dir ? "direction" : null;
  if (!key && (ev.key === "5" || ev.key === "Clear"))
    key = ".";
  if (!key && ev.key.length === 1 && ev.key > " ")
    key = ev.key;
  if (!key)
    return false;
  const c = (S.state.choices || []).find((e) => e.key === key);
  if (!c)
    return false;
  begin(c, dir);
  return true;
}

/* Begins choice c (dir answers its direction prompt); one that cannot be made now says why. */
function begin(c, dir) {
  if (!S.seat || stepping())
    return;
  if (!c.available) {
    notice(c.reason || c.label + " cannot be done now");
    return;
  }
  const m = { t: "choose", choice: c.name };
  if (dir)
    m.answers = [dir];
  act(m);
}

function showReasons() {
  const lines = (S.state.choices || []).filter((c) => !c.available)
    .map((c) => c.label + ": " + (c.reason || "not now"));
  notice(lines.length ? lines.join("; ") : "Everything listed can be done now");
}

/* --- mouse and touch ------------------------------------------------------------------------- */

/* A click (or a tap) on the map: under a target's cursor it moves the cursor there, and on a
 * candidate chooses it; with nothing asked, a step toward the cell (the direction is asked of
 * the game, then answered). */
function onMapClick(ev) {
  const cell = ev.target.closest(".cell");
  if (!cell || !S.state || !S.seat || stepping())
    return;
  const x = parseInt(cell.dataset.x, 10), y = parseInt(cell.dataset.y, 10);
  const p = S.prompt;
  if (p && p.kind === "select") {
    if (p.among === "direction") {
      const dir = directionTo(p.x, p.y, stepToward(p.x, x), stepToward(p.y, y));
      if (dir)
        act({ t: "answer", answer: dir });
      return;
    }
    moveCursor(x, y);
    if (isCandidate(p, x, y))
      answerCursor();
    return;
  }
  if (p || S.state.view.ended)
    return;
  const c = (S.state.choices || []).find((e) => e.key === "direction" && e.available);
  if (!c)
    return;
  S.pendingCell = { x: x, y: y };
  act({ t: "choose", choice: c.name });
}

/* --- spectators: the beats kept ------------------------------------------------------------- */

function stepHistory(by) {
  if (!S.history) {
    send({ t: "history", from: Math.max(0, S.beat - 100), to: S.beat });
    return;
  }
  if (!S.history.length)
    return;
  S.histAt = Math.max(0, Math.min(S.history.length - 1, S.histAt + by));
  draw();
}

function goLive() {
  S.history = null;
  S.histAt = -1;
  draw();
}

/* --- help ------------------------------------------------------------------------------------ */

const HELP = [
  "Move, or bump to attack or dig:",
  "  y k U     7 8 9     or the arrow keys",
  "  h . l     4 5 6     5 is the . key",
  "  b j n     1 2 3",
  "u is undo, so north-east is U or 9.",
  "A click on the map steps toward it.",
  "",
  "the panel's keys  make that choice (or click it)",
  "Tab        why the dimmed choices cannot be made now",
  "u          undo the last beat (a game of one person)",
  "PgUp PgDn  scroll the log (or < >)",
  "?          this help (Esc closes it)",
  "",
  "Menus: a number or letter, or the arrows and Enter.",
  "Targets: move keys move the cursor, Tab the next",
  "target, Enter or a click chooses. Esc cancels.",
  "",
  "Watching: [ and ] step back and forth through the",
  "beats kept, Esc goes back to the game as it stands.",
  "",
  "On the map: dimmed blue, remembered and not seen now;",
  "a yellow cell, an enemy moves there next beat; a red",
  "one, an enemy strikes there next beat. Choosing a",
  "target: blue, in range; magenta, what it would hit.",
];

function toggleHelp() {
  const h = $("help");
  if (!h.textContent)
    h.textContent = HELP.join("\n");
  h.hidden = !h.hidden;
}

/* --- the deciding line's countdown ------------------------------------------------------------ */

setInterval(() => {
  if (S.state && S.state.deciding)
    drawDeciding();
}, 1000);

/* --- wiring ---------------------------------------------------------------------------------- */

document.addEventListener("keydown", onKey);
/* A button clicked keeps no focus: Space or Enter are the game's keys after it, not its. */
document.addEventListener("click", (ev) => {
  const b = ev.target.closest && ev.target.closest("button");
  if (b)
    b.blur();
});
$("map").addEventListener("click", onMapClick);
$("create").addEventListener("submit", createGame);
$("create-seats").addEventListener("input", fillBots);
$("join").addEventListener("submit", (ev) => {
  ev.preventDefault();
  join($("join-game").value.trim(), parseInt($("join-seat").value, 10) || 1);
});
$("watch-go").addEventListener("click", () => watch($("join-game").value.trim()));
$("leave").addEventListener("click", leave);
$("cancel").addEventListener("click", () => act({ t: "cancel" }));
$("undo").addEventListener("click", () => act({ t: "undo" }));
$("hist-back").addEventListener("click", () => stepHistory(-1));
$("hist-next").addEventListener("click", () => stepHistory(1));
$("hist-live").addEventListener("click", goLive);
$("chat").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const t = $("chat-text").value.trim();
  if (t)
    send({ t: "chat", text: t });
  $("chat-text").value = "";
  $("chat-text").blur();
});
fillBots();
connect();
