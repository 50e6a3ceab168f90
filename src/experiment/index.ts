/**
 * What a run is: the settings and their limits, the hand edits of spheres, the what-if twin's
 * change, the experiment as a whole (what a restart rebuilds and a link carries) and building
 * its world. Plain functions and types over the solver: no React, no zustand, no running clock.
 */
export {
  DEFAULT_SETTINGS,
  NUMBER_SPECS,
  LIVE_SETTINGS,
  COUNT_WARNING,
  COUNT_MAX,
  PACKING_MAX,
  checkNumber,
  checkFit,
  isNumberKey,
  parseNumberInput,
  validateSettings,
  settingWarnings,
  latticeCapacity,
  expectedPacking,
  PISTON_MODES,
  COLOR_MODES,
  WALL_SETTINGS,
  ATTRACTION_SETTINGS,
} from './settings.ts';
export type { Settings, SettingKey, NumberKey, NumberSpec, FieldMessages, PistonMode, ColorBy } from './settings.ts';
export { EDIT_LABELS, EDIT_MAX, checkEditValue, readNumber, applyEdit, applyEdits } from './edits.ts';
export type { SphereEdit, EditField } from './edits.ts';
export type { ExperimentState } from './experiment.ts';
export { builtSceneOf } from './built.ts';
export type { BuiltScene, BuiltSphere, BuiltWall } from './built.ts';
export { BUILD_MAX_SPHERES, BUILD_BOX_MIN, BUILD_BOX_MAX, LABEL_MAX, checkSphereValues, checkBuiltScene, emptyScene, placeSphere, freeSpot, addSphere, duplicateSpheres, deleteSpheres, moveSpheres, patchSpheres, arrangementPoints, arrangeSpheres, setSceneWells } from './build-ops.ts';
export type { BuildOutcome, ArrangeShape, SpherePatch, Arrangement } from './build-ops.ts';
export { TWIN_SETTINGS, twinLocked, twinSettingsOpen, TWIN_STEP_MAX, TWIN_LABELS, describeChange, currentValue, checkChange, applyChange, encodeTwin, parseTwin } from './twin-change.ts';
export type { TwinSetting, TwinChange, TwinSpec } from './twin-change.ts';
export { liveWorldOptions, sandboxScene, buildSandboxWorld, BORROWED_SETTINGS, withFreePhysics, presetSettings, experimentWorld, builtSolverScene, applyWallSettings, applyWellSettings, attractionWell, experimentDividerHole, sceneWallSettings, sceneAttractionSettings, PISTON_WALL } from './experiment-world.ts';
export type { WallWorld, WellWorld } from './experiment-world.ts';
export { PUMP_MAX, checkPump, pumpSpheres } from './pump.ts';
export { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, checkSnapshot } from './snapshot.ts';
export type { SandboxSnapshot, CheckedSnapshot } from './snapshot.ts';
export { FILE_FORMAT, FILE_VERSION, FILE_EXTENSION, FILE_SPHERES_MAX, parseBuiltScene, experimentFile, fileText, fileNameOf, checkExperimentFile } from './experiment-file.ts';
export type { ExperimentFile, CheckedFile } from './experiment-file.ts';
export { HIDE_NAMES, LOCK_NAMES, LOCKED_SETTINGS, isLocked, isHidden, settingLocked } from './student-view.ts';
export type { HideName, LockName, StudentView } from './student-view.ts';
