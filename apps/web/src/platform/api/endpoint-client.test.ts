import {
  PASSWORD_CHANGE_REQUIRED,
  SESSION_STORAGE_KEY,
  type EndpointParams,
  type FileDownloadRequest,
  type LegacyTaskQuery,
  type LegacyTaskResponse,
  type MessageResponse,
  type PathParamNames,
  type UserImportResponse,
} from '@lis/contracts';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language';
import { downloadFile, type FileRequest } from './download';
import { call, fillPath, type EndpointRequest } from './endpoint-client';
import { ApiError, onPasswordChangeRequired, onUnauthorized } from './http';

const SESSION = { access_token: 'secret-token', user_id: 'root', company_code: '*' };

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const request = fetchMock.mock.calls[0];
  if (!request) throw new Error('fetch was not called');
  const init = request[1] ?? {};
  return { url: new URL(String(request[0])), init, headers: new Headers(init.headers) };
}

beforeEach(() => localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(SESSION)));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('fillPath', () => {
  it('fills each path parameter, encoded as one segment', () => {
    expect(fillPath('/v1/jobs/:id/runs/:run', { id: 'ACME/job 1?x', run: 7 })).toBe(
      '/v1/jobs/ACME%2Fjob%201%3Fx/runs/7',
    );
    expect(fillPath('/v1/legacy/task')).toBe('/v1/legacy/task');
  });

  it('refuses a missing or empty parameter rather than call another address', () => {
    expect(() => fillPath('/v1/jobs/:id', {})).toThrow(/id/);
    expect(() => fillPath('/v1/jobs/:id', { id: '' })).toThrow(/id/);
    expect(() => fillPath('/v1/jobs/:id')).toThrow(/id/);
  });
});

describe('call', () => {
  it('sends the endpoint’s method and path with the query, language and bearer token', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const fetchMock = stubFetch(() => Response.json({ result_list: [], total_count: 0 }));
    const answer = await call('GET /v1/legacy/report', {
      query: { sid: '555', company_code: ['ACME', 'SIAM'] },
    });
    expect(answer).toEqual({ result_list: [], total_count: 0 });
    const { url, init, headers } = sent(fetchMock);
    expect(init.method).toBe('GET');
    expect(url.pathname).toBe('/v1/legacy/report');
    expect(url.searchParams.getAll('company_code')).toEqual(['ACME', 'SIAM']);
    expect(url.searchParams.get('sid')).toBe('555');
    expect(headers.get('accept-language')).toBe('th');
    expect(headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('leaves empty query values out and sends a body as JSON', async () => {
    const fetchMock = stubFetch(() => Response.json({ message: 'saved' }));
    await call('POST /v1/config/email-content', {
      query: { sid: '', company_code: 'ACME' },
      body: [{ condition: 'finished', content_subject: 'Done', content_body: 'RG9uZQ==' }],
    });
    const { url, init, headers } = sent(fetchMock);
    expect(url.search).toBe('?company_code=ACME');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual([
      { condition: 'finished', content_subject: 'Done', content_body: 'RG9uZQ==' },
    ]);
  });

  it('sends a FormData upload as it is, and extra headers beside the token', async () => {
    const fetchMock = stubFetch(() => Response.json({ message: 'ok', created: 1, updated: 0 }));
    const body = new FormData();
    body.append('files', new File(['x'], 'users.xlsx'));
    await call('POST /v1/user/import', { body, headers: { 'X-Extra': 'yes', Authorization: 'forged' } });
    const { init, headers } = sent(fetchMock);
    expect(init.body).toBe(body);
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('x-extra')).toBe('yes');
    expect(headers.get('authorization')).toBe('Bearer secret-token');
  });

  it('answers a text answer as its text, and passes the signal on', async () => {
    const fetchMock = stubFetch(() => new Response('LIS 1.0', { headers: { 'content-type': 'text/plain' } }));
    const controller = new AbortController();
    await expect(call('GET /v1/version', { signal: controller.signal })).resolves.toBe('LIS 1.0');
    expect(sent(fetchMock).init.signal).toBe(controller.signal);
  });

  it("turns a refusal into an ApiError with the server's message and code", async () => {
    stubFetch(() => Response.json({ message: 'not yours', code: 'ROLE_FORBIDDEN' }, { status: 403 }));
    const error = await call('GET /v1/role').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'not yours', code: 'ROLE_FORBIDDEN' });
  });

  it('is an ApiError of status 0 when the server cannot be reached, and lets an abort through', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call('GET /v1/role')).rejects.toMatchObject({ status: 0, message: 'network' });
    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(call('GET /v1/role')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('tells the 401 listeners when a signed-in session is refused, and not otherwise', async () => {
    const told = vi.fn();
    const stop = onUnauthorized(told);
    stubFetch(() => Response.json({ message: 'expired' }, { status: 401 }));
    await expect(call('GET /v1/role')).rejects.toMatchObject({ status: 401 });
    expect(told).toHaveBeenCalledTimes(1);
    localStorage.removeItem(SESSION_STORAGE_KEY);
    await expect(
      call('POST /v1/auth/login', { body: { username: 'a', password: 'b' } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tells the password-change listeners on 403 PASSWORD_CHANGE_REQUIRED only', async () => {
    const told = vi.fn();
    const stop = onPasswordChangeRequired(told);
    stubFetch(() => Response.json({ message: 'change it', code: PASSWORD_CHANGE_REQUIRED }, { status: 403 }));
    await expect(call('GET /v1/role')).rejects.toMatchObject({ code: PASSWORD_CHANGE_REQUIRED });
    expect(told).toHaveBeenCalledTimes(1);
    stubFetch(() => Response.json({ message: 'not yours' }, { status: 403 }));
    await expect(call('GET /v1/role')).rejects.toMatchObject({ status: 403 });
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('downloadFile', () => {
  it('sends the endpoint’s method, path and JSON body, and reads the file and its size', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response('abc', {
          headers: { 'content-disposition': 'attachment; filename="a.txt"', 'x-file-size': '9000' },
        }),
    );
    const file = await downloadFile('POST /v1/lis-server/get-file-with-legacyid', {
      body: { company_code: 'ACME', legacy_id: 'JOB1', path: 'a.txt', limit: 3 },
      fallbackName: 'fallback.txt',
    });
    const { url, init } = sent(fetchMock);
    expect(init.method).toBe('POST');
    expect(url.pathname).toBe('/v1/lis-server/get-file-with-legacyid');
    expect(JSON.parse(String(init.body))).toMatchObject({ legacy_id: 'JOB1', limit: 3 });
    expect(file).toMatchObject({ fileName: 'a.txt', totalSize: 9000 });
  });
});

// Checked by tsc (apps/web's tsconfig reads the tests): the table, not the call site, types a call.
describe('the types a call takes from the endpoint table', () => {
  it('reads path parameters from the pattern', () => {
    expectTypeOf<PathParamNames<'/v1/jobs/:id/runs/:run'>>().toEqualTypeOf<'id' | 'run'>();
    expectTypeOf<EndpointParams<'GET /v1/jobs/:id'>>().toEqualTypeOf<Record<'id', string | number>>();
    expectTypeOf<EndpointParams<'GET /v1/legacy/task'>>().toEqualTypeOf<undefined>();
  });

  it('types the answer and the request by the endpoint', () => {
    expectTypeOf(call<'GET /v1/legacy/task'>).returns.resolves.toEqualTypeOf<LegacyTaskResponse>();
    expectTypeOf(call<'POST /v1/user/import'>).returns.resolves.toEqualTypeOf<UserImportResponse>();
    expectTypeOf(call<'PUT /v1/user/edit'>).returns.resolves.toEqualTypeOf<MessageResponse>();
    expectTypeOf<EndpointRequest<'GET /v1/legacy/task'>['query']>().toEqualTypeOf<
      LegacyTaskQuery | undefined
    >();
    expectTypeOf<EndpointRequest<'POST /v1/user/import'>['body']>().toEqualTypeOf<FormData>();
    expectTypeOf<
      FileRequest<'POST /v1/lis-server/get-file-with-legacyid'>['body']
    >().toEqualTypeOf<FileDownloadRequest>();
  });

  it('refuses what the endpoint does not take', () => {
    const refused = () => {
      // @ts-expect-error -- not an endpoint of the table
      void call('GET /v1/no-such-thing');
      // @ts-expect-error -- a file endpoint is downloaded, not called
      void call('GET /v1/legacy/task/export', { query: { start_from: '2026-01-01' } });
      // @ts-expect-error -- a JSON endpoint is called, not downloaded
      void downloadFile('GET /v1/legacy/task', { fallbackName: 'x' });
      // @ts-expect-error -- the body is required
      void call('PUT /v1/user/edit');
      // @ts-expect-error -- a GET of the list takes no body
      void call('GET /v1/role', { body: {} });
      // @ts-expect-error -- a query field the schema does not have
      void call('GET /v1/legacy/task', { query: { no_such_field: 1 } });
      // @ts-expect-error -- a wrong type of a query field
      void call('GET /v1/legacy/task', { query: { page: 'two' } });
    };
    expect(refused).toBeTypeOf('function');
  });
});
