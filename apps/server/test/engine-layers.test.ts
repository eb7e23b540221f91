import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 33: the engine's folders are layered (engine/runs at the bottom, no cycle) and http/ does not
 * import demo/, held by `no-restricted-imports` in tools/eslint/server-layers.js. These lint made-up
 * files with the repository's real ESLint configuration, so a rule that stops biting — a pattern that
 * no longer matches, a later config object that replaces it — fails here.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = path.join(REPO, 'apps/server/src');
const ENGINE = path.join(SRC, 'engine');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO });
});

/** The `no-restricted-imports` messages ESLint gives `code` as the file `file` (relative to src/). */
async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const engineFolders = fs
  .readdirSync(ENGINE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the engine layers and the demo route (issue 33)', () => {
  it('engine/runs may not import engine/worker; a test file may', async () => {
    const code = "import { Worker } from '../worker/worker.js';\nexport const worker = Worker;\n";
    const refused = await restrictedImports('engine/runs/made-up.ts', code);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('engine/runs/ imports only those below it');
    expect(await restrictedImports('engine/runs/made-up.test.ts', code)).toEqual([]);
  });

  it('a folder deeper in a layer is held the same way, and a downward import passes', async () => {
    expect(
      await restrictedImports(
        'engine/pipeline/steps/made-up.step.ts',
        "import '../../../engine/runs/run.js';",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports('engine/pipeline/steps/made-up.step.ts', "import '../../worker/worker.js';"),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'engine/scheduler/made-up.ts',
        "import '../../engine/pipeline/pipeline.handler.js';",
      ),
    ).toHaveLength(1);
  });

  it("an engine folder keeps the engine's own prohibitions (modules, assembly, the console)", async () => {
    for (const target of [
      '../../modules/users/user.service.js',
      '../../demo/demo.js',
      '../../../../../apps/web/src/main.tsx',
    ])
      expect(await restrictedImports('engine/runs/made-up.ts', `import '${target}';`), target).toHaveLength(
        1,
      );
  });

  it('the rule allows no cycle among the engine folders, every folder of engine/ included', async () => {
    const allowed = new Set<string>();
    for (const from of engineFolders)
      for (const to of engineFolders.filter((folder) => folder !== from))
        if (
          (await restrictedImports(`engine/${from}/made-up.ts`, `import '../${to}/made-up.js';`)).length === 0
        )
          allowed.add(`${from} -> ${to}`);
    // Peel off, again and again, the folders that may import none of those left: a cycle is what stays.
    let left = [...engineFolders];
    for (;;) {
      const bottom = left.filter((from) => !left.some((to) => allowed.has(`${from} -> ${to}`)));
      if (bottom.length === 0) break;
      left = left.filter((folder) => !bottom.includes(folder));
    }
    expect(left).toEqual([]);
    // engine/runs sits at the bottom but for the leaves it may read (cron, system-log, files, and
    // alerts: the AlertSink interface, issue 35).
    expect(engineFolders.filter((folder) => allowed.has(`runs -> ${folder}`))).toEqual([
      'alerts',
      'cron',
      'files',
      'system-log',
    ]);
  });

  it('http/ may not import demo/', async () => {
    const refused = await restrictedImports(
      'http/routes/made-up.routes.ts',
      "import { removeDemoData } from '../../demo/demo-removal.js';\nexport const remove = removeDemoData;\n",
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('nor demo/');
  });
});
