// End-to-end test of the hosted table's pages (pbp serve) in Debian's Chromium, driven by
// playwright-core (which never downloads a browser). It starts `pbp serve` on a fresh database
// and a free loopback port, creates a three-player Warring States table from the hosting page,
// and plays one turn with each player in a browser context of their own: drafts, a changed
// draft, ready; until the turn resolves, no player's page shows another's orders. The pages are
// live (the table's event stream): one player's ready mark, the resolution and the deadline
// reach the others' pages without a reload, the first within a second, and a seat to act sees
// "your turn" in its tab title. Then the game master's page sets a deadline and closes the next
// turn, and a page whose stream is cut says that it falls back to a slow poll.
//
//     node e2e.mjs        (after `cargo build -p pbp-cli`; PBP_CLI names another binary)

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { check, cli, launchChromium, passedCount, startServer } from "./harness.mjs";




function threePlayerConfig() {
  const games = JSON.parse(execFileSync(cli, ["games", "--json"], { encoding: "utf8" }));
  const config = games.find((g) => g.name === "warring-states").default_config;
  config.players = config.players.slice(0, 3);
  return config;
}

const ORDERS = [
  ["Ann", "[b]3 Rice for Defense of Tang.[/b]", "[b]7 Rice for Defense of Tang.[/b]"],
  ["Bo", null, "[b]6 Rice for Defense of Lai.[/b]"],
  ["Cy", null, "[b]4 Rice for Defense of Cheng.[/b]"],
];

async function run(base) {
  const browser = await launchChromium();
  try {
    // The game master hosts the table from the hosting page.
    const gmContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const host = await gmContext.newPage();
    await host.goto(`${base}/`);
    await host.selectOption("#game", "warring-states");
    await host.fill("#config", JSON.stringify(threePlayerConfig()));
    await host.fill("#players", "Ann\nBo\nCy");
    await host.click("#create");
    await host.waitForSelector("#links:not([hidden])");
    const links = await host.$$eval("a.table-link", (as) => as.map((a) => a.href));
    check("the hosting page lists the game master's link and three seats' links", links.length === 4);
    const [gmLink, ...seatLinks] = links;
    check("every link carries its token after '#'", links.every((l) => /#[0-9a-f]{64}$/.test(l)));

    // Each player in a context of their own (no shared storage).
    const players = [];
    for (const [index, link] of seatLinks.entries()) {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      await page.goto(link);
      await page.waitForFunction(() => document.querySelector("#who").textContent.includes("'s table"));
      players.push({ name: ORDERS[index][0], page, context });
    }
    for (const player of players) {
      const who = await player.page.textContent("#who");
      check(`${player.name}'s link opens ${player.name}'s page`, who === `${player.name}'s table`, who);
    }

    // Live: every page reads the table's event stream, and says so.
    for (const player of players) {
      await player.page.waitForSelector("#live[data-state='live']", { timeout: 10000 });
    }
    check("every player's page is live (the event stream is open)", true);
    const title = await players[1].page.title();
    check("a seat to act sees 'your turn' in the tab title", title === "(1) Your turn - Warring States", title);
    check("and on the page", await players[1].page.isVisible("#your-turn"));
    // Everything Bo's page receives from the API (the stream aside), to check it for Ann's orders.
    const boBodies = [];
    players[1].page.on("response", async (response) => {
      if (response.url().includes("/api/") && !response.url().endsWith("/events")) {
        boBodies.push(await response.text().catch(() => ""));
      }
    });

    // An invalid order is refused at once.
    const ann = players[0].page;
    await ann.fill("#order", "[b]900 Rice for Defense of Tang.[/b]");
    await ann.click("#save-draft");
    await ann.waitForSelector("#message:not([hidden])");
    check("an invalid order is refused at once", (await ann.textContent("#message")).length > 0);

    // Drafts: Ann changes hers before marking it ready.
    const drafts = [];
    for (const [index, player] of players.entries()) {
      const [, first, final] = ORDERS[index];
      for (const order of [first, final].filter(Boolean)) {
        const rice = order.match(/(\d+) Rice/)[1];
        await player.page.fill("#order", order);
        await player.page.click("#save-draft");
        await player.page.waitForFunction(
          (rice) => document.querySelector("#draft-state").textContent.includes(`"rice":${rice},`),
          rice);
      }
      const state = await player.page.textContent("#draft-state");
      drafts.push(state.slice(state.indexOf(": ") + 2));
    }
    check("Ann's page shows her changed draft", drafts[0].includes("7"), drafts[0]);
    // Ann marks her orders ready; Bo's page, which nobody reloads, shows it within a second.
    await players[0].page.click("#ready");
    await players[0].page.waitForFunction(
      () => document.querySelector("#draft-state").textContent.includes(", ready"));
    const annReady = Date.now();
    const boSeesIt = await players[1].page.waitForFunction(
      () => document.querySelector("#seats li")?.dataset.orders === "ready", null, { timeout: 1000 },
    ).then(() => true, () => false);
    const took = Date.now() - annReady;
    check("Bo's page shows Ann ready within 1 s, without a reload", boSeesIt, `${took} ms`);
    console.log(`    (Bo's page showed it ${took} ms after Ann's answer)`);
    const boNow = await players[1].page.content();
    const annSheet = ORDERS[0][2].replace(/\[\/?b\]/g, "");
    check("Bo's live page holds nothing of Ann's orders",
      !boNow.includes(drafts[0]) && !boNow.includes(annSheet)
      && !boBodies.some((body) => body.includes(drafts[0]) || body.includes(annSheet)));
    await players[1].page.click("#ready");
    await players[1].page.waitForFunction(
      () => document.querySelector("#draft-state").textContent.includes(", ready"));

    // Before the turn resolves: nobody's page shows another player's orders.
    for (const [index, player] of players.entries()) {
      await player.page.reload();
      await player.page.waitForFunction(() => document.querySelector("#log").children.length >= 0
        && document.querySelector("#status").textContent.includes("step"));
      const content = await player.page.content();
      for (const [other, draft] of drafts.entries()) {
        if (other === index) continue;
        check(`${player.name} does not see ${players[other].name}'s orders`, !content.includes(draft));
        const sheet = ORDERS[other][2].replace(/\[\/?b\]/g, "");
        check(`${player.name}'s page has no text of ${players[other].name}'s sheet`, !content.includes(sheet));
      }
      await player.page.waitForFunction(() => document.querySelectorAll("#seats li").length === 3, null,
        { timeout: 5000 }).catch(() => {});
      const seats = await player.page.$$eval("#seats li", (items) => items.map((i) => i.dataset.orders));
      check(`${player.name} sees who is ready`, seats.join() === "ready,ready,draft", seats.join());
    }
    const status = await players[0].page.textContent("#status");
    check("nothing is applied before every player is ready", status.endsWith("step 0"), status);
    check("the page's header names the game by its title", status === "Warring States, step 0", status);

    // Cy is the last to be ready: the turn resolves, and every page shows it without a reload.
    const cy = players[2].page;
    await cy.click("#ready");
    await cy.waitForFunction(() => document.querySelector("#status").textContent.endsWith("step 3"));
    for (const player of players) {
      await player.page.waitForFunction(() => document.querySelector("#status").textContent.endsWith("step 3"),
        null, { timeout: 5000 });
      // The log is fetched after the status line: give it its own wait before checking it.
      await player.page.waitForFunction(
        () => document.querySelector("#log")?.textContent.includes("turn 2 begins"), null, { timeout: 15000 },
      ).catch(() => {});
      const log = await player.page.textContent("#log");
      check(`${player.name}'s log shows the turn resolved`, log.includes("turn 2 begins"), log.slice(-300));
    }

    // The game master's page: every seat's status, the BBCode, a deadline, closing the turn.
    const gm = await gmContext.newPage();
    await gm.goto(gmLink);
    await gm.waitForSelector("#gm-panel:not([hidden])");
    // The panel shows before the page's last request, the turn's BBCode, has answered.
    await gm.waitForFunction(() => document.querySelector("#bbcode").value.includes("[b]"), null,
      { timeout: 10000 }).catch(() => {});
    check("the game master's page shows the BBCode of the turn", (await gm.inputValue("#bbcode")).includes("[b]"));
    await gm.fill("#deadline-minutes", "60");
    await gm.click("#set-deadline");
    await gm.waitForFunction(() => document.querySelector("#deadline").textContent.startsWith("Deadline:"));
    await players[1].page.waitForFunction(() => document.querySelector("#deadline").textContent.startsWith("Deadline:"),
      null, { timeout: 5000 });
    check("the game master sets a deadline that Bo's page shows without a reload", true);
    await gm.click("#resolve");
    await gm.waitForFunction(() => document.querySelector("#log").textContent.includes("turn 3 begins"));
    const log = await gm.textContent("#log");
    check("the game master's log shows the next turn", log.includes("turn 3 begins"), log.slice(-300));
    const seats = await gm.$$eval("#seats li", (items) => items.map((i) => i.dataset.orders));
    check("closing the turn gives the absent players no orders, and the next turn starts",
      seats.join() === "none,none,none", seats.join());
    // The turn's close and the clearing of its deadline are two writes: the page may show the new
    // turn an instant before the deadline's event reaches it.
    await gm.waitForFunction(() => document.querySelector("#deadline").textContent === "No deadline.",
      null, { timeout: 5000 }).catch(() => {});
    const deadline = await gm.textContent("#deadline");
    check("the deadline ends with its turn", deadline === "No deadline.", deadline);

    // Cy lost the link: the game master makes a new one; the old link stops working, the new
    // one opens Cy's page.
    gm.once("dialog", (dialog) => dialog.accept());
    await gm.click("#links li[data-seat='2'] button");
    await gm.waitForSelector("#links li[data-seat='2'] input", { timeout: 10000 });
    const newLink = await gm.inputValue("#links li[data-seat='2'] input");
    check("the game master's page shows Cy's new link", newLink.includes(`/t/`) && newLink.includes("#")
      && newLink !== seatLinks[2], newLink);
    const renewed = await (await browser.newContext()).newPage();
    await renewed.goto(newLink);
    await renewed.waitForFunction(() => document.querySelector("#who").textContent.includes("Cy"),
      null, { timeout: 10000 });
    check("Cy's new link opens Cy's page", true);
    const stale = await (await browser.newContext()).newPage();
    await stale.goto(seatLinks[2]);
    await stale.waitForFunction(() => !document.querySelector("#message").hidden, null, { timeout: 10000 });
    const refusal = await stale.textContent("#message");
    check("Cy's old link no longer opens the table", refusal.includes("does not know this token"), refusal);

    // With the stream down (here: refused by the network), the page says so and polls slowly.
    const offline = await browser.newContext();
    const cut = await offline.newPage();
    await cut.route("**/events", (route) => route.abort());
    await cut.goto(seatLinks[1]);
    await cut.waitForSelector("#live[data-state='down']", { timeout: 10000 });
    const words = await cut.textContent("#live");
    check("a page whose stream is down says so, and that it checks every 30 seconds",
      words.includes("down") && words.includes("every 30 seconds"), words);
    await offline.close();
  } finally {
    await browser.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "pbp-server-e2e-"));
const { child, base } = await startServer(dir, "e2e.sqlite");
try {
  await run(base);
  console.log(`${passedCount()} passed, 0 failed`);
} finally {
  child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}
