import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20: SQL lives in repositories (`*.repository.ts`) and in db/ (the database itself: clock,
 * migrations, transactions). A query written anywhere else fails this test. (The list of files from
 * before the rule is empty: every one moved its queries to a repository beside it.)
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Kysely's query builders and its `sql` template: what writes a query. */
const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`|\bsql\.(raw|ref|id|lit|join|table)\(/;

const isTest = (file: string) =>
  file.endsWith('.test.ts') || file.endsWith('-test-support.ts') || file.startsWith('test-support/');
const mayHoldSql = (file: string) => file.endsWith('.repository.ts') || file.startsWith('db/');

function filesWithQueries(): string[] {
  return (fs.readdirSync(SRC, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !isTest(file) && !mayHoldSql(file))
    .filter((file) => QUERY.test(fs.readFileSync(path.join(SRC, file), 'utf8')))
    .sort();
}

describe('where SQL is written (issue 20)', () => {
  it('recognises a query', () => {
    expect(QUERY.test("await db.selectFrom('job_runs').selectAll().execute();")).toBe(true);
    expect(QUERY.test('await sql`select 1`.execute(db);')).toBe(true);
    expect(QUERY.test('const n = sql<number>`count(*)`;')).toBe(true);
    expect(QUERY.test("const column = sql.ref('queued_at');")).toBe(true);
    expect(QUERY.test('const selectFrom = 1; // no call')).toBe(false);
  });

  it('only in repositories and db/', () => {
    expect(filesWithQueries()).toEqual([]);
  });
});
