// The game master's page. Everything game-specific comes from pbp-wasm: the game list, the
// default configs, the legal actions, the views, the SVG, the event texts and the BBCode. This
// file only wires them to the page, so every game in the catalog works here unchanged.

import init, { games, odds, roll, Session } from "./pkg/pbp_wasm.js";
import { setupDice as setupDicePanel } from "./dice.js";

const $ = (id) => document.getElementById(id);
const STORAGE_KEY = "pbp-table-save";

let session = null;
let viewer = "gm";
let actor = null;
let catalog = [];
let lastAction = null;

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

/** Runs `work`, showing its error (the CLI's message) instead of throwing. */
function attempt(work) {
  try {
    const result = work();
    clearMessage();
    return result;
  } catch (error) {
    show(error instanceof Error ? error.message : String(error));
    return undefined;
  }
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

// --- Who looks and who acts -------------------------------------------------------------------

function viewerLabel(v) {
  if (v === "gm") return "Game master";
  if (v === "public") return "Public";
  return `Seat ${v}`;
}

function audienceLabel(audience) {
  if (audience === "everyone") return "everyone";
  if (audience === "game-master") return "gm only";
  if (audience && Array.isArray(audience.seats)) {
    return audience.seats.map((s) => `seat ${s}`).join(", ");
  }
  return JSON.stringify(audience);
}

function actorKey(a) {
  return a === "game-master" ? "gm" : String(a.seat);
}

function seatsShown() {
  const seats = new Set(session.seats());
  if (/^\d+$/.test(viewer)) seats.add(Number(viewer));
  if (actor !== null && /^\d+$/.test(actor)) seats.add(Number(actor));
  return [...seats].sort((a, b) => a - b);
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

function renderActors(turn) {
  const acting = new Set((turn.acting || []).map(actorKey));
  const select = $("actor");
  select.replaceChildren();
  const keys = [...seatsShown().map(String), "gm"];
  for (const key of keys) {
    const option = document.createElement("option");
    option.value = key;
    const label = key === "gm" ? "game master" : `seat ${key}`;
    option.textContent = acting.has(key) ? `${label} (may act)` : label;
    select.append(option);
  }
  if (actor === null || !keys.includes(actor)) {
    actor = keys.find((k) => acting.has(k)) ?? keys[0];
  }
  select.value = actor;
}

function setViewer(v) {
  viewer = v;
  // Looking as a seat usually means acting for it.
  if (v !== "public") actor = v;
  render();
}

// --- Rendering the table ----------------------------------------------------------------------

function render() {
  if (!session) return;
  for (const id of ["table", "actions", "post", "history"]) $(id).hidden = false;
  const turn = session.turn();
  // The seed would let a player predict the seeded rolls: only the game master's view shows it.
  // The commitment to it is public, from the first post on.
  const seed = viewer === "gm" ? ` · seed ${session.seed}` : "";
  const commitment = session.commitment ? ` · dice commitment ${session.commitment}` : "";
  $("status").textContent = `${session.game}${seed} · ${session.steps} action(s) taken${commitment}`;
  $("turn").textContent = session.describeTurn();
  $("turn").className = turn.over ? "over" : "";
  renderViewers();
  renderActors(turn);

  const svg = session.svg(viewer);
  $("field-img").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  $("field-img").alt = `The field as ${viewerLabel(viewer)} sees it`;
  $("text").textContent = session.text(viewer);
  $("view-json").replaceChildren(renderJson(session.view(viewer).view));
  $("bbcode").value = session.bbcode(viewer);
  $("log-title").textContent = `Event log: what ${viewerLabel(viewer)} sees`;
  $("post-title").textContent = `Summary to post (BBCode, as ${viewerLabel(viewer)} sees it)`;

  const log = $("log");
  log.replaceChildren();
  const events = session.log(viewer);
  renderLastAction(events);
  for (const event of events) {
    const li = document.createElement("li");
    const step = document.createElement("span");
    step.className = "step";
    step.textContent = event.step === 0 ? "setup" : `step ${event.step}`;
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = event.text;
    const audience = document.createElement("span");
    audience.className = "audience";
    audience.textContent = audienceLabel(event.audience);
    li.append(step, text, audience);
    log.append(li);
  }
  log.scrollTop = log.scrollHeight;
  renderLegal();
  $("undo").disabled = session.steps === 0;
  try {
    localStorage.setItem(STORAGE_KEY, session.save());
  } catch {
    // Private browsing or a full storage: the page works without it.
  }
}

function renderLegal() {
  const box = $("legal");
  box.replaceChildren();
  // A seat's legal actions may show what only it knows (its hand, its hidden pieces).
  if (viewer !== "gm" && viewer !== actor) {
    const hidden = document.createElement("span");
    hidden.className = "hint";
    hidden.textContent = `Hidden from ${viewerLabel(viewer)}: view as ${actor === "gm" ? "the game master" : `seat ${actor}`} or the game master to see them.`;
    box.append(hidden);
    return;
  }
  const actions = attempt(() => session.legal(actor)) || [];
  if (actions.length === 0) {
    const none = document.createElement("span");
    none.className = "hint";
    none.textContent = `${actor === "gm" ? "The game master" : `Seat ${actor}`} has no legal action now.`;
    box.append(none);
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
}

// --- Actions ----------------------------------------------------------------------------------

function act(input) {
  if (!session) return;
  const diceText = $("dice").value.trim();
  const dice = diceText === "" ? undefined : diceText;
  const result = attempt(() => session.act(actor, input, dice));
  if (result === undefined) return;
  $("dice").value = "";
  $("action").value = "";
  lastAction = { actor, step: result.step, text: result.action.text, events: result.events };
  render();
}

/** The last action as the chosen viewer may know it: in full for its actor and the game master,
 *  otherwise only the step's events that the viewer may see. */
function renderLastAction(log) {
  const box = $("events");
  if (lastAction === null || lastAction.step !== session.steps) {
    box.textContent = lastAction && lastAction.undone ? lastAction.undone : "";
    return;
  }
  const who = lastAction.actor === "gm" ? "gm" : `seat ${lastAction.actor}`;
  if (viewer === "gm" || viewer === lastAction.actor) {
    const seen = lastAction.events.map((e) => e.text).join(" · ");
    box.textContent = `Step ${lastAction.step}: ${who} ${lastAction.text}${seen ? ` → ${seen}` : ""}`;
  } else {
    const seen = log.filter((e) => e.step === lastAction.step).map((e) => e.text).join(" · ");
    box.textContent = `Step ${lastAction.step}${seen ? `: ${seen}` : ""}`;
  }
}

function startGame() {
  const name = $("game").value;
  const config = $("config").value.trim();
  let seedText = $("seed").value.trim();
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
  const started = attempt(
    () => new Session(name, config === "" ? undefined : config, seed,
      setupDice === "" ? undefined : setupDice),
  );
  if (!started) return;
  adopt(started);
  show(`started ${name}: post its dice commitment ${started.commitment} with the first post`, "info");
}

function adopt(next) {
  if (session) session.free();
  session = next;
  viewer = "gm";
  actor = null;
  lastAction = null;
  render();
}

function fillConfig() {
  const entry = catalog.find((g) => g.name === $("game").value);
  if (entry) $("config").value = JSON.stringify(entry.default_config, null, 2);
}

function download() {
  const text = attempt(() => session.save());
  if (text === undefined) return;
  const blob = new Blob([text], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${session.game}-step${session.steps}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function loadFile(file) {
  const text = await file.text();
  const loaded = attempt(() => Session.load(text, file.name));
  if (!loaded) return;
  $("game").value = loaded.game;
  adopt(loaded);
  show(`loaded ${file.name}: ${loaded.game} with ${loaded.steps} action(s)`, "info");
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

// --- Start ------------------------------------------------------------------------------------

async function main() {
  await init();
  catalog = games();
  setupDicePanel({ roll, odds });
  for (const entry of catalog) {
    const option = document.createElement("option");
    option.value = option.textContent = entry.name;
    $("game").append(option);
  }
  fillConfig();
  $("game").addEventListener("change", fillConfig);
  $("reset-config").addEventListener("click", fillConfig);
  $("start").addEventListener("click", startGame);
  $("act").addEventListener("click", () => act($("action").value));
  $("action").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) act($("action").value);
  });
  $("undo").addEventListener("click", () => {
    const step = attempt(() => session.undo());
    if (step !== undefined) {
      lastAction = { step: -1, undone: `Took back step ${step}.` };
      render();
    }
  });
  $("actor").addEventListener("change", () => {
    actor = $("actor").value;
    render();
  });
  $("show-seat").addEventListener("click", () => {
    const seat = $("other-seat").value.trim();
    if (/^\d+$/.test(seat) && Number(seat) < 65536) setViewer(String(Number(seat)));
    else show("expected a seat number (0, 1, ...)");
  });
  $("copy").addEventListener("click", copySummary);
  $("message").addEventListener("click", clearMessage);
  $("save").addEventListener("click", download);
  $("load-file").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (file) loadFile(file);
    e.target.value = "";
  });

  const kept = localStorage.getItem(STORAGE_KEY);
  if (kept) {
    const restored = attempt(() => Session.load(kept, "the game kept in this browser"));
    if (restored) {
      $("game").value = restored.game;
      adopt(restored);
    }
  }
  if (!session) $("status").textContent = `${catalog.length} game(s): pick one and start.`;
  document.body.dataset.ready = "true";

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
}

main().catch((error) => {
  $("status").textContent = `pbp could not start: ${error.message ?? error}`;
});
