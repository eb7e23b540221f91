import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceDmsServer,
  type ReferenceDmsServer,
} from '../../../../../tools/reference-dms-server/reference-dms-server.js';
import { eventually } from '../../test-support/eventually.js';
import { RemoteCallError } from '../json-http/remote-call-error.js';
import { DmsClient, WRONG_DMS_TOKEN, dmsFileSizeBytes, type DmsPutFile } from './dms.client.js';

const TOKEN = 'dms-token-9f3a1c';

function buildPutFile(overrides: Partial<DmsPutFile> = {}): DmsPutFile {
  return {
    bucket: 'invoices',
    box: 'box-7',
    group: 'group-3',
    role: 'reader',
    job_instance_no: 'DEMO_DMS_01_20250101000000',
    file_name: 'invoice-001.pdf',
    content: Buffer.from('%PDF-1.4 demo invoice\n'),
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<RemoteCallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RemoteCallError);
  expect((error as Error).message).not.toContain(TOKEN);
  return error as RemoteCallError;
}

describe('DmsClient against the reference DMS server', () => {
  let server: ReferenceDmsServer;
  let client: DmsClient;
  beforeAll(async () => {
    server = await createReferenceDmsServer({ token: TOKEN });
    client = new DmsClient({ baseUrl: server.url, token: TOKEN });
  });
  afterAll(() => server.close());

  it('put, list and get round-trip a file with its placement; file_size is kilobytes as text', async () => {
    const content = Buffer.alloc(1536, 7);
    const put = await client.putFile(buildPutFile({ file_name: 'scan ก.pdf', content }));
    expect(put.file_size).toBe('1.5');
    expect(dmsFileSizeBytes(put.file_size)).toBe(1536);

    const listed = await client.listFiles('invoices', 'DEMO_DMS_01_20250101000000');
    expect(listed).toEqual([put]);

    const got = await client.getFile(put.id);
    expect(got.content.equals(content)).toBe(true);
    expect(got).toMatchObject({
      id: put.id,
      file_name: 'scan ก.pdf',
      bucket: 'invoices',
      job_instance_no: 'DEMO_DMS_01_20250101000000',
      box_id: 'box-7',
      group_id: 'group-3',
      role: 'reader',
    });
  });

  it('a second put of the same run and name replaces the file and keeps its id', async () => {
    const file = buildPutFile({ job_instance_no: 'RUN_REPLACE', file_name: 'r.txt' });
    const first = await client.putFile(file);
    const second = await client.putFile({ ...file, content: Buffer.from('second version') });
    expect(second.id).toBe(first.id);
    expect(await client.listFiles('invoices', 'RUN_REPLACE')).toHaveLength(1);
    expect((await client.getFile(first.id)).content.toString()).toBe('second version');
  });

  it('lists only the files of the asked bucket and run', async () => {
    await client.putFile(buildPutFile({ bucket: 'b1', job_instance_no: 'RUN_A', file_name: 'a.txt' }));
    await client.putFile(buildPutFile({ bucket: 'b1', job_instance_no: 'RUN_B', file_name: 'b.txt' }));
    await client.putFile(buildPutFile({ bucket: 'b2', job_instance_no: 'RUN_A', file_name: 'c.txt' }));
    expect((await client.listFiles('b1', 'RUN_A')).map((file) => file.file_name)).toEqual(['a.txt']);
    expect(await client.listFiles('b1', 'RUN_NONE')).toEqual([]);
  });

  it('an unknown id is NOT_FOUND', async () => {
    const error = await rejection(client.getFile('no-such-id'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(`the DMS at ${server.url}/files/no-such-id has no file no-such-id`);
  });

  it('a file name that is a path is refused (by the client for dot names, else by the server)', async () => {
    expect((await rejection(client.putFile(buildPutFile({ file_name: '..' })))).code).toBe(
      'INVALID_ARGUMENT',
    );
    for (const name of ['a\\b', 'x\u0000y', 'a\nb', 'x'.repeat(256)]) {
      const error = await rejection(client.putFile(buildPutFile({ file_name: name })));
      expect(error.code).toBe('HTTP_STATUS');
      expect(error.status).toBe(400);
    }
  });

  it('a wrong token gives 401 as "DMS token is wrong" on every call', async () => {
    const wrong = new DmsClient({ baseUrl: server.url, token: 'wrong-token' });
    for (const attempt of [
      wrong.listFiles('invoices', 'x'),
      wrong.getFile('x'),
      wrong.putFile(buildPutFile()),
    ]) {
      const error = await rejection(attempt);
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toBe(WRONG_DMS_TOKEN);
    }
  });

  it('a closed port gives "cannot connect to {url}"', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await rejection(
      new DmsClient({ baseUrl: `http://127.0.0.1:${port}/dms`, token: TOKEN }).getFile('x'),
    );
    expect(error.code).toBe('UNREACHABLE');
    expect(error.message).toBe(`cannot connect to http://127.0.0.1:${port}/dms/files/x (connection refused)`);
  });

  it('a DMS that does not answer in time gives a timeout naming the limit; abort cancels', async () => {
    let requests = 0;
    const silent = http.createServer(() => (requests += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/dms`;
      const timeout = await rejection(
        new DmsClient({ baseUrl: url, token: TOKEN, timeoutMs: 200 }).getFile('x'),
      );
      expect(timeout.code).toBe('TIMEOUT');
      expect(timeout.message).toBe(`no answer from ${url}/files/x within 0.2 s`);
      const controller = new AbortController();
      // Aborted once the DMS has the request, while it waits for the answer.
      const before = requests;
      void eventually(() => requests > before, { message: 'the second request' }).then(() =>
        controller.abort(),
      );
      const aborted = await rejection(
        new DmsClient({ baseUrl: url, token: TOKEN }).getFile('x', controller.signal),
      );
      expect(aborted.code).toBe('ABORTED');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('DmsClient against a DMS that stalls mid-answer', () => {
  it('the time limit also covers reading the body', async () => {
    const stalling = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"result_list": [');
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = stalling.address() as AddressInfo;
      const client = new DmsClient({ baseUrl: `http://127.0.0.1:${port}/dms`, token: TOKEN, timeoutMs: 200 });
      const error = await rejection(client.listFiles('b', 'j'));
      expect(error.code).toBe('TIMEOUT');
    } finally {
      stalling.closeAllConnections();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });
});

describe('the reference DMS server with a storage folder', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lis-ref-dms-'));
  });
  afterAll(() => fs.rm(folder, { recursive: true, force: true }));

  it('keeps files across a restart', async () => {
    const first = await createReferenceDmsServer({ token: TOKEN, storageDir: folder });
    const put = await new DmsClient({ baseUrl: first.url, token: TOKEN }).putFile(buildPutFile());
    await first.close();
    const second = await createReferenceDmsServer({ token: TOKEN, storageDir: folder });
    try {
      const client = new DmsClient({ baseUrl: second.url, token: TOKEN });
      expect(await client.listFiles('invoices', 'DEMO_DMS_01_20250101000000')).toEqual([put]);
      expect((await client.getFile(put.id)).content.toString()).toBe('%PDF-1.4 demo invoice\n');
    } finally {
      await second.close();
    }
  });
});
