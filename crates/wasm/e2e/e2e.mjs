// End-to-end test of the game master's page (crates/wasm/www) in Debian's Chromium, driven by
// playwright-core (which never downloads a browser). It serves the page itself on 127.0.0.1,
// checks that the server answering is the one it started, plays a duel through the page, and
// stops the server at the end. Screenshots go to e2e/screenshots/.
//
//     node e2e.mjs            (after crates/wasm/build.sh; see crates/wasm/test.sh)
//
// With the pbp CLI built (target/debug/pbp), it also moves a game between the CLI and the page.

import { createServer } from "node:http";
import { readFile, mkdir, writeFile, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../www");
const repo = path.resolve(here, "../../..");
const shots = path.join(here, "screenshots");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const cli = process.env.PBP_CLI ?? path.join(repo, "target/debug/pbp");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

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
      text: await text("#text"),
      log: await text("#log"),
      bbcode: await page.inputValue("#bbcode"),
      svg: decodeURIComponent((await page.getAttribute("#field-img", "src")).split(",")[1]),
      last: await text("#events"),
      data: await page.locator("#view-json").textContent(),
    });

    console.log("setup");
    const options = await page.locator("#game option").allTextContents();
    check("the game list comes from the catalog", options.includes("duel"), options.join());
    const config = JSON.parse(await page.inputValue("#config"));
    check("the config editor holds the default config", config.first_to === 3);
    await page.fill("#seed", "2026");
    await page.click("#start");
    await page.waitForSelector("#table:not([hidden])");
    check("the game starts with the seed", (await text("#status")).includes("seed 2026"));
    check("the turn is shown", (await text("#turn")) === "to act: seat 0, seat 1, gm");
    const viewers = await page.locator("#viewers button").allTextContents();
    check("every viewer is offered", viewers.join() === "Game master,Public,Seat 0,Seat 1",
      viewers.join());
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, "1-new-game.png"), fullPage: true });

    console.log("play");
    await page.selectOption("#actor", "0");
    const legal = await page.locator("#legal button").allTextContents();
    check("seat 0's legal actions are listed", legal.join() === "strike,focus", legal.join());
    await page.click("#legal button:text-is('focus')");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("1 action"));
    check("a clicked legal action is taken",
      (await text("#events")).includes("seat 0 chose focus"), await text("#events"));

    console.log("hidden information");
    for (const viewer of ["1", "public"]) {
      await viewAs(viewer);
      const view = await seen();
      check(`${viewer} does not see seat 0's sealed stance`,
        !view.text.includes("own stance focus") && !view.log.includes("chose")
          && !view.bbcode.includes("chose") && !view.svg.includes("focus")
          && !view.last.includes("focus"),
        JSON.stringify(view));
      check(`${viewer} sees that seat 0 sealed`, view.log.includes("seat 0 sealed a stance")
        && view.last === "Step 1: seat 0 sealed a stance", view.last);
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
      check(`${viewer} sees seat 0's stance`,
        view.text.includes("own stance focus") && view.log.includes("seat 0 chose focus")
          && view.last.includes("seat 0 focus → seat 0 sealed a stance · seat 0 chose focus"),
        view.log);
    }

    console.log("actions typed with dice rolled elsewhere, errors and undo");
    await page.selectOption("#actor", "1");
    await page.fill("#action", "dance");
    await page.click("#act");
    check("a bad action shows the CLI's message",
      (await message("not an action")).startsWith("not an action of duel: 'dance'"));
    check("a refused action changes nothing", (await text("#status")).includes("1 action"));
    await page.fill("#action", '{"choose":"strike"}');
    await page.fill("#dice", "2,10,4,1,9,9");
    await page.click("#act");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("2 action"));
    const round = "focus against strike: 14 to 9 after 1 roll(s); seat 0 wins the round";
    check("the round is resolved with the dice given", (await text("#events")).includes(round),
      await text("#events"));
    await viewAs("public");
    const afterRound = await seen();
    check("the field shows the score", afterRound.svg.includes(">1<") && afterRound.text.includes("1 - 0"));
    check("the BBCode summary is the CLI's",
      new RegExp(`^\\[b\\]Duel\\[/b\\]: 1 - 0\\n\\[\\*\\] seat 1 sealed a stance\\n\\[\\*\\] ${round.replace(/[()]/g, "\\$&")}\\n`
        + `\\[i\\]dice commitment: [0-9a-f]{64}\\[/i\\]\\n$`).test(afterRound.bbcode),
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

    await page.fill("#seed", "9");
    await page.click("#start");
    await page.waitForFunction(() => document.querySelector("#status").textContent.includes("0 action"));
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

    if (existsSync(cli)) {
      console.log("the CLI and the page share their saves");
      const replay = execFileSync(cli, ["replay", savePath], { encoding: "utf8" });
      check("the CLI replays the page's save", replay.includes("replays exactly"), replay);
      const bbcode = execFileSync(cli, ["show", savePath, "--as", "public", "--format", "bbcode"],
        { encoding: "utf8" });
      check("the CLI posts the same summary", bbcode === afterRound.bbcode, bbcode);
      const cliSave = path.join(tmpdir(), `pbp-e2e-cli-${token}.json`);
      execFileSync(cli, ["new", "duel", "--seed", "77", "--out", cliSave, "--force"]);
      execFileSync(cli, ["act", cliSave, "--as", "0", "strike"]);
      await page.setInputFiles("#load-file", cliSave);
      await page.waitForFunction(() => document.querySelector("#status").textContent.includes("seed 77"));
      check("the page loads the CLI's save", (await text("#status")).includes("1 action"));
      const [again] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
      const pageCopy = path.join(tmpdir(), `pbp-e2e-page-${token}.json`);
      await again.saveAs(pageCopy);
      check("the page saves the CLI's game byte for byte",
        (await readFile(pageCopy, "utf8")) === (await readFile(cliSave, "utf8")));
    } else {
      console.log(`  skipped: the CLI checks (no ${cli}; build it with cargo build -p pbp-cli)`);
    }

    console.log("every game in the catalog");
    const stepsNow = async () => Number((await text("#status")).match(/(\d+) action/)[1]);
    for (const name of options) {
      await page.selectOption("#game", name);
      await page.click("#reset-config");
      await page.fill("#seed", "1");
      await page.click("#start");
      await page.waitForFunction((n) => document.querySelector("#status").textContent
        .startsWith(`${n} · seed 1 · 0 action`), name);
      // Play by clicking legal actions of whoever may act, as the game master sees it.
      let played = 0;
      for (let i = 0; i < 8; i += 1) {
        const acting = await page.locator("#actor option", { hasText: "(may act)" }).first();
        if ((await acting.count()) === 0) break;
        await page.selectOption("#actor", await acting.getAttribute("value"));
        const buttons = page.locator("#legal button");
        const count = await buttons.count();
        if (count === 0) break;
        await buttons.nth(i % count).click();
        await page.waitForFunction((n) => document.querySelector("#status").textContent
          .includes(` ${n} action`), played + 1);
        played += 1;
      }
      check(`${name}: legal actions can be clicked`, played > 0, `${played} played`);
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
      await viewAs("gm");
      await page.click("#undo");
      await page.waitForFunction((n) => document.querySelector("#status").textContent
        .includes(` ${n} action`), played - 1);
      check(`${name}: undo`, (await stepsNow()) === played - 1);
      const [file] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
      const gamePath = path.join(tmpdir(), `pbp-e2e-${name}-${token}.json`);
      await file.saveAs(gamePath);
      await page.click("#start");
      await page.waitForFunction(() => document.querySelector("#status").textContent.includes(" 0 action"));
      await page.setInputFiles("#load-file", gamePath);
      await page.waitForFunction((n) => document.querySelector("#status").textContent
        .includes(` ${n} action`), played - 1);
      check(`${name}: the saved record loads back`, (await stepsNow()) === played - 1);
      await page.screenshot({ path: path.join(shots, `game-${name}.png`), fullPage: true });
    }

    console.log("the dice panel");
    await page.evaluate(() => document.querySelector("#dice-panel").scrollIntoView());
    const wasmRoll = (expr, seed, count) => page.evaluate(async ([e, s, c]) => {
      const wasm = await import("./pkg/pbp_wasm.js");
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
    if (existsSync(cli)) {
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
    if (existsSync(cli)) {
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
    if (existsSync(cli)) {
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
    if (existsSync(cli)) {
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
    check("the page reloads offline with its game", (await text("#status")).includes("action(s) taken"));
    await context.setOffline(false);

    check("the page asked nothing of another host", foreign.length === 0, foreign.join(", "));
    check("no script error", problems.length === 0, problems.join("\n"));
    await context.close();
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(path.join(root, "pkg/pbp_wasm_bg.wasm"))) {
    throw new Error("the page is not built: run crates/wasm/build.sh first");
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
