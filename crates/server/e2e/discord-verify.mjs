// Checks with Discord's own verification library (the `discord-interactions` package's
// `verifyKey`) that the fake Discord of the Rust tests (crates/server/tests/common/discord.rs)
// signs interactions as Discord signs them: each signed sample verifies, each sample whose body
// was changed after signing does not. The samples are written by the ignored test
// `discord_signed_samples` (crates/server/tests/discord.rs) to the file given as argument.
//
//     PBP_DISCORD_SAMPLES=/tmp/s.jsonl cargo test -p pbp-server --test discord -- --ignored discord_signed_samples
//     node discord-verify.mjs /tmp/s.jsonl

import { readFileSync } from 'node:fs';
import { verifyKey } from 'discord-interactions';

const file = process.argv[2];
if (!file) {
  console.error('usage: node discord-verify.mjs SAMPLES.jsonl');
  process.exit(2);
}
const samples = readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
let passed = 0;
let failed = 0;
for (const [i, sample] of samples.entries()) {
  const verified = await verifyKey(sample.body, sample.signature, sample.timestamp, sample.public_key);
  if (verified === sample.valid) {
    passed += 1;
  } else {
    failed += 1;
    console.error(`sample ${i}: verifyKey says ${verified}, the fake meant ${sample.valid}: ${sample.body}`);
  }
}
if (samples.length === 0 || !samples.some((s) => s.valid) || !samples.some((s) => !s.valid)) {
  console.error('the samples must hold signed and forged interactions');
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
