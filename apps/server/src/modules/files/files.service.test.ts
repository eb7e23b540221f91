import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { savePeerServers, useServicePeers } from '../../test-support/service-peers.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const peers = useServicePeers();
const FIRST = 'INV001,ลูกค้า ก,100\n';
const bytes = async (stream: Readable) => Buffer.concat(await stream.toArray());

/** The names in a zip. */
async function zipNames(stream: Readable): Promise<string[]> {
  const buffer = await bytes(stream);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return names.sort();
}

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('FilesService on %s', (kind) => {
  /** Each company's job IN-1 over its own folders; A's has run once (its source file backed up). */
  let folders: Record<'a' | 'b', { inbox: string; outbox: string }>;
  let instance: string;
  const h = useServiceHarness(kind, async (harness: ServiceHarness) => {
    folders = { a: { inbox: '', outbox: '' }, b: { inbox: '', outbox: '' } };
    for (const company of ['A', 'B'] as const) {
      const c = company === 'A' ? 'a' : 'b';
      const dir = fs.mkdtempSync(path.join(peers.root, `${kind}-${c}-`));
      folders[c] = { inbox: path.join(dir, 'in'), outbox: path.join(dir, 'out') };
      fs.mkdirSync(folders[c].inbox);
      await savePeerServers(harness, peers, company);
      await harness.services.jobs.save(
        {
          companycode: company,
          legacyid: 'IN-1',
          legacyname: 'Files',
          legacytype: 'IN_WAIT',
          isactive: 'Y',
          sftp_source_server_id: `sftp-${c}`,
          sftp_source_path: folders[c].inbox,
          sftp_source_formatfilename: 'INV_[0-9]+\\.csv',
          sftp_return_server_id: `sftp-${c}`,
          sftp_return_path: folders[c].outbox,
          api_serverid: `fapp-${c}`,
          api_classname: 'Demo',
          api_function_name: 'validateRecords',
        },
        'add',
        'root',
      );
    }
    await harness.services.jobs.save(
      { companycode: 'A', legacyid: 'NO-SFTP', legacyname: 'Nothing', legacytype: 'PULL_WAIT' },
      'add',
      'root',
    );
    fs.writeFileSync(path.join(folders.a.inbox, 'INV_001.csv'), FIRST);
    instance = (await harness.runToEnd('A', 'IN-1')).job_instance_no;
  });
  const files = () => h.services.files;
  const A = { companyCode: 'A', legacyId: 'IN-1' };

  beforeAll(() => {
    // Beside the job's file: another file, a folder and a file being written (never listed).
    fs.writeFileSync(path.join(folders.a.inbox, 'notes.txt'), 'not for this job\n');
    fs.mkdirSync(path.join(folders.a.inbox, 'archive'));
    fs.writeFileSync(path.join(folders.a.inbox, '.big.csv.lis-part-0123456789ab'), 'half');
    fs.writeFileSync(path.join(folders.b.inbox, 'b-only.txt'), 'B\n');
  });

  it("lists a live source folder's files (not folders or files being written), and streams one", async () => {
    const listed = await files().list(A, 'sftp_source_server', undefined);
    // The job keeps its source files (sftp_source_isdeletesource N): the run's file is still there.
    expect(listed.result_list.map((f) => f.name).sort()).toEqual(['INV_001.csv', 'notes.txt']);
    const download = await files().downloadLive(A, 'sftp_source_server', 'notes.txt', undefined);
    expect((await bytes(download.stream)).toString()).toBe('not for this job\n');
    expect(await zipNames((await files().zipLive(A, 'sftp_source_server', 'in.zip')).stream)).toEqual([
      'INV_001.csv',
      'notes.txt',
    ]);
  });

  it('keeps the run’s backups: listed per run, read back whole', async () => {
    const scope = await files().backupScope(A, 'sftp_source_backup', instance);
    const listed = await files().list(A, 'sftp_source_backup', instance);
    expect(listed.result_list.map((f) => f.name)).toEqual(['INV_001.csv']);
    const backup = await files().downloadBackup(scope, 'INV_001.csv');
    expect((await bytes(backup.stream)).toString()).toBe(FIRST);
    expect(await zipNames((await files().zipBackups(scope, 'backup.zip')).stream)).toEqual(['INV_001.csv']);
    // Every run of the job: each run's files in a folder of its instance number.
    const allRuns = await files().backupScope(A, 'sftp_source_backup', undefined);
    expect(await zipNames((await files().zipBackups(allRuns, 'all.zip')).stream)).toEqual([
      `${instance}/INV_001.csv`,
    ]);
  });

  it('refuses names that are paths, lists that need a run, and files that are not there', async () => {
    await expectRefusal(files().downloadLive(A, 'sftp_source_server', '', undefined), {
      kind: 'invalid',
      key: 'fileNameRequired',
    });
    await expectRefusal(files().downloadLive(A, 'sftp_source_server', '../etc/passwd', undefined), {
      kind: 'invalid',
      key: 'fileNameInvalid',
    });
    await expectRefusal(files().downloadLive(A, 'sftp_source_server', 'gone.txt', undefined), {
      kind: 'not_found',
      key: 'fileNotFound',
    });
    await expectRefusal(files().backupScope(A, 'return_success', undefined), {
      kind: 'invalid',
      key: 'fileJobInstanceRequired',
    });
    await expectRefusal(files().backupScope(A, 'sftp_source_server', instance), {
      kind: 'invalid',
      key: 'fileListTypeWrong',
    });
    await expectRefusal(
      files().list({ companyCode: 'A', legacyId: 'NO-SFTP' }, 'sftp_source_server', undefined),
      {
        kind: 'not_found',
        key: 'fileNoSourceFolder',
      },
    );
  });

  it("keeps each company to its own job's folders and backups", async () => {
    const B = { companyCode: 'B', legacyId: 'IN-1' };
    expect((await files().list(B, 'sftp_source_server', undefined)).result_list.map((f) => f.name)).toEqual([
      'b-only.txt',
    ]);
    expect((await files().list(B, 'sftp_source_backup', instance)).result_list).toEqual([]);
    await expectRefusal(files().downloadLive(B, 'sftp_source_server', 'notes.txt', undefined), {
      kind: 'not_found',
      key: 'fileNotFound',
    });
    await expectRefusal(
      files().list({ companyCode: 'B', legacyId: 'NO-SFTP' }, 'sftp_source_server', undefined),
      {
        kind: 'not_found',
        key: 'jobNotFound',
      },
    );
  });
});
