/**
 * An experiment as a whole: the preset, the settings, the hand edits of spheres and the what-if
 * twin, which a restart rebuilds and a shared link carries.
 */
import type { BuiltScene } from './built.ts';
import type { SphereEdit } from './edits.ts';
import type { Settings } from './settings.ts';
import type { TwinSpec } from './twin-change.ts';

/** What a restart rebuilds and a link carries. */
export interface ExperimentState {
  /** Preset id, or null for the free sandbox. */
  preset: string | null;
  settings: Settings;
  edits: SphereEdit[];
  /** The lab bench's own scene, which replaces the preset's or the free sandbox's; none when absent or null. */
  built?: BuiltScene | null;
  /** Predict, then reveal switched on. @defaultValue false */
  predict?: boolean;
  /** The what-if twin and the step it starts at, or none. */
  twin?: TwinSpec | null;
}
