import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileListKind } from '@lis/contracts';
import type { MessageKey } from '../../i18n/messages.js';
import type { DomainErrorKind } from '../../platform/domain-error.js';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { expectRefusal, useServiceHarness, type ServiceHarness } from '../../test-support/service-harness.js';
import { savePeerServers, useServicePeers } from '../../test-support/service-peers.js';
import { DATABASE_KINDS } from '../../test-support/test-database.js';

const peers = useServicePeers();
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.skipIf(!canRunOpenSsh()).each(DATABASE_KINDS)('FileChangesService on %s', (kind) => {
  /** Company A's job UP-1: its source folder and its return folder (the success folder not made yet). */
  let inbox: string;
  let outbox: string;
  const h = useServiceHarness(kind, async (harness: ServiceHarness) => {
    const dir = fs.mkdtempSync(path.join(peers.root, `${kind}-`));
    inbox = path.join(dir, 'in');
    outbox = path.join(dir, 'out');
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    await savePeerServers(harness, peers, 'A');
    await savePeerServers(harness, peers, 'B');
    await harness.services.jobs.save(
      {
        companycode: 'A',
        legacyid: 'UP-1',
        legacyname: 'Uploads',
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-a',
        sftp_source_path: inbox,
        sftp_return_server_id: 'sftp-a',
        sftp_return_path: outbox,
      },
      'add',
      'root',
    );
    await harness.services.jobs.save(
      {
        companycode: 'B',
        legacyid: 'B-1',
        legacyname: 'B',
        legacytype: 'IN_WAIT',
        sftp_source_server_id: 'sftp-b',
        sftp_source_path: inbox,
      },
      'add',
      'root',
    );
  });
  const changes = () => h.services.fileChanges;
  const upload = (
    fileName: string | undefined,
    data: string | undefined,
    kindOf: FileListKind = 'sftp_source_server',
  ) => changes().upload({ companyCode: 'A', legacyId: 'UP-1', kind: kindOf, fileName, data });
  const remove = (fileName: string | undefined, kindOf: FileListKind = 'sftp_source_server') =>
    changes().remove({ companyCode: 'A', legacyId: 'UP-1', kind: kindOf, fileName, filePath: undefined });

  it('uploads into the source folder, and into the return success folder (made when missing)', async () => {
    const content = 'INV001,ลูกค้า ก,100\n';
    expect(await upload('ใบแจ้งหนี้.csv', b64(content))).toEqual({
      size: Buffer.byteLength(content),
      sha256: crypto.createHash('sha256').update(content).digest('hex'),
    });
    expect(fs.readFileSync(path.join(inbox, 'ใบแจ้งหนี้.csv'), 'utf8')).toBe(content);
    await upload('back.txt', `data:text/plain;base64,${b64('back')}`, 'sftp_return_server');
    expect(fs.readFileSync(path.join(outbox, 'return_success', 'back.txt'), 'utf8')).toBe('back');
    // The listing of the same folder shows it.
    const listed = await h.services.files.list(
      { companyCode: 'A', legacyId: 'UP-1' },
      'sftp_source_server',
      undefined,
    );
    expect(listed.result_list.map((f) => f.name)).toEqual(['ใบแจ้งหนี้.csv']);
  });

  it('never overwrites: a second upload of the same name is refused and the file is untouched', async () => {
    await expectRefusal(upload('ใบแจ้งหนี้.csv', b64('other')), { kind: 'conflict', key: 'fileExists' });
    expect(fs.readFileSync(path.join(inbox, 'ใบแจ้งหนี้.csv'), 'utf8')).toBe('INV001,ลูกค้า ก,100\n');
  });

  it.each<[string, string | undefined, string | undefined, FileListKind, DomainErrorKind, MessageKey]>([
    ['no file chosen', undefined, b64('x'), 'sftp_source_server', 'invalid', 'fileSelectBeforeUpload'],
    ['a backup list', 'a.txt', b64('x'), 'sftp_source_backup', 'forbidden', 'fileLiveOnly'],
    ['a name that is a path', '../a.txt', b64('x'), 'sftp_source_server', 'invalid', 'fileNameInvalid'],
    ['a Windows device name', 'CON.txt', b64('x'), 'sftp_source_server', 'invalid', 'fileNameNotAllowed'],
    ['a trailing dot', 'report.', b64('x'), 'sftp_source_server', 'invalid', 'fileNameNotAllowed'],
    [
      'content that is not base64',
      'a.txt',
      'not base64!',
      'sftp_source_server',
      'invalid',
      'fileDataInvalid',
    ],
  ])('refuses an upload with %s and writes nothing', async (_what, name, data, list, errorKind, key) => {
    const before = fs.readdirSync(inbox).sort();
    await expectRefusal(upload(name, data, list), { kind: errorKind, key });
    expect(fs.readdirSync(inbox).sort()).toEqual(before);
  });

  it('deletes a listed file by its name; a second delete finds nothing', async () => {
    expect(
      changes().checkRemove({
        companyCode: 'A',
        legacyId: 'UP-1',
        kind: 'sftp_source_server',
        fileName: 'x',
        filePath: undefined,
      }),
    ).toBe('x');
    expect(await remove('ใบแจ้งหนี้.csv')).toBe(path.join(inbox, 'ใบแจ้งหนี้.csv'));
    expect(fs.existsSync(path.join(inbox, 'ใบแจ้งหนี้.csv'))).toBe(false);
    await expectRefusal(remove('ใบแจ้งหนี้.csv'), { kind: 'not_found', key: 'fileNotFound' });
    await expectRefusal(remove('back.txt', 'return_success'), { kind: 'forbidden', key: 'fileLiveOnly' });
  });

  it("refuses another company's job, even over the same folder", async () => {
    fs.writeFileSync(path.join(inbox, 'kept.txt'), 'kept');
    await expectRefusal(
      changes().remove({
        companyCode: 'B',
        legacyId: 'UP-1',
        kind: 'sftp_source_server',
        fileName: 'kept.txt',
        filePath: undefined,
      }),
      { kind: 'not_found', key: 'jobNotFound' },
    );
    await expectRefusal(
      changes().upload({
        companyCode: 'A',
        legacyId: 'B-1',
        kind: 'sftp_source_server',
        fileName: 'b.txt',
        data: b64('b'),
      }),
      { kind: 'not_found', key: 'jobNotFound' },
    );
    expect(fs.readFileSync(path.join(inbox, 'kept.txt'), 'utf8')).toBe('kept');
  });
});
