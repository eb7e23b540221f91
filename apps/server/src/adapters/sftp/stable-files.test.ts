import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { openSftp } from './sftp-connect.js';
import type { SftpSession } from './sftp-session.js';
import { startOpenSshFixture, type OpenSshFixture } from './sftp-fixture-test-support.js';
import { listStableFiles } from './stable-files.js';

describe.skipIf(!canRunOpenSsh())('listStableFiles', () => {
  let fixture: OpenSshFixture;
  let session: SftpSession;

  beforeAll(async () => {
    fixture = await startOpenSshFixture();
    session = await openSftp(fixture.target);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.stop();
  });

  it('skips a file that grows between the two listings, and temporary names and folders', async () => {
    const dir = fixture.remoteDir;
    fs.writeFileSync(path.join(dir, 'done.csv'), 'complete');
    fs.writeFileSync(path.join(dir, 'growing.csv'), 'part 1');
    fs.writeFileSync(path.join(dir, '.result.csv.lis-part-0123456789ab'), 'half');
    fs.mkdirSync(path.join(dir, 'folder'));
    const growing = setInterval(() => fs.appendFileSync(path.join(dir, 'growing.csv'), ' more'), 50);
    try {
      const stable = await listStableFiles(session, dir, { intervalMs: 400 });
      expect(stable.map((entry) => entry.name)).toEqual(['done.csv']);
    } finally {
      clearInterval(growing);
    }
    const later = await listStableFiles(session, dir, { intervalMs: 100 });
    expect(later.map((entry) => entry.name)).toEqual(['done.csv', 'growing.csv']);
  });

  it('skips a file rewritten to the same size with a new mtime, and one that appeared meanwhile', async () => {
    const dir = path.join(fixture.remoteDir, 'mtime');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'same-size.csv');
    fs.writeFileSync(file, 'aaaa');
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    const listing = listStableFiles(session, dir, { intervalMs: 300 });
    setTimeout(() => {
      fs.writeFileSync(file, 'bbbb');
      fs.writeFileSync(path.join(dir, 'new.csv'), 'x');
    }, 100);
    expect(await listing).toEqual([]);
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(
      listStableFiles(session, fixture.remoteDir, { intervalMs: 10_000, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
