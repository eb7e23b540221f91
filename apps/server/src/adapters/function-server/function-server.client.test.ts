import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReferenceFunctionServer,
  type ReferenceFunctionServer,
} from '../../../../../tools/reference-function-server/reference-function-server.js';
import { eventually } from '../../test-support/eventually.js';
import { RemoteCallError } from '../json-http/remote-call-error.js';
import { FunctionServerClient, WRONG_API_CREDENTIALS } from './function-server.client.js';
import type { FunctionCallRequest, FunctionInputFile } from './function-server.schemas.js';

const USERNAME = 'lis-test';
const PASSWORD = 'pw-Zq81!secret';

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
function text(base64: string): string {
  return Buffer.from(base64, 'base64').toString('utf8');
}

/** A call with its own idempotency key (or the one given, to repeat a call). */
function buildCallRequest(files: FunctionInputFile[] = [], key: string = randomUUID()): FunctionCallRequest {
  return {
    sid: '555',
    company_code: 'DEMO',
    legacy_id: 'DEMO_IN_01',
    legacy_type: 'IN_WAIT',
    job_instance_no: 'DEMO_IN_01_20250101000000',
    class_name: 'Demo',
    function_name: 'x',
    files,
    idempotency_key: key,
  };
}

/** A gate a test function waits on until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function rejection(promise: Promise<unknown>): Promise<RemoteCallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RemoteCallError);
  const remote = error as RemoteCallError;
  expect(remote.message).not.toContain(PASSWORD);
  return remote;
}

/** A port on which nothing listens (bound once, then released). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('FunctionServerClient against the reference function server', () => {
  let server: ReferenceFunctionServer;
  let client: FunctionServerClient;
  const aborted: string[] = [];
  const seen: { header: string | undefined; body: string | undefined }[] = [];
  let stall = gate();
  let stalled = 0;

  beforeAll(async () => {
    server = await createReferenceFunctionServer({
      username: USERNAME,
      password: PASSWORD,
      slowSeconds: 20,
      functions: {
        'Test/badShape': {
          description: 'answers a result file of an unknown kind',
          run: async () =>
            JSON.parse(
              '{"status":"success","message":"","files":[{"file_name":"a","content_base64":"","kind":"maybe"}],"results":[]}',
            ),
        },
        'Test/stalled': {
          description: 'counts its executions and waits for the gate, whether or not the caller hung up',
          run: async () => {
            stalled += 1;
            const execution = stalled;
            await stall.opened;
            return { status: 'success', message: `execution ${execution}`, files: [], results: [] };
          },
        },
        'Test/waitForAbort': {
          description: 'records that the caller hung up',
          run: (_request, { signal }) =>
            new Promise((_resolve, reject) => {
              signal.addEventListener('abort', () => {
                aborted.push('waitForAbort');
                reject(signal.reason as Error);
              });
            }),
        },
      },
    });
    client = new FunctionServerClient({ baseUrl: server.url, username: USERNAME, password: PASSWORD });
  });
  afterAll(() => server.close());

  it('info answers the Test Connection fields with a stable clientUUID and a counted usage', async () => {
    const first = await client.info();
    expect(first.megaByteTotalMemory).toBeGreaterThan(first.megaByteFreeMemory);
    expect(first.megaByteProcessMemoryUsage).toBeGreaterThan(1);
    expect(first.serverVersion).toMatch(/reference function server/);
    expect(new Date(first.serverTime).getTime()).not.toBeNaN();
    await client.call('Demo', 'echo', buildCallRequest());
    const second = await client.info();
    expect(second.clientUUID).toBe(first.clientUUID);
    expect(second.serverSession).toBe(first.serverSession);
    expect(second.functionUsage).toBe(first.functionUsage + 1);
  });

  it('a call sends its idempotency key as the Idempotency-Key header and in the body', async () => {
    const recorder = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const header = request.headers['idempotency-key'];
        seen.push({
          header: typeof header === 'string' ? header : undefined,
          body: (JSON.parse(body) as { idempotency_key?: string }).idempotency_key,
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"status":"success","message":"","files":[],"results":[]}');
      });
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = recorder.address() as AddressInfo;
      const direct = new FunctionServerClient({
        baseUrl: `http://127.0.0.1:${port}/api`,
        username: USERNAME,
        password: PASSWORD,
      });
      await direct.call('Demo', 'echo', buildCallRequest([], 'a'.repeat(64)));
      expect(seen).toEqual([{ header: 'a'.repeat(64), body: 'a'.repeat(64) }]);
    } finally {
      recorder.closeAllConnections();
      await new Promise<void>((resolve) => recorder.close(() => resolve()));
    }
  });

  it('a repeat of a key that timed out gets the first answer; the function ran once', async () => {
    stall = gate();
    const before = stalled;
    const impatient = new FunctionServerClient({
      baseUrl: server.url,
      username: USERNAME,
      password: PASSWORD,
      callTimeoutMs: 200,
    });
    const key = randomUUID();
    expect((await rejection(impatient.call('Test', 'stalled', buildCallRequest([], key)))).code).toBe(
      'TIMEOUT',
    );
    stall.open();
    await expect.poll(() => server.idempotencyRecord('Test', 'stalled', key)?.state).toBe('answered');
    const again = await client.call('Test', 'stalled', buildCallRequest([], key));
    expect(again.message).toBe(`execution ${before + 1}`);
    expect(stalled).toBe(before + 1);
    expect(server.idempotencyRecord('Test', 'stalled', key)).toMatchObject({ executions: 1, replays: 1 });
    // Another key runs the function again.
    expect((await client.call('Test', 'stalled', buildCallRequest())).message).toBe(
      `execution ${before + 2}`,
    );
  });

  it('a repeat while the first call still runs is answered 409 and repeated until it gets the first answer', async () => {
    stall = gate();
    const before = stalled;
    const key = randomUUID();
    const patient = new FunctionServerClient({
      baseUrl: server.url,
      username: USERNAME,
      password: PASSWORD,
      conflictRetryMs: 20,
    });
    const first = patient.call('Test', 'stalled', buildCallRequest([], key));
    await expect.poll(() => server.idempotencyRecord('Test', 'stalled', key)?.state).toBe('running');
    const repeat = patient.call('Test', 'stalled', buildCallRequest([], key));
    await expect.poll(() => server.idempotencyRecord('Test', 'stalled', key)?.conflicts).toBeGreaterThan(1);
    stall.open();
    expect((await first).message).toBe(`execution ${before + 1}`);
    expect((await repeat).message).toBe(`execution ${before + 1}`);
    expect(stalled).toBe(before + 1);
  });

  it('a 409 that lasts past the time limit fails naming it', async () => {
    stall = gate();
    const key = randomUUID();
    const first = client.call('Test', 'stalled', buildCallRequest([], key));
    await expect.poll(() => server.idempotencyRecord('Test', 'stalled', key)?.state).toBe('running');
    const impatient = new FunctionServerClient({
      baseUrl: server.url,
      username: USERNAME,
      password: PASSWORD,
      // Long enough for a first answer on a loaded machine; repeats every 50 ms until it runs out.
      callTimeoutMs: 2_000,
      conflictRetryMs: 50,
    });
    const error = await rejection(impatient.call('Test', 'stalled', buildCallRequest([], key)));
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.status).toBe(409);
    expect(error.message).toMatch(
      /answered HTTP 409: the first call with this Idempotency-Key is still executing/,
    );
    stall.open();
    await first;
  });

  it('hasFunction is true for a function that exists and false for one that does not', async () => {
    await expect(client.hasFunction('Demo', 'validateRecords')).resolves.toBe(true);
    await expect(client.hasFunction('Demo', 'noSuchFunction')).resolves.toBe(false);
    await expect(client.hasFunction('No Such/Class', 'x')).resolves.toBe(false);
    expect((await rejection(client.hasFunction('..', 'info'))).code).toBe('INVALID_ARGUMENT');
  });

  it('Demo/validateRecords reports one application-log row per record and splits good from bad', async () => {
    const answer = await client.call(
      'Demo',
      'validateRecords',
      buildCallRequest([
        {
          file_name: 'orders.csv',
          content_base64: b64('A1,alpha,10\nA2,beta,\nA3,gamma,x1\n'),
          records: [
            { col_0001: 'A1', col_0002: 'alpha', col_0003: '10' },
            { col_0001: 'A2', col_0002: 'beta', col_0003: '' },
            { col_0001: 'A3', col_0002: 'gamma', col_0003: 'x1' },
          ],
        },
      ]),
    );
    expect(answer.status).toBe('success');
    expect(answer.results.map((row) => [row.transaction_id, row.status])).toEqual([
      ['A1', 'S'],
      ['A2', 'E'],
      ['A3', 'E'],
    ]);
    expect(answer.results[2]?.message).toBe('col_0003 "x1" is not a number');
    expect(answer.results.every((row) => row.file_name === 'orders.csv')).toBe(true);
    const byKind = Object.fromEntries(answer.files.map((file) => [file.kind, file]));
    expect(byKind.success?.file_name).toBe('orders.csv.ok.csv');
    expect(text(byKind.success?.content_base64 ?? '')).toBe('A1,alpha,10\n');
    expect(text(byKind.error?.content_base64 ?? '')).toBe(
      'A2,beta,,col_0003 is empty\nA3,gamma,x1,col_0003 "x1" is not a number\n',
    );
  });

  it('Demo/echo returns the input files as success files', async () => {
    const files = [
      { file_name: 'a.txt', content_base64: b64('first') },
      { file_name: 'ก.txt', content_base64: b64('ไทย') },
    ];
    const answer = await client.call('Demo', 'echo', buildCallRequest(files));
    expect(answer.files).toEqual(files.map((file) => ({ ...file, kind: 'success' })));
  });

  it('Demo/generate produces a file without input (OUT_WAIT)', async () => {
    const answer = await client.call('Demo', 'generate', buildCallRequest());
    expect(answer.files).toHaveLength(1);
    expect(answer.files[0]?.file_name).toBe('DEMO_IN_01_20250101000000.csv');
  });

  it('Demo/dmsDynamic answers a DMS bucket, box and group per file', async () => {
    const answer = await client.call(
      'Demo',
      'dmsDynamic',
      buildCallRequest([
        { file_name: 'one.pdf', content_base64: b64('1') },
        { file_name: 'two.pdf', content_base64: b64('2') },
      ]),
    );
    expect(answer.files.map((file) => file.dms)).toEqual([
      { bucket: 'demo', box_id: 'box-1', group_id: 'group-1', role: 'reader' },
      { bucket: 'demo', box_id: 'box-2', group_id: 'group-2', role: 'reader' },
    ]);
  });

  it('Demo/alwaysFails answers status error, which the client returns as an answer', async () => {
    const answer = await client.call('Demo', 'alwaysFails', buildCallRequest());
    expect(answer).toMatchObject({ status: 'error', message: 'Demo/alwaysFails failed on purpose' });
  });

  it('Demo/alwaysFails500 becomes an HTTP_STATUS error carrying the server message', async () => {
    const error = await rejection(client.call('Demo', 'alwaysFails500', buildCallRequest()));
    expect(error.code).toBe('HTTP_STATUS');
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      `${server.url}/functions/Demo/alwaysFails500 answered HTTP 500: Demo/alwaysFails500 failed on purpose`,
    );
  });

  it('calling a function that does not exist is NOT_FOUND', async () => {
    const error = await rejection(client.call('Demo', 'missing', buildCallRequest()));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('function Demo.missing does not exist');
  });

  it('an answer of the wrong shape is INVALID_RESPONSE naming the field', async () => {
    const error = await rejection(client.call('Test', 'badShape', buildCallRequest()));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toContain('does not match the contract');
    expect(error.message).toContain('/files/0/kind');
  });

  it('wrong credentials give 401 as "API username or password is wrong" on every call', async () => {
    const wrong = new FunctionServerClient({ baseUrl: server.url, username: USERNAME, password: 'nope' });
    for (const attempt of [
      wrong.info(),
      wrong.hasFunction('Demo', 'echo'),
      wrong.call('Demo', 'echo', buildCallRequest()),
    ]) {
      const error = await rejection(attempt);
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.status).toBe(401);
      expect(error.message).toBe(WRONG_API_CREDENTIALS);
    }
  });

  it('a slow function ends in a timeout that names the URL and the limit', async () => {
    const impatient = new FunctionServerClient({
      baseUrl: server.url,
      username: USERNAME,
      password: PASSWORD,
      callTimeoutMs: 300,
    });
    // The slow function answers after 20 s (the server above), longer than the test may take: any
    // answer but TIMEOUT fails.
    const error = await rejection(impatient.call('Demo', 'slow', buildCallRequest()));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe(`no answer from ${server.url}/functions/Demo/slow within 0.3 s`);
  });

  it('an AbortSignal cancels a call in flight, and the function sees the caller hang up', async () => {
    const controller = new AbortController();
    // Aborted once the function server has the call, while it waits for the answer.
    const before = server.callCount();
    void eventually(() => server.callCount() > before, { message: 'the call to arrive' }).then(() =>
      controller.abort(new Error('stopped by operator')),
    );
    const error = await rejection(client.call('Test', 'waitForAbort', buildCallRequest(), controller.signal));
    expect(error.code).toBe('ABORTED');
    expect(error.cause).toEqual(new Error('stopped by operator'));
    await expect.poll(() => aborted).toContain('waitForAbort');
  });

  it('an already aborted signal sends nothing', async () => {
    const before = server.callCount();
    const error = await rejection(client.call('Demo', 'echo', buildCallRequest(), AbortSignal.abort()));
    expect(error.code).toBe('ABORTED');
    expect(server.callCount()).toBe(before);
  });

  it('a base URL with a trailing slash or credentials in it works, and the credentials never show', async () => {
    const url = new URL(server.url);
    const withSlash = new FunctionServerClient({
      baseUrl: `${server.url}/`,
      username: USERNAME,
      password: PASSWORD,
    });
    await expect(withSlash.hasFunction('Demo', 'echo')).resolves.toBe(true);
    const withUserInfo = `http://someone:${PASSWORD}@${url.host}${url.pathname}`;
    const error = await rejection(
      new FunctionServerClient({ baseUrl: withUserInfo, username: USERNAME, password: 'wrong' }).info(),
    );
    expect(error.url).toBe(`${server.url}/info`);
  });
});

describe('FunctionServerClient failures without a function server', () => {
  it('a closed port gives "cannot connect to {url}"', async () => {
    const port = await closedPort();
    const client = new FunctionServerClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      username: 'u',
      password: PASSWORD,
    });
    const error = await rejection(client.info());
    expect(error.code).toBe('UNREACHABLE');
    expect(error.message).toBe(`cannot connect to http://127.0.0.1:${port}/api/info (connection refused)`);
  });

  it('a URL that is not http(s) is refused without calling anything', async () => {
    const client = new FunctionServerClient({
      baseUrl: 'ftp://example.com/api',
      username: 'u',
      password: 'p',
    });
    expect((await rejection(client.info())).code).toBe('INVALID_URL');
    const garbage = new FunctionServerClient({
      baseUrl: `not a url ${PASSWORD}`,
      username: 'u',
      password: 'p',
    });
    expect((await rejection(garbage.info())).code).toBe('INVALID_URL');
  });

  it('an answer that is not JSON is INVALID_RESPONSE', async () => {
    const html = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>proxy login</html>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = html.address() as AddressInfo;
      const client = new FunctionServerClient({
        baseUrl: `http://127.0.0.1:${port}/api`,
        username: 'u',
        password: PASSWORD,
      });
      const error = await rejection(client.info());
      expect(error.code).toBe('INVALID_RESPONSE');
      expect(error.message).toBe(
        `http://127.0.0.1:${port}/api/info answered HTTP 200 with something other than JSON (text/html)`,
      );
      expect(error.details.bodyExcerpt).toBe('<html>proxy login</html>');
    } finally {
      html.closeAllConnections();
      await new Promise<void>((resolve) => html.close(() => resolve()));
    }
  });
});
