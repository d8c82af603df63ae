// Adaptive Cards JS (the vendored `adaptivecards` 3.0.6 bundle) reading the same corpus as
// `cargo bench -p mcpapp-card --bench parse`: for each card, JSON.parse of its text, then
// `AdaptiveCard.parse` (which reports into a SerializationContext) and `validateProperties`,
// the JS renderer's parse + validate. Nothing is rendered, so no DOM is needed: the bundle's
// reading code touches no `document` or `window` (it loads under plain Node as a CommonJS
// module through its UMD wrapper).
//
//   node crates/card/benches/acjs/parse.mjs [--seconds S] [FILE...]
//   node crates/card/benches/acjs/parse.mjs --serve [FILE...]
//
// With no files it reads the corpus itself, chosen as the Rust bench chooses (every `.json`
// under tests/corpus/adaptive-cards but HostConfig/, Templates/ and `*.data.json`); the Rust
// bench passes its own list. It prints one JSON line: the cards and bytes read, the rounds
// timed and the median (and fastest) time of one round over the whole corpus, in ms.
//
// With --serve it warms up, prints one JSON line (engine, cards, bytes), then reads numbers
// from standard input: for each N it times N rounds and prints their times (ms) as a JSON
// array, until standard input ends. The Rust bench uses this to alternate short stretches of
// both readers, so that both see the same load on a shared machine.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..', '..');
const require = createRequire(import.meta.url);
const vendor = join(repo, 'crates/server/vendor/adaptivecards');
const AC = require(join(vendor, 'adaptivecards.min.js'));
// The version the bundle was vendored at, as its vendoring script names it.
const version = /^VERSION=(\S+)$/m.exec(readFileSync(join(vendor, 'vendor.sh'), 'utf8'))?.[1] ?? '?';

function corpus() {
  const root = join(repo, 'tests/corpus/adaptive-cards');
  const files = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop();
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        stack.push(path);
      } else if (name.endsWith('.json')) {
        const rel = relative(root, path).split(sep).join('/');
        if (!rel.startsWith('HostConfig') && !rel.startsWith('Templates') && !rel.endsWith('.data.json')) {
          files.push(path);
        }
      }
    }
  }
  return files.sort();
}

let seconds = 3;
let serve = false;
const args = process.argv.slice(2);
if (args[0] === '--seconds') {
  seconds = Number(args[1]);
  args.splice(0, 2);
} else if (args[0] === '--serve') {
  serve = true;
  args.splice(0, 1);
}
const files = args.length > 0 ? args : corpus();
const texts = files.map((f) => readFileSync(f, 'utf8'));
const bytes = files.reduce((n, f) => n + statSync(f).size, 0);

// What the reads found, summed, so that no work can be optimized away.
let findings = 0;
function round() {
  for (const text of texts) {
    const json = JSON.parse(text);
    const card = new AC.AdaptiveCard();
    const context = new AC.SerializationContext();
    card.parse(json, context);
    findings += context.eventCount + card.validateProperties().validationEvents.length;
  }
}

function run(budgetMs, minRounds) {
  const times = [];
  const start = process.hrtime.bigint();
  while (times.length < minRounds || Number(process.hrtime.bigint() - start) / 1e6 < budgetMs) {
    const t0 = process.hrtime.bigint();
    round();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times;
}

const engine = `adaptivecards ${version} on Node ${process.versions.node}`;
run(1000, 20); // warm-up: let the JIT settle
findings = 0;
if (serve) {
  console.log(JSON.stringify({ engine, cards: texts.length, bytes }));
  const { createInterface } = await import('node:readline');
  for await (const line of createInterface({ input: process.stdin })) {
    const n = Number.parseInt(line, 10);
    const times = [];
    for (let i = 0; i < n; i++) {
      const t0 = process.hrtime.bigint();
      round();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    console.log(JSON.stringify(times));
  }
  process.exit(0);
}
const times = run(seconds * 1000, 30).sort((a, b) => a - b);
const median = times.length % 2 === 1
  ? times[(times.length - 1) / 2]
  : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
console.log(JSON.stringify({
  engine,
  cards: texts.length,
  bytes,
  rounds: times.length,
  median_ms: Number(median.toFixed(3)),
  min_ms: Number(times[0].toFixed(3)),
  findings_per_round: findings / times.length,
}));
