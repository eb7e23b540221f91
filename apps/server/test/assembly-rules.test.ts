import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 33, decision 0041: repositories and peer clients are built by the composition root only
 * (tools/eslint/server-layers.js, `serverAssembly`). Made-up files linted through the repository's own
 * ESLint configuration show the rule bites where it should and nowhere else.
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = 'apps/server/src';

let eslint: ESLint;

/** The `no-restricted-syntax` messages of `code` as if it were the file `file` (relative to the repo). */
async function restrictions(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const NEW_REPOSITORY = `
export class FooService {
  private readonly repo = new FooRepository(db);
}
declare class FooRepository { constructor(db: unknown); }
declare const db: unknown;
`;

describe('the assembly rules', () => {
  beforeAll(async () => {
    eslint = new ESLint({ cwd: REPO_ROOT });
    // Loads the configuration and the parser once (a few seconds), outside the tests' time limit.
    await restrictions('', `${SRC}/composition/warm-up.ts`);
  }, 60_000);

  it('refuse a repository built in a module, the engine, the demo or an adapter', async () => {
    for (const file of [
      `${SRC}/modules/foo/foo.service.ts`,
      `${SRC}/engine/pipeline/steps/foo.step.ts`,
      `${SRC}/demo/foo.ts`,
      `${SRC}/adapters/foo/foo.ts`,
    ]) {
      const found = await restrictions(NEW_REPOSITORY, file);
      expect(found, file).toHaveLength(1);
      expect(found[0], file).toContain('composition/repositories.ts');
    }
  });

  it('refuse a peer client built outside the composition root', async () => {
    const code = `
      import { DmsClient } from '../../../adapters/dms/index.js';
      import { openSftp } from '../../../adapters/sftp/index.js';
      import ssh2 from 'ssh2';
      export const dms = new DmsClient({ baseUrl: 'http://dms', token: 't' });
      export const session = openSftp({ host: 'h', port: 22, username: 'u' });
      export const ssh = new ssh2.Client();
    `;
    const found = await restrictions(code, `${SRC}/engine/pipeline/steps/foo.step.ts`);
    expect(found).toHaveLength(3);
    for (const message of found) expect(message).toContain('composition/peer-clients.ts');
  });

  it('keep the routes typed too (one object per folder carries every selector)', async () => {
    const code = `${NEW_REPOSITORY}
      declare const request: { body: unknown };
      export const body = request.body as { name: string };
    `;
    const found = await restrictions(code, `${SRC}/http/routes/foo.routes.ts`);
    expect(found).toHaveLength(2);
    expect(found.some((message) => message.includes('composition/repositories.ts'))).toBe(true);
    expect(found.some((message) => message.includes('typed by their schemas'))).toBe(true);
  });

  it('let the composition root build them, and the adapters build their own sessions', async () => {
    expect(await restrictions(NEW_REPOSITORY, `${SRC}/composition/foo.ts`)).toEqual([]);
    const session = `
      declare class SftpSession { constructor(channel: unknown); }
      declare const channel: unknown;
      export const session = new SftpSession(channel);
    `;
    expect(await restrictions(session, `${SRC}/adapters/sftp/foo.ts`)).toEqual([]);
  });

  it('leave tests to build what they test, still without timers', async () => {
    expect(await restrictions(NEW_REPOSITORY, `${SRC}/modules/foo/foo.service.test.ts`)).toEqual([]);
    const timer = `${NEW_REPOSITORY}\nsetTimeout(() => undefined, 10);\n`;
    const found = await restrictions(timer, `${SRC}/modules/foo/foo.service.test.ts`);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('No timers in tests');
  });
});
