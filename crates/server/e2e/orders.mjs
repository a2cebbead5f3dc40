// Orders built, not typed, and every page at a phone's width, in Debian's Chromium (playwright-core,
// no browser download). Starts `pbp serve` on a fresh database and a free loopback port, then:
//
// - Ann sends a full Warring States sheet from her seat's page without typing: rows of orders
//   chosen from lists, each row checked by the server as it changes (a row past her rice is
//   refused beside the row), the post previewed, then sent;
// - one action of each other game (the duel, Clan War, Three Kingdoms, Scroll Race) is sent
//   from the list of what is legal, by the seat (or the game master) whose turn it is;
// - a Clan War attack is chosen by clicking its hex on the seat page's map, and sent;
// - the hosting page, a seat's page and the game master's page load at 1280 and 390 px wide: at
//   390, no horizontal scrolling, the map fits and the order form's controls are on screen; axe-core
//   finds no serious or critical violation at either width. Screenshots of each page at both
//   widths go to $PBP_SHOTS (default target/e2e-shots/server), printed at the end; not committed.
//
//     node orders.mjs     (after `cargo build -p pbp-cli`; PBP_CLI names another binary)

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { check, launchChromium, passedCount, repo, startServer } from "./harness.mjs";

const shots = process.env.PBP_SHOTS ?? path.join(repo, "target/e2e-shots/server");
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };



async function api(base, path, token, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${path}`, body === undefined
    ? { headers }
    : { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

async function createTable(base, body) {
  const created = await api(base, "/api/tables", null, body);
  return { id: created.id, gm: created.gm_token, seats: created.seat_tokens };
}

const steps = async (base, table) => (await api(base, `/api/tables/${table.id}/view`, table.gm)).steps;

/** axe-core's serious and critical violations of the page, as lines. */
async function axeViolations(page) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
  return result
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).join(", ")}`);
}

/** Loads `url` at both widths: screenshots, axe, and at a phone's width the layout checks. */
async function bothWidths(browser, url, name, ready, phoneChecks) {
  for (const [width, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    // bypassCSP: axe-core is injected as a script of the test's own, which the pages' policy refuses.
    const context = await browser.newContext({
      viewport, isMobile: width === "phone", hasTouch: width === "phone", bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`), fullPage: true });
    const violations = await axeViolations(page);
    check(`${name} at ${viewport.width} px: axe-core finds no serious or critical violation`,
      violations.length === 0, violations.join("\n"));
    if (width === "phone") {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      check(`${name} at 390 px: no horizontal scrolling`, overflow <= 0, `${overflow} px too wide`);
      await phoneChecks?.(page);
    }
    await context.close();
  }
}

/** Every visible control of the order form lies within the phone's width. */
async function formFits(page, name) {
  const outside = await page.$$eval("#order-form select, #order-form input, #order-form button, #send", (nodes) =>
    nodes.filter((n) => n.offsetParent !== null)
      .map((n) => n.getBoundingClientRect())
      .filter((r) => r.left < 0 || r.right > window.innerWidth + 0.5).length);
  check(`${name} at 390 px: the order form's controls are on screen`, outside === 0, `${outside} outside`);
}

async function mapFits(page, name) {
  const width = await page.$eval("#field svg", (svg) => svg.getBoundingClientRect().width);
  check(`${name} at 390 px: the map fits the width`, width > 0 && width <= PHONE.width, `${width} px`);
}

/** A Warring States sheet built from the form's lists, row by row, then sent. */
async function sheetWithoutTyping(browser, base) {
  const table = await createTable(base, { game: "warring-states", players: ["Ann", "Bo", "Cy", "Di"] });
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${base}/t/${table.id}#${table.seats[0]}`);
  await page.waitForSelector("#order-form .add-row");
  const actFor = await page.$$eval("#gm-seat option", (o) => o.map((x) => x.textContent));
  check("Ann's Act for shows her own seat, and only it", actFor.length === 1 && actFor[0].startsWith("Ann"), actFor.join(", "));

  const rows = page.locator("#order-form li.row-item");
  const row = async (index, order, rice, general) => {
    await page.click("#order-form .add-row");
    const r = rows.nth(index);
    await r.locator("select[name=kind]").selectOption({ label: order });
    await r.locator("select[name=state]").selectOption({ index: 0 });
    await r.locator("input[name=rice]").fill(String(rice));
    await r.locator("input[name=rice]").dispatchEvent("change");
    await r.locator("input[type=checkbox]").nth(general).check();
    return r;
  };
  const first = await row(0, "Defense", 3, 0);
  const second = await row(1, "Conquest", 2, 1);
  const state = (r) => r.locator(".row-status").getAttribute("data-state");
  await page.waitForFunction(() => [...document.querySelectorAll("#order-form .row-status")]
    .every((s) => s.dataset.state === "ok"));
  check("each row is checked by the server as it changes", (await state(first)) === "ok" && (await state(second)) === "ok");
  await page.waitForFunction(() => document.querySelector("#order-preview")?.textContent.includes("[b]3 Rice for Defense of"));
  const preview = await page.textContent("#order-preview");
  check("the sheet is previewed as the post it makes", /^\[b\]3 Rice for Defense of .+ with .+\.\n2 Rice for Conquest of .+ with .+\.\[\/b\]$/.test(preview), preview);

  // A row past Ann's rice: refused beside that row, the row above still accepted.
  const most = await second.locator("input[name=rice]").getAttribute("max");
  await second.locator("input[name=rice]").fill(most);
  await second.locator("input[name=rice]").dispatchEvent("change");
  await page.waitForFunction(() => document.querySelectorAll("#order-form .row-status")[1]?.dataset.state === "refused");
  const refusal = await second.locator(".row-status").textContent();
  check("a row past the seat's rice is refused beside the row", /Rice/.test(refusal) && (await state(first)) === "ok", refusal);
  await second.locator("input[name=rice]").fill("2");
  await second.locator("input[name=rice]").dispatchEvent("change");
  await page.waitForFunction(() => [...document.querySelectorAll("#order-form .row-status")]
    .every((s) => s.dataset.state === "ok"));

  await page.click("#send");
  await page.waitForFunction(() => document.querySelector("#order-form")?.textContent.includes("Nothing to send now"));
  check("the sheet built without typing was sent", (await steps(base, table)) === 1);
  const log = await api(base, `/api/tables/${table.id}/view`, table.seats[0]);
  check("Ann's sent orders are hers in the table", log.table.seats[0].name.startsWith("Ann"));
  await context.close();
  return table;
}

/** One action of `game` from the list of what is legal, by whoever acts first. */
async function oneFromTheList(browser, base, game) {
  const table = await createTable(base, { game });
  const view = await api(base, `/api/tables/${table.id}/view`, table.gm);
  const first = view.turn.acting.find((a) => a !== "game-master") ?? "game-master";
  const token = first === "game-master" ? table.gm : table.seats[first.seat];
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${base}/t/${table.id}#${token}`);
  await page.waitForSelector("#order-form select");
  await page.waitForFunction(() => document.querySelector("#order-verdict")?.dataset.state === "ok");
  const offered = await page.$$eval("#order-form select option", (o) => o.length);
  await page.click("#send");
  await page.waitForFunction(() => !document.querySelector("#message") || document.querySelector("#message").hidden);
  for (let i = 0; i < 50 && (await steps(base, table)) === 0; i += 1) await page.waitForTimeout(100);
  check(`${game}: one action sent from the list of ${offered} legal`, (await steps(base, table)) === 1);
  await context.close();
}

/** Clan War's attack chosen by clicking its hex on the seat page's map: the form's list then
 *  holds the attack on that hex, and it is what is sent. */
async function attackByHex(browser, base) {
  const table = await createTable(base, { game: "clan-war" });
  const view = await api(base, `/api/tables/${table.id}/view`, table.gm);
  const seat = view.turn.acting.find((a) => a !== "game-master").seat;
  const token = table.seats[seat];
  const form = await api(base, `/api/tables/${table.id}/form`, token);
  const choices = form.kinds.flatMap((k) => k.fields.flatMap((f) => f.input.choices ?? []));
  const attacks = choices.filter((c) => c.place);
  check("clan-war: the form's attacks carry their hex", attacks.length > 0, JSON.stringify(choices.slice(0, 3)));
  // The last attack offered, so that the click, not the list's first choice, decides.
  const wanted = attacks[attacks.length - 1];
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${base}/t/${table.id}#${token}`);
  await page.waitForSelector("#order-form select");
  await page.waitForSelector("#field svg title", { state: "attached" });
  const hex = page.locator("#field svg g", { has: page.locator(`title:text-matches("^${wanted.place}:")`) }).first();
  await hex.click();
  await page.waitForFunction((label) => {
    const select = document.querySelector("#order-form select");
    return select && select.options[select.selectedIndex]?.textContent === label;
  }, wanted.label);
  const tip = await page.textContent("#map-tip");
  check(`clan-war: a click on ${wanted.place} picks "${wanted.label}"`, tip.includes(wanted.place), tip);
  await page.waitForFunction(() => document.querySelector("#order-verdict")?.dataset.state === "ok");
  await page.click("#send");
  for (let i = 0; i < 50 && (await steps(base, table)) === 0; i += 1) await page.waitForTimeout(100);
  const log = await api(base, `/api/tables/${table.id}/log`, table.gm);
  const sent = JSON.stringify(log);
  check(`clan-war: the attack on ${wanted.place} is the action sent`, (await steps(base, table)) === 1 && sent.includes(wanted.place), sent.slice(0, 300));
  await context.close();
}

async function run(base) {
  mkdirSync(shots, { recursive: true });
  const browser = await launchChromium();
  try {
    const table = await sheetWithoutTyping(browser, base);
    for (const game of ["duel", "clan-war", "three-kingdoms", "scroll-race"]) {
      await oneFromTheList(browser, base, game);
    }
    await attackByHex(browser, base);
    // Every page at both widths: the hosting page, a seat that still has orders to build (Bo),
    // and the game master's page.
    await bothWidths(browser, `${base}/`, "hosting", (p) => p.waitForSelector("#game option", { state: "attached" }));
    const seatReady = (p) => p.waitForSelector("#order-form .add-row");
    await bothWidths(browser, `${base}/t/${table.id}#${table.seats[1]}`, "seat", seatReady, async (p) => {
      await p.click("#order-form .add-row");
      await formFits(p, "seat");
      await mapFits(p, "seat");
    });
    await bothWidths(browser, `${base}/t/${table.id}#${table.gm}`, "game-master",
      (p) => p.waitForSelector("#order-form select"), async (p) => {
        await formFits(p, "game-master");
        await mapFits(p, "game-master");
      });
  } finally {
    await browser.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "pbp-orders-"));
const { child, base } = await startServer(dir, "orders.sqlite");
try {
  await run(base);
  console.log(`screenshots: ${shots}`);
  console.log(`${passedCount()} passed, 0 failed`);
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
