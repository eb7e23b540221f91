import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseNow } from '../../db/database-clock.js';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test-support/test-database.js';
import { NodeRegistry } from '../worker/node-registry.repository.js';
import { checkSharedFileStore, FileStoreCheckError, openBlobStore } from './file-store.js';

describe.each(DATABASE_KINDS)('the start check of a shared file store (%s)', (kind) => {
  let database: TestDatabase;
  let folders: string[];
  const folder = () => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'lis-shared-'));
    folders.push(made);
    return made;
  };
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    folders = [];
  });
  afterEach(async () => {
    await database.drop();
    for (const made of folders) fs.rmSync(made, { recursive: true, force: true });
  });

  /** A running node: registered (heartbeating now), its marker written into `mount` by its own check. */
  async function runningNode(id: string, mount: string): Promise<NodeRegistry> {
    await checkSharedFileStore(mount, database.db, id);
    const registry = new NodeRegistry(database.db.kysely, id);
    await registry.register(['worker'], await databaseNow(database.db.kysely, database.db.dialect));
    return registry;
  }

  it('starts when it sees the marker of every running node, and leaves its own', async () => {
    const mount = folder();
    await runningNode('host-a:1:aa', mount);
    await runningNode('host-b:2:bb', mount);
    await expect(checkSharedFileStore(mount, database.db, 'host-c:3:cc')).resolves.toBeUndefined();
    expect(fs.readdirSync(path.join(mount, '.lis-nodes')).sort()).toEqual([
      'host-a_1_aa',
      'host-b_2_bb',
      'host-c_3_cc',
    ]);
    expect(fs.readFileSync(path.join(mount, '.lis-nodes', 'host-c_3_cc'), 'utf8')).toMatch(/^host-c:3:cc\n/);
  });

  it('refuses to start on a folder that is not the one the running nodes use, naming them', async () => {
    const shared = folder();
    const registry = await runningNode('host-a:1:aa', shared);
    const elsewhere = folder();
    const refused = checkSharedFileStore(elsewhere, database.db, 'host-b:2:bb');
    await expect(refused).rejects.toBeInstanceOf(FileStoreCheckError);
    await expect(refused).rejects.toThrow(
      `the shared file store ${elsewhere} is not the folder the other nodes use: no marker of the running node(s) host-a:1:aa (host ${os.hostname()})`,
    );
    // A node that stopped does not count.
    await registry.markStopped(await databaseNow(database.db.kysely, database.db.dialect));
    await expect(checkSharedFileStore(elsewhere, database.db, 'host-b:2:bb')).resolves.toBeUndefined();
  });

  it('refuses a mount it cannot write', async () => {
    const file = path.join(folder(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    await expect(checkSharedFileStore(file, database.db, 'host-a:1:aa')).rejects.toThrow(
      `the shared file store ${file} cannot be written`,
    );
  });

  it('keeps the files of a shared store under {mount}/files, beside the markers', async () => {
    const mount = folder();
    const dataDir = folder();
    const store = openBlobStore({ dataDir, fileStore: { kind: 'shared', path: mount } }, database.db);
    await store.put('A/J/I/source/a.csv', Buffer.from('a'));
    expect(fs.readFileSync(path.join(mount, 'files', 'A', 'J', 'I', 'source', 'a.csv'), 'utf8')).toBe('a');
    expect(store.description).toBe(`the shared folder ${mount}`);
  });
});
