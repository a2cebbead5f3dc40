// A seat's or the game master's page of a hosted table. The token is the part of the link
// after '#': it never reaches the server's logs or another site (no referrer), and is sent only
// as the Authorization header of the API calls.

import { openStream } from "/assets/live.js";
import { renderLinks } from "/assets/links.js";
import { renderForm } from "/assets/form.js";
import { MapView } from "/assets/map.js";

const $ = (id) => document.getElementById(id);
const id = location.pathname.split("/").filter(Boolean)[1];
const token = decodeURIComponent(location.hash.slice(1));
let state = null;

function show(message) {
  $("message").hidden = !message;
  $("message").textContent = message ?? "";
}

async function api(path, options = {}) {
  const headers = { ...(options.headers ?? {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api/tables/${id}/${path}`, { ...options, headers });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = JSON.parse(text).message;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(message);
  }
  return text;
}

const post = (path, body) => api(path, { method: "POST", body: JSON.stringify(body ?? {}) });

function describeTurn(turn) {
  if (turn.over) return "The game is over.";
  const names = (turn.acting ?? []).map((a) =>
    a === "game-master" ? "the game master" : state.table.seats[a.seat]?.name ?? `seat ${a.seat}`);
  return `To act: ${names.join(", ")}.`;
}

function actFor() {
  if (state.table.you === "gm") {
    const value = $("gm-seat").value;
    return value === "gm" ? {} : { as: Number(value) };
  }
  return {};
}

// The order form: built from the table's form for the one who acts (GET .../form), rows checked
// by the server as they change (POST .../check). Rebuilt only when the form itself changes, so
// a live refresh never loses a sheet being built.
let built = null;
/** The map, drawn inline once the first view arrives. */
let map = null;
let shownForm = null;

async function renderOrderForm() {
  const query = state.table.you === "gm" && $("gm-seat").value !== "gm" ? `?as=${$("gm-seat").value}` : "";
  const text = await api(`form${query}`);
  const key = `${query}|${text}`;
  if (key === shownForm) return;
  shownForm = key;
  built = renderForm($("order-form"), JSON.parse(text), {
    prefix: "order",
    check: async (action) => JSON.parse(await post("check", { action, ...actFor() })),
  });
}

// What the buttons send: the pasted post when the box holds text, otherwise the built action.
function orderToSend() {
  const pasted = $("order").value.trim();
  if (pasted !== "") return pasted;
  const action = built?.value();
  if (action === null || action === undefined) throw new Error("Nothing to send: build an action above or paste a post.");
  return action;
}

function renderSeats() {
  const table = state.table;
  const list = $("seats");
  list.replaceChildren();
  for (const seat of table.seats) {
    const item = document.createElement("li");
    const words = { none: "no orders yet", draft: "draft saved", ready: "ready" }[seat.orders];
    item.textContent = `${seat.name}: ${seat.to_act ? words : "nothing to send"}`;
    item.dataset.orders = seat.orders;
    list.append(item);
  }
  $("deadline").textContent = table.deadline
    ? `Deadline: ${new Date(table.deadline * 1000).toLocaleString()}` +
      (table.grace ? ` (grace ${Math.round(table.grace / 60)} min)` : "")
    : "No deadline.";
  $("absent-default").textContent = table.absent === "bot"
    ? "A player who sends nothing by the deadline: the computer player moves for them."
    : "A player who sends nothing by the deadline: no orders.";
  $("dice-rule").textContent = table.dice === "players"
    ? "Dice: this table takes the players' own forum rolls with their actions; the log marks every step rolled on the forum."
    : "Dice: the server rolls every action from the table's committed seed; only the game master may enter dice rolled on the forum, and the log marks those steps.";
}

function renderDraft() {
  const table = state.table;
  const mine = table.you?.seat ?? (table.you === "gm" ? Number($("gm-seat").value) : null);
  const draft = table.drafts.find((d) => d.seat === mine);
  $("draft-state").textContent = draft
    ? `Saved draft${draft.ready ? ", ready" : ""}: ${JSON.stringify(draft.action)}`
    : "No draft saved.";
}

// Whether the page's holder must act now: a seat that may act, or the game master when no
// seat may (the game master may always act in some games; that is not "their turn").
function yourTurn() {
  if (!state || state.turn.over) return false;
  const acting = state.turn.acting ?? [];
  const you = state.table.you;
  if (you?.seat !== undefined) return acting.some((a) => a?.seat === you.seat);
  if (you === "gm") return acting.length > 0 && acting.every((a) => a === "game-master");
  return false;
}

let wasYourTurn = false;

function showTurn() {
  const mine = yourTurn();
  $("your-turn").hidden = !mine;
  const name = state.title;
  document.title = mine ? `(1) Your turn - ${name}` : `${name} - pbp`;
  if (mine && !wasYourTurn && document.hidden && notificationsOn()) {
    new Notification(`Your turn - ${name}`, { body: $("turn").textContent, tag: `pbp-${id}` });
  }
  wasYourTurn = mine;
}

// Browser notifications: only after the player asked for them with the button.
function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted"
    && localStorage.getItem(`pbp-notify-${id}`) === "on";
}

function showNotifyButton() {
  const button = $("notify");
  if (!("Notification" in window) || state?.table.you === "public") {
    button.hidden = true;
    return;
  }
  button.hidden = false;
  button.textContent = notificationsOn()
    ? "Notifications on (turn off)"
    : "Notify me when it is my turn";
}

$("notify").addEventListener("click", async () => {
  if (notificationsOn()) {
    localStorage.setItem(`pbp-notify-${id}`, "off");
  } else {
    const permission = await Notification.requestPermission();
    localStorage.setItem(`pbp-notify-${id}`, permission === "granted" ? "on" : "off");
    if (permission !== "granted") show("The browser did not allow notifications.");
  }
  showNotifyButton();
});

async function refresh() {
  state = JSON.parse(await api("view"));
  const you = state.table.you;
  $("who").textContent = you === "gm"
    ? "the game master's table"
    : you === "public" ? "the table" : `${state.table.seats[you.seat].name}'s table`;
  $("status").textContent = `${state.title}, step ${state.steps}`;
  $("turn").textContent = describeTurn(state.turn);
  // The seats belong with the status line: render them before any other request, so the page never
  // shows a new step beside the seats of the last one.
  renderSeats();
  showTurn();
  showNotifyButton();
  $("text").textContent = await api("view?format=text");
  // The map inline (its tooltips show), a click on a place picking it in the order form: a
  // hex to attack, a state in the sheet's row being edited.
  map ??= new MapView($("field"), $("map-tip"), (names) => {
    if (built?.pickPlace(names)) $("map-tip").textContent = `Picked ${names[0]} in the order form.`;
  });
  map.show(await api("view?format=svg"), "the map");
  const log = JSON.parse(await api("log"));
  $("log").replaceChildren(...log.map((event) => {
    const item = document.createElement("li");
    item.textContent = `step ${event.step}: ${event.text}`;
    return item;
  }));
  const acting = you !== "public";
  $("orders-panel").hidden = !acting;
  $("gm-panel").hidden = you !== "gm";
  // A seat acts for itself: its list shows its own seat, and only it.
  if (you?.seat !== undefined && $("gm-seat").options.length !== 1) {
    $("gm-seat").replaceChildren(new Option(state.table.seats[you.seat].name, String(you.seat)));
  }
  // The game master's seat list follows the game's seats: a seat the game adds later appears.
  if (you === "gm" && $("gm-seat").options.length !== state.table.seats.length + 1) {
    const chosen = $("gm-seat").value;
    const own = new Option("the game master", "gm");
    $("gm-seat").replaceChildren(own, ...state.table.seats.map((s) => new Option(s.name, s.seat)));
    if ([...$("gm-seat").options].some((o) => o.value === chosen)) $("gm-seat").value = chosen;
  }
  if (you === "gm") renderLinks($("links"), state.table, id, (path, body) => post(path, body), show);
  if (acting) {
    renderDraft();
    await renderOrderForm();
  }
  if (you === "gm") $("bbcode").value = await api("view?format=bbcode");
}

function run(action) {
  return () => Promise.resolve().then(action).then(() => { show(""); return refresh(); }).catch((e) => show(e.message));
}

$("save-draft").addEventListener("click", run(() =>
  post("draft", { action: orderToSend(), ...actFor() })));
$("ready").addEventListener("click", run(() => post("ready", { ready: true, ...actFor() })));
$("unready").addEventListener("click", run(() => post("ready", { ready: false, ...actFor() })));
$("send").addEventListener("click", run(() =>
  post("act", { action: orderToSend(), expect_step: state.steps, ...actFor() })));
$("set-deadline").addEventListener("click", run(() => post("deadline", {
  in_seconds: Math.max(0, Math.round(Number($("deadline-minutes").value) * 60)),
  grace: Math.max(0, Math.round(Number($("grace-minutes").value) * 60)),
})));
$("clear-deadline").addEventListener("click", run(() => post("deadline", { in_seconds: null })));
$("resolve").addEventListener("click", run(() => post("resolve")));
$("gm-seat").addEventListener("change", run(async () => {}));
$("download").addEventListener("click", run(async () => {
  const save = await api("record");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([save], { type: "application/json" }));
  a.download = `${id}.json`;
  a.click();
}));

// Live updates: the page refreshes on each event of the table's stream (a burst of events, one
// refresh). While the stream is down, and only then, a slow poll keeps the page current, and the
// page says so.
const SLOW_POLL = 30000;
let pending = null;
let refreshing = Promise.resolve();
function refreshSoon() {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    refreshing = refreshing.then(() => refresh()).catch((e) => show(e.message));
  }, 30);
}

let poll = null;
function liveState(now, why) {
  const live = $("live");
  live.dataset.state = now;
  if (now === "live") {
    live.textContent = "Live: this page updates as soon as anything happens at the table.";
    clearInterval(poll);
    poll = null;
    refreshSoon();
  } else {
    live.textContent = `Live updates are down (${why}): checking every ${SLOW_POLL / 1000} seconds `
      + "and reconnecting.";
    poll ??= setInterval(refreshSoon, SLOW_POLL);
  }
}

run(async () => {})();
openStream(id, token, {
  onEvent: () => refreshSoon(),
  onState: liveState,
});
