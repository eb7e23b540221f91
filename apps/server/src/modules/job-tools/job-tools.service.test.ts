import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobConnectionTestRequest } from '@lis/contracts';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { savePeerServers, useServicePeers } from '../../test-support/service-peers.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const peers = useServicePeers();
/** On the OpenSSH server's file system: {root}/in/{2024,2025}, {root}/out, {root}/file.txt. */
let root: string;
beforeAll(() => {
  root = peers.root;
  for (const dir of ['in/2024', 'in/2025', 'out']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.writeFileSync(path.join(root, 'file.txt'), 'x');
});

describe.each(DATABASE_KINDS)('JobToolsService on %s', (kind) => {
  const h = useServiceHarness(kind, async (harness: ServiceHarness) => {
    await savePeerServers(harness, peers, 'A');
    await savePeerServers(harness, peers, 'B');
  });
  const tools = () => h.services.jobTools;
  const request = (over: Partial<JobConnectionTestRequest> = {}): JobConnectionTestRequest => ({
    companycode: 'A',
    legacytype: 'IN_WAIT',
    sftp_source_server_id: 'sftp-a',
    sftp_source_path: `${root}/in`,
    sftp_return_server_id: 'sftp-a',
    sftp_return_path: `${root}//out/`,
    api_serverid: 'fapp-a',
    api_classname: 'Demo',
    api_function_name: 'validateRecords',
    ...over,
  });
  const tiles = async (over: Partial<JobConnectionTestRequest> = {}) =>
    Object.fromEntries(
      (await tools().testJobConnection(request(over))).result_list.map((t) => [
        t.key,
        [t.status, t.message.key],
      ]),
    );

  it('refuses a relative path or one with .. before connecting, and a server of another company', async () => {
    for (const bad of ['in', `${root}/../etc`])
      await expectRefusal(tools().folders({ company_code: 'A', sftp_server_id: 'sftp-a', path: bad }), {
        kind: 'invalid',
        key: 'remotePathInvalid',
      });
    await expectRefusal(tools().folders({ company_code: 'A', sftp_server_id: 'sftp-b', path: '/' }), {
      kind: 'not_found',
      key: 'sftpServerNotFound',
    });
  });

  describe.skipIf(!canRunOpenSsh())('on a real OpenSSH server', () => {
    const folder = (p: string) => ({ company_code: 'A', sftp_server_id: 'sftp-a', path: p });

    it('lists the folders one level below a path (files left out)', async () => {
      const listed = await tools().folders(folder(`${root}/in/`));
      expect(listed).toEqual({
        truncated: false,
        result_list: ['2024', '2025'].map((name) =>
          expect.objectContaining({ name, path: `${root}/in/${name}` }),
        ),
      });
      expect((await tools().folders(folder(root))).result_list.map((n) => n.name)).toEqual(['in', 'out']);
    });

    it('says when a folder is missing or is a file', async () => {
      await expectRefusal(tools().folders(folder(`${root}/nope`)), {
        kind: 'not_found',
        key: 'remoteFolderMissing',
      });
      await expectRefusal(tools().folders(folder(`${root}/file.txt`)), {
        kind: 'invalid',
        key: 'remoteNotFolder',
      });
      expect(await tools().existPath(folder(`${root}/in`))).toMatchObject({
        exists: true,
        is_directory: true,
      });
      expect(await tools().existPath(folder(`${root}/none`))).toMatchObject({
        exists: false,
        is_directory: false,
      });
      expect(await tools().existPath(folder(`${root}/file.txt`))).toMatchObject({
        exists: true,
        is_directory: false,
      });
    });

    it('Test Connection: six green tiles for a job whose servers, paths and function are right', async () => {
      expect(await tiles()).toEqual({
        has_sftp_source_path: [200, 'remoteFolderExists'],
        has_sftp_return_path: [200, 'remoteFolderExists'],
        api_server_connection: [200, 'checkApiConnected'],
        sftp_source_server_connection: [200, 'checkSftpConnected'],
        sftp_return_server_connection: [200, 'checkSftpConnected'],
        has_function: [200, 'checkFunctionFound'],
      });
    });

    it('Test Connection: each tile red for its own reason, the others unaffected', async () => {
      expect(
        await tiles({
          sftp_source_path: `${root}/missing`,
          sftp_return_server_id: '',
          api_function_name: 'nothing',
        }),
      ).toEqual({
        has_sftp_source_path: [404, 'remoteFolderMissing'],
        has_sftp_return_path: [400, 'checkReturnServerMissing'],
        api_server_connection: [200, 'checkApiConnected'],
        sftp_source_server_connection: [200, 'checkSftpConnected'],
        sftp_return_server_connection: [400, 'checkReturnServerMissing'],
        has_function: [404, 'checkFunctionNotFound'],
      });
      // Company A naming company B's servers: not found, as if they did not exist.
      const other = await tiles({ sftp_source_server_id: 'sftp-b', api_serverid: 'fapp-b' });
      expect(other.sftp_source_server_connection).toEqual([404, 'sftpServerNotFound']);
      expect(other.api_server_connection).toEqual([404, 'apiServerNotFound']);
    });
  });

  it('Test Connection: a pull job is checked on its function server only; OUT_WAIT has no source', async () => {
    expect(Object.keys(await tiles({ legacytype: 'PULL_WAIT' }))).toEqual([
      'api_server_connection',
      'has_function',
    ]);
    const out = await tiles({ legacytype: 'OUT_WAIT', sftp_return_server_id: '' });
    expect(out.has_sftp_source_path).toEqual([200, 'checkNotUsed']);
    expect(out.has_function).toEqual([200, 'checkFunctionFound']);
  });
});
