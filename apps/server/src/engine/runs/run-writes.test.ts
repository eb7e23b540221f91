import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20: one owner of a run's rows. Every write of `job_runs` and `run_steps` — create, claim,
 * heartbeat, step records, end, recovery, cancel request, re-run, mail status, deletion — is in
 * engine/runs/; every other place calls it. A write anywhere else fails this test. Migrations (the
 * schema itself) and tests (which build the rows they need) are exempt.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNER = 'engine/runs/';

/** Kysely's writing builders and raw SQL that write either table. */
const RUN_WRITE = [
  /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`](job_runs|run_steps)\b/,
  /\b(update|insert\s+into|delete\s+from|replace\s+into|merge\s+into)\s+(job_runs|run_steps)\b/i,
];

const isTest = (file: string) =>
  file.endsWith('.test.ts') || file.endsWith('-test-support.ts') || file.startsWith('test-support/');
const exempt = (file: string) => isTest(file) || file.startsWith(OWNER) || file.startsWith('db/migrations/');
const writesRuns = (text: string) => RUN_WRITE.some((pattern) => pattern.test(text));

function filesWritingRuns(): string[] {
  return (fs.readdirSync(SRC, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !exempt(file))
    .filter((file) => writesRuns(fs.readFileSync(path.join(SRC, file), 'utf8')))
    .sort();
}

describe('who writes a run (issue 20)', () => {
  it('recognises a write of job_runs or run_steps', () => {
    expect(writesRuns("await db.insertInto('job_runs').values(row).execute();")).toBe(true);
    expect(writesRuns("scope\n  .updateTable('job_runs')\n  .set({ state })")).toBe(true);
    expect(writesRuns("await trx.deleteFrom('run_steps').where('run_id', 'in', ids).execute();")).toBe(true);
    expect(writesRuns("db.updateTable('job_runs as r')")).toBe(true);
    expect(writesRuns('sql`update job_runs set state = v.state from v`')).toBe(true);
    expect(writesRuns('sql`with x as (select 1) insert into run_steps (run_id) select 1`')).toBe(true);
    expect(writesRuns('sql`DELETE FROM job_runs WHERE id = ${id}`')).toBe(true);
    expect(writesRuns("await db.selectFrom('job_runs').selectAll().execute();")).toBe(false);
    expect(writesRuns("await db.updateTable('job_runs_archive').set({ a: 1 });")).toBe(false);
    expect(writesRuns("await db.insertInto('system_log').values(lines).execute();")).toBe(false);
  });

  it('only in engine/runs/', () => {
    expect(filesWritingRuns()).toEqual([]);
  });
});
