// The game master's webhooks on the table's page: add one (a Discord, Slack or JSON URL),
// see each one's latest deliveries and their outcomes, remove one. The section stays hidden
// for anyone but the game master (the API answers them 401 or 403). The token is the link's
// part after '#', sent only as the Authorization header.

const $ = (id) => document.getElementById(id);
const id = location.pathname.split("/").filter(Boolean)[1];
const token = decodeURIComponent(location.hash.slice(1));

const EVENTS = {
  turn_opened: "turn opened",
  turn_closed: "turn closed",
  reminder: "reminder",
  game_over: "game over",
};

async function call(path, options = {}) {
  const headers = { ...(options.headers ?? {}), Authorization: `Bearer ${token}` };
  const response = await fetch(`/api/tables/${id}/${path}`, { ...options, headers });
  const text = await response.text();
  let value = null;
  try {
    value = JSON.parse(text);
  } catch {
    // not JSON: kept as text below
  }
  if (!response.ok) {
    const error = new Error(value?.message ?? text);
    error.status = response.status;
    throw error;
  }
  return value;
}

function say(message) {
  $("hook-message").hidden = !message;
  $("hook-message").textContent = message ?? "";
}

// A webhook URL as shown: its host and the start of its path (the rest is often the
// receiver's own secret, as in Discord's).
function shown(url) {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.length > 24 ? `${parsed.pathname.slice(0, 24)}…` : parsed.pathname;
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return url;
  }
}

function when(ms) {
  return ms ? new Date(ms).toLocaleString() : "";
}

function deliveryRow(delivery) {
  const row = document.createElement("tr");
  row.dataset.state = delivery.state;
  const state = delivery.state === "pending" && delivery.attempts > 0
    ? `pending, next try ${when(delivery.next_at_ms)}`
    : delivery.state;
  const cells = [
    EVENTS[delivery.event] ?? delivery.event,
    String(delivery.step),
    state,
    String(delivery.attempts),
    delivery.outcome ?? "",
    when(delivery.done_at_ms ?? delivery.created_at_ms),
  ];
  for (const text of cells) {
    const cell = document.createElement("td");
    cell.textContent = text;
    row.append(cell);
  }
  return row;
}

function hookItem(hook) {
  const item = document.createElement("li");
  item.className = "webhook";
  item.dataset.hook = hook.id;
  const title = document.createElement("p");
  const reminder = hook.remind_before
    ? `reminder ${Math.round(hook.remind_before / 60)} min before a deadline`
    : "no reminder";
  title.textContent = `${hook.format}: ${shown(hook.url)} (${reminder})`;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "secondary hook-remove";
  remove.textContent = "Remove";
  remove.addEventListener("click", () =>
    act(() => call(`webhooks/${hook.id}`, { method: "DELETE" }), "The webhook is removed."));
  title.append(" ", remove);
  item.append(title);
  if (hook.deliveries.length === 0) {
    const none = document.createElement("p");
    none.className = "hint";
    none.textContent = "Nothing sent yet: a notice goes out when a turn opens or closes, before a deadline, and when the game ends.";
    item.append(none);
    return item;
  }
  const table = document.createElement("table");
  const head = document.createElement("tr");
  for (const name of ["notice", "step", "state", "tries", "outcome", "when"]) {
    const cell = document.createElement("th");
    cell.textContent = name;
    head.append(cell);
  }
  table.append(head, ...hook.deliveries.map(deliveryRow));
  item.append(table);
  return item;
}

async function refresh() {
  let listing;
  try {
    listing = await call("webhooks");
  } catch (error) {
    if (error.status === 401 || error.status === 403) {
      $("webhooks-panel").hidden = true;
      return false;
    }
    throw error;
  }
  $("webhooks-panel").hidden = false;
  $("hooks").replaceChildren(...listing.webhooks.map(hookItem));
  $("hooks-none").hidden = listing.webhooks.length > 0;
  return true;
}

function act(action, done) {
  return action()
    .then((answer) => {
      say(typeof done === "function" ? done(answer) : done);
      return refresh();
    })
    .catch((error) => say(error.message));
}

$("hook-add").addEventListener("click", () => {
  const body = {
    url: $("hook-url").value.trim(),
    format: $("hook-format").value,
    remind_before: Math.max(0, Math.round(Number($("hook-remind").value) * 60)),
  };
  const secret = $("hook-secret").value;
  if (secret) body.secret = secret;
  act(
    () => call("webhooks", { method: "POST", body: JSON.stringify(body) }),
    (hook) => {
      $("hook-url").value = "";
      $("hook-secret").value = "";
      return hook.secret
        ? `The webhook is added. Its signing secret, shown this once: ${hook.secret}`
        : "The webhook is added, signed with your secret.";
    },
  );
});

if (token) {
  refresh()
    .then((mine) => {
      if (mine) setInterval(() => refresh().catch((error) => say(error.message)), 5000);
    })
    .catch((error) => say(error.message));
}
