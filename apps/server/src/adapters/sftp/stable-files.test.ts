import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunOpenSsh } from '../../test-support/openssh-server.js';
import { openSftp } from './sftp-connect.js';
import type { SftpSession } from './sftp-session.js';
import { startOpenSshFixture, type OpenSshFixture } from './sftp-fixture-test-support.js';
import { listStableFiles } from './stable-files.js';

/** `session`, calling `afterListing` each time a listing has been read (between the two listings, first). */
function watchedSession(session: SftpSession, afterListing: (listings: number) => void): SftpSession {
  let listings = 0;
  return Object.create(session, {
    list: {
      value: async (dir: string) => {
        const entries = await session.list(dir);
        afterListing((listings += 1));
        return entries;
      },
    },
  }) as SftpSession;
}

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
    // The file grows after the first listing.
    const growing = watchedSession(session, (listings) => {
      if (listings === 1) fs.appendFileSync(path.join(dir, 'growing.csv'), ' more');
    });
    const stable = await listStableFiles(growing, dir, { intervalMs: 400 });
    expect(stable.map((entry) => entry.name)).toEqual(['done.csv']);
    const later = await listStableFiles(session, dir, { intervalMs: 100 });
    expect(later.map((entry) => entry.name)).toEqual(['done.csv', 'growing.csv']);
  });

  it('skips a file rewritten to the same size with a new mtime, and one that appeared meanwhile', async () => {
    const dir = path.join(fixture.remoteDir, 'mtime');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'same-size.csv');
    fs.writeFileSync(file, 'aaaa');
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    // Rewritten, and another file written, between the two listings.
    const rewriting = watchedSession(session, (listings) => {
      if (listings !== 1) return;
      fs.writeFileSync(file, 'bbbb');
      fs.writeFileSync(path.join(dir, 'new.csv'), 'x');
    });
    expect(await listStableFiles(rewriting, dir, { intervalMs: 300 })).toEqual([]);
  });

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    // Aborted once the first listing is read, when the 10 s wait for the second has begun.
    const aborting = watchedSession(session, () => setImmediate(() => controller.abort()));
    await expect(
      listStableFiles(aborting, fixture.remoteDir, { intervalMs: 10_000, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
