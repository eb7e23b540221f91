import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../tools/reference-function-server/reference-function-server.js';
import { DATABASE_KINDS } from '../src/test-support/test-database.js';
import { createTestApp, withStandardUsers, type TestApp } from '../src/test-support/test-app.js';
import { canRunOpenSsh, startOpenSshServer, type OpenSshServer } from '../src/test-support/openssh-server.js';

const API_USER = 'fapp-user';
const API_PASSWORD = 'Api-Secret-Pw-4410';

let fapp: ReferenceFunctionServer;
let sshd: OpenSshServer | undefined;
/** A folder tree on the OpenSSH server's file system: {root}/in/{2024,2025}, {root}/out, {root}/file.txt. */
let root: string;

beforeAll(async () => {
  fapp = await createReferenceFunctionServer({ username: API_USER, password: API_PASSWORD });
  if (canRunOpenSsh()) sshd = await startOpenSshServer();
  root = fs.mkdtempSync('/tmp/lis-job-tools-');
  for (const dir of ['in/2024', 'in/2025', 'out', '.hidden'])
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.writeFileSync(path.join(root, 'file.txt'), 'x');
  fs.symlinkSync(path.join(root, 'out'), path.join(root, 'out-link'));
});
afterAll(async () => {
  await fapp?.close();
  await sshd?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('job modal helpers (%s)', (kind) => {
  let t: TestApp;
  const post = (user: string, url: string, payload: Record<string, unknown>, language = 'en') =>
    t.as(user, { method: 'POST', url, payload, headers: { 'accept-language': language } } as InjectOptions);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await withStandardUsers(t);
    await t.user('admin-b', [['B', 'admin']]);
    const api = {
      sid: '555',
      api_url_callfunction: fapp.url,
      api_username: API_USER,
      api_password: API_PASSWORD,
    };
    for (const [company, id] of [
      ['A', 'fapp-a'],
      ['B', 'fapp-b'],
    ] as const) {
      const r = await post(`admin-${company.toLowerCase()}`, '/v1/config/api-server/add', {
        ...api,
        companycode: company,
        api_serverid: id,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const r = await post('admin-a', '/v1/config/api-server/add', {
      ...api,
      companycode: 'A',
      api_serverid: 'fapp-wrong',
      api_password: 'not-the-password',
    });
    expect(r.statusCode, r.body).toBe(200);
    if (sshd) {
      for (const [company, id] of [
        ['A', 'sftp-a'],
        ['B', 'sftp-b'],
      ] as const) {
        const added = await post(`admin-${company.toLowerCase()}`, '/v1/config/sftp-server/add', {
          sid: '555',
          companycode: company,
          sftp_server_id: id,
          sftp_ip: sshd.host,
          sftp_port: sshd.port,
          sftp_username: sshd.keyUser,
          private_key: sshd.privateKey,
        });
        expect(added.statusCode, added.body).toBe(200);
      }
    }
  });
  afterAll(() => t.close());

  describe.skipIf(!canRunOpenSsh())('on a real OpenSSH server', () => {
    const folders = (over: Record<string, unknown> = {}, user = 'admin-a') =>
      post(user, '/v1/config/sftp-server/folders', {
        company_code: 'A',
        sftp_server_id: 'sftp-a',
        path: root,
        ...over,
      });

    it('lists the folders under a path (links to folders included, files left out), one level', async () => {
      const r = await folders();
      expect(r.statusCode, r.body).toBe(200);
      const level = root.split('/').length;
      expect(r.json()).toEqual({
        truncated: false,
        result_list: ['.hidden', 'in', 'out', 'out-link'].map((name) => ({
          name,
          node_level: level,
          parent: root,
          path: `${root}/${name}`,
        })),
      });
      const children = await folders({ path: `${root}/in/` });
      expect(children.json().result_list.map((n: { path: string }) => n.path)).toEqual([
        `${root}/in/2024`,
        `${root}/in/2025`,
      ]);
    });

    it('starts at /', async () => {
      const r = await folders({ path: '/' });
      expect(r.statusCode).toBe(200);
      const names = r.json().result_list.map((n: { name: string }) => n.name);
      expect(names).toEqual(expect.arrayContaining(['etc', 'tmp', 'usr']));
      expect(r.json().result_list[0]).toMatchObject({ node_level: 1, parent: '/' });
    });

    it('says clearly when the folder is missing or is a file, in the caller language', async () => {
      let r = await folders({ path: `${root}/nope` });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(`Folder ${root}/nope does not exist on sFTP server sftp-a`);
      r = await folders({ path: `${root}/file.txt` });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain('is a file, not a folder');
      r = await post(
        'admin-a',
        '/v1/config/sftp-server/folders',
        {
          company_code: 'A',
          sftp_server_id: 'sftp-a',
          path: `${root}/nope`,
        },
        'th',
      );
      expect(r.json().message).toContain('ไม่พบโฟลเดอร์');
    });

    it('refuses relative paths, .. and control characters before connecting', async () => {
      for (const bad of ['in', `${root}/../etc`, '/a\u0000b', '/a\nb', '']) {
        const r = await folders({ path: bad });
        expect(r.statusCode, bad).toBe(400);
        expect(r.json().message).toBeTruthy();
      }
    });

    it('checks whether a path exists', async () => {
      const check = (p: string) =>
        post('admin-a', '/v1/config/sftp-server/exist-path', {
          company_code: 'A',
          sftp_server_id: 'sftp-a',
          path: p,
        });
      expect((await check(`${root}/in`)).json()).toMatchObject({ exists: true, is_directory: true });
      expect((await check(`${root}/none`)).json()).toMatchObject({ exists: false, is_directory: false });
      expect((await check(`${root}/file.txt`)).json()).toMatchObject({ exists: true, is_directory: false });
    });

    it('shows six green tiles for a job whose servers, paths and function are right', async () => {
      const r = await post('admin-a', '/v1/config/job-config/test-connection', {
        companycode: 'A',
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-a',
        sftp_source_path: `${root}/in`,
        sftp_return_server_id: 'sftp-a',
        sftp_return_path: `${root}/out`,
        api_serverid: 'fapp-a',
        api_classname: 'Demo',
        api_function_name: 'validateRecords',
      });
      expect(r.statusCode, r.body).toBe(200);
      const tiles = r.json().result_list as { key: string; status: number; message: string }[];
      expect(tiles.map((tile) => tile.key)).toEqual([
        'has_sftp_source_path',
        'has_sftp_return_path',
        'api_server_connection',
        'sftp_source_server_connection',
        'sftp_return_server_connection',
        'has_function',
      ]);
      expect(tiles.map((tile) => tile.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(tiles[5]?.message).toBe('Function Demo.validateRecords exists on fapp-a');
    });

    it('turns each tile red for its own reason', async () => {
      const r = await post('admin-a', '/v1/config/job-config/test-connection', {
        companycode: 'A',
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-a',
        sftp_source_path: `${root}/missing`,
        sftp_return_server_id: '',
        sftp_return_path: `${root}/out`,
        api_serverid: 'fapp-wrong',
        api_classname: 'Demo',
        api_function_name: 'validateRecords',
      });
      const byKey = Object.fromEntries(
        (r.json().result_list as { key: string; status: number; message: string }[]).map((tile) => [
          tile.key,
          tile,
        ]),
      );
      expect(byKey.has_sftp_source_path).toMatchObject({ status: 404 });
      expect(byKey.sftp_source_server_connection).toMatchObject({ status: 200 });
      expect(byKey.has_sftp_return_path).toMatchObject({
        status: 400,
        message: 'No sFTP return server chosen',
      });
      expect(byKey.sftp_return_server_connection).toMatchObject({ status: 400 });
      expect(byKey.api_server_connection?.status).toBe(502);
      expect(byKey.has_function?.status).toBe(502);
    });

    it('finds a missing function and a closed sFTP port', async () => {
      await post('admin-a', '/v1/config/sftp-server/add', {
        sid: '555',
        companycode: 'A',
        sftp_server_id: 'sftp-closed',
        sftp_ip: '127.0.0.1',
        sftp_port: 1,
        sftp_username: 'u',
        sftp_password: 'p-123456',
      });
      const r = await post('admin-a', '/v1/config/job-config/test-connection', {
        companycode: 'A',
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-closed',
        sftp_source_path: '/in',
        sftp_return_server_id: 'sftp-a',
        sftp_return_path: `${root}/out`,
        api_serverid: 'fapp-a',
        api_classname: 'Demo',
        api_function_name: 'noSuchFunction',
      });
      const tiles = r.json().result_list as { key: string; status: number }[];
      expect(Object.fromEntries(tiles.map((tile) => [tile.key, tile.status]))).toEqual({
        has_sftp_source_path: 502,
        has_sftp_return_path: 200,
        api_server_connection: 200,
        sftp_source_server_connection: 502,
        sftp_return_server_connection: 200,
        has_function: 404,
      });
    });

    it('never reaches another company server, and a user gets 403', async () => {
      let r = await folders({ company_code: 'B', sftp_server_id: 'sftp-b' });
      expect(r.statusCode).toBe(403);
      r = await folders({ sftp_server_id: 'sftp-b' });
      expect(r.statusCode).toBe(404);
      r = await folders({}, 'user-a');
      expect(r.statusCode).toBe(403);
      r = await post('admin-a', '/v1/config/job-config/test-connection', {
        companycode: 'A',
        legacytype: 'PULL_WAIT',
        api_serverid: 'fapp-b',
        api_classname: 'Demo',
        api_function_name: 'echo',
      });
      expect(r.json().result_list).toEqual([
        expect.objectContaining({ key: 'api_server_connection', status: 404 }),
        expect.objectContaining({ key: 'has_function', status: 404 }),
      ]);
    });
  });

  it('tests a pull job with the two API tiles only, and an OUT_WAIT job without a source', async () => {
    let r = await post('admin-a', '/v1/config/job-config/test-connection', {
      companycode: 'A',
      legacytype: 'PULL_WAIT',
      api_serverid: 'fapp-a',
      api_classname: 'Demo',
      api_function_name: 'echo',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(
      r.json().result_list.map((tile: { key: string; status: number }) => [tile.key, tile.status]),
    ).toEqual([
      ['api_server_connection', 200],
      ['has_function', 200],
    ]);
    r = await post('admin-a', '/v1/config/job-config/test-connection', {
      companycode: 'A',
      legacytype: 'OUT_WAIT',
      api_serverid: 'fapp-a',
    });
    const tiles = r.json().result_list as { key: string; status: number; message: string }[];
    expect(tiles).toHaveLength(6);
    expect(tiles[0]).toMatchObject({
      key: 'has_sftp_source_path',
      status: 200,
      message: 'Not used by OUT_WAIT jobs',
    });
    expect(tiles.find((tile) => tile.key === 'has_function')).toMatchObject({ status: 400 });
  });

  it('refuses a user and another company on every helper route', async () => {
    const routes: [string, Record<string, unknown>][] = [
      ['/v1/config/sftp-server/folders', { company_code: 'A', sftp_server_id: 'x', path: '/' }],
      ['/v1/config/sftp-server/exist-path', { company_code: 'A', sftp_server_id: 'x', path: '/' }],
      ['/v1/config/job-config/test-connection', { companycode: 'A', legacytype: 'PULL_WAIT' }],
    ];
    for (const [url, payload] of routes) {
      expect((await post('user-a', url, payload)).statusCode, url).toBe(403);
      expect((await post('admin-b', url, payload)).statusCode, url).toBe(403);
    }
    expect((await t.as('user-a', { url: '/v1/config/pull-job-log' })).statusCode).toBe(403);
  });

  it('lists pull jobs with the start of their latest run as Last Pull', async () => {
    const db = t.database.db.kysely;
    const add = async (company: string, id: string) => {
      const r = await post(`admin-${company.toLowerCase()}`, '/v1/config/job-config/add', {
        sid: '555',
        companycode: company,
        legacyid: id,
        legacyname: `Pull ${id}`,
        legacytype: 'PULL_WAIT',
        api_serverid: `fapp-${company.toLowerCase()}`,
        api_classname: 'Demo',
        api_function_name: 'echo',
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    await add('A', 'PULL-1');
    await add('A', 'PULL-2');
    await add('B', 'PULL-9');
    const run = (id: string, startedAt: number, state: 'FINISHED' | 'ERROR') => ({
      id: `run-${id}-${startedAt}`,
      job_instance_no: `${id}-${startedAt}`,
      owner_kind: 'job' as const,
      company_code: 'A',
      legacy_id: id,
      kind: 'manual' as const,
      state,
      queued_at: startedAt,
      started_at: startedAt,
      finished_at: startedAt + 1000,
      attempt: 1,
    });
    await db
      .insertInto('job_runs')
      .values([
        run('PULL-1', Date.UTC(2026, 10, 20, 1), 'FINISHED'),
        run('PULL-1', Date.UTC(2026, 10, 21, 2), 'ERROR'),
      ])
      .execute();

    const r = await t.as('admin-a', { url: '/v1/config/pull-job-log' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      total_count: 2,
      result_list: [
        {
          companycode: 'A',
          legacyid: 'PULL-1',
          legacyname: 'Pull PULL-1',
          last_pull: '2026-11-21T02:00:00.000Z',
          last_status: 'ERROR',
        },
        { companycode: 'A', legacyid: 'PULL-2', legacyname: 'Pull PULL-2', last_pull: '', last_status: '' },
      ],
    });
    const all = await t.as('root', { url: '/v1/config/pull-job-log' });
    expect(all.json().result_list.map((row: { legacyid: string }) => row.legacyid)).toEqual([
      'PULL-1',
      'PULL-2',
      'PULL-9',
    ]);
    expect((await t.as('admin-a', { url: '/v1/config/pull-job-log?company_code=B' })).statusCode).toBe(403);
  });
});
