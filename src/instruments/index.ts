/**
 * What the classroom measures of a run, most of them step participants of the simulation: the
 * readouts window (status line, plots' history, collision log, last hits, pressure map), the
 * timeline, the what-if twin's run, predict, then reveal, the first law's ledger (with the P–V path,
 * the T–Q path and the temperature profile), the drops of a gas with wells (clusters and their count), the describer (what a screen reader is told), and the Measure
 * tools (the stopwatch, the collision counter, the data table, the runs table, the graph, the
 * measuring tape, read together by measure-tools.ts). No React, no zustand: the store attaches them
 * and publishes what they measure.
 */
export { ReadoutsWindow, EMPTY_STATS } from './readouts-window.ts';
export type { SampledStats, ReadoutsSource } from './readouts-window.ts';
export { History, HISTORY_COLUMNS } from './history.ts';
export { CollisionLog, separatingSpeed } from './collision-log.ts';
export { Describer, neighbourSphere, nearestSphere, ANNOUNCE_MS, GAS_ANNOUNCE_MS, GAS_FROM } from './describer.ts';
export type { GasReading, ReactionTally, DropsTally } from './describer.ts';
export type { LoggedCollision } from './collision-log.ts';
export { PressureMap, PRESSURE_RAMP, PRESSURE_WINDOW_SECONDS, FACE_STRIDE, EMPTY_PRESSURE_READOUT, faceAxes, rampColour, colourRange } from './pressure-map.ts';
export type { PressureReadout } from './pressure-map.ts';
export { PressureWindow, PRESSURE_WINDOW_S } from './pressure-window.ts';
export type { PressureReading } from './pressure-window.ts';
export { Timeline, RunTimeline, TIMELINE_BYTES, TIMELINE_EVERY } from './timeline.ts';
export type { TimelineState } from './timeline.ts';
export { TwinRun, TwinInstrument, makeTwin } from './twin.ts';
export type { TwinStats, TwinState } from './twin.ts';
export { Clusters, DROP_SIZE } from './clusters.ts';
export type { ClusterWorld } from './clusters.ts';
export { DropMeter, DropsHistory, EMPTY_DROPS, DROPS_HISTORY, LIQUID_MEAN_SECONDS, NEIGHBOUR_TOP } from './drops.ts';
export type { DropsReading, DropsSource } from './drops.ts';
export { FirstLaw, TqPath, EMPTY_FIRST_LAW, PROFILE_SLABS, PATH_CAPACITY, TQ_CAPACITY, MIN_WINDOW } from './first-law.ts';
export type { FirstLawReadout, FirstLawSource } from './first-law.ts';
export { ReactionMeter, ConcentrationHistory, EMPTY_CHEMISTRY, SHOWN_SPECIES, RATE_WINDOW, CHEMISTRY_HISTORY, collisionTheoryK, contactValue, reactantPairs } from './reactions.ts';
export type { ChemistryReadout, ReactionReading, ReactionSource } from './reactions.ts';
export { PREDICT_PRESETS, PREDICT_OFF, predictActions, nextImpactStep, velocitiesOf, totals, velocityError, checkVelocity } from './predict.ts';
export type { PredictPhase, PredictState, Velocity, PredictHost } from './predict.ts';
export { Stopwatch } from './stopwatch.ts';
export type { StopwatchReading } from './stopwatch.ts';
export { sphereTable } from './data-table.ts';
export type { SphereRow } from './data-table.ts';
export { CollisionCounter } from './collision-counter.ts';
export type { CounterTarget } from './collision-counter.ts';
export { LastCollisions, WATCHED_MAX } from './last-collision.ts';
export type { LastCollision } from './last-collision.ts';
export { differingSettings, resultColumns, runsCsv, csvText, runRecord, copyPath, copySeries, RUN_VELOCITY_SPHERES, RECORDED_PATH_POINTS, RECORDED_SERIES_POINTS } from './runs.ts';
export type { RunRecord, RunSource, RecordedPath, RecordedSeries } from './runs.ts';
export { pvAxes, pathEnd, type PathLike, type PvAxes } from './pv-compare.ts';
export { MeasureTools } from './measure-tools.ts';
export type { MeasureReading, CounterReading, GraphReading, MeasureSource } from './measure-tools.ts';
export { GraphSeries, GRAPH_CAPACITY, RUN_QUANTITIES, SPHERE_QUANTITIES, quantityId, parseQuantity, quantityUnit, columnName, readQuantities } from './graph.ts';
export type { GraphQuantity, RunQuantity, SphereQuantity, GraphSource, RecordResult } from './graph.ts';
export { tapeEnds, tapeLength, snapPoint, pickPoint, checkTapeEnd, sameEnd, WALL_COUNT } from './tape.ts';
export type { TapeEnd, TapeEnds, TapeWorld, TapePositions } from './tape.ts';
