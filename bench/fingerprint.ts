/**
 * Prints the state hash of every pinned run (src/golden/golden-runs.ts) beside the committed one
 * and says which differ. `--write` records the current hashes in src/golden/golden-hashes.json:
 * only for a change meant to alter the physics, and the commit says why.
 * `npx tsx bench/fingerprint.ts [--write]`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { GOLDEN_RUNS } from '../src/golden/golden-runs.ts';
import { stateHash } from '../src/solver/state-hash.ts';

const file = new URL('../src/golden/golden-hashes.json', import.meta.url);
const committed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
const now: Record<string, string> = {};
let changed = 0;
for (const r of GOLDEN_RUNS) {
  now[r.name] = stateHash(r.run());
  const same = committed[r.name] === now[r.name];
  if (!same) changed++;
  console.log(`${r.name.padEnd(18)} ${now[r.name]}${same ? '' : `   differs (committed: ${committed[r.name] ?? 'none'})`}`);
}
if (process.argv.includes('--write')) {
  writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
  console.log(`wrote ${GOLDEN_RUNS.length} hashes to src/golden/golden-hashes.json`);
} else {
  console.log(changed === 0 ? 'every hash as committed' : `${changed} of ${GOLDEN_RUNS.length} differ from the committed hashes`);
}
