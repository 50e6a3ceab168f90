/**
 * A world's exact state as plain JSON: what `packWorld` hands to another thread (transfer.ts),
 * with each ArrayBuffer's bytes written as base64 text and each typed array as a view of one of
 * them, so that it survives `JSON.stringify`, a file or a network, and comes back as the same
 * world, mid-run, whose next steps are exactly those the original would take.
 *
 * Reading it back checks everything before it builds anything: the format and version, every
 * buffer's text and length, and every field of the state against a newly made world (present,
 * of the same kind, nothing extra), so bad input throws {@link SolverInputError} naming the field
 * and never yields a half-built world.
 */
import { decodeBase64, encodeBase64 } from './base64.ts';
import { SolverInputError } from './errors.ts';
import { resolveOptions } from './options.ts';
import type { ResolvedOptions } from './options.ts';
import { MAX_SPECIES, RX_FIELDS, reactionsOf, setReactions } from './reactions.ts';
import { RECORD_BYTES, SIDE_BYTE, WorldState } from './state.ts';
import { WELL_FIELDS } from './well-scan.ts';
import { checkWells, wellsOf } from './wells.ts';
import { PACKED, packWorld, unpackWorld } from './transfer.ts';
import { World } from './world.ts';

/** The `format` of {@link WorldJSON}. */
export const WORLD_JSON_FORMAT = 'sphere-sandbox/world';
/**
 * The `version` of {@link WorldJSON} that {@link worldToJSON} writes. {@link worldFromJSON} reads it,
 * version 4 (before wells: no wells, no pair inside one), version 3 (before holes as well: no hole,
 * nothing crossed or escaped), version 2 (before species and
 * reactions as well: its spheres are read as species 0, with no reactions) and version 1 (before
 * the walls could move as well: its walls are read as still, adiabatic and at the frame).
 */
export const WORLD_JSON_VERSION = 5;

/** The state fields version 5 added (wells.ts), which an older world takes from a new world of its options (no wells). */
const WELL_STATE_FIELDS = ['wellsOn', 'wellReach', 'wellTable', 'wellDef', 'wellCount', 'pairLo', 'pairHi', 'pairWell', 'wellPairs', 'wellEdge', 'wellScratch'] as const;

/** The state fields version 4 added (hole.ts), which an older world takes from a new world of its options; side and holeSub are views of its own record. */
const HOLE_STATE_FIELDS = ['holeMask', 'hole', 'holeCrossings', 'escaped', 'escapedEnergy'] as const;

/** The state fields version 3 added (reactions.ts), which an older world takes from a new world of its options (its species all 0). */
const SPECIES_FIELDS = ['species', 'reacting', 'rxSpan', 'rxTable', 'rxDef', 'rxCounts', 'chemical', 'rxImpulse', 'outSpecies', 'outSpeciesAt'] as const;

/** The state fields version 2 added (walls.ts), which a version 1 world takes from a new world of its options. */
const WALL_FIELDS = ['wallsActive', 'wallsMoving', 'wallPlain', 'wallX', 'wallV', 'wallA', 'wallT', 'wallMin', 'wallMax', 'wallMass', 'wallForce', 'wallKT', 'wallWork', 'wallHeat', 'wallLayer', 'wallEvT', 'wallEvKind', 'wallNext', 'wallNow', 'divider', 'wallStops', 'rng', 'wallScratch', 'crossArgs', 'crossCodes', 'thermalU'] as const;

/** A value that `JSON.stringify` and `JSON.parse` carry unchanged. */
export type JSONValue = string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue };

/** One ArrayBuffer of the state: its length in bytes and its bytes in base64. */
export interface WorldJSONBuffer {
  byteLength: number;
  base64: string;
}

/**
 * A world's exact state as plain JSON ({@link worldToJSON}). `state` holds the world's state
 * fields: a typed array as `{ view, buffer, byteOffset, length }` (its type, an index into
 * `buffers`, and where it lies there), an ArrayBuffer as `{ buffer }`, a number that JSON cannot
 * hold exactly as a string (`"NaN"`, `"Infinity"`, `"-Infinity"`, `"-0"`), an unused entry of a
 * scratch list as `null`. Bytes are as the machine holds them (little-endian on every platform
 * JavaScript runs on).
 */
export interface WorldJSON {
  format: typeof WORLD_JSON_FORMAT;
  version: typeof WORLD_JSON_VERSION;
  buffers: WorldJSONBuffer[];
  state: { [field: string]: JSONValue };
}

type TypedArray = Float64Array | Float32Array | Int32Array | Uint32Array | Int16Array | Uint16Array | Int8Array | Uint8Array;
type ViewConstructor = new (buffer: ArrayBuffer, byteOffset: number, length: number) => TypedArray;

/** The typed array types a state may hold, by name. */
const VIEWS: Readonly<Record<string, ViewConstructor>> = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
};

/**
 * The world's exact state as a plain JSON object: `JSON.parse(JSON.stringify(json))` equals it,
 * and {@link worldFromJSON} of either gives back a world that goes on exactly as this one does,
 * bit for bit (events due, sleepers, counters, collision list of the last step). It copies the
 * whole state (about 250 bytes a sphere, a third more as base64 text), so it is for saving and
 * sending a world, not for a frame loop. The world is not changed.
 */
export function worldToJSON(world: World): WorldJSON {
  const buffers: WorldJSONBuffer[] = [];
  const index = new Map<ArrayBufferLike, number>();
  const bufferIndex = (b: ArrayBufferLike): number => {
    let k = index.get(b);
    if (k === undefined) {
      k = buffers.length;
      index.set(b, k);
      buffers.push({ byteLength: b.byteLength, base64: encodeBase64(new Uint8Array(b)) });
    }
    return k;
  };
  const encode = (value: unknown, field: string): JSONValue => {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return Object.is(value, -0) ? '-0' : value;
      return String(value); // NaN, Infinity, -Infinity
    }
    if (typeof value === 'boolean' || typeof value === 'string') return value;
    if (value === undefined || value === null) return null;
    if (value instanceof ArrayBuffer) return { buffer: bufferIndex(value) };
    if (ArrayBuffer.isView(value)) {
      const view = value as TypedArray;
      const name = view.constructor.name;
      if (!(name in VIEWS)) throw new TypeError(`${field}: a ${name} cannot be written as JSON`);
      return { view: name, buffer: bufferIndex(view.buffer), byteOffset: view.byteOffset, length: view.length };
    }
    if (Array.isArray(value)) {
      const out: JSONValue[] = [];
      for (let k = 0; k < value.length; k++) out.push(encode(value[k], `${field}[${k}]`));
      return out;
    }
    if (typeof value === 'object') {
      const out: { [key: string]: JSONValue } = {};
      for (const [key, v] of Object.entries(value)) out[key] = encode(v, `${field}.${key}`);
      return out;
    }
    throw new TypeError(`${field}: a ${typeof value} cannot be written as JSON`);
  };
  const state = encode(packWorld(world).message.state, 'state') as { [field: string]: JSONValue };
  return { format: WORLD_JSON_FORMAT, version: WORLD_JSON_VERSION, buffers, state };
}

/**
 * The world a {@link WorldJSON} holds (as {@link worldToJSON} made it, or after
 * `JSON.parse(JSON.stringify(json))`), whole, mid-run. Throws {@link SolverInputError} naming the
 * field and its value for anything else: another format or version, a missing, extra or
 * mistyped field, text that is not base64, a buffer of another length than it says, a view that
 * does not fit its buffer, or options a world cannot have. Nothing is built unless all is well.
 */
export function worldFromJSON(json: unknown): World {
  const top = object('world', json);
  if (top.format !== WORLD_JSON_FORMAT) throw new SolverInputError('format', brief(top.format), `"${WORLD_JSON_FORMAT}"`);
  if (top.version !== WORLD_JSON_VERSION && top.version !== 1 && top.version !== 2 && top.version !== 3 && top.version !== 4) throw new SolverInputError('version', brief(top.version), `1, 2, 3, 4 or ${WORLD_JSON_VERSION} (the versions this solver reads)`);
  for (const key of Object.keys(top)) {
    if (key !== 'format' && key !== 'version' && key !== 'buffers' && key !== 'state') throw new SolverInputError(key, brief(top[key]), 'absent (not a field of a world)');
  }
  if (!Array.isArray(top.buffers)) throw new SolverInputError('buffers', brief(top.buffers), 'an array of { byteLength, base64 }');
  const buffers = top.buffers.map((b: unknown, k: number) => readBuffer(b, `buffers[${k}]`));
  let data = object('state', top.state);
  const options = readOptions(data.options);
  if (top.version === 1) data = fromVersion1(data, options, buffers);
  if (top.version === 1 || top.version === 2) data = fromVersion2(data, options, buffers);
  if (top.version !== WORLD_JSON_VERSION && top.version !== 4) data = fromVersion3(data, options, buffers);
  if (top.version !== WORLD_JSON_VERSION) data = withNewFields(data, options, buffers, WELL_STATE_FIELDS, { wellEvents: 0 });
  const template = new WorldState(options);
  const reader = new StateReader(buffers);
  const state = reader.read(data, template, 'state') as WorldState;
  // What the record's layout needs (storage.ts): room for `capacity` records, `count` of them used.
  if (!Number.isInteger(state.capacity) || state.capacity < 0) throw new SolverInputError('state.capacity', state.capacity, 'a whole number >= 0');
  if (!Number.isInteger(state.count) || state.count < 0 || state.count > state.capacity) {
    throw new SolverInputError('state.count', state.count, `a whole number in [0, state.capacity = ${state.capacity}]`);
  }
  if (state.capacity > 0 && state.record.byteLength !== state.capacity * RECORD_BYTES) {
    throw new SolverInputError('state.record.byteLength', state.record.byteLength, `state.capacity * ${RECORD_BYTES} = ${state.capacity * RECORD_BYTES}`);
  }
  if (state.species.length < state.capacity) throw new SolverInputError('state.species.length', state.species.length, `at least state.capacity = ${state.capacity}`);
  for (let i = 0; i < state.count; i++) {
    if (state.species[i] < 0 || state.species[i] >= MAX_SPECIES) throw new SolverInputError(`state.species[${i}]`, state.species[i], `an integer from 0 to ${MAX_SPECIES - 1}`);
  }
  // The reactions' table is made again from their definitions (checked as setReactions checks them), keeping their counts.
  if (state.rxDef.length % RX_FIELDS !== 0) throw new SolverInputError('state.rxDef.length', state.rxDef.length, `a multiple of ${RX_FIELDS}`);
  const counts = state.rxCounts;
  const list = reactionsOf(state);
  try {
    setReactions(state, list);
  } catch (e) {
    if (e instanceof SolverInputError) throw new SolverInputError(`state.rxDef (${e.field})`, e.value, e.requirement);
    throw e;
  }
  if (counts.length !== 2 * list.length) throw new SolverInputError('state.rxCounts.length', counts.length, `2 a reaction = ${2 * list.length}`);
  state.rxCounts = counts;
  checkWellState(state);
  return unpackWorld({ kind: PACKED, state });
}

/**
 * The wells of a state read from JSON: definitions a world accepts (checked as setWells checks
 * them), a table that follows from them, and a pair set whose arrays agree and whose counts add up.
 */
function checkWellState(state: WorldState): void {
  if (state.wellDef.length % WELL_FIELDS !== 0) throw new SolverInputError('state.wellDef.length', state.wellDef.length, `a multiple of ${WELL_FIELDS}`);
  const list = wellsOf(state);
  try {
    checkWells(list);
  } catch (e) {
    if (e instanceof SolverInputError) throw new SolverInputError(`state.wellDef (${e.field})`, e.value, e.requirement);
    throw e;
  }
  const n = list.length;
  if (state.wellsOn !== (n > 0 ? 1 : 0)) throw new SolverInputError('state.wellsOn', state.wellsOn, n > 0 ? '1 (wells are set)' : '0 (no wells)');
  if (state.wellTable.length !== (n > 0 ? 64 * 64 : 0)) throw new SolverInputError('state.wellTable.length', state.wellTable.length, n > 0 ? '4096' : '0');
  for (let k = 0; k < state.wellTable.length; k++) {
    if (state.wellTable[k] < 0 || state.wellTable[k] > n) throw new SolverInputError(`state.wellTable[${k}]`, state.wellTable[k], `a whole number in [0, ${n}]`);
  }
  if (state.wellCount.length !== n) throw new SolverInputError('state.wellCount.length', state.wellCount.length, `one a well = ${n}`);
  const size = state.pairWell.length;
  if ((size & (size - 1)) !== 0 || state.pairLo.length !== size || state.pairHi.length !== size) {
    throw new SolverInputError('state.pairWell.length', size, 'a power of two (or 0), the length of state.pairLo and state.pairHi too');
  }
  const counts = new Float64Array(n);
  let pairs = 0;
  for (let e = 0; e < size; e++) {
    const k = state.pairWell[e];
    if (k === 0) continue;
    if (k < 0 || k > n) throw new SolverInputError(`state.pairWell[${e}]`, k, `a whole number in [0, ${n}]`);
    counts[k - 1]++;
    pairs++;
  }
  if (pairs !== state.wellPairs) throw new SolverInputError('state.wellPairs', state.wellPairs, `the pairs in state.pairWell (${pairs})`);
  for (let k = 0; k < n; k++) if (counts[k] !== state.wellCount[k]) throw new SolverInputError(`state.wellCount[${k}]`, state.wellCount[k], `the pairs of well ${k} in state.pairWell (${counts[k]})`);
}

/**
 * An older state with the fields `keys` that a later version added, and `lastStep` with the
 * counters it added (`counters`, each 0): the fields from a new world of the same options, their
 * buffers appended to `buffers`.
 */
function withNewFields(data: Record<string, unknown>, options: ResolvedOptions, buffers: ArrayBuffer[], keys: readonly string[], counters: Record<string, number>): Record<string, unknown> {
  const fresh = worldToJSON(new World(options));
  const offset = buffers.length;
  for (const b of fresh.buffers) buffers.push(readBuffer(b, 'buffers'));
  const out: Record<string, unknown> = { ...data };
  for (const key of keys) {
    if (key in out) continue;
    const value = fresh.state[key];
    out[key] = value !== null && typeof value === 'object' && 'buffer' in value ? { ...value, buffer: (value.buffer as number) + offset } : value;
  }
  const last = data.lastStep;
  if (last !== null && typeof last === 'object' && !Array.isArray(last)) out.lastStep = { ...counters, ...last };
  return out;
}

/** A version 1 state with the fields version 2 added: walls still, adiabatic, at the frame; no divider. */
function fromVersion1(data: Record<string, unknown>, options: ResolvedOptions, buffers: ArrayBuffer[]): Record<string, unknown> {
  return withNewFields(data, options, buffers, WALL_FIELDS, { wallStops: 0, wallJams: 0 });
}

/** A version 1 or 2 state with the fields version 3 added: no reactions, and every sphere species 0. */
function fromVersion2(data: Record<string, unknown>, options: ResolvedOptions, buffers: ArrayBuffer[]): Record<string, unknown> {
  const out = withNewFields(data, options, buffers, SPECIES_FIELDS, { reactions: 0 });
  // Species 0 for every slot the world has room for (a new world has room for fewer).
  if (!('species' in data)) {
    const capacity = typeof data.capacity === 'number' && Number.isInteger(data.capacity) && data.capacity > 0 ? data.capacity : 0;
    buffers.push(new ArrayBuffer(4 * capacity));
    out.species = { view: 'Int32Array', buffer: buffers.length - 1, byteOffset: 0, length: capacity };
  }
  return out;
}

/**
 * A version 1, 2 or 3 state with the fields version 4 added: no hole, nothing crossed or escaped.
 * Each sphere's side of the divider and its hole event live in its record's two spare bytes
 * (SIDE_BYTE and the next, zero in older records): their views are made on the state's own record buffer.
 */
function fromVersion3(data: Record<string, unknown>, options: ResolvedOptions, buffers: ArrayBuffer[]): Record<string, unknown> {
  const out = withNewFields(data, options, buffers, HOLE_STATE_FIELDS, {});
  const record = data.record;
  const index = record !== null && typeof record === 'object' && 'buffer' in record ? (record as { buffer: unknown }).buffer : undefined;
  if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < buffers.length) {
    const bytes = buffers[index].byteLength;
    if (!('side' in data)) out.side = { view: 'Uint8Array', buffer: index, byteOffset: SIDE_BYTE, length: Math.max(0, bytes - SIDE_BYTE) };
    if (!('holeSub' in data)) out.holeSub = { view: 'Uint8Array', buffer: index, byteOffset: SIDE_BYTE + 1, length: Math.max(0, bytes - SIDE_BYTE - 1) };
  }
  return out;
}

/** A JSON object (not an array, not null), else a SolverInputError naming `field`. */
function object(field: string, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new SolverInputError(field, brief(value), 'an object');
  return value as Record<string, unknown>;
}

/** One entry of `buffers`, decoded: its bytes, exactly `byteLength` of them. */
function readBuffer(value: unknown, field: string): ArrayBuffer {
  const b = object(field, value);
  const n = b.byteLength;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new SolverInputError(`${field}.byteLength`, brief(n), 'a whole number >= 0');
  if (typeof b.base64 !== 'string') throw new SolverInputError(`${field}.base64`, brief(b.base64), 'base64 text');
  const bytes = decodeBase64(b.base64, `${field}.base64`);
  if (bytes.length !== n) throw new SolverInputError(`${field}.base64`, `base64 text of ${bytes.length} bytes`, `base64 text of ${field}.byteLength = ${n} bytes`);
  return bytes.buffer as ArrayBuffer;
}

/** The world's options: every field present with its kind, and accepted by resolveOptions. */
function readOptions(value: unknown): ResolvedOptions {
  const template = resolveOptions({ size: [1, 1, 1] });
  const options = new StateReader([]).read(value, template, 'state.options') as ResolvedOptions;
  try {
    resolveOptions(options);
  } catch (e) {
    if (e instanceof SolverInputError) throw new SolverInputError(`state.options.${e.field}`, e.value, e.requirement);
    throw e;
  }
  return options;
}

/**
 * Reads a state's JSON against a newly made one (the template): each field of the template must
 * be there with a value of the same kind, and no other field. Typed arrays become views of the
 * decoded buffers (one view per distinct view, so views that shared memory share it again).
 */
class StateReader {
  private readonly views = new Map<string, TypedArray>();
  constructor(private readonly buffers: ArrayBuffer[]) {}

  read(value: unknown, template: unknown, field: string): unknown {
    if (typeof template === 'number') return this.number(value, field);
    if (typeof template === 'boolean' || typeof template === 'string') {
      if (typeof value !== typeof template) throw new SolverInputError(field, brief(value), `a ${typeof template}`);
      return value;
    }
    if (template instanceof ArrayBuffer) {
      const ref = object(field, value);
      this.keys(ref, ['buffer'], field);
      return this.buffer(ref.buffer, `${field}.buffer`);
    }
    if (ArrayBuffer.isView(template)) return this.view(value, template.constructor.name, field);
    if (Array.isArray(template)) {
      if (!Array.isArray(value)) throw new SolverInputError(field, brief(value), 'an array');
      // A fixed-length list (a vector of options); an empty one is a scratch list between calls,
      // whose entries are unused (null).
      if (template.length > 0) {
        if (value.length !== template.length) throw new SolverInputError(field, brief(value), `an array of ${template.length}`);
        return value.map((v: unknown, k: number) => this.read(v, template[k], `${field}[${k}]`));
      }
      return value.map((v: unknown, k: number) => {
        if (v !== null) throw new SolverInputError(`${field}[${k}]`, brief(v), 'null (an unused entry)');
        return undefined;
      });
    }
    if (template !== null && typeof template === 'object') {
      const obj = object(field, value);
      const fields = Object.keys(template);
      this.keys(obj, fields, field);
      const out: Record<string, unknown> = {};
      for (const key of fields) out[key] = this.read(obj[key], (template as Record<string, unknown>)[key], `${field}.${key}`);
      return out;
    }
    throw new TypeError(`${field}: no template for a ${typeof template}`);
  }

  /** Exactly the fields `fields`: a missing one or an extra one is named. */
  private keys(obj: Record<string, unknown>, fields: readonly string[], field: string): void {
    for (const key of fields) if (!(key in obj)) throw new SolverInputError(`${field}.${key}`, undefined, 'present');
    const known = new Set(fields);
    for (const key of Object.keys(obj)) if (!known.has(key)) throw new SolverInputError(`${field}.${key}`, brief(obj[key]), 'absent (not a field of a world)');
  }

  /** A number, or one JSON cannot hold as a string ("NaN", "Infinity", "-Infinity", "-0"). */
  private number(value: unknown, field: string): number {
    if (typeof value === 'number') return value;
    if (value === 'NaN') return NaN;
    if (value === 'Infinity') return Infinity;
    if (value === '-Infinity') return -Infinity;
    if (value === '-0') return -0;
    throw new SolverInputError(field, brief(value), 'a number (or "NaN", "Infinity", "-Infinity", "-0")');
  }

  private buffer(value: unknown, field: string): ArrayBuffer {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= this.buffers.length) {
      throw new SolverInputError(field, brief(value), `an index into buffers, in [0, ${this.buffers.length - 1}]`);
    }
    return this.buffers[value];
  }

  /** A typed array of type `type` that fits in its buffer. */
  private view(value: unknown, type: string, field: string): TypedArray {
    const ref = object(field, value);
    this.keys(ref, ['view', 'buffer', 'byteOffset', 'length'], field);
    if (ref.view !== type) throw new SolverInputError(`${field}.view`, brief(ref.view), `"${type}"`);
    const buffer = this.buffer(ref.buffer, `${field}.buffer`);
    const View = VIEWS[type];
    const size = (View as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
    const { byteOffset, length } = ref;
    if (typeof byteOffset !== 'number' || !Number.isInteger(byteOffset) || byteOffset < 0 || byteOffset % size !== 0 || byteOffset > buffer.byteLength) {
      throw new SolverInputError(`${field}.byteOffset`, brief(byteOffset), `a whole multiple of ${size} in [0, ${buffer.byteLength}] (the length of buffers[${ref.buffer}])`);
    }
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || byteOffset + length * size > buffer.byteLength) {
      throw new SolverInputError(`${field}.length`, brief(length), `a whole number in [0, ${(buffer.byteLength - byteOffset) / size}] (to fit in buffers[${ref.buffer}])`);
    }
    const key = `${type} ${ref.buffer} ${byteOffset} ${length}`;
    let view = this.views.get(key);
    if (!view) {
      view = new View(buffer, byteOffset, length);
      this.views.set(key, view);
    }
    return view;
  }
}

/** A value as an error message shows it: long text and large arrays and objects summarized. */
function brief(value: unknown): unknown {
  if (typeof value === 'string' && value.length > 64) return `${value.slice(0, 64)}... (${value.length} characters)`;
  if (Array.isArray(value) && value.length > 8) return `an array of ${value.length}`;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length > 8 || Object.values(value).some((v) => v !== null && typeof v === 'object')) return `an object with ${keys.length} fields (${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', ...' : ''})`;
  }
  return value;
}
