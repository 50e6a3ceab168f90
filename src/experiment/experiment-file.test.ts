import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.ts';
import { PRESETS } from '../presets/presets.ts';
import type { World } from '../solver/index.ts';
import { experimentWorld } from './experiment-world.ts';
import type { BuiltScene } from './built.ts';
import { checkExperimentFile, experimentFile, fileNameOf, fileText, FILE_FORMAT, parseBuiltScene, type ExperimentFile } from './experiment-file.ts';
import type { ExperimentState } from './experiment.ts';
import { DEFAULT_SETTINGS, NUMBER_SPECS, type Settings } from './settings.ts';

/** Every sphere's position and velocity by id, as exact numbers. */
function stateOf(world: World): number[][] {
  const out: number[][] = [];
  for (let slot = 0; slot < world.count; slot++) {
    const id = world.idAt(slot);
    const k = world.indexOf(id);
    out[id] = [...world.positions.subarray(3 * k, 3 * k + 3), ...world.velocities.subarray(3 * k, 3 * k + 3)];
  }
  return out;
}

/** Saves `state`, reads the text back, and returns the opened experiment. */
function throughFile(state: ExperimentState): ExperimentState {
  const checked = checkExperimentFile(fileText(experimentFile(state, 'test')));
  if (typeof checked === 'string') throw new Error(checked);
  return checked.experiment;
}

/** Both experiments' worlds after `steps` fixed steps of 1/60 s. */
function runBoth(a: ExperimentState, b: ExperimentState, steps: number): [World, World] {
  const wa = experimentWorld(a.settings, a.preset, a.edits, undefined, a.built ?? null).world;
  const wb = experimentWorld(b.settings, b.preset, b.edits, undefined, b.built ?? null).world;
  for (let i = 0; i < steps; i++) {
    wa.step(1 / 60);
    wb.step(1 / 60);
  }
  return [wa, wb];
}

const small: Settings = { ...DEFAULT_SETTINGS, count: 30, boxSize: 6 };

describe('experiment file: round trip', () => {
  it('the free sandbox with hand edits opens as a built experiment that runs bit for bit the same', () => {
    const state: ExperimentState = { preset: null, settings: small, edits: [{ id: 3, mass: 4, velocity: [1, 2, 0.5] }, { id: 7, radius: 0.15 }], predict: true, twin: null };
    const opened = throughFile(state);
    expect(opened.built?.spheres).toHaveLength(30);
    expect(opened.predict).toBe(true);
    expect(opened.edits).toEqual([]);
    const [a, b] = runBoth(state, opened, 240);
    expect(stateOf(b)).toEqual(stateOf(a));
    expect(b.stats().kineticEnergy).toBe(a.stats().kineticEnergy);
  });

  it.each(PRESETS.map((p) => p.id))('preset %s: its file opens and runs 600 steps bit for bit the same', (id) => {
    const state: ExperimentState = { preset: id, settings: DEFAULT_SETTINGS, edits: [], twin: null };
    const opened = throughFile(state);
    const [a, b] = runBoth(state, opened, 600);
    expect(stateOf(b)).toEqual(stateOf(a));
  });

  it('walls in the settings (a pushing piston, hot and cold walls, the divider) come back and act the same', () => {
    const settings: Settings = { ...small, piston: 'push', pistonSpeed: 0.3, leftThermal: true, leftKT: 2, rightThermal: true, rightKT: 0.5, divider: true };
    const state: ExperimentState = { preset: null, settings, edits: [], twin: null };
    const opened = throughFile(state);
    expect(opened.settings).toEqual(settings);
    const [a, b] = runBoth(state, opened, 200);
    expect(stateOf(b)).toEqual(stateOf(a));
  });

  it('a built experiment keeps colours, labels, fixed spheres and their restitutions; saving the opened one gives the same file', () => {
    const built: BuiltScene = {
      size: [4, 4, 4],
      spheres: [
        { position: [-1, 0, 0], velocity: [1, 0, 0], radius: 0.2, mass: 1, color: '#ff8800', label: 'Cart A' },
        { position: [1, 0, 0], velocity: [0, 0, 0], radius: 0.3, mass: 2, restitution: 0.5, label: 'Cart B' },
        { position: [0, 1, 0], velocity: [0, 0, 0], radius: 0.25, mass: 1, fixed: true },
      ],
    };
    const state: ExperimentState = { preset: null, settings: { ...small, gravityOn: false }, edits: [], built, twin: { setting: 'mass', sphere: 1, value: 5, step: 30 } };
    const file = experimentFile(state, 'carts');
    const opened = throughFile(state);
    expect(opened.built).toEqual(built);
    expect(opened.twin).toEqual(state.twin);
    expect(experimentFile(opened, 'carts')).toEqual(file);
    const [a, b] = runBoth(state, opened, 180);
    expect(stateOf(b)).toEqual(stateOf(a));
  });

  it('a chemistry lesson keeps its species and reactions (version 2); a version-1 file, without them, still opens', () => {
    const state: ExperimentState = { preset: 'equilibrium', settings: DEFAULT_SETTINGS, edits: [{ id: 4, species: 2 }], twin: null };
    const file = experimentFile(state, 'eq');
    expect(file.version).toBe(2);
    expect(file.reactions).toHaveLength(1);
    expect(file.spheres[1].species).toBe(1);
    expect(file.spheres[4].species).toBe(2);
    expect(file.spheres[0].species).toBeUndefined();
    const opened = throughFile(state);
    expect(opened.built?.reactions).toEqual(file.reactions);
    const [a, b] = runBoth(state, opened, 300);
    expect(stateOf(b)).toEqual(stateOf(a));
    expect(Array.from(b.species.subarray(0, b.count))).toEqual(Array.from(a.species.subarray(0, a.count)));
    const old = experimentFile({ preset: null, settings: small, edits: [], twin: null }, 'old') as unknown as Record<string, unknown>;
    const checked = checkExperimentFile({ ...old, version: 1 });
    if (typeof checked === 'string') throw new Error(checked);
    expect(checked.experiment.built.spheres).toHaveLength(30);
  });

  it('wells between species (in the scene) and the well between every pair (a setting) come back and act the same', () => {
    const spheres: BuiltScene['spheres'] = [];
    for (let k = 0; k < 40; k++) spheres.push({ position: [-2.4 + 0.6 * (k % 8), -1.5 + 0.6 * Math.floor(k / 8), 0], velocity: [0.3 * Math.cos(k), 0.3 * Math.sin(k), 0.1], radius: 0.2, mass: 1, ...(k % 3 === 0 ? { species: 1 } : {}) });
    const built: BuiltScene = { size: [6, 6, 6], spheres, wells: [{ between: [0, 1], range: 1.8, depth: 0.2 }, { between: [1, 1], range: 1.4, depth: 0.5 }] };
    const settings: Settings = { ...small, attraction: 0.05, attractionRange: 1.6 };
    const state: ExperimentState = { preset: null, settings, edits: [], built, twin: null };
    const file = experimentFile(state, 'wells');
    // The file holds the scene's wells; the well between every pair stays in the settings.
    expect(file.wells).toEqual(built.wells);
    expect(file.experiment.settings).toMatchObject({ attraction: 0.05, attractionRange: 1.6 });
    const opened = throughFile(state);
    expect(opened.built).toEqual(built);
    expect(opened.settings).toEqual(settings);
    const [a, b] = runBoth(state, opened, 300);
    expect(a.wells).toEqual([...built.wells!, { range: 1.6, depth: 0.05 }]);
    expect(b.wells).toEqual(a.wells);
    expect(a.stats().wellPairs).toBeGreaterThan(0);
    expect(b.stats().wellPairs).toBe(a.stats().wellPairs);
    expect(stateOf(b)).toEqual(stateOf(a));
    // A link's built scene (the same checks, under `built`) keeps them too.
    expect(parseBuiltScene(JSON.stringify(built))).toEqual(built);
  });

  it('the text lists one sphere a line and names its format', () => {
    const text = fileText(experimentFile({ preset: null, settings: small, edits: [], twin: null }, 'gas'));
    const lines = text.split('\n').filter((l) => l.trim().startsWith('{"position"'));
    expect(lines).toHaveLength(30);
    expect(JSON.parse(text).format).toBe(FILE_FORMAT);
    expect(fileNameOf('My gas / test')).toBe('My gas  test.sphere.json');
    expect(fileNameOf('***')).toBe('experiment.sphere.json');
  });

  it('a snapshot (the older kept format) opens as the experiment it was taken of', () => {
    const state: ExperimentState = { preset: 'billiards', settings: DEFAULT_SETTINGS, edits: [{ id: 0, mass: 3 }], twin: null };
    const snapshot = { format: 'sphere-sandbox/snapshot', version: 1, experiment: state, step: 40, dt: 1 / 60, world: {}, twin: null };
    const checked = checkExperimentFile(JSON.parse(JSON.stringify(snapshot)));
    if (typeof checked === 'string') throw new Error(checked);
    expect(checked.experiment.preset).toBe('billiards');
    const [a, b] = runBoth(state, checked.experiment, 100);
    expect(stateOf(b)).toEqual(stateOf(a));
  });
});

describe('experiment file: hostile files are refused whole, naming the field', () => {
  const good = (): ExperimentFile =>
    experimentFile(
      { preset: null, settings: small, edits: [], built: { size: [4, 4, 4], spheres: [{ position: [-1, 0, 0], velocity: [1, 0, 0], radius: 0.2, mass: 1 }, { position: [1, 0, 0], velocity: [0, 0, 0], radius: 0.2, mass: 1 }] }, twin: null },
      'good',
    );
  type Patch = (f: Record<string, any>) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
  const cases: [string, Patch, string][] = [
    ['format', (f) => (f.format = 'something/else'), 'format'],
    ['version 3', (f) => (f.version = 3), '3'],
    ['version as text', (f) => (f.version = '1'), '"1"'],
    ['a species of 64', (f) => (f.spheres[0].species = 64), 'spheres[0].species'],
    ['a species as text', (f) => (f.spheres[1].species = 'B'), 'spheres[1].species'],
    ['reactions not a list', (f) => (f.reactions = {}), 'reactions'],
    ['a reaction with an unknown field', (f) => (f.reactions = [{ reactants: [0, 1], products: [2, 3], activationEnergy: 1, energyReleased: 0, rate: 2 }]), 'reactions[0].rate'],
    ['a negative barrier', (f) => (f.reactions = [{ reactants: [0, 1], products: [2, 3], activationEnergy: -1, energyReleased: 0 }]), 'reactions[0].activationEnergy'],
    ['a reaction that cannot pay', (f) => (f.reactions = [{ reactants: [0, 1], products: [2, 3], activationEnergy: 1, energyReleased: -2 }]), 'reactions[0].energyReleased'],
    ['a reactant of 70', (f) => (f.reactions = [{ reactants: [0, 70], products: [2, 3], activationEnergy: 1, energyReleased: 0 }]), 'reactions[0].reactants[1]'],
    ['wells not a list', (f) => (f.wells = { range: 1.5 }), 'wells'],
    ['a well with an unknown field', (f) => (f.wells = [{ between: [0, 1], range: 1.5, depth: 1, width: 2 }]), 'wells[0].width'],
    ['a well of range 3', (f) => (f.wells = [{ between: [0, 1], range: 3, depth: 1 }]), 'wells[0].range'],
    ['a well of depth 0', (f) => (f.wells = [{ between: [0, 1], range: 1.5, depth: 0 }]), 'wells[0].depth'],
    ['a well of species 80', (f) => (f.wells = [{ between: [0, 80], range: 1.5, depth: 1 }]), 'wells[0].between[1]'],
    ['a well between every pair (a setting, not the scene\'s)', (f) => (f.wells = [{ range: 1.5, depth: 1 }]), 'wells[0].between'],
    ['two wells for one pair', (f) => (f.wells = [{ between: [0, 1], range: 1.5, depth: 1 }, { between: [1, 0], range: 1.2, depth: 2 }]), 'wells[1].between'],
    ['attraction negative', (f) => (f.experiment.settings.attraction = -1), 'experiment.settings.attraction'],
    ['attraction range 1', (f) => (f.experiment.settings.attractionRange = 1), 'experiment.settings.attractionRange'],
    ['an unknown top field', (f) => (f.extra = 1), 'extra'],
    ['name', (f) => (f.name = 42), 'name'],
    ['experiment missing', (f) => delete f.experiment, 'experiment'],
    ['experiment an array', (f) => (f.experiment = []), 'experiment'],
    ['unknown preset', (f) => (f.experiment.preset = 'nope'), 'experiment.preset'],
    ['unknown experiment field', (f) => (f.experiment.edits = []), 'experiment.edits'],
    ['settings missing', (f) => delete f.experiment.settings, 'experiment.settings'],
    ['unknown setting', (f) => (f.experiment.settings.warp = 9), 'experiment.settings.warp'],
    ['restitution as text', (f) => (f.experiment.settings.restitution = '1'), 'experiment.settings.restitution'],
    ['restitution 2', (f) => (f.experiment.settings.restitution = 2), 'experiment.settings.restitution'],
    ['gravity negative', (f) => (f.experiment.settings.gravity = -5), 'experiment.settings.gravity'],
    ['time scale NaN (null in JSON)', (f) => (f.experiment.settings.timeScale = null), 'experiment.settings.timeScale'],
    ['predict as text', (f) => (f.experiment.predict = 'yes'), 'experiment.predict'],
    ['twin not an object', (f) => (f.experiment.twin = 5), 'experiment.twin'],
    ['twin unknown setting', (f) => (f.experiment.twin = { setting: 'colour', value: 1, step: 0 }), 'experiment.twin'],
    ['twin negative step', (f) => (f.experiment.twin = { setting: 'restitution', value: 0.5, step: -1 }), 'experiment.twin'],
    ['twin mass of a missing sphere', (f) => (f.experiment.twin = { setting: 'mass', sphere: 9, value: 2, step: 0 }), 'experiment.twin.sphere'],
    ['box missing', (f) => delete f.box, 'box'],
    ['box size of two', (f) => (f.box.size = [4, 4]), 'box.size'],
    ['box size zero', (f) => (f.box.size = [4, 0, 4]), 'box.size'],
    ['box planar as number', (f) => (f.box.planar = 1), 'box.planar'],
    ['an unknown wall', (f) => (f.box.walls = { '+w': { position: 1 } }), 'box.walls.+w'],
    ['a wall position as text', (f) => (f.box.walls = { '+y': { position: 'top' } }), 'box.walls.+y.position'],
    ['a wall beyond the box', (f) => (f.box.walls = { '+y': { position: 5 } }), 'do not fit'],
    ['spheres not a list', (f) => (f.spheres = {}), 'spheres'],
    ['a sphere null', (f) => (f.spheres[1] = null), 'spheres[1]'],
    ['position of text', (f) => (f.spheres[0].position = ['a', 0, 0]), 'spheres[0].position'],
    ['position huge', (f) => (f.spheres[0].position = [1e300, 0, 0]), 'spheres[0].position'],
    ['velocity missing', (f) => delete f.spheres[1].velocity, 'spheres[1].velocity'],
    ['radius zero', (f) => (f.spheres[0].radius = 0), 'spheres[0].radius'],
    ['mass negative', (f) => (f.spheres[1].mass = -1), 'spheres[1].mass'],
    ['restitution 1.5', (f) => (f.spheres[0].restitution = 1.5), 'spheres[0].restitution'],
    ['fixed as text', (f) => (f.spheres[0].fixed = 'true'), 'spheres[0].fixed'],
    ['colour a name', (f) => (f.spheres[0].color = 'red'), 'spheres[0].color'],
    ['label too long', (f) => (f.spheres[0].label = 'x'.repeat(41)), 'spheres[0].label'],
    ['label with a control character', (f) => (f.spheres[0].label = 'a\u0007b'), 'spheres[0].label'],
    ['an unknown sphere field', (f) => (f.spheres[0].charge = 1), 'spheres[0].charge'],
    ['a sphere wider than its box', (f) => (f.spheres[1].radius = 3), 'do not fit'],
    ['a sphere outside its box', (f) => (f.spheres[0].position = [9, 0, 0]), 'do not fit'],
  ];

  it.each(cases)('%s', (_what, patch, named) => {
    const f = JSON.parse(JSON.stringify(good()));
    patch(f);
    const message = checkExperimentFile(JSON.stringify(f));
    expect(typeof message).toBe('string');
    expect(message).toContain(named);
  });

  it('text that is not JSON, and JSON that is not an object', () => {
    expect(checkExperimentFile('{"format":')).toMatch(/not JSON/);
    expect(checkExperimentFile('[1,2]')).toMatch(/must be a JSON object; got \[1,2\]/);
    expect(checkExperimentFile('null')).toMatch(/got null/);
  });

  it('a snapshot of another version, or with bad settings, is refused naming the field', () => {
    expect(checkExperimentFile({ format: 'sphere-sandbox/snapshot', version: 7 })).toContain('7');
    expect(checkExperimentFile({ format: 'sphere-sandbox/snapshot', version: 1, experiment: { preset: null, settings: { count: -1 }, edits: [] } })).toContain('experiment.settings.count');
  });

  it('the message is in the reader\'s language', () => {
    const f = JSON.parse(JSON.stringify(good()));
    f.spheres[0].radius = 0;
    expect(checkExperimentFile(f, translator('de'))).toMatch(/Das Feld spheres\[0\]\.radius der Datei ist ungültig: erhalten 0/);
    expect(checkExperimentFile(f, translator('es'))).toMatch(/El campo spheres\[0\]\.radius del archivo no es válido/);
  });
});

describe('experiment file: property', () => {
  const inRange = (key: keyof typeof NUMBER_SPECS) => {
    const spec = NUMBER_SPECS[key];
    return fc.double({ min: spec.min, max: Math.min(spec.max, spec.min + 10), noNaN: true });
  };
  const sphereAt = (k: number) =>
    fc.record({
      velocity: fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })),
      radius: fc.double({ min: 0.05, max: 0.4, noNaN: true }),
      mass: fc.double({ min: 0.01, max: 100, noNaN: true }),
      restitution: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      fixed: fc.option(fc.boolean(), { nil: undefined }),
      color: fc.option(fc.integer({ min: 0, max: 0xffffff }).map((c) => `#${c.toString(16).padStart(6, '0')}`), { nil: undefined }),
      label: fc.option(fc.string({ maxLength: 12 }).filter((s) => !/\p{Cc}/u.test(s)), { nil: undefined }),
    }).map((s) => ({
      // One sphere per cell of a 1-m lattice: they never overlap.
      position: [-4.5 + (k % 10), -4.5 + (Math.floor(k / 10) % 10), -4.5 + Math.floor(k / 100)] as [number, number, number],
      // JSON has no -0: a file holds it as 0 (the same number to every sum and product). A fixed sphere stands still.
      velocity: s.fixed ? ([0, 0, 0] as [number, number, number]) : (s.velocity.map((v) => (v === 0 ? 0 : v)) as [number, number, number]),
      radius: s.radius,
      mass: s.mass,
      ...(s.restitution !== undefined ? { restitution: s.restitution } : {}),
      ...(s.fixed ? { fixed: true } : {}),
      ...(s.color !== undefined ? { color: s.color } : {}),
      ...(s.label !== undefined ? { label: s.label } : {}),
    }));

  it('random experiments (settings within their limits, random built spheres) go through save and open unchanged', () => {
    fc.assert(
      fc.property(
        fc.record({ restitution: inRange('restitution'), wallRestitution: inRange('wallRestitution'), gravity: inRange('gravity'), gravityOn: fc.boolean(), timeScale: inRange('timeScale') }),
        fc.integer({ min: 0, max: 60 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => sphereAt(k)))),
        fc.boolean(),
        (physics, spheres, predict) => {
          const settings: Settings = { ...small, ...physics };
          const state: ExperimentState = { preset: null, settings, edits: [], built: { size: [10, 10, 10], spheres }, predict, twin: null };
          const opened = throughFile(state);
          expect(opened.settings).toEqual(settings);
          expect(opened.built).toEqual(state.built);
          expect(opened.predict === true).toBe(predict);
          const [a, b] = runBoth(state, opened, 10);
          expect(stateOf(b)).toEqual(stateOf(a));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps the holes of a built scene: a wall\'s and the divider\'s, and names a bad one', () => {
    const scene = { size: [4, 4, 4] as [number, number, number], spheres: [{ position: [0, 0, 0] as [number, number, number], velocity: [1, 0, 0] as [number, number, number], radius: 0.2, mass: 1 }], walls: { '+x': { hole: 1.5 } }, dividerHole: 0.8 };
    const back = parseBuiltScene(JSON.stringify(scene));
    expect(back).toEqual({ size: [4, 4, 4], spheres: scene.spheres, walls: { '+x': { hole: 1.5 } }, dividerHole: 0.8 });
    expect(parseBuiltScene(JSON.stringify({ ...scene, dividerHole: -1 }))).toMatch(/built\.dividerHole/);
    expect(parseBuiltScene(JSON.stringify({ ...scene, walls: { '+x': { hole: 0 } } }))).toMatch(/built\.walls\.\+x\.hole/);
  });

  it('names a bad well of a built scene by its path under the scene (a link\'s `built`, a snapshot\'s `experiment.built`)', () => {
    const scene = { size: [4, 4, 4], spheres: [{ position: [0, 0, 0], velocity: [1, 0, 0], radius: 0.2, mass: 1 }], wells: [{ between: [0, 1], range: 2.5, depth: 1 }] };
    expect(parseBuiltScene(JSON.stringify(scene))).toMatch(/built\.wells\[0\]\.range.*2\.5/);
    const snapshot = { format: 'sphere-sandbox/snapshot', version: 1, experiment: { preset: null, settings: small, edits: [], built: { ...scene, wells: [{ between: [0, 1], range: 1.5, depth: -2 }] } } };
    expect(checkExperimentFile(snapshot)).toMatch(/experiment\.built\.wells\[0\]\.depth.*-2/);
  });
});
