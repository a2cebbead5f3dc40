// The game master's page. Everything game-specific comes from the engine (engine.js: pbp-wasm in
// this page, a server for the hosted table): the game list, the default configs, the legal
// actions, the views, the SVG, the event texts and the BBCode. This file only wires them to the
// page, so every game in the catalog works here unchanged.

import { setupDice as setupDicePanel } from "./dice.js";
import { moduleEngine } from "./engine.js";
import { renderForm } from "./form.js";
import { MapView } from "./map.js";
import { newId, openStore } from "./store.js";

const $ = (id) => document.getElementById(id);

let engine = null;
let store = null;
let catalog = [];
/** The open game: the engine's table and its stored record. */
let table = null;
let record = null;
/** A past step being looked at (time travel), as a read-only table, or null. */
let past = null;
let viewer = "gm";
let actor = null;
/** Whether the game master picked the actor by hand (kept while that actor may act). */
let actorPicked = false;
let lastAction = null;
let snap = null;
let map = null;
/** The set-up form's seed and config while a viewer other than the game master looks. */
let setupKept = null;

// --- Messages and confirmation ----------------------------------------------------------------

function show(message, kind = "error") {
  const box = $("message");
  box.textContent = message;
  box.className = kind;
  box.hidden = false;
  clearTimeout(show.timer);
  if (kind !== "error") {
    show.timer = setTimeout(() => { box.hidden = true; }, 4000);
  }
}

function clearMessage() {
  $("message").hidden = true;
}

/** Runs `work` (sync or async), showing its error (the engine's message) instead of throwing. */
async function attempt(work) {
  try {
    const result = await work();
    clearMessage();
    return result;
  } catch (error) {
    show(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/** Asks the game master before anything is replaced or deleted. */
function confirmAction(text, yes) {
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

// --- Generic JSON rendering -------------------------------------------------------------------

function renderJson(value) {
  if (Array.isArray(value)) {
    if (value.length === 0) return leaf("[]", "empty");
    const list = document.createElement("ol");
    list.start = 0;
    for (const item of value) {
      const li = document.createElement("li");
      li.append(renderJson(item));
      list.append(li);
    }
    return list;
  }
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0) return leaf("{}", "empty");
    const dl = document.createElement("dl");
    for (const key of keys) {
      const dt = document.createElement("dt");
      dt.textContent = key;
      const dd = document.createElement("dd");
      dd.append(renderJson(value[key]));
      dl.append(dt, dd);
    }
    return dl;
  }
  if (value === null) return leaf("hidden / none", "null");
  return leaf(String(value), typeof value);
}

function leaf(text, kind) {
  const span = document.createElement("span");
  span.className = `json-${kind}`;
  span.textContent = text;
  return span;
}

// --- Names: players, not seat numbers ---------------------------------------------------------

/** A seat's name as the engine gives it ("Plainsfox (Lion)"), or "Seat N" where it gives none. */
function seatName(seat, word = "Seat") {
  const players = snap?.players ?? {};
  const name = players[Number(seat)];
  if (!name || name === `seat ${seat}`) return `${word} ${seat}`;
  // Two players with one name (two armies of one faction) keep their seat numbers apart.
  const same = Object.values(players).filter((n) => n === name).length;
  return same > 1 ? `${name} (seat ${seat})` : name;
}

function viewerLabel(v) {
  if (v === "gm") return "Game master";
  if (v === "public") return "Public";
  return seatName(v);
}

function actorLabel(a) {
  return a === "gm" ? "the game master" : seatName(a);
}

function audienceLabel(audience) {
  if (audience === "everyone") return "everyone";
  if (audience === "game-master") return "gm only";
  if (audience && Array.isArray(audience.seats)) {
    // Every seat of one name (a team's): the name once.
    const players = snap?.players ?? {};
    const names = new Set(audience.seats.map((s) => players[Number(s)]));
    if (names.size === 1 && audience.seats.length > 1) {
      const [name] = names;
      const all = Object.values(players).filter((n) => n === name).length;
      if (name && all === audience.seats.length) return name;
    }
    return audience.seats.map((s) => seatName(s)).join(", ");
  }
  return JSON.stringify(audience);
}

function actorKey(a) {
  return a === "game-master" ? "gm" : String(a.seat);
}

// --- Who looks and who acts -------------------------------------------------------------------

/** Every seat the game has shown: now or in its record (kept with the game). A seat once shown
 *  stays, so the buttons do not come and go with the turn. */
function seatsShown() {
  const seats = new Set(record?.seats ?? []);
  for (const s of snap?.seats ?? []) seats.add(Number(s));
  if (/^\d+$/.test(viewer)) seats.add(Number(viewer));
  return [...seats].sort((a, b) => a - b);
}

function acting() {
  return new Set((snap?.turn?.acting || []).map(actorKey));
}

function renderViewers() {
  const box = $("viewers");
  box.replaceChildren();
  for (const v of ["gm", "public", ...seatsShown().map(String)]) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.viewer = v;
    button.textContent = viewerLabel(v);
    button.setAttribute("aria-pressed", String(v === viewer));
    button.addEventListener("click", () => setViewer(v));
    box.append(button);
  }
}

/** Chooses who acts: the game master's pick while it may act, otherwise the first who may (a
 *  seat before the game master), so "Act as" follows the turn. */
function followTurn() {
  const now = acting();
  const keys = [...seatsShown().map(String), "gm"];
  if (actor !== null && now.has(actor) && keys.includes(actor)) return;
  if (actor !== null && actorPicked && now.size === 0) return;
  const first = keys.find((k) => k !== "gm" && now.has(k)) ?? (now.has("gm") ? "gm" : null);
  if (first !== null) {
    actor = first;
    actorPicked = false;
  } else if (actor === null || !keys.includes(actor)) {
    actor = keys[0];
  }
}

function renderActors() {
  const now = acting();
  const select = $("actor");
  select.replaceChildren();
  const keys = [...seatsShown().map(String), "gm"];
  for (const key of keys) {
    const option = document.createElement("option");
    option.value = key;
    const label = key === "gm" ? "game master" : seatName(key);
    option.textContent = now.has(key) ? `${label} (may act)` : label;
    select.append(option);
  }
  select.value = actor;
}

async function setViewer(v) {
  viewer = v;
  await render();
}

// --- The set-up form keeps nothing for other eyes ---------------------------------------------

/** A seed typed by the game master or a config (which may fix hidden things) are shown only to
 *  the game master: for any other viewer the form is emptied, and filled again on return. */
function guardSetup() {
  if (viewer !== "gm" && setupKept === null) {
    setupKept = { seed: $("seed").value, config: $("config").value, dice: $("setup-dice").value };
    $("seed").value = "";
    $("config").value = "";
    $("setup-dice").value = "";
  } else if (viewer === "gm" && setupKept !== null) {
    $("seed").value = setupKept.seed;
    $("config").value = setupKept.config;
    $("setup-dice").value = setupKept.dice;
    setupKept = null;
  }
  for (const id of ["seed", "config", "setup-dice", "start", "reset-config", "game"]) {
    $(id).disabled = viewer !== "gm";
  }
  $("setup-title").textContent = viewer === "gm"
    ? "Set up a new game"
    : "Set up a new game (view as the game master to use it)";
}

// --- Tabs -------------------------------------------------------------------------------------

function setTab(name) {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.setAttribute("aria-pressed", String(button.dataset.tab === name));
  }
  for (const tab of ["table", "games", "dice"]) $(`view-${tab}`).hidden = tab !== name;
  document.body.dataset.tab = name;
  if (name === "games") {
    document.body.dataset.gamesReady = "false";
    renderGames().then(() => { document.body.dataset.gamesReady = "true"; });
  }
  if (name === "dice") window.dispatchEvent(new Event("resize"));
}

// --- Rendering the table ----------------------------------------------------------------------

let renderCount = 0;

async function render() {
  guardSetup();
  $("no-game").hidden = table !== null;
  for (const id of ["table", "actions", "post", "history"]) $(id).hidden = table === null;
  if (!table) {
    $("status").textContent = `${catalog.length} games: pick one in Games and start.`;
    return;
  }
  const ticket = ++renderCount;
  const shown = past ?? table;
  const next = await attempt(() => shown.snapshot(viewer));
  if (!next || ticket !== renderCount) return;
  snap = next;
  if (!past && record) {
    record.seats = [...new Set([...(record.seats ?? []), ...snap.seats.map(Number)])]
      .sort((a, b) => a - b);
  }
  if (!past) followTurn();

  const seed = snap.seed !== undefined ? ` · seed ${snap.seed}` : "";
  const name = record?.name ? `${record.name} · ` : "";
  // The seed would let a player predict the seeded rolls: the snapshot has it for the game master
  // alone. The commitment to it is public, from the first post on.
  const commitment = snap.commitment ? ` · dice commitment ${snap.commitment}` : "";
  $("status").textContent = `${name}${snap.title ?? snap.game}${seed} · ${table.steps} ${table.steps === 1 ? "action" : "actions"} taken${commitment}`;
  $("turn").textContent = snap.describe;
  $("turn").className = snap.turn.over ? "over" : "";
  renderViewers();
  renderActors();
  $("past").hidden = past === null;
  if (past) $("past-text").textContent = `You are looking at step ${past.steps} of ${table.steps}.`;
  document.body.dataset.past = past ? String(past.steps) : "";

  map.show(snap.svg, `The field as ${viewerLabel(viewer)} sees it`);
  $("text").textContent = snap.text;
  $("view-json").replaceChildren(renderJson(snap.view));
  $("log-title").textContent = `Event log: what ${viewerLabel(viewer)} sees`;
  $("post-title").textContent = `Summary to post (BBCode, as ${viewerLabel(viewer)} sees it)`;
  renderLog(snap.log);
  renderLastAction(snap.log);
  await renderPost();
  await renderLegal();
  const readOnly = past !== null;
  $("undo").disabled = readOnly || table.steps === 0;
  $("act").disabled = readOnly;
  document.body.dataset.steps = String(table.steps);
  document.body.dataset.actor = actor ?? "";
}

function renderLog(events) {
  const log = $("log");
  log.replaceChildren();
  for (const event of events) {
    const li = document.createElement("li");
    const step = document.createElement("button");
    step.type = "button";
    step.className = "step";
    step.dataset.step = String(event.step);
    step.title = "See the game as it was after this step";
    step.textContent = event.step === 0 ? "setup" : `step ${event.step}`;
    step.addEventListener("click", () => travel(event.step));
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = event.text;
    const audience = document.createElement("span");
    audience.className = "audience";
    audience.textContent = audienceLabel(event.audience);
    li.append(step, text, audience);
    if (past && event.step === past.steps) li.className = "current";
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
}

/** The post since the last one the game master marked as posted. */
async function renderPost() {
  // `posted` is the last step posted; null when nothing was, so the first post has the setup too.
  const posted = record?.posted ?? null;
  const since = posted === null ? -1 : Math.min(posted, table.steps);
  const text = past ? snap.bbcode
    : await attempt(() => table.postSince(viewer, since < 0 ? undefined : since));
  $("bbcode").value = text ?? "";
  $("post-range").textContent = past
    ? `The post of step ${past.steps}, as it was then.`
    : since >= table.steps
      ? `Nothing new since the last post (step ${since}): this is the state as it is.`
      : since < 0
        ? `The set-up and steps 1 to ${table.steps}: nothing is marked as posted yet.`
        : `Steps ${since + 1} to ${table.steps}, since the last post (step ${since}).`;
  $("mark-posted").disabled = past !== null || since >= table.steps;
  document.body.dataset.posted = String(since);
}

// The order form (form.js): the action built from the engine's form for the actor, each row of a
// sheet checked by the engine as it changes. Rebuilt only when the form or the actor changes, so
// a render never loses a sheet being built.
let built = null;
let shownForm = null;

async function renderOrderForm(visible) {
  const box = $("order-form");
  $("send-built").disabled = !visible;
  if (!visible) {
    shownForm = null;
    built = null;
    box.replaceChildren(hint("Shown to the game master and to the seat that acts."));
    return;
  }
  const form = await attempt(() => table.form(actor));
  if (form === undefined) return;
  const key = `${actor}|${table.steps}|${JSON.stringify(form)}`;
  if (key === shownForm) return;
  shownForm = key;
  const who = actor;
  built = renderForm(box, form, {
    prefix: "order",
    check: (action) => table.check(who, JSON.stringify(action)),
  });
  $("send-built").disabled = form.kinds.length === 0;
}

async function sendBuilt() {
  const action = built?.value();
  if (action === null || action === undefined) return;
  await act(JSON.stringify(action));
}

async function renderLegal() {
  const box = $("legal");
  box.replaceChildren();
  if (past) {
    box.append(hint("A past step: go back to the present to act."));
    await renderOrderForm(false);
    return;
  }
  // A seat's legal actions may show what only it knows (its hand, its hidden pieces).
  if (viewer !== "gm" && viewer !== actor) {
    box.append(hint(`Hidden from ${viewerLabel(viewer)}: view as ${actorLabel(actor)} or the game master to see them.`));
    await renderOrderForm(false);
    return;
  }
  await renderOrderForm(true);
  const actions = (await attempt(() => table.legal(actor))) || [];
  if (actions.length === 0) {
    box.append(hint(`${actor === "gm" ? "The game master" : seatName(actor)} has no legal action now.`));
  }
  for (const action of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "legal";
    button.textContent = action.text;
    button.title = JSON.stringify(action.json);
    button.addEventListener("click", () => act(JSON.stringify(action.json)));
    box.append(button);
  }
  applyTarget();
}

function hint(text) {
  const span = document.createElement("span");
  span.className = "hint";
  span.textContent = text;
  return span;
}

// --- Click-to-target --------------------------------------------------------------------------

let target = null;

function mentions(text, name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}-])${escaped}($|[^\\p{L}\\p{N}-])`, "iu").test(text);
}

/** Picks out the legal actions that name the place clicked on the map. */
function pick(names) {
  target = names;
  if (names) built?.pickPlace(names);
  applyTarget();
}

function applyTarget() {
  const buttons = [...document.querySelectorAll("#legal button.legal")];
  let named = 0;
  for (const button of buttons) {
    const hit = target !== null && target.some((n) => mentions(button.textContent, n));
    button.classList.toggle("target", hit);
    button.classList.toggle("other", target !== null && !hit);
    if (hit) named += 1;
  }
  const hintLine = $("legal-hint");
  hintLine.replaceChildren();
  if (target === null) {
    hintLine.textContent = "Legal actions (click to take one):";
    return;
  }
  hintLine.textContent = named > 0
    ? `${named} action(s) name ${target[0]}: `
    : `No legal action names ${target[0]}. `;
  const all = document.createElement("button");
  all.type = "button";
  all.className = "link";
  all.id = "target-clear";
  all.textContent = "show all";
  all.addEventListener("click", () => pick(null));
  hintLine.append(all);
  const first = buttons.find((b) => b.classList.contains("target"));
  if (first) first.scrollIntoView({ block: "nearest" });
}

// --- Actions ----------------------------------------------------------------------------------

async function act(input) {
  if (!table || past) return;
  const diceText = $("dice").value.trim();
  const dice = diceText === "" ? undefined : diceText;
  const who = actor;
  const result = await attempt(() => table.act(who, input, dice));
  if (result === undefined) return;
  $("dice").value = "";
  $("action").value = "";
  lastAction = { actor: who, step: result.step, text: result.action.text, events: result.events };
  target = null;
  await keep();
  await render();
}

/** The last action as the chosen viewer may know it: in full for its actor and the game master,
 *  otherwise only the step's events that the viewer may see. */
function renderLastAction(log) {
  const box = $("events");
  if (past || lastAction === null || lastAction.step !== table.steps) {
    box.textContent = !past && lastAction && lastAction.undone ? lastAction.undone : "";
    return;
  }
  const who = lastAction.actor === "gm" ? "gm" : seatName(lastAction.actor, "seat");
  if (viewer === "gm" || viewer === lastAction.actor) {
    const seen = lastAction.events.map((e) => e.text).join(" · ");
    box.textContent = `Step ${lastAction.step}: ${who} ${lastAction.text}${seen ? ` → ${seen}` : ""}`;
  } else {
    const seen = log.filter((e) => e.step === lastAction.step).map((e) => e.text).join(" · ");
    box.textContent = `Step ${lastAction.step}${seen ? `: ${seen}` : ""}`;
  }
}

async function undo() {
  const step = await attempt(() => table.undo());
  if (step === undefined) return;
  lastAction = { step: -1, undone: `Took back step ${step}.` };
  if (record && record.posted !== null && record.posted > table.steps) record.posted = table.steps;
  await keep();
  await render();
}

// --- Time travel ------------------------------------------------------------------------------

async function travel(step) {
  if (!table) return;
  if (step >= table.steps) {
    await present();
    return;
  }
  const then = await attempt(() => table.at(step));
  if (!then) return;
  if (past) past.close();
  past = then;
  await render();
}

async function present() {
  if (past) past.close();
  past = null;
  await render();
}

// --- Stored games -----------------------------------------------------------------------------

/** The seats a save's record names as actors. */
function seatsOfSave(text) {
  try {
    const entries = JSON.parse(text).record?.entries ?? [];
    return entries.map((e) => e.actor).filter((a) => a && typeof a === "object" && "seat" in a)
      .map((a) => Number(a.seat));
  } catch {
    return [];
  }
}

/** Writes the open game to its record (and the record to the store). */
async function keep() {
  if (!table || !record) return;
  const save = await table.save();
  // The seats shown so far (render adds the engine's to the record) and those acting in the save.
  const seats = new Set([...(record.seats ?? []), ...seatsOfSave(save)]);
  Object.assign(record, {
    game: table.game,
    steps: table.steps,
    updated: Date.now(),
    save,
    seats: [...seats].sort((a, b) => a - b),
  });
  if (store) {
    try {
      await store.put({ ...record });
      localStorage.setItem("pbp-table-open", record.id);
    } catch {
      show("this browser could not keep the game: save the record file");
    }
  }
}

/** Opens a table as the current game, with its record. */
async function adopt(next, rec) {
  if (past) past.close();
  past = null;
  if (table) table.close();
  table = next;
  record = rec;
  viewer = "gm";
  actor = null;
  actorPicked = false;
  lastAction = null;
  target = null;
  snap = null;
  // The set-up form follows the open game, so "Start a new game" starts this game's kind.
  $("game").value = table.game;
  fillConfig();
  await keep();
  await render();
}

/** A new game's name when none is given: the game and a number (never the seed, which the
 *  name would show to every viewer). */
async function defaultName(game) {
  const taken = new Set((store ? await store.list() : []).map((r) => r.name));
  let n = 1;
  while (taken.has(`${game} #${n}`)) n += 1;
  return `${game} #${n}`;
}

async function startGame() {
  const name = $("game").value;
  const config = $("config").value.trim();
  const seedText = $("seed").value.trim();
  let seed;
  if (seedText === "") {
    const words = crypto.getRandomValues(new Uint32Array(2));
    seed = (BigInt(words[0]) << 32n) | BigInt(words[1]);
  } else if (/^\d+$/.test(seedText) && BigInt(seedText) < 2n ** 64n) {
    seed = BigInt(seedText);
  } else {
    show("the seed must be a whole number from 0 to 18446744073709551615");
    return;
  }
  const setupDice = $("setup-dice").value.trim();
  const started = await attempt(() => engine.start(name, config === "" ? undefined : config, seed,
    setupDice === "" ? undefined : setupDice));
  if (!started) return;
  const title = $("game-name").value.trim() || await defaultName(name);
  $("game-name").value = "";
  const kept = config;
  await adopt(started, { id: newId(), name: title, posted: null, seats: [] });
  $("config").value = kept === "" ? $("config").value : kept;
  setTab("table");
  show(started.commitment
    ? `started ${name}: post its dice commitment ${started.commitment} with the first post`
    : `started ${name}`, "info");
}

function fillConfig() {
  const entry = catalog.find((g) => g.name === $("game").value);
  if (entry) $("config").value = JSON.stringify(entry.default_config, null, 2);
}

function download(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// The seed stays out of the file name: a name is easily posted where the save is not.
function saveName(game, steps) {
  return `${game}-step${steps}.json`;
}

async function saveFile() {
  const text = await attempt(() => table.save());
  if (text === undefined) return;
  download(new Blob([text], { type: "application/json" }), saveName(table.game, table.steps));
}

async function exportRecord(rec) {
  download(new Blob([rec.save], { type: "application/json" }), saveName(rec.game, rec.steps));
}

async function importFile(file) {
  const text = await file.text();
  const loaded = await attempt(() => engine.load(text, file.name));
  if (!loaded) return;
  const base = file.name.replace(/\.json$/i, "");
  await adopt(loaded, { id: newId(), name: base, posted: loaded.steps, seats: seatsOfSave(text) });
  setTab("table");
  show(`loaded ${file.name}: ${loaded.game} with ${loaded.steps} ${loaded.steps === 1 ? "action" : "actions"}`, "info");
}

async function openRecord(rec) {
  const loaded = await attempt(() => engine.load(rec.save, rec.name, false));
  if (!loaded) return;
  await adopt(loaded, { ...rec });
  setTab("table");
}

async function deleteRecord(rec) {
  const sure = await confirmAction(
    `Delete "${rec.name}" (${rec.game}, step ${rec.steps})? Its record is gone from this browser; save the record file first to keep it.`,
    "Delete it");
  if (!sure) return;
  await store.delete(rec.id);
  if (record && record.id === rec.id) {
    if (past) past.close();
    past = null;
    table.close();
    table = null;
    record = null;
    snap = null;
    await render();
  }
  await renderGames();
  show(`deleted ${rec.name}`, "info");
}

async function renameRecord(rec, name) {
  rec.name = name;
  if (record && record.id === rec.id) record.name = name;
  await store.put(rec);
  await render();
}

async function renderGames() {
  const rows = $("game-rows");
  const list = store ? await store.list() : (record ? [record] : []);
  rows.replaceChildren();
  $("no-games").hidden = list.length > 0;
  $("game-list").hidden = list.length === 0;
  for (const rec of list) {
    const tr = document.createElement("tr");
    tr.dataset.id = rec.id;
    tr.dataset.name = rec.name;
    if (record && rec.id === record.id) tr.className = "open";
    const name = document.createElement("td");
    const input = document.createElement("input");
    input.value = rec.name;
    input.className = "name";
    input.setAttribute("aria-label", "Name");
    input.addEventListener("change", () => renameRecord(rec, input.value.trim() || rec.name));
    name.append(input);
    const cells = [rec.game, String(rec.steps), new Date(rec.updated).toLocaleString()]
      .map((t) => {
        const td = document.createElement("td");
        td.textContent = t;
        return td;
      });
    const tools = document.createElement("td");
    tools.className = "tools";
    for (const [label, work, cls] of [["Open", () => openRecord(rec), "open"],
      ["Export", () => exportRecord(rec), "export secondary"],
      ["Delete", () => deleteRecord(rec), "delete secondary"]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = cls;
      button.textContent = label;
      button.addEventListener("click", work);
      tools.append(button);
    }
    tr.append(name, ...cells, tools);
    rows.append(tr);
  }
}

async function markPosted() {
  if (!record || past) return;
  record.posted = table.steps;
  await keep();
  await renderPost();
  show(`marked as posted up to step ${table.steps}`, "info");
}

async function copySummary() {
  const text = $("bbcode").value;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard permission (or over plain http), select it for a manual copy.
    $("bbcode").select();
    document.execCommand("copy");
  }
  show("summary copied", "info");
}

async function savePng() {
  const blob = await attempt(() => map.png());
  if (!blob) return;
  const step = past ? past.steps : table.steps;
  download(blob, `${table.game}-step${step}-${viewer}.png`);
}

// --- Start ------------------------------------------------------------------------------------

async function restore() {
  if (!store) return;
  const old = await store.migrate();
  if (old) {
    const loaded = await attempt(() => engine.load(old, "the game kept in this browser", false));
    if (loaded) {
      await adopt(loaded, { id: newId(), name: `${loaded.game} (kept)`, posted: loaded.steps, seats: seatsOfSave(old) });
      store.forgetOld();
      return;
    }
  }
  let openId = null;
  try {
    openId = localStorage.getItem("pbp-table-open");
  } catch {
    // no preference kept
  }
  const list = await store.list();
  const rec = list.find((r) => r.id === openId) ?? list[0];
  if (!rec) return;
  const loaded = await attempt(() => engine.load(rec.save, "the game kept in this browser", false));
  if (loaded) await adopt(loaded, { ...rec });
}

async function main() {
  engine = await moduleEngine();
  catalog = await engine.games();
  store = await openStore();
  map = new MapView($("field"), $("map-tip"), pick);
  // Every module rolls and reckons odds alike: the panel uses whichever is loaded (the kept
  // game's, or the core module, loaded below when no game is kept).
  setupDicePanel({
    roll: (...args) => engine.anyLoaded().roll(...args),
    odds: (...args) => engine.anyLoaded().odds(...args),
  });
  for (const entry of catalog) {
    const option = document.createElement("option");
    option.value = entry.name;
    option.textContent = entry.title ?? entry.name;
    $("game").append(option);
  }
  fillConfig();
  for (const button of document.querySelectorAll("[data-tab]")) {
    button.addEventListener("click", () => setTab(button.dataset.tab));
  }
  $("game").addEventListener("change", fillConfig);
  $("reset-config").addEventListener("click", fillConfig);
  $("start").addEventListener("click", startGame);
  $("act").addEventListener("click", () => act($("action").value));
  $("send-built").addEventListener("click", sendBuilt);
  $("action").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) act($("action").value);
  });
  $("undo").addEventListener("click", undo);
  $("actor").addEventListener("change", async () => {
    actor = $("actor").value;
    actorPicked = true;
    await render();
  });
  $("show-seat").addEventListener("click", () => {
    const seat = $("other-seat").value.trim();
    if (/^\d+$/.test(seat) && Number(seat) < 65536) setViewer(String(Number(seat)));
    else show("expected a seat number (0, 1, ...)");
  });
  $("copy").addEventListener("click", copySummary);
  $("mark-posted").addEventListener("click", markPosted);
  $("message").addEventListener("click", clearMessage);
  $("save").addEventListener("click", saveFile);
  $("png").addEventListener("click", savePng);
  $("present").addEventListener("click", present);
  $("zoom-in").addEventListener("click", () => map.zoomBy(1.5));
  $("zoom-out").addEventListener("click", () => map.zoomBy(1 / 1.5));
  $("zoom-reset").addEventListener("click", () => map.reset());
  $("load-file").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (file) importFile(file);
    e.target.value = "";
  });

  await restore();
  await engine.ensureOne();
  await render();
  setTab(table ? "table" : "games");
  document.body.dataset.ready = "true";

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
}

main().catch((error) => {
  $("status").textContent = `pbp could not start: ${error.message ?? error}`;
});
