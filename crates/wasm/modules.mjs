// Writes the page's list of games, pkg/modules.json, after build.sh has built every module: each
// module (pkg/MODULE/pbp_wasm.js) is loaded in node and asked for its games, and each game is
// listed once, with the module that plays it (the `core` module for the duel, which every module
// carries) and its default config, so the page can offer every game before loading any of them.
//
//     node crates/wasm/modules.mjs PKG_DIR SIZES_FILE
//
// SIZES_FILE has a line per module, in build order: "MODULE BYTES GZIPPED BUDGET".

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pkg, sizesFile] = process.argv.slice(2);
if (!pkg || !sizesFile) {
  console.error("usage: node modules.mjs PKG_DIR SIZES_FILE");
  process.exit(2);
}

const modules = (await readFile(sizesFile, "utf8")).trim().split("\n").map((line) => {
  const [name, bytes, gzipped, budget] = line.split(" ");
  return { name, bytes: Number(bytes), gzipped: Number(gzipped), budget: Number(budget) };
});

const games = [];
for (const module of modules) {
  const dir = path.resolve(pkg, module.name);
  const glue = await import(pathToFileURL(path.join(dir, "pbp_wasm.js")).href);
  glue.initSync({ module: await readFile(path.join(dir, "pbp_wasm_bg.wasm")) });
  module.games = [];
  for (const game of glue.games()) {
    if (games.some((g) => g.name === game.name)) continue;
    games.push({ name: game.name, title: game.title, module: module.name, default_config: game.default_config });
    module.games.push(game.name);
  }
  if (module.games.length === 0) {
    console.error(`error: module ${module.name} plays no game that an earlier module does not`);
    process.exit(1);
  }
}

await writeFile(path.join(pkg, "modules.json"), `${JSON.stringify({ games, modules }, null, 1)}\n`);
console.log(`wrote ${path.join(pkg, "modules.json")}: ${games.map((g) => `${g.name} (${g.module})`).join(", ")}`);
