/** The `format` field of a snapshot (snapshot.ts); a file reader names it to say a snapshot is not an experiment file. */
export const SNAPSHOT_FORMAT = 'sphere-sandbox/snapshot';
