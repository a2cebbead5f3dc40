// The hosting page: creates a table through the API and lists the private links.

const $ = (id) => document.getElementById(id);

function show(message) {
  $("message").hidden = !message;
  $("message").textContent = message ?? "";
}

// The games this server hosts, by title (the value sent is the name), and whether it asks for
// its creation token (pbp serve --create-token).
async function server() {
  const response = await fetch("/api/server");
  const info = await response.json();
  for (const game of info.games) $("game").append(new Option(game.title, game.name));
  $("create-token-field").hidden = !info.create_token;
}

function link(label, id, token) {
  const url = `${location.origin}/t/${id}#${token}`;
  const item = document.createElement("li");
  const a = document.createElement("a");
  a.href = url;
  a.textContent = url;
  a.className = "table-link";
  item.append(`${label}: `, a);
  return item;
}

async function create() {
  show("");
  const body = { game: $("game").value, absent: $("absent").value, dice: $("dice").value };
  const config = $("config").value.trim();
  if (config) {
    try {
      body.config = JSON.parse(config);
    } catch (error) {
      show(`The config is not JSON: ${error.message}`);
      return;
    }
  }
  const players = $("players").value.split("\n").map((s) => s.trim()).filter(Boolean);
  if (players.length) body.players = players;
  const headers = { "Content-Type": "application/json" };
  const token = $("create-token").value.trim();
  if (!$("create-token-field").hidden) {
    if (!token) {
      show("This server needs its creation token to create a table.");
      return;
    }
    headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch("/api/tables", {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    show(answer.message);
    return;
  }
  const list = $("link-list");
  list.replaceChildren(link("Game master", answer.id, answer.gm_token));
  answer.seat_tokens.forEach((token, seat) => {
    list.append(link(answer.players[seat], answer.id, token));
  });
  $("links").hidden = false;
  $("status").textContent = `Table ${answer.id} is ready.`;
}

$("create").addEventListener("click", () => create().catch((e) => show(e.message)));
server().catch((e) => show(e.message));
