import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { Demo } from '../demo/demo.js';
import { DEMO_COMPANY } from '../demo/demo-layout.js';
import { inProcessSignal } from '../engine/scheduler/scheduler-signal.js';
import { systemClock } from '../platform/clock.js';
import { runDemoCommand } from './demo-command.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function run(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDemoCommand(
    args,
    env,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('lis demo', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('explains itself and refuses an unknown command', async () => {
    expect((await run(['--help'], {})).out).toMatch(/lis demo remove/);
    const wrong = await run(['delete'], {});
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/Usage: lis demo remove/);
    expect((await run(['remove', 'now'], {})).code).toBe(2);
  });

  it('removes the demo of a data folder, and says when there is none', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-demo-cli-'));
    const env = { LIS_DATA_DIR: dataDir };
    expect(await run(['remove'], env)).toMatchObject({
      code: 0,
      out: expect.stringMatching(/no LIS database/i),
    });

    const db = openDatabase({ sqliteFile: path.join(dataDir, 'lis.sqlite') });
    const signal = inProcessSignal();
    const demo = new Demo({
      config: loadConfig(env),
      db,
      masterKey: crypto.randomBytes(32),
      clock: systemClock,
      signal,
      log: silent,
      generatorIntervalMs: 3_600_000,
    });
    try {
      await migrateToLatest(db);
      expect((await demo.start(true)).state).toBe('seeded');
    } finally {
      await demo.stopPeers();
      await signal.close();
      await db.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'demo', 'peers.json'))).toBe(true);

    const removed = await run(['remove'], env);
    expect(removed.code).toBe(0);
    expect(removed.out).toMatch(/Removed the demo: 0 run\(s\), 11 job\(s\).*users demo-admin, demo-operator/);
    expect(fs.existsSync(path.join(dataDir, 'demo'))).toBe(false);
    const check = openDatabase({ sqliteFile: path.join(dataDir, 'lis.sqlite') });
    try {
      const company = await check.kysely
        .selectFrom('companies')
        .select('company_code')
        .where('company_code', '=', DEMO_COMPANY)
        .execute();
      expect(company).toEqual([]);
    } finally {
      await check.close();
    }
    expect(await run(['remove'], env)).toMatchObject({ code: 0, out: 'There is no demo to remove.' });
  });
});
