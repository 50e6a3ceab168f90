/**
 * Determinism: each pinned run ends in exactly the state whose hash is committed in
 * golden-hashes.json. The hashes were recorded by `npx tsx bench/fingerprint.ts --write`; a
 * refactor of the solver must keep every one, and a change meant to alter the physics rewrites
 * them in a commit that says why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_RUNS } from './golden-runs.ts';
import { stateHash } from '../solver/state-hash.ts';

const committed = JSON.parse(readFileSync(new URL('./golden-hashes.json', import.meta.url), 'utf8')) as Record<string, string>;

describe('golden hashes', () => {
  it('has a committed hash for every pinned run and no other', () => {
    expect(Object.keys(committed).sort()).toEqual(GOLDEN_RUNS.map((r) => r.name).sort());
  });

  for (const r of GOLDEN_RUNS) {
    it(`${r.name} ends in its committed state, bit for bit`, () => {
      expect(stateHash(r.run())).toBe(committed[r.name]);
    });
  }

  it('running the same scene twice gives the same hash, and a one-ulp change gives another', () => {
    const a = GOLDEN_RUNS.find((r) => r.name === 'edited-300')!;
    expect(stateHash(a.run())).toBe(stateHash(a.run()));
    const w = a.run();
    const before = stateHash(w);
    const id = w.idAt(0);
    const v = w.velocities;
    w.setVelocity(id, [v[0] * (1 + Number.EPSILON), v[1], v[2]]);
    expect(stateHash(w)).not.toBe(before);
  });
});
