// Measures how long the game master's page takes to load on emulated slow 4G with a throttled CPU
// (Chrome DevTools' "Slow 4G" preset: 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up; CPU
// four times slower), in Debian's Chromium through playwright-core: from navigation until the page
// is ready to play (`body[data-ready=true]`), with a cold cache, served as is and gzip-compressed.
//
//     node loadtime.mjs [DIR] [RUNS]     (DIR: the page, crates/wasm/www by default; RUNS: 3)
//
// It prints one line per serving (plain, gzip): the bytes sent and the median time.

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.argv[2] ?? path.join(here, "../www"));
const runs = Number(process.argv[3] ?? 3);
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
};

function serve(compress) {
  let sent = 0;
  const server = createServer(async (request, response) => {
    let file = path.normalize(path.join(root, new URL(request.url, "http://x").pathname));
    if (!file.startsWith(root)) return response.writeHead(403).end();
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, "index.html");
      let body = await readFile(file);
      const headers = { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" };
      if (compress && /gzip/.test(request.headers["accept-encoding"] ?? "")) {
        body = gzipSync(body, { level: 9 });
        headers["content-encoding"] = "gzip";
      }
      sent += body.length;
      response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({
    server, base: `http://127.0.0.1:${server.address().port}/`, sent: () => sent,
  })));
}

async function once(browser, base) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.44 * 1000 * 1000) / 8,
    uploadThroughput: (675 * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const start = Date.now();
  await page.goto(base, { waitUntil: "commit" });
  await page.waitForSelector("body[data-ready=true]", { timeout: 120000 });
  const took = Date.now() - start;
  await context.close();
  return took;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const compress of [false, true]) {
    const { server, base, sent } = await serve(compress);
    const times = [];
    for (let i = 0; i < runs; i += 1) times.push(await once(browser, base));
    times.sort((a, b) => a - b);
    const bytes = Math.round(sent() / runs);
    console.log(`${compress ? "gzip " : "plain"}: ${bytes} bytes sent per load, ready in `
      + `${(times[Math.floor(runs / 2)] / 1000).toFixed(1)} s (median of ${runs}: `
      + `${times.map((t) => (t / 1000).toFixed(1)).join(", ")})`);
    server.close();
  }
} finally {
  await browser.close();
}
