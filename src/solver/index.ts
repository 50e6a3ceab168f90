/**
 * The exact sphere solver: pure TypeScript, zero runtime dependencies. Runs unchanged in a
 * browser, a Web Worker and Node.
 */
export { createWorld, World } from './world.ts';
export { cloneWorld, packWorld, unpackWorld } from './transfer.ts';
export type { PackedWorld } from './transfer.ts';
export { worldToJSON, worldFromJSON, WORLD_JSON_FORMAT, WORLD_JSON_VERSION } from './world-json.ts';
export type { WorldJSON, WorldJSONBuffer, JSONValue } from './world-json.ts';
export type { WorldStats, WallName } from './world.ts';
export type { WallState } from './walls.ts';
export type { StepWork } from './state.ts';
export type { WorldOptions, SphereOptions, ResolvedOptions, Vec3Like } from './options.ts';
export type { Reaction } from './reactions.ts';
export type { Well } from './wells.ts';
export { checkWells } from './wells.ts';
export { MAX_SPECIES, checkReactions } from './reactions.ts';
export { DEFAULT_OPTIONS } from './options.ts';
export { CollisionEvents, WALL_NAMES, wallOf } from './events.ts';
export { SolverInputError } from './errors.ts';
export { Random } from './random.ts';
export { buildWorld, gasScene, condensingGasScene, headOnScene, glancingScene, cradleScene } from './scenes.ts';
export type { Scene, SceneWall, GasOptions, CondensingGasOptions } from './scenes.ts';
export { temperature, reachable, PressureGauge, speedHistogram, maxwellBoltzmann } from './readouts.ts';
export type { WorldReadable } from './readouts.ts';
