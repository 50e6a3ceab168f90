/**
 * The unit tests' clock: `performance.now()` advances one microsecond a reading, whatever the
 * machine is doing. The simulation drops a frame's remaining steps once they have taken longer than
 * its budget (30 ms); on a busy machine one interrupted step would otherwise cut a two-step frame
 * to one and fail a test that counts steps. The budget's own tests give the store a clock of their
 * own. Loaded by the unit project (vitest.config.ts), not by the allocation tests, which measure
 * the real clock's readings.
 */
let readings = 0;
Object.defineProperty(performance, 'now', { configurable: true, writable: true, value: () => ++readings / 1000 });
