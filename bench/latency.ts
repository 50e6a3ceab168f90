/**
 * `npx tsx bench/latency.ts`: the time of one memory read that depends on the previous one (a
 * random walk over 64-byte lines) for working sets from 0.5 to 64 MB. It shows where this
 * machine's caches end, which is what sets how the solver's step time grows between 10,000 and
 * 100,000 spheres (each event reads a few dozen lines at scattered places).
 */
function nsPerLoad(megabytes: number): number {
  const lines = Math.floor((megabytes * 1024 * 1024) / 64);
  const next = new Int32Array(lines * 16);
  // One random cycle through every line (Sattolo's shuffle), so the walk visits all of them.
  const order = new Int32Array(lines);
  for (let k = 0; k < lines; k++) order[k] = k;
  let seed = 12345;
  for (let k = lines - 1; k > 0; k--) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const j = seed % k;
    const t = order[k];
    order[k] = order[j];
    order[j] = t;
  }
  for (let k = 0; k < lines; k++) next[16 * order[k]] = 16 * order[(k + 1) % lines];
  let p = 0;
  for (let k = 0; k < 200_000; k++) p = next[p];
  const loads = 4_000_000;
  const t0 = performance.now();
  for (let k = 0; k < loads; k++) p = next[p];
  const ns = ((performance.now() - t0) * 1e6) / loads;
  return p >= 0 ? ns : -1;
}

for (const mb of [0.5, 1, 2, 4, 8, 16, 32, 64]) {
  console.log(`${String(mb).padStart(4)} MB working set: ${nsPerLoad(mb).toFixed(1).padStart(6)} ns per dependent read`);
}
