import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceDmsServer,
  type ReferenceDmsServer,
} from '../../../../../tools/reference-dms-server/reference-dms-server.js';
import { dmsOpenApiDocument } from './dms.openapi.js';
import { DmsErrorMessage, DmsFile, DmsFileList, DmsPutRequest, DmsStoredFile } from './dms.schemas.js';

const committed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../docs/dms-server.openapi.json',
);

function expectShape(schema: TSchema, value: unknown): void {
  const check = TypeCompiler.Compile(schema);
  const problems = [...check.Errors(value)].map((error) => `${error.path} ${error.message}`);
  expect(problems).toEqual([]);
}

describe('the DMS contract', () => {
  it('docs/dms-server.openapi.json is generated from the client schemas (regenerate with LIS_WRITE_OPENAPI=1)', async () => {
    const options = await resolveConfig(committed);
    const current = await format(JSON.stringify(dmsOpenApiDocument()), { ...options, filepath: committed });
    if (process.env.LIS_WRITE_OPENAPI === '1') fs.writeFileSync(committed, current);
    expect(fs.readFileSync(committed, 'utf8')).toBe(current);
  });

  describe('the reference DMS server answers as documented', () => {
    let server: ReferenceDmsServer;
    const send = async (method: string, route: string, body?: unknown, token = 'tok') => {
      const response = await fetch(`${server.url}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const put = {
      box_id: 'b',
      group_id: 'g',
      role: 'r',
      content_base64: Buffer.from('hello').toString('base64'),
    };

    beforeAll(async () => {
      server = await createReferenceDmsServer({ token: 'tok' });
    });
    afterAll(() => server.close());

    it('put (201, then 200 on replace), list and get', async () => {
      expectShape(DmsPutRequest, put);
      const created = await send('PUT', '/buckets/bk/jobs/RUN1/files/a.txt', put);
      expect(created.status).toBe(201);
      expectShape(DmsFile, created.body);
      const replaced = await send('PUT', '/buckets/bk/jobs/RUN1/files/a.txt', put);
      expect(replaced.status).toBe(200);
      expectShape(DmsFile, replaced.body);

      const list = await send('GET', '/buckets/bk/jobs/RUN1/files');
      expect(list.status).toBe(200);
      expectShape(DmsFileList, list.body);

      const id = (created.body as { id: string }).id;
      const file = await send('GET', `/files/${id}`);
      expect(file.status).toBe(200);
      expectShape(DmsStoredFile, file.body);
    });

    it('errors answer {message}: 401, 400, 404', async () => {
      const answers = [
        await send('GET', '/buckets/bk/jobs/RUN1/files', undefined, 'wrong'),
        await send('PUT', '/buckets/bk/jobs/RUN1/files/a.txt', { ...put, content_base64: '***' }),
        await send('GET', '/files/none'),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([401, 400, 404]);
      for (const answer of answers) expectShape(DmsErrorMessage, answer.body);
    });
  });
});
