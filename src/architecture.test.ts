/**
 * The shape of `src/`: each folder imports only from the layers below it (so no cycle between
 * folders is possible), and no source file grows past 700 lines. See docs/architecture.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/**
 * The layers, lowest first. A folder may import from folders of lower layers only; folders of
 * one layer do not import each other. Files directly in src/ (the app's entry) sit on top.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['solver', 'i18n'],
  ['presets'],
  ['store', 'golden'],
  ['share'],
  ['hooks'],
  ['scene', 'ui'],
  ['embed'],
  ['embed-page', '.'],
];

function layerOf(folder: string): number {
  const k = LAYERS.findIndex((layer) => layer.includes(folder));
  if (k < 0) throw new Error(`src/${folder} is in no layer: add it to LAYERS in architecture.test.ts`);
  return k;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** The top folder of src/ a file is in ('.' for files directly in src/). */
function folderOf(path: string): string {
  const parts = relative(SRC, path).split(sep);
  return parts.length === 1 ? '.' : parts[0];
}

const files = sourceFiles(SRC);

describe('the layers of src/', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('every import goes to the same folder or a lower layer (tests included)', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = folderOf(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
        const target = resolve(dirname(file), m[1] ?? m[2]);
        if (!target.startsWith(SRC)) continue;
        const to = folderOf(target);
        if (to === from) continue;
        if (layerOf(to) >= layerOf(from)) wrong.push(`${relative(SRC, file)} imports ${relative(SRC, target)} (${from} may not import ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no source file is over 700 lines', () => {
    const long = files
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .map((f) => ({ file: relative(SRC, f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((f) => f.lines > 700);
    expect(long).toEqual([]);
  });
});
