/**
 * The shape of `src/`: each folder imports only from the layers below it (so no cycle between
 * folders is possible), no two source files import each other round a circle (type-only imports
 * included), the core's folders are entered through their index, the test helpers stay in
 * `testing/` where no production file reaches them, no source file grows past 700 lines, the
 * sections of `ui/` stand beside each other on its shared primitives, and no stylesheet grows
 * past 400 lines. See docs/architecture.md.
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
  ['experiment', 'golden'],
  ['runtime'],
  ['instruments', 'sound'],
  ['store'],
  ['share'],
  ['hooks'],
  ['scene', 'ui'],
  ['testing'],
  ['embed'],
  ['embed-page', '.'],
];

/** Folders that other folders enter through their index.ts only. */
const ENTERED_BY_INDEX = ['experiment', 'runtime', 'instruments', 'store'];

/**
 * ui/'s folder of shared primitives (fields, buttons, icons, formatting, the theme). Every other
 * folder of ui/ is a section of the page (time, settings, the classroom panel's sections); the
 * files directly in ui/ are the frame that puts the sections together (Overlay, ClassroomPanel).
 */
const UI_SHARED = 'shared';

/** The package's entry modules: nothing they reach may be a test helper. */
const PACKAGE_ENTRIES = ['embed/entry.ts', 'embed/index.ts', 'solver/index.ts'];

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

const isTest = (path: string): boolean => /\.test\.tsx?$/.test(path);

/** The folder of ui/ a file is in (a section or the shared primitives), '.' for the frame's files directly in ui/, null outside ui/. */
function uiFolderOf(path: string): string | null {
  const parts = relative(join(SRC, 'ui'), path).split(sep);
  if (parts[0] === '..') return null;
  return parts.length === 1 ? '.' : parts[0];
}

/** Every stylesheet under src/. */
function stylesheets(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...stylesheets(path));
    else if (name.endsWith('.css')) out.push(path);
  }
  return out;
}

/** Every relative import of a file (static, re-export, type-only and dynamic), resolved, with whether it is dynamic. */
function importsOf(file: string): { target: string; dynamic: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { target: string; dynamic: boolean }[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^'?]+)(?:\?[^']*)?'|(?:^|\n)\s*import\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)) {
    const spec = m[1] ?? m[2] ?? m[3];
    out.push({ target: resolve(dirname(file), spec), dynamic: m[3] !== undefined });
  }
  return out.filter((i) => i.target.startsWith(SRC) && /\.(ts|tsx)$/.test(i.target));
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** The import circles among `nodes` (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function circles(nodes: readonly string[], edges: (file: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges(v).includes(v)) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return found;
}

describe('the layers of src/', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('every import goes to the same folder or a lower layer (tests included; any test may use src/testing)', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const from = folderOf(file);
      for (const { target } of imports) {
        const to = folderOf(target);
        if (to === from) continue;
        if (to === 'testing' && isTest(file)) continue;
        if (layerOf(to) >= layerOf(from)) wrong.push(`${relative(SRC, file)} imports ${relative(SRC, target)} (${from} may not import ${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no two source files import each other round a circle (type-only imports included)', () => {
    const found = circles(files, (f) => (graph.get(f) ?? []).map((i) => i.target).filter((t) => graph.has(t)));
    expect(found.map((c) => c.map((f) => relative(SRC, f)))).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: ['e'] };
    expect(circles(Object.keys(edges), (v) => edges[v])).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('other folders enter experiment/, runtime/, instruments/ and store/ through their index.ts', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      for (const { target } of imports) {
        const to = folderOf(target);
        if (!ENTERED_BY_INDEX.includes(to) || folderOf(file) === to || isTest(file) || folderOf(file) === 'testing') continue;
        if (relative(join(SRC, to), target) !== 'index.ts') wrong.push(`${relative(SRC, file)} imports ${relative(SRC, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('test helpers live in src/testing, and only tests, the test pages and test mode (a dynamic import) load them', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const folder = folderOf(file);
      const text = readFileSync(file, 'utf8');
      if (!isTest(file) && folder !== 'testing' && /from 'vitest'|test-helpers/.test(text)) wrong.push(`${relative(SRC, file)} is a test helper outside src/testing`);
      for (const { target, dynamic } of imports) {
        if (folderOf(target) !== 'testing' || isTest(file) || folder === 'testing') continue;
        if (!dynamic) wrong.push(`${relative(SRC, file)} imports ${relative(SRC, target)} statically`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('nothing the package entries reach is in src/testing (the library bundle holds no test hook)', () => {
    const reached = new Set<string>();
    const queue = PACKAGE_ENTRIES.map((p) => join(SRC, p));
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      for (const { target } of graph.get(file) ?? []) queue.push(target);
    }
    expect(reached.size).toBeGreaterThan(50);
    expect([...reached].filter((f) => folderOf(f) === 'testing' || isTest(f)).map((f) => relative(SRC, f))).toEqual([]);
  });

  it('a section of ui/ imports no other section and not the frame: only the shared primitives and the layers below (tests included)', () => {
    const sections = readdirSync(join(SRC, 'ui')).filter((name) => name !== UI_SHARED && statSync(join(SRC, 'ui', name)).isDirectory());
    expect(sections.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const from = uiFolderOf(file);
      if (from === null || from === '.' || from === UI_SHARED) continue;
      for (const { target } of imports) {
        const to = uiFolderOf(target);
        if (to === null || to === from || to === UI_SHARED) continue;
        wrong.push(`${relative(SRC, file)} imports ${relative(SRC, target)} (the section ${from} may not import ${to === '.' ? 'the frame' : `the section ${to}`})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("ui/'s shared primitives import no section of ui/ and not the frame", () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      if (uiFolderOf(file) !== UI_SHARED) continue;
      for (const { target } of imports) {
        const to = uiFolderOf(target);
        if (to !== null && to !== UI_SHARED) wrong.push(`${relative(SRC, file)} imports ${relative(SRC, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every stylesheet's braces pair up (a lost closing brace nests the rules after it, and they no longer apply)", () => {
    const sheets = stylesheets(SRC);
    expect(sheets.length).toBeGreaterThan(2);
    const unbalanced = sheets.flatMap((file) => {
      // Comments and strings hold no braces that count.
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/"[^"\n]*"|'[^'\n]*'/g, '""');
      let depth = 0;
      let line = 1;
      for (const c of text) {
        if (c === '\n') line++;
        else if (c === '{') depth++;
        else if (c === '}' && --depth < 0) return [`${relative(SRC, file)}: a closing brace without its opening one on line ${line}`];
      }
      return depth === 0 ? [] : [`${relative(SRC, file)}: ${depth} block(s) left open at the end`];
    });
    expect(unbalanced).toEqual([]);
  });

  it('no stylesheet is over 400 lines (a section keeps its look in its own stylesheet, beside its components)', () => {
    const sheets = stylesheets(SRC);
    expect(sheets.length).toBeGreaterThan(10);
    const long = sheets.map((f) => ({ file: relative(SRC, f), lines: readFileSync(f, 'utf8').split('\n').length })).filter((f) => f.lines > 400);
    expect(long).toEqual([]);
  });

  it('no source file is over 700 lines', () => {
    const long = files
      .filter((f) => !isTest(f))
      .map((f) => ({ file: relative(SRC, f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((f) => f.lines > 700);
    expect(long).toEqual([]);
  });
});
