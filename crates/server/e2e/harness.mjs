// What the hosted table's browser tests (e2e.mjs, webhooks.mjs, orders.mjs) share: the pbp binary
// (target/debug/pbp, or $PBP_CLI), a server on a fresh database and a free loopback port,
// Debian's Chromium (playwright-core, no browser download; $CHROMIUM names another), and the
// numbered checks each test prints.

import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's root. */
export const repo = path.resolve(here, "../../..");
/** The `pbp` binary the tests run. */
export const cli = process.env.PBP_CLI ?? path.join(repo, "target/debug/pbp");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

let passed = 0;
/** One numbered check: fails the test with `name` (and `detail`) unless `condition` holds. */
export function check(name, condition, detail = "") {
  assert.ok(condition, `${name}${detail ? `: ${detail}` : ""}`);
  passed += 1;
  console.log(`  ok ${passed} - ${name}`);
}

/** How many checks have passed. */
export function passedCount() {
  return passed;
}

/** `pbp serve` on the database `file` in `dir`, on a free loopback port, with `extra` flags:
 *  the child process and the address it printed. */
export async function startServer(dir, file, extra = []) {
  const args = ["serve", "--db", path.join(dir, file), "--addr", "127.0.0.1:0", ...extra];
  const child = spawn(cli, args, { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const match = line.match(/(http:\/\/127\.0\.0\.1:\d+)/);
    if (match) return { child, base: match[1] };
  }
  throw new Error("pbp serve printed no address");
}

/** Headless Chromium, kept off the network but for loopback. */
export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}
