import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { RunFileTable } from '../src/db/schema.js';
import { openBlobStore } from '../src/engine/files/file-store.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';

/*
 * Decision 0025: one rule for who may read which backup, the same on every route that serves
 * backups — the file-list modal's lists, one-file downloads and zips, the step-4 zip and the
 * joined text of "Download Source And Response File". The expected answers are written out here
 * (not computed from the policy), role × list type × route.
 */

const LEGACY_ID = 'BK-1';
const RUN = `${LEGACY_ID}_r1`;
type LedgerList = RunFileTable['list_type'];
const LISTS: [kind: string, ledger: LedgerList][] = [
  ['sftp_source_backup', 'source'],
  ['return_success', 'return_success'],
  ['return_error', 'return_error'],
  ['api_request', 'api_request'],
  ['api_response', 'api_response'],
  ['step4_error', 'step4_error'],
];
const nameOf = (ledger: LedgerList) => `${ledger}-file.txt`;
const contentOf = (ledger: LedgerList) => `content of ${ledger}\n`;

type Role = 'user' | 'admin' | 'super' | 'other';
const WHO: Record<Role, string> = { user: 'user-a', admin: 'admin-a', super: 'root', other: 'user-b' };
const ROLES: Role[] = ['user', 'admin', 'super', 'other'];

type Route = 'list' | 'download' | 'zip' | 'backup-download' | 'backup-zip' | 'step4-zip' | 'export';

/** What each role gets, per route and list (200 or 403); '-' where the route does not take the list. */
type Answers = Record<Exclude<Role, 'other'>, number>;
const ALL = { user: 200, admin: 200, super: 200 };
const ADMINS = { user: 403, admin: 200, super: 200 };
const NOBODY = { user: 403, admin: 403, super: 403 };

const EXPECTED: Record<Route, Partial<Record<string, Answers>>> = {
  // Lists (names, dates, sizes): everyone of the company, every kind (spec 000 §2).
  list: Object.fromEntries(LISTS.map(([kind]) => [kind, ALL])),
  // One file / all as a zip of the modal (`get-file-…`, `get-all-file-…`).
  download: {
    sftp_source_backup: ADMINS,
    return_success: ADMINS,
    return_error: ADMINS,
    api_request: NOBODY,
    api_response: NOBODY,
    step4_error: ALL,
  },
  zip: {
    sftp_source_backup: ADMINS,
    return_success: ADMINS,
    return_error: ADMINS,
    api_request: NOBODY,
    api_response: NOBODY,
    step4_error: ALL,
  },
  // The source-backup routes (`get-backup-file-…`, `get-backup-all-file-…`).
  'backup-download': { sftp_source_backup: ADMINS },
  'backup-zip': { sftp_source_backup: ADMINS },
  // The monitoring report's step-4 button.
  'step4-zip': { step4_error: ALL },
  // Download Source And Response File: the joined source backups or API responses.
  export: { sftp_source_backup: ADMINS, api_response: ADMINS },
};

function request(route: Route, kind: string): { url: string; payload: Record<string, unknown> } {
  const job = { sid: '555', company_code: 'A', legacy_id: LEGACY_ID };
  const ledger = LISTS.find(([k]) => k === kind)?.[1] ?? 'source';
  switch (route) {
    case 'list':
      return {
        url: '/v3/lis-server/files/sftp/path',
        payload: { ...job, list_type: kind, job_instance_no: RUN },
      };
    case 'download':
      return {
        url: '/v1/lis-server/get-file-with-legacyid',
        payload: { ...job, list_type: kind, job_instance_no: RUN, path: nameOf(ledger) },
      };
    case 'zip':
      return {
        url: '/v1/lis-server/get-all-file-with-legacyid',
        payload: { ...job, list_type: kind, job_instance_no: RUN },
      };
    case 'backup-download':
      return {
        url: '/v1/lis-server/get-backup-file-with-legacyid',
        payload: { ...job, job_instance_no: RUN, path: nameOf('source') },
      };
    case 'backup-zip':
      return {
        url: '/v1/lis-server/get-backup-all-file-with-legacyid',
        payload: { ...job, job_instance_no: RUN },
      };
    case 'step4-zip':
      return {
        url: '/v1/lis-server/get-source-files-when-step4-error',
        payload: { ...job, job_instance_no: RUN },
      };
    case 'export':
      return {
        url: '/v1/lis-server/get-backup-file-with-instanceids',
        payload: {
          ...job,
          lis_type: kind === 'api_response' ? 'response' : 'source',
          job_instance_no_list: [RUN],
        },
      };
  }
}

const CASES = (Object.entries(EXPECTED) as [Route, Partial<Record<string, Answers>>][]).flatMap(
  ([route, kinds]) =>
    Object.entries(kinds).flatMap(([kind, answers]) =>
      ROLES.map((role) => ({
        route,
        kind,
        role,
        status: role === 'other' ? 403 : (answers as Answers)[role],
      })),
    ),
);

describe.each(DATABASE_KINDS)('backup access: one rule on every route (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await withStandardUsers(t);
    const db = t.database.db.kysely;
    await db
      .insertInto('job_configs')
      .values(buildJobConfig({ company_code: 'A', legacy_id: LEGACY_ID, legacy_name: 'Backups' }))
      .execute();
    const now = t.clock.now();
    await db
      .insertInto('job_runs')
      .values({
        id: 'r1',
        job_instance_no: RUN,
        owner_kind: 'job',
        company_code: 'A',
        legacy_id: LEGACY_ID,
        kind: 'manual',
        state: 'ERROR',
        queued_at: now - 10_000,
        started_at: now - 9_000,
        finished_at: now - 1_000,
        attempt: 1,
      })
      .execute();
    const blobs = openBlobStore(t.context.config, t.context.db);
    for (const [, ledger] of LISTS) {
      const row: Insertable<RunFileTable> = {
        run_id: 'r1',
        company_code: 'A',
        legacy_id: LEGACY_ID,
        job_instance_no: RUN,
        list_type: ledger,
        file_name: nameOf(ledger),
        size: Buffer.byteLength(contentOf(ledger)),
        sha256: '0'.repeat(64),
        origin: 'test',
        blob_key: `A/${LEGACY_ID}/r1/${ledger}/${nameOf(ledger)}`,
        created_at: now - 5_000,
      };
      await blobs.put(row.blob_key, Buffer.from(contentOf(ledger)));
      await db.insertInto('run_files').values(row).execute();
    }
  });
  afterAll(() => t.close());

  it.each(CASES)('$route of $kind as $role → $status', async ({ route, kind, role, status }) => {
    const { url, payload } = request(route, kind);
    const response = await t.as(WHO[role], { method: 'POST', url, payload });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    if (status === 403) {
      expect(response.json()).toEqual({ message: expect.any(String) });
      for (const [, ledger] of LISTS) expect(response.body).not.toContain(contentOf(ledger).trim());
    } else if (route !== 'list' && route !== 'zip' && route !== 'backup-zip' && route !== 'step4-zip') {
      const ledger = LISTS.find(([k]) => k === kind)?.[1] ?? 'source';
      expect(response.body).toContain(contentOf(ledger).trim());
    }
  });
});
