/**
 * The store's public actions in random order (fast-check's model-based testing): after every
 * action the state is one the panels can show. Build mode always has the scene on screen, its undo
 * history belongs to that scene, the selection and the tape name spheres the world has, and the
 * picker names the experiment on screen (its experiment rebuilds to the world's spheres and box).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { experimentWorld, experimentFile, fileText, type BuiltSphere, type SandboxSnapshot } from '../experiment/index.ts';
import { createSandboxStore, type SandboxStore } from './index.ts';

/** Runs of random sequences in `npm test` (each at least 30 actions); SOLVER_PROPERTY_RUNS multiplies them. */
const RUNS = 150 * Number(process.env.SOLVER_PROPERTY_RUNS ?? 1);
const PRESETS = ['head-on', 'heavy-light', 'glancing', 'inelastic', 'cradle', 'billiards', 'obstacle'];

/** What the model remembers between actions. */
interface Model {
  /** Snapshots taken so far. */
  snapshots: SandboxSnapshot[];
  /** Files saved so far (their text). */
  files: string[];
}

type Real = SandboxStore;
type Command = fc.AsyncCommand<Model, Real>;

/** The invariants every state must keep. */
function expectShowable(store: Real): void {
  const s = store.getState();
  const world = s.sim.world;
  // The scene's facts are the world's.
  expect(s.scene.count).toBe(world.count);
  expect([...s.scene.size]).toEqual([...world.size]);
  // Build mode has the scene on screen.
  if (s.building) {
    expect(s.built, 'build mode without a built scene').not.toBeNull();
    expect(s.built?.spheres.length, 'the built scene is not the world on screen').toBe(world.count);
    expect([...(s.built?.size ?? [])]).toEqual([...world.size]);
  } else {
    expect(s.buildPast, 'an undo history outside build mode').toEqual([]);
    expect(s.buildFuture).toEqual([]);
  }
  // The selection and the tape name spheres the world has.
  for (const id of s.selection) expect(world.has(id), `selected sphere ${id} is not in the world`).toBe(true);
  expect(s.selected).toBe(s.selection.length > 0 ? s.selection[s.selection.length - 1] : null);
  for (const end of [s.tape.from, s.tape.to]) if (end?.kind === 'sphere') expect(world.has(end.id), `tape end on sphere ${end.id}, not in the world`).toBe(true);
  // The runs drawn beside the P–V diagram and the graph are runs the table has.
  for (const k of s.comparedRuns) expect(k >= 0 && k < s.runs.length, `compared run ${k} of ${s.runs.length} recorded`).toBe(true);
  // The picker names the experiment on screen: rebuilt, it has the world's spheres and box.
  const again = experimentWorld(s.settings, s.preset, s.edits, undefined, s.built).world;
  expect(again.count, `the experiment (${s.preset ?? 'free'}) is not the world on screen`).toBe(world.count);
  expect([...again.size]).toEqual([...world.size]);
}

/** A command that runs `act` and then checks `post` and the invariants. */
function command(name: string, act: (store: Real, model: Model) => unknown, post?: (store: Real, model: Model, result: unknown) => void): Command {
  return {
    check: () => true,
    async run(model, store) {
      try {
        const result = await act(store, model);
        post?.(store, model, result);
        expectShowable(store);
      } catch (error) {
        throw new Error(`after "${name}": ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    toString: () => name,
  };
}

/** A new experiment was opened: build mode and its history are gone. */
const newExperiment = (store: Real): void => {
  expect(store.getState().buildPast, 'an undo history kept for a new experiment').toEqual([]);
  expect(store.getState().building, 'build mode stayed on for a new experiment').toBe(false);
};

const ball = (x: number, y: number, z: number): BuiltSphere => ({ position: [x, y, z], velocity: [0.3, 0, 0], radius: 0.15, mass: 1 });
const ids = fc.array(fc.nat(24), { minLength: 1, maxLength: 3 });
const coordinate = fc.double({ min: -1.2, max: 1.2, noNaN: true });

const commands = [
  fc.integer({ min: 2, max: 24 }).map((count) => command(`settings count ${count}`, (s) => s.getState().applySettings({ count }), (s, _m, ok) => ok && newExperiment(s))),
  fc.constantFrom(3, 4, 5).map((boxSize) => command(`settings box ${boxSize}`, (s) => s.getState().applySettings({ boxSize }), (s, _m, ok) => ok && newExperiment(s))),
  fc.constantFrom(0.5, 1).map((restitution) => command(`settings restitution ${restitution}`, (s) => s.getState().applySettings({ restitution }))),
  fc.boolean().map((planar) => command(`settings planar ${planar}`, (s) => s.getState().applySettings({ planar }))),
  fc.constantFrom(null, ...PRESETS).map((id) => command(`preset ${id}`, (s) => s.getState().selectPreset(id), (s) => newExperiment(s))),
  fc.constant(command('restart', (s) => s.getState().restart())),
  fc.constant(command('reset', (s) => s.getState().reset(), (s) => newExperiment(s))),
  fc.boolean().map((on) => command(`build ${on ? 'on' : 'off'}`, (s) => s.getState().setBuilding(on), (s) => expect(s.getState().building, 'build mode as asked').toBe(on))),
  fc.tuple(coordinate, coordinate, coordinate).map(([x, y, z]) => command(`add at ${x} ${y} ${z}`, (s) => s.getState().buildAdd(ball(x, y, z)))),
  ids.map((list) => command(`delete ${list}`, (s) => s.getState().buildDelete(list))),
  ids.map((list) => command(`duplicate ${list}`, (s) => s.getState().buildDuplicate(list))),
  fc.tuple(ids, coordinate).map(([list, dx]) => command(`move ${list} by ${dx}`, (s) => s.getState().buildMove(list, [dx, 0, 0]))),
  fc.constant(command('undo', (s) => s.getState().buildUndo())),
  fc.constant(command('redo', (s) => s.getState().buildRedo())),
  fc.constant(command('clear', (s) => s.getState().buildClear())),
  fc.constantFrom(...PRESETS).map((preset) => command(`start from ${preset}`, (s) => s.getState().buildStart({ preset }))),
  fc.constant(command('save a file', (s, m) => void m.files.push(fileText(experimentFile(s.getState().experiment(), 'saved'))))),
  fc.nat(20).map((k) => command(`open file ${k}`, (s, m) => (m.files.length > 0 ? s.getState().openExperiment(m.files[k % m.files.length]) : 'none'), (s, _m, r) => r === null && newExperiment(s))),
  fc.constant(command('open a link', (s) => s.getState().openLinked({ preset: 'cradle', settings: s.getState().settings, edits: [] }), (s, _m, r) => r === null && newExperiment(s))),
  fc.constant(command('snapshot', async (s, m) => void m.snapshots.push(await s.getState().snapshot()))),
  fc.nat(20).map((k) => command(`restore ${k}`, (s, m) => (m.snapshots.length > 0 ? s.getState().restore(m.snapshots[k % m.snapshots.length]) : 'none'), (s, _m, r) => r === null && newExperiment(s))),
  fc.nat(400).map((step) => command(`seek ${step}`, (s) => s.getState().seek(step))),
  fc.nat(24).map((id) => command(`select ${id}`, (s) => s.getState().select(id))),
  ids.map((list) => command(`select ${list}`, (s) => s.getState().selectMany(list))),
  fc.tuple(fc.nat(24), fc.double({ min: 0.5, max: 3, noNaN: true })).map(([id, mass]) => command(`edit ${id} mass ${mass}`, (s) => s.getState().editSphere(id, { mass }))),
  fc.tuple(fc.constantFrom('from', 'to' as const), fc.nat(24)).map(([field, id]) => command(`tape ${field} ${id}`, (s) => s.getState().setTapeEnd(field as 'from' | 'to', { kind: 'sphere', id }))),
  fc.integer({ min: 1, max: 12 }).map((n) => command(`play ${n} frames`, (s) => {
    s.getState().play();
    for (let k = 0; k < n; k++) s.getState().frame(1 / 60);
  })),
  fc.constant(command('pause', (s) => s.getState().pause())),
  fc.constantFrom('start', 'stop', 'lap', 'reset' as const).map((button) => command(`stopwatch ${button}`, (s) => s.getState().pressStopwatch(button as 'start'))),
  fc.nat(24).map((id) => command(`count sphere ${id}`, (s) => s.getState().startCounter({ kind: 'sphere', id }, 1))),
  fc.constantFrom('kinetic', 's0.speed', 's5.x').map((y) => command(`graph ${y}`, (s) => s.getState().setGraph('time', y))),
  fc.constant(command('record a run', (s) => s.getState().recordRun())),
  fc.array(fc.integer({ min: -1, max: 4 }), { maxLength: 3 }).map((runs) => command(`compare runs ${runs}`, (s) => s.getState().setComparedRuns(runs))),
  fc.constant(command('clear the runs', (s) => s.getState().clearRuns())),
  fc.constant(command('step', (s) => s.getState().stepOnce())),
  fc.constant(command('reverse', (s) => s.getState().reverse())),
];

describe('the store under random sequences of its public actions', () => {
  it(`after every action the state is one the panels can show (${RUNS} runs of 30 to 60 actions)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...commands), { minLength: 30, maxLength: 60 }), async (list) => {
        const store = createSandboxStore({ preset: 'head-on', settings: { count: 12, boxSize: 4 }, running: false, solverPort: null });
        await fc.asyncModelRun(() => ({ model: { snapshots: [], files: [] }, real: store }), list);
      }),
      { numRuns: RUNS, seed: Number(process.env.STORE_MODEL_SEED ?? 35), endOnFailure: false },
    );
  });
});
