import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript beside the ESLint configuration, no declarations
import { findCycle, folderLayers, unitNamer } from './folder-layers.js';
// @ts-expect-error -- plain JavaScript beside the ESLint configuration, no declarations
import { FEATURE_USES } from './web-layers.js';

/**
 * Issue 33: the console's floor plan (docs/architecture.md, "The console") is held by
 * `lis/folder-layers`. These tests run the real configuration on made-up imports, so a rule that
 * stopped biting fails here, and they measure the import map of apps/web/src as it is.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'apps/web/src');
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(WEB, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'lis/folder-layers').map((m) => m.message);
}

describe('the console floor plan in lint', () => {
  it('refuses an arrow back up: the UI kit importing a feature, platform importing the UI kit', async () => {
    expect(
      await layerErrors('ui/Made.tsx', "import { x } from '../features/files';\nexport { x };\n"),
    ).toEqual([expect.stringContaining('ui may not import features/files')]);
    expect(await layerErrors('platform/made.ts', "import { x } from '../ui/csv';\nexport { x };\n")).toEqual([
      expect.stringContaining('platform may not import ui'),
    ]);
    expect(
      await layerErrors('pages/MadePage.tsx', "import { x } from '../app/App';\nexport { x };\n"),
    ).toEqual([expect.stringContaining('pages may not import app')]);
  });

  it('refuses a feature using a feature it does not declare, and a deep import past an index', async () => {
    // monitoring does not declare files (files uses monitoring): this arrow would close a cycle.
    expect(
      await layerErrors('features/monitoring/Made.tsx', "import { x } from '../files';\nexport { x };\n"),
    ).toEqual([expect.stringContaining('features/monitoring may not import features/files')]);
    expect(
      await layerErrors(
        'features/legacy-task/Made.tsx',
        "import { x } from '../monitoring/report-rows';\nexport { x };\n",
      ),
    ).toEqual([expect.stringContaining('through its public entry (features/monitoring/index.ts)')]);
  });

  it('lets the declared arrows through, and leaves tests free to build what they test', async () => {
    expect(
      await layerErrors(
        'features/legacy-task/Made.tsx',
        "import { x } from '../monitoring';\nexport { x };\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'features/monitoring/Made.test.tsx',
        "import { x } from '../files/FileListModal';\nexport { x };\n",
      ),
    ).toEqual([]);
  });

  it('a plan with a cycle does not load', () => {
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle({ a: ['b'], b: ['c'], c: [] })).toBeUndefined();
    expect(() =>
      folderLayers({ name: 'made', files: ['x'], options: { mayImport: { a: ['b'], b: ['a'] } } }),
    ).toThrow('a -> b -> a');
    const features = Object.fromEntries(
      Object.entries(FEATURE_USES as Record<string, string[]>).map(([name, uses]) => [name, uses]),
    );
    expect(findCycle(features)).toBeUndefined();
  });
});

describe('the import map of apps/web/src', () => {
  const unitOf = unitNamer([
    ['^features/([^/]+)/', 'features/$1'],
    ['^([^/]+)/', '$1'],
    ['^[^/]+$', 'root'],
  ]) as (relative: string) => string | undefined;

  function folderGraph(): Record<string, string[]> {
    const graph: Record<string, Set<string>> = {};
    const files = (fs.readdirSync(WEB, { recursive: true }) as string[]).filter(
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name),
    );
    for (const name of files) {
      const file = path.join(WEB, name);
      const from = unitOf(name.split(path.sep).join('/'));
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
        const resolved = path.resolve(path.dirname(file), match[1] ?? '');
        const target = path.relative(WEB, resolved).split(path.sep).join('/');
        if (target.startsWith('..') || from === undefined) continue;
        const isFolder = fs.existsSync(resolved) && fs.statSync(resolved).isDirectory();
        const to = unitOf(isFolder ? `${target}/index.ts` : target);
        if (to && to !== from) (graph[from] ??= new Set()).add(to);
      }
    }
    return Object.fromEntries(Object.entries(graph).map(([unit, targets]) => [unit, [...targets]]));
  }

  it('has no cycle between folders, test kits included', () => {
    const graph = folderGraph();
    expect(Object.keys(graph).length).toBeGreaterThan(20);
    expect(findCycle(graph)).toBeUndefined();
  });
});
