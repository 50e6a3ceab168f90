// A fresh install prints no warning a new user must puzzle over: npm runs no dependency's install
// script unless package.json's `allowScripts` names it, and lists the ones it skipped. Every
// dependency in the lockfile that has an install script is named there, allowed or denied.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const read = (name: string): unknown => JSON.parse(readFileSync(new URL(name, root), 'utf8'));

describe('the install', () => {
  it('names every dependency with an install script in allowScripts', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const { allowScripts = {} } = read('package.json') as { allowScripts?: Record<string, boolean> };
    const scripted = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(scripted.length, 'dependencies with an install script in the lockfile').toBeGreaterThan(0);
    const unnamed = scripted.filter((name) => !(name in allowScripts));
    expect(unnamed, 'dependencies with an install script that allowScripts does not name').toEqual([]);
  });
});
