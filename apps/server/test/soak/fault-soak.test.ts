import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../src/test-support/openssh-server.js';
import { DATABASE_KINDS } from '../../src/test-support/test-database.js';
import { FAULT_KINDS, type FaultKind } from './fault-trial.js';
import { runSoak } from './fault-soak.js';

/**
 * The fault-injection suite (docs/reliability.md). In CI: a fixed-seed slice, every fault kind at least
 * once per database, each at a seeded random point. `npm run soak:faults -- --trials N --seed S` runs
 * this file with SOAK_TRIALS, SOAK_SEED, SOAK_ORDER=random and SOAK_REPORT (where the report goes).
 */
const env = process.env;
const trials = Number(env.SOAK_TRIALS ?? FAULT_KINDS.length);
const seed = Number(env.SOAK_SEED ?? 20_261_125);
const order = env.SOAK_ORDER === 'random' ? 'random' : 'cycle';
const kinds = env.SOAK_KINDS ? (env.SOAK_KINDS.split(',') as FaultKind[]) : undefined;
const databases = env.SOAK_DATABASE
  ? DATABASE_KINDS.filter((kind) => kind === env.SOAK_DATABASE)
  : DATABASE_KINDS;

describe.skipIf(!canRunOpenSsh()).each(databases)('faults at random points (%s)', (database) => {
  it(
    `${trials} trials, seed ${seed}: no file lost, none delivered twice, nothing stuck`,
    async () => {
      const report = await runSoak({
        database,
        trials,
        seed,
        order,
        ...(kinds ? { kinds } : {}),
        onTrial: (result) => {
          if (env.SOAK_REPORT || result.violations.length > 0)
            process.stderr.write(
              `[soak ${database}] trial ${result.index} ${result.kind} (${result.point}): ${result.files} file(s), ${result.runs} run(s), ${result.ms} ms` +
                `${result.violations.length ? `\n  VIOLATION ${result.violations.join('\n  VIOLATION ')}` : ''}\n`,
            );
        },
      });
      if (env.SOAK_REPORT)
        fs.writeFileSync(`${env.SOAK_REPORT}.${database}.json`, `${JSON.stringify(report, null, 2)}\n`);
      expect(report.violations).toEqual([]);
      expect(report.trials).toBe(trials);
    },
    Math.max(300_000, trials * 30_000),
  );
});
