import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { RunFileTable } from '../src/db/schema.js';
import { openBlobStore } from '../src/engine/files/file-store.js';
import { buildJobConfig } from '../src/engine/scheduler/scheduler-test-support.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import { readZip } from './files-harness.js';

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
  // The source-backup routes: one file (`get-backup-file-…`, admins as on the task / detail screens)
  // and the monitoring report's backup folder, Download All (`get-backup-all-file-…`): everyone's
  // (spec 000 §2 "the backup folder allows download all only", the report's options for any role).
  'backup-download': { sftp_source_backup: ADMINS },
  'backup-zip': { sftp_source_backup: ALL },
  // The monitoring report's step-4 button.
  'step4-zip': { step4_error: ALL },
  // Download Source And Response File (spec 000 route table: for all, with its two buttons).
  export: { sftp_source_backup: ALL, api_response: ALL },
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
      const code =
        role === 'other'
          ? 'COMPANY_FORBIDDEN'
          : kind.startsWith('api_')
            ? 'BACKUP_NOT_DOWNLOADABLE'
            : 'BACKUP_ADMINS_ONLY';
      expect(response.json()).toEqual({ message: expect.any(String), code });
      for (const [, ledger] of LISTS) expect(response.body).not.toContain(contentOf(ledger).trim());
    } else if (route !== 'list' && route !== 'zip' && route !== 'backup-zip' && route !== 'step4-zip') {
      const ledger = LISTS.find(([k]) => k === kind)?.[1] ?? 'source';
      expect(response.body).toContain(contentOf(ledger).trim());
    }
  });

  it('has the 92 cases of decision 0025', () => {
    expect(CASES).toHaveLength(92);
  });

  it('a plain user downloads on /downloadsourceandresponsefile and Download All of the report’s backup folder; not the task / detail files', async () => {
    const as = (url: string, payload: Record<string, unknown>) =>
      t.as('user-a', { method: 'POST', url, payload });
    const job = { sid: '555', company_code: 'A', legacy_id: LEGACY_ID };
    // Download Source File and Download Response File: the joined text of the run's backups.
    const source = await as('/v1/lis-server/get-backup-file-with-instanceids', {
      ...job,
      lis_type: 'source',
      job_instance_no_list: [RUN],
    });
    expect(source.statusCode, source.body).toBe(200);
    expect(source.headers['content-disposition']).toContain(`${LEGACY_ID}_source.txt`);
    expect(source.body).toContain(contentOf('source').trim());
    expect(source.body).not.toContain(contentOf('api_response').trim());
    const response = await as('/v1/lis-server/get-backup-file-with-instanceids', {
      ...job,
      lis_type: 'response',
      job_instance_no_list: [RUN],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(contentOf('api_response').trim());
    expect(response.body).not.toContain(contentOf('source').trim());

    // The monitoring report's backup folder (every run), Download All: a zip of the source backups.
    const all = await as('/v1/lis-server/get-backup-all-file-with-legacyid', job);
    expect(all.statusCode, all.body.slice(0, 300)).toBe(200);
    expect(all.headers['content-type']).toBe('application/zip');
    const entries = await readZip(all.rawPayload);
    expect([...entries.values()].map((content) => content.toString('utf8'))).toEqual([contentOf('source')]);

    // The task / detail file lists stay admin-only: one file and all of a run's source backups.
    for (const [url, payload] of [
      [
        '/v1/lis-server/get-all-file-with-legacyid',
        { ...job, list_type: 'sftp_source_backup', job_instance_no: RUN },
      ],
      [
        '/v1/lis-server/get-file-with-legacyid',
        { ...job, list_type: 'sftp_source_backup', job_instance_no: RUN, path: nameOf('source') },
      ],
      [
        '/v1/lis-server/get-backup-file-with-legacyid',
        { ...job, job_instance_no: RUN, path: nameOf('source') },
      ],
    ] as const) {
      const refused = await as(url, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(
        'Only an admin or super_admin of the company may download its backups',
      );
    }
    // And nothing of another company: user-b is refused the same downloads of company A.
    const other = await t.as('user-b', {
      method: 'POST',
      url: '/v1/lis-server/get-backup-all-file-with-legacyid',
      payload: job,
    });
    expect(other.statusCode).toBe(403);
  });
});
