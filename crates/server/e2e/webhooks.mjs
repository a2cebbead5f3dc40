// End-to-end test of the game master's webhook form on the table's page (pbp serve), in
// Debian's Chromium driven by playwright-core. It starts `pbp serve --allow-private-webhooks`
// on a fresh database and a free loopback port, and a webhook receiver of its own on another
// loopback port; the game master adds a webhook from the page, the players play a duel round,
// the page lists the deliveries the receiver got (signed with the secret the page showed once),
// and the game master removes the webhook. A seat's page never shows the form.
//
//     node webhooks.mjs        (after `cargo build -p pbp-cli`; PBP_CLI names another binary)

import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import assert from "node:assert/strict";
import { check, launchChromium, passedCount, startServer } from "./harness.mjs";




// A receiver that records every request's headers and raw body and answers 204.
function startReceiver() {
  const got = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      got.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, got, url: `http://127.0.0.1:${server.address().port}/hook` }));
  });
}

function signedBy(secret, delivery) {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(delivery.body).digest("hex")}`);
  const given = Buffer.from(delivery.headers["x-pbp-signature"] ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function api(base, method, path, token, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const value = await response.json();
  assert.ok(response.ok, `${method} ${path}: ${JSON.stringify(value)}`);
  return value;
}

async function run(base, receiver) {
  const created = await fetch(`${base}/api/tables`, {
    method: "POST",
    body: JSON.stringify({ game: "duel", players: ["Ann", "Bo"] }),
  }).then((r) => r.json());
  const link = (token) => `${base}/t/${created.id}#${token}`;
  const browser = await launchChromium();
  try {
    // A seat's page: no webhook form.
    const seatContext = await browser.newContext();
    const seat = await seatContext.newPage();
    await seat.goto(link(created.seat_tokens[0]));
    await seat.waitForFunction(() => document.querySelector("#who").textContent.includes("'s table"));
    await seat.waitForTimeout(500);
    check("a seat's page does not show the webhook form", await seat.isHidden("#webhooks-panel"));

    // The game master adds a webhook from the page.
    const gmContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const gm = await gmContext.newPage();
    await gm.goto(link(created.gm_token));
    await gm.waitForSelector("#webhooks-panel:not([hidden])");
    check("the game master's page shows the webhook form", true);
    await gm.fill("#hook-url", "ftp://example.com/hook");
    await gm.click("#hook-add");
    await gm.waitForSelector("#hook-message:not([hidden])");
    const refusal = await gm.textContent("#hook-message");
    check("a URL that is not http(s) is refused with its reason", refusal.includes("http or https"), refusal);
    await gm.fill("#hook-url", receiver.url);
    await gm.selectOption("#hook-format", "json");
    await gm.click("#hook-add");
    await gm.waitForFunction(() => document.querySelector("#hook-message").textContent.includes("shown this once"));
    const message = await gm.textContent("#hook-message");
    const secret = message.match(/([0-9a-f]{64})/)?.[1];
    check("the page shows the made secret once", Boolean(secret), message);
    await gm.waitForSelector("li.webhook");
    check("the new webhook is listed with nothing sent yet",
      (await gm.textContent("#hooks")).includes("Nothing sent yet"));

    // The players play a round: the turn closes and the next opens.
    for (const token of created.seat_tokens) {
      await api(base, "POST", `/api/tables/${created.id}/act`, token, { action: "strike" });
    }
    await gm.waitForFunction(
      () => [...document.querySelectorAll("li.webhook tr[data-state]")]
        .filter((row) => row.dataset.state === "delivered").length >= 2,
      null, { timeout: 20000 });
    const rows = await gm.$$eval("li.webhook tr[data-state]", (trs) => trs.map((tr) => tr.textContent));
    check("the page lists both notices as delivered", rows.length === 2, rows.join(" / "));
    check("with their outcome", rows.every((row) => row.includes("HTTP 204")), rows.join(" / "));
    check("the receiver got both", receiver.got.length === 2, String(receiver.got.length));
    check("each signed with the secret the page showed", receiver.got.every((d) => signedBy(secret, d)));
    const events = receiver.got.map((d) => JSON.parse(d.body.toString()).event);
    check("a turn closed, then a turn opened", events.join() === "turn_closed,turn_opened", events.join());
    const opened = JSON.parse(receiver.got[1].body.toString());
    check("the notice names the players", opened.text === "Duel: a new turn: Ann and Bo send their orders.", opened.text);
    await gm.reload();
    await gm.waitForSelector("li.webhook");
    check("the page never shows the secret again", !(await gm.content()).includes(secret));

    // The game master removes it.
    await gm.click("li.webhook .hook-remove");
    await gm.waitForSelector("#hooks-none:not([hidden])");
    check("the removed webhook is gone", (await gm.$$("li.webhook")).length === 0);
    const listing = await api(base, "GET", `/api/tables/${created.id}/webhooks`, created.gm_token);
    check("and gone from the API", listing.webhooks.length === 0);
  } finally {
    await browser.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "pbp-server-hooks-e2e-"));
const { child, base } = await startServer(dir, "hooks.sqlite", ["--allow-private-webhooks"]);
const receiver = await startReceiver();
try {
  await run(base, receiver);
  console.log(`${passedCount()} passed, 0 failed`);
} finally {
  child.kill("SIGKILL");
  receiver.server.close();
  rmSync(dir, { recursive: true, force: true });
}
