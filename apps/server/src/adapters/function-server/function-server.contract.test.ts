import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../../../tools/reference-function-server/reference-function-server.js';
import { functionServerOpenApiDocument } from './function-server.openapi.js';
import {
  ErrorMessage,
  FunctionCallRequest,
  FunctionCallResponse,
  FunctionDescription,
  FunctionServerInfo,
} from './function-server.schemas.js';

const committed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../docs/function-server.openapi.json',
);

function expectShape(schema: TSchema, value: unknown): void {
  const check = TypeCompiler.Compile(schema);
  const problems = [...check.Errors(value)].map((error) => `${error.path} ${error.message}`);
  expect(problems).toEqual([]);
}

describe('the function-server contract', () => {
  it('docs/function-server.openapi.json is generated from the client schemas (regenerate with LIS_WRITE_OPENAPI=1)', async () => {
    const options = await resolveConfig(committed);
    const current = await format(JSON.stringify(functionServerOpenApiDocument()), {
      ...options,
      filepath: committed,
    });
    if (process.env.LIS_WRITE_OPENAPI === '1') fs.writeFileSync(committed, current);
    expect(fs.readFileSync(committed, 'utf8')).toBe(current);
  });

  describe('the reference function server answers as documented', () => {
    let server: ReferenceFunctionServer;
    const auth = `Basic ${Buffer.from('u:p').toString('base64')}`;
    const request = {
      sid: '555',
      company_code: 'DEMO',
      legacy_id: 'DEMO_IN_01',
      legacy_type: 'IN_WAIT',
      job_instance_no: 'DEMO_IN_01_20250101000000',
      class_name: 'Demo',
      function_name: 'validateRecords',
      files: [
        {
          file_name: 'a.csv',
          content_base64: Buffer.from('1,x,5\n2,y,\n').toString('base64'),
          size: 11,
          records: [
            { col_0001: '1', col_0002: 'x', col_0003: '5' },
            { col_0001: '2', col_0002: 'y', col_0003: '' },
          ],
        },
        { file_name: 'raw.bin', content_base64: 'AAEC' },
      ],
      idempotency_key: 'c'.repeat(64),
    };
    const send = async (method: string, route: string, body?: unknown, authorization = auth) => {
      const response = await fetch(`${server.url}${route}`, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };

    beforeAll(async () => {
      server = await createReferenceFunctionServer({ username: 'u', password: 'p', slowSeconds: 0.05 });
    });
    afterAll(() => server.close());

    it('the test request itself is a valid call request', () => expectShape(FunctionCallRequest, request));

    it('info', async () => {
      const answer = await send('GET', '/info');
      expect(answer.status).toBe(200);
      expectShape(FunctionServerInfo, answer.body);
    });

    it('has-function, found and not found', async () => {
      const found = await send('GET', '/functions/Demo/echo');
      expect(found.status).toBe(200);
      expectShape(FunctionDescription, found.body);
      const missing = await send('GET', '/functions/Demo/nothing');
      expect(missing.status).toBe(404);
      expectShape(ErrorMessage, missing.body);
    });

    for (const name of ['validateRecords', 'echo', 'generate', 'alwaysFails', 'slow', 'dmsDynamic']) {
      it(`call Demo/${name}`, async () => {
        const answer = await send('POST', `/functions/Demo/${name}`, { ...request, function_name: name });
        expect(answer.status).toBe(200);
        expectShape(FunctionCallResponse, answer.body);
      });
    }

    it('a repeat of the key answers the first answer again, marked Idempotent-Replayed', async () => {
      const call = () =>
        fetch(`${server.url}/functions/Demo/generate`, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/json',
            'idempotency-key': 'd'.repeat(64),
          },
          body: JSON.stringify({ ...request, function_name: 'generate', idempotency_key: 'd'.repeat(64) }),
        });
      const first = await call();
      const firstBody = await first.text();
      const executed = server.callCount();
      const repeat = await call();
      expect([repeat.status, repeat.headers.get('idempotent-replayed'), await repeat.text()]).toEqual([
        200,
        'true',
        firstBody,
      ]);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(server.callCount()).toBe(executed);
      expectShape(FunctionCallResponse, JSON.parse(firstBody));
    });

    it('a key that differs between the header and the body is a 400', async () => {
      const response = await fetch(`${server.url}/functions/Demo/echo`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': 'other' },
        body: JSON.stringify(request),
      });
      expect(response.status).toBe(400);
      expectShape(ErrorMessage, await response.json());
    });

    it('errors answer {message}: 401, 400, 404, 500', async () => {
      const answers = [
        await send('GET', '/info', undefined, 'Basic d3Jvbmc6d3Jvbmc='),
        await send('POST', '/functions/Demo/echo', { files: 'no' }),
        await send('POST', '/functions/Demo/nothing', request),
        await send('POST', '/functions/Demo/alwaysFails500', request),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([401, 400, 404, 500]);
      for (const answer of answers) expectShape(ErrorMessage, answer.body);
    });
  });
});
