// End-to-end test of the game master's page (crates/wasm/www) in Debian's Chromium, driven by
// playwright-core (which never downloads a browser). It serves the page itself on 127.0.0.1,
// checks that the server answering is the one it started, plays a duel through the page, and
// stops the server at the end. Screenshots go to e2e/screenshots/.
//
//     node e2e.mjs            (after crates/wasm/build.sh; see crates/wasm/test.sh)
//
// It needs the pbp CLI (target/debug/pbp, or $PBP_CLI; test.sh builds it): it moves games between
// the CLI and the page and compares their answers, and fails without it.

import { createServer } from "node:http";
import { readFile, mkdir, writeFile, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../www");
const repo = path.resolve(here, "../../..");
const shots = path.join(here, "screenshots");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const cli = process.env.PBP_CLI ?? path.join(repo, "target/debug/pbp");
// With PBP_DOC_SCREENSHOTS=docs/web, the screenshots of each game for docs/WEB.md.
const docShots = process.env.PBP_DOC_SCREENSHOTS ? path.resolve(process.env.PBP_DOC_SCREENSHOTS) : null;

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

// axe-core (npm), run in the page through the test's own evaluation (the page's policy refuses
// an injected script tag): its serious and critical violations, one line each.
const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
async function axeViolations(page) {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ["violations"] }))
    .violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })));
  return found.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).join(", ")}`);
}

let passed = 0;
function check(name, condition, detail = "") {
  assert.ok(condition, `${name}${detail ? `: ${detail}` : ""}`);
  passed += 1;
  console.log(`  ok ${passed} - ${name}`);
}

// --- The server -------------------------------------------------------------------------------

const token = randomBytes(8).toString("hex");
let served = 0;

function startServer() {
  const server = createServer(async (request, response) => {
    served += 1;
    const url = new URL(request.url, "http://127.0.0.1");
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, "index.html");
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "x-pbp-test-server": token,
        "cache-control": "no-store",
      });
      response.end(body);
    } catch {
      response.writeHead(404, { "x-pbp-test-server": token }).end("not found");
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

// --- The test ---------------------------------------------------------------------------------

async function run(base) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    // Nothing may leave 127.0.0.1: the page works offline.
    const foreign = [];
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(base) || url.startsWith("data:") || url.startsWith("blob:")) {
        return route.continue();
      }
      foreign.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    await page.goto(base);
    await page.waitForSelector("body[data-ready=true]");
    // The wasm modules this page fetched itself (the service worker's caching is not counted).
    const modulesFetched = () => page.evaluate(() => [...new Set(performance.getEntriesByType("resource")
      .map((e) => /pkg\/([^/]+)\/pbp_wasm_bg\.wasm$/.exec(new URL(e.name).pathname))
      .filter(Boolean).map((m) => m[1]))]);
    check("a page with no game kept loads the core module alone",
      (await modulesFetched()).join() === "core", (await modulesFetched()).join());

    const text = (selector) => page.locator(selector).innerText();
    // The message box once it shows a message starting with `prefix` (or what it shows after
    // five seconds, for the check to report).
    const message = async (prefix) => {
      await page.waitForFunction((p) => {
        const box = document.querySelector("#message");
        return !box.hidden && box.textContent.startsWith(p);
      }, prefix, { timeout: 5000 }).catch(() => {});
      return (await page.locator("#message").isVisible()) ? text("#message") : "(no message)";
    };
    const viewAs = async (viewer) => {
      await page.click(`#viewers button[data-viewer="${viewer}"]`);
      await page.waitForSelector(`#viewers button[data-viewer="${viewer}"][aria-pressed=true]`);
    };
    const seen = async () => ({
      text: await page.locator("#text").textContent(),
      log: await text("#log"),
      bbcode: await page.inputValue("#bbcode"),
      svg: await page.locator("#field svg").evaluate((n) => n.outerHTML),
      last: await text("#events"),
      data: await page.locator("#view-json").textContent(),
    });
    const tab = async (name) => {
      await page.click(`#tabs button[data-tab="${name}"]`);
      await page.waitForSelector(`#view-${name}:not([hidden])`);
      if (name === "games") await page.waitForSelector("body[data-games-ready=true]");
    };
    const typed = async () => {
      await page.evaluate(() => { document.querySelector("#typed").open = true; });
    };
    const stepsAre = (n) => page.waitForFunction((k) => document.body.dataset.steps === String(k), n);
    // Answers a confirmation dialog with `yes` or Cancel.
    const answer = async (yes) => {
      await page.waitForSelector("#confirm[open]");
      await page.click(yes ? "#confirm-yes" : "#confirm-no");
      await page.waitForSelector("#confirm:not([open])", { state: "attached" });
    };
    const storedGames = () => page.locator("#game-rows tr").count();

    console.log("setup");
    check("with no game the set-up view is shown", await page.locator("#view-games").isVisible());
    const options = await page.locator("#game option").evaluateAll((os) => os.map((o) => o.value));
    // Each game is listed, and shown in the status line, by its title (Game::TITLE).
    const titles = Object.fromEntries(await page.locator("#game option")
      .evaluateAll((os) => os.map((o) => [o.value, o.textContent])));
    check("the game list comes from the catalog", options.includes("duel"), options.join());
    check("the games are listed by their titles", titles.duel === "Duel"
      && titles["warring-states"] === "Warring States", JSON.stringify(titles));
    const config = JSON.parse(await page.inputValue("#config"));
    check("the config editor holds the default config", config.first_to === 3);
    await page.fill("#seed", "2026");
    await page.click("#start");
    await page.waitForSelector("#table:not([hidden])");
    check("the game starts with the seed", (await text("#status")).includes("seed 2026"));
    check("a started game shows the table view", await page.locator("#view-table").isVisible());
    check("the turn is shown", (await text("#turn")) === "to act: Player 1, Player 2, gm");
    const viewers = await page.locator("#viewers button").allTextContents();
    check("every viewer is offered", viewers.join() === "Game master,Public,Player 1,Player 2",
      viewers.join());
    await mkdir(shots, { recursive: true });
    if (docShots) await mkdir(docShots, { recursive: true });
    await page.screenshot({ path: path.join(shots, "1-new-game.png"), fullPage: true });

    console.log("play");
    await page.selectOption("#actor", "0");
    const legal = await page.locator("#legal button").allTextContents();
    check("Player 1's legal actions are listed", legal.join() === "strike,focus", legal.join());
    await page.click("#legal button:text-is('focus')");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("1 action"));
    check("a clicked legal action is taken",
      (await text("#events")).includes("Player 1 chose focus"), await text("#events"));
    check("Act as follows the turn to a seat that may act", (await page.inputValue("#actor")) === "1",
      await page.inputValue("#actor"));

    console.log("hidden information");
    for (const viewer of ["1", "public"]) {
      await viewAs(viewer);
      const view = await seen();
      check(`${viewer} does not see Player 1's sealed stance`,
        !view.text.includes("own stance focus") && !view.log.includes("chose")
          && !view.bbcode.includes("chose") && !view.svg.includes("focus")
          && !view.last.includes("focus"),
        JSON.stringify(view));
      check(`${viewer} sees that Player 1 sealed`, view.log.includes("Player 1 sealed a stance")
        && view.last === "Step 1: Player 1 sealed a stance", view.last);
    }
    check("the public sees no seat's legal actions",
      (await page.locator("#legal button").count()) === 0
        && (await text("#legal")).startsWith("Hidden from Public"), await text("#legal"));
    check("the public does not see the seed", !(await text("#status")).includes("seed 2026"),
      await text("#status"));
    check("the public sees the dice commitment", /dice commitment [0-9a-f]{64}/.test(await text("#status")),
      await text("#status"));
    await page.screenshot({ path: path.join(shots, "2-public-view.png"), fullPage: true });
    for (const viewer of ["0", "gm"]) {
      await viewAs(viewer);
      const view = await seen();
      check(`${viewer} sees Player 1's stance`,
        view.text.includes("own stance focus") && view.log.includes("Player 1 chose focus")
          && view.last.includes("Player 1 focus → Player 1 sealed a stance · Player 1 chose focus"),
        view.log);
    }

    check("looking as the game master does not turn the actor into the game master",
      (await page.inputValue("#actor")) === "1", await page.inputValue("#actor"));

    console.log("the post since the last one");
    check("with nothing posted, the post covers the set-up and every step",
      (await page.inputValue("#bbcode")).includes("Player 1 chose focus")
        && (await text("#post-range")).startsWith("The set-up and steps 1 to 1"), await text("#post-range"));
    await page.click("#mark-posted");
    await page.waitForFunction(() => document.body.dataset.posted === "1");
    check("marked as posted, nothing is new", (await text("#post-range")).startsWith("Nothing new"),
      await text("#post-range"));

    console.log("actions typed with dice rolled elsewhere, errors and undo");
    await page.selectOption("#actor", "1");
    await typed();
    await page.fill("#action", "dance");
    await page.click("#act");
    check("a bad action shows the CLI's message",
      (await message("not an action")).startsWith("not an action of duel: 'dance'"));
    check("a refused action changes nothing", (await text("#status")).includes("1 action"));
    await page.fill("#action", '{"choose":"strike"}');
    await page.fill("#dice", "2,10,4,1,9,9");
    await page.click("#act");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("2 action"));
    const round = "focus against strike: 14 to 9; Player 1 wins the round";
    check("the round is resolved with the dice given", (await text("#events")).includes(round),
      await text("#events"));
    await viewAs("public");
    const afterRound = await seen();
    check("the field shows the score", afterRound.svg.includes(">1<") && afterRound.text.includes("1 - 0"));
    check("the BBCode summary is the CLI's",
      new RegExp(`^\\[b\\]Duel\\[/b\\]: 1 - 0\\n\\[\\*\\] Player 2 sealed a stance\\n\\[\\*\\] ${round.replace(/[()]/g, "\\$&")}\\n`
        + `\\[i\\]dice commitment: [0-9a-f]{64}\\[/i\\]\\n`
        // The public sees no forum dice line: it is for the seat that acted and the game master.
        + `chain at step 2: [0-9a-f]{12}\\n$`).test(afterRound.bbcode),
      afterRound.bbcode);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await page.click("#copy");
    check("the summary can be copied", (await message("summary")) === "summary copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    check("the clipboard holds the summary", copied === afterRound.bbcode, copied);
    await page.click("#undo");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("1 action"));
    check("undo takes back the last action", (await text("#events")) === "Took back step 2.");
    check("undo brings the score back", (await seen()).text.includes("0 - 0"));
    await page.selectOption("#actor", "1");
    await page.fill("#action", "strike");
    await page.fill("#dice", "2 10 4 1 9 9");
    await page.click("#act");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("2 action"));
    await page.screenshot({ path: path.join(shots, "3-after-a-round.png"), fullPage: true });

    console.log("the map: a PNG, and time travel");
    const [png] = await Promise.all([page.waitForEvent("download"), page.click("#png")]);
    const pngPath = path.join(tmpdir(), `pbp-e2e-${token}.png`);
    await png.saveAs(pngPath);
    const pngBytes = await readFile(pngPath);
    check("the map is saved as a PNG", pngBytes.subarray(1, 4).toString() === "PNG"
      && pngBytes.length > 1000 && png.suggestedFilename() === "duel-step2-public.png",
    `${png.suggestedFilename()} ${pngBytes.length} bytes`);
    await page.click('#log button[data-step="1"]');
    await page.waitForFunction(() => document.body.dataset.past === "1");
    check("a step of the log shows the game as it was then",
      (await page.locator("#text").textContent()).includes("0 - 0")
        && (await text("#past-text")) === "You are looking at step 1 of 2.", await text("#past-text"));
    check("a past step takes no action", (await page.locator("#legal button.legal").count()) === 0
      && (await page.isDisabled("#undo")));
    await viewAs("public");
    check("a past step is seen as the chosen viewer saw it",
      !(await seen()).log.includes("chose") && (await seen()).log.includes("Player 1 sealed a stance"));
    await viewAs("gm");
    await page.click("#present");
    await page.waitForFunction(() => document.body.dataset.past === "");
    check("back to the present", (await page.locator("#text").textContent()).includes("1 - 0"));

    console.log("save and load the record");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
    const savePath = path.join(tmpdir(), `pbp-e2e-${token}.json`);
    await download.saveAs(savePath);
    const save = await readFile(savePath, "utf8");
    check("the record file is a pbp save", save.startsWith('{\n  "pbp_save": 1,\n  "game": "duel",'));
    check("the record file is named after the game, not the seed", download.suggestedFilename() === "duel-step2.json",
      download.suggestedFilename());

    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    check("a reload keeps the game", (await text("#status")).includes("2 action"));

    await tab("games");
    await page.fill("#seed", "9");
    await page.click("#start");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("0 action"));
    await tab("games");
    check("a new game is added to the stored games, not put in the place of one",
      (await storedGames()) === 2, `${await storedGames()} games`);
    await page.setInputFiles("#load-file", savePath);
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("2 action"));
    check("a loaded record restores the game", (await text("#status")).includes("seed 2026"));
    await viewAs("gm");
    check("a loaded record restores the log", (await seen()).log.includes(round));

    await page.setInputFiles("#load-file", {
      name: "edited.json",
      mimeType: "application/json",
      buffer: Buffer.from(save.replace('"first_to": 3', '"first_to": 4')),
    });
    check("an edited record is refused with the CLI's message",
      (await message("edited.json")).startsWith("edited.json: checksum mismatch"));
    await page.setInputFiles("#load-file", {
      name: "cut.json",
      mimeType: "application/json",
      buffer: Buffer.from(save.slice(0, 100)),
    });
    check("a truncated record is refused",
      (await message("cut.json")).startsWith("cut.json: the save is not valid JSON"));
    check("a refused record keeps the game", (await text("#status")).includes("2 action"));
    await tab("games");
    check("a loaded record is added to the stored games", (await storedGames()) === 3,
      `${await storedGames()} games`);
    await tab("table");

    {
      console.log("the CLI and the page share their saves");
      const replay = execFileSync(cli, ["replay", savePath], { encoding: "utf8" });
      check("the CLI replays the page's save", replay.includes("replays exactly"), replay);
      const bbcode = execFileSync(cli, ["show", savePath, "--as", "public", "--format", "bbcode"],
        { encoding: "utf8" });
      check("the CLI posts the same summary", bbcode === afterRound.bbcode,
        `${bbcode}\n---\n${afterRound.bbcode}`);
      const cliSave = path.join(tmpdir(), `pbp-e2e-cli-${token}.json`);
      execFileSync(cli, ["new", "duel", "--seed", "77", "--out", cliSave, "--force"]);
      execFileSync(cli, ["act", cliSave, "--as", "0", "strike"]);
      await page.setInputFiles("#load-file", cliSave);
      await page.waitForFunction(() => document.querySelector("#status").textContent.includes("seed 77"));
      await tab("table");
      check("the page loads the CLI's save", (await text("#status")).includes("1 action"));
      const [again] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
      const pageCopy = path.join(tmpdir(), `pbp-e2e-page-${token}.json`);
      await again.saveAs(pageCopy);
      check("the page saves the CLI's game byte for byte",
        (await readFile(pageCopy, "utf8")) === (await readFile(cliSave, "utf8")));
    }

    console.log("every game in the catalog");
    const stepsNow = async () => Number(await page.evaluate(() => document.body.dataset.steps));
    const defaults = Object.fromEntries((await page.evaluate(async () => {
      const { moduleEngine } = await import("./engine.js");
      return (await moduleEngine()).games();
    })).map((g) => [g.name, g.default_config]));
    const seatButtons = () => page.locator("#viewers button").evaluateAll(
      (buttons) => buttons.map((b) => b.dataset.viewer).filter((v) => /^\d+$/.test(v)));
    // Everything a shared screen shows: the page's text, every form value and every attribute.
    const everything = () => page.evaluate(() => [document.body.innerText,
      ...[...document.querySelectorAll("input, textarea, select")].map((e) => e.value),
      ...[...document.querySelectorAll("*")].flatMap((e) => [...e.attributes].map((a) => a.value)),
    ].join("\n"));
    // The size of the smallest label of the map on the screen, in CSS pixels.
    const smallestLabel = () => page.evaluate(() => {
      const svg = document.querySelector("#field svg");
      const scale = svg.getScreenCTM().a;
      return Math.min(...[...svg.querySelectorAll("text")].filter((t) => t.textContent.trim())
        .map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
    });
    const startGame = async (name, seed) => {
      await tab("games");
      await page.selectOption("#game", name);
      await page.click("#reset-config");
      await page.fill("#seed", seed);
      await page.click("#start");
      await page.waitForFunction(([n, sd]) => document.querySelector("#status").textContent
        .includes(`${n} · seed ${sd} · 0 action`), [titles[name], seed]);
    };
    const labels = {};
    for (const [index, name] of options.entries()) {
      console.log(`  ${name}`);
      const modulesBefore = await modulesFetched();
      await startGame(name, "1");
      const fetchedNow = (await modulesFetched()).filter((m) => !modulesBefore.includes(m));
      const module = name === "duel" ? "core" : name;
      check(`${name} is played with its own module, loaded when first started`,
        modulesBefore.includes(module) ? fetchedNow.length === 0 : fetchedNow.join() === module,
        `before ${modulesBefore.join()}, then ${fetchedNow.join()}`);
      // Orders built, not typed: one action from the form (a Warring States sheet of two rows,
      // each checked by the engine; the other games' first legal action from the list), taken,
      // then undone so the play below starts from the same step. The form is folded on the desk
      // (the legal actions' buttons come first): opened here, folded again after.
      await page.click("#build > summary");
      await page.waitForSelector("#order-verdict");
      if (name === "warring-states") {
        const rows = page.locator("#order-form li.row-item");
        for (const [index, order, rice, general] of [[0, "Defense", 3, 0], [1, "Conquest", 2, 1]]) {
          await page.click("#order-form .add-row");
          const row = rows.nth(index);
          await row.locator("select[name=kind]").selectOption({ label: order });
          await row.locator("input[name=rice]").fill(String(rice));
          await row.locator("input[name=rice]").dispatchEvent("change");
          await row.locator("input[type=checkbox]").nth(general).check();
        }
        await page.waitForFunction(() => document.querySelectorAll("#order-form .row-status").length === 2
          && [...document.querySelectorAll("#order-form .row-status")].every((r) => r.dataset.state === "ok"));
      }
      await page.waitForFunction(() => document.querySelector("#order-verdict")?.dataset.state === "ok");
      const preview = await text("#order-preview");
      check(`${name}: the built action is checked and previewed as its post`, preview.trim() !== "", preview);
      if (name === "warring-states") {
        check("warring-states: the sheet's post has both rows",
          /3 Rice for Defense of .+\n2 Rice for Conquest of /.test(preview), preview);
      }
      await page.click("#send-built");
      await stepsAre(1);
      check(`${name}: the built action is taken without typing`, (await stepsNow()) === 1);
      await page.click("#undo");
      await stepsAre(0);
      await page.click("#build > summary");
      // Play by clicking legal actions as the game master sees them, never choosing who acts:
      // "Act as" must follow the turn.
      let played = 0;
      let stale = 0;
      let shrunk = "";
      let previousSeats = await seatButtons();
      let svgAfterOne = null;
      let picked = null;
      for (let i = 0; i < 8; i += 1) {
        const mayAct = await page.locator("#actor option", { hasText: "(may act)" })
          .evaluateAll((list) => list.map((o) => o.value));
        if (mayAct.length === 0) break;
        if (!mayAct.includes(await page.inputValue("#actor"))) stale += 1;
        const buttons = page.locator("#legal button.legal");
        const count = await buttons.count();
        if (count === 0) break;
        if (picked === null) {
          // Click-to-target: a place on the map that a legal action names.
          picked = await page.evaluate(() => {
            const actions = [...document.querySelectorAll("#legal button.legal")].map((b) => b.textContent);
            const name = (t) => t.split(/[:,(]/)[0].replace(/^#\d+\s+/, "").trim();
            const places = [...document.querySelectorAll("#field svg title, #field svg text")];
            for (const node of places) {
              const place = name(node.textContent);
              if (place.length < 2 || !/\p{L}/u.test(place)) continue;
              const re = new RegExp(`(^|[^\\p{L}\\p{N}-])${place.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}-])`, "iu");
              if (actions.some((a) => re.test(a))) {
                const target = node.tagName === "title" ? node.parentNode : node;
                target.setAttribute("data-e2e-pick", "yes");
                return place;
              }
            }
            return "";
          });
          if (picked) {
            await page.locator('#field [data-e2e-pick="yes"]').first().click({ force: true });
            await page.waitForSelector("#legal button.target");
            const named = await page.locator("#legal button.target").allTextContents();
            check(`${name}: a click on ${picked} on the map picks out the actions that name it`,
              named.length > 0 && named.every((t) => t.toLowerCase().includes(picked.toLowerCase())),
              named.join(" | "));
            await page.click("#target-clear");
          }
        }
        await buttons.nth(i % count).click();
        await stepsAre(played + 1);
        played += 1;
        if (played === 1) svgAfterOne = (await seen()).svg;
        const seatsNow = await seatButtons();
        const lost = previousSeats.filter((s) => !seatsNow.includes(s));
        if (lost.length > 0) shrunk += ` step ${played} lost ${lost.join(",")};`;
        previousSeats = seatsNow;
      }
      check(`${name}: legal actions can be clicked`, played > 0, `${played} played`);
      // The SVG is inline, so its tooltips show: hovering a titled shape shows it under the map.
      const titled = await page.evaluate(() => {
        const title = [...document.querySelectorAll("#field svg g > title")][0];
        if (!title) return null;
        title.parentNode.setAttribute("data-e2e-tip", "yes");
        return title.textContent;
      });
      if (titled !== null) {
        await page.locator('#field [data-e2e-tip="yes"] > :not(title)').first().hover({ force: true });
        await page.waitForFunction((t) => document.querySelector("#map-tip").textContent === t, titled,
          { timeout: 5000 }).catch(() => {});
        check(`${name}: a shape's tooltip shows under the map`, (await text("#map-tip")) === titled,
          `${await text("#map-tip")} vs ${titled}`);
      }
      check(`${name}: Act as followed the turn at every action`, stale === 0, `${stale} of ${played} stale`);
      check(`${name}: no seat button went away during play`, shrunk === "", shrunk);
      const viewersOf = await page.locator("#viewers button").evaluateAll(
        (buttons) => buttons.map((b) => b.dataset.viewer));
      for (const viewer of viewersOf) {
        await viewAs(viewer);
        const view = await seen();
        if (!view.svg.startsWith("<svg") || view.text.trim() === "") {
          check(`${name}: ${viewer} sees the field and the text`, false, JSON.stringify(view));
        }
      }
      check(`${name}: every viewer (${viewersOf.join(", ")}) sees the field and the text`, true);

      console.log(`  ${name}: the set-up form on a shared screen`);
      await viewAs("gm");
      await tab("games");
      await page.fill("#seed", "8675309");
      await tab("table");
      await viewAs("public");
      const shared = await everything();
      check(`${name}: with Public chosen, neither a typed seed nor a config shows`,
        !shared.includes("8675309") && (await page.inputValue("#config")) === ""
          && !(await text("#status")).includes("seed"), "");
      await viewAs("gm");
      check(`${name}: the game master gets the form back`, (await page.inputValue("#seed")) === "8675309");
      await tab("games");
      await page.fill("#seed", "");
      await tab("table");

      if (svgAfterOne !== null && (await page.locator('#log button[data-step="1"]').count()) > 0) {
        await page.locator('#log button[data-step="1"]').first().click();
        await page.waitForFunction(() => document.body.dataset.past === "1");
        check(`${name}: the log's step 1 shows the map as it was then`, (await seen()).svg === svgAfterOne);
        await page.click("#present");
        await page.waitForFunction(() => document.body.dataset.past === "");
      }

      await page.click("#undo");
      await stepsAre(played - 1);
      check(`${name}: undo`, (await stepsNow()) === played - 1);
      const seatsBefore = await seatButtons();
      const [file] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
      const gamePath = path.join(tmpdir(), `pbp-e2e-${name}-${token}.json`);
      await file.saveAs(gamePath);
      // Players are named as the engine names them, not numbered.
      const names = await page.evaluate(async (text) => {
        const { moduleEngine } = await import("./engine.js");
        const wasm = await (await moduleEngine()).module(JSON.parse(text).game);
        const session = wasm.Session.load(text, undefined);
        const players = session.players();
        session.free();
        return players;
      }, await readFile(gamePath, "utf8"));
      const shownNames = await page.locator("#viewers button").evaluateAll((buttons) => Object.fromEntries(
        buttons.filter((b) => /^\d+$/.test(b.dataset.viewer)).map((b) => [b.dataset.viewer, b.textContent])));
      const wrong = names.filter(({ seat, name: n }) => n !== `seat ${seat}`
        && !(shownNames[seat] === n || shownNames[seat] === `${n} (seat ${seat})`));
      check(`${name}: the seats are named as the engine names them (${names.map((p) => p.name).join(", ")})`,
        wrong.length === 0, JSON.stringify({ names, shownNames }));

      console.log(`  ${name}: reload, then a new game of the same kind`);
      await page.reload();
      await page.waitForSelector("body[data-ready=true]");
      check(`${name}: a reload keeps the game`, (await stepsNow()) === played - 1
        && (await text("#status")).includes(`${titles[name]} · seed 1`), await text("#status"));
      check(`${name}: a reload with this game kept loads its module alone`,
        (await modulesFetched()).join() === (name === "duel" ? "core" : name),
        (await modulesFetched()).join());
      await tab("games");
      check(`${name}: after a reload the set-up form holds this game and its config`,
        (await page.inputValue("#game")) === name
          && JSON.stringify(JSON.parse(await page.inputValue("#config"))) === JSON.stringify(defaults[name]));
      await page.fill("#seed", "2");
      await page.click("#start");
      await page.waitForFunction((n) => document.querySelector("#status").textContent
        .includes(`${n} · seed 2 · 0 action`), titles[name]).catch(() => {});
      check(`${name}: after a reload, Start a new game starts ${name}`,
        (await text("#status")).includes(`${titles[name]} · seed 2 · 0 action`),
        `${await text("#status")} / ${await message("")}`);

      console.log(`  ${name}: load, then a new game of the same kind`);
      await startGame(options[(index + 1) % options.length], "3");
      await page.setInputFiles("#load-file", gamePath);
      await page.waitForFunction(([n, k]) => document.querySelector("#status").textContent
        .includes(`${n} · seed 1 · ${k} action`), [titles[name], played - 1]);
      check(`${name}: the saved record loads back`, (await stepsNow()) === played - 1);
      check(`${name}: a loaded game shows the same seats`,
        JSON.stringify(await seatButtons()) === JSON.stringify(seatsBefore),
        `${await seatButtons()} vs ${seatsBefore}`);
      await tab("games");
      await page.fill("#seed", "4");
      await page.click("#start");
      await page.waitForFunction((n) => document.querySelector("#status").textContent
        .includes(`${n} · seed 4 · 0 action`), titles[name]).catch(() => {});
      check(`${name}: after a load, Start a new game starts ${name}`,
        (await text("#status")).includes(`${titles[name]} · seed 4 · 0 action`),
        `${await text("#status")} / ${await message("")}`);

      console.log(`  ${name}: deleting asks first`);
      await tab("games");
      const before = await storedGames();
      await page.locator("#game-rows tr.open button.delete").click();
      await answer(false);
      check(`${name}: a cancelled delete keeps the game`, (await storedGames()) === before);
      await page.locator("#game-rows tr.open button.delete").click();
      await answer(true);
      await page.waitForFunction((n) => document.querySelectorAll("#game-rows tr").length === n, before - 1);
      check(`${name}: a confirmed delete removes that game only`, (await storedGames()) === before - 1);

      console.log(`  ${name}: screenshots and labels`);
      const opened = page.locator(`#game-rows tr[data-name="pbp-e2e-${name}-${token}"]`).first();
      await opened.locator("button.open").click();
      await page.waitForFunction((k) => document.body.dataset.steps === String(k), played - 1);
      await page.setViewportSize({ width: 1280, height: 800 });
      const box = async (selector) => page.locator(selector).first().boundingBox();
      const map = await box("#field svg");
      const firstAction = await box("#actions");
      const logBox = await box("#log");
      check(`${name}: at 1280x800 the actions and the log are beside the map, in one screen`,
        map && firstAction && logBox && firstAction.x >= map.x + map.width && map.y < 800
          && firstAction.y < 800 && logBox.y + 40 < 800,
        JSON.stringify({ map, firstAction, logBox }));
      labels[name] = { desktop: await smallestLabel() };
      await page.screenshot({ path: path.join(shots, `game-${name}-desktop.png`) });
      const desktopAxe = await axeViolations(page);
      check(`${name}: at 1280 px axe-core finds no serious or critical violation`, desktopAxe.length === 0,
        desktopAxe.join("\n"));
      if (docShots) {
        await page.screenshot({ path: path.join(docShots, `${name}-desktop.png`) });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      labels[name].phone = await smallestLabel();
      let zooms = 0;
      while ((await smallestLabel()) < 11 && zooms < 6) {
        await page.click("#zoom-in");
        zooms += 1;
      }
      labels[name].zoomed = await smallestLabel();
      check(`${name}: on a phone, zooming makes every label readable (11 px or more)`,
        labels[name].zoomed >= 11, JSON.stringify(labels[name]));
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      check(`${name}: nothing is wider than a phone`, wide <= 0, `${wide}px too wide`);
      await page.screenshot({ path: path.join(shots, `game-${name}-phone.png`) });
      const phoneAxe = await axeViolations(page);
      check(`${name}: at 390 px axe-core finds no serious or critical violation`, phoneAxe.length === 0,
        phoneAxe.join("\n"));
      if (docShots) {
        await page.screenshot({ path: path.join(docShots, `${name}-phone.png`) });
      }
      await page.click("#zoom-reset");
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    console.log(`  the smallest labels (px): ${JSON.stringify(labels)}`);
    await tab("games");
    await page.screenshot({ path: path.join(shots, "9-games.png") });
    if (docShots) await page.screenshot({ path: path.join(docShots, "games-desktop.png") });
    await tab("table");

    console.log("the dice panel");
    await tab("dice");
    const wasmRoll = (expr, seed, count) => page.evaluate(async ([e, s, c]) => {
      const { moduleEngine } = await import("./engine.js");
      const wasm = await (await moduleEngine()).module("duel");
      return wasm.roll(e, BigInt(s), c);
    }, [expr, seed, count]);
    const rollOnPage = async (expr, seed, count = 1) => {
      await page.fill("#dice-expr", expr);
      await page.fill("#dice-seed", seed);
      await page.fill("#dice-count", String(count));
      await page.evaluate(() => { document.querySelector("#dice-rolls").replaceChildren(); });
      await page.click("#dice-roll");
      await page.waitForFunction((n) => document.querySelectorAll("#dice-rolls li").length === n
        || !document.querySelector("#dice-error").hidden, count);
    };
    const fiveKeepThree = await wasmRoll("5k3", "7", 1);
    {
      const line = execFileSync(cli, ["roll", "5k3", "--seed", "7", "--json"], { encoding: "utf8" });
      check("the page's wasm rolls 5k3 with seed 7 as pbp roll --json does",
        JSON.stringify(fiveKeepThree) === JSON.stringify([JSON.parse(line)]),
        `${JSON.stringify(fiveKeepThree)} vs ${line}`);
    }
    await rollOnPage("5k3", "7");
    const shownTotal = await page.locator("#dice-rolls .roll-total").first().getAttribute("data-total");
    check("the page shows the total of 5k3 with seed 7", Number(shownTotal) === fiveKeepThree[0].total
      && (await text("#dice-rolls")).startsWith(`5k3 = ${fiveKeepThree[0].total}`),
    `${shownTotal} vs ${fiveKeepThree[0].total}`);
    check("the kept and dropped dice are marked",
      (await page.locator("#dice-rolls .die.kept").count()) === 3
        && (await page.locator("#dice-rolls .die.dropped").count()) === 2);
    check("the seed used is shown", (await text("#dice-seed-used")) === "seed 7");
    const three = await wasmRoll("5k3", "7", 3);
    await rollOnPage("5k3", "7", 3);
    const totals = await page.locator("#dice-rolls .roll-total").evaluateAll(
      (nodes) => nodes.map((n) => Number(n.dataset.total)));
    check("several rolls come from one seed", JSON.stringify(totals)
      === JSON.stringify(three.map((r) => r.total)), JSON.stringify(totals));
    const chains = three.flatMap((r) => r.dice).filter((d) => d.faces.length > 1)
      .map((d) => d.faces.join(" → "));
    const shownChains = await page.locator("#dice-rolls .die.exploded").allTextContents();
    check("explosion chains are shown", chains.length > 0
      && JSON.stringify(shownChains) === JSON.stringify(chains), JSON.stringify(shownChains));
    await page.screenshot({ path: path.join(shots, "5-dice-roll.png"), fullPage: true });

    await rollOnPage("d6", "");
    const fresh = (await text("#dice-seed-used")).match(/^seed (\d+)$/);
    check("an empty seed rolls with a fresh seed and shows it", fresh !== null, await text("#dice-seed-used"));
    const freshTotal = await page.locator("#dice-rolls .roll-total").first().getAttribute("data-total");
    await rollOnPage("d6", fresh[1]);
    check("the fresh seed rolls the same again",
      (await page.locator("#dice-rolls .roll-total").first().getAttribute("data-total")) === freshTotal);

    await page.fill("#dice-expr", "2k1");
    await page.click("#dice-odds");
    await page.waitForSelector("#dice-stats:not([hidden])");
    let expectedMean = 25 / 3; // 2k1: the higher of two exploding d10s
    {
      const cliOdds = JSON.parse(execFileSync(cli, ["odds", "2k1", "--json"], { encoding: "utf8" }));
      expectedMean = cliOdds.mean;
      const percentiles = await page.locator("#dice-percentiles li").allTextContents();
      const cliPercentiles = Object.entries(cliOdds.percentiles)
        .sort((a, b) => Number(a[0]) - Number(b[0])).map(([p, v]) => `${p}%${v}`);
      check("the percentiles are pbp odds's", JSON.stringify(percentiles) === JSON.stringify(cliPercentiles),
        JSON.stringify(percentiles));
    }
    check("the mean of 2k1 is shown", (await text("#dice-mean")) === expectedMean.toFixed(4)
      && Math.abs(expectedMean - 25 / 3) < 1e-9, await text("#dice-mean"));
    const bars = await page.locator("#dice-chart svg rect.bar").count();
    check("the distribution is drawn as bars", bars >= 9, `${bars} bars`);
    check("the chart marks the mean", (await page.locator("#dice-chart .mean-label").textContent())
      === "mean 8.33");
    await rollOnPage("2k1", "7");
    check("a roll of the charted notation is marked on the chart",
      (await page.locator("#dice-chart rect.bar.rolled").count()) === 1);

    await page.fill("#dice-expr", "2k1");
    await page.fill("#contest-expr", "2k1");
    await page.selectOption("#contest-compare", "highest-then-second");
    await page.click("#contest-odds");
    await page.waitForSelector("#contest-result:not([hidden])");
    check("2k1 vs 2k1 is an even contest", (await text("#contest-win")) === "50.0000%"
      && (await text("#contest-lose")) === "50.0000%", await text("#contest-result"));
    await page.fill("#contest-expr", "");
    await page.fill("#dice-expr", "2k1 vs 2k1");
    await page.evaluate(() => { document.querySelector("#contest-result").replaceChildren(); });
    await page.click("#dice-odds");
    await page.waitForSelector("#contest-win");
    check("A vs B typed as the roll gives the contest", (await text("#contest-win")) === "50.0000%",
      await text("#contest-result"));
    await page.fill("#dice-expr", "2k1");
    {
      const cliContest = JSON.parse(execFileSync(cli,
        ["odds", "2k1", "vs", "3k2", "--compare", "first-must-exceed", "--json"], { encoding: "utf8" }));
      await page.fill("#contest-expr", "3k2");
      await page.selectOption("#contest-compare", "first-must-exceed");
      await page.click("#contest-odds");
      await page.waitForFunction(() => document.querySelector("#contest-result").textContent.includes("3k2"));
      check("a contest's odds are pbp odds's",
        (await text("#contest-win")) === `${(cliContest.win * 100).toFixed(4)}%`
          && (await text("#contest-lose")) === `${(cliContest.lose * 100).toFixed(4)}%`,
        `${await text("#contest-win")} vs ${cliContest.win}`);
    }
    await page.screenshot({ path: path.join(shots, "6-dice-odds.png"), fullPage: true });

    await rollOnPage("2k1 x", "7");
    const diceError = await page.locator("#dice-error").textContent();
    check("a malformed notation shows the error with its position",
      diceError.startsWith("cannot read the roll: at byte 4: ") && diceError.endsWith("\n  2k1 x\n      ^"),
      diceError);
    {
      let cliError = "";
      try {
        execFileSync(cli, ["roll", "2k1 x"], { encoding: "utf8", stdio: "pipe" });
      } catch (error) {
        cliError = error.stderr;
      }
      check("the notation error is the CLI's", cliError.trim() === `pbp: ${diceError}`.trim(), cliError);
    }
    await page.screenshot({ path: path.join(shots, "7-dice-error.png"), fullPage: true });
    await page.fill("#dice-expr", "2k1");
    await page.click("#dice-odds");
    await page.waitForSelector("#dice-error", { state: "hidden" });

    console.log("phone");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, "4-phone.png"), fullPage: true });
    const chartWidth = () => page.evaluate(() => Number(
      document.querySelector("#dice-chart svg").getAttribute("viewBox").split(" ")[2]));
    await page.waitForFunction(() => Number(document.querySelector("#dice-chart svg")
      .getAttribute("viewBox").split(" ")[2]) < 400, null, { timeout: 5000 }).catch(() => {});
    check("the chart is drawn again at a phone's width", (await chartWidth()) < 400,
      `${await chartWidth()} wide`);
    await page.locator("#dice-panel").screenshot({ path: path.join(shots, "8-phone-dice.png") });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    check("nothing is wider than a phone", overflow <= 0, `${overflow}px too wide`);

    console.log("offline");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    check("the page reloads offline with its game", /\d+ actions? taken/.test(await text("#status")));
    await context.setOffline(false);

    check("the page asked nothing of another host", foreign.length === 0, foreign.join(", "));
    check("no script error", problems.length === 0, problems.join("\n"));
    await context.close();
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(path.join(root, "pkg/modules.json"))) {
    throw new Error("the page is not built: run crates/wasm/build.sh first");
  }
  // The checks against the CLI are part of the test: without the CLI it fails, it never skips them.
  if (!existsSync(cli)) {
    throw new Error(`the end-to-end test needs the pbp CLI at ${cli}: cargo build -p pbp-cli (test.sh does)`);
  }
  const server = await startServer();
  const base = `http://127.0.0.1:${server.address().port}/`;
  try {
    const response = await fetch(base);
    const body = await response.text();
    check("the server started and is the one answering",
      response.ok && response.headers.get("x-pbp-test-server") === token && body.includes("pbp"));
    await run(base);
    check("the page was served by this test's server", served > 5, `${served} requests`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  const stopped = await fetch(base).then(() => false, () => true);
  check("the server is stopped", stopped);
  await writeFile(path.join(shots, "RESULT"), `${passed} checks passed\n`);
  console.log(`${passed} checks passed`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
