/**
 * Input validation. Every public entry point checks its arguments with these helpers before it
 * changes anything, so a rejected call leaves the world exactly as it was.
 */

/** Thrown for bad input; `field` names the offending field and `value` holds what was given. */
export class SolverInputError extends RangeError {
  readonly field: string;
  readonly value: unknown;
  /** What the field must be, in words (`a finite number > 0`). */
  readonly requirement: string;
  constructor(field: string, value: unknown, requirement: string) {
    super(`${field} must be ${requirement}, got ${describe(value)}`);
    this.name = 'SolverInputError';
    this.field = field;
    this.value = value;
    this.requirement = requirement;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.map(describe).join(', ')}]`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A finite number. */
export function finite(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new SolverInputError(field, value, 'a finite number');
  return value;
}

/** A finite number > 0. */
export function positive(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new SolverInputError(field, value, 'a finite number > 0');
  return value;
}

/** A finite number in [lo, hi]. */
export function inRange(field: string, value: unknown, lo: number, hi: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
    throw new SolverInputError(field, value, `a number in [${lo}, ${hi}]`);
  }
  return value;
}

/** A whole number in [lo, hi]. */
export function integer(field: string, value: unknown, lo: number, hi: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < lo || value > hi) {
    throw new SolverInputError(field, value, `a whole number in [${lo}, ${hi}]`);
  }
  return value;
}

/** A boolean. */
export function bool(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new SolverInputError(field, value, 'true or false');
  return value;
}

/** Three finite numbers, each checked and named (`field[0]` ...). */
export function vec3(field: string, value: unknown, each: (field: string, v: unknown) => number = finite): [number, number, number] {
  if (!Array.isArray(value) && !(ArrayBuffer.isView(value) && !(value instanceof DataView))) {
    throw new SolverInputError(field, value, 'an array of three numbers');
  }
  const arr = value as ArrayLike<unknown>;
  if (arr.length !== 3) throw new SolverInputError(field, value, 'an array of three numbers');
  return [each(`${field}[0]`, arr[0]), each(`${field}[1]`, arr[1]), each(`${field}[2]`, arr[2])];
}
