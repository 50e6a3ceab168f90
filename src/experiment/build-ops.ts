/**
 * The lab bench's edits of a built scene: place, add at a free spot, duplicate, delete, move,
 * arrange in a row, a grid or a ring, change properties of several spheres at once, clear, and
 * start from an empty box. Each takes a scene and returns a new one, or a message (in the language
 * of `t`) naming the field and the value it refuses; the scene given is never changed.
 *
 * A sphere fits when its centre keeps it inside the box and it overlaps no other sphere; a planar
 * scene keeps every centre and velocity at z = 0. Placing at a point that does not fit is refused;
 * "Add sphere" and duplicating look for the nearest free spot instead.
 */
import { english, formatPlain, type Translate } from '../i18n/index.ts';
import type { BuiltScene, BuiltSphere } from './built.ts';
import { EDIT_MAX } from './edits.ts';
import { checkWells, MAX_SPECIES, type Well } from '../solver/index.ts';

/** What an edit gives: the new scene, or the message of its refusal. */
export type BuildOutcome = { scene: BuiltScene } | { error: string };

/** The most spheres a built scene holds. */
export const BUILD_MAX_SPHERES = 2000;
/** The box's side in a built scene, m: at least, at most. */
export const BUILD_BOX_MIN = 0.5;
export const BUILD_BOX_MAX = 500;
/** The longest label, characters. */
export const LABEL_MAX = 24;

/** The shapes spheres can be lined up in. */
export type ArrangeShape = 'row' | 'grid' | 'ring';

/** The properties the inspector sets for several spheres at once (each absent one stays). */
export interface SpherePatch {
  mass?: number;
  radius?: number;
  restitution?: number | null;
  fixed?: boolean;
  color?: string | null;
  label?: string | null;
  /** The species, 0 to 63. */
  species?: number;
  /** A coordinate of the centre, per axis (null: leave that axis). */
  position?: [number | null, number | null, number | null];
  velocity?: [number | null, number | null, number | null];
}

const AXES = ['x', 'y', 'z'] as const;
const n = (t: Translate, x: number): string => formatPlain(t.locale, Number(x.toPrecision(4)));

function copyScene(scene: BuiltScene): BuiltScene {
  return { size: [...scene.size], ...(scene.planar ? { planar: true } : {}), spheres: scene.spheres.map(copySphere), ...(scene.reactions ? { reactions: scene.reactions } : {}), ...(scene.wells ? { wells: scene.wells } : {}) };
}

function copySphere(s: BuiltSphere): BuiltSphere {
  return { ...s, position: [...s.position], velocity: [...s.velocity] };
}

/** The message for a sphere's own values (no box, no neighbours), or null. `which` names it ("sphere 3"). */
export function checkSphereValues(s: BuiltSphere, which: string, t: Translate = english): string | null {
  const bad = (field: string, got: unknown, rule: string): string => t('build.badValue', { which, field: t(field as never), rule, got: typeof got === 'number' ? n(t, got) : JSON.stringify(got) });
  if (!(Number.isFinite(s.radius) && s.radius > 0)) return bad('build.field.radius', s.radius, t('build.rule.positive'));
  if (!(Number.isFinite(s.mass) && s.mass > 0 && s.mass <= EDIT_MAX)) return bad('build.field.mass', s.mass, t('build.rule.positiveMax', { max: n(t, EDIT_MAX) }));
  if (s.restitution !== undefined && !(s.restitution >= 0 && s.restitution <= 1)) return bad('build.field.restitution', s.restitution, t('build.rule.unit'));
  for (let a = 0; a < 3; a++) {
    const v = s.velocity[a];
    if (!(Number.isFinite(v) && Math.abs(v) <= EDIT_MAX)) return bad(`build.field.v${AXES[a]}`, v, t('build.rule.finiteMax', { max: n(t, EDIT_MAX) }));
    const p = s.position[a];
    if (!Number.isFinite(p)) return bad(`build.field.p${AXES[a]}`, p, t('build.rule.finite'));
  }
  if (s.color !== undefined && !/^#[0-9a-f]{6}$/i.test(s.color)) return bad('build.field.color', s.color, t('build.rule.color'));
  if (s.species !== undefined && !(Number.isInteger(s.species) && s.species >= 0 && s.species < MAX_SPECIES)) return bad('build.field.species', s.species, t('build.rule.species', { max: String(MAX_SPECIES - 1) }));
  if (s.label !== undefined && (s.label.length > LABEL_MAX || s.label.trim() !== s.label || s.label === '')) return bad('build.field.label', s.label, t('build.rule.label', { max: String(LABEL_MAX) }));
  return null;
}

/** The message when sphere `index` of the scene leaves the box or overlaps one of `others` (indices), or null. */
function checkPlace(scene: BuiltScene, s: BuiltSphere, which: string, others: Iterable<number>, t: Translate): string | null {
  for (let a = 0; a < 3; a++) {
    const limit = scene.size[a] / 2 - s.radius;
    if (scene.planar && a === 2) {
      if (s.position[2] !== 0 || s.velocity[2] !== 0) return t('build.planarZ', { which });
      continue;
    }
    if (!(Math.abs(s.position[a]) <= limit)) {
      if (limit < 0) return t('build.tooBigForBox', { which, radius: n(t, s.radius) });
      return t('build.outsideBox', { which, axis: AXES[a], min: n(t, -limit), max: n(t, limit), got: n(t, s.position[a]) });
    }
  }
  for (const j of others) {
    const o = scene.spheres[j];
    const d = Math.hypot(o.position[0] - s.position[0], o.position[1] - s.position[1], o.position[2] - s.position[2]);
    if (d < o.radius + s.radius) return t('build.overlaps', { which, other: String(j) });
  }
  return null;
}

/**
 * Checks a whole scene: its box, the count, each sphere's values, inside the box, no overlaps.
 * Returns null when it can be built, else the first refusal.
 */
export function checkBuiltScene(scene: BuiltScene, t: Translate = english): string | null {
  for (let a = 0; a < 3; a++) {
    const side = scene.size[a];
    if (!(side >= BUILD_BOX_MIN && side <= BUILD_BOX_MAX)) return t('build.badBox', { axis: AXES[a], min: n(t, BUILD_BOX_MIN), max: n(t, BUILD_BOX_MAX), got: n(t, side) });
  }
  if (scene.spheres.length > BUILD_MAX_SPHERES) return t('build.tooMany', { max: String(BUILD_MAX_SPHERES), got: String(scene.spheres.length) });
  const before: number[] = [];
  for (let i = 0; i < scene.spheres.length; i++) {
    const which = t('build.sphere', { id: String(i) });
    const s = scene.spheres[i];
    const bad = checkSphereValues(s, which, t) ?? checkPlace(scene, s, which, before, t);
    if (bad !== null) return bad;
    before.push(i);
  }
  return null;
}

/** Every index of the scene but those in `skip`. */
function othersThan(scene: BuiltScene, skip: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < scene.spheres.length; i++) if (!skip.has(i)) out.push(i);
  return out;
}

/** The message when `ids` holds an index the scene lacks, or is empty; else null. */
function checkIds(scene: BuiltScene, ids: readonly number[], t: Translate): string | null {
  if (ids.length === 0) return t('build.noneSelected');
  for (const id of ids) if (!(Number.isInteger(id) && id >= 0 && id < scene.spheres.length)) return t('build.noSphere', { id: String(id) });
  return null;
}

/** A new scene: an empty box of sides `size` (m), planar or not. */
export function emptyScene(size: [number, number, number], planar = false, t: Translate = english): BuildOutcome {
  const scene: BuiltScene = { size: [...size], ...(planar ? { planar: true } : {}), spheres: [] };
  const bad = checkBuiltScene(scene, t);
  return bad === null ? { scene } : { error: bad };
}

/** The scene with one sphere added at its own position; refused (with the reason) when it does not fit there. */
export function placeSphere(scene: BuiltScene, sphere: BuiltSphere, t: Translate = english): BuildOutcome {
  if (scene.spheres.length >= BUILD_MAX_SPHERES) return { error: t('build.tooMany', { max: String(BUILD_MAX_SPHERES), got: String(scene.spheres.length + 1) }) };
  const which = t('build.newSphere');
  const s = copySphere(sphere);
  if (scene.planar) s.position[2] = 0;
  const bad = checkSphereValues(s, which, t) ?? checkPlace(scene, s, which, othersThan(scene, new Set()), t);
  if (bad !== null) return { error: bad };
  const next = copyScene(scene);
  next.spheres.push(s);
  return { scene: next };
}

/**
 * The free spot nearest `near` for a sphere of `radius`, on a lattice of spacing a little over
 * one diameter through `near` (clamped into the box): at the height of `near` when there is room
 * there, else anywhere in the box; null when none is left.
 */
export function freeSpot(scene: BuiltScene, radius: number, near: [number, number, number], skip: ReadonlySet<number> = new Set()): [number, number, number] | null {
  const h = scene.size.map((side) => side / 2 - radius);
  if (h.some((x, a) => x < 0 && !(scene.planar && a === 2))) return null;
  const centre = near.map((x, a) => (scene.planar && a === 2 ? 0 : Math.min(h[a], Math.max(-h[a], x)))) as [number, number, number];
  const step = 2 * radius * 1.05;
  const reach = h.map((x, a) => (scene.planar && a === 2 ? 0 : Math.ceil((2 * x) / step)));
  const others = othersThan(scene, skip);
  const fits = (p: [number, number, number]): boolean => {
    for (let a = 0; a < 3; a++) if (!(scene.planar && a === 2) && Math.abs(p[a]) > h[a] + 1e-12) return false;
    for (const j of others) {
      const o = scene.spheres[j];
      if (Math.hypot(o.position[0] - p[0], o.position[1] - p[1], o.position[2] - p[2]) < o.radius + radius) return false;
    }
    return true;
  };
  // The level of `near` first, then the whole box.
  return searchSpot(centre, step, [reach[0], 0, reach[2]], fits) ?? searchSpot(centre, step, reach, fits);
}

/** The lattice point nearest `centre` within `reach` steps per axis that `fits`: shells of growing lattice distance, the nearest first within one. */
function searchSpot(centre: [number, number, number], step: number, reach: number[], fits: (p: [number, number, number]) => boolean): [number, number, number] | null {
  const maxShell = Math.max(...reach);
  for (let shell = 0; shell <= maxShell; shell++) {
    let best: [number, number, number] | null = null;
    let bestD = Infinity;
    for (let i = -Math.min(shell, reach[0]); i <= Math.min(shell, reach[0]); i++) {
      for (let j = -Math.min(shell, reach[1]); j <= Math.min(shell, reach[1]); j++) {
        for (let k = -Math.min(shell, reach[2]); k <= Math.min(shell, reach[2]); k++) {
          if (Math.max(Math.abs(i), Math.abs(j), Math.abs(k)) !== shell) continue;
          const p: [number, number, number] = [centre[0] + i * step, centre[1] + j * step, centre[2] + k * step];
          const d = Math.hypot(i, j, k);
          if (d < bestD && fits(p)) {
            best = p;
            bestD = d;
          }
        }
      }
    }
    if (best !== null) return best;
  }
  return null;
}

/** The scene with `sphere` added at the free spot nearest its position; refused when the box is full. */
export function addSphere(scene: BuiltScene, sphere: BuiltSphere, t: Translate = english): BuildOutcome {
  const spot = freeSpot(scene, sphere.radius, sphere.position);
  if (spot === null) return { error: t('build.noRoom', { radius: n(t, sphere.radius) }) };
  return placeSphere(scene, { ...sphere, position: spot }, t);
}

/** The scene with a copy of each sphere of `ids` at the free spot nearest it (the copies are the last spheres). */
export function duplicateSpheres(scene: BuiltScene, ids: readonly number[], t: Translate = english): BuildOutcome {
  const bad = checkIds(scene, ids, t);
  if (bad !== null) return { error: bad };
  let next = scene;
  for (const id of ids) {
    const out = addSphere(next, scene.spheres[id], t);
    if ('error' in out) return out;
    next = out.scene;
  }
  return { scene: next };
}

/** The scene without the spheres of `ids` (the others keep their order, so their ids close up). */
export function deleteSpheres(scene: BuiltScene, ids: readonly number[], t: Translate = english): BuildOutcome {
  const bad = checkIds(scene, ids, t);
  if (bad !== null) return { error: bad };
  const gone = new Set(ids);
  const next = copyScene(scene);
  next.spheres = next.spheres.filter((_, i) => !gone.has(i));
  return { scene: next };
}

/** The scene with its spheres set as `moved` gives them (index → new sphere), checked against each other and the rest. */
function replaceSpheres(scene: BuiltScene, moved: Map<number, BuiltSphere>, t: Translate): BuildOutcome {
  const next = copyScene(scene);
  for (const [i, s] of moved) next.spheres[i] = s;
  const fixedOnes = othersThan(scene, new Set(moved.keys()));
  const done: number[] = [];
  for (const [i, s] of moved) {
    const which = t('build.sphere', { id: String(i) });
    const bad = checkSphereValues(s, which, t) ?? checkPlace(next, s, which, [...fixedOnes, ...done], t);
    if (bad !== null) return { error: bad };
    done.push(i);
  }
  return { scene: next };
}

/** The scene with each sphere of `ids` moved by `delta` (m). */
export function moveSpheres(scene: BuiltScene, ids: readonly number[], delta: [number, number, number], t: Translate = english): BuildOutcome {
  const bad = checkIds(scene, ids, t);
  if (bad !== null) return { error: bad };
  const moved = new Map<number, BuiltSphere>();
  for (const id of ids) {
    const s = copySphere(scene.spheres[id]);
    for (let a = 0; a < 3; a++) s.position[a] += delta[a];
    moved.set(id, s);
  }
  return replaceSpheres(scene, moved, t);
}

/** The scene with `patch` set on every sphere of `ids` (each value the same for all). */
export function patchSpheres(scene: BuiltScene, ids: readonly number[], patch: SpherePatch, t: Translate = english): BuildOutcome {
  const bad = checkIds(scene, ids, t);
  if (bad !== null) return { error: bad };
  const moved = new Map<number, BuiltSphere>();
  for (const id of ids) {
    const s = copySphere(scene.spheres[id]);
    if (patch.mass !== undefined) s.mass = patch.mass;
    if (patch.radius !== undefined) s.radius = patch.radius;
    if (patch.species !== undefined) {
      if (patch.species === 0) delete s.species;
      else s.species = patch.species;
    }
    if (patch.fixed !== undefined) {
      if (patch.fixed) s.fixed = true;
      else delete s.fixed;
    }
    for (const key of ['restitution', 'color', 'label'] as const) {
      const value = patch[key];
      if (value === undefined) continue;
      if (value === null) delete s[key];
      else (s as unknown as Record<string, unknown>)[key] = value;
    }
    for (let a = 0; a < 3; a++) {
      const p = patch.position?.[a];
      if (p !== undefined && p !== null) s.position[a] = p;
      const v = patch.velocity?.[a];
      if (v !== undefined && v !== null) s.velocity[a] = v;
    }
    moved.set(id, s);
  }
  return replaceSpheres(scene, moved, t);
}

/** How to line spheres up: the shape, the count of new spheres (ignored when spheres are given), the spacing between neighbours' centres, the centre of the shape. */
export interface Arrangement {
  shape: ArrangeShape;
  count: number;
  spacing: number;
  centre: [number, number, number];
}

/**
 * The centres of an arrangement of `count` spheres. A row runs along x; a grid has
 * ceil(sqrt(count)) columns along x and its rows along z (along y in a planar scene); a ring lies
 * in the same plane, neighbours `spacing` apart along the chord (radius spacing / (2 sin(π/count))),
 * the first at +x from the centre.
 */
export function arrangementPoints(a: Arrangement, planar = false): [number, number, number][] {
  const { count, spacing, centre } = a;
  const second = planar ? 1 : 2;
  const out: [number, number, number][] = [];
  const at = (u: number, w: number): [number, number, number] => {
    const p: [number, number, number] = [centre[0] + u, centre[1], centre[2]];
    p[second] += w;
    return p;
  };
  if (a.shape === 'row') {
    for (let i = 0; i < count; i++) out.push(at((i - (count - 1) / 2) * spacing, 0));
  } else if (a.shape === 'grid') {
    const cols = Math.ceil(Math.sqrt(count));
    const rows = Math.ceil(count / cols);
    for (let i = 0; i < count; i++) out.push(at(((i % cols) - (cols - 1) / 2) * spacing, (Math.floor(i / cols) - (rows - 1) / 2) * spacing));
  } else {
    const radius = count === 1 ? 0 : spacing / (2 * Math.sin(Math.PI / count));
    for (let i = 0; i < count; i++) {
      const angle = (2 * Math.PI * i) / count;
      out.push(at(radius * Math.cos(angle), radius * Math.sin(angle)));
    }
  }
  return out;
}

/**
 * Lines up the spheres of `ids` (in that order) in the arrangement, or, with no ids, adds
 * `count` copies of `template` so. Refused when a sphere would leave the box or overlap another.
 */
export function arrangeSpheres(scene: BuiltScene, ids: readonly number[], a: Arrangement, template: BuiltSphere, t: Translate = english): BuildOutcome {
  const count = ids.length > 0 ? ids.length : a.count;
  if (!(Number.isInteger(count) && count >= 1 && count <= 400)) return { error: t('build.badCount', { max: '400', got: String(a.count) }) };
  if (!(Number.isFinite(a.spacing) && a.spacing > 0)) return { error: t('build.badSpacing', { got: n(t, a.spacing) }) };
  if (ids.length > 0) {
    const bad = checkIds(scene, ids, t);
    if (bad !== null) return { error: bad };
  }
  const points = arrangementPoints({ ...a, count }, scene.planar ?? false);
  if (ids.length > 0) {
    const moved = new Map<number, BuiltSphere>();
    ids.forEach((id, i) => moved.set(id, { ...copySphere(scene.spheres[id]), position: points[i] }));
    return replaceSpheres(scene, moved, t);
  }
  let next = scene;
  for (const p of points) {
    const out = placeSphere(next, { ...copySphere(template), position: p }, t);
    if ('error' in out) return out;
    next = out.scene;
  }
  return { scene: next };
}

/**
 * The scene with `wells` as its wells between species (replacing those before; an empty list
 * takes them away). Each names its two species, 0 to 63 (the well between every pair is the
 * `attraction` setting), a range in (1, 2] sums of radii and a depth > 0 J, and no pair has two.
 */
export function setSceneWells(scene: BuiltScene, wells: readonly Well[], t: Translate = english): BuildOutcome {
  const seen = new Map<string, number>();
  for (let k = 0; k < wells.length; k++) {
    const w = wells[k];
    const which = t('build.well', { n: String(k + 1) });
    const bad = (field: string, got: unknown, rule: string): BuildOutcome => ({ error: t('build.badValue', { which, field: t(field as never), rule, got: typeof got === 'number' ? n(t, got) : JSON.stringify(got) }) });
    const pair: unknown = w.between;
    if (!Array.isArray(pair) || pair.length !== 2) return bad('build.field.species', pair, t('build.rule.species', { max: String(MAX_SPECIES - 1) }));
    for (const kind of pair) if (!(Number.isInteger(kind) && kind >= 0 && kind < MAX_SPECIES)) return bad('build.field.species', kind, t('build.rule.species', { max: String(MAX_SPECIES - 1) }));
    if (!(w.range > 1 && w.range <= 2)) return bad('build.field.wellRange', w.range, t('build.rule.wellRange'));
    if (!(Number.isFinite(w.depth) && w.depth > 0 && w.depth <= EDIT_MAX)) return bad('build.field.wellDepth', w.depth, t('build.rule.positiveMax', { max: n(t, EDIT_MAX) }));
    const key = `${Math.min(pair[0], pair[1])}+${Math.max(pair[0], pair[1])}`;
    const before = seen.get(key);
    if (before !== undefined) return { error: t('build.wellTwice', { which, other: t('build.well', { n: String(before + 1) }) }) };
    seen.set(key, k);
  }
  const next = copyScene(scene);
  delete next.wells;
  const checked = checkWells(wells);
  if (checked.length > 0) next.wells = checked;
  return { scene: next };
}
